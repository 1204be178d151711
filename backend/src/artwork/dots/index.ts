// Dot-to-dot pages from a portrait (and the finished outline that follows each): numbered dots along the child's silhouette and, from level 2, the face
// outline and the mouth. Numbers never overlap the lines to draw, the dots or each other.

import type { Level, Portrait } from '../portrait/index.js';

type Pt = [number, number];

export interface Dot {
  readonly n: number;
  readonly x: number;
  readonly y: number;
  /** first dot of a sequence (dot 1 carries the start marker) */
  readonly starts: boolean;
}

export interface Label {
  readonly n: number;
  readonly x: number; // text anchor (middle)
  readonly y: number; // baseline
  /** box the digits occupy: x0, y0, x1, y1 */
  readonly box: readonly [number, number, number, number];
}

export interface DotLayout {
  readonly dots: Dot[];
  readonly labels: Label[];
  /** the lines the child will draw (consecutive dots within a sequence), and lines already printed */
  readonly segments: [Pt, Pt][];
  readonly fontSize: number;
  readonly dotRadius: number;
}

/** Total dots per level (about). */
export const DOT_TARGET: Readonly<Record<Level, number>> = { 1: 20, 2: 45, 3: 80, 4: 120 };

const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function perpDist2(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2;
  let t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  return (a[0] + t * dx - p[0]) ** 2 + (a[1] + t * dy - p[1]) ** 2;
}

/** Douglas-Peucker keeping indices; for closed input the loop is split at two far points. */
function dpIndices(p: readonly Pt[], tol: number, closed: boolean): number[] {
  const keep = new Uint8Array(p.length);
  const rec = (i: number, j: number): void => {
    let best = -1;
    let bd = tol * tol;
    for (let k = i + 1; k < j; k++) {
      const d = perpDist2(p[k], p[i], p[j % p.length]);
      if (d > bd) {
        bd = d;
        best = k;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      rec(i, best);
      rec(best, j);
    }
  };
  keep[0] = 1;
  if (closed) {
    let far = 0;
    for (let k = 1; k < p.length; k++) if (dist(p[k], p[0]) > dist(p[far], p[0])) far = k;
    keep[far] = 1;
    rec(0, far);
    rec(far, p.length);
  } else {
    keep[p.length - 1] = 1;
    rec(0, p.length - 1);
  }
  const out: number[] = [];
  for (let k = 0; k < p.length; k++) if (keep[k]) out.push(k);
  return out;
}

function densify(p: readonly Pt[], step: number, closed: boolean): Pt[] {
  const out: Pt[] = [];
  const n = p.length;
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const a = p[i];
    const b = p[(i + 1) % n];
    const k = Math.max(1, Math.ceil(dist(a, b) / step));
    for (let j = 0; j < k; j++) out.push([a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k]);
  }
  if (!closed) out.push([p[n - 1][0], p[n - 1][1]]);
  return out;
}

/**
 * About `count` dots on the line: its corners first (so the joined dots keep the shape), then the longest
 * gaps split, never two dots closer than `minGap`.
 */
export function placeDots(line: readonly Pt[], count: number, closed: boolean, minGap: number): Pt[] {
  const p = densify(line, 2, closed);
  if (p.length < 3) return p;
  let lo = 0.1;
  let hi = 200;
  let idx = dpIndices(p, hi, closed);
  for (let it = 0; it < 30; it++) {
    const mid = Math.sqrt(lo * hi);
    const k = dpIndices(p, mid, closed);
    if (k.length > count) lo = mid;
    else {
      hi = mid;
      idx = k;
    }
  }
  // split the longest gaps until the count is reached
  const arc: number[] = [0];
  for (let i = 1; i < p.length; i++) arc.push(arc[i - 1] + dist(p[i], p[i - 1]));
  const total = arc[p.length - 1] + (closed ? dist(p[p.length - 1], p[0]) : 0);
  const set = new Set(idx);
  while (set.size < count) {
    const s = [...set].sort((a, b) => a - b);
    let gi = -1;
    let gl = 0;
    for (let i = 0; i < s.length; i++) {
      const a = s[i];
      const b = i + 1 < s.length ? s[i + 1] : closed ? s[0] : -1;
      if (b < 0) continue;
      const len = b > a ? arc[b] - arc[a] : total - arc[a] + arc[b];
      if (len > gl) {
        gl = len;
        gi = i;
      }
    }
    if (gi < 0 || gl < 2 * minGap) break;
    const a = s[gi];
    const target = arc[a] + gl / 2;
    let best = a;
    for (let k = 0; k < p.length; k++) {
      const at = target > total ? target - total : target;
      if (Math.abs(arc[k] - at) < Math.abs(arc[best] - at)) best = k;
    }
    if (set.has(best)) break;
    set.add(best);
  }
  const ordered = [...set].sort((a, b) => a - b).map((i) => p[i]);
  // drop dots too close to the previous one
  const out: Pt[] = [];
  for (const q of ordered) if (!out.length || dist(out[out.length - 1], q) >= minGap) out.push(q);
  if (closed && out.length > 2 && dist(out[0], out[out.length - 1]) < minGap) out.pop();
  return out;
}

