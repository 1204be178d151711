// Hair the traced levels (3-4) cannot see: fair hair on a pale ground has almost no edges, and the head came out
// bald. When the traced ink inside the hair is thin, the hair is drawn as a colouring book draws it: the hairline
// (where the face meets the hair), a short parting up from it, and locks sweeping from the parting out to the hair's
// outline, each running from one line to another so every region stays closed.

import type { Face } from './features.js';
import { erode, fillPolygon, strokePolyline, type FloatImage, type Mask } from './raster.js';
import { chaikin, polylineLength, resample, type Pt } from './trace.js';

/** Hair that level 4 traces with less ink than this share of its coverage is drawn (fair or smooth hair). Measured:
 * pale blonde hair on a pale ground 0.26, a knitted hat 0.46, the astronaut's dark hair 0.8, a braid 2.4. */
export const FAINT_HAIR = 0.35;

/** Level 3 draws the hair too when its own coarse drawing inks less of it than this share of its coverage (the
 * astronaut's dark hair 0.14: a bald head; the knitted hat 0.27, the pale blonde 0.34, the other faces 0.5 and more). */
export const BARE_AT_3 = 0.19;

/** Locks on each side of the parting, per level. */
const STRANDS: Record<3 | 4, number> = { 3: 2, 4: 4 };

/** Where the locks leave the parting: this share of the way from the hairline to the crown, at most. */
const FAN = 0.3;

/** How far a lock waves, as a share of the hair's breadth where it is. */
const WAVE = 0.04;

/** Hair smaller than this share of the face (a hat's brim, a shaved head) gets no locks. */
const LEAST_HAIR = 0.25;

export interface HairArea {
  /** the head's region outside the face oval */
  readonly mask: Mask;
  /** its pixels away from its edges (where traced lines are hair, not its outline) */
  readonly core: Mask;
  readonly area: number;
}

/** The hair's region: the head (head.ts) less the face oval, in the analysis's units. */
export function hairArea(w: number, h: number, head: readonly Pt[], face: Face, strokePx: number): HairArea {
  const mask: Mask = { w, h, data: new Uint8Array(w * h) };
  fillPolygon(mask, head);
  const faceM: Mask = { w, h, data: new Uint8Array(w * h) };
  fillPolygon(faceM, face.oval);
  let area = 0;
  for (let i = 0; i < w * h; i++) {
    if (faceM.data[i]) mask.data[i] = 0;
    area += mask.data[i];
  }
  return { mask, core: erode(mask, Math.max(2, 3 * strokePx)), area };
}

/** The share of the hair's core the traced ink covers. */
export function hairInk(ink: Uint8Array, hair: HairArea): number {
  let n = 0;
  let inked = 0;
  for (let i = 0; i < ink.length; i++) {
    if (!hair.core.data[i]) continue;
    n++;
    inked += ink[i];
  }
  return n ? inked / n : 1;
}

/** Walk a closed polygon from index `from`, the way x first decreases (side -1) or increases (side 1). */
function walk(poly: readonly Pt[], from: number, side: -1 | 1): (k: number) => Pt {
  const n = poly.length;
  const next = poly[(from + 1) % n]!;
  const prev = poly[(from - 1 + n) % n]!;
  const step = Math.sign(next[0] - prev[0]) === side ? 1 : -1;
  return (k) => poly[(((from + step * k) % n) + n) % n]!;
}

/** The part of a polyline from its start while it stays in the mask, and one point beyond (onto the line there). */
function whileInside(pts: readonly Pt[], m: Mask): Pt[] {
  const out: Pt[] = [];
  for (const p of pts) {
    out.push(p);
    const x = Math.floor(p[0]);
    const y = Math.floor(p[1]);
    if (x < 0 || y < 0 || x >= m.w || y >= m.h || !m.data[y * m.w + x]) break;
  }
  return out;
}

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * Draws the faint hair into `cov`: the hairline (the face oval where hair lies beyond it), a short parting up from the
 * oval's top, and `STRANDS[level]` locks each side, in-betweens of the hairline and the head's outline from the parting
 * out to the outline, cut where they leave the hair (on the outline or the hairline). Nothing when the hair is too
 * small to hold them.
 */
