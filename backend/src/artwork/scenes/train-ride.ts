// The steam train a child rides ('All Aboard!'): an open carriage round the seated child, the engine ahead of it, a
// goods wagon behind at levels 3-4, the rails under the wheels and the smoke over the chimney, drawn on the page in
// millimetres. The carriage is drawn over the child's body (its side hides the legs); the engine stands beside the
// child, never over it.
import { POSES } from './figure.js';
import { circle, line, n, shape, type Box, type Level } from './svg.js';

/** The carriage round a seated child, in head heights: its rim is at the chest, its side hides the legs. */
export const TRAIN = {
  /** From the chin down to the carriage's rim (where the resting hand holds on). */
  rim: POSES.aboard.hands[0][1],
  /** From the chin down to the bottom of the carriage's side. */
  side: 1.32,
  /** From the bottom of the carriage's side down to the rails (the wheels under it). */
  wheels: 0.34,
  /** The carriage's half width. */
  half: 0.85,
  /** The gap to the engine (the coupling). */
  gap: 0.12,
  /** The engine's length, cab to buffer beam. */
  engine: 1.6,
} as const;

export interface TrainRideInput {
  /** The child's chin, mm. */
  chin: [number, number];
  /** The child's head height, mm. */
  H: number;
  /** +1: the engine ahead to the right; -1: to the left. */
  dir: 1 | -1;
  /** Where the rails are, mm. */
  railY: number;
  /** The scene's frame (the rails and a wagon running off it are clipped by the page). */
  area: Box;
  level: Level;
  /** The child, head and hands: nothing of the train stands over it above the rim. */
  child: Box;
  /** Boxes the smoke must also stay out of (a speech bubble). */
  keepClear: readonly Box[];
}

export interface TrainRide {
  /** Over the child's body: the carriage, the engine, the wagon, the rails. */
  front: string;
  /** Behind everything: the smoke. */
  back: string;
  /** The carriage the child sits in (its top is the rim). */
  carriage: Box;
  /** The engine, cab to buffer beam, chimney to rails. */
  engine: Box;
  /** Where the train and its smoke are, for nothing else to stand on. */
  taken: Box[];
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export function drawTrainRide(t: TrainRideInput): TrainRide {
  const { H, dir, level: L } = t;
  const [cx, chinY] = t.chin;
  const rimY = chinY + TRAIN.rim * H;
  const sideY = chinY + TRAIN.side * H;
  const railY = t.railY;
  // x along the train (head heights from the carriage's middle, positive towards the engine), y on the page.
  const X = (u: number): number => cx + dir * u * H;
  const poly = (pts: [number, number][]): string => shape(pts.map(([u, y], i) => `${i ? 'L' : 'M'}${n(X(u))} ${n(y)}`).join('') + 'Z');
  const bar = (u0: number, u1: number, y0: number, y1: number): string =>
    poly([
      [u0, y0],
      [u1, y0],
      [u1, y1],
      [u0, y1],
    ]);
  // Level 1: a strip thinner than a thumbprint is inked solid (a toddler cannot colour inside it).
  const strip = (svg: string): string => (L === 1 ? svg.replace('/>', ' fill="#000"/>') : svg);
  const across = (u0: number, u1: number, y: number): string => line(`M${n(X(u0))} ${n(y)}L${n(X(u1))} ${n(y)}`);
  const down = (u: number, y0: number, y1: number): string => line(`M${n(X(u))} ${n(y0)}L${n(X(u))} ${n(y1)}`);
  const wheel = (u: number, r: number): string => {
    // Its bottom behind the rail (drawn after the wheels): no sliver where a wheel would only touch it.
    const y = railY - r * H + 1.2;
    let s = circle(X(u), y, r * H);
    if (L >= 3) s += circle(X(u), y, 0.32 * r * H);
    if (L >= 4)
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        const [dx, dy] = [Math.cos(a) * r * H, Math.sin(a) * r * H];
        s += line(`M${n(X(u) + dx * 0.32)} ${n(y + dy * 0.32)}L${n(X(u) + dx)} ${n(y + dy)}`);
      }
    return s;
  };

  // The rails across the whole scene, in front of the wheels' bottoms (one band, not cut into bits between the wheels),
  // with sleepers from level 3.
  const railTop = railY;
  let rails = '';
  if (L >= 3) {
    const step = [0, 0, 0, 18, 14][L]!;
    for (let x = t.area.x - 2 + step / 2; x < t.area.x + t.area.w + 2; x += step)
      rails += shape(
        `M${n(x - 3)} ${n(railTop + 1.6)}L${n(x + 3)} ${n(railTop + 1.6)}L${n(x + 4)} ${n(railTop + 6)}L${n(x - 4)} ${n(railTop + 6)}Z`,
      );
  }
  rails += shape(
    `M${n(t.area.x - 2)} ${n(railTop)}L${n(t.area.x + t.area.w + 2)} ${n(railTop)}L${n(t.area.x + t.area.w + 2)} ${n(railTop + 2.4)}L${n(t.area.x - 2)} ${n(railTop + 2.4)}Z`,
  );

