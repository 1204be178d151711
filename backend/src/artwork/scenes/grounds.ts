// Level 4's ground, place by place: things that grow or lie on the ground of a place, to colour (tall grass clumps
// and termite mounds on the savanna, ferns and stones in a valley or a forest, big leaves in the jungle, flowers in a
// garden's beds and the stones of its path, meadow flowers and rows of tulips, cabbages in crop rows, the plates of
// cracked dry earth). Each is drawn in page millimetres inside its box as white shapes with black
// outlines (the place's paint group sets the line), every part a closed region of a few mm² or more; backgrounds.ts
// lays them out in the place's bands of ground.
import type { Random } from './random.js';
import { circle, ellipse, line, n, shape, type Box } from './svg.js';

type Point = [number, number];

const path = (pts: readonly Point[]): string => pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('') + 'Z';

/** A clump of tall grass: blades fanning out from a narrow foot, each blade its own region (four or five regions). */
export function grassClump(b: Box, rnd: Random): string {
  const blades = b.w >= 14 ? 5 : 4;
  const foot = b.y + b.h;
  const base = (i: number): number => b.x + b.w * (0.1 + (0.8 * i) / blades);
  const tip = (i: number): number => b.x + b.w * ((i + 0.5) / blades);
  const pts: Point[] = [[base(0), foot]];
  const dividers: [Point, Point][] = [];
  for (let i = 0; i < blades; i++) {
    pts.push([tip(i) + rnd.range(-0.6, 0.6), b.y + b.h * rnd.range(0, 0.22)]);
    if (i < blades - 1) {
      const valley: Point = [b.x + (b.w * (i + 1)) / blades, b.y + b.h * rnd.range(0.45, 0.55)];
      pts.push(valley);
      dividers.push([valley, [base(i + 1), foot]]);
    }
  }
  pts.push([base(blades), foot]);
  return shape(path(pts)) + line(dividers.map(([a, c]) => `M${n(a[0])} ${n(a[1])}L${n(c[0])} ${n(c[1])}`).join(''));
}

/** A smooth closed outline round the control points `pts`: it runs through the middle of each side (rounded lumps). */
const rounded = (pts: readonly Point[]): string => {
  const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const k = pts.length;
  let d = `M${n(mid(pts[k - 1]!, pts[0]!)[0])} ${n(mid(pts[k - 1]!, pts[0]!)[1])}`;
  for (let i = 0; i < k; i++) {
    const m = mid(pts[i]!, pts[(i + 1) % k]!);
    d += `Q${n(pts[i]![0])} ${n(pts[i]![1])} ${n(m[0])} ${n(m[1])}`;
  }
  return d + 'Z';
};

/**
 * A termite mound: a wide knobbly base narrowing into three rounded spires, the middle one tallest; a ridge across the
 * base and the clefts between the spires part it into four regions, and a few dark holes.
 */
export function termiteMound(b: Box, rnd: Random): string {
  const x = (u: number): number => b.x + u * b.w;
  const y = (v: number): number => b.y + v * b.h;
  const knob = (): number => rnd.range(-0.02, 0.02);
  // Control points round the outline (unit box), clockwise from the foot's left corner (each corner twice: the outline
  // passes through it, the foot flat): the left spire, the cleft, the middle spire, the cleft, the right spire; each
  // side a little lumpy.
  const unit: Point[] = [
    [0, 1],
    [0, 1],
    [0.06 + knob(), 0.78],
    [0.1 + knob(), 0.58],
    [0.2, 0.36],
    [0.3, 0.56],
    [0.35 + knob(), 0.3],
    [0.42, 0.04],
    [0.56, 0.04],
    [0.63 + knob(), 0.3],
    [0.69, 0.52],
    [0.8, 0.32],
    [0.9 + knob(), 0.56],
    [0.94 + knob(), 0.78],
    [1, 1],
    [1, 1],
  ];
  const pts: Point[] = unit.map(([u, v]) => [x(u), y(v)]);
  // Where the outline passes a control point (the middle of its quadratic).
  const on = (i: number): Point => {
    const [p, q, r] = [pts[(i + pts.length - 1) % pts.length]!, pts[i]!, pts[(i + 1) % pts.length]!];
    return [0.125 * p[0] + 0.75 * q[0] + 0.125 * r[0], 0.125 * p[1] + 0.75 * q[1] + 0.125 * r[1]];
  };
  // The ridge across the base, from side to side where the outline passes the lumps at 0.78; the clefts run down to it.
  const [l, r] = [on(2), on(13)];
  const ridgeAt = (px: number): number => l[1] + ((r[1] - l[1]) * (px - l[0])) / (r[0] - l[0]);
  let d = `M${n(l[0])} ${n(l[1])}L${n(r[0])} ${n(r[1])}`;
  for (const i of [5, 10]) {
    const [cx, cy] = on(i);
    d += `M${n(cx)} ${n(cy)}L${n(cx)} ${n(ridgeAt(cx))}`;
  }
  // Dark holes: one in the middle spire, one in the base, and on a big mound one in a side spire.
  const hole = (u: number, v: number): string => ellipse(x(u), y(v), b.w * 0.04, b.h * 0.03, ' fill="#000"');
  const side = rnd.chance(0.5) ? 0.2 : 0.8;
  return shape(rounded(pts)) + line(d) + hole(0.49, 0.3) + hole(0.36, 0.9) + (b.w >= 12 ? hole(side, 0.58) : '');
}

