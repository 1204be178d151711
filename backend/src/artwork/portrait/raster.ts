// Small raster toolkit over typed arrays: blur, resampling, morphology, connected components.
// Every image is row-major, `w` columns by `h` rows; masks are Uint8Array of 0/1.

export interface FloatImage {
  readonly w: number;
  readonly h: number;
  readonly data: Float32Array;
}

export interface Mask {
  readonly w: number;
  readonly h: number;
  readonly data: Uint8Array;
}

export function gaussianKernel(sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + r] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

/** Sizes of three box filters whose succession approximates a Gaussian of `sigma` (Kovesi / Ivan Kuckir). */
function boxesForGauss(sigma: number, n = 3): number[] {
  const wIdeal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(wIdeal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const mIdeal = (12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4);
  const m = Math.round(mIdeal);
  const sizes: number[] = [];
  for (let i = 0; i < n; i++) sizes.push(i < m ? wl : wu);
  return sizes;
}

/** One box pass (radius r) horizontally then vertically, clamped edges, running sums. */
function boxPass(src: Float32Array, dst: Float32Array, tmp: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const first = src[row];
    const last = src[row + w - 1];
    let acc = (r + 1) * first;
    for (let j = 0; j < r; j++) acc += src[row + Math.min(j, w - 1)];
    // the same sums as with clamped reads, in three spans without per-pixel bounds tests
    const e1 = Math.min(w, r + 1); // x - r - 1 < 0 below this
    const s2 = Math.max(e1, w - r); // x + r >= w from here
    let x = 0;
    for (; x < e1; x++) {
      const add = x + r < w ? src[row + x + r] : last;
      acc += add - first;
      tmp[row + x] = acc * norm;
    }
    for (; x < s2; x++) {
      acc += src[row + x + r] - src[row + x - r - 1];
      tmp[row + x] = acc * norm;
    }
    for (; x < w; x++) {
      acc += last - src[row + x - r - 1];
      tmp[row + x] = acc * norm;
    }
  }
  const col = new Float64Array(w);
  for (let x = 0; x < w; x++) col[x] = (r + 1) * tmp[x];
  for (let j = 0; j < r; j++) {
    const row = Math.min(j, h - 1) * w;
    for (let x = 0; x < w; x++) col[x] += tmp[row + x];
  }
  const lastRow = (h - 1) * w;
  for (let y = 0; y < h; y++) {
    const addRow = y + r < h ? (y + r) * w : lastRow;
    const subRow = y - r - 1 >= 0 ? (y - r - 1) * w : 0;
    const o = y * w;
    for (let x = 0; x < w; x++) {
      col[x] += tmp[addRow + x] - tmp[subRow + x];
      dst[o + x] = col[x] * norm;
    }
  }
}

/** Separable Gaussian blur with clamped edges (three box passes above sigma 2). Returns a new array. */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma <= 0) return src.slice();
  if (sigma >= 2) {
    const sizes = boxesForGauss(sigma);
    const a = new Float32Array(w * h);
    const b = new Float32Array(w * h);
    const tmp = new Float32Array(w * h);
    boxPass(src, a, tmp, w, h, (sizes[0] - 1) / 2);
    boxPass(a, b, tmp, w, h, (sizes[1] - 1) / 2);
    boxPass(b, a, tmp, w, h, (sizes[2] - 1) / 2);
    return a;
  }
  const k = gaussianKernel(sigma);
  const r = (k.length - 1) >> 1;
  const kl = k.length;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const padded = new Float32Array(w + 2 * r);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) padded[x + r] = src[row + x];
    const first = src[row];
    const last = src[row + w - 1];
    for (let i = 0; i < r; i++) {
      padded[i] = first;
      padded[w + r + i] = last;
    }
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = 0; i < kl; i++) acc += padded[x + i] * k[i];
      tmp[row + x] = acc;
    }
  }
  for (let y = 0; y < h; y++) {
    const orow = y * w;
    for (let i = 0; i < kl; i++) {
      let yy = y + i - r;
      if (yy < 0) yy = 0;
      else if (yy >= h) yy = h - 1;
      const irow = yy * w;
      const kv = k[i];
      for (let x = 0; x < w; x++) out[orow + x] += tmp[irow + x] * kv;
    }
  }
  return out;
}

