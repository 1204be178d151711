// Glasses: a frame's bar crosses the nose between the eyes, where a bare face has only skin.

import type { Analysis } from './analyse.js';
import type { Face } from './features.js';
import type { Pt } from './trace.js';

/** A column between the eyes is crossed by a frame when its darkest pixel is darker than this share of its median. */
const BAR_DARK = 0.7;
/** The share of those columns that makes glasses (0.73 with Grace Hopper's, at most 0.06 on the bare tuning faces). */
const BAR_SHARE = 0.4;

/** Whether the child wears glasses: the middle of the way between the inner eye corners, at the eyes' height, is
 * crossed by a dark bar (each column's darkest pixel well under its median) in most columns. */
export function wearsGlasses(a: Pick<Analysis, 'rgb' | 'w' | 'h'>, face: Face): boolean {
  const [e0, e1] = face.eyes;
  const ew = (e0.width + e1.width) / 2;
  const inner0 = e0.outline.reduce((b, p) => (p[0] > b[0] ? p : b));
  const inner1 = e1.outline.reduce((b, p) => (p[0] < b[0] ? p : b));
  const gap = inner1[0] - inner0[0];
  if (gap <= 2) return false;
  const y = (inner0[1] + inner1[1]) / 2;
  const lum = (x: number, yy: number): number => {
    const i = (Math.min(a.h - 1, Math.max(0, Math.round(yy))) * a.w + Math.min(a.w - 1, Math.max(0, Math.round(x)))) * 3;
    return 0.299 * a.rgb[i] + 0.587 * a.rgb[i + 1] + 0.114 * a.rgb[i + 2];
  };
  let dark = 0;
  let columns = 0;
  for (let x = inner0[0] + 0.2 * gap; x <= inner1[0] - 0.2 * gap; x++) {
    const values: number[] = [];
    for (let yy = y - 0.5 * ew; yy <= y + 0.3 * ew; yy++) values.push(lum(x, yy));
    values.sort((p, q) => p - q);
    columns++;
    if (values[0] < BAR_DARK * values[values.length >> 1]) dark++;
  }
  return columns > 0 && dark / columns >= BAR_SHARE;
}

/** Where a cartoon lens's rim is at angle t (0 towards the viewer's right, growing downwards): a superellipse, a lens
 * with rounded corners, round the eye's centre. */
function rimAt(face: Face, eye: 0 | 1, t: number): Pt {
  const d = face.eyeDistance;
  const e = face.eyes[eye];
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  return [
    e.centre[0] + LENS_RX * d * Math.sign(cos) * Math.abs(cos) ** 0.7,
    e.centre[1] + 0.03 * d + LENS_RY * d * Math.sign(sin) * Math.abs(sin) ** 0.7,
  ];
}

/** A lens's half width and half height, in eye distances. */
const LENS_RX = 0.42;
const LENS_RY = 0.3;

/** The bridge between the lenses, over the nose, a little above the eyes' middle. */
function bridge(face: Face): Pt[] {
  const d = face.eyeDistance;
  const rx = LENS_RX * d;
  const [l, r] =
    face.eyes[0].centre[0] < face.eyes[1].centre[0]
      ? [face.eyes[0].centre, face.eyes[1].centre]
      : [face.eyes[1].centre, face.eyes[0].centre];
  const y = (l[1] + r[1]) / 2 - 0.02 * d;
  return [
    [l[0] + rx * 0.97, y],
    [(l[0] + r[0]) / 2, y - 0.08 * d],
    [r[0] - rx * 0.97, y],
  ];
}

/** Cartoon glasses round the eyes: two rounded lenses and the bridge between them (closed lenses, an open bridge). */
export function glassesShape(face: Face): { lenses: Pt[][]; bridge: Pt[] } {
  const lenses = ([0, 1] as const).map((eye) => Array.from({ length: 48 }, (_, k) => rimAt(face, eye, (2 * Math.PI * k) / 48)));
  return { lenses, bridge: bridge(face) };
}

/** Level 1's glasses: each lens's upper rim only, down its sides to a little under the eye's middle, and the bridge.
 * Open lines: a whole lens would close a region under a thumbprint round the eye. */
export function glassesRims(face: Face): { rims: Pt[][]; bridge: Pt[] } {
  const rims = ([0, 1] as const).map((eye) =>
    Array.from({ length: 33 }, (_, k) => rimAt(face, eye, Math.PI - RIM_SIDE + ((Math.PI + 2 * RIM_SIDE) * k) / 32)),
  );
  return { rims, bridge: bridge(face) };
}

/** How far below the eye's middle the level-1 rim runs down each side (radians past the horizontal). */
const RIM_SIDE = 0.6;