/** A fern: a curving stem with leaflets along both sides, each leaflet a region. */
export function fernFrond(b: Box, rnd: Random): string {
  const lean = rnd.range(-0.15, 0.15) * b.w;
  const foot = b.y + b.h;
  const at = (t: number): Point => [b.x + b.w / 2 + lean * t * t, foot - t * b.h];
  const pairs = Math.max(3, Math.floor(b.h / 6));
  // Each leaflet as tall as the step between pairs, so those on one side do not overlap.
  const gap = (0.72 * b.h) / pairs;
  let s = '';
  for (let i = 0; i < pairs; i++) {
    const t = 0.18 + (0.72 * i) / pairs;
    const len = (b.w / 2) * (1 - 0.4 * (i / pairs));
    for (const side of [-1, 1]) {
      const [sx, sy] = at(t + (side > 0 ? 0.04 : 0));
      s += shape(
        `M${n(sx)} ${n(sy)}Q${n(sx + side * len * 0.5)} ${n(sy - gap)} ${n(sx + side * len)} ${n(sy - gap * 0.9)}Q${n(sx + side * len * 0.6)} ${n(sy + gap * 0.4)} ${n(sx)} ${n(sy + gap * 0.6)}Z`,
      );
    }
  }
  const [tx, ty] = at(1);
  const [mx, my] = at(0.5);
  return s + line(`M${n(b.x + b.w / 2)} ${n(foot)}Q${n(mx)} ${n(my)} ${n(tx)} ${n(ty)}`);
}

/** A stone: a rounded lump with its shine cut off by a curve (two regions). */
export function stone(b: Box, rnd: Random): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const rx = b.w / 2;
  const ry = b.h / 2;
  const on = (deg: number): Point => [cx + Math.cos((deg * Math.PI) / 180) * rx, cy + Math.sin((deg * Math.PI) / 180) * ry];
  const [p, q] = [on(rnd.range(170, 180)), on(rnd.range(280, 290))];
  return ellipse(cx, cy, rx, ry) + line(`M${n(p[0])} ${n(p[1])}Q${n(cx - rx * 0.1)} ${n(cy + ry * 0.1)} ${n(q[0])} ${n(q[1])}`);
}

/**
 * A big leaf lying on the ground: a pointed blade on its midrib, side veins out to its edge (eight regions). A `flat` leaf
 * lies along the middle of its box (a row of them along a line has the line for their midribs).
 */