  // The carriage the child sits in: its side from the rim down, a chassis, two wheels.
  const wheelR = TRAIN.wheels * 0.52;
  const hw = TRAIN.half;
  let carriage = strip(bar(-hw - 0.06, hw + 0.06, sideY, sideY + 0.08 * H));
  carriage += wheel(-hw + 0.36, wheelR) + wheel(hw - 0.36, wheelR);
  carriage += bar(-hw, hw, rimY, sideY);
  if (L >= 3) carriage += across(-hw, hw, rimY + 0.14 * H);
  if (L >= 3) for (const u of [-hw / 3, hw / 3]) carriage += down(u, rimY + 0.14 * H, sideY);
  if (L >= 4)
    for (const u of [-hw * (2 / 3), 0, hw * (2 / 3)])
      carriage += bar(u - 0.13, u + 0.13, rimY + 0.3 * H, sideY - 0.16 * H).replace('/>', ' rx="1"/>');
  // The coupling to the engine.
  if (L >= 3) carriage += bar(hw, hw + TRAIN.gap + 0.02, sideY + 0.01 * H, sideY + 0.07 * H);

  // The engine: cab, boiler with its dome, smokebox and chimney, cow-catcher, two big driving wheels and a small one.
  const e0 = hw + TRAIN.gap;
  const e1 = e0 + TRAIN.engine;
  const cabTop = rimY - 0.62 * H;
  // At level 1 the boiler's top stands over the rim: just under it, a line behind the train (the city's pavement) cut
  // off a sliver of sky along it.
  const boilerTop = rimY + (L === 1 ? -0.1 : 0.04) * H;
  const chimU = e1 - 0.26;
  const chimTop = boilerTop - 0.62 * H;
  let engine = bar(e0 + 0.5, e1 - 0.24, boilerTop, sideY); // boiler
  if (L >= 3) for (const u of [e0 + 0.78, e0 + 1.16]) engine += down(u, boilerTop, sideY);
  if (L >= 2)
    engine += shape(
      `M${n(X(e0 + 0.8))} ${n(boilerTop + 0.01 * H)}C${n(X(e0 + 0.8))} ${n(boilerTop - 0.24 * H)} ${n(X(e0 + 1.08))} ${n(boilerTop - 0.24 * H)} ${n(X(e0 + 1.08))} ${n(boilerTop + 0.01 * H)}Z`,
    ); // dome
  engine += bar(chimU - 0.11, chimU + 0.11, chimTop + 0.12 * H, boilerTop); // chimney
  engine += strip(
    poly([
      [chimU - 0.2, chimTop],
      [chimU + 0.2, chimTop],
      [chimU + 0.11, chimTop + 0.14 * H],
      [chimU - 0.11, chimTop + 0.14 * H],
    ]),
  );
  if (L >= 3) engine += bar(e1 - 0.34, e1 - 0.06, boilerTop - 0.05 * H, sideY); // smokebox
  if (L >= 3) engine += circle(X(e1 - 0.06), boilerTop + 0.12 * H, 0.08 * H); // lamp
  engine += bar(e0, e0 + 0.56, cabTop, sideY); // cab
  engine += strip(
    shape(
      `M${n(X(e0 - 0.08))} ${n(cabTop + 0.02 * H)}Q${n(X(e0 + 0.28))} ${n(cabTop - 0.16 * H)} ${n(X(e0 + 0.64))} ${n(cabTop + 0.02 * H)}Z`,
    ),
  ); // roof
  engine += bar(e0 + 0.12, e0 + 0.44, cabTop + 0.12 * H, cabTop + 0.46 * H); // window
  if (L >= 3) engine += across(e0 + 0.12, e0 + 0.44, cabTop + 0.29 * H);
  if (L >= 4) engine += bar(e0 + 0.08, e0 + 0.48, cabTop + 0.58 * H, sideY - 0.06 * H).replace('/>', ' rx="1"/>');
  engine += strip(bar(e0 - 0.02, e1, sideY, sideY + 0.08 * H)); // footplate
  engine += strip(
    poly([
      [e1, sideY],
      [e1 + 0.2, railY - 0.02 * H],
      [e1, railY - 0.02 * H],
    ]),
  ); // cow-catcher
  // Level 1: the gaps between the carriage and the cab, and between the driving wheels over the rail, inked solid
  // (drawn before the wheels, whose white hides all but the gap).
  if (L === 1) engine += strip(bar(hw, e0, rimY, sideY + 0.08 * H)) + strip(bar(e0 + 0.3, e0 + 0.86, railY - 0.2 * H, railY));
  engine += wheel(e0 + 0.3, 0.26) + wheel(e0 + 0.86, 0.26) + (L >= 3 ? wheel(e0 + 1.34, 0.16) : '');
  if (L >= 3) engine += bar(e0 + 0.26, e0 + 0.9, railY - 0.3 * H, railY - 0.23 * H).replace('/>', ' rx="1"/>'); // coupling rod

