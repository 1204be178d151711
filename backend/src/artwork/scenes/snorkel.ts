// Snorkelling (Coral Reef): a diving mask over the child's eyes, its strap round the head, and a snorkel rising beside
// the head to above the water (docs/decisions/040). Drawn by the scene over the child's head, under its hands.
import { line, n, type Box, type Level } from './svg.js';

type Pt = [number, number];

/** Where the photo's eyes are on the drawn head (image-left first) and the head's outline: head heights from the chin
 * (x to the viewer's right, y down). */
export interface HeadLandmarks {
  readonly eyes: readonly [readonly [number, number], readonly [number, number]];
  readonly outline: readonly (readonly [number, number])[];
}

/** The stand-in portrait's (page/fixture-portrait.ts: eyes at (160, 180) and (240, 180), the head an ellipse 118 x 122
 * round (200, 168), the chin at 240, 194 high): what the scene assumes when it is composed without a photo. */
export const STAND_IN_HEAD: HeadLandmarks = {
  eyes: [
    [-40 / 194, -60 / 194],
    [40 / 194, -60 / 194],
  ],
  outline: Array.from({ length: 48 }, (_, k) => {
    const a = (2 * Math.PI * k) / 48;
    return [(118 * Math.cos(a)) / 194, (-72 + 122 * Math.sin(a)) / 194] as const;
  }),
};

/** Where the outline crosses height y, outermost on each side (head heights), or none. */
export function sidesAt(outline: HeadLandmarks['outline'], y: number): [number, number] | undefined {
  const xs: number[] = [];
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % outline.length]!;
    if (a[1] < y !== b[1] < y) xs.push(a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]));
  }
  return xs.length >= 2 ? [Math.min(...xs), Math.max(...xs)] : undefined;
}

/** The mask's outer half width, its top and bottom from its middle, its corners' radius and its frame (the band round
 * the glass), in eye distances: its glass clears a pair of glasses' lenses round the eyes (portrait/glasses.ts: 0.42
 * of an eye distance beside each eye, 0.3 above and below), whose rims its edge would cut into slivers. Level 1's, up
 * on the forehead between the brows and the top of the head, is less tall and its frame bolder. */
const MASK = { half: 1.12, top: 0.48, bottom: 0.52, corner: 0.3, frame: 0.13 } as const;
const MASK1 = { top: 0.46, bottom: 0.4, frame: 0.17 } as const;
/** The strap's height, eye distances; the snorkel's radius, head heights (level 1's thicker). */
const STRAP = 0.34;
/** Level 1's mask, pushed up: its middle above the eyes' middle, eye distances. */
const FOREHEAD = 0.85;
const TUBE_R = 0.055;
const TUBE_R1 = 0.075;

const roundRect = (b: Box, r: number): string => {
  const q = Math.min(r, b.w / 2, b.h / 2);
  const x1 = b.x + b.w;
  const y1 = b.y + b.h;
  return (
    `M${n(b.x + q)} ${n(b.y)}L${n(x1 - q)} ${n(b.y)}Q${n(x1)} ${n(b.y)} ${n(x1)} ${n(b.y + q)}L${n(x1)} ${n(y1 - q)}` +
    `Q${n(x1)} ${n(y1)} ${n(x1 - q)} ${n(y1)}L${n(b.x + q)} ${n(y1)}Q${n(b.x)} ${n(y1)} ${n(b.x)} ${n(y1 - q)}` +
    `L${n(b.x)} ${n(b.y + q)}Q${n(b.x)} ${n(b.y)} ${n(b.x + q)} ${n(b.y)}Z`
  );
};

/**
 * The mask, the strap and the snorkel on a head whose chin is at `chin` and whose height is `H` (mm). From level 2 the
 * mask is over the eyes, its glass open (no fill: the eyes show through it), the strap from its sides to the head's
 * outline. At level 1 it is pushed up on the forehead, a band from side to side of the head, its glass white: over the
 * eyes the face's lines (a brow, a pair of glasses) cut the glass into pieces under a thumbprint. The snorkel rises on
 * the head's side `back` (-1: the viewer's left) from the mask's height to `top` (mm, above the water's line). Returns
 * the drawing (scene paint) and, for the layout and the tests, the glass's box and the snorkel's.
 */
