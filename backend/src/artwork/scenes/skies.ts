// Level 4's far scenery: small pictures in the distance that an 8-year-old wants to colour (a rainbow of bands, puffy
// clouds with curls, hot-air balloons and kites with panels, a flock of birds, a village on the horizon, planets with
// bands and craters, comets, a far-off rocket, shoals of fish, kelp, jellyfish, sailboats, a smoking volcano, vultures,
// a big sun low on the horizon, a windmill). Each is drawn in page
// millimetres inside its box as white shapes with black outlines (the place's paint group sets the line), every part a
// closed region of a few mm² or more; backgrounds.ts decides which place gets what, and where.
import type { Random } from './random.js';
import { circle, ellipse, line, n, shape, type Box } from './svg.js';

type Point = [number, number];

const path = (pts: readonly Point[], close = true): string =>
  pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('') + (close ? 'Z' : '');

/** A rainbow's bands: arcs round (cx, baseY) from radius r inwards, each band `band` mm wide (their feet hide behind the hills). */
export function rainbow(cx: number, baseY: number, r: number, bands: number, band: number): string {
  let d = '';
  for (let i = 0; i <= bands; i++) {
    const rr = r - i * band;
    d += `M${n(cx - rr)} ${n(baseY)}A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr)} ${n(baseY)}`;
  }
  return line(d);
}

/**
 * A puffy cloud: a back row of big puffs over a front row, on a flat base that hides the front puffs' lower halves; each
 * front puff with a curl of light on its upper left (a lens between the curl and the puff's edge). About three regions
 * per front puff.
 */
export function puffyCloud(b: Box, rnd: Random): string {
  const front = b.w >= 44 ? 4 : 3;
  const r = Math.min(b.h / 3.35, (b.w * 0.92) / (2 + (front - 1) * 1.3));
  const step = (b.w - 0.8 * r - 2 * r) / (front - 1);
  const yFront = b.y + b.h - 1.2 * r;
  const yBack = yFront - r * 0.9;
  let s = '';
  for (let i = 0; i < front - 1; i++)
    s += circle(b.x + 1.4 * r + step * (i + 0.5) + rnd.range(-1, 1), yBack + rnd.range(-1, 1), r * rnd.range(1.15, 1.3));
  for (let i = 0; i < front; i++) {
    const cx = b.x + 1.4 * r + step * i;
    const rr = r * rnd.range(0.94, 1.04);
    s += circle(cx, yFront, rr) + (rr >= 5.5 ? curl(cx, yFront, rr) : '');
  }
  // The base: a bar with round ends along the foot, wider than the puffs (no pocket closes at its ends).
  const top = yFront + 0.3 * r;
  const e = (b.y + b.h - top) / 2;
  return (
    s +
    shape(
      `M${n(b.x + e)} ${n(top)}L${n(b.x + b.w - e)} ${n(top)}A${n(e)} ${n(e)} 0 0 1 ${n(b.x + b.w - e)} ${n(b.y + b.h)}L${n(b.x + e)} ${n(b.y + b.h)}A${n(e)} ${n(e)} 0 0 1 ${n(b.x + e)} ${n(top)}Z`,
    )
  );
}

/** A curl of light inside a puff: from 195° to 255° round its edge, bowed in towards the middle. */
function curl(cx: number, cy: number, r: number): string {
  const at = (deg: number, k = 1): Point => [cx + Math.cos((deg * Math.PI) / 180) * r * k, cy + Math.sin((deg * Math.PI) / 180) * r * k];
  const [a, c, e] = [at(195), at(225, 0.4), at(255)];
  return line(`M${n(a[0])} ${n(a[1])}Q${n(c[0])} ${n(c[1])} ${n(e[0])} ${n(e[1])}`);
}

/** The half-width of a balloon's envelope (0 at the crown, 1 at its widest) at t from the crown (0) to the mouth (1). */
const ENVELOPE: readonly [number, number][] = [
  ...Array.from({ length: 11 }, (_, k): [number, number] => {
    const a = (k / 10) * (Math.PI / 2);
    return [0.45 * (1 - Math.cos(a)), Math.sin(a)];
  }),
  ...Array.from({ length: 5 }, (_, k): [number, number] => {
    const u = (k + 1) / 5;
    return [0.45 + 0.55 * u, 1 - 0.7 * u ** 1.2];
  }),
];
const halfWidthAt = (t: number): number => {
  for (let i = 1; i < ENVELOPE.length; i++) {
    const [t1, w1] = ENVELOPE[i]!;
    const [t0, w0] = ENVELOPE[i - 1]!;
    if (t <= t1) return w0 + ((w1 - w0) * (t - t0)) / (t1 - t0);
  }
  return ENVELOPE[ENVELOPE.length - 1]![1];
};

/**
 * A hot-air balloon far off: the envelope cut into panels by its seams and two bands, a crown on top, ropes down to a
 * woven basket. About 18 regions.
 */
export function hotAirBalloon(b: Box): string {
  const cx = b.x + b.w / 2;
  const hw = b.w / 2;
  const he = b.h * 0.72;
  const at = (t: number, f: number): Point => [cx + f * hw * halfWidthAt(t), b.y + t * he];
  const side = (f: number, t0: number): Point[] => ENVELOPE.filter(([t]) => t > t0).map(([t]) => at(t, f));
  let s = shape(path([...side(-1, -1).reverse(), ...side(1, 0)]));
  // Seams from the crown's band down to the mouth, then the bands across.
  let d = '';
  for (const f of [-0.6, 0, 0.6]) d += path([at(0.2, f), ...side(f, 0.2)], false);
  for (const t of [0.58, 0.76]) {
    const [x0, y] = at(t, -1);
    d += `M${n(x0)} ${n(y)}L${n(2 * cx - x0)} ${n(y)}`;
  }
  s += line(d);
  // The crown over the seams' tops.
  s += shape(
    path([
      at(0.2, -1),
      ...ENVELOPE.filter(([t]) => t < 0.2)
        .map(([t]) => at(t, -1))
        .reverse(),
      ...ENVELOPE.filter(([t]) => t > 0 && t < 0.2).map(([t]) => at(t, 1)),
      at(0.2, 1),
    ]),
  );
  // Ropes and the basket.
  const mouth = hw * halfWidthAt(1);
  const bw = Math.max(b.w * 0.36, mouth * 2);
  const top = b.y + he + b.h * 0.1;
  const bh = b.h * 0.16;
  s += line(`M${n(cx - mouth)} ${n(b.y + he)}L${n(cx - bw / 2)} ${n(top)}M${n(cx + mouth)} ${n(b.y + he)}L${n(cx + bw / 2)} ${n(top)}`);
  s += shape(
    path([
      [cx - bw / 2, top],
      [cx + bw / 2, top],
      [cx + bw * 0.42, top + bh],
      [cx - bw * 0.42, top + bh],
    ]),
  );
  s += line(`M${n(cx - bw * 0.46)} ${n(top + bh / 2)}L${n(cx + bw * 0.46)} ${n(top + bh / 2)}`);
  return s;
}

