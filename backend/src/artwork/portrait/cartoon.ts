// Levels 1 and 2: a cartoon of the child. Smooth bust silhouette, face oval, hair and neck shapes found by
// colour, and drawn eyes (with pupils), brows, nose and mouth placed from the landmarks. Level 2 adds the main
// lines of hair and clothing (long FDoG lines, thinned and drawn as strokes).

import type { Analysis } from './analyse.js';
import { circle, clampToPolygon } from './lineart.js';
import type { Face } from './features.js';
import { thresholdForCoverage } from './fdog.js';
import { faceUnderFringe } from './fringe.js';
import { glassesRims, glassesShape, wearsGlasses } from './glasses.js';
import {
  components,
  erode,
  fillHoles,
  fillPolygon,
  keepComponents,
  maskFrom,
  open,
  smoothMask,
  strokePolyline,
  type Components,
  type FloatImage,
  type Mask,
} from './raster.js';
import { outerContour } from './shapes.js';
import { thin, skeletonPolylines } from './skeleton.js';
import { chaikin, isoContours, polygonArea, polylineLength, resample, simplify, smoothPath, smoothPoints, type Pt } from './trace.js';
import { blurMaskBox, boundingBox, cropPlane, gaussianBlur, pastePlane } from './raster.js';

export interface Stroke {
  readonly pts: Pt[];
  readonly closed: boolean;
  /** mm at print size */
  readonly mm: number;
  /** a line of the hair or clothes that level 1 may leave out, should it close a region too small to colour */
  readonly optional?: boolean;
}

export interface CartoonResult {
  readonly svg: Record<1 | 2, string>;
}