export function groundLeaf(b: Box, towardsLeft: boolean, rnd: Random, flat = false): string {
  const p0: Point = [towardsLeft ? b.x + b.w : b.x, b.y + b.h * (flat ? 0.5 : 0.62)];
  const p2: Point = [towardsLeft ? b.x : b.x + b.w, flat ? p0[1] : b.y + b.h * rnd.range(0.3, 0.45)];
  const mid = (p0[0] + p2[0]) / 2;
  const up: Point = [mid, b.y - b.h * 0.35];
  const down: Point = [mid, b.y + b.h * 1.35];
  const q = (c: Point, t: number): Point => [
    (1 - t) ** 2 * p0[0] + 2 * t * (1 - t) * c[0] + t * t * p2[0],
    (1 - t) ** 2 * p0[1] + 2 * t * (1 - t) * c[1] + t * t * p2[1],
  ];
  const rib = (t: number): Point => [p0[0] + (p2[0] - p0[0]) * t, p0[1] + (p2[1] - p0[1]) * t];
  let d = `M${n(p0[0])} ${n(p0[1])}L${n(p2[0])} ${n(p2[1])}`;
  for (const t of [0.32, 0.52, 0.72]) {
    for (const c of [up, down]) {
      const [ex, ey] = q(c, t + 0.08);
      const [rx, ry] = rib(t);
      d += `M${n(rx)} ${n(ry)}L${n(ex)} ${n(ey)}`;
    }
  }
  return (
    shape(`M${n(p0[0])} ${n(p0[1])}Q${n(up[0])} ${n(up[1])} ${n(p2[0])} ${n(p2[1])}Q${n(down[0])} ${n(down[1])} ${n(p0[0])} ${n(p0[1])}Z`) +
    line(d)
  );
}

/**
 * A fringe of grass along the line y from x0 to x1: pointed blades side by side, each blade a region down to the line
 * (about 10 mm² each).
 */
export function grassFringe(x0: number, x1: number, y: number, height: number, rnd: Random): string {
  const blade = 3.8;
  const count = Math.ceil((x1 - x0) / blade);
  const pts: Point[] = [[x0, y]];
  let d = '';
  for (let i = 0; i < count; i++) {
    pts.push([x0 + (i + 0.5) * blade + rnd.range(-0.5, 0.5), y - height * rnd.range(0.8, 1.1)]);
    if (i < count - 1) {
      const vx = x0 + (i + 1) * blade;
      pts.push([vx, y - height * 0.3]);
      d += `M${n(vx)} ${n(y - height * 0.3)}L${n(vx)} ${n(y)}`;
    }
  }
  pts.push([x0 + count * blade, y]);
  return shape(path(pts)) + line(d);
}

/**
 * A meadow flower: a stem from the ground with a leaf on each side, and a head on top, a tulip's cup or a daisy (petals
 * round a middle). Each leaf, petal and cup a region.
 */
export function meadowFlower(b: Box, rnd: Random): string {
  const cx = b.x + b.w / 2;
  const foot = b.y + b.h;
  const head = b.y + b.w * 0.42;
  let s = line(`M${n(cx)} ${n(foot)}Q${n(cx + rnd.range(-1, 1))} ${n((foot + head) / 2)} ${n(cx)} ${n(head)}`);
  // The leaves: pointed, from the stem out and up.
  const ly = foot - (foot - head) * 0.3;
  for (const side of [-1, 1]) {
    const y = ly - (side > 0 ? (foot - head) * 0.18 : 0);
    const len = b.w * 0.5;
    s += shape(
      `M${n(cx)} ${n(y)}Q${n(cx + side * len * 0.15)} ${n(y - len * 0.75)} ${n(cx + side * len)} ${n(y - len * 0.7)}Q${n(cx + side * len * 0.75)} ${n(y + len * 0.05)} ${n(cx)} ${n(y + len * 0.3)}Z`,
    );
  }
  const r = b.w * 0.46;
  // Small flowers far off are tulips (a daisy's petals would be too small to colour).
  if (b.w < 9 || rnd.chance(0.5)) {
    // A tulip: a cup with three points, its middle petal's edges down to the base.
    const base = head + r * 0.25;
    const rim = head - r * 0.75;
    s += shape(
      `M${n(cx - r * 0.75)} ${n(rim)}L${n(cx - r * 0.35)} ${n(rim + r * 0.45)}L${n(cx)} ${n(rim - r * 0.15)}L${n(cx + r * 0.35)} ${n(rim + r * 0.45)}L${n(cx + r * 0.75)} ${n(rim)}Q${n(cx + r * 0.8)} ${n(base)} ${n(cx)} ${n(base)}Q${n(cx - r * 0.8)} ${n(base)} ${n(cx - r * 0.75)} ${n(rim)}Z`,
    );
    return (
      s +
      line(
        `M${n(cx - r * 0.35)} ${n(rim + r * 0.45)}Q${n(cx - r * 0.3)} ${n(base - r * 0.2)} ${n(cx)} ${n(base)}M${n(cx + r * 0.35)} ${n(rim + r * 0.45)}Q${n(cx + r * 0.3)} ${n(base - r * 0.2)} ${n(cx)} ${n(base)}`,
      )
    );
  }
  const petals = 6;
  const turn = rnd.range(0, Math.PI);
  for (let i = 0; i < petals; i++) {
    const a = turn + (i * 2 * Math.PI) / petals;
    s += circle(cx + Math.cos(a) * r * 0.62, head - r * 0.2 + Math.sin(a) * r * 0.62, r * 0.45);
  }
  return s + circle(cx, head - r * 0.2, r * 0.4);
}