/** A kite: a diamond of four panels on its spars, a tail with bows (each bow two triangles). About ten regions. */
export function kite(b: Box, rnd: Random): string {
  const cx = b.x + b.w / 2;
  const kh = b.h * 0.62;
  const cross = b.y + kh * 0.36;
  const top: Point = [cx, b.y];
  const left: Point = [b.x, cross];
  const rightP: Point = [b.x + b.w, cross];
  const foot: Point = [cx, b.y + kh];
  let s = shape(path([top, rightP, foot, left]));
  s += line(`M${n(cx)} ${n(b.y)}L${n(cx)} ${n(b.y + kh)}M${n(b.x)} ${n(cross)}L${n(b.x + b.w)} ${n(cross)}`);
  // The tail swings down from the foot; bows along it.
  const sway = rnd.chance(0.5) ? 1 : -1;
  const tail: Point[] = [];
  for (let k = 0; k <= 8; k++) {
    const t = k / 8;
    tail.push([cx + sway * Math.sin(t * Math.PI * 1.5) * b.w * 0.35, b.y + kh + t * (b.h - kh)]);
  }
  s += line(path(tail, false));
  // Each bow across the tail: two triangles out to either side, the tail running between them.
  const bow = Math.max(3.2, b.w * 0.22);
  for (const k of [3, 6]) {
    const [x, y] = tail[k]!;
    const dx = tail[k + 1]![0] - tail[k - 1]![0];
    const dy = tail[k + 1]![1] - tail[k - 1]![1];
    const l = Math.hypot(dx, dy);
    const [ux, uy] = [dx / l, dy / l];
    for (const side of [1, -1]) {
      const [nx, ny] = [-uy * side * bow, ux * side * bow];
      s += shape(
        path([
          [x, y],
          [x + nx + ux * bow * 0.7, y + ny + uy * bow * 0.7],
          [x + nx - ux * bow * 0.7, y + ny - uy * bow * 0.7],
        ]),
      );
    }
  }
  return s;
}

/** A bird in flight, closed: two wings and a body between them (three regions). */
export function bird(b: Box, flip: boolean): string {
  const { x, y, w, h } = b;
  const cx = x + w / 2;
  const s = shape(
    `M${n(x)} ${n(y + h * 0.45)}Q${n(x + w * 0.25)} ${n(y - h * 0.25)} ${n(cx)} ${n(y + h * 0.4)}Q${n(x + w * 0.75)} ${n(y - h * 0.25)} ${n(x + w)} ${n(y + h * 0.45)}` +
      `Q${n(x + w * 0.72)} ${n(y + h * 0.55)} ${n(cx)} ${n(y + h)}Q${n(x + w * 0.28)} ${n(y + h * 0.55)} ${n(x)} ${n(y + h * 0.45)}Z`,
  );
  return s + ellipse(cx + (flip ? -1 : 1) * w * 0.03, y + h * 0.68, w * 0.11, h * 0.26);
}

/**
 * A village along the horizon: houses with roofs, chimneys, windows and doors, and a church with a spire, their feet
 * below `baseY` (the hills in front hide them). Five to eight regions a house.
 */
export function village(x0: number, x1: number, baseY: number, rnd: Random): string {
  let s = '';
  let x = x0;
  let church = rnd.int(1, 3);
  while (x < x1 - 10) {
    const w = church === 0 ? 14 : rnd.range(13, 19);
    const h = church === 0 ? 22 : rnd.range(9, 14);
    const roof = church === 0 ? 16 : rnd.range(6, 9);
    const top = baseY - h;
    if (church !== 0 && rnd.chance(0.6))
      s += shape(
        path([
          [x + w * 0.6, top - roof - 1],
          [x + w * 0.8, top - roof - 1],
          [x + w * 0.8, top],
          [x + w * 0.6, top],
        ]),
      );
    s += shape(
      path([
        [x, top],
        [x + w, top],
        [x + w, baseY + 10],
        [x, baseY + 10],
      ]),
    );
    s += shape(
      path([
        [x - 1.5, top],
        [x + w / 2, top - roof],
        [x + w + 1.5, top],
      ]),
    );
    if (church === 0) {
      s += circle(x + w / 2, top - roof * 0.42, 2.4);
      s += shape(
        path([
          [x + w / 2 - 2.2, baseY - 1],
          [x + w / 2 - 2.2, top + 7],
          [x + w / 2 + 2.2, top + 7],
          [x + w / 2 + 2.2, baseY - 1],
        ]),
      );
    } else {
      const win = 3.2;
      const wy = top + 2.2;
      for (const wx of [x + w * 0.22, x + w * 0.78 - win])
        s += shape(
          path([
            [wx, wy],
            [wx + win, wy],
            [wx + win, wy + win],
            [wx, wy + win],
          ]),
        );
    }
    church--;
    x += w + rnd.range(3, 8);
  }
  return s;
}