/** Start the silhouette at its top (the head) and go clockwise, as a child would draw it. */
function startAtTop(p: readonly Pt[]): Pt[] {
  let area = 0;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) area += (p[j][0] + p[i][0]) * (p[j][1] - p[i][1]);
  const pts = area > 0 ? [...p].reverse() : [...p]; // screen clockwise
  let top = 0;
  for (let i = 1; i < pts.length; i++) if (pts[i][1] < pts[top][1]) top = i;
  return [...pts.slice(top), ...pts.slice(0, top)].map((q) => [q[0], q[1]] as Pt);
}

/** Does the segment a-b come within `pad` of the box? (Liang-Barsky clipping against the padded box) */
function segBoxHit(a: Pt, b: Pt, box: readonly [number, number, number, number], pad: number): boolean {
  const x0 = box[0] - pad;
  const y0 = box[1] - pad;
  const x1 = box[2] + pad;
  const y1 = box[3] + pad;
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const tests: [number, number][] = [
    [-dx, a[0] - x0],
    [dx, x1 - a[0]],
    [-dy, a[1] - y0],
    [dy, y1 - a[1]],
  ];
  for (const [p, q] of tests) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

function boxesOverlap(a: readonly number[], b: readonly number[], pad: number): boolean {
  return a[0] - pad < b[2] && b[0] - pad < a[2] && a[1] - pad < b[3] && b[1] - pad < a[3];
}

export function dotToDotLayout(portrait: Portrait, level: Level): DotLayout {
  const W = portrait.width;
  const H = portrait.height;
  const unitsPerMm = W / portrait.printWidthMm;
  const fontSize = (level <= 2 ? 3.4 : level === 3 ? 2.8 : 2.4) * unitsPerMm;
  const dotRadius = (level <= 2 ? 0.7 : 0.55) * unitsPerMm;
  const minGap = fontSize * 0.9;
  const total = DOT_TARGET[level];

  const sequences: { pts: Pt[]; closed: boolean }[] = [];
  const sil = startAtTop(portrait.silhouette.map((q) => [q[0], q[1]] as Pt));
  const face = portrait.features.faceOutline.map((q) => [q[0], q[1]] as Pt);
  const mouth = portrait.features.mouth.map((q) => [q[0], q[1]] as Pt);
  // The silhouette runs along the photo's edge where the body is cut off: a dot there is moved in by its radius,
  // so it prints whole.
  const onPage = (p: Pt): Pt => [Math.min(W - dotRadius, Math.max(dotRadius, p[0])), Math.min(H - dotRadius, Math.max(dotRadius, p[1]))];
  const silShare = level === 1 ? 1 : level === 2 ? 0.72 : 0.7;
  sequences.push({ pts: placeDots(sil, Math.round(total * silShare), true, minGap).map(onPage), closed: true });
  if (level >= 2) {
    const mouthDots = level >= 3 ? Math.max(5, Math.round(total * 0.07)) : 0;
    const faceDots = total - sequences[0].pts.length - mouthDots;
    sequences.push({ pts: placeDots(startAtTop(face), faceDots, true, minGap * 0.85).map(onPage), closed: true });
    if (mouthDots) sequences.push({ pts: placeDots(mouth, mouthDots, false, minGap * 0.6).map(onPage), closed: false });
  }

  const dots: Dot[] = [];
  /** The sequence each dot belongs to, by index in `dots`. */
  const sequenceOf: number[] = [];
  const segments: [Pt, Pt][] = [];
  sequences.forEach((s, k) => {
    s.pts.forEach((p, i) => {
      dots.push({ n: dots.length + 1, x: p[0], y: p[1], starts: i === 0 });
      sequenceOf.push(k);
    });
    segments.push(...joined(s.pts, s.closed));
  });
  // printed lines: the eyes (all levels), the mouth at levels 1-2, and at level 1 the faint outline
  const printed: [Pt, Pt][] = [];
  for (const e of portrait.eyeOutlines) for (let i = 0; i < e.length; i++) printed.push([e[i] as Pt, e[(i + 1) % e.length] as Pt]);
  if (level <= 2) for (let i = 0; i + 1 < mouth.length; i++) printed.push([mouth[i], mouth[i + 1]]);
  if (level === 1) for (let i = 0; i < sil.length; i++) printed.push([sil[i], sil[(i + 1) % sil.length]]);
  const lines = [...segments, ...printed];

  // labels: try positions around each dot, outward first, then further away
  const labels: Label[] = [];
  const cx = portrait.features.faceOutline.reduce((s, q) => s + q[0], 0) / Math.max(1, portrait.features.faceOutline.length);
  const charW = fontSize * 0.6;
  const asc = fontSize * 0.72;
  const pad = fontSize * 0.12;
  for (const d of dots) {
    const text = String(d.n);
    const tw = charW * text.length;
    const out = Math.atan2(d.y - H * 0.45, d.x - cx);
    let placed: Label | null = null;
    for (const r of [1.0, 1.5, 2.1, 2.8, 3.6]) {
      for (let k = 0; k < 16 && !placed; k++) {
        const ang = out + ((k % 2 ? 1 : -1) * Math.ceil(k / 2) * Math.PI) / 8;
        const dx = Math.cos(ang);
        const dy = Math.sin(ang);
        const reach = dotRadius + pad + r * fontSize * 0.35;
        // centre of the box so that its nearest edge is `reach` from the dot in direction (dx, dy)
        const bx = d.x + dx * (reach + tw / 2);
        const by = d.y + dy * (reach + asc / 2);
        const box: [number, number, number, number] = [bx - tw / 2, by - asc / 2, bx + tw / 2, by + asc / 2];
        if (box[0] < 0 || box[1] < 0 || box[2] > W || box[3] > H) continue;
        if (labels.some((l) => boxesOverlap(l.box, box, pad))) continue;
        if (
          dots.some(
            (o) =>
              o.x > box[0] - dotRadius - pad &&
              o.x < box[2] + dotRadius + pad &&
              o.y > box[1] - dotRadius - pad &&
              o.y < box[3] + dotRadius + pad,
          )
        )
          continue;
        if (lines.some(([a, b]) => segBoxHit(a, b, box, pad))) continue;
        placed = { n: d.n, x: bx, y: by + asc / 2, box };
      }
      if (placed) break;
    }
    if (placed) labels.push(placed);
  }
  // a dot whose number found no room is dropped from the page entirely: the rest are renumbered, each sequence
  // keeps its start marker on its first remaining dot, and only the loops (outline, face) are closed again
  if (labels.length < dots.length) {
    const ok = new Set(labels.map((l) => l.n));
    const kept: Dot[] = [];
    const keptSegments: [Pt, Pt][] = [];
    const renumber = new Map<number, number>();
    sequences.forEach((s, k) => {
      const remaining = dots.filter((d, i) => sequenceOf[i] === k && ok.has(d.n));
      remaining.forEach((d, i) => {
        renumber.set(d.n, kept.length + 1);
        kept.push({ ...d, n: kept.length + 1, starts: i === 0 });
      });
      keptSegments.push(
        ...joined(
          remaining.map((d) => [d.x, d.y] as Pt),
          s.closed,
        ),
      );
    });
    return {
      dots: kept,
      labels: labels.map((l) => ({ ...l, n: renumber.get(l.n)! })),
      segments: keptSegments,
      fontSize,
      dotRadius,
    };
  }
  return { dots, labels, segments, fontSize, dotRadius };
}

/** The lines a child draws through a sequence's dots in order; a loop also joins the last dot back to the first. */
function joined(pts: readonly Pt[], closed: boolean): [Pt, Pt][] {
  const segs: [Pt, Pt][] = [];
  for (let i = 0; i + 1 < pts.length; i++) segs.push([pts[i], pts[i + 1]]);
  if (closed && pts.length > 2) segs.push([pts[pts.length - 1], pts[0]]);
  return segs;
}

const f1 = (v: number): string => String(Math.round(v * 10) / 10);

export function dotToDot(portrait: Portrait, level: Level): { svg: string; dotCount: number } {
  const layout = dotToDotLayout(portrait, level);
  const W = portrait.width;
  const H = portrait.height;
  const unitsPerMm = W / portrait.printWidthMm;
  let body = '';
  if (level === 1) {
    body += `<path d="${portrait.silhouettePath}" fill="none" stroke="#c8c8c8" stroke-width="${f1(0.6 * unitsPerMm)}" stroke-dasharray="${f1(1.5 * unitsPerMm)} ${f1(1.2 * unitsPerMm)}" stroke-linejoin="round"/>`;
  }
  // printed face parts: eyes always, the mouth while it is not dots
  const pathOf = (pts: readonly (readonly [number, number])[], closed: boolean): string =>
    pts.map((q, i) => `${i ? 'L' : 'M'}${f1(q[0])} ${f1(q[1])}`).join('') + (closed ? 'Z' : '');
  let printed = portrait.eyeOutlines.map((e) => pathOf(e, true)).join('');
  if (level <= 2) printed += pathOf(portrait.features.mouth, false);
  body += `<path d="${printed}" fill="none" stroke="#000" stroke-width="${f1(0.5 * unitsPerMm)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  for (const e of portrait.features.eyes) body += `<circle cx="${f1(e[0])}" cy="${f1(e[1])}" r="${f1(0.9 * unitsPerMm)}" fill="#000"/>`;
  // dots, the start marker (a ring around each sequence's first dot), numbers
  for (const d of layout.dots) {
    body += `<circle cx="${f1(d.x)}" cy="${f1(d.y)}" r="${f1(layout.dotRadius)}" fill="#000"/>`;
    if (d.starts)
      body += `<circle cx="${f1(d.x)}" cy="${f1(d.y)}" r="${f1(layout.dotRadius * 2.4)}" fill="none" stroke="#000" stroke-width="${f1(0.3 * unitsPerMm)}"/>`;
  }
  const fs = f1(layout.fontSize);
  body += `<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${fs}" text-anchor="middle" fill="#000">`;
  for (const l of layout.labels) body += `<text x="${f1(l.x)}" y="${f1(l.y)}">${l.n}</text>`;
  body += '</g>';
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">${body}</svg>`, dotCount: layout.dots.length };
}

/**
 * The picture as it looks once the dots are joined: the joined lines, the eyes and the mouth, with no dots and no
 * numbers, in lines bold enough to colour inside (the page after each dot-to-dot page).
 */
export function dotToDotOutline(portrait: Portrait, level: Level): { svg: string } {
  const layout = dotToDotLayout(portrait, level);
  const W = portrait.width;
  const H = portrait.height;
  const unitsPerMm = W / portrait.printWidthMm;
  const pathOf = (pts: readonly (readonly [number, number])[], closed: boolean): string =>
    pts.map((q, i) => `${i ? 'L' : 'M'}${f1(q[0])} ${f1(q[1])}`).join('') + (closed ? 'Z' : '');
  // the joined segments, chained back into one polyline per run of touching segments
  const runs: Pt[][] = [];
  for (const [a, b] of layout.segments) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1][0] === a[0] && last[last.length - 1][1] === a[1]) last.push(b);
    else runs.push([a, b]);
  }
  const joinedPath = runs.map((r) => pathOf(r, false)).join('');
  let face = portrait.eyeOutlines.map((e) => pathOf(e, true)).join('');
  if (level <= 2) face += pathOf(portrait.features.mouth, false);
  let body = `<path d="${joinedPath}" fill="none" stroke="#000" stroke-width="${f1(1.1 * unitsPerMm)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  if (face)
    body += `<path d="${face}" fill="none" stroke="#000" stroke-width="${f1(0.7 * unitsPerMm)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  for (const e of portrait.features.eyes) body += `<circle cx="${f1(e[0])}" cy="${f1(e[1])}" r="${f1(0.9 * unitsPerMm)}" fill="#000"/>`;
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">${body}</svg>` };
}
