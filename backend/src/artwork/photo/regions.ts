// Any photo → nested partitions into colourable regions, one per level: the smoothed photo's colours clustered
// (k-means in Lab), its connected patches, then merged pairwise (Ward's cost, raised where the photo has a strong
// edge between them; at the youngest levels sharpness counts beside colour) until each level's region count and
// smallest region are met. Coarser levels continue the finer ones' merging, so a level-1 region is always a union of
// level-4 regions. Deterministic: no randomness.

import type { Level } from '../portrait/index.js';

export interface Lab {
  readonly w: number;
  readonly h: number;
  /** interleaved L, a, b */
  readonly data: Float32Array;
}

export interface RegionTarget {
  /** merge until at most this many regions remain */
  readonly regions: number;
  /** and none is smaller than this (pixels of the segmentation raster) */
  readonly minArea: number;
  /** nor thinner than this on average (2 x area / perimeter, pixels): no slivers along an edge */
  readonly minWidth: number;
  /** and any merge cheaper than this is made whatever the count (Ward's cost times the edge factor, per 150 000 pixels) */
  readonly cheapMerge: number;
  /** weight of the difference in sharpness in the merge cost (L units per unit of `sharpness`; 0: colour only) */
  readonly sharpness: number;
  /** a cheap merge is made only across a boundary weaker than this (its mean edge strength; Infinity: any boundary) */
  readonly cheapEdge: number;
}

const srgbToLinear = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const labF = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** sRGB (interleaved bytes) → CIE Lab (D65). */
export function toLab(rgb: Uint8Array, w: number, h: number): Lab {
  const data = new Float32Array(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const r = srgbToLinear[rgb[i * 3]];
    const g = srgbToLinear[rgb[i * 3 + 1]];
    const b = srgbToLinear[rgb[i * 3 + 2]];
    const x = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    data[i * 3] = 116 * y - 16;
    data[i * 3 + 1] = 500 * (x - y);
    data[i * 3 + 2] = 200 * (y - z);
  }
  return { w, h, data };
}

/** k-means on every 3rd pixel; the centres start at evenly spaced lightness quantiles (no random start). */
function kmeans(lab: Lab, k: number, iterations: number): Float32Array {
  const n = lab.w * lab.h;
  const sample: number[] = [];
  for (let i = 0; i < n; i += 3) sample.push(i);
  sample.sort((p, q) => lab.data[p * 3] - lab.data[q * 3] || p - q);
  const centres = new Float32Array(k * 3);
  for (let c = 0; c < k; c++) {
    const p = sample[Math.min(sample.length - 1, Math.floor(((c + 0.5) / k) * sample.length))];
    centres.set(lab.data.subarray(p * 3, p * 3 + 3), c * 3);
  }
  const sums = new Float64Array(k * 4);
  for (let it = 0; it < iterations; it++) {
    sums.fill(0);
    for (const p of sample) {
      const c = nearest(centres, k, lab.data, p * 3);
      sums[c * 4] += lab.data[p * 3];
      sums[c * 4 + 1] += lab.data[p * 3 + 1];
      sums[c * 4 + 2] += lab.data[p * 3 + 2];
      sums[c * 4 + 3]++;
    }
    for (let c = 0; c < k; c++) {
      const m = sums[c * 4 + 3];
      if (m) for (let j = 0; j < 3; j++) centres[c * 3 + j] = sums[c * 4 + j] / m;
    }
  }
  return centres;
}

function nearest(centres: Float32Array, k: number, data: Float32Array, o: number): number {
  let best = 0;
  let bd = Infinity;
  for (let c = 0; c < k; c++) {
    const dl = data[o] - centres[c * 3];
    const da = data[o + 1] - centres[c * 3 + 1];
    const db = data[o + 2] - centres[c * 3 + 2];
    const d = dl * dl + da * da + db * db;
    if (d < bd) {
      bd = d;
      best = c;
    }
  }
  return best;
}