/** A planet with bands across it and craters in its cap (about six regions); a ring round it when `ringed`. */
export function bandedPlanet(cx: number, cy: number, r: number, ringed: boolean): string {
  let s = '';
  const ring = (half: 'back' | 'front'): string => {
    const rx = r * 1.75;
    const ry = r * 0.42;
    const w = r * 0.3;
    const sweep = half === 'back' ? 1 : 0;
    return shape(
      `M${n(cx - rx)} ${n(cy)}A${n(rx)} ${n(ry)} 0 0 ${sweep} ${n(cx + rx)} ${n(cy)}L${n(cx + rx - w)} ${n(cy)}A${n(rx - w)} ${n(ry - w * 0.55)} 0 0 ${1 - sweep} ${n(cx - rx + w)} ${n(cy)}Z`,
    );
  };
  if (ringed) s += ring('back');
  s += circle(cx, cy, r);
  let d = '';
  // Bands across (above the ring's front when there is one), craters in the cap over them.
  for (const k of ringed ? [-0.38, -0.08] : r >= 11 ? [-0.25, 0.12, 0.42] : [-0.25, 0.3]) {
    const dy = k * r;
    const half = Math.sqrt(r * r - dy * dy);
    d += `M${n(cx - half)} ${n(cy + dy)}Q${n(cx)} ${n(cy + dy + r * 0.18)} ${n(cx + half)} ${n(cy + dy)}`;
  }
  s += line(d);
  // Craters off the middle, one in the cap and one low down (two side by side would read as eyes).
  s += circle(cx - r * 0.34, cy - r * 0.6, Math.max(1.6, r * 0.13));
  if (!ringed) s += circle(cx + r * 0.18, cy + r * 0.72, Math.max(1.4, r * 0.1));
  if (ringed) s += ring('front');
  return s;
}

/** A comet flying from the top corner: a head, and three tails one inside another (each band a region). */
export function comet(b: Box, towardsLeft: boolean): string {
  const r = b.h * 0.28;
  const hx = towardsLeft ? b.x + r + 1 : b.x + b.w - r - 1;
  const hy = b.y + b.h - r - 1;
  const dir = towardsLeft ? 1 : -1;
  const len = b.w - 2 * r;
  let s = '';
  for (const [k, spread] of [
    [1, 1],
    [0.7, 0.66],
    [0.42, 0.36],
  ] as const) {
    const tx = hx + dir * len * k;
    const ty = hy - (b.h - 2 * r) * k;
    const nx = -(ty - hy);
    const ny = tx - hx;
    const l = Math.hypot(nx, ny);
    const ox = (nx / l) * r * spread;
    const oy = (ny / l) * r * spread;
    s += shape(
      `M${n(hx + ox)} ${n(hy + oy)}Q${n((hx + tx) / 2 + ox * 0.9)} ${n((hy + ty) / 2 + oy * 0.9)} ${n(tx)} ${n(ty)}Q${n((hx + tx) / 2 - ox * 0.9)} ${n((hy + ty) / 2 - oy * 0.9)} ${n(hx - ox)} ${n(hy - oy)}Z`,
    );
  }
  return s + circle(hx, hy, r) + circle(hx - r * 0.3, hy - r * 0.25, r * 0.35);
}

/** A rocket far off, tilted: fins, a flame, the body with its nose cone and a porthole (six regions). */
export function farRocket(b: Box, tilt: number): string {
  const cx = b.x + b.w / 2;
  const w = b.w * 0.42;
  const top = b.y;
  const body = b.y + b.h * 0.72;
  const nose = b.y + b.h * 0.26;
  let s = shape(`M${n(cx - w / 2)} ${n(body - b.h * 0.2)}L${n(b.x)} ${n(body + b.h * 0.06)}L${n(cx - w / 2)} ${n(body)}Z`);
  s += shape(`M${n(cx + w / 2)} ${n(body - b.h * 0.2)}L${n(b.x + b.w)} ${n(body + b.h * 0.06)}L${n(cx + w / 2)} ${n(body)}Z`);
  s += shape(
    `M${n(cx - w * 0.35)} ${n(body)}L${n(cx - w * 0.2)} ${n(b.y + b.h)}L${n(cx)} ${n(body + b.h * 0.14)}L${n(cx + w * 0.2)} ${n(b.y + b.h)}L${n(cx + w * 0.35)} ${n(body)}Z`,
  );
  s += shape(
    `M${n(cx - w / 2)} ${n(body)}L${n(cx - w / 2)} ${n(nose + b.h * 0.1)}Q${n(cx - w / 2)} ${n(top + b.h * 0.06)} ${n(cx)} ${n(top)}Q${n(cx + w / 2)} ${n(top + b.h * 0.06)} ${n(cx + w / 2)} ${n(nose + b.h * 0.1)}L${n(cx + w / 2)} ${n(body)}Z`,
  );
  s += line(`M${n(cx - w / 2)} ${n(nose + b.h * 0.06)}Q${n(cx)} ${n(nose + b.h * 0.1)} ${n(cx + w / 2)} ${n(nose + b.h * 0.06)}`);
  s += circle(cx, (nose + body) / 2, w * 0.26);
  return `<g transform="rotate(${n(tilt)} ${n(cx)} ${n(b.y + b.h / 2)})">${s}</g>`;
}

/** A fish of a shoal: a tail, a body with a stripe round it (three regions; bigger fish two stripes). */
export function fish(b: Box, towardsLeft: boolean): string {
  const dir = towardsLeft ? -1 : 1;
  const cx = b.x + b.w * (towardsLeft ? 0.42 : 0.58);
  const cy = b.y + b.h / 2;
  const rx = b.w * 0.4;
  const ry = b.h * 0.45;
  const back = cx - dir * rx * 0.85;
  const tip = cx - dir * b.w * 0.58;
  let s = shape(
    path([
      [back, cy],
      [tip, cy - ry * 0.9],
      [tip, cy + ry * 0.9],
    ]),
  );
  s += ellipse(cx, cy, rx, ry);
  let d = '';
  for (const k of b.w >= 13 ? [0.1, -0.35] : [-0.1]) {
    const x = cx + dir * rx * k;
    const half = ry * Math.sqrt(1 - k * k);
    d += `M${n(x)} ${n(cy - half)}Q${n(x + dir * rx * 0.22)} ${n(cy)} ${n(x)} ${n(cy + half)}`;
  }
  return s + line(d);
}

/**
 * Kelp from the sea bed: a swaying stem with leaves on both sides (each leaf a region, the stem one), `height` mm tall
 * from (x, baseY).
 */