const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function ycc(r: number, g: number, b: number): [number, number, number] {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  return [y, 0.564 * (b - y), 0.713 * (r - y)];
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = values.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Median colour (YCbCr) of the pixels where pick(x, y) holds. */
function sampleColour(
  a: Analysis,
  pick: (x: number, y: number) => boolean,
  box: [number, number, number, number],
): [number, number, number] | null {
  const ys: number[] = [];
  const cbs: number[] = [];
  const crs: number[] = [];
  const [x0, y0, x1, y1] = box.map(Math.round);
  for (let y = Math.max(0, y0); y <= Math.min(a.h - 1, y1); y++) {
    for (let x = Math.max(0, x0); x <= Math.min(a.w - 1, x1); x++) {
      if (!pick(x, y)) continue;
      const i = (y * a.w + x) * 3;
      const [Y, cb, cr] = ycc(a.rgb[i], a.rgb[i + 1], a.rgb[i + 2]);
      ys.push(Y);
      cbs.push(cb);
      crs.push(cr);
    }
  }
  if (ys.length < 20) return null;
  return [median(ys), median(cbs), median(crs)];
}

/** Parts of a closed contour that are away from lines already drawn, extended a little so they join them. */
function newRuns(
  contour: readonly Pt[],
  near: (x: number, y: number, r: number) => boolean,
  minDist: number,
  extend: number,
  minLen: number,
): Pt[][] {
  const n = contour.length;
  if (n < 3) return [];
  const far = contour.map((p) => !near(p[0], p[1], minDist));
  if (far.every(Boolean)) return [[...contour, contour[0], contour[1]]]; // whole loop: overlap the ends so it closes
  const runs: Pt[][] = [];
  const start = far.indexOf(false);
  let k = 0;
  while (k < n) {
    const i = (start + k) % n;
    if (!far[i]) {
      k++;
      continue;
    }
    let j = k;
    while (j < n && far[(start + j) % n]) j++;
    // run is k..j-1 (offsets from start); extend both ways by `extend` px along the contour
    const pts: Pt[] = [];
    let back = 0;
    let b = k;
    while (back < extend && b > k - n / 4) {
      const p = contour[(start + b + n) % n];
      const q = contour[(start + b - 1 + n) % n];
      back += dist(p, q);
      b--;
    }
    let fwd = 0;
    let e = j - 1;
    while (fwd < extend && e < j - 1 + n / 4) {
      const p = contour[(start + e) % n];
      const q = contour[(start + e + 1) % n];
      fwd += dist(p, q);
      e++;
    }
    for (let t = b; t <= e; t++) pts.push(contour[(((start + t) % n) + n) % n]);
    if (polylineLength(pts) >= minLen) runs.push(pts);
    k = j;
  }
  return runs;
}

function loops(m: Mask, sigma: number): Pt[][] {
  // blur and trace the mask's bounding box only (same contours as on the whole image)
  const bb = blurMaskBox(m, sigma);
  if (!bb) return [];
  const [ox, oy] = bb.box;
  return isoContours(bb.f, 0.5).map((l) =>
    l.map((p) => [Math.min(m.w, Math.max(0, p[0] + ox)), Math.min(m.h, Math.max(0, p[1] + oy))] as Pt),
  );
}

/** Even spacing, then averaging: smoothing that does not pull long straight runs (the photo's edge) inwards. */
function smoothClosed(p: readonly Pt[], spacing: number, passes: number): Pt[] {
  return simplify(smoothPoints(resample(p, spacing, true), true, passes), 0.3, true);
}

function scaleAbout(pts: readonly Pt[], c: Pt, s: number): Pt[] {
  return pts.map((p) => [c[0] + (p[0] - c[0]) * s, c[1] + (p[1] - c[1]) * s] as Pt);
}

/** How deep a closed mouth's line sags at least below its corners, in mouth widths: the cartoon child smiles. */
export const SMILE_DEPTH = 0.12;

/**
 * A closed mouth's line (corner to corner) bent into a gentle smile when the photo's is flatter: its middle sags below
 * the corners' chord by at least `SMILE_DEPTH` mouth widths. A wider smile in the photo is kept as it is.
 */
export function smiling(line: readonly Pt[], mouthWidth: number): Pt[] {
  const a = line[0];
  const b = line[line.length - 1];
  const len = dist(a, b) || 1;
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  // The chord's normal pointing to the chin (the image's y grows downwards).
  const nx = -uy;
  const ny = ux;
  // Each point's sag below the chord, and how much of a bend (deepest in the middle, none at the corners) it takes.
  const sag = line.map((p) => (p[0] - a[0]) * nx + (p[1] - a[1]) * ny);
  const share = line.map((p) => Math.max(0, 1 - (2 * (((p[0] - a[0]) * ux + (p[1] - a[1]) * uy) / len) - 1) ** 2));
  // The least bend that brings some point SMILE_DEPTH deep.
  const more = Math.min(...sag.map((d, i) => (share[i]! > 0 ? (SMILE_DEPTH * mouthWidth - d) / share[i]! : Infinity)));
  if (!(more > 0) || !Number.isFinite(more)) return [...line];
  return line.map((p, i) => [p[0] + more * share[i]! * nx, p[1] + more * share[i]! * ny] as Pt);
}

function pathEl(d: string, widthUnits: number): string {
  return `<path d="${d}" fill="none" stroke="#000" stroke-width="${Math.round(widthUnits * 100) / 100}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export interface CartoonInput {
  readonly a: Analysis;
  readonly face: Face;
  readonly unitsPerMm: number;
  /** FDoG response at the size of `a` (shared with level 3), for the level-2 lines */
  readonly fdog: Float32Array;
  /** output coordinates = these coordinates × outScale (the cartoon is worked out at half size) */
  readonly outScale: number;
  /** the head's cartoon shape (head.ts), closed, in these coordinates */
  readonly head: readonly Pt[];
  /** a fringe's lower edge (fringe.ts), in these coordinates: the face's top runs along it, the fringe is hair */
  readonly fringe?: readonly Pt[] | null;
}

/** The analysis at half size (2x2 averages): the cartoon's large shapes need no more, and cost a quarter. */
export function halfSize(a: Analysis, fdog: Float32Array): { a: Analysis; fdog: Float32Array } {
  const nw = a.w >> 1;
  const nh = a.h >> 1;
  const rgb = new Uint8Array(nw * nh * 3);
  const prob = new Float32Array(nw * nh);
  const person = new Uint8Array(nw * nh);
  const f = new Float32Array(nw * nh);
  const src = a.rgb;
  const ap = a.prob;
  const am = a.person.data;
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      const i0 = 2 * y * a.w + 2 * x;
      const i1 = i0 + 1;
      const i2 = i0 + a.w;
      const i3 = i2 + 1;
      const o = y * nw + x;
      for (let c = 0; c < 3; c++) rgb[o * 3 + c] = (src[i0 * 3 + c] + src[i1 * 3 + c] + src[i2 * 3 + c] + src[i3 * 3 + c] + 2) >> 2;
      prob[o] = (ap[i0] + ap[i1] + ap[i2] + ap[i3]) / 4;
      person[o] = am[i0] + am[i1] + am[i2] + am[i3] >= 2 ? 1 : 0;
      f[o] = Math.min(0, fdog[i0], fdog[i1], fdog[i2], fdog[i3]);
    }
  }
  const mesh = a.mesh.map((p) => [(p[0] + 0.5) / 2 - 0.5, (p[1] + 0.5) / 2 - 0.5] as Pt);
  return { a: { rgb, w: nw, h: nh, mesh, straightenedBy: a.straightenedBy, prob, person: { w: nw, h: nh, data: person } }, fdog: f };
}

const openedCache = new WeakMap<Analysis, { r: number; yCut: number; m: Mask }>();

/** The bust: head, hair and shoulders, one smooth piece. */
function bustMask(a: Analysis, face: Face, smooth: number): Mask {
  const { w, h } = a;
  const fw = face.width;
  const yCut = h - face.chin[1] > 4 * face.height ? face.chin[1] + 4 * face.height : h;
  const cut = new Uint8Array(w * h);
  for (let y = 0; y < Math.floor(yCut); y++) for (let x = 0; x < w; x++) cut[y * w + x] = a.person.data[y * w + x];
  // the opening does not depend on the level: levels 1 and 2 share it
  const r = Math.max(2, 0.05 * fw);
  let bust: Mask;
  const hit = openedCache.get(a);
  if (hit && hit.r === r && hit.yCut === yCut) bust = hit.m;
  else {
    bust = open({ w, h, data: cut }, r);
    openedCache.set(a, { r, yCut, m: bust });
  }
  bust = smoothMask(bust, smooth);
  keepComponents(bust, (c, l) => c.areas[l] === Math.max(...c.areas.slice(1)));
  fillHoles(bust);
  return bust;
}

/** Where the neck ends (the collar), looking down from the chin for the first rows that are not skin. */
function collarY(a: Analysis, face: Face, neckHalf: number): number {
  const fh = face.height;
  const [cx, chinY] = face.chin;
  const cheekR = 0.09 * face.width;
  const cheeks = [face.eyes[0].centre, face.eyes[1].centre].map((e) => [e[0], e[1] + 0.22 * fh] as Pt);
  const skin = sampleColour(a, (x, y) => cheeks.some((c) => Math.hypot(x - c[0], y - c[1]) < cheekR), [
    cx - face.width,
    chinY - fh,
    cx + face.width,
    chinY,
  ]);
  const lo = chinY + 0.12 * fh;
  const hi = Math.min(a.h - 1, chinY + 0.55 * fh);
  if (!skin) return chinY + 0.3 * fh;
  for (let y = Math.round(lo); y <= hi; y++) {
    let off = 0;
    let n = 0;
    for (let x = Math.round(cx - neckHalf * 0.8); x <= cx + neckHalf * 0.8; x++) {
      if (x < 0 || x >= a.w) continue;
      const i = (y * a.w + x) * 3;
      const c = ycc(a.rgb[i], a.rgb[i + 1], a.rgb[i + 2]);
      // shade-tolerant skin test: chroma close, brightness may drop in the chin's shadow
      const dChroma = (c[1] - skin[1]) ** 2 + (c[2] - skin[2]) ** 2;
      if (dChroma > 14 * 14 || c[0] < skin[0] * 0.35) off++;
      n++;
    }
    if (n && off / n > 0.6) return y;
  }
  return hi;
}

/** The point of a closed polygon where a vertical line at x crosses it lowest (largest y). */
function lowestCrossing(poly: readonly Pt[], x: number): Pt | null {
  let best: Pt | null = null;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    if ((a[0] - x) * (b[0] - x) > 0 || a[0] === b[0]) continue;
    const t = (x - a[0]) / (b[0] - a[0]);
    const y = a[1] + t * (b[1] - a[1]);
    if (!best || y > best[1]) best = [x, y];
  }
  return best;
}

const featureCache = new WeakMap<Analysis, Float32Array[]>();

/** Blurred Y, Cb, Cr (chroma weighted up), computed once per analysis and shared by levels 1 and 2. */
function colourFeatures(a: Analysis, smooth: number): Float32Array[] {
  const hit = featureCache.get(a);
  if (hit) return hit;
  const n = a.w * a.h;
  const ch = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const rgb = a.rgb;
  const [c0, c1, c2] = ch;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b; // as ycc()
    c0[i] = y * 0.8;
    c1[i] = 0.564 * (b - y) * 1.3;
    c2[i] = 0.713 * (r - y) * 1.3;
  }
  const bl = ch.map((c) => gaussianBlur(c, a.w, a.h, Math.max(1, smooth * 0.5)));
  featureCache.set(a, bl);
  return bl;
}

/**
 * Large colour regions of the body and hair (k-means on blurred colour, smoothed, small pieces merged):
 * a label per pixel of `region` (0 = outside).
 */
function colourRegions(a: Analysis, region: Mask, k: number, smooth: number, minArea: number): Int32Array {
  const W = a.w;
  const N = W * a.h;
  const blFull = colourFeatures(a, smooth);
  const idxFull: number[] = [];
  for (let i = 0; i < N; i += 11) if (region.data[i]) idxFull.push(i);
  const labelsFull = new Int32Array(N);
  if (idxFull.length < k * 10) {
    for (let i = 0; i < N; i++) labelsFull[i] = region.data[i] ? 1 : 0;
    return labelsFull;
  }
  // work on the region's bounding box, grown by the reach of the label smoothing (labels are 0 outside the region)
  const box = boundingBox(region.data, W, a.h, Math.ceil(4 * smooth) + 2)!;
  const [bx0, by0, bx1, by1] = box;
  const w = bx1 - bx0;
  const h = by1 - by0;
  const n = w * h;
  const bl = blFull.map((c) => cropPlane(c, W, box));
  const regionData = cropPlane(region.data, W, box);
  const idx = idxFull.map((i) => (((i / W) | 0) - by0) * w + (i % W) - bx0);
  const labels = new Int32Array(n);
  const regionC: Mask = { w, h, data: regionData };
  // k-means++ style seeding (deterministic: farthest point), then Lloyd iterations
  const cent: number[][] = [[bl[0][idx[0]], bl[1][idx[0]], bl[2][idx[0]]]];
  const d2 = (i: number, c: number[]): number => (bl[0][i] - c[0]) ** 2 + (bl[1][i] - c[1]) ** 2 + (bl[2][i] - c[2]) ** 2;
  while (cent.length < k) {
    let best = idx[0];
    let bd = -1;
    for (const i of idx) {
      let m = Infinity;
      for (const c of cent) m = Math.min(m, d2(i, c));
      if (m > bd) {
        bd = m;
        best = i;
      }
    }
    cent.push([bl[0][best], bl[1][best], bl[2][best]]);
  }
  for (let it = 0; it < 8; it++) {
    const sum = cent.map(() => [0, 0, 0, 0]);
    for (const i of idx) {
      let bj = 0;
      let bd = Infinity;
      for (let j = 0; j < cent.length; j++) {
        const d = d2(i, cent[j]);
        if (d < bd) {
          bd = d;
          bj = j;
        }
      }
      sum[bj][0] += bl[0][i];
      sum[bj][1] += bl[1][i];
      sum[bj][2] += bl[2][i];
      sum[bj][3]++;
    }
    for (let j = 0; j < cent.length; j++) if (sum[j][3]) cent[j] = [sum[j][0] / sum[j][3], sum[j][1] / sum[j][3], sum[j][2] / sum[j][3]];
  }
  // assign, then smooth each label's indicator and take the strongest
  const ind = cent.map(() => new Float32Array(n));
  const [b0, b1, b2] = bl;
  for (let i = 0; i < n; i++) {
    if (!regionC.data[i]) continue;
    let bj = 0;
    let bd = Infinity;
    const v0 = b0[i];
    const v1 = b1[i];
    const v2 = b2[i];
    for (let j = 0; j < cent.length; j++) {
      const c = cent[j];
      const d = (v0 - c[0]) * (v0 - c[0]) + (v1 - c[1]) * (v1 - c[1]) + (v2 - c[2]) * (v2 - c[2]);
      if (d < bd) {
        bd = d;
        bj = j;
      }
    }
    ind[bj][i] = 1;
  }
  const sm = ind.map((f) => gaussianBlur(f, w, h, smooth));
  for (let i = 0; i < n; i++) {
    if (!regionC.data[i]) continue;
    let bj = 0;
    let bv = -1;
    for (let j = 0; j < sm.length; j++) {
      if (sm[j][i] > bv) {
        bv = sm[j][i];
        bj = j;
      }
    }
    labels[i] = bj + 1;
  }
  // merge connected pieces smaller than minArea into their most common neighbour (all pieces per pass)
  for (let pass = 0; pass < 4; pass++) {
    // components of equal labels, 4-connected
    const lab: Mask = { w, h, data: new Uint8Array(n) };
    const comp = new Int32Array(n);
    const areas: number[] = [0];
    let count = 0;
    const stack = new Int32Array(n);
    for (let s0 = 0; s0 < n; s0++) {
      if (!labels[s0] || comp[s0]) continue;
      count++;
      let sp = 0;
      stack[sp++] = s0;
      comp[s0] = count;
      let area = 0;
      const L = labels[s0];
      while (sp) {
        const p = stack[--sp];
        area++;
        const x = p % w;
        if (x > 0 && labels[p - 1] === L && !comp[p - 1]) {
          comp[p - 1] = count;
          stack[sp++] = p - 1;
        }
        if (x < w - 1 && labels[p + 1] === L && !comp[p + 1]) {
          comp[p + 1] = count;
          stack[sp++] = p + 1;
        }
        if (p >= w && labels[p - w] === L && !comp[p - w]) {
          comp[p - w] = count;
          stack[sp++] = p - w;
        }
        if (p + w < n && labels[p + w] === L && !comp[p + w]) {
          comp[p + w] = count;
          stack[sp++] = p + w;
        }
      }
      areas.push(area);
    }
    void lab;
    const votes = new Map<number, Map<number, number>>();
    for (let i = 0; i < n; i++) {
      const c = comp[i];
      if (!c || areas[c] >= minArea) continue;
      const x = i % w;
      const nb = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w];
      for (const q of nb) {
        if (q < 0 || q >= n) continue;
        const lq = labels[q];
        if (!lq || comp[q] === c) continue;
        let m = votes.get(c);
        if (!m) votes.set(c, (m = new Map()));
        // prefer neighbours that are themselves large
        m.set(lq, (m.get(lq) ?? 0) + (areas[comp[q]] >= minArea ? 4 : 1));
      }
    }
    if (!votes.size) break;
    const to = new Map<number, number>();
    for (const [c, m] of votes) {
      let best = 0;
      let bv = 0;
      for (const [lab2, v] of m) if (v > bv) [best, bv] = [lab2, v];
      if (best) to.set(c, best);
    }
    for (let i = 0; i < n; i++) {
      const t2 = to.get(comp[i]);
      if (t2 !== undefined) labels[i] = t2;
    }
  }
  return pastePlane(labelsFull, W, box, labels);
}

/** Level 1's smallest closed region, as a share of the face's area (a toddler's crayon fills nothing smaller). */
const LEVEL1_SMALLEST_REGION = 0.2;
/** Slivers the face's own lines enclose (where two of them nearly meet) under this share of the face are inked. */
const LEVEL1_SLIVER = 0.05;

/** Which of the enclosed paper pieces (components of the unpainted pixels, not touching the edge) are under `area`. */
function piecesUnder(paper: Components, area: number): Uint8Array {
  const small = new Uint8Array(paper.count + 1);
  for (let l = 1; l <= paper.count; l++) if (!paper.touchesBorder[l] && paper.areas[l] < area) small[l] = 1;
  return small;
}

/**
 * No closed region smaller than `minArea` where a hair or clothes line closes it: that line is left out (the shortest
 * first); a sliver under `sliverArea` that the face's own lines enclose is inked (a thicker line where two nearly meet).
 */
function keepRegionsLarge(
  strokes: Stroke[],
  fills: Pt[][],
  w: number,
  h: number,
  unitsPerMm: number,
  minArea: number,
  sliverArea: number,
): void {
  // the lines that stay, drawn once; the optional ones drawn over them for each look at the paper
  const base: FloatImage = { w, h, data: new Float32Array(w * h) };
  for (const st of strokes) if (!st.optional) strokePolyline(base, st.pts, st.mm * unitsPerMm, st.closed);
  const paperNow = (): Components => {
    const cov: FloatImage = { w, h, data: base.data.slice() };
    for (const st of strokes) if (st.optional) strokePolyline(cov, st.pts, st.mm * unitsPerMm, st.closed);
    const ink = maskFrom(cov, 0.5);
    for (const f of fills) fillPolygon(ink, f);
    return components(ink, 0);
  };
  let paper = paperNow();
  for (let pass = 0; pass < 6; pass++) {
    const small = piecesUnder(paper, minArea);
    if (!small.includes(1)) break;
    // for each small region, the shortest optional line beside it
    const shortest = new Map<number, { stroke: Stroke; len: number }>();
    for (const st of strokes) {
      if (!st.optional) continue;
      const len = polylineLength(st.pts);
      const r = Math.ceil((st.mm * unitsPerMm) / 2 + 1.5);
      const seen = new Set<number>();
      for (const [px, py] of resample(st.pts, 2, st.closed)) {
        for (let dy = -r; dy <= r; dy++) {
          const y = Math.round(py) + dy;
          if (y < 0 || y >= h) continue;
          for (let dx = -r; dx <= r; dx++) {
            const x = Math.round(px) + dx;
            if (x < 0 || x >= w) continue;
            const l = paper.labels[y * w + x];
            if (l && small[l]) seen.add(l);
          }
        }
      }
      for (const l of seen) {
        const best = shortest.get(l);
        if (!best || len < best.len) shortest.set(l, { stroke: st, len });
      }
    }
    if (!shortest.size) break;
    const drop = new Set([...shortest.values()].map((b) => b.stroke));
    for (let i = strokes.length - 1; i >= 0; i--) if (drop.has(strokes[i])) strokes.splice(i, 1);
    paper = paperNow();
  }
  const small = piecesUnder(paper, sliverArea);
  const rest: Mask = { w, h, data: new Uint8Array(w * h) };
  for (let i = 0; i < w * h; i++) if (small[paper.labels[i]]) rest.data[i] = 1;
  fillHoles(rest);
  fills.push(...loops(rest, 0.7).filter((l) => l.length >= 3));
}

/** The drawing of one cartoon level, as strokes and filled shapes in working units. */
export function cartoonLevel(input: CartoonInput, level: 1 | 2): string {
  const { a, face, unitsPerMm } = input;
  const { w, h } = a;
  const fw = face.width;
  const strokeMm = level === 1 ? 1.5 : 1.0;
  const sw = strokeMm * unitsPerMm;
  const featureMm =
    level === 1 ? Math.min(1.2, (0.16 * face.eyes[0].width) / unitsPerMm) : Math.min(0.9, (0.12 * face.eyes[0].width) / unitsPerMm);
  // the bust: the head's own shape, and below the chin the child's region (shoulders, clothes)
  const bust = bustMask(a, face, level === 1 ? 0.05 * fw : 0.03 * fw);
  const fh = face.height;
  for (let i = 0; i < Math.min(w * h, Math.floor(face.chin[1] - 0.05 * fh) * w); i++) bust.data[i] = 0;
  fillPolygon(bust, input.head);
  // the shoulders may meet the head only at the chin: any sizeable piece stays
  keepComponents(bust, (c, l) => c.areas[l] >= 0.02 * Math.max(...c.areas.slice(1)));
  fillHoles(bust);

  const strokes: Stroke[] = [];
  const fills: Pt[][] = [];
  const drawn: FloatImage = { w, h, data: new Float32Array(w * h) };
  const add = (pts: Pt[], closed: boolean, mm: number, optional = false): void => {
    if (pts.length < 2) return;
    strokes.push({ pts, closed, mm, optional });
    strokePolyline(drawn, pts, mm * unitsPerMm, closed);
  };

  /** A query "is anything drawn within r of (x, y)" (square window), on a snapshot of the drawing. */
  const drawnNear = (): ((x: number, y: number, r: number) => boolean) => {
    const W1 = w + 1;
    const sat = new Float64Array(W1 * (h + 1));
    for (let y = 0; y < h; y++) {
      let row = 0;
      for (let x = 0; x < w; x++) {
        row += drawn.data[y * w + x] >= 0.5 ? 1 : 0;
        sat[(y + 1) * W1 + x + 1] = sat[y * W1 + x + 1] + row;
      }
    }
    return (x, y, r) => {
      const x0 = Math.max(0, Math.floor(x - r));
      const y0 = Math.max(0, Math.floor(y - r));
      const x1 = Math.min(w, Math.ceil(x + r));
      const y1 = Math.min(h, Math.ceil(y + r));
      if (x1 <= x0 || y1 <= y0) return false;
      return sat[y1 * W1 + x1] - sat[y0 * W1 + x1] - sat[y1 * W1 + x0] + sat[y0 * W1 + x0] > 0;
    };
  };
  // 1. silhouette: the head's shape as it is (the page draws its outline over it), then the shoulders where it is not
  add([...input.head], true, strokeMm);
  const outline = smoothClosed(outerContour(bust, 1.0, 0.3), 3, 4);
  {
    const nearHead = drawnNear();
    for (const run of newRuns(outline, nearHead, sw * 1.2, sw * 2, 0.1 * fw)) add(run, false, strokeMm);
  }
  // 2. face oval, its top along a fringe's edge
  const oval = chaikin(smoothPoints(face.oval, true, 1), true, 2);
  const faceLine = input.fringe ? faceUnderFringe(oval, input.fringe) : oval;
  add(faceLine, true, strokeMm);
  // 3. neck: two lines from the jaw down to a round collar
  const neckHalf = 0.27 * fw;
  const cy = collarY(a, face, neckHalf);
  const neck: Pt[] = [];
  {
    const cx = face.chin[0];
    const jl = lowestCrossing(oval, cx - neckHalf);
    const jr = lowestCrossing(oval, cx + neckHalf);
    if (jl && jr && cy > Math.max(jl[1], jr[1]) + 0.04 * fh) {
      const dip = 0.1 * fh;
      const left: Pt[] = [
        [jl[0], jl[1] - 0.02 * fh],
        [jl[0] - 0.01 * fw, (jl[1] + cy) / 2],
        [jl[0] - 0.02 * fw, cy],
      ];
      const right: Pt[] = [
        [jr[0] + 0.02 * fw, cy],
        [jr[0] + 0.01 * fw, (jr[1] + cy) / 2],
        [jr[0], jr[1] - 0.02 * fh],
      ];
      const collar: Pt[] = [];
      for (let k = 0; k <= 8; k++) {
        const t = k / 8;
        collar.push([left[2][0] + (right[0][0] - left[2][0]) * t, cy + dip * Math.sin(Math.PI * t)]);
      }
      neck.push(...left, ...collar.slice(1, -1), ...right);
      add(chaikin(neck, false, 2), false, strokeMm);
    }
  }
  // 5. large colour regions of hair and clothes, their borders drawn where nothing is drawn yet
  {
    const region: Mask = { w, h, data: bust.data.slice() };
    const faceZone: Mask = { w, h, data: new Uint8Array(w * h) };
    fillPolygon(faceZone, faceLine);
    if (neck.length) fillPolygon(faceZone, [...neck, face.chin]);
    for (let i = 0; i < w * h; i++) if (faceZone.data[i]) region.data[i] = 0;
    let bustArea = 0;
    for (let i = 0; i < w * h; i++) bustArea += bust.data[i];
    const k = level === 1 ? 4 : 5;
    const labels = colourRegions(a, region, k, level === 1 ? 0.06 * fw : 0.045 * fw, bustArea * (level === 1 ? 0.025 : 0.012));
    for (let j = 1; j <= k; j++) {
      const m: Mask = { w, h, data: new Uint8Array(w * h) };
      for (let i = 0; i < w * h; i++) m.data[i] = labels[i] === j ? 1 : 0;
      const near = drawnNear();
      for (const loop of loops(m, 1.5)) {
        const simp = smoothClosed(loop, 3, 3);
        for (const run of newRuns(simp, near, sw * 1.5, sw * 2.5, fw * (level === 1 ? 0.3 : 0.18)))
          add(chaikin(simplify(run, 0.7, false), false, 2), false, strokeMm, true);
      }
    }
  }
  // 4. level 2: the main lines of hair and clothing
  if (level === 2) {
    const near = drawnNear();
    const region: Mask = erode(bust, sw * 2);
    const faceZone: Mask = { w, h, data: new Uint8Array(w * h) };
    fillPolygon(faceZone, scaleAbout(face.oval, face.centre, 1.08));
    const neckZone: Mask = { w, h, data: new Uint8Array(w * h) };
    if (neck.length) fillPolygon(neckZone, [...neck, face.chin]);
    for (let i = 0; i < w * h; i++)
      if (region.data[i] && (faceZone.data[i] || neckZone.data[i] || near(i % w, Math.floor(i / w), sw * 1.8))) region.data[i] = 0;
    const thr = thresholdForCoverage(input.fdog, region.data, 0.035);
    const ink = new Uint8Array(w * h);
    for (let i = 0; i < ink.length; i++) ink[i] = region.data[i] && input.fdog[i] < thr ? 1 : 0;
    const m: Mask = { w, h, data: ink };
    thin(m);
    const minLen = 0.45 * fw;
    const lines = skeletonPolylines(m)
      .filter((l) => polylineLength(l) >= minLen)
      .sort((p, q) => polylineLength(q) - polylineLength(p))
      .slice(0, 16);
    for (const l of lines) add(chaikin(simplify(smoothPoints(l, false, 2), 1.2, false), false, 2), false, 1.0);
  }
  // 5. face features
  const big = level === 1 ? 1.75 : 1.35;
  for (const e of face.eyes) {
    const shape = chaikin(scaleAbout(e.outline, e.centre, big), true, 2);
    if (e.openness < 0.12) {
      add(chaikin(scaleAbout(e.upper, e.centre, big), false, 2), false, featureMm * 1.2);
      continue;
    }
    if (level === 1) {
      // a solid oval on the iris: no white of the eye or highlight, regions too small for a chunky crayon
      const rx = 0.2 * e.width * big;
      const c: Pt = [e.centre[0] + (e.iris[0] - e.centre[0]) * big, e.iris[1]];
      const dot = circle([0, 0], 1, 28).map((q) => [c[0] + q[0] * rx, c[1] + q[1] * rx * 1.25] as Pt);
      fills.push(dot);
      strokePolyline(drawn, dot, rx, true);
      continue;
    }
    add(shape, true, featureMm);
    // pupil: as large as the open eye allows, centred on the iris, with a highlight left as a hole
    let top = Infinity;
    let bottom = -Infinity;
    for (const q of shape) {
      if (Math.abs(q[0] - e.iris[0]) < e.width * 0.2) {
        top = Math.min(top, q[1]);
        bottom = Math.max(bottom, q[1]);
      }
    }
    const eyeH = Number.isFinite(top) ? bottom - top : e.width * 0.4 * big;
    const ir = Math.min(e.irisRadius * big, eyeH * 0.62);
    const centre: Pt = [e.centre[0] + (e.iris[0] - e.centre[0]) * big, Number.isFinite(top) ? (top + bottom) / 2 : e.iris[1]];
    const iris = circle(centre, ir, 40).map((q) => clampToPolygon(q, shape));
    add(iris, true, featureMm * 0.8);
    const pr = Math.max(sw * 0.6, ir * 0.5);
    const pupil = circle(centre, pr, 28);
    const hl = circle([centre[0] + pr * 0.35, centre[1] - pr * 0.35], pr * 0.3, 14).reverse();
    fills.push(pupil, hl);
    strokePolyline(drawn, pupil, pr * 2, true);
  }
  // glasses, where the photo shows a frame across the nose; at level 1 their upper rims only (a whole lens is a region
  // under a thumbprint round the eye), bold, and the brows are left out where they would touch them
  if (wearsGlasses(a, face)) {
    if (level === 2) {
      const glasses = glassesShape(face);
      for (const lens of glasses.lenses) add(lens, true, featureMm);
      add(chaikin(glasses.bridge, false, 2), false, featureMm);
    } else {
      const glasses = glassesRims(face);
      for (const rim of glasses.rims) add(rim, false, featureMm * 1.3);
      add(chaikin(glasses.bridge, false, 2), false, featureMm * 1.3);
    }
  }
  const nearBrow = drawnNear();
  for (let k = 0; k < 2; k++) {
    const n = 8;
    const U = resample(face.browUpper[k], polylineLength(face.browUpper[k]) / (n - 1), false).slice(0, n);
    const L = resample(face.browLower[k], polylineLength(face.browLower[k]) / (n - 1), false).slice(0, n);
    // the lower brow line runs the same way as the upper one (outer → inner) on both sides
    const mid = U.map((p, i) => [(p[0] + 2 * L[Math.min(L.length - 1, i)][0]) / 3, (p[1] + 2 * L[Math.min(L.length - 1, i)][1]) / 3] as Pt);
    const lift = (big - 1) * 0.3 * face.eyes[k].width;
    const brow = chaikin(
      mid.slice(1, -1).map((p) => [p[0], p[1] - lift] as Pt),
      false,
      2,
    );
    // at level 1 a brow that touches the hair's lines would close a sliver between them: left out
    if (level === 1 && brow.some((p) => nearBrow(p[0], p[1], sw * 1.5))) continue;
    add(brow, false, featureMm * 1.3);
  }
  // nose: a small curve under the tip
  {
    const [wl, wr] = face.noseWings;
    const nb = face.noseBottom;
    const lift = 0.25 * dist(wl, wr);
    const l: Pt = [wl[0] + (nb[0] - wl[0]) * 0.25, wl[1] - lift * 0.5];
    const r: Pt = [wr[0] + (nb[0] - wr[0]) * 0.25, wr[1] - lift * 0.5];
    add(chaikin([l, [wl[0] + (nb[0] - wl[0]) * 0.5, nb[1]], nb, [wr[0] + (nb[0] - wr[0]) * 0.5, nb[1]], r], false, 2), false, featureMm);
  }
  // mouth: open (follows the photo) or a smile line
  {
    const U = face.lipsInnerUpper;
    const Lo = face.lipsInnerLower;
    const c0 = U[0];
    const c1 = U[U.length - 1];
    const mc: Pt = [(c0[0] + c1[0]) / 2, (c0[1] + c1[1]) / 2];
    const grow = level === 1 ? 1.25 : 1.1;
    if (face.mouthOpen && level === 1) {
      // an open smile: the lower lip's inner line, corner to corner (a closed mouth would be a region too small)
      add(chaikin(scaleAbout(Lo, mc, grow), false, 2), false, featureMm * 1.2);
    } else if (face.mouthOpen) {
      const shape = [...U, ...Lo.slice(1, -1).reverse()];
      add(chaikin(scaleAbout(shape, mc, grow), true, 2), true, featureMm);
      if (level === 2) {
        // the upper teeth line, when the mouth is open wide enough
        const gap = dist(face.lipsInnerUpper[5], face.lipsInnerLower[5]);
        if (gap > 0.18 * face.mouthWidth) {
          const teeth = U.map((p, i) => [p[0] * 0.62 + Lo[i][0] * 0.38, p[1] * 0.62 + Lo[i][1] * 0.38] as Pt).slice(2, -2);
          add(chaikin(scaleAbout(teeth, mc, grow), false, 2), false, featureMm * 0.7);
        }
      }
    } else {
      const midLine = U.map((p, i) => [(p[0] + Lo[i][0]) / 2, (p[1] + Lo[i][1]) / 2] as Pt);
      add(chaikin(scaleAbout(smiling(midLine, face.mouthWidth), mc, grow), false, 2), false, featureMm * 1.2);
    }
  }

  if (level === 1) {
    const faceArea = Math.abs(polygonArea(oval));
    keepRegionsLarge(strokes, fills, w, h, unitsPerMm, LEVEL1_SMALLEST_REGION * faceArea, LEVEL1_SLIVER * faceArea);
  }

  // SVG: strokes grouped by width, then the pupils (filled, with the highlight as a hole)
  const byWidth = new Map<number, { open: Pt[][]; closed: Pt[][] }>();
  const k = input.outScale;
  const out = (p: Pt): Pt => [Math.min(w * k, Math.max(0, p[0] * k)), Math.min(h * k, Math.max(0, p[1] * k))];
  for (const s of strokes) {
    const key = Math.round(s.mm * unitsPerMm * k * 100) / 100;
    const g = byWidth.get(key) ?? { open: [], closed: [] };
    (s.closed ? g.closed : g.open).push(s.pts.map(out));
    byWidth.set(key, g);
  }
  let body = '';
  for (const [wu, g] of byWidth) {
    const d =
      smoothPath(
        g.closed.map((p) => simplify(p, 0.25, true)),
        true,
      ) +
      smoothPath(
        g.open.map((p) => simplify(p, 0.25, false)),
        false,
      );
    body += pathEl(d, wu);
  }
  if (fills.length)
    body += `<path d="${smoothPath(
      fills.map((f) => f.map(out)),
      true,
    )}" fill="#000" fill-rule="evenodd"/>`;
  return body;
}

export function cartoon(input: CartoonInput): Record<1 | 2, string> {
  return { 1: cartoonLevel(input, 1), 2: cartoonLevel(input, 2) };
}