export function drawFaintHair(cov: FloatImage, hair: HairArea, head: readonly Pt[], face: Face, strokePx: number, level: 3 | 4): void {
  const fw = face.width;
  const fh = face.height;
  const oval = chaikin(face.oval, true, 2);
  let faceArea = 0;
  for (let i = 0, j = face.oval.length - 1; i < face.oval.length; j = i++)
    faceArea += face.oval[j]![0] * face.oval[i]![1] - face.oval[i]![0] * face.oval[j]![1];
  if (hair.area < LEAST_HAIR * Math.abs(faceArea / 2)) return;
  const inHair = (p: Pt): boolean => {
    const x = Math.floor(p[0]);
    const y = Math.floor(p[1]);
    return x >= 0 && y >= 0 && x < hair.mask.w && y < hair.mask.h && hair.mask.data[y * hair.mask.w + x] === 1;
  };
  // the hairline: runs of the oval with hair just outside it
  const c = face.centre;
  const out = oval.map((p) => {
    const d = Math.hypot(p[0] - c[0], p[1] - c[1]) || 1;
    const k = (2 * strokePx + 2) / d;
    return inHair([p[0] + (p[0] - c[0]) * k, p[1] + (p[1] - c[1]) * k]);
  });
  const start = out.indexOf(false);
  if (start < 0) strokePolyline(cov, oval, strokePx, true);
  else if (out.some(Boolean)) {
    let run: Pt[] = [];
    for (let k = 0; k <= oval.length; k++) {
      const i = (start + k) % oval.length;
      if (out[i] && k < oval.length) run.push(oval[i]!);
      else if (run.length) {
        // one point more each end: the hairline joins the face's other lines
        const first = (start + k - run.length - 1 + oval.length) % oval.length;
        strokePolyline(cov, [oval[first]!, ...run, oval[i]!], strokePx, false);
        run = [];
      }
    }
  }
  // the parting: up from the oval's top, towards the head's top straight above it
  let ovalTop = 0;
  for (let i = 1; i < oval.length; i++) if (oval[i]![1] < oval[ovalTop]![1]) ovalTop = i;
  const T = oval[ovalTop]!;
  let top = -1;
  for (let i = 0; i < head.length; i++) {
    const p = head[i]!;
    if (p[1] < T[1] && (top < 0 || Math.abs(p[0] - T[0]) < Math.abs(head[top]![0] - T[0]))) top = i;
  }
  if (top < 0) return;
  const P = head[top]!;
  if (T[1] - P[1] < 0.1 * fh) return;
  // as far up as the locks leave it
  strokePolyline(cov, [T, lerp(T, P, FAN)], strokePx, false);
  // each side: the outline from the crown down to the hair's end, the oval from its top down to that height
  const [cx, chinY] = face.chin;
  const n = STRANDS[level];
  for (const side of [-1, 1] as const) {
    const outer = walk(head, top, side);
    const outerPts: Pt[] = [P];
    let end = 0;
    for (let k = 1; k < head.length / 2; k++) {
      const p = outer(k);
      // the outline reaches the neck below the chin or turns back up: the hair's end is behind
      if (p[1] > chinY && Math.abs(p[0] - cx) < 0.35 * fw) break;
      outerPts.push(p);
      if (p[1] > outerPts[end]![1]) end = outerPts.length - 1;
      if (p[1] < outerPts[end]![1] - 0.15 * fh) break;
    }
    const outerCurve = outerPts.slice(0, end + 1);
    const endY = Math.min(outerCurve[outerCurve.length - 1]![1], chinY);
    const inner = walk(oval, ovalTop, side);
    const innerCurve: Pt[] = [T];
    for (let k = 1; k < oval.length / 2; k++) {
      const p = inner(k);
      innerCurve.push(p);
      if (p[1] >= endY) break;
    }
    if (outerCurve.length < 3 || innerCurve.length < 3) continue;
    const N = 48;
    const O = resample(outerCurve, polylineLength(outerCurve) / N, false);
    const I = resample(innerCurve, polylineLength(innerCurve) / N, false);
    const at = (pts: Pt[], u: number): Pt => pts[Math.min(pts.length - 1, Math.round(u * (pts.length - 1)))]!;
    for (let s = 1; s <= n; s++) {
      // a lock: out of the parting, sweeping out to meet the outline; the locks leaving the parting higher meet the
      // outline sooner, so no two cross
      const f0 = (FAN * (n + 1 - s)) / n;
      const uEnd = 0.25 + (0.75 * s) / n;
      const pts: Pt[] = [];
      for (let k = 0; k <= N; k++) {
        const u = (k / N) * uEnd;
        // a gentle wave across the lock's way, none at its ends
        const f = f0 + ((1 - f0) * u) / uEnd + WAVE * Math.sin((3 * Math.PI * u) / uEnd) * Math.sin((Math.PI * u) / uEnd);
        pts.push(lerp(at(I, u), at(O, u), Math.min(1, f)));
      }
      // on beyond the end, along its last direction, until it leaves the hair
      const a = pts[pts.length - 4]!;
      const b = pts[pts.length - 1]!;
      const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      for (let k = 1; k <= Math.ceil(fh); k++) pts.push([b[0] + ((b[0] - a[0]) / d) * k, b[1] + ((b[1] - a[1]) / d) * k]);
      const strand = whileInside(resample(chaikin(pts, false, 2), 1, false), hair.mask);
      if (strand.length >= 2) strokePolyline(cov, strand, strokePx, false);
    }
  }
}
