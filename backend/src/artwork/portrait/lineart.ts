// Levels 3 and 4: FDoG line drawing of the child, background removed with the mask, face features kept.

import type { Analysis } from './analyse.js';
import type { PhotoFrame } from './cut-head.js';
import { fdogResponse, thresholdForCoverage } from './fdog.js';
import type { Face } from './features.js';
import { faceUnderFringe } from './fringe.js';
import { BARE_AT_3, drawFaintHair, FAINT_HAIR, hairArea, hairInk } from './hair.js';
import {
  blurMaskBox,
  close,
  components,
  despeckle,
  dilate,
  erode,
  fillPolygon,
  maskFrom,
  resizeFloat,
  strokePolyline,
  type FloatImage,
  type Mask,
} from './raster.js';
import { chaikin, isoContours, polygonArea, simplify, smoothPath, type Pt } from './trace.js';

/** What levels 3 and 4 read of the analysis: the straightened photo and the child's mask. */
export type LineArtInput = Pick<Analysis, 'rgb' | 'w' | 'h' | 'person' | 'frame'>;

export interface LineArtParams {
  /** raster scale relative to the working image (1 = working pixels) */
  readonly scale: number;
  readonly sigmaC: number;
  readonly sigmaM: number;
  /** ink coverage inside the child */
  readonly coverage: number;
  /** line width in mm at print size */
  readonly strokeMm: number;
  /** smallest ink blob kept, mm² at print size */
  readonly minSpeckMm2: number;
}

export const LINE_ART: Record<3 | 4, LineArtParams> = {
  3: { scale: 0.5, sigmaC: 1.0, sigmaM: 2.5, coverage: 0.06, strokeMm: 0.6, minSpeckMm2: 1.2 },
  4: { scale: 1, sigmaC: 0.9, sigmaM: 3.0, coverage: 0.1, strokeMm: 0.3, minSpeckMm2: 0.35 },
};

/** Halve an RGB image by 2x2 averaging (the only reduction the levels use). */
function downscaleRgb(rgb: Uint8Array, w: number, h: number, s: number): { rgb: Uint8Array; w: number; h: number } {
  if (s >= 1) return { rgb, w, h };
  const nw = w >> 1;
  const nh = h >> 1;
  const out = new Uint8Array(nw * nh * 3);
  for (let y = 0; y < nh; y++) {
    const r0 = 2 * y * w * 3;
    const r1 = r0 + w * 3;
    for (let x = 0; x < nw; x++) {
      const o = (y * nw + x) * 3;
      const i = 2 * x * 3;
      for (let c = 0; c < 3; c++) out[o + c] = (rgb[r0 + i + c] + rgb[r0 + i + 3 + c] + rgb[r1 + i + c] + rgb[r1 + i + 3 + c] + 2) >> 2;
    }
  }
  return { rgb: out, w: nw, h: nh };
}

function scaleMask(m: Mask, nw: number, nh: number): Mask {
  const f = new Float32Array(m.w * m.h);
  for (let i = 0; i < f.length; i++) f[i] = m.data[i];
  return maskFrom({ w: nw, h: nh, data: resizeFloat(f, m.w, m.h, nw, nh) }, 0.5);
}

/**
 * Ink raster (at `scale`) of the FDoG drawing of the child: only inside the mask, adaptive threshold
 * to the target coverage, with the outline and the face features drawn in.
 */
/** FDoG response of the child at working size, computed at the level's raster scale. */
export function lineArtResponse(a: LineArtInput, p: LineArtParams): Float32Array {
  const s = p.scale;
  const { w, h } = a;
  const small = downscaleRgb(a.rgb, a.w, a.h, s);
  const region = s < 1 ? scaleMask(a.person, small.w, small.h) : a.person;
  const Hs = fdogResponse(
    small.rgb,
    small.w,
    small.h,
    { sigmaC: p.sigmaC, sigmaM: p.sigmaM, sigmaT: 2.0 * s + 0.5, rho: 0.99 },
    region.data,
  );
  // threshold the smooth response at full size: smooth edges even when the drawing is coarse
  const H = s < 1 ? resizeFloat(Hs, small.w, small.h, w, h) : Hs;
  return H;
}

