// What the child holds in the poses that tell one scene apart from another (issue 14): a parrot perched on the raised
// fist (Jungle Parrots), a map (Volcano Valley), a teacup (Enchanted Tea Party), a wedge of moon cheese (Picnic on the
// Moon), a net with a star caught in it (Star Catcher), a sceptre (Royal for a Day), a slice of the birthday cake on a
// little plate (Birthday Party). Drawn on the page in head heights from the holding hand, under the hand (the fist closes over the prop);
// `figure.ts` calls `drawHeldProp` from its held-prop switch. Level 1: every region at least a thumbprint.
import type { Figure } from './figure.js';
import { circle, ellipse, line, n, shape, solid, starPath, type Box, type Level } from './svg.js';

type Pt = [number, number];

export type HeldProp = 'parrot' | 'map' | 'teacup' | 'cheese' | 'star-net' | 'sceptre' | 'cake-slice';

export interface HeldAt {
  /** The holding hand's centre, mm. */
  readonly hand: Pt;
  /** Head height, mm. */
  readonly H: number;
  /** Away from the body on the page, on the holding hand's side: 1 (right) or -1 (left). */
  readonly out: 1 | -1;
  readonly level: Level;
  /** Line width, mm. */
  readonly stroke: number;
}

export interface DrawnProp {
  readonly svg: string;
  /** Where the prop is, mm (the hand's centre lies on it: tested). */
  readonly box: Box;
}

/** A drawing in its own units (x to the right, y down) put on the page: `u` mm a unit, mirrored when `flip`, its point
 * (ax, ay) at `at`; lines kept `stroke` wide. */
function local(svg: string, at: Pt, anchor: Pt, u: number, flip: boolean, stroke: number): string {
  const sx = flip ? -u : u;
  const tx = at[0] - sx * anchor[0];
  const ty = at[1] - u * anchor[1];
  return `<g transform="matrix(${sx.toFixed(4)} 0 0 ${u.toFixed(4)} ${n(tx)} ${n(ty)})" stroke-width="${(stroke / u).toFixed(3)}">${svg}</g>`;
}

/** A box in local units put on the page the way `local` puts the drawing. */
function boxOf(x0: number, y0: number, x1: number, y1: number, at: Pt, anchor: Pt, u: number, flip: boolean): Box {
  const xa = at[0] + (flip ? -1 : 1) * (x0 - anchor[0]) * u;
  const xb = at[0] + (flip ? -1 : 1) * (x1 - anchor[0]) * u;
  return { x: Math.min(xa, xb), y: at[1] + (y0 - anchor[1]) * u, w: Math.abs(xb - xa), h: (y1 - y0) * u };
}

/** A parrot perched on the fist, looking out (drawn facing right, its feet on the fist at (44, 126)): a long tail
 * hanging down behind the fist, a big hooked beak, a wing from level 2; its eye a black dot (in a ring from level 2),
 * feathers from level 3. */
function parrot(level: Level): string {
  // The tail, hanging below the fist (two feathers from level 2).
  // At level 1 one long feather: the fist hides its top, and what shows below it is a thumbprint and more; it reaches
  // below the jungle's hills (ending just above their line, it closed a speck with it).
  let s = level === 1 ? shape('M40 100L22 214L60 208L58 104Z') : shape('M40 100L28 168L50 164L56 104Z');
  if (level >= 2) s += shape('M52 104L58 166L74 158L62 100Z');
  // The body and head in one outline, the beak (bigger at level 1), the wing over the body.
  s += shape('M46 118C26 114 22 80 28 62C30 40 36 24 54 18C70 14 84 24 84 40C84 54 78 60 76 76C74 96 66 120 46 118Z');
  s += level === 1 ? shape('M72 20C110 12 116 60 92 74C88 58 80 56 72 56Z') : shape('M78 28C98 24 104 50 94 62C90 52 84 50 78 50Z');
  if (level >= 2) s += shape('M38 58C26 72 28 92 42 102C56 94 58 74 50 60Z');
  if (level >= 3) s += line('M36 76L46 72M36 86L48 82');
  if (level >= 4) s += line('M34 150L46 148M62 144L68 142');
  s += circle(66, 34, level === 1 ? 6 : 4, ' fill="#000"');
  return s;
}

/** A cross as one outline to ink: two bars `2 * half` long and `2 * t` thick crossing at (cx, cy). */
function xMark(cx: number, cy: number, half: number, t: number): string {
  const d = t / Math.SQRT2;
  const pts: [number, number][] = [
    [0, -2 * d],
    [half - d, -half - d],
    [half + d, -half + d],
    [2 * d, 0],
    [half + d, half - d],
    [half - d, half + d],
    [0, 2 * d],
    [-half + d, half + d],
    [-half - d, half - d],
    [-2 * d, 0],
    [-half - d, -half + d],
    [-half + d, -half - d],
  ];
  return `${pts.map(([x, y], i) => `${i ? 'L' : 'M'}${n(cx + x)} ${n(cy + y)}`).join('')}Z`;
}