export function drawSnorkelMask(o: { chin: Pt; H: number; head: HeadLandmarks; back: -1 | 1; top: number; level: Level }): {
  svg: string;
  glass: Box;
  tube: Box;
} {
  const { chin, H, level } = o;
  const page = (p: readonly [number, number]): Pt => [chin[0] + p[0] * H, chin[1] + p[1] * H];
  const eyes = o.head.eyes.map(page).sort((a, b) => a[0] - b[0]);
  const d = Math.max(0.3 * H, Math.hypot(eyes[1]![0] - eyes[0]![0], eyes[1]![1] - eyes[0]![1]));
  const eyesMid: Pt = [(eyes[0]![0] + eyes[1]![0]) / 2, (eyes[0]![1] + eyes[1]![1]) / 2];
  const mid: Pt = level === 1 ? [eyesMid[0], eyesMid[1] - FOREHEAD * d] : eyesMid;
  // The head's sides at the mask's middle (half a line inside the outline), on the page.
  const across = sidesAt(o.head.outline, (mid[1] - chin[1]) / H) ?? [-0.45, 0.45];
  const sides = [chin[0] + across[0] * H + 0.01 * H, chin[0] + across[1] * H - 0.01 * H] as const;
  const x0 = level === 1 ? sides[0] : mid[0] - MASK.half * d;
  const x1 = level === 1 ? sides[1] : mid[0] + MASK.half * d;
  const m = level === 1 ? MASK1 : MASK;
  const mask: Box = { x: x0, y: mid[1] - m.top * d, w: x1 - x0, h: (m.top + m.bottom) * d };
  const t = m.frame * d;
  const glass: Box = { x: mid[0] - MASK.half * d + t, y: mask.y + t, w: 2 * (MASK.half * d - t), h: mask.h - 2 * t };
  const strapY = mid[1] - (STRAP * d) / 2;
  let strap = '';
  if (sides[0] < mask.x) strap += `<path d="${roundRect({ x: sides[0], y: strapY, w: mask.x - sides[0] + t, h: STRAP * d }, 0)}"/>`;
  if (sides[1] > mask.x + mask.w)
    strap += `<path d="${roundRect({ x: mask.x + mask.w - t, y: strapY, w: sides[1] - mask.x - mask.w + t, h: STRAP * d }, 0)}"/>`;
  // The snorkel: a tube up the head's side from under the strap (the mask's end at level 1), its outer side on the
  // head's outline, or beside the mask's glass where the mask is as wide as the head; rounded at its top.
  const r = (level === 1 ? TUBE_R1 : TUBE_R) * H;
  const tx = o.back === -1 ? Math.min(sides[0] + r, glass.x - 0.3 * t - r) : Math.max(sides[1] - r, glass.x + glass.w + 0.3 * t + r);
  const tube: Box = { x: tx - r, y: o.top, w: 2 * r, h: mid[1] - o.top };
  let snorkel = `<path d="M${n(tx - r)} ${n(mid[1])}L${n(tx - r)} ${n(o.top + r)}A${n(r)} ${n(r)} 0 0 1 ${n(tx + r)} ${n(o.top + r)}L${n(tx + r)} ${n(mid[1])}Z"/>`;
  // Bands round it, to colour (from level 3).
  for (const k of level >= 4 ? [0.3, 0.55] : level >= 3 ? [0.35] : []) {
    const y = o.top + r + k * (mid[1] - o.top - r);
    snorkel += line(`M${n(tx - r)} ${n(y)}L${n(tx + r)} ${n(y)}`);
  }
  // The mask: its frame round the glass, open from level 2 (the eyes show through), white on the forehead at level 1.
  const corner = MASK.corner * d;
  const frame =
    level === 1
      ? `<path d="${roundRect(mask, corner)}"/><path d="${roundRect(glass, Math.max(0, corner - t))}"/>`
      : `<path d="${roundRect(mask, corner)}${roundRect(glass, Math.max(0, corner - t))}" fill-rule="evenodd"/>`;
  return { svg: snorkel + strap + frame, glass, tube };
}