export function lineArtInk(
  a: LineArtInput,
  face: Face,
  outline: readonly Pt[],
  p: LineArtParams,
  unitsPerMm: number,
  H: Float32Array,
  hair?: HairInput,
): { ink: Mask; scale: number; faint: boolean } {
  const { w, h } = a;
  const strokePx = p.strokeMm * unitsPerMm;
  // edges right at the mask boundary are the background/child edge: the outline stroke draws that
  const inside = erode(a.person, Math.max(1.5, strokePx * 1.5));
  const thr = thresholdForCoverage(H, inside.data, p.coverage);
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = inside.data[i] && H[i] < thr ? 1 : 0;
  // eyes and mouth come from the landmarks: clear the detector's lines there and draw them clean
  const clear: Mask = { w, h, data: new Uint8Array(w * h) };
  for (const e of face.eyes) fillPolygon(clear, e.outline);
  fillPolygon(clear, face.lipsOuter);
  const clearD = dilate(clear, Math.max(1.5, (p.strokeMm > 0.45 ? 0.12 : 0.06) * face.eyeDistance));
  const cov: FloatImage = { w, h, data: new Float32Array(w * h) };
  const drawn = a.frame ? fadeAtCut(ink, a.frame, w, h, CUT_FADE_MM * unitsPerMm, CUT_SWAY_MM * unitsPerMm) : ink;
  for (let i = 0; i < ink.length; i++) cov.data[i] = drawn[i] && !clearD.data[i] ? 1 : 0;
  strokePolyline(cov, outline, strokePx * 1.5, true);
  const level = p.strokeMm > 0.45 ? 3 : 4;
  // level 3 draws the whole oval: under a fringe, its top runs along the fringe's edge (level 4 draws the jaw only)
  const fringe = level === 3 ? hair?.fringe : null;
  drawFeatures(cov, fringe ? { ...face, oval: faceUnderFringe(face.oval, fringe) } : face, strokePx, level);
  // hair the drawing barely sees (fair hair, a pale ground) is drawn as a colouring book draws it
  let faint = false;
  if (hair && hair.head.length >= 3) {
    const area = hairArea(w, h, hair.head, face, strokePx);
    faint = hair.faint === true || hairInk(ink, area) < (level === 4 ? FAINT_HAIR : BARE_AT_3) * p.coverage;
    if (faint) drawFaintHair(cov, area, hair.head, face, strokePx, level);
  }
  let m = maskFrom(cov, 0.5);
  m = close(m, 1);
  const minArea = p.minSpeckMm2 * unitsPerMm ** 2;
  despeckle(m, minArea, minArea * 0.8);
  return { ink: m, scale: 1, faint };
}

/** The band (mm) before a capped cut over which the traced lines fade out; the shortest share of it a line stops short
 * of the cut by; the sway of where a line ends along the cut (share of the band, over cells of `CUT_SWAY_MM`). */
const CUT_FADE_MM = 6;
const CUT_FADE_MIN = 0.1;
const CUT_SWAY = 0.5;
const CUT_SWAY_MM = 1;

/** A number in [0, 1) from an integer, the same every run. */
function hash01(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/**
 * A head the photo cut (cut-head.ts): the photo's edge would end every strand of hair on one straight line, the cap
 * past it empty paper, a photo pasted in. The lines fade out before a capped edge as a hand lets its strokes go: every
 * piece of ink in the band before the edge stops at its own distance from it, a share of the band spread evenly from
 * `CUT_FADE_MIN` to all of it (so the ink thins out towards the edge), that share swaying along the edge so a broad
 * patch of hair ends ragged too; nothing is inked past the edge (the cap's colour is made up). Returns the faded ink.
 */
function fadeAtCut(ink: Uint8Array, f: PhotoFrame, w: number, h: number, band: number, cellPx: number): Uint8Array {
  const out = ink.slice();
  // how far into the photo from the nearest capped edge, and where along that edge
  const depth = (x: number, y: number): [number, number] => {
    let d = Infinity;
    let s = 0;
    if (f.top && y - f.y0 < d) [d, s] = [y - f.y0, x];
    if (f.left && x - f.x0 < d) [d, s] = [x - f.x0, y];
    if (f.right && f.x1 - 1 - x < d) [d, s] = [f.x1 - 1 - x, y];
    return [d, s];
  };
  const near: Mask = { w, h, data: new Uint8Array(w * h) };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!ink[i]) continue;
      const d = depth(x, y)[0];
      if (d < 0) out[i] = 0;
      else if (d < band) near.data[i] = 1;
    }
  }
  const pieces = components(near, 1);
  const sway = (s: number): number => {
    const c = s / cellPx;
    const k = Math.floor(c);
    const t = c - k;
    return (1 - t) * hash01(2 * k + 1) + t * hash01(2 * k + 3);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = pieces.labels[i];
      if (!l) continue;
      const [d, s] = depth(x, y);
      const stop = CUT_FADE_MIN + (1 - CUT_FADE_MIN) * ((hash01(2 * l) + CUT_SWAY * sway(s)) % 1);
      if (d < band * stop) out[i] = 0;
    }
  }
  return out;
}