  // At levels 3-4, a goods wagon behind the carriage, loaded with parcels beside (never over) the child.
  let wagon = '';
  const w1 = -hw - TRAIN.gap;
  const w0 = w1 - 2 * hw;
  if (L >= 3) {
    wagon += bar(w0, w1, sideY, sideY + 0.08 * H);
    wagon += wheel(w0 + 0.36, wheelR) + wheel(w1 - 0.36, wheelR);
    const clear = t.child;
    const near = dir > 0 ? clear.x - 2 : clear.x + clear.w + 2;
    const parcels: [number, number, number][] = [
      [w1 - 0.52, 0.5, 0.34],
      [w1 - 1.02, 0.46, 0.5],
      [w1 - 1.5, 0.44, 0.3],
    ];
    for (const [u, w, h] of parcels) {
      const inner = X(u + w / 2);
      if (dir > 0 ? inner > near : inner < near) continue;
      wagon += bar(u - w / 2, u + w / 2, rimY - h * H, rimY + 0.02 * H);
      if (L >= 4) wagon += across(u - w / 2, u + w / 2, rimY - h * H * 0.5);
    }
    wagon += bar(w0, w1, rimY + 0.02 * H, sideY);
    if (L >= 4) wagon += across(w0, w1, rimY + 0.18 * H);
    wagon += bar(w1, -hw, sideY + 0.01 * H, sideY + 0.07 * H);
  }

  // Smoke from the chimney, rising and drifting back, puff by puff, kept off the child and the bubble.
  let smoke = '';
  const smokeBoxes: Box[] = [];
  const puffs = [0, 2, 2, 4, 5][L]!;
  let y = chimTop - 0.04 * H;
  for (let k = 0; k < puffs; k++) {
    const r = (0.16 + 0.05 * k) * H;
    const u = chimU - 0.2 * k;
    const c: [number, number] = [X(u), y - r * 0.8];
    const box = { x: c[0] - r * 1.3, y: c[1] - r * 1.05, w: r * 2.6, h: r * 2 };
    if (box.y < t.area.y + 3 || [t.child, ...t.keepClear].some((b) => overlaps(b, box))) break;
    smoke += shape(
      `M${n(c[0] - r * 1.2)} ${n(c[1] + r * 0.4)}C${n(c[0] - r * 1.5)} ${n(c[1] - r * 0.6)} ${n(c[0] - r * 0.4)} ${n(c[1] - r * 1.2)} ${n(c[0])} ${n(c[1] - r * 0.6)}` +
        `C${n(c[0] + r * 0.5)} ${n(c[1] - r * 1.2)} ${n(c[0] + r * 1.5)} ${n(c[1] - r * 0.5)} ${n(c[0] + r * 1.2)} ${n(c[1] + r * 0.4)}` +
        `C${n(c[0] + r * 0.9)} ${n(c[1] + r * 1.1)} ${n(c[0] - r * 0.9)} ${n(c[1] + r * 1.1)} ${n(c[0] - r * 1.2)} ${n(c[1] + r * 0.4)}Z`,
    );
    smokeBoxes.push(box);
    y = c[1] - r * 0.6;
  }

  const span = (u0: number, u1: number, y0: number, y1: number): Box => {
    const [a, b] = [X(u0), X(u1)];
    return { x: Math.min(a, b), y: y0, w: Math.abs(b - a), h: y1 - y0 };
  };
  const carriageBox = span(-hw, hw, rimY, sideY);
  const engineBox = span(e0 - 0.08, e1 + 0.2, chimTop, railY);
  return {
    front: wagon + carriage + engine + rails,
    back: smoke,
    carriage: carriageBox,
    engine: engineBox,
    taken: [span(w0, e1 + 0.2, L >= 3 ? rimY - 0.5 * H : rimY, railY + 6), engineBox, ...smokeBoxes],
  };
}
