// The child's head as one smooth cartoon shape: the face and the hair, the hair as long as it falls in the photo
// (long hair goes on below the chin, down beside the neck and over the shoulders), from the hair's own colour.

import type { Analysis } from './analyse.js';
import { faceGeometry, type Face } from './features.js';
import { close, components, fillHoles, fillPolygon, gaussianBlur, keepComponents, open, smoothMask, type Mask } from './raster.js';
import { outerContour } from './shapes.js';
import { polygonArea, polylineLength, resample, simplify, smoothPoints, type Pt } from './trace.js';

/** Hair reaches at most this far beside the face's middle (face widths) and below the chin (face heights). */
const HAIR_REACH = { side: 1.25, below: 1.6 } as const;

/** Hair and skin colours closer than this: the colour cannot tell hair from bare skin. */
const SKIN_APART = 20;

/** Below the eyes hair falls from the head's width at the eyes (at most `fromHalf` face widths each side, so hands
 * on a hat do not hang down as hair) and widens by up to `widen` face widths over one face height; hair the colour
 * cannot tell from the skin goes `untold` face heights below the chin. */
const FALL = { fromHalf: 0.8, widen: 0.3, untold: 0.6 } as const;

/** Hair that falls this many face heights below the chin is long hair. */
const LONG_BELOW = 0.15;

/** Below the chin the neck (this many face widths each side of the middle) is no hair's. */
const NECK_HALF = 0.3;

/** The head's round top: above the eyes, the child's region inside this ellipse round the face is head (hair, a hat). */
const CROWN = { rx: 0.95, ry: 1.05, cy: 0.62 } as const;

function ycc(r: number, g: number, b: number): [number, number, number] {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  // chroma weighted up: hair and skin of one brightness differ in hue
  return [y * 0.8, 0.564 * (b - y) * 1.3, 0.713 * (r - y) * 1.3];
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}

function quantile(values: number[], q: number): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

/** Hair the colour of the skin: hair while its colour is within `reach` of the hair's, its brightness counted `shade`
 * as much as its hue (pale hair's shade and shine darken and lighten it far more than they change its hue). */
const UNTOLD = { reach: 25, shade: 0.4 } as const;

/** The head is worked out on a grid where the face is about this many cells wide: its shape needs no finer one. */
const GRID_FACE = 80;

/** The analysis averaged over s x s blocks (colour averaged, the child's region by majority, landmarks moved along). */
function shrink(a: Analysis, s: number): Analysis {
  const w = Math.floor(a.w / s);
  const h = Math.floor(a.h / s);
  const rgb = new Uint8Array(w * h * 3);
  const person = new Uint8Array(w * h);
  const sum = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      sum[0] = sum[1] = sum[2] = 0;
      let inside = 0;
      for (let dy = 0; dy < s; dy++) {
        for (let dx = 0; dx < s; dx++) {
          const i = (y * s + dy) * a.w + x * s + dx;
          sum[0] += a.rgb[i * 3];
          sum[1] += a.rgb[i * 3 + 1];
          sum[2] += a.rgb[i * 3 + 2];
          inside += a.person.data[i];
        }
      }
      const o = y * w + x;
      for (let c = 0; c < 3; c++) rgb[o * 3 + c] = Math.round(sum[c] / (s * s));
      person[o] = 2 * inside >= s * s ? 1 : 0;
    }
  }
  const mesh = a.mesh.map((p) => [(p[0] + 0.5) / s - 0.5, (p[1] + 0.5) / s - 0.5] as Pt);
  return { rgb, w, h, mesh, straightenedBy: a.straightenedBy, prob: new Float32Array(0), person: { w, h, data: person } };
}

/** The head's shape: its closed outline, and a braid (or a lock) hanging in front of a shoulder, if the photo has one. */
export interface HeadShape {
  readonly outline: Pt[];
  /** closed; below the chin, beside the neck, in front of the body */
  readonly braid: Pt[] | null;
}

