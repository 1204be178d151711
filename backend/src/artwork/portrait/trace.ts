// Contour tracing (marching squares on a float field), simplification and compact SVG path output.
// Written here (no GPL tracer): iso-lines of a lightly blurred binary image give smooth sub-pixel contours.

import type { FloatImage, Mask } from './raster.js';

export type Pt = [number, number];

/**
 * Closed iso-contours of `f` at `iso`. Everything outside the image counts as below the level, so every
 * contour is closed (a shape touching the border is closed along the border). Outer boundaries and holes
 * come out with opposite winding.
 */
export function isoContours(f: FloatImage, iso = 0.5): Pt[][] {
  const { w, h, data } = f;
  const W = w + 2;
  const H = h + 2;
  // padded copy: a ring of zeros around the image
  const pv = new Float32Array(W * H);
  const pin = new Uint8Array(W * H);
  for (let y = 0; y < h; y++) {
    const src = y * w;
    const dst = (y + 1) * W + 1;
    for (let x = 0; x < w; x++) {
      const v = data[src + x];
      pv[dst + x] = v;
      pin[dst + x] = v >= iso ? 1 : 0;
    }
  }
  const next = new Int32Array(2 * W * H).fill(-1);
  const pos = new Float32Array(2 * W * H * 2);
  const setPos = (id: number, ax: number, ay: number, va: number, bx: number, by: number, vb: number): void => {
    const t = (iso - va) / (vb - va);
    pos[id * 2] = ax + (bx - ax) * t - 0.5;
    pos[id * 2 + 1] = ay + (by - ay) * t - 0.5;
  };
  const ins = [false, false, false, false];
  const eid = [0, 0, 0, 0];
  for (let y = 0; y < H - 1; y++) {
    const r0 = y * W;
    const r1 = r0 + W;
    for (let x = 0; x < W - 1; x++) {
      const code = pin[r0 + x] | (pin[r0 + x + 1] << 1) | (pin[r1 + x + 1] << 2) | (pin[r1 + x] << 3);
      if (code === 0 || code === 15) continue;
      const v0 = pv[r0 + x];
      const v1 = pv[r0 + x + 1];
      const v2 = pv[r1 + x + 1];
      const v3 = pv[r1 + x];
      ins[0] = (code & 1) !== 0;
      ins[1] = (code & 2) !== 0;
      ins[2] = (code & 4) !== 0;
      ins[3] = (code & 8) !== 0;
      eid[0] = (r0 + x) * 2; // top: horizontal edge at (x, y)
      eid[1] = (r0 + x + 1) * 2 + 1; // right: vertical edge at (x+1, y)
      eid[2] = (r1 + x) * 2; // bottom: horizontal edge at (x, y+1)
      eid[3] = (r0 + x) * 2 + 1; // left: vertical edge at (x, y)
      if (ins[0] !== ins[1]) setPos(eid[0], x, y, v0, x + 1, y, v1);
      if (ins[1] !== ins[2]) setPos(eid[1], x + 1, y, v1, x + 1, y + 1, v2);
      if (ins[2] !== ins[3]) setPos(eid[2], x, y + 1, v3, x + 1, y + 1, v2);
      if (ins[3] !== ins[0]) setPos(eid[3], x, y, v0, x, y + 1, v3);
      if (code === 5 || code === 10) {
        const centre = (v0 + v1 + v2 + v3) / 4 >= iso;
        for (let j = 0; j < 4; j++) {
          if (centre && !ins[j]) next[eid[j]] = eid[(j + 3) & 3];
          if (!centre && ins[j]) next[eid[(j + 3) & 3]] = eid[j];
        }
      } else {
        let entry = -1;
        let exit = -1;
        for (let j = 0; j < 4; j++) {
          const a = ins[j];
          const b = ins[(j + 1) & 3];
          if (a !== b) {
            if (a) exit = j;
            else entry = j;
          }
        }
        next[eid[entry]] = eid[exit];
      }
    }
  }
  const out: Pt[][] = [];
  for (let start = 0; start < next.length; start++) {
    if (next[start] < 0) continue;
    const loop: Pt[] = [];
    let id = start;
    while (next[id] >= 0) {
      loop.push([pos[id * 2], pos[id * 2 + 1]]);
      const n = next[id];
      next[id] = -1;
      id = n;
    }
    if (loop.length >= 3) out.push(loop);
  }
  return out;
}

/** Contours of a binary mask, softened by a small blur so diagonal steps become smooth curves. */
export function maskContours(m: Mask, soften: number, blur: (d: Float32Array, w: number, h: number, s: number) => Float32Array): Pt[][] {
  const f = new Float32Array(m.w * m.h);
  for (let i = 0; i < f.length; i++) f[i] = m.data[i];
  const b = soften > 0 ? blur(f, m.w, m.h, soften) : f;
  return isoContours({ w: m.w, h: m.h, data: b }, 0.5);
}