/** Face features from the landmarks: eyes (lids, iris, pupil with a highlight), lips, nose, jaw; at level 3 also
 * the whole face oval and the brows, which the coarse line drawing tends to lose. `pupilMaxPx`: the widest pupil (a
 * small face on a big page, the single-photo art's, would otherwise get solid blobs). */
export function drawFeatures(cov: FloatImage, face: Face, strokePx: number, level: 3 | 4, pupilMaxPx = Infinity): void {
  const fine = featureLine(face, strokePx, level);
  const big = level === 3 ? 1.3 : 1.1;
  const about = (pts: readonly Pt[], c: Pt, k: number): Pt[] => pts.map((q) => [c[0] + (q[0] - c[0]) * k, c[1] + (q[1] - c[1]) * k] as Pt);
  for (const e of face.eyes) {
    const outline = about(e.outline, e.centre, big);
    strokePolyline(cov, chaikin(about(e.upper, e.centre, big), false, 2), fine * 1.5, false);
    strokePolyline(cov, chaikin(about(e.lower, e.centre, big), false, 2), fine * 0.8, false);
    if (e.openness > 0.12) {
      const r = e.irisRadius * big;
      const c: Pt = [e.centre[0] + (e.iris[0] - e.centre[0]) * big, e.centre[1] + (e.iris[1] - e.centre[1]) * big];
      // an iris ring only where there is room for it to stay open; small eyes get the pupil alone
      if (r > 4 * fine) {
        const iris = circle(c, r, 32).map((q) => clampToPolygon(q, outline));
        strokePolyline(cov, iris, fine * 0.7, true);
      }
      const pr = Math.min(pupilMaxPx / 2, r > 4 * fine ? r * 0.5 : r * 0.62);
      fillDisc(cov, c, pr, [c[0] + pr * 0.35, c[1] - pr * 0.35], Math.max(0.9, pr * 0.32));
    }
  }
  const lips = face.lipsOuter;
  strokePolyline(cov, chaikin(lips, true, 2), fine, true);
  if (face.mouthOpen) {
    strokePolyline(cov, chaikin(face.lipsInnerUpper, false, 2), fine, false);
    strokePolyline(cov, chaikin(face.lipsInnerLower, false, 2), fine, false);
  } else {
    const midLine = face.lipsInnerUpper.map(
      (q, k) => [(q[0] + face.lipsInnerLower[k][0]) / 2, (q[1] + face.lipsInnerLower[k][1]) / 2] as Pt,
    );
    strokePolyline(cov, chaikin(midLine, false, 2), fine * 1.2, false);
  }
  // nose: the base of the nose, wing to wing under the tip
  strokePolyline(cov, chaikin(noseBase(face), false, 2), fine, false);
  // jaw (ear to ear under the chin); at level 3 the whole oval, and the brows
  const oval = chaikin(face.oval, true, 2);
  if (level === 3) {
    strokePolyline(cov, oval, strokePx, true);
    for (let k = 0; k < 2; k++) {
      const U = face.browUpper[k];
      const L = face.browLower[k];
      const mid = L.map((q, i) => {
        const u = U[Math.round((i * (U.length - 1)) / Math.max(1, L.length - 1))];
        return [(q[0] + u[0]) / 2, (q[1] + u[1]) / 2] as Pt;
      });
      strokePolyline(cov, chaikin(mid, false, 2), strokePx * 1.1, false);
    }
  } else {
    const n = oval.length;
    const jaw = oval.slice(Math.round(n * 0.25), Math.round(n * 0.75) + 1); // oval starts at the forehead top, clockwise
    strokePolyline(cov, jaw, strokePx * 1.2, false);
  }
}

/** The width of the features' fine lines (lids, iris, lips, nose) for a face drawn at `strokePx`. */
export function featureLine(face: Face, strokePx: number, level: 3 | 4): number {
  const eyeW = (face.eyes[0].width + face.eyes[1].width) / 2;
  return Math.min(strokePx, Math.max(1.2, 0.09 * eyeW * (level === 3 ? 1.2 : 1)));
}

/** The nose's base, wing to wing under the tip (to be smoothed): its ends rise beside the wings. */
export function noseBase(face: Face): Pt[] {
  const [wl, wr] = face.noseWings;
  const nb = face.noseBottom;
  const lift = 0.2 * Math.hypot(wr[0] - wl[0], wr[1] - wl[1]);
  const l: Pt = [wl[0] + (nb[0] - wl[0]) * 0.15, wl[1] - lift];
  const r: Pt = [wr[0] + (nb[0] - wr[0]) * 0.15, wr[1] - lift];
  return [l, [wl[0] + (nb[0] - wl[0]) * 0.45, nb[1]], nb, [wr[0] + (nb[0] - wr[0]) * 0.45, nb[1]], r];
}