/** Bilinear sample with clamped coordinates. */
export function sampleBilinear(data: Float32Array, w: number, h: number, x: number, y: number): number {
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = x | 0;
  const y0 = y | 0;
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const a = data[y0 * w + x0];
  const b = data[y0 * w + x1];
  const c = data[y1 * w + x0];
  const d = data[y1 * w + x1];
  return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
}

/** Resize a float image by bilinear interpolation (pixel centres aligned). */
export function resizeFloat(src: Float32Array, w: number, h: number, nw: number, nh: number): Float32Array {
  const out = new Float32Array(nw * nh);
  const x0 = new Int32Array(nw);
  const x1 = new Int32Array(nw);
  const fx = new Float32Array(nw);
  for (let x = 0; x < nw; x++) {
    let sx = ((x + 0.5) * w) / nw - 0.5;
    if (sx < 0) sx = 0;
    if (sx > w - 1) sx = w - 1;
    x0[x] = sx | 0;
    x1[x] = Math.min(w - 1, x0[x] + 1);
    fx[x] = sx - x0[x];
  }
  for (let y = 0; y < nh; y++) {
    let sy = ((y + 0.5) * h) / nh - 0.5;
    if (sy < 0) sy = 0;
    if (sy > h - 1) sy = h - 1;
    const y0 = sy | 0;
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    const r0 = y0 * w;
    const r1 = y1 * w;
    const o = y * nw;
    for (let x = 0; x < nw; x++) {
      const a = src[r0 + x0[x]];
      const b = src[r0 + x1[x]];
      const c = src[r1 + x0[x]];
      const d = src[r1 + x1[x]];
      const f = fx[x];
      out[o + x] = (a + (b - a) * f) * (1 - fy) + (c + (d - c) * f) * fy;
    }
  }
  return out;
}

/** 1-D squared Euclidean distance transform (Felzenszwalb & Huttenlocher). */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    d[q] = dq * dq + f[v[k]];
  }
}

/** Squared Euclidean distance from every pixel to the nearest pixel where `data` is `target`. */
export function distanceSquared(m: Mask, target: 0 | 1): Float32Array {
  const { w, h, data } = m;
  const INF = 1e20;
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const grid = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) grid[i] = data[i] === target ? 0 : INF;
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = grid[y * w + x];
    edt1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) grid[y * w + x] = d[y];
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = grid[y * w + x];
    edt1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) out[y * w + x] = d[x];
  }
  return out;
}

/**
 * Squared distance to the nearest `target` pixel, exact up to R (values above R² are reported as (R+1)²).
 * Row distances first, then a bounded vertical search: fast for the small radii used here.
 */
export function distanceSquaredBounded(m: Mask, target: 0 | 1, R: number): Float32Array {
  const { w, h, data } = m;
  const cap = R + 1;
  const rowD = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let last = -1e9;
    for (let x = 0; x < w; x++) {
      if (data[row + x] === target) last = x;
      rowD[row + x] = x - last;
    }
    last = 1e9;
    for (let x = w - 1; x >= 0; x--) {
      if (data[row + x] === target) last = x;
      const d = last - x;
      if (d < rowD[row + x]) rowD[row + x] = d;
    }
    for (let x = 0; x < w; x++) {
      const d = rowD[row + x];
      rowD[row + x] = d > cap ? cap * cap : d * d;
    }
  }
  const out = new Float32Array(w * h).fill(cap * cap);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let dy = -R; dy <= R; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      const irow = yy * w;
      const dd = dy * dy;
      for (let x = 0; x < w; x++) {
        const v = rowD[irow + x] + dd;
        if (v < out[o + x]) out[o + x] = v;
      }
    }
  }
  return out;
}