export function kelp(x: number, baseY: number, height: number, rnd: Random): string {
  const sway = rnd.range(4, 7) * (rnd.chance(0.5) ? 1 : -1);
  const phase = rnd.range(0, Math.PI);
  const at = (t: number): number => x + Math.sin(t * Math.PI * 2 + phase) * sway * t;
  const stem = 2.1;
  let leaves = '';
  const count = Math.max(3, Math.floor(height / 14));
  for (let i = 0; i < count; i++) {
    const t = (i + 0.7) / (count + 0.4);
    const y = baseY - t * height;
    const sx = at(t);
    const side = i % 2 ? 1 : -1;
    const len = 15 - 5 * t;
    leaves += shape(
      `M${n(sx)} ${n(y - 1)}Q${n(sx + side * len * 0.4)} ${n(y - 8)} ${n(sx + side * len)} ${n(y - 9)}Q${n(sx + side * len * 0.7)} ${n(y + 3)} ${n(sx)} ${n(y + 4)}Z`,
    );
  }
  const left: Point[] = [];
  const right: Point[] = [];
  for (let k = 0; k <= 16; k++) {
    const t = k / 16;
    const w = stem * (1 - t * 0.5);
    left.push([at(t) - w, baseY - t * height]);
    right.push([at(t) + w, baseY - t * height]);
  }
  return leaves + shape(path([...left, ...right.reverse()]));
}

/** A jellyfish: a dome with a frilled rim (two regions) and four wavy tentacles. */
export function jellyfish(b: Box): string {
  const cx = b.x + b.w / 2;
  const dome = b.y + b.h * 0.45;
  let s = '';
  let d = '';
  for (let i = 0; i < 4; i++) {
    const x = b.x + b.w * (0.2 + i * 0.2);
    d += `M${n(x)} ${n(dome)}q${n(-2)} ${n(b.h * 0.14)} 0 ${n(b.h * 0.27)}t0 ${n(b.h * 0.27)}`;
  }
  s += line(d);
  s += shape(`M${n(b.x)} ${n(dome)}Q${n(b.x)} ${n(b.y)} ${n(cx)} ${n(b.y)}Q${n(b.x + b.w)} ${n(b.y)} ${n(b.x + b.w)} ${n(dome)}Z`);
  s += line(
    `M${n(b.x + b.w * 0.06)} ${n(dome - b.h * 0.1)}Q${n(cx)} ${n(dome - b.h * 0.02)} ${n(b.x + b.w * 0.94)} ${n(dome - b.h * 0.1)}`,
  );
  return s + circle(cx - b.w * 0.12, b.y + b.h * 0.2, b.w * 0.12);
}

/** A sailboat far out at sea: a hull, and a sail in stripes (four regions) with a pennant. */
export function sailboat(b: Box, towardsLeft: boolean): string {
  const mast = b.x + b.w * (towardsLeft ? 0.58 : 0.42);
  const foot = b.y + b.h * 0.74;
  const dir = towardsLeft ? -1 : 1;
  const tipX = mast + dir * b.w * 0.46;
  const apex = b.y + b.h * 0.24;
  let s = line(`M${n(mast)} ${n(b.y)}L${n(mast)} ${n(apex)}`);
  s += shape(
    path([
      [mast, apex],
      [tipX, foot],
      [mast, foot],
    ]),
  );
  let d = '';
  for (const k of [0.5, 0.78]) {
    const y = apex + (foot - apex) * k;
    d += `M${n(mast)} ${n(y)}L${n(mast + (tipX - mast) * k)} ${n(y)}`;
  }
  s += line(d);
  s += shape(
    path([
      [mast, b.y],
      [mast - dir * b.w * 0.32, b.y + b.h * 0.08],
      [mast, b.y + b.h * 0.17],
    ]),
  );
  s += shape(
    `M${n(b.x)} ${n(foot + 1)}L${n(b.x + b.w)} ${n(foot + 1)}L${n(b.x + b.w * 0.82)} ${n(b.y + b.h)}L${n(b.x + b.w * 0.18)} ${n(b.y + b.h)}Z`,
  );
  return s;
}

/** A satellite: a body with a dish, and two solar panels of four by two cells (about 20 regions). */
export function satellite(b: Box, tilt: number): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const bw = b.w * 0.2;
  const bh = b.h * 0.5;
  const pw = (b.w - bw) / 2 - 2;
  const ph = b.h * 0.36;
  let s = line(`M${n(b.x + pw)} ${n(cy)}L${n(b.x + b.w - pw)} ${n(cy)}`);
  for (const x0 of [b.x, b.x + b.w - pw]) {
    s += shape(
      path([
        [x0, cy - ph / 2],
        [x0 + pw, cy - ph / 2],
        [x0 + pw, cy + ph / 2],
        [x0, cy + ph / 2],
      ]),
    );
    let d = `M${n(x0)} ${n(cy)}L${n(x0 + pw)} ${n(cy)}`;
    for (let k = 1; k < 4; k++) d += `M${n(x0 + (pw * k) / 4)} ${n(cy - ph / 2)}L${n(x0 + (pw * k) / 4)} ${n(cy + ph / 2)}`;
    s += line(d);
  }
  s += line(`M${n(cx)} ${n(cy - bh / 2)}L${n(cx)} ${n(b.y + b.h * 0.08)}`);
  s += shape(`M${n(cx - bw * 0.9)} ${n(b.y + b.h * 0.12)}Q${n(cx)} ${n(b.y + b.h * 0.28)} ${n(cx + bw * 0.9)} ${n(b.y + b.h * 0.12)}Z`);
  s += shape(
    path([
      [cx - bw / 2, cy - bh / 2],
      [cx + bw / 2, cy - bh / 2],
      [cx + bw / 2, cy + bh / 2],
      [cx - bw / 2, cy + bh / 2],
    ]),
  );
  s += circle(cx, cy, bw * 0.28);
  return `<g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${s}</g>`;
}

