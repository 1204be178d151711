// A fringe (bangs) lower than the face oval's top: the landmarks' forehead runs across it, and every level drew the
// fringe's lower part as forehead. Found by colour, where the hair's and the skin's colours are apart and the oval's
// top lies in hair: in each column from just above the brows (they and the eyes are dark too) up to the oval's top,
// the forehead is where the photo is nearer the cheeks' colour than the colour just inside the oval's top.

import type { Analysis } from './analyse.js';
import type { Face } from './features.js';
import type { Pt } from './trace.js';

/** The colours just above and just inside the oval's top must each lie this far (RGB) from the skin's for the colour
 * to tell a fringe from the forehead (see decision 032 for the figures). */
const APART = 60;

/** The landmark on the nose bridge between the eyes. */
const BRIDGE = 168;

/** The bands just inside and just above the oval's top whose colours are the fringe's and the hair's, face widths deep
 * and wide (each side of the middle). */
const BAND = { deep: 0.08, half: 0.2 } as const;

/** The walk stops this many eye widths above the brows' upper landmarks (the cartoon draws its brows lifted). */
const ABOVE_BROWS = 0.2;

/** Hair this many face widths long ends the forehead in a column (a freckle or a mole does not). */
const RUN = 0.015;

/** A low fringe reaches down, between the brows' inner ends, at least this share of the way from the oval's top to
 * the stop above the brows (the median over those columns). Measured: the girl in the winter hat 0.8; the astronaut,
 * whose fringe comes down over her brows' arcs but leaves her forehead bare between them, 0.42-0.5. */
const LEAST_DEPTH = 0.65;

/** Columns across the face: the edge is found on this many and smoothed along them (a median over `median` columns
 * each side, then twice a mean over `mean` each side). */
const COLUMNS = 64;
const SMOOTH = { median: 3, mean: 3 } as const;

const median = (v: number[]): number => {
  const s = v.slice().sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
};

/** Where a vertical line at x crosses a closed polygon: its highest and lowest crossings, or null. */
function crossings(poly: readonly Pt[], x: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    if ((a[0] - x) * (b[0] - x) > 0 || a[0] === b[0]) continue;
    const y = a[1] + ((x - a[0]) / (b[0] - a[0])) * (b[1] - a[1]);
    lo = Math.min(lo, y);
    hi = Math.max(hi, y);
  }
  return lo <= hi ? [lo, hi] : null;
}

/** The height of a polyline (x increasing or decreasing) at x, held flat beyond its ends. */
function heightAt(line: readonly Pt[], x: number): number {
  const pts = line[0]![0] <= line[line.length - 1]![0] ? line : [...line].reverse();
  if (x <= pts[0]![0]) return pts[0]![1];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if (x <= b[0]) return b[0] === a[0] ? b[1] : a[1] + ((x - a[0]) / (b[0] - a[0])) * (b[1] - a[1]);
  }
  return pts[pts.length - 1]![1];
}

/**
 * The fringe's lower edge in the analysis's units: a line across the face from its left to its right side (x
 * increasing), below the oval's top where the fringe hangs and on or above it elsewhere; null when the photo shows no
 * fringe lower than the oval's top (hair swept back or parted, or a colour that cannot tell hair from skin).
 */