/** Bounding box [x0, y0, x1, y1) of the non-zero pixels, grown by `margin` and clamped to the image; null if empty. */
export function boundingBox(data: ArrayLike<number>, w: number, h: number, margin = 0): [number, number, number, number] | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let first = -1;
    for (let x = 0; x < w; x++) {
      if (data[row + x]) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = w - 1; x > first; x--) {
      if (data[row + x]) {
        last = x;
        break;
      }
    }
    if (y0 === h) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  if (x1 < 0) return null;
  return [Math.max(0, x0 - margin), Math.max(0, y0 - margin), Math.min(w, x1 + 1 + margin), Math.min(h, y1 + 1 + margin)];
}

/** Copy the window [x0, x1) × [y0, y1) of a w-wide single-channel image. */
export function cropPlane<T extends Uint8Array | Float32Array | Int32Array>(
  src: T,
  w: number,
  box: readonly [number, number, number, number],
): T {
  const [x0, y0, x1, y1] = box;
  const cw = x1 - x0;
  const out = new (src.constructor as new (n: number) => T)(cw * (y1 - y0));
  for (let y = y0; y < y1; y++) out.set(src.subarray(y * w + x0, y * w + x1) as never, (y - y0) * cw);
  return out;
}

/** Paste a cropped plane back into a w-wide image (the rest of `dst` is left as it is). */
export function pastePlane<T extends Uint8Array | Float32Array | Int32Array>(
  dst: T,
  w: number,
  box: readonly [number, number, number, number],
  src: T,
): T {
  const [x0, y0, x1, y1] = box;
  const cw = x1 - x0;
  for (let y = y0; y < y1; y++) dst.set(src.subarray((y - y0) * cw, (y - y0 + 1) * cw) as never, y * w + x0);
  return dst;
}

/**
 * Run a mask → mask operation on the bounding box of the mask grown by `margin` only (the result is 0 outside
 * it). Exact for operations whose output is 0 farther than `margin` from any 1 pixel and whose reach is at
 * most `margin` (dilation, erosion, blurs of an indicator).
 */
function onBox(m: Mask, margin: number, op: (c: Mask) => Mask): Mask {
  const box = boundingBox(m.data, m.w, m.h, margin);
  if (!box) return { w: m.w, h: m.h, data: new Uint8Array(m.w * m.h) };
  const [x0, y0, x1, y1] = box;
  if (x0 === 0 && y0 === 0 && x1 === m.w && y1 === m.h) return op(m);
  const r = op({ w: x1 - x0, h: y1 - y0, data: cropPlane(m.data, m.w, box) });
  return { w: m.w, h: m.h, data: pastePlane(new Uint8Array(m.w * m.h), m.w, box, r.data) };
}

/**
 * The mask as 0/1 floats blurred by `sigma`, on its bounding box grown by the blur's reach only: the box
 * [x0, y0, x1, y1) and the blurred window. Outside the box the blurred mask is 0 (as on the full image).
 */
export function blurMaskBox(m: Mask, sigma: number): { box: [number, number, number, number]; f: FloatImage } | null {
  const box = boundingBox(m.data, m.w, m.h, Math.ceil(4 * sigma) + 2);
  if (!box) return null;
  const [x0, y0, x1, y1] = box;
  const cw = x1 - x0;
  const ch = y1 - y0;
  const f = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const src = (y + y0) * m.w + x0;
    const dst = y * cw;
    for (let x = 0; x < cw; x++) f[dst + x] = m.data[src + x];
  }
  return { box, f: { w: cw, h: ch, data: sigma > 0 ? gaussianBlur(f, cw, ch, sigma) : f } };
}

/** Dilate a mask by a disc of radius r (in pixels). */
export function dilate(m: Mask, r: number): Mask {
  if (r <= 0) return { w: m.w, h: m.h, data: m.data.slice() };
  return onBox(m, Math.ceil(r) + 1, (c) => dilateFull(c, r));
}

function dilateFull(m: Mask, r: number): Mask {
  const d = r <= 16 ? distanceSquaredBounded(m, 1, Math.ceil(r)) : distanceSquared(m, 1);
  const out = new Uint8Array(m.w * m.h);
  const r2 = r * r;
  for (let i = 0; i < out.length; i++) out[i] = d[i] <= r2 ? 1 : 0;
  return { w: m.w, h: m.h, data: out };
}