/** The head's shape in the analysis's units (see headOn), worked out on a grid GRID_FACE cells across the face. */
export function headOutline(a: Analysis, face: Face): HeadShape {
  const s = Math.max(1, Math.floor(face.width / GRID_FACE));
  if (s === 1) return headOn(a, face);
  const small = shrink(a, s);
  const up = (poly: Pt[]): Pt[] => poly.map((p) => [(p[0] + 0.5) * s - 0.5, (p[1] + 0.5) * s - 0.5] as Pt);
  const shape = headOn(small, faceGeometry(small.mesh));
  return { outline: up(shape.outline), braid: shape.braid && up(shape.braid) };
}

/**
 * The head's closed outline (the analysis's units): face, hair and what covers it (a hat), smoothed to a cartoon
 * shape. Above the eyes the head is the child's region inside an ellipse round the face; below them the hair goes on
 * where the photo has the hair's colour (found above the forehead), joined to it, unlike the skin, within HAIR_REACH.
 */
function headOn(a: Analysis, face: Face): HeadShape {
  const { w, h } = a;
  const fw = face.width;
  const fh = face.height;
  const xs = face.oval.map((p) => p[0]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const chinY = face.chin[1];
  const eyeY = (face.eyes[0].centre[1] + face.eyes[1].centre[1]) / 2;
  // the working box: everything the head can reach
  const bx0 = Math.max(0, Math.floor(cx - HAIR_REACH.side * fw) - 2);
  const bx1 = Math.min(w, Math.ceil(cx + HAIR_REACH.side * fw) + 2);
  const by1 = Math.min(h, Math.ceil(chinY + HAIR_REACH.below * fh) + 2);
  const bw = bx1 - bx0;
  const bh = by1;
  const n = bw * bh;
  const inBox = (x: number, y: number): number => y * bw + (x - bx0);
  const faceM: Mask = { w: bw, h: bh, data: new Uint8Array(n) };
  fillPolygon(
    faceM,
    face.oval.map((p) => [p[0] - bx0, p[1]] as Pt),
  );
  const person = new Uint8Array(n);
  for (let y = 0; y < bh; y++) for (let x = bx0; x < bx1; x++) person[inBox(x, y)] = a.person.data[y * w + x];
  // colour, blurred a little (a strand's highlight is still hair)
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  for (let y = 0; y < bh; y++) {
    for (let x = bx0; x < bx1; x++) {
      const i = (y * w + x) * 3;
      const c = ycc(a.rgb[i], a.rgb[i + 1], a.rgb[i + 2]);
      const j = inBox(x, y);
      planes[0][j] = c[0];
      planes[1][j] = c[1];
      planes[2][j] = c[2];
    }
  }
  const [p0, p1, p2] = planes.map((p) => gaussianBlur(p, bw, bh, Math.max(1, 0.015 * fw)));
  const colourAt = (j: number): [number, number, number] => [p0[j], p1[j], p2[j]];
  const sample = (pick: (x: number, y: number, j: number) => boolean): [number, number, number][] => {
    const out: [number, number, number][] = [];
    for (let y = 0; y < bh; y++) for (let x = bx0; x < bx1; x++) if (pick(x, y, inBox(x, y))) out.push(colourAt(inBox(x, y)));
    return out;
  };
  const mid = (cs: [number, number, number][]): [number, number, number] => [
    median(cs.map((c) => c[0])),
    median(cs.map((c) => c[1])),
    median(cs.map((c) => c[2])),
  ];
  const d = (c: readonly number[], m: readonly number[]): number => Math.hypot(c[0] - m[0], c[1] - m[1], c[2] - m[2]);

  const ecy = chinY - CROWN.cy * fh;
  const inCrown = (x: number, y: number): boolean => ((x - cx) / (CROWN.rx * fw)) ** 2 + ((y - ecy) / (CROWN.ry * fh)) ** 2 <= 1;
  const head: Mask = { w: bw, h: bh, data: new Uint8Array(n) };
  let braid: Mask | null = null;
  for (let y = 0; y < Math.min(bh, eyeY); y++) {
    for (let x = bx0; x < bx1; x++) {
      const j = inBox(x, y);
      if (person[j] && inCrown(x + 0.5, y + 0.5)) head.data[j] = 1;
    }
  }
  // the hair's colour: the head above the forehead and beside the temples, the face left out
  const topY = Math.min(...face.oval.map((p) => p[1]));
  const hairCs = sample(
    (x, y, j) => head.data[j] === 1 && !faceM.data[j] && y < topY + 0.25 * (eyeY - topY) && Math.abs(x - cx) < 0.9 * fw,
  );
  const cheeks = face.eyes.map((e) => [e.centre[0], e.centre[1] + 0.22 * fh] as Pt);
  const skinCs = sample((x, y) => cheeks.some((c) => Math.hypot(x + 0.5 - c[0], y + 0.5 - c[1]) < 0.09 * fw));
  if (hairCs.length >= 30 && skinCs.length >= 10) {
    const hair = mid(hairCs);
    const skin = mid(skinCs);
    // as far from the hair's colour as most of the hair lies, with room for shade and shine
    const reach = Math.max(
      12,
      Math.min(
        45,
        1.5 *
          quantile(
            hairCs.map((c) => d(c, hair)),
            0.8,
          ),
      ),
    );
    // hair the colour of the skin (fair hair on bare shoulders): the colour cannot tell where the hair ends, so it
    // goes on to the shoulders only
    const told = d(hair, skin) >= SKIN_APART;
    const dHue = (c: readonly number[], m: readonly number[]): number => Math.hypot(UNTOLD.shade * (c[0] - m[0]), c[1] - m[1], c[2] - m[2]);
    const hairLike = (j: number): boolean => {
      const c = colourAt(j);
      if (!told) {
        const dh = dHue(c, hair);
        return dh < UNTOLD.reach;
      }
      const dh = d(c, hair);
      return dh < reach && dh < d(c, skin);
    };
    // hair falls: below the eyes it widens a little from the head's width at the eyes, and leaves the neck free
    let eyeHalf = 0.5 * fw;
    const eyeRow = Math.max(0, Math.min(bh - 1, Math.floor(eyeY) - 1));
    for (let x = bx0; x < bx1; x++) if (head.data[inBox(x, eyeRow)]) eyeHalf = Math.max(eyeHalf, Math.abs(x + 0.5 - cx));
    eyeHalf = Math.min(eyeHalf, FALL.fromHalf * fw);
    const maxY = Math.min(bh, chinY + (told ? HAIR_REACH.below : FALL.untold) * fh);
    const fallsTo = (x: number, y: number): boolean => {
      const off = Math.abs(x + 0.5 - cx);
      const neck = NECK_HALF * fw;
      if (y > chinY && off < neck) return false;
      const widen = FALL.widen * fw * Math.min(1, Math.max(0, (y - eyeY) / fh));
      const half = Math.min(HAIR_REACH.side * fw, eyeHalf + widen);
      if (y <= chinY) return off <= half;
      // below the chin the hair's ends round off (where the photo cuts the hair, no square corner)
      const t = (y - chinY) / Math.max(1, maxY - chinY);
      return off <= neck + (half - neck) * Math.max(0, 1 - t * t);
    };
    // grow the hair down from the head above the eyes, through hair-coloured pixels of the child
    const stack: number[] = [];
    for (let j = 0; j < n; j++) if (head.data[j] && !faceM.data[j] && hairLike(j)) stack.push(j);
    while (stack.length) {
      const j = stack.pop()!;
      const x = (j % bw) + bx0;
      const y = Math.floor(j / bw);
      for (const [k, ok] of [
        [j - 1, x > bx0],
        [j + 1, x < bx1 - 1],
        [j - bw, y > 0],
        [j + bw, y + 1 < maxY],
      ] as const) {
        if (!ok || head.data[k] || faceM.data[k] || !person[k] || !hairLike(k) || !fallsTo((k % bw) + bx0, Math.floor(k / bw))) continue;
        head.data[k] = 1;
        stack.push(k);
      }
    }
    // below the eyes, what lies in front of long hair the colour of the skin (a hand, the neck's skin) cannot be told
    // from it: on a side where the hair falls below the chin, it is whole from its outer edge in to the face, and
    // below the chin in to the neck
    if (!told) {
      for (const side of [-1, 1] as const) {
        const outerAt = (y: number): number => {
          const row = y * bw;
          for (let x = side < 0 ? bx0 : bx1 - 1; side * (x + 0.5 - cx) > 0; x -= side) if (head.data[row + x - bx0]) return x;
          return -1;
        };
        let low = -1;
        for (let y = Math.ceil(chinY + LONG_BELOW * fh); y < maxY; y++) if (outerAt(y) >= 0) low = y;
        if (low < 0) continue;
        for (let y = Math.max(0, Math.ceil(eyeY)); y <= low; y++) {
          const outer = outerAt(y);
          if (outer < 0) continue;
          const row = y * bw;
          const stop = y > chinY ? NECK_HALF * fw : 0;
          for (let x = outer; side * (x + 0.5 - cx) > stop && !faceM.data[row + x - bx0]; x -= side) head.data[row + x - bx0] = 1;
        }
      }
    }
    // a braid: closer to the hair's colour than the hair's own reach (clothes in shade can be as near as that)
    const braidLike = (j: number): boolean => hairLike(j) && d(colourAt(j), hair) < BRAID.colour * reach;
    if (told) braid = braidBelow({ head, faceM, person, hairLike: braidLike, bx0, cx, fw, fh, chinY, eyeY });
  }
  for (let j = 0; j < n; j++) if (faceM.data[j]) head.data[j] = 1;
  // one smooth piece: strands and wisps off, gaps closed, the piece holding the face kept
  const r = Math.max(1.5, 0.045 * fw);
  let m = close(open(head, r), r);
  for (let j = 0; j < n; j++) if (faceM.data[j]) m.data[j] = 1;
  m = smoothMask(m, 0.05 * fw);
  keepComponents(m, (c, l) => c.areas[l] === Math.max(...c.areas.slice(1)));
  fillHoles(m);
  const cartoon = (mask: Mask): Pt[] => {
    const traced = outerContour(mask, 1, 0.3).map((p) => [p[0] + bx0, p[1]] as Pt);
    return simplify(smoothPoints(resample(traced, Math.max(1.5, 0.02 * fw), true), true, 6), 0.25, true);
  };
  if (braid) {
    // it starts under the head's outline (hidden there) and is smooth as the head is
    braid = smoothMask(braid, 0.03 * fw);
    keepComponents(braid, (c, l) => c.areas[l] === Math.max(...c.areas.slice(1)));
  }
  return { outline: cartoon(m), braid: braid && braid.data.some((v) => v) ? plaited(cartoon(braid)) : null };
}

/** A braid's outline is plaited: bumps along its edge, `period` of its width apart, standing out `depth` of it. */
const PLAIT = { period: 0.85, depth: 0.14 } as const;

/** The braid's smooth outline with bumps along it (each a half sine, so the edge dips in between two, as a plait's). */
function plaited(outline: Pt[]): Pt[] {
  const len = polylineLength(outline, true);
  const wide = (2 * Math.abs(polygonArea(outline))) / Math.max(1, len);
  const pts = resample(outline, wide / 12, true);
  const turn = polygonArea(pts) > 0 ? 1 : -1;
  const bumps = Math.max(2, Math.round(len / (PLAIT.period * wide)));
  const step = len / pts.length;
  return pts.map((p, i) => {
    const a = pts[(i - 1 + pts.length) % pts.length]!;
    const b = pts[(i + 1) % pts.length]!;
    const t = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const out = PLAIT.depth * wide * Math.abs(Math.sin((Math.PI * bumps * i * step) / len));
    return [p[0] + (turn * (b[1] - a[1]) * out) / t, p[1] - (turn * (b[0] - a[0]) * out) / t] as Pt;
  });
}

/** A braid is at most `wide` face widths wide (its area over its height) and `slender` times as tall as wide, at least
 * `long` face heights long below the chin (`cut` where the photo's bottom edge cuts it), and starts within `joins` face
 * heights below the head's hair or face (the hair beside the jaw is often wisps the colour does not find). Its colour is
 * within `colour` of the hair's reach, and pieces thinner than `thick` face widths are clothes' folds in shade. */
const BRAID = { colour: 0.75, thick: 0.04, wide: 0.22, slender: 2.5, long: 0.5, cut: 0.2, joins: 0.3 } as const;

/**
 * A braid (or a lock) hanging in front of a shoulder: hair-coloured pixels of the child that the fall left out (it
 * keeps to the hair's width and rounds off), from beside the jaw down past the chin, beside the neck; kept if it is one
 * narrow band, long below the chin, starting just under the head, and joined up to it. Hair over the shoulders is wide:
 * the fall has it already.
 */
function braidBelow(g: {
  head: Mask;
  faceM: Mask;
  person: Uint8Array;
  hairLike: (j: number) => boolean;
  bx0: number;
  cx: number;
  fw: number;
  fh: number;
  chinY: number;
  eyeY: number;
}): Mask | null {
  const { w, h } = g.head;
  const band: Mask = { w, h, data: new Uint8Array(w * h) };
  const maxY = Math.min(h, g.chinY + HAIR_REACH.below * g.fh);
  const neck = NECK_HALF * g.fw;
  const under = (j: number): boolean => g.head.data[j] === 1 || g.faceM.data[j] === 1;
  for (let y = Math.max(0, Math.ceil(g.eyeY)); y < maxY; y++) {
    for (let x = 0; x < w; x++) {
      const j = y * w + x;
      if (under(j) || !g.person[j] || (y > g.chinY && Math.abs(x + g.bx0 + 0.5 - g.cx) < neck)) continue;
      if (g.hairLike(j)) band.data[j] = 1;
    }
  }
  // the band's pieces (a braid's strands closed into one, the thin folds of clothes in shade opened away): one narrow
  // and long below the chin, starting near it
  const r = Math.max(1.5, 0.03 * g.fw);
  const c = components(open(close(band, r), BRAID.thick * g.fw), 1);
  const rows = Array.from({ length: c.count + 1 }, () => ({ top: h, bottom: -1, below: 0 }));
  for (let i = 0; i < w * h; i++) {
    const l = c.labels[i];
    if (!l) continue;
    const y = Math.floor(i / w);
    const row = rows[l]!;
    row.top = Math.min(row.top, y);
    row.bottom = Math.max(row.bottom, y);
    if (y > g.chinY) row.below++;
  }
  // how far above a piece's top the head's hair or face is (straight up from its top row)
  const gapAbove = (l: number): number => {
    const top = rows[l]!.top;
    let gap = Infinity;
    for (let x = 0; x < w; x++) {
      if (c.labels[top * w + x] !== l) continue;
      for (let y = top - 1; y >= 0 && top - y < gap; y--) if (under(y * w + x)) gap = top - y;
    }
    return gap;
  };
  let best = 0;
  for (let l = 1; l <= c.count; l++) {
    const piece = rows[l]!;
    const long = piece.bottom - g.chinY;
    const high = piece.bottom - piece.top + 1;
    // as long as the photo shows it: one the photo's bottom edge cuts may be shorter
    const shown = piece.bottom >= h - 2 && h < g.chinY + HAIR_REACH.below * g.fh ? BRAID.cut : BRAID.long;
    if (long < shown * g.fh || piece.top > g.chinY + BRAID.joins * g.fh) continue;
    const wide = c.areas[l]! / high;
    if (wide > BRAID.wide * g.fw || high < BRAID.slender * wide) continue;
    if (gapAbove(l) > BRAID.joins * g.fh) continue;
    if (!best || piece.below > rows[best]!.below) best = l;
  }
  if (!best) return null;
  // the braid, joined straight up to the head's hair or face above its top
  for (let i = 0; i < w * h; i++) band.data[i] = c.labels[i] === best ? 1 : 0;
  const top = rows[best]!.top;
  const cap = Math.min(h - 1, Math.round(top + r));
  for (let x = 0; x < w; x++) {
    let from = -1;
    for (let y = top; y <= cap && from < 0; y++) if (band.data[y * w + x]) from = y;
    if (from < 0) continue;
    for (let y = from - 1; y >= 0 && !under(y * w + x) && from - y <= BRAID.joins * g.fh; y--) band.data[y * w + x] = 1;
  }
  return open(band, r * 0.6);
}