/** Filled anti-aliased disc with an optional round hole (the highlight), max-combined into `cov`. */
export function fillDisc(cov: FloatImage, c: Pt, r: number, hole?: Pt, hr = 0): void {
  const { w, h, data } = cov;
  const x0 = Math.max(0, Math.floor(c[0] - r - 1));
  const x1 = Math.min(w - 1, Math.ceil(c[0] + r + 1));
  const y0 = Math.max(0, Math.floor(c[1] - r - 1));
  const y1 = Math.min(h - 1, Math.ceil(c[1] + r + 1));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let v = Math.min(1, Math.max(0, r - Math.sqrt((px - c[0]) ** 2 + (py - c[1]) ** 2) + 0.5));
      if (hole && hr > 0) v = Math.min(v, Math.min(1, Math.max(0, Math.sqrt((px - hole[0]) ** 2 + (py - hole[1]) ** 2) - hr + 0.5)));
      const i = y * w + x;
      if (v > data[i]) data[i] = v;
    }
  }
}

export function circle(c: Pt, r: number, n: number): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k < n; k++) {
    const t = (k / n) * Math.PI * 2;
    out.push([c[0] + r * Math.cos(t), c[1] + r * Math.sin(t)]);
  }
  return out;
}

function insidePolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A point outside the polygon moves to the nearest point of its boundary. */
export function clampToPolygon(p: Pt, poly: readonly Pt[]): Pt {
  if (insidePolygon(p, poly)) return p;
  let best: Pt = p;
  let bd = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l2 = dx * dx + dy * dy;
    let t = l2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2 : 0;
    t = Math.max(0, Math.min(1, t));
    const q: Pt = [a[0] + t * dx, a[1] + t * dy];
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d < bd) {
      bd = d;
      best = q;
    }
  }
  return best;
}

/** Trace an ink raster into one filled path (even-odd), in working units. */
export function traceInk(ink: Mask, scale: number, tolerance = 0.3, minArea = 0): { d: string; nodes: number } {
  // soften and trace the ink's bounding box only (the same loops as on the whole raster)
  const bb = blurMaskBox(ink, 0.6);
  const loops = bb ? isoContours(bb.f, 0.5) : [];
  if (bb && (bb.box[0] || bb.box[1])) {
    const [ox, oy] = bb.box;
    for (const l of loops) {
      for (const q of l) {
        q[0] += ox;
        q[1] += oy;
      }
    }
  }
  // outer boundaries and holes wind opposite ways; the largest loop is an outer one
  let outerSign = 1;
  let biggest = 0;
  const areas = loops.map((l) => polygonArea(l));
  for (const a of areas) if (Math.abs(a) > biggest) [biggest, outerSign] = [Math.abs(a), Math.sign(a)];
  const inv = 1 / scale;
  const out: Pt[][] = [];
  let nodes = 0;
  loops.forEach((loop, k) => {
    const a = areas[k];
    if (Math.abs(a) < 1) return;
    // a sliver the softening split off a thin line: no specks below the level's minimum
    if (Math.sign(a) === outerSign && Math.abs(a) < minArea) return;
    const simp = simplify(loop, tolerance, true).map((q) => [q[0] * inv, q[1] * inv] as Pt);
    if (simp.length < 3) return;
    nodes += simp.length;
    out.push(simp);
  });
  const d = smoothPath(out, true);
  return { d, nodes };
}

/**
 * The head's outline for the faint hair (hair.ts), and level 4's judgement of it for level 3: level 4's fine drawing
 * judges the hair (level 3's coarse one spends its ink on the strongest edges, anywhere in the photo); level 3 also
 * draws hair its own drawing leaves bare.
 */
export interface HairInput {
  readonly head: readonly Pt[];
  readonly faint?: boolean;
  /** a fringe's lower edge (fringe.ts): the face's top at level 3 */
  readonly fringe?: readonly Pt[] | null;
}

/**
 * The SVG body of level 3 or 4: the FDoG drawing traced into one filled path. `H` is the response when already
 * computed. `faint`: whether the hair was drawn as faint hair.
 */
export function lineArtLevel(
  a: LineArtInput,
  face: Face,
  outline: readonly Pt[],
  level: 3 | 4,
  unitsPerMm: number,
  H = lineArtResponse(a, LINE_ART[level]),
  hair?: HairInput,
): { body: string; faint: boolean } {
  const p = LINE_ART[level];
  const { ink, scale, faint } = lineArtInk(a, face, outline, p, unitsPerMm, H, hair);
  const { d } = traceInk(ink, scale, level === 3 ? 0.25 : 0.3, p.minSpeckMm2 * unitsPerMm ** 2);
  return { body: `<path fill="#000" fill-rule="evenodd" d="${d}"/>`, faint };
}