/**
 * A cabbage of a crop row, standing on the line y: a dome of outer leaves with a round heart, the leaves' edges curving
 * down to the ground (four regions), its flat foot on the line (no sliver under it).
 */
export function cabbage(cx: number, y: number, w: number): string {
  const h = w * 0.62;
  const heart = w * 0.24;
  let s = shape(
    `M${n(cx - w / 2)} ${n(y)}Q${n(cx - w / 2)} ${n(y - h)} ${n(cx)} ${n(y - h)}Q${n(cx + w / 2)} ${n(y - h)} ${n(cx + w / 2)} ${n(y)}Z`,
  );
  s += line(
    `M${n(cx - heart)} ${n(y - h * 0.55)}Q${n(cx - w * 0.32)} ${n(y - h * 0.3)} ${n(cx - w * 0.2)} ${n(y)}M${n(cx + heart)} ${n(y - h * 0.55)}Q${n(cx + w * 0.32)} ${n(y - h * 0.3)} ${n(cx + w * 0.2)} ${n(y)}`,
  );
  return s + circle(cx, y - h * 0.55, heart);
}

/**
 * Cracked dry earth from y0 down to y1 across x0..x1: rows of plates between wandering cracks, each plate a region, the
 * plates smaller far off (near y0) and bigger near.
 */
export function crackedEarth(x0: number, x1: number, y0: number, y1: number, rnd: Random): string {
  const rows: Point[][] = [];
  for (let y = y0, h = 6; y < y1 + h; y += h, h *= 1.22) {
    const row: Point[] = [];
    for (let x = x0; x <= x1 + 6; x += 6) row.push([x, Math.min(y, y1 + 4) + rnd.range(-0.25, 0.25) * h]);
    rows.push(row);
  }
  let d = '';
  for (const row of rows) d += row.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('');
  // Cracks down between rows, staggered; the plates about 1.6 times as wide as tall.
  for (let k = 0; k + 1 < rows.length; k++) {
    const h = rows[k + 1]![0]![1] - rows[k]![0]![1];
    const step = Math.max(8, h * 1.6);
    for (let x = x0 + (k % 2 ? step / 2 : step) + rnd.range(-1, 1); x < x1 - 2; x += step * rnd.range(0.8, 1.2)) {
      const i = Math.round((x - x0) / 6);
      const a = rows[k]![i];
      const c = rows[k + 1]![i + (rnd.chance(0.5) ? 1 : 0)];
      if (a && c) d += `M${n(a[0])} ${n(a[1])}L${n((a[0] + c[0]) / 2 + rnd.range(-1, 1))} ${n((a[1] + c[1]) / 2)}L${n(c[0])} ${n(c[1])}`;
    }
  }
  return line(d);
}

/**
 * A row of little tulips along the line y from x0 to x1: each a cup on a short stem standing on the line (one region a
 * cup), `h` mm tall.
 */
export function tulipRow(x0: number, x1: number, y: number, h: number, rnd: Random): string {
  const w = h * 0.62;
  let cups = '';
  let stems = '';
  for (let x = x0 + rnd.range(0, w); x < x1 - w; x += w * rnd.range(1.7, 2.1)) {
    const cx = x + w / 2;
    const top = y - h + rnd.range(-0.4, 0.4);
    const base = top + w * 0.95;
    stems += `M${n(cx)} ${n(y)}L${n(cx)} ${n(base)}`;
    cups += shape(
      `M${n(cx - w / 2)} ${n(top)}L${n(cx - w / 4)} ${n(top + w * 0.3)}L${n(cx)} ${n(top - w * 0.05)}L${n(cx + w / 4)} ${n(top + w * 0.3)}L${n(cx + w / 2)} ${n(top)}Q${n(cx + w / 2)} ${n(base)} ${n(cx)} ${n(base)}Q${n(cx - w / 2)} ${n(base)} ${n(cx - w / 2)} ${n(top)}Z`,
    );
  }
  return line(stems) + cups;
}
