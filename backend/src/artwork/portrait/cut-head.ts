// A head the photo's frame cuts (hair running off the top or a side) is given back a round top: the working image
// grows on that side, the child's region goes on past the cut as a rounded cap of hair, and the photo's edge pixels are
// repeated there so the drawing finds hair and no new edge. Every level then draws a round head (decision 032).

import type { Mask } from './raster.js';
import type { Pt } from './trace.js';

export interface CutHeadInput {
  readonly rgb: Uint8Array;
  readonly w: number;
  readonly h: number;
  readonly prob: Float32Array;
  readonly person: Mask;
  readonly mesh: readonly Pt[];
}

/**
 * Where the photo lies in a working image grown for a cut head: its rectangle `[x0, x1) x [y0, h)` and the edges whose
 * cut was given a cap. Levels 3-4 fade the traced hair out before those edges (lineart.ts).
 */
export interface PhotoFrame {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly top: boolean;
  readonly left: boolean;
  readonly right: boolean;
}

/** Face oval landmarks used here: the forehead top and the chin. */
const FOREHEAD = 10;
const CHIN = 152;
const CHEEKS = [234, 454] as const;

/**
 * A cap over a cut: half an ellipse along the edge from `from` to `to` (working pixels), standing out of it by at most
 * `depth`. Where the cut runs into a corner of the photo also cut on the other edge, the span goes on past the corner
 * by the other cap's depth, so the cap still stands out at the corner (the corner itself is a quarter ellipse); where
 * it runs on to the end of the edge (hair or shoulders cut by a side and the bottom), the cap falls back to the edge
 * there. No cap keeps its full depth along the edge: a close-up cut on three sides drew a box (decision 032).
 */
interface Cap {
  readonly from: number;
  readonly to: number;
  readonly depth: number;
}

/** The longest run of the child along one edge of the photo, limited to `[lo, hi)`; null if shorter than `min`. */
function run(inside: (k: number) => boolean, lo: number, hi: number, min: number): [number, number] | null {
  let best: [number, number] | null = null;
  let start = -1;
  for (let k = lo; k <= hi; k++) {
    const on = k < hi && inside(k);
    if (on && start < 0) start = k;
    if (!on && start >= 0) {
      if (!best || k - start > best[1] - best[0]) best = [start, k];
      start = -1;
    }
  }
  return best && best[1] - best[0] >= min ? best : null;
}

/** How far the cap stands out of the edge at position k along it (0 outside its span). */
function capDepth(cap: Cap, k: number): number {
  const u = (2 * k - cap.from - cap.to) / (cap.to - cap.from);
  return u < -1 || u > 1 ? 0 : cap.depth * Math.sqrt(1 - u * u);
}

/**
 * The input unchanged when the head is whole; otherwise a larger working image: room above and beside the photo, the
 * child's region closed by rounded caps where the head was cut, the landmarks moved with it, and the photo's frame in it.
 */