export function polygonArea(p: readonly Pt[]): number {
  let a = 0;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) a += (p[j][0] + p[i][0]) * (p[j][1] - p[i][1]);
  return a / 2;
}

export function polylineLength(p: readonly Pt[], closed = false): number {
  let l = 0;
  for (let i = 1; i < p.length; i++) l += Math.hypot(p[i][0] - p[i - 1][0], p[i][1] - p[i - 1][1]);
  if (closed && p.length > 1) l += Math.hypot(p[0][0] - p[p.length - 1][0], p[0][1] - p[p.length - 1][1]);
  return l;
}

function dpRange(p: readonly Pt[], a: number, b: number, tol2: number, keep: Uint8Array): void {
  const stack: number[] = [a, b];
  while (stack.length) {
    const j = stack.pop()!;
    const i = stack.pop()!;
    if (j <= i + 1) continue;
    const [ax, ay] = p[i];
    const [bx, by] = p[j % p.length];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let best = -1;
    let bestD = tol2;
    for (let k = i + 1; k < j; k++) {
      const [px, py] = p[k];
      let d2: number;
      if (len2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const cr = (px - ax) * dy - (py - ay) * dx;
        d2 = (cr * cr) / len2;
      }
      if (d2 > bestD) {
        bestD = d2;
        best = k;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push(i, best, best, j);
    }
  }
}

/** Douglas-Peucker simplification of a polyline (or closed loop). */
export function simplify(p: readonly Pt[], tol: number, closed: boolean): Pt[] {
  if (p.length <= 3) return p.map((q) => [q[0], q[1]] as Pt);
  const keep = new Uint8Array(p.length);
  keep[0] = 1;
  const tol2 = tol * tol;
  if (closed) {
    // split at the point farthest from p[0]
    let far = 0;
    let fd = -1;
    for (let k = 1; k < p.length; k++) {
      const d = (p[k][0] - p[0][0]) ** 2 + (p[k][1] - p[0][1]) ** 2;
      if (d > fd) {
        fd = d;
        far = k;
      }
    }
    keep[far] = 1;
    dpRange(p, 0, far, tol2, keep);
    dpRange(p, far, p.length, tol2, keep); // index p.length wraps to 0
  } else {
    keep[p.length - 1] = 1;
    dpRange(p, 0, p.length - 1, tol2, keep);
  }
  const out: Pt[] = [];
  for (let k = 0; k < p.length; k++) if (keep[k]) out.push([p[k][0], p[k][1]]);
  return out;
}

/** Chaikin corner cutting (keeps the ends of open lines). */
export function chaikin(p: readonly Pt[], closed: boolean, iterations = 1): Pt[] {
  let cur: Pt[] = p.map((q) => [q[0], q[1]] as Pt);
  for (let it = 0; it < iterations; it++) {
    const n = cur.length;
    if (n < 3) return cur;
    const out: Pt[] = [];
    if (!closed) out.push(cur[0]);
    const segs = closed ? n : n - 1;
    for (let i = 0; i < segs; i++) {
      const a = cur[i];
      const b = cur[(i + 1) % n];
      out.push([0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]]);
      out.push([0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]]);
    }
    if (!closed) {
      out.splice(1, 1);
      out.splice(out.length - 1, 1);
      out.push(cur[n - 1]);
    }
    cur = out;
  }
  return cur;
}

/** Moving-average smoothing of a closed loop or open line (ends fixed), `passes` times. */
export function smoothPoints(p: readonly Pt[], closed: boolean, passes: number): Pt[] {
  let cur: Pt[] = p.map((q) => [q[0], q[1]] as Pt);
  const n = cur.length;
  if (n < 3) return cur;
  for (let it = 0; it < passes; it++) {
    const out: Pt[] = new Array(n);
    for (let i = 0; i < n; i++) {
      if (!closed && (i === 0 || i === n - 1)) {
        out[i] = cur[i];
        continue;
      }
      const a = cur[(i - 1 + n) % n];
      const b = cur[i];
      const c = cur[(i + 1) % n];
      out[i] = [(a[0] + 2 * b[0] + c[0]) / 4, (a[1] + 2 * b[1] + c[1]) / 4];
    }
    cur = out;
  }
  return cur;
}