/** Erode a mask by a disc of radius r. */
export function erode(m: Mask, r: number): Mask {
  if (r <= 0) return { w: m.w, h: m.h, data: m.data.slice() };
  return onBox(m, Math.ceil(r) + 1, (c) => erodeFull(c, r));
}

function erodeFull(m: Mask, r: number): Mask {
  const d = r <= 16 ? distanceSquaredBounded(m, 0, Math.ceil(r)) : distanceSquared(m, 0);
  const out = new Uint8Array(m.w * m.h);
  const r2 = r * r;
  for (let i = 0; i < out.length; i++) out[i] = d[i] > r2 ? 1 : 0;
  return { w: m.w, h: m.h, data: out };
}

export function close(m: Mask, r: number): Mask {
  return erode(dilate(m, r), r);
}

export function open(m: Mask, r: number): Mask {
  return dilate(erode(m, r), r);
}

export interface Components {
  readonly labels: Int32Array; // 0 = not part of any component, else 1..count
  readonly count: number;
  readonly areas: number[]; // areas[label]
  readonly touchesBorder: boolean[]; // touchesBorder[label]
}

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/** Connected components of pixels equal to `value` (8-connected for 1s, 4-connected for 0s by default). */
export function components(m: Mask, value: 0 | 1, eight = value === 1): Components {
  const { w, h, data } = m;
  const labels = new Int32Array(w * h);
  const parent = new Int32Array(w * h + 1);
  let next = 1;
  const union = (a: number, b: number): void => {
    const ra = find(parent, a);
    const rb = find(parent, b);
    if (ra !== rb) {
      if (ra < rb) parent[rb] = ra;
      else parent[ra] = rb;
    }
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      if (data[i] !== value) continue;
      let l = 0;
      if (x > 0 && data[i - 1] === value) l = labels[i - 1];
      if (y > 0) {
        const up = i - w;
        if (data[up] === value) {
          if (l) union(l, labels[up]);
          else l = labels[up];
        }
        if (eight) {
          if (x > 0 && data[up - 1] === value) {
            if (l) union(l, labels[up - 1]);
            else l = labels[up - 1];
          }
          if (x < w - 1 && data[up + 1] === value) {
            if (l) union(l, labels[up + 1]);
            else l = labels[up + 1];
          }
        }
      }
      if (!l) {
        l = next++;
        parent[l] = l;
      }
      labels[i] = l;
    }
  }
  // compact labels
  const map = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = find(parent, l);
    if (r === l) map[l] = ++count;
  }
  for (let l = 1; l < next; l++) map[l] = map[find(parent, l)];
  const areas: number[] = new Array(count + 1).fill(0);
  const touches: boolean[] = new Array(count + 1).fill(false);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const edgeRow = y === 0 || y === h - 1;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      const l0 = labels[i];
      if (!l0) continue;
      const l = map[l0];
      labels[i] = l;
      areas[l]++;
      if (edgeRow || x === 0 || x === w - 1) touches[l] = true;
    }
  }
  return { labels, count, areas, touchesBorder: touches };
}

/** Remove ink components smaller than `minArea` and fill enclosed paper holes smaller than `minHole`. In place. */
export function despeckle(m: Mask, minArea: number, minHole: number): void {
  if (minArea > 0) {
    const c = components(m, 1);
    for (let i = 0; i < m.data.length; i++) {
      const l = c.labels[i];
      if (l && c.areas[l] < minArea) m.data[i] = 0;
    }
  }
  if (minHole > 0) {
    const c = components(m, 0);
    for (let i = 0; i < m.data.length; i++) {
      const l = c.labels[i];
      if (l && !c.touchesBorder[l] && c.areas[l] < minHole) m.data[i] = 1;
    }
  }
}