export function completeCutHead<T extends CutHeadInput>(input: T): T & { readonly frame?: PhotoFrame } {
  const { w, h, person, mesh } = input;
  const chinY = mesh[CHIN][1];
  const topY = mesh[FOREHEAD][1];
  const fh = chinY - topY;
  const cx = (mesh[CHEEKS[0]][0] + mesh[CHEEKS[1]][0]) / 2;
  const fw = Math.abs(mesh[CHEEKS[1]][0] - mesh[CHEEKS[0]][0]);
  if (!(fh > 0 && fw > 0)) return input;
  const at = (x: number, y: number): boolean => person.data[y * w + x] === 1;
  const min = 0.08 * fw;
  // Where the skull and the hair would reach, were the photo larger: the crown about 0.45 face heights above the
  // forehead's top landmark, the hair about 0.7 face widths out from the face's middle.
  const crownOut = Math.max(0, -(topY - 0.45 * fh));
  const sideOut = (edge: number): number => Math.max(0, 0.7 * fw - Math.abs(cx - edge));
  const headRows = Math.max(0, Math.min(h, Math.round(chinY)));
  const top = run((x) => at(x, 0), Math.max(0, Math.floor(cx - 1.6 * fw)), Math.min(w, Math.ceil(cx + 1.6 * fw)), min);
  const left = run((y) => at(0, y), 0, h, min);
  const right = run((y) => at(w - 1, y), 0, h, min);
  // a corner of the photo with the child on both its edges
  const cornerL = top !== null && left !== null && top[0] === 0 && left[0] === 0;
  const cornerR = top !== null && right !== null && top[1] === w && right[0] === 0;
  const side = (r: [number, number] | null, edge: number): Cap | null => {
    // only a cut beside the head: a run that starts below the chin is the shoulders, cut as a bust is
    if (!r || r[0] >= headRows) return null;
    const half = (r[1] - r[0]) / 2;
    return { from: r[0], to: r[1], depth: clamp(sideOut(edge), 0.25 * half, 0.6 * half) };
  };
  let leftCap = side(left, 0);
  let rightCap = side(right, w);
  let topCap: Cap | null = null;
  if (top) {
    const half = (top[1] - top[0]) / 2;
    topCap = { from: top[0], to: top[1], depth: clamp(crownOut, 0.3 * half, 0.75 * half) };
  }
  if (!topCap && !leftCap && !rightCap) return input;
  // a corner with the child on both its edges: each cap's half ellipse spans on past the corner by the other's depth,
  // so neither falls back to the edge there; the corner itself is a quarter ellipse of their two heights at it
  if (topCap && leftCap && cornerL) {
    [topCap, leftCap] = [
      { ...topCap, from: topCap.from - leftCap.depth },
      { ...leftCap, from: leftCap.from - topCap.depth },
    ];
  }
  if (topCap && rightCap && cornerR) {
    [topCap, rightCap] = [
      { ...topCap, to: topCap.to + rightCap.depth },
      { ...rightCap, from: rightCap.from - topCap.depth },
    ];
  }
  const inCorner = (dx: number, dy: number, side: Cap | null, y: number, x: number): boolean => {
    if (!side || !topCap) return false;
    const a = capDepth(side, y);
    const b = capDepth(topCap, x);
    return a > 0 && b > 0 && (dx / a) ** 2 + (dy / b) ** 2 <= 1;
  };
  // room for the caps and a margin (pages cut a portrait's art a little inside its edge)
  const margin = Math.ceil(0.04 * (w + (leftCap?.depth ?? 0) + (rightCap?.depth ?? 0))) + 2;
  const padL = leftCap ? Math.ceil(leftCap.depth) + margin : 0;
  const padR = rightCap ? Math.ceil(rightCap.depth) + margin : 0;
  const padT = topCap ? Math.ceil(topCap.depth) + margin : 0;
  const W = w + padL + padR;
  const H = h + padT;
  const rgb = new Uint8Array(W * H * 3);
  const prob = new Float32Array(W * H);
  const data = new Uint8Array(W * H);
  const edges = {
    top: edgeSums(input.rgb, w, 0, 3),
    left: edgeSums(input.rgb, h, 0, 3 * w),
    right: edgeSums(input.rgb, h, 3 * (w - 1), 3 * w),
  };
  for (let y = 0; y < H; y++) {
    const oy = y - padT;
    const sy = Math.min(h - 1, Math.max(0, oy));
    for (let x = 0; x < W; x++) {
      const ox = x - padL;
      const sx = Math.min(w - 1, Math.max(0, ox));
      const o = y * W + x;
      const s = sy * w + sx;
      if (ox >= 0 && ox < w && oy >= 0) {
        rgb[o * 3] = input.rgb[s * 3];
        rgb[o * 3 + 1] = input.rgb[s * 3 + 1];
        rgb[o * 3 + 2] = input.rgb[s * 3 + 2];
      } else {
        // past the photo: its edge, averaged along the edge over a window that widens with the distance (no streaks)
        const outX = ox < 0 ? -ox : ox >= w ? ox - w + 1 : 0;
        const outY = oy < 0 ? -oy : 0;
        if (outY >= outX) edgeMean(edges.top, sx, 1 + 1.5 * outY, rgb, o * 3);
        else edgeMean(ox < 0 ? edges.left : edges.right, sy, 1 + 1.5 * outX, rgb, o * 3);
      }
      let inside: boolean;
      if (ox >= 0 && ox < w && oy >= 0) inside = person.data[s] === 1;
      else {
        inside =
          (topCap !== null && oy < 0 && ox >= 0 && ox < w && -oy <= capDepth(topCap, ox)) ||
          (leftCap !== null && ox < 0 && oy >= 0 && -ox <= capDepth(leftCap, oy)) ||
          (rightCap !== null && ox >= w && oy >= 0 && ox - w < capDepth(rightCap, oy)) ||
          (oy < 0 && ox < 0 && cornerL && inCorner(-ox, -oy, leftCap, 0, 0)) ||
          (oy < 0 && ox >= w && cornerR && inCorner(ox - w + 1, -oy, rightCap, 0, w - 1));
      }
      data[o] = inside ? 1 : 0;
      prob[o] = ox >= 0 && ox < w && oy >= 0 ? input.prob[s] : inside ? 1 : 0;
    }
  }
  return {
    ...input,
    rgb,
    w: W,
    h: H,
    prob,
    person: { w: W, h: H, data },
    mesh: mesh.map((p) => [p[0] + padL, p[1] + padT] as Pt),
    frame: { x0: padL, y0: padT, x1: padL + w, top: topCap !== null, left: leftCap !== null, right: rightCap !== null },
  };
}

/** Running sums of each colour along one edge of the photo (n pixels from byte `start`, `step` bytes apart). */
function edgeSums(rgb: Uint8Array, n: number, start: number, step: number): Float64Array[] {
  const sums = [new Float64Array(n + 1), new Float64Array(n + 1), new Float64Array(n + 1)];
  for (let k = 0; k < n; k++) for (let c = 0; c < 3; c++) sums[c][k + 1] = sums[c][k] + rgb[start + k * step + c];
  return sums;
}

/** The edge's mean colour over [k - r, k + r] into out[o..o+2]. */
function edgeMean(sums: Float64Array[], k: number, r: number, out: Uint8Array, o: number): void {
  const n = sums[0].length - 1;
  const a = Math.max(0, Math.round(k - r));
  const b = Math.min(n, Math.round(k + r) + 1);
  for (let c = 0; c < 3; c++) out[o + c] = Math.round((sums[c][b] - sums[c][a]) / (b - a));
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