/** A flying saucer: a dome with a window, a rim with portholes, a beam under it (about seven regions). */
export function flyingSaucer(b: Box): string {
  const cx = b.x + b.w / 2;
  const rim = b.y + b.h * 0.55;
  let s = shape(
    `M${n(cx - b.w * 0.26)} ${n(rim)}Q${n(cx - b.w * 0.26)} ${n(b.y)} ${n(cx)} ${n(b.y)}Q${n(cx + b.w * 0.26)} ${n(b.y)} ${n(cx + b.w * 0.26)} ${n(rim)}Z`,
  );
  s += ellipse(cx, rim + b.h * 0.08, b.w / 2, b.h * 0.2);
  for (const k of [-0.28, 0, 0.28]) s += circle(cx + k * b.w, rim + b.h * 0.08, Math.max(1.6, b.h * 0.09));
  s += shape(
    path([
      [cx - b.w * 0.1, rim + b.h * 0.27],
      [cx + b.w * 0.1, rim + b.h * 0.27],
      [cx + b.w * 0.14, b.y + b.h],
      [cx - b.w * 0.14, b.y + b.h],
    ]),
  );
  return s + circle(cx - b.w * 0.06, b.y + b.h * 0.3, b.h * 0.1);
}

/** An asteroid: a lumpy rock with a crater, and its shadow side cut off by a curve (three regions). */
export function asteroid(b: Box, rnd: Random): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const pts: Point[] = [];
  const turn = rnd.range(0, Math.PI);
  for (let k = 0; k < 9; k++) {
    const a = turn + (k / 9) * Math.PI * 2;
    const r = rnd.range(0.86, 1);
    pts.push([cx + Math.cos(a) * (b.w / 2) * r, cy + Math.sin(a) * (b.h / 2) * r]);
  }
  // Rounded through the midpoints of the corners (so each midpoint lies on the outline).
  const mids = pts.map((p, k): Point => [(p[0] + pts[(k + 1) % 9]![0]) / 2, (p[1] + pts[(k + 1) % 9]![1]) / 2]);
  let d = `M${n(mids[0]![0])} ${n(mids[0]![1])}`;
  for (let k = 0; k < 9; k++) {
    const q = pts[(k + 1) % 9]!;
    const m = mids[(k + 1) % 9]!;
    d += `Q${n(q[0])} ${n(q[1])} ${n(m[0])} ${n(m[1])}`;
  }
  // The shadow: a curve between the outline's points nearest the lower right and the lower left.
  const nearest = (deg: number): Point =>
    mids.reduce((best, m) => {
      const off = (p: Point): number => Math.abs((((Math.atan2(p[1] - cy, p[0] - cx) * 180) / Math.PI - deg + 540) % 360) - 180);
      return off(m) < off(best) ? m : best;
    });
  const [s0, s1] = [nearest(10), nearest(130)];
  const shadow = line(`M${n(s0[0])} ${n(s0[1])}Q${n(cx + b.w * 0.05)} ${n(cy + b.h * 0.12)} ${n(s1[0])} ${n(s1[1])}`);
  return shape(d + 'Z') + shadow + circle(cx - b.w * 0.1, cy - b.h * 0.1, Math.min(b.w, b.h) * 0.17);
}

/**
 * A dome of a moon base standing on (cx, baseY): glass panes round an inner dome with a door, an antenna on top (about
 * seven regions). Its foot goes a little below baseY, for the ground to hide.
 */
export function baseDome(cx: number, baseY: number, r: number): string {
  const foot = baseY + 2;
  const arc = (rr: number): string => `M${n(cx - rr)} ${n(foot)}A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr)} ${n(foot)}`;
  let s = line(`M${n(cx)} ${n(foot - r)}L${n(cx)} ${n(foot - r - 6)}`) + circle(cx, foot - r - 7.5, 1.8);
  s += shape(arc(r) + 'Z');
  let d = arc(r * 0.7);
  for (const deg of [35, 90, 145]) {
    const c = Math.cos((deg * Math.PI) / 180);
    const si = Math.sin((deg * Math.PI) / 180);
    d += `M${n(cx + c * r * 0.7)} ${n(foot - si * r * 0.7)}L${n(cx + c * r)} ${n(foot - si * r)}`;
  }
  s += line(d);
  const door = baseY - r * 0.3;
  return (
    s +
    shape(
      path([
        [cx - r * 0.17, foot],
        [cx - r * 0.17, door],
        [cx + r * 0.17, door],
        [cx + r * 0.17, foot],
      ]),
    )
  );
}

/**
 * Far hills from x0 to x1 standing on baseY (their feet below it, for the nearer ground to hide): each a patchwork of
 * fields between hedges, a round tree or two on its crest. About ten regions a hill.
 */