/** Resample a polyline at (about) equal spacing. */
export function resample(p: readonly Pt[], spacing: number, closed: boolean): Pt[] {
  if (p.length < 2) return p.map((q) => [q[0], q[1]] as Pt);
  const pts = closed ? [...p, p[0]] : [...p];
  const total = polylineLength(pts);
  const n = Math.max(closed ? 3 : 2, Math.round(total / spacing));
  const step = total / n;
  const out: Pt[] = [[pts[0][0], pts[0][1]]];
  let seg = 0;
  let segStart = 0;
  let segLen = Math.hypot(pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]);
  const count = closed ? n : n + 1;
  for (let k = 1; k < count; k++) {
    const target = k * step;
    while (segStart + segLen < target && seg < pts.length - 2) {
      segStart += segLen;
      seg++;
      segLen = Math.hypot(pts[seg + 1][0] - pts[seg][0], pts[seg + 1][1] - pts[seg][1]);
    }
    const t = segLen > 0 ? Math.min(1, (target - segStart) / segLen) : 0;
    out.push([pts[seg][0] + (pts[seg + 1][0] - pts[seg][0]) * t, pts[seg][1] + (pts[seg + 1][1] - pts[seg][1]) * t]);
  }
  return out;
}

// ---- SVG path output -------------------------------------------------------------------------------

function num(tenths: number): string {
  // tenths is an integer number of tenths
  if (tenths === 0) return '0';
  const neg = tenths < 0;
  const a = Math.abs(tenths);
  const int = Math.floor(a / 10);
  const frac = a % 10;
  let s = frac ? (int ? `${int}.${frac}` : `.${frac}`) : `${int}`;
  if (neg) s = '-' + s;
  return s;
}

class PathWriter {
  private parts: string[] = [];
  private cx = 0;
  private cy = 0;
  private last = '';
  private push(cmd: string, nums: number[]): void {
    let s = cmd !== this.last || cmd === 'M' ? cmd : '';
    for (const n of nums) {
      const t = num(n);
      if (!t.startsWith('-') && (s === '' || !/[a-zA-Z]$/.test(s))) s += ' ';
      s += t;
    }
    this.parts.push(s);
    this.last = cmd === 'M' ? 'L' : cmd;
  }
  moveTo(p: Pt): void {
    const x = Math.round(p[0] * 10);
    const y = Math.round(p[1] * 10);
    this.push('M', [x, y]);
    this.cx = x;
    this.cy = y;
  }
  lineTo(p: Pt): void {
    const x = Math.round(p[0] * 10);
    const y = Math.round(p[1] * 10);
    if (x === this.cx && y === this.cy) return;
    this.push('l', [x - this.cx, y - this.cy]);
    this.cx = x;
    this.cy = y;
  }
  quadTo(c: Pt, p: Pt): void {
    const qx = Math.round(c[0] * 10);
    const qy = Math.round(c[1] * 10);
    const x = Math.round(p[0] * 10);
    const y = Math.round(p[1] * 10);
    if (x === this.cx && y === this.cy && qx === x && qy === y) return;
    this.push('q', [qx - this.cx, qy - this.cy, x - this.cx, y - this.cy]);
    this.cx = x;
    this.cy = y;
  }
  closePath(): void {
    this.parts.push('z');
    this.last = 'z';
  }
  toString(): string {
    return this.parts.join('');
  }
}

/** Smooth path through the points: quadratic B-spline (control points = the points, knots = midpoints). */
export function smoothPath(lines: readonly (readonly Pt[])[], closed: boolean): string {
  const w = new PathWriter();
  for (const p of lines) {
    const n = p.length;
    if (n < 2) continue;
    if (closed) {
      if (n < 3) continue;
      const mid = (i: number): Pt => {
        const a = p[i % n];
        const b = p[(i + 1) % n];
        return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      };
      w.moveTo(mid(n - 1));
      for (let i = 0; i < n; i++) w.quadTo(p[i] as Pt, mid(i));
      w.closePath();
    } else {
      w.moveTo(p[0] as Pt);
      if (n === 2) {
        w.lineTo(p[1] as Pt);
        continue;
      }
      for (let i = 1; i < n - 1; i++) {
        const m: Pt = i === n - 2 ? (p[n - 1] as Pt) : [(p[i][0] + p[i + 1][0]) / 2, (p[i][1] + p[i + 1][1]) / 2];
        w.quadTo(p[i] as Pt, m);
      }
    }
  }
  return w.toString();
}

/** Straight-segment path (polygons or polylines). */
export function polyPath(lines: readonly (readonly Pt[])[], closed: boolean): string {
  const w = new PathWriter();
  for (const p of lines) {
    if (p.length < 2) continue;
    w.moveTo(p[0] as Pt);
    for (let i = 1; i < p.length; i++) w.lineTo(p[i] as Pt);
    if (closed) w.closePath();
  }
  return w.toString();
}