/** Connected patches (4-connected) of equal cluster index. Labels 0..count-1. */
function patches(cluster: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  let count = 0;
  for (let s = 0; s < w * h; s++) {
    if (labels[s] >= 0) continue;
    const c = cluster[s];
    let sp = 0;
    stack[sp++] = s;
    labels[s] = count;
    while (sp) {
      const i = stack[--sp];
      const x = i % w;
      const visit = (j: number): void => {
        if (labels[j] < 0 && cluster[j] === c) {
          labels[j] = count;
          stack[sp++] = j;
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (i >= w) visit(i - w);
      if (i + w < w * h) visit(i + w);
    }
    count++;
  }
  return { labels, count };
}

/** Min-heap of candidate merges; stale entries are skipped by their regions' versions. */
class MergeHeap {
  private cost: number[] = [];
  private a: number[] = [];
  private b: number[] = [];
  private va: number[] = [];
  private vb: number[] = [];
  get size(): number {
    return this.cost.length;
  }
  /** The cheapest entry's cost (the heap must not be empty). */
  get topCost(): number {
    return this.cost[0];
  }
  clear(): void {
    this.cost = [];
    this.a = [];
    this.b = [];
    this.va = [];
    this.vb = [];
  }
  push(cost: number, a: number, b: number, va: number, vb: number): void {
    let i = this.cost.length;
    this.cost.push(cost);
    this.a.push(a);
    this.b.push(b);
    this.va.push(va);
    this.vb.push(vb);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  /** The cheapest entry (a, b, va, vb), removed. */
  pop(): [number, number, number, number] {
    const top: [number, number, number, number] = [this.a[0], this.b[0], this.va[0], this.vb[0]];
    const last = this.cost.length - 1;
    this.swap(0, last);
    this.cost.pop();
    this.a.pop();
    this.b.pop();
    this.va.pop();
    this.vb.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.cost.length && this.less(l, m)) m = l;
      if (r < this.cost.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
  // ties broken by the region ids, so the order (and the art) never depends on the engine's sort
  private less(i: number, j: number): boolean {
    return (
      this.cost[i] < this.cost[j] ||
      (this.cost[i] === this.cost[j] && (this.a[i] < this.a[j] || (this.a[i] === this.a[j] && this.b[i] < this.b[j])))
    );
  }
  private swap(i: number, j: number): void {
    for (const arr of [this.cost, this.a, this.b, this.va, this.vb]) [arr[i], arr[j]] = [arr[j], arr[i]];
  }
}

/**
 * Label maps (one per level, same raster as `lab`) from the finest to the coarsest target. `edge` is an edge
 * strength per pixel (0..1 or so) that makes a merge across a strong edge of the photo dearer.
 */
export function partition(
  lab: Lab,
  edge: Float32Array,
  targets: Readonly<Record<Level, RegionTarget>>,
  sharpness: Float32Array,
  clusters = 20,
): Record<Level, Int32Array> {
  const { w, h } = lab;
  const n = w * h;
  const centres = kmeans(lab, clusters, 8);
  const cluster = new Uint8Array(n);
  for (let i = 0; i < n; i++) cluster[i] = nearest(centres, clusters, lab.data, i * 3);
  const { labels, count } = patches(cluster, w, h);

  const area = new Float64Array(count);
  const sum = new Float64Array(count * 3);
  const sharpSum = new Float64Array(count);
  for (let i = 0; i < n; i++) {
    const r = labels[i];
    area[r]++;
    sharpSum[r] += sharpness[i];
    sum[r * 3] += lab.data[i * 3];
    sum[r * 3 + 1] += lab.data[i * 3 + 1];
    sum[r * 3 + 2] += lab.data[i * 3 + 2];
  }
  // shared boundary per pair: [pixel edges, summed edge strength]
  const adj: Map<number, [number, number]>[] = Array.from({ length: count }, () => new Map());
  const touch = (p: number, q: number, e: number): void => {
    const a = labels[p];
    const b = labels[q];
    if (a === b) return;
    const ab = adj[a].get(b);
    if (ab) {
      ab[0]++;
      ab[1] += e;
    } else {
      const v: [number, number] = [1, e];
      adj[a].set(b, v);
      adj[b].set(a, v);
    }
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w) touch(i, i + 1, Math.max(edge[i], edge[i + 1]));
      if (y + 1 < h) touch(i, i + w, Math.max(edge[i], edge[i + w]));
    }
  }

  // perimeter: the pixel edges shared with other regions and with the image border
  const perim = new Float64Array(count);
  for (let a = 0; a < count; a++) for (const [len] of adj[a].values()) perim[a] += len;
  for (let x = 0; x < w; x++) {
    perim[labels[x]]++;
    perim[labels[(h - 1) * w + x]]++;
  }
  for (let y = 0; y < h; y++) {
    perim[labels[y * w]]++;
    perim[labels[y * w + w - 1]]++;
  }
  const parent = new Int32Array(count).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const version = new Int32Array(count);
  let live = count;
  const heap = new MergeHeap();
  let minArea = 0;
  let minWidth = 0;
  let sharpWeight = 0;
  let cheapEdge = Infinity;
  const tooSmall = (r: number): boolean => area[r] < minArea || (2 * area[r]) / perim[r] < minWidth;
  /** live regions too small or too thin */
  let small = 0;
  const cost = (a: number, b: number): number => {
    const [len, e] = adj[a].get(b)!;
    let d2 = 0;
    for (let j = 0; j < 3; j++) d2 += (sum[a * 3 + j] / area[a] - sum[b * 3 + j] / area[b]) ** 2;
    d2 += (sharpWeight * (sharpSum[a] / area[a] - sharpSum[b] / area[b])) ** 2;
    const ward = ((area[a] * area[b]) / (area[a] + area[b])) * d2;
    const strength = e / len;
    const c = ward * (0.05 + strength * strength * 8);
    // regions too small or thin for the level go first, whatever their colour, the smallest first
    return tooSmall(a) || tooSmall(b) ? c * 1e-9 * (1 + Math.min(area[a], area[b]) / (minArea + 1)) : c;
  };
  const pushPairs = (a: number): void => {
    for (const b of adj[a].keys()) {
      const [p, q] = a < b ? [a, b] : [b, a];
      heap.push(cost(p, q), p, q, version[p], version[q]);
    }
  };
  const merge = (a: number, b: number): void => {
    // b joins a
    if (tooSmall(a)) small--;
    if (tooSmall(b)) small--;
    parent[b] = a;
    perim[a] += perim[b] - 2 * adj[a].get(b)![0];
    area[a] += area[b];
    for (let j = 0; j < 3; j++) sum[a * 3 + j] += sum[b * 3 + j];
    sharpSum[a] += sharpSum[b];
    adj[a].delete(b);
    for (const [c, v] of adj[b]) {
      if (c === a) continue;
      adj[c].delete(b);
      const existing = adj[a].get(c);
      if (existing) {
        existing[0] += v[0];
        existing[1] += v[1];
      } else {
        const nv: [number, number] = [v[0], v[1]];
        adj[a].set(c, nv);
        adj[c].set(a, nv);
      }
    }
    adj[b].clear();
    version[a]++;
    version[b]++;
    live--;
    if (tooSmall(a)) small++;
    pushPairs(a);
  };

  const out = {} as Record<Level, Int32Array>;
  for (const level of [4, 3, 2, 1] as const) {
    const t = targets[level];
    minArea = t.minArea;
    minWidth = t.minWidth;
    sharpWeight = t.sharpness;
    cheapEdge = t.cheapEdge;
    small = 0;
    for (let r = 0; r < count; r++) if (parent[r] === r && tooSmall(r)) small++;
    heap.clear();
    for (let a = 0; a < count; a++) {
      if (parent[a] !== a) continue;
      for (const b of adj[a].keys()) if (a < b) heap.push(cost(a, b), a, b, version[a], version[b]);
    }
    // merge down to the level's count, and on while the merges are cheap (a gradient split into bands, not a shape)
    const cheap = t.cheapMerge * (n / 150_000);
    while (heap.size && (live > t.regions || small > 0 || heap.topCost < cheap)) {
      const [a, b, va, vb] = heap.pop();
      if (parent[a] !== a || parent[b] !== b || version[a] !== va || version[b] !== vb) continue;
      // past the count, only shading is merged, never a clear edge
      if (live <= t.regions && small === 0) {
        const [len, e] = adj[a].get(b)!;
        if (e / len >= cheapEdge) continue;
      }
      // the larger region keeps its id
      if (area[a] >= area[b]) merge(a, b);
      else merge(b, a);
    }
    const map = new Int32Array(n);
    for (let i = 0; i < n; i++) map[i] = find(labels[i]);
    out[level] = map;
  }
  return out;
}

/**
 * Majority filter over a (2r+1)² window, `passes` times: region borders lose their pixel noise and become smooth
 * curves. A region the filter would erase keeps its pixels.
 */
export function smoothLabels(labels: Int32Array, w: number, h: number, r: number, passes: number): Int32Array {
  let cur = labels;
  const ids: number[] = [];
  const votes: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const next = new Int32Array(cur.length);
    const near = nearBorder(cur, w, h, r);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const own = cur[y * w + x];
        if (!near[y * w + x]) {
          next[y * w + x] = own;
          continue;
        }
        ids.length = 0;
        votes.length = 0;
        for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
          for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
            const l = cur[yy * w + xx];
            const k = ids.indexOf(l);
            if (k < 0) {
              ids.push(l);
              votes.push(1);
            } else votes[k]++;
          }
        }
        let best = own;
        let bv = votes[ids.indexOf(own)];
        for (let k = 0; k < ids.length; k++) {
          if (votes[k] > bv) {
            bv = votes[k];
            best = ids[k];
          }
        }
        next[y * w + x] = best;
      }
    }
    // a region that vanished entirely gets its pixels back
    const before = new Set(cur);
    const after = new Set(next);
    if (before.size !== after.size) for (let i = 0; i < next.length; i++) if (!after.has(cur[i])) next[i] = cur[i];
    cur = next;
  }
  return cur;
}

/** 1 where the (2r+1)² window around a pixel may hold more than one label: within r (either axis) of a border. */
function nearBorder(labels: Int32Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -1e9;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((x + 1 < w && labels[i + 1] !== labels[i]) || (y + 1 < h && labels[i + w] !== labels[i])) last = x + 1;
      if (x - last <= r) rows[i] = 1;
    }
    last = 1e9;
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if ((x + 1 < w && labels[i + 1] !== labels[i]) || (y + 1 < h && labels[i + w] !== labels[i])) last = x;
      if (last - x <= r) rows[i] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let last = -1e9;
    for (let y = 0; y < h; y++) {
      if (rows[y * w + x]) last = y + 1;
      if (y - last <= r) out[y * w + x] = 1;
    }
    last = 1e9;
    for (let y = h - 1; y >= 0; y--) {
      if (rows[y * w + x]) last = y;
      if (last - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}