/** A folded map held by its top corner (120 x 90 units, held at (108, 8)): three panels, a winding path to a cross from
 * level 2, a mountain and a compass from level 3, waves of a river at level 4. */
function map(level: Level): string {
  let s = shape('M4 4L44 10L80 4L116 10L116 86L80 80L44 86L4 80Z');
  // The folds: the panels' edges, each panel one region (at level 1 one fold: the fist hid most of the third panel).
  s += line(level === 1 ? 'M44 10L44 86' : 'M44 10L44 86M80 4L80 80');
  // Level 1: a bold cross inked solid on the big panel (lines would cut it under a thumbprint): a treasure map, not a box.
  if (level === 1) s += solid(xMark(84, 54, 12, 2.6));
  if (level >= 2) s += line('M14 66C24 50 36 62 50 50C62 40 70 58 88 44') + line('M92 28L104 40M104 28L92 40');
  if (level >= 3) s += shape('M52 34L64 16L76 34Z') + circle(22, 28, 9);
  if (level >= 4) s += line('M10 76C20 72 28 78 38 74M86 70C94 66 102 72 110 68');
  return s;
}

/** A teacup held by its handle (the fist over it at (76, 28)): the cup towards the child, steam rising from level 2, a
 * band and dots later. */
function teacup(level: Level): string {
  // The handle from level 2; at level 1 the fist holds the cup by its side, held out away from the child (towards it,
  // the fist over the handle and the arm over the T-shirt closed pieces under a thumbprint).
  let s = level >= 2 ? shape('M62 16C84 14 84 40 60 40Z') : '';
  s += shape('M10 10L66 10C66 38 56 52 38 52C20 52 10 38 10 10Z');
  if (level >= 2) s += line('M28 4C24 -4 32 -8 28 -16M46 4C42 -4 50 -8 46 -16');
  if (level >= 3) s += line('M12 22L65 22');
  if (level >= 4) s += circle(26, 36, 6) + circle(46, 38, 6);
  return s;
}

/** A wedge of cheese (the Moon's), held up by its thin end (the hand at (14, 56)): a triangular top and a front face;
 * holes like craters from level 2. */
function cheese(level: Level): string {
  // At level 1 one shape (the fist over the thin end left a piece of the front face under a thumbprint).
  let s = level === 1 ? shape('M6 44L82 6L106 30L106 60L6 72Z') : shape('M6 44L82 6L106 30Z') + shape('M6 44L106 30L106 60L6 72Z');
  if (level >= 2) s += ellipse(62, 52, 12, 9);
  if (level >= 3) s += ellipse(90, 46, 8, 7) + ellipse(72, 22, 12, 6);
  return s;
}

/** A net on a long handle held out and up (the hand round its foot at (32, 115)), a star caught in its bag: the handle, the
 * hoop's opening and the bag, the mesh across the bag from level 2 (one more line at level 3), the star's middle at level 4. */
function starNet(level: Level): string {
  // The handle: at level 1 wider and inked solid (the fist over its foot left the rest of its inside under a thumbprint).
  let s =
    level === 1
      ? shape('M18.7 124.6L33.3 131.4L73.3 45.4L58.7 38.6Z', ' fill="#000"')
      : shape('M22.4 126.3L29.6 129.7L69.6 43.7L62.4 40.3Z');
  s += shape('M66 36C62 96 84 124 100 124C116 124 138 96 134 36Z');
  if (level >= 2) s += line('M68 66C90 74 110 74 132 66M84 40C86 72 90 100 93 122M116 40C114 72 110 100 107 122');
  if (level >= 3) s += line('M72 96C92 104 108 104 128 96');
  s += ellipse(100, 36, 34, 12);
  // The star a thumbprint and more at level 1 on the smallest child.
  s += `<path d="${starPath(100, 80, level === 1 ? 28 : 19, 0, 5, level === 1 ? 0.55 : 0.5)}"/>`;
  if (level >= 4) s += circle(100, 82, 5);
  return s;
}

/** A sceptre held up by its foot (the fist at (50, 170)): a rod with an orb on top, a star on the orb from level 2,
 * bands round the rod from level 3. */
function sceptre(level: Level): string {
  let s = shape('M44 30L56 30L56 176L44 176Z');
  if (level >= 3) s += line('M44 60L56 60M44 120L56 120');
  if (level >= 2) s += `<path d="${starPath(50, 0, 12)}"/>`;
  s += circle(50, 26, level === 1 ? 20 : 16);
  if (level >= 4) s += line('M34 26L66 26');
  return s;
}

/** A slice of the birthday cake on a little plate held by its rim (the fist at (20, 112), over the plate's near end): the
 * slice's top and its side, a cherry on top inked solid; the cream between two layers of sponge and icing dripping down the
 * side from level 2, a candle from level 3 (its flame inked solid), sprinkles at level 4. At level 1 the fist hides the
 * plate's rim up to the slice (further out, the rim closed a sliver between the forearm and the slice). */