/** Keep only the ink components for which `keep(label, area)` is true. In place. */
export function keepComponents(m: Mask, keep: (c: Components, label: number) => boolean): void {
  const c = components(m, 1);
  const ok = new Uint8Array(c.count + 1);
  for (let l = 1; l <= c.count; l++) ok[l] = keep(c, l) ? 1 : 0;
  for (let i = 0; i < m.data.length; i++) if (m.data[i] && !ok[c.labels[i]]) m.data[i] = 0;
}

/** Fill every hole (0-component not touching the border). In place. */
export function fillHoles(m: Mask): void {
  const c = components(m, 0);
  for (let i = 0; i < m.data.length; i++) {
    const l = c.labels[i];
    if (l && !c.touchesBorder[l]) m.data[i] = 1;
  }
}

/** Fill a polygon (even-odd) into a mask with value 1. In place. */
export function fillPolygon(m: Mask, pts: readonly (readonly [number, number])[]): void {
  const { w, h, data } = m;
  if (pts.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of pts) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(h - 1, Math.ceil(maxY));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i];
      const [xj, yj] = pts[j];
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const a = Math.max(0, Math.ceil(xs[k] - 0.5));
      const b = Math.min(w - 1, Math.floor(xs[k + 1] - 0.5));
      for (let x = a; x <= b; x++) data[y * w + x] = 1;
    }
  }
}

/** Soft (anti-aliased) rasterisation of a thick polyline into a coverage image, taking the max. */
export function strokePolyline(cov: FloatImage, pts: readonly (readonly [number, number])[], width: number, closed = false): void {
  const r = width / 2;
  const n = pts.length;
  if (n === 0) return;
  const segs = closed ? n : n - 1;
  if (segs <= 0) {
    strokeSegment(cov, pts[0], pts[0], r);
    return;
  }
  for (let i = 0; i < segs; i++) strokeSegment(cov, pts[i], pts[(i + 1) % n], r);
}

function strokeSegment(cov: FloatImage, a: readonly [number, number], b: readonly [number, number], r: number): void {
  const { w, h, data } = cov;
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - r - 1));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(a[0], b[0]) + r + 1));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r - 1));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(a[1], b[1]) + r + 1));
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      let t = len2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / len2 : 0;
      if (t < 0) t = 0;
      else if (t > 1) t = 1;
      const ex = a[0] + t * dx - px;
      const ey = a[1] + t * dy - py;
      const d = Math.sqrt(ex * ex + ey * ey);
      let c = r - d + 0.5;
      if (c <= 0) continue;
      if (c > 1) c = 1;
      const i = y * w + x;
      if (c > data[i]) data[i] = c;
    }
  }
}

export function maskFrom(img: FloatImage, threshold = 0.5): Mask {
  const out = new Uint8Array(img.w * img.h);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i] >= threshold ? 1 : 0;
  return { w: img.w, h: img.h, data: out };
}

export function maskToFloat(m: Mask): FloatImage {
  const out = new Float32Array(m.w * m.h);
  for (let i = 0; i < out.length; i++) out[i] = m.data[i];
  return { w: m.w, h: m.h, data: out };
}

/** Smooth a binary mask: blur by sigma and threshold at 0.5 (rounds corners, removes thin bits). */
export function smoothMask(m: Mask, sigma: number): Mask {
  const f = maskToFloat(m);
  const b = gaussianBlur(f.data, m.w, m.h, sigma);
  const out = new Uint8Array(m.w * m.h);
  for (let i = 0; i < out.length; i++) out[i] = b[i] >= 0.5 ? 1 : 0;
  return { w: m.w, h: m.h, data: out };
}

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/**
 * A stage clock for the optional timings record: lap(name) adds the wall time since the previous lap under
 * `name` and the process CPU time under `name.cpu` (wall time is unreliable on a shared machine).
 */
export function stageClock(timings?: Record<string, number>): (name: string) => void {
  if (!timings) return () => undefined;
  let t = performance.now();
  let c = cpuMs();
  return (name: string): void => {
    const now = performance.now();
    const cnow = cpuMs();
    timings[name] = (timings[name] ?? 0) + (now - t);
    timings[`${name}.cpu`] = (timings[`${name}.cpu`] ?? 0) + (cnow - c);
    t = now;
    c = cnow;
  };
}