export function patchworkHills(x0: number, x1: number, baseY: number, rnd: Random): string {
  let s = '';
  const foot = baseY + 6;
  const count = Math.max(2, Math.round((x1 - x0) / 70));
  const step = (x1 - x0) / count;
  for (let i = 0; i < count; i++) {
    const w = step * rnd.range(1.35, 1.5);
    const left = x0 + i * step - (w - step) / 2;
    const top = baseY - rnd.range(20, 27);
    // The hill: a round mound from foot to foot (a cubic whose middle reaches the crest).
    const c = (8 * top - 2 * foot) / 6;
    const px = [left, left + w * 0.22, left + w * 0.78, left + w];
    const py = [foot, c, c, foot];
    const at = (t: number): Point => {
      const k = [(1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3];
      return [k.reduce((sum, v, j) => sum + v * px[j]!, 0), k.reduce((sum, v, j) => sum + v * py[j]!, 0)];
    };
    // Trees on the crest first: the hill hides their trunks' feet.
    let trees = '';
    for (const t of rnd.chance(0.5) ? [0.3, 0.64] : [0.44]) {
      const [tx, ty] = at(t + rnd.range(-0.03, 0.03));
      const r = rnd.range(3.4, 4.4);
      trees +=
        shape(
          path([
            [tx - 1.2, ty + 2],
            [tx - 1.2, ty - 4],
            [tx + 1.2, ty - 4],
            [tx + 1.2, ty + 2],
          ]),
        ) + circle(tx, ty - 3.4 - r, r);
    }
    let hill = shape(`M${n(px[0]!)} ${n(foot)}C${n(px[1]!)} ${n(c)} ${n(px[2]!)} ${n(c)} ${n(px[3]!)} ${n(foot)}Z`);
    // A hedge across the hill and hedges down it from its outline cut it into fields.
    const [ax, ay] = at(0.2);
    const [bx, by] = at(0.8);
    let d = `M${n(ax)} ${n(ay)}Q${n(left + w / 2)} ${n((ay + by) / 2 - rnd.range(4, 8))} ${n(bx)} ${n(by)}`;
    for (const t of [0.36, 0.52, 0.68]) {
      const [hx, hy] = at(t + rnd.range(-0.03, 0.03));
      const slant = (t - 0.52) * w * 0.6;
      d += `M${n(hx)} ${n(hy)}Q${n(hx + slant * 0.3)} ${n((hy + foot) / 2)} ${n(hx + slant)} ${n(foot)}`;
    }
    hill += line(d);
    s = trees + s + hill;
  }
  return s;
}

/** A little breaking wave on the sea, closed (one region). */
export function waveCrest(b: Box, towardsLeft: boolean): string {
  const { x, y, w, h } = b;
  const f = (k: number): number => (towardsLeft ? x + w - k * w : x + k * w);
  return shape(
    `M${n(f(0))} ${n(y + h)}Q${n(f(0.3))} ${n(y + h * 0.15)} ${n(f(0.68))} ${n(y)}Q${n(f(0.5))} ${n(y + h * 0.32)} ${n(f(0.62))} ${n(y + h * 0.55)}Q${n(f(0.84))} ${n(y + h * 0.72)} ${n(f(1))} ${n(y + h)}Z`,
  );
}

/** A farmstead far off: a barn with its loft door and a cross-braced door, a silo with a domed top (about ten regions). */
export function farmstead(x: number, baseY: number, w: number): string {
  const h = w * 0.5;
  const roof = w * 0.32;
  const silo = { x: x + w * 0.74, w: w * 0.22 };
  let s = shape(
    path([
      [silo.x, baseY + 4],
      [silo.x, baseY - h * 1.5],
      [silo.x + silo.w, baseY - h * 1.5],
      [silo.x + silo.w, baseY + 4],
    ]),
  );
  s += shape(`M${n(silo.x)} ${n(baseY - h * 1.5)}A${n(silo.w / 2)} ${n(silo.w / 2)} 0 0 1 ${n(silo.x + silo.w)} ${n(baseY - h * 1.5)}Z`);
  s += line(`M${n(silo.x)} ${n(baseY - h * 0.75)}L${n(silo.x + silo.w)} ${n(baseY - h * 0.75)}`);
  const bw = w * 0.7;
  s += shape(
    path([
      [x, baseY + 4],
      [x, baseY - h],
      [x + bw / 2, baseY - h - roof],
      [x + bw, baseY - h],
      [x + bw, baseY + 4],
    ]),
  );
  const dw = bw * 0.36;
  const dx = x + bw / 2 - dw / 2;
  const dy = baseY - h * 0.62;
  s += shape(
    path([
      [dx, baseY + 4],
      [dx, dy],
      [dx + dw, dy],
      [dx + dw, baseY + 4],
    ]),
  );
  s += line(`M${n(dx)} ${n(dy)}L${n(dx + dw)} ${n(baseY)}M${n(dx + dw)} ${n(dy)}L${n(dx)} ${n(baseY)}`);
  const lw = bw * 0.2;
  return (
    s +
    shape(
      path([
        [x + bw / 2 - lw / 2, baseY - h - roof * 0.15],
        [x + bw / 2 - lw / 2, baseY - h - roof * 0.55],
        [x + bw / 2 + lw / 2, baseY - h - roof * 0.55],
        [x + bw / 2 + lw / 2, baseY - h - roof * 0.15],
      ]),
    )
  );
}

/** A pterodactyl far off: two long bent wings, a body, a crested head with its beak (four regions). */
export function pterodactyl(b: Box, towardsLeft: boolean): string {
  const dir = towardsLeft ? -1 : 1;
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h * 0.55;
  const f = (k: number): number => cx + dir * k * b.w;
  // The wings: each from the shoulder up to a bent elbow and out to a pointed tip, back along a scalloped trailing edge.
  let s = '';
  for (const side of [-1, 1]) {
    const tip: Point = [cx + side * b.w * 0.5, b.y + b.h * 0.15];
    const elbow: Point = [cx + side * b.w * 0.24, b.y];
    s += shape(
      `M${n(cx - side * b.w * 0.04)} ${n(cy - b.h * 0.12)}L${n(elbow[0])} ${n(elbow[1])}L${n(tip[0])} ${n(tip[1])}` +
        `Q${n(cx + side * b.w * 0.3)} ${n(b.y + b.h * 0.3)} ${n(cx + side * b.w * 0.22)} ${n(b.y + b.h * 0.62)}` +
        `Q${n(cx + side * b.w * 0.1)} ${n(b.y + b.h * 0.5)} ${n(cx + side * b.w * 0.02)} ${n(cy + b.h * 0.1)}Z`,
    );
  }
  // The body between them, then the head forward with a long beak and a crest back over the neck.
  s += ellipse(cx, cy, b.w * 0.07, b.h * 0.24);
  const hx = f(0.1);
  const hy = cy - b.h * 0.28;
  s += shape(
    `M${n(f(0.03))} ${n(hy + b.h * 0.05)}L${n(f(-0.06))} ${n(hy - b.h * 0.2)}L${n(f(0.08))} ${n(hy - b.h * 0.08)}L${n(f(0.3))} ${n(hy + b.h * 0.02)}L${n(hx)} ${n(hy + b.h * 0.12)}Z`,
  );
  return s;
}

/** An airship far off: its envelope in panels (three seams and a band), fins at the tail, a gondola below (about 12 regions). */
export function airship(b: Box, towardsLeft: boolean): string {
  const dir = towardsLeft ? -1 : 1;
  const cx = b.x + b.w / 2;
  const rx = b.w * 0.42;
  const ry = b.h * 0.3;
  const cy = b.y + ry + 1;
  const tail = cx - dir * rx * 0.8;
  let s = '';
  // Fins behind the envelope: one up, one down.
  for (const up of [-1, 1])
    s += shape(
      path([
        [tail + dir * rx * 0.1, cy + up * ry * 0.4],
        [cx - dir * b.w * 0.5, cy + up * ry * 1.25],
        [cx - dir * b.w * 0.5, cy + up * ry * 0.3],
        [tail - dir * rx * 0.05, cy + up * ry * 0.1],
      ]),
    );
  s += ellipse(cx, cy, rx, ry);
  let d = '';
  for (const k of [-0.45, 0.05, 0.5]) {
    const x = cx + dir * k * rx;
    const half = ry * Math.sqrt(1 - k * k);
    d += `M${n(x)} ${n(cy - half)}Q${n(x + dir * rx * 0.16)} ${n(cy)} ${n(x)} ${n(cy + half)}`;
  }
  d += `M${n(cx - rx)} ${n(cy)}L${n(cx + rx)} ${n(cy)}`;
  s += line(d);
  // The gondola on two struts.
  const gw = b.w * 0.26;
  const gy = cy + ry + b.h * 0.1;
  s += line(
    `M${n(cx - gw * 0.3)} ${n(cy + ry)}L${n(cx - gw * 0.3)} ${n(gy)}M${n(cx + gw * 0.3)} ${n(cy + ry)}L${n(cx + gw * 0.3)} ${n(gy)}`,
  );
  s += shape(
    path([
      [cx - gw / 2, gy],
      [cx + gw / 2, gy],
      [cx + gw * 0.4, b.y + b.h],
      [cx - gw * 0.4, b.y + b.h],
    ]),
  );
  return s;
}

/**
 * A volcano far off, smoking: a cone with a crater on top (its foot below `b`'s bottom, for the hills to hide), two
 * tongues of lava running down it, and a column of smoke billows rising from the crater and drifting with the wind
 * (each billow a region, the nearest on top). About nine regions.
 */
export function smokingVolcano(b: Box, drift: number, rnd: Random): string {
  const cx = b.x + b.w / 2;
  const foot = b.y + b.h + 4;
  const top = b.y + b.h * 0.48;
  const crater = b.w * 0.13;
  const slope = (side: number, y: number): number => cx + side * (crater + ((b.w / 2 - crater) * (y - top)) / (foot - top));
  // The smoke first, biggest and highest first, so each lower puff hides the one above it: each puff a billow with a
  // scalloped edge, growing and drifting with the wind as it rises.
  let s = '';
  for (let k = 3; k >= 0; k--) {
    const t = k / 3;
    const r = b.w * (0.07 + 0.06 * t) * rnd.range(0.95, 1.05);
    s += billow(cx + drift * b.w * 0.4 * t * t + rnd.range(-0.6, 0.6), top - r * 0.6 - t * (top - b.y - b.w * 0.13), r, 7, rnd.range(0, 1));
  }
  s += shape(
    path([
      [slope(-1, foot), foot],
      [cx - crater, top],
      [cx + crater, top],
      [slope(1, foot), foot],
    ]),
  );
  // The crater's mouth, a lens under the rim.
  s += shape(`M${n(cx - crater)} ${n(top)}Q${n(cx)} ${n(top + b.h * 0.06)} ${n(cx + crater)} ${n(top)}Z`);
  // Lava: two tongues from the mouth down the cone, each a region, with a ridge line down the middle of the cone.
  for (const side of [-1, 1]) {
    const x0 = cx + side * crater * 0.35;
    const y1 = top + (foot - top) * rnd.range(0.5, 0.62);
    const x1 = x0 + side * b.w * 0.12;
    s += shape(
      `M${n(x0 - 1.2)} ${n(top + 1.2)}Q${n(x0 + side * b.w * 0.02)} ${n((top + y1) / 2)} ${n(x1 - 1.4)} ${n(y1)}Q${n(x1)} ${n(y1 + 2.6)} ${n(x1 + 1.4)} ${n(y1)}Q${n(x0 + side * b.w * 0.06)} ${n((top + y1) / 2)} ${n(x0 + 1.2)} ${n(top + 1.2)}Z`,
    );
  }
  return s;
}

/** A billow of smoke or cloud round (cx, cy): `bumps` round bumps on a circle of radius r (one region). */
function billow(cx: number, cy: number, r: number, bumps: number, turn: number): string {
  const at = (k: number, rr: number): Point => {
    const a = turn + (k / bumps) * Math.PI * 2;
    return [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr];
  };
  const bump = r * Math.sin(Math.PI / bumps) * 1.1;
  let d = `M${n(at(0, r * 0.9)[0])} ${n(at(0, r * 0.9)[1])}`;
  for (let k = 0; k < bumps; k++) {
    const [x, y] = at(k + 1, r * 0.9);
    d += `A${n(bump)} ${n(bump)} 0 0 1 ${n(x)} ${n(y)}`;
  }
  return shape(d + 'Z');
}

/**
 * A vulture soaring: broad wings raised a little, each with fingered feathers at its tip, a body, a short tail, and a
 * bald head on a ruff, forward (four regions or more). `b` is about twice as wide as tall.
 */
export function vulture(b: Box, towardsLeft: boolean): string {
  const cx = b.x + b.w / 2;
  const dir = towardsLeft ? -1 : 1;
  const X = (k: number): number => cx + k * b.w;
  const Y = (k: number): number => b.y + k * b.h;
  let s = shape(
    path([
      [X(-0.05), Y(0.7)],
      [X(0), Y(1)],
      [X(0.05), Y(0.7)],
    ]),
  );
  for (const side of [-1, 1]) {
    const x = (k: number): number => X(side * k);
    s += shape(
      `M${n(x(0.03))} ${n(Y(0.42))}Q${n(x(0.2))} ${n(Y(0.02))} ${n(x(0.38))} ${n(Y(0.16))}` +
        `L${n(x(0.5))} ${n(Y(0.14))}L${n(x(0.44))} ${n(Y(0.28))}L${n(x(0.5))} ${n(Y(0.32))}L${n(x(0.43))} ${n(Y(0.44))}L${n(x(0.48))} ${n(Y(0.5))}L${n(x(0.37))} ${n(Y(0.56))}` +
        `Q${n(x(0.2))} ${n(Y(0.5))} ${n(x(0.03))} ${n(Y(0.72))}Z`,
    );
  }
  s += ellipse(cx, Y(0.56), b.w * 0.07, b.h * 0.24);
  // The ruff, then the head forward on it with a hooked beak.
  s += ellipse(X(dir * 0.06), Y(0.38), b.w * 0.06, b.h * 0.14);
  const hx = X(dir * 0.12);
  return (
    s +
    shape(
      `M${n(hx - dir * b.w * 0.03)} ${n(Y(0.34))}Q${n(hx)} ${n(Y(0.08))} ${n(hx + dir * b.w * 0.1)} ${n(Y(0.3))}Q${n(hx + dir * b.w * 0.04)} ${n(Y(0.3))} ${n(hx - dir * b.w * 0.03)} ${n(Y(0.34))}Z`,
    )
  );
}

/**
 * A big sun low on the horizon: a disc centred on `baseY` (its lower half for the hills to hide) with bands across it,
 * and a fan of pointed rays round its upper half, clear of the horizon (each ray and each band a region).
 */
export function lowSun(cx: number, baseY: number, r: number): string {
  let s = '';
  const rays = 13;
  for (let i = 0; i < rays; i++) {
    const a = Math.PI * (1.08 + (0.84 * (i + 0.5)) / rays);
    const half = ((0.84 * Math.PI) / rays) * 0.34;
    const at = (ang: number, rr: number): Point => [cx + Math.cos(ang) * rr, baseY + Math.sin(ang) * rr];
    s += shape(path([at(a - half, r + 2.5), at(a, r + (i % 2 ? 9 : 13)), at(a + half, r + 2.5)]));
  }
  s += circle(cx, baseY, r);
  let d = '';
  for (const k of [0.3, 0.58]) {
    const y = baseY - r * k;
    const half = Math.sqrt(r * r - (r * k) ** 2);
    d += `M${n(cx - half)} ${n(y)}L${n(cx + half)} ${n(y)}`;
  }
  return s + line(d);
}

/**
 * A windmill far off on the horizon: a tapering tower with a door and a window, a cap, and four lattice sails round a hub
 * (each sail cut into three panels): about sixteen regions. Its foot at `baseY` + 4 (the hills hide it); `h` the tower's height.
 */
export function windmill(cx: number, baseY: number, h: number, turn: number): string {
  const top = baseY - h;
  const wb = h * 0.42;
  const wt = h * 0.24;
  let s = shape(
    path([
      [cx - wb / 2, baseY + 4],
      [cx - wt / 2, top],
      [cx + wt / 2, top],
      [cx + wb / 2, baseY + 4],
    ]),
  );
  s += shape(`M${n(cx - wt / 2 - 1.5)} ${n(top + 0.5)}Q${n(cx)} ${n(top - h * 0.36)} ${n(cx + wt / 2 + 1.5)} ${n(top + 0.5)}Z`);
  const dw = wb * 0.32;
  s += shape(
    `M${n(cx - dw / 2)} ${n(baseY + 4)}L${n(cx - dw / 2)} ${n(baseY - h * 0.2)}A${n(dw / 2)} ${n(dw / 2)} 0 0 1 ${n(cx + dw / 2)} ${n(baseY - h * 0.2)}L${n(cx + dw / 2)} ${n(baseY + 4)}Z`,
  );
  s += circle(cx, baseY - h * 0.55, Math.max(1.6, h * 0.06));
  // The sails: each a frame from near the hub outwards, on one side of its arm, two bars across it (three panels).
  const hubY = top - h * 0.08;
  const len = h * 0.62;
  const sw = h * 0.2;
  let sails = '';
  for (let k = 0; k < 4; k++) {
    let d = `M${n(cx)} ${n(hubY - 2)}L${n(cx)} ${n(hubY - len)}L${n(cx + sw)} ${n(hubY - len)}L${n(cx + sw)} ${n(hubY - 2)}Z`;
    sails += `<g transform="rotate(${n(turn + k * 90)} ${n(cx)} ${n(hubY)})">${shape(d)}`;
    d = '';
    for (const t of [0.36, 0.68]) d += `M${n(cx)} ${n(hubY - 2 - (len - 2) * t)}L${n(cx + sw)} ${n(hubY - 2 - (len - 2) * t)}`;
    sails += `${line(d)}</g>`;
  }
  return s + sails + circle(cx, hubY, Math.max(1.8, h * 0.07));
}

/**
 * A sea turtle swimming, seen from above: four flippers, a head, and a shell of plates (a middle plate and six round it,
 * each a region). `b` is about 1.3 times as wide as tall.
 */
export function turtle(b: Box, towardsLeft: boolean): string {
  const dir = towardsLeft ? -1 : 1;
  const cx = b.x + b.w * 0.48;
  const cy = b.y + b.h / 2;
  const rx = b.w * 0.3;
  const ry = b.h * 0.34;
  let s = '';
  // The flippers under the shell: the front pair long, reaching forward, the back pair short.
  for (const side of [-1, 1]) {
    s += ellipse(
      cx + dir * rx * 0.55,
      cy + side * ry * 0.95,
      b.w * 0.17,
      b.h * 0.1,
      ` transform="rotate(${n(side * dir * 30)} ${n(cx + dir * rx * 0.55)} ${n(cy + side * ry * 0.95)})"`,
    );
    s += ellipse(
      cx - dir * rx * 0.75,
      cy + side * ry * 0.8,
      b.w * 0.09,
      b.h * 0.08,
      ` transform="rotate(${n(-side * dir * 30)} ${n(cx - dir * rx * 0.75)} ${n(cy + side * ry * 0.8)})"`,
    );
  }
  s += ellipse(cx + dir * (rx + b.w * 0.08), cy, b.w * 0.1, b.h * 0.12);
  s += ellipse(cx, cy, rx, ry);
  // The plates: a hexagon in the middle, a line from each of its corners out to the shell's rim.
  const hex: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (k / 6) * Math.PI * 2;
    hex.push([cx + Math.cos(a) * rx * 0.45, cy + Math.sin(a) * ry * 0.45]);
  }
  let d = '';
  for (let k = 0; k < 6; k++) {
    const a = (k / 6) * Math.PI * 2;
    d += `M${n(hex[k]![0])} ${n(hex[k]![1])}L${n(cx + Math.cos(a) * rx)} ${n(cy + Math.sin(a) * ry)}`;
  }
  return s + shape(path(hex)) + line(d) + circle(cx + dir * (rx + b.w * 0.12), cy - b.h * 0.04, Math.max(0.6, b.w * 0.015), ' fill="#000"');
}