function cakeSlice(level: Level): string {
  // The plate under the slice: what shows of it round the slice's foot is one region.
  let s = ellipse(72, 112, 68, level === 1 ? 28 : 16);
  // The slice, its thin end towards the hand: the side (sponge) and the top (icing).
  s += shape('M30 66L122 56L122 106L30 112Z');
  // Its top taller at level 1 (a thumbprint and more on the smallest child).
  s += shape(level === 1 ? 'M30 66L92 8L122 56Z' : 'M30 66L96 24L122 56Z');
  // The cream between the layers from level 2, under the icing's drips (at level 1 the side is one region to colour).
  if (level >= 2) s += line('M30 96L122 88');
  if (level >= 2) s += line('M30 78Q42 92 54 75Q66 89 78 73Q90 87 102 70Q112 84 122 68');
  if (level >= 3) s += shape('M76 4L90 4L90 42L76 42Z') + solid('M83 -12C90 -4 90 2 83 2C76 2 76 -4 83 -12Z');
  if (level >= 4) s += line('M56 54L60 50M70 46L74 48M104 50L108 46M64 60L68 62');
  s += level === 1 ? circle(92, 6, 11, ' fill="#000"') : circle(level >= 3 ? 104 : 94, level >= 3 ? 40 : 28, 8, ' fill="#000"');
  return s;
}

interface Spec {
  readonly draw: (level: Level) => string;
  /** The drawing's extent in its units: [x0, y0, x1, y1]. */
  readonly extent: readonly [number, number, number, number];
  /** Where the hand holds it, in its units. */
  readonly grip: Pt;
  /** Its width on the page, head heights: [level 1, levels 2-4] (bigger shapes for the youngest). */
  readonly width: readonly [number, number];
  /** Drawn facing right; mirrored when it is held on the left (true), or when on the right (false). */
  readonly facesOut: boolean;
  /** At level 1 the other way round (held out away from the child: towards it, it closed small pieces). */
  readonly turnsAtLevel1?: boolean;
}

const SPECS: Readonly<Record<HeldProp, Spec>> = {
  // Looking out, away from the child (its beak would cross the head).
  parrot: { draw: parrot, extent: [22, 14, 112, 200], grip: [44, 126], width: [0.7, 0.5], facesOut: true },
  map: { draw: map, extent: [4, 4, 116, 86], grip: [108, 8], width: [0.62, 0.62], facesOut: false },
  teacup: { draw: teacup, extent: [10, -16, 84, 52], grip: [76, 28], width: [0.5, 0.38], facesOut: true, turnsAtLevel1: true },
  cheese: { draw: cheese, extent: [6, 6, 106, 72], grip: [14, 56], width: [0.62, 0.5], facesOut: true },
  // The bag out, away from the child (over the head it would hide the face).
  'star-net': { draw: starNet, extent: [18, 24, 136, 132], grip: [32, 115], width: [0.95, 0.75], facesOut: true },
  sceptre: { draw: sceptre, extent: [30, -12, 70, 176], grip: [50, 170], width: [0.36, 0.3], facesOut: true },
  'cake-slice': { draw: cakeSlice, extent: [4, -12, 140, 134], grip: [20, 112], width: [0.8, 0.58], facesOut: true },
};

export function isHeldProp(held: string): held is HeldProp {
  return held in SPECS;
}

/** Draws a held prop at the hand; `figure.ts` draws the hand over it. */
export function drawHeldProp(held: HeldProp, at: HeldAt): DrawnProp {
  const spec = SPECS[held];
  const [x0, y0, x1, y1] = spec.extent;
  const u = (spec.width[at.level === 1 ? 0 : 1] * at.H) / (x1 - x0);
  const flip = spec.facesOut !== (at.level === 1 && !!spec.turnsAtLevel1) ? at.out < 0 : at.out > 0;
  return {
    svg: local(spec.draw(at.level), at.hand, spec.grip, u, flip, at.stroke),
    box: boxOf(x0, y0, x1, y1, at.hand, spec.grip, u, flip),
  };
}

/** Level 1: a child holding the rim it stands or sits behind (a balloon's basket, a train's carriage) closes the sky
 * between its body, that arm and the rim, a region under a thumbprint: it is inked solid. A black shape from the
 * shoulder along the arm's middle to the hand and down past the rim, drawn over the child's white knockout and under its
 * parts: the body, the arm, the hand and the rim in front hide all of it but that gap. */
export function rimGap(f: Figure, rimY: number): string {
  const holder = f.holding[0];
  if (holder === undefined) return '';
  const hand = f.handPts[holder];
  const off = (c: { pts: readonly Pt[] }): number => Math.hypot(c.pts.at(-1)![0] - hand[0], c.pts.at(-1)![1] - hand[1]);
  const arm = f.capsules.reduce((a, c) => (off(c) < off(a) ? c : a));
  const pts: Pt[] = [...arm.pts, [hand[0], rimY + 1], [arm.pts[0]![0], rimY + 1]];
  return `<path d="${pts.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('')}Z" fill="#000" stroke="none"/>`;
}