export function fringeEdge(a: Analysis, face: Face): Pt[] | null {
  const { w, h, rgb } = a;
  const fw = face.width;
  const oval = face.oval;
  const xs = oval.map((p) => p[0]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const cx = (x0 + x1) / 2;
  const eyeW = (face.eyes[0].width + face.eyes[1].width) / 2;
  // a pixel's colour, averaged over its 3x3 neighbours
  const colour = (x: number, y: number): [number, number, number] => {
    const c: [number, number, number] = [0, 0, 0];
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const i = (py * w + px) * 3;
        c[0] += rgb[i]!;
        c[1] += rgb[i + 1]!;
        c[2] += rgb[i + 2]!;
        n++;
      }
    }
    return [c[0] / Math.max(1, n), c[1] / Math.max(1, n), c[2] / Math.max(1, n)];
  };
  const mid = (cs: [number, number, number][]): [number, number, number] => [
    median(cs.map((c) => c[0])),
    median(cs.map((c) => c[1])),
    median(cs.map((c) => c[2])),
  ];
  const d = (c: readonly number[], m: readonly number[]): number => Math.hypot(c[0]! - m[0]!, c[1]! - m[1]!, c[2]! - m[2]!);
  // the hair's colour just above the oval's top, the fringe's just inside it (the middle of the face), the cheeks'
  const above: [number, number, number][] = [];
  const inside: [number, number, number][] = [];
  for (let x = Math.ceil(cx - BAND.half * fw); x <= cx + BAND.half * fw; x += 2) {
    const c = crossings(oval, x + 0.5);
    if (!c) continue;
    for (let y = Math.ceil(c[0]); y < c[0] + BAND.deep * fw; y += 2) inside.push(colour(x, y));
    for (let y = Math.floor(c[0]) - 1; y > c[0] - BAND.deep * fw && y >= 0; y -= 2) above.push(colour(x, y));
  }
  // the skin: the cheeks', and the nose bridge's between the eyes (lit as the forehead is, and never rosy)
  const disc = (c: Pt, r: number): [number, number, number][] => {
    const out: [number, number, number][] = [];
    for (let y = Math.ceil(c[1] - r); y <= c[1] + r; y += 2)
      for (let x = Math.ceil(c[0] - r); x <= c[0] + r; x += 2) if (Math.hypot(x - c[0], y - c[1]) < r) out.push(colour(x, y));
    return out;
  };
  const cheeks = face.eyes.flatMap((e) => disc([e.centre[0], e.centre[1] + 0.22 * face.height], 0.09 * fw));
  const bridge = disc(a.mesh[BRIDGE]!, 0.04 * fw);
  if (inside.length < 20 || above.length < 20 || cheeks.length < 20 || bridge.length < 5) return null;
  const skins = [mid(cheeks), mid(bridge)];
  const dSkin = (c: readonly number[]): number => Math.min(...skins.map((s) => d(c, s)));
  const hair = mid(inside);
  const over = mid(above);
  // the colour tells hair from skin, and the oval's top lies in hair: the colour inside it is the hair's above it,
  // not the skin's (a bare forehead, lit unlike the cheeks; a hat pulled down to the top)
  if (dSkin(over) < APART || dSkin(hair) < APART || d(hair, over) >= dSkin(hair)) return null;
  // the stop: above the brows' upper landmarks, straight across between them and held flat beyond their outer ends
  const brows = face.browUpper.map((b) => [...b].sort((p, q) => p[0] - q[0]));
  const browLine: Pt[] = [...brows[0]!, ...brows[1]!].sort((p, q) => p[0] - q[0]);
  const stopAt = (x: number): number => heightAt(browLine, x) - ABOVE_BROWS * eyeW;
  // each column: the forehead's skin runs up from the stop to the fringe's edge (the oval's top without a fringe)
  const step = (x1 - x0) / COLUMNS;
  const cols: { x: number; top: number; stop: number; edge: number }[] = [];
  for (let k = 1; k < COLUMNS; k++) {
    const x = x0 + k * step;
    const c = crossings(oval, x);
    if (!c) continue;
    const top = c[0];
    const stop = stopAt(x);
    // up from the stop through the forehead's skin: the fringe ends where a run of hair begins
    let edge = top;
    let run = 0;
    for (let y = Math.floor(stop) - 1; y >= top; y--) {
      const p = colour(x, y);
      run = d(p, hair) < dSkin(p) ? run + 1 : 0;
      if (run >= RUN * fw) {
        edge = y + run;
        break;
      }
    }
    cols.push({ x, top, stop, edge: Math.min(edge, stop) });
  }
  // a low fringe covers the forehead between the brows too, down to near the stop
  const inner = [Math.max(...brows[0]!.map((p) => p[0])), Math.min(...brows[1]!.map((p) => p[0]))];
  const middle = cols.filter((c) => c.x > inner[0]! && c.x < inner[1]! && c.stop > c.top);
  if (middle.length < 3 || median(middle.map((c) => (c.edge - c.top) / (c.stop - c.top))) < LEAST_DEPTH) return null;
  // smoothed along the columns: a median (a stray strand, a highlight), then means (a cartoon's even edge)
  const slide = (v: number[], r: number, f: (near: number[]) => number): number[] =>
    v.map((_, i) => f(v.slice(Math.max(0, i - r), i + r + 1)));
  const mean = (near: number[]): number => near.reduce((s, v) => s + v, 0) / near.length;
  const edge = slide(
    slide(
      slide(
        cols.map((c) => c.edge),
        SMOOTH.median,
        median,
      ),
      SMOOTH.mean,
      mean,
    ),
    SMOOTH.mean,
    mean,
  );
  return cols.map((c, i) => [c.x, Math.min(c.stop, edge[i]!)] as Pt);
}

/**
 * The face's outline under a fringe: the closed oval (any point count, any start) with what lies above the fringe's
 * edge cut off and the edge drawn across instead. The oval itself when nothing of it lies above the edge.
 */
export function faceUnderFringe(oval: readonly Pt[], fringe: readonly Pt[]): Pt[] {
  const n = oval.length;
  const above = (p: Pt): number => heightAt(fringe, p[0]) - p[1];
  const fx0 = Math.min(fringe[0]![0], fringe[fringe.length - 1]![0]);
  const fx1 = Math.max(fringe[0]![0], fringe[fringe.length - 1]![0]);
  const cut = oval.map((p) => p[0] > fx0 && p[0] < fx1 && above(p) > 0);
  const start = cut.indexOf(false);
  if (start < 0 || !cut.includes(true)) return [...oval];
  // where a segment from a kept point to a cut one (or back) crosses the edge
  const cross = (p: Pt, q: Pt): Pt => {
    let lo = 0;
    let hi = 1;
    const inside = above(p) > 0;
    for (let k = 0; k < 24; k++) {
      const t = (lo + hi) / 2;
      const m: Pt = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
      if (above(m) > 0 === inside) lo = t;
      else hi = t;
    }
    return [p[0] + (q[0] - p[0]) * lo, p[1] + (q[1] - p[1]) * lo];
  };
  const out: Pt[] = [];
  let enter: Pt | null = null;
  for (let k = 0; k <= n; k++) {
    const i = (start + k) % n;
    const p = oval[i]!;
    const prev = oval[(i - 1 + n) % n]!;
    if (k > 0 && cut[i] && !cut[(i - 1 + n) % n]) enter = cross(prev, p);
    if (k > 0 && !cut[i] && cut[(i - 1 + n) % n] && enter) {
      // along the edge from where the oval went above it to where it comes back
      const exit = cross(p, prev);
      out.push(enter);
      const dir = Math.sign(exit[0] - enter[0]);
      const along = fringe.filter((f) => (f[0] - enter![0]) * dir > 0 && (exit[0] - f[0]) * dir > 0).sort((f, g) => (f[0] - g[0]) * dir);
      out.push(...along, exit);
      enter = null;
    }
    if (k < n && !cut[i]) out.push(p);
  }
  return out;
}
