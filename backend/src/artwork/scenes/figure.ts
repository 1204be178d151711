// The child's body: a cartoon rig (a big head on a small body, about 2.6 heads tall) posed by the scene's
// activity, dressed by its place, holding the activity's prop. The photo's face and hair go on top (page/character.ts).
// Limbs are rounded capsules drawn as a black stroke under a narrower white one, so every part is one closed shape
// and whatever is drawn later hides what is behind it: correct by construction, no extra limbs, no open outlines.
import type { SceneComposition } from './catalogue.js';
import { THUMBPRINT_MM2 } from './library.js';
import { drawHeldProp, isHeldProp, type HeldProp } from './props.js';
import { n, starPath, type Box, type Level } from './svg.js';

export type Pose =
  | 'standing'
  | 'waving'
  | 'holding-up'
  | 'egg-hunt'
  | 'shell-find'
  | 'reaching'
  | 'casting'
  | 'exploring'
  | 'sitting'
  | 'reading'
  | 'riding'
  | 'running'
  | 'kicking'
  | 'kite-flying'
  | 'jumping'
  | 'swinging'
  | 'dancing'
  | 'swimming'
  | 'flying'
  | 'aboard'
  | 'driving'
  | 'digging'
  | 'watering'
  | 'painting'
  | 'crouching'
  | 'perching'
  | 'pointing'
  | 'tea-party'
  | 'moon-picnic';

export type Outfit = 'everyday' | 'space-suit' | 'swimsuit' | 'sports-kit' | 'royal';

/** What the hands hold. */
export type Held =
  | 'magnifier'
  | 'balloon'
  | 'trophy'
  | 'egg'
  | 'shell'
  | 'wand'
  | 'star'
  | 'book'
  | 'wheel'
  | 'spade'
  | 'watering-can'
  | 'brush'
  | 'sandwich'
  | 'kite-reel'
  | 'rim'
  | HeldProp;

type Pt = [number, number];

interface PoseDef {
  /** Hand targets [viewer's left, viewer's right], in head heights from the chin (x right, y down). */
  readonly hands: readonly [Pt, Pt];
  /** Foot targets; absent when the legs are hidden (in a rocket, a car, the water). */
  readonly feet?: readonly [Pt, Pt];
  /** Raised off the ground (jumping), head heights. */
  readonly lift?: number;
  /** Only the right leg shows (astride an animal: the other is behind it). */
  readonly oneLeg?: boolean;
  readonly held?: Held;
  /** Which hand holds it: 1 = the viewer's right (before mirroring), 2 = both. */
  readonly holder?: 0 | 1 | 2;
  /** Seated on the ground, cross-legged (on a picnic blanket, reading). */
  readonly seated?: boolean;
}

const STAND: readonly [Pt, Pt] = [
  [-0.17, 1.46],
  [0.17, 1.46],
];
const DOWN: Pt = [-0.42, 0.76];
const CROSS: readonly [Pt, Pt] = [
  [-0.2, 0.97],
  [0.2, 0.97],
];

export const POSES: Readonly<Record<Pose, PoseDef>> = {
  standing: { hands: [DOWN, [0.42, 0.76]], feet: STAND },
  waving: { hands: [DOWN, [0.66, -0.32]], feet: STAND },
  'holding-up': { hands: [DOWN, [0.8, -0.4]], feet: STAND, held: 'trophy', holder: 1 },
  'egg-hunt': {
    hands: [
      [-0.52, 0.5],
      [0.74, -0.3],
    ],
    feet: STAND,
    held: 'egg',
    holder: 1,
  },
  'shell-find': {
    hands: [
      [-0.52, 0.5],
      [0.74, -0.3],
    ],
    feet: STAND,
    held: 'shell',
    holder: 1,
  },
  reaching: { hands: [DOWN, [0.4, -0.44]], feet: [STAND[0], [0.2, 1.44]], lift: 0.03, held: 'star', holder: 1 },
  casting: { hands: [DOWN, [0.62, -0.12]], feet: STAND, held: 'wand', holder: 1 },
  exploring: { hands: [DOWN, [0.6, 0.24]], feet: STAND, held: 'magnifier', holder: 1 },
  // Squatting down to a friend on the ground (a lion cub), knees out, one hand on a knee, the other held out to it.
  crouching: {
    hands: [
      [-0.5, 0.7],
      [0.76, 0.36],
    ],
    feet: [
      [-0.34, 1.16],
      [0.34, 1.16],
    ],
    lift: -0.3,
  },
  // A parrot perched on the fist held out at the shoulder's height.
  perching: { hands: [DOWN, [0.87, 0.02]], feet: STAND, held: 'parrot', holder: 1 },
  // Pointing far off with an outstretched arm (at the volcano), a map in the other hand.
  pointing: {
    hands: [
      [-0.5, 0.52],
      [0.92, -0.1],
    ],
    feet: STAND,
    held: 'map',
    holder: 0,
  },
  sitting: {
    hands: [
      [-0.46, 0.84],
      [0.5, 0.3],
    ],
    feet: CROSS,
    held: 'sandwich',
    holder: 1,
    seated: true,
  },
  // A tea party: seated, a teacup held out by its handle.
  'tea-party': {
    hands: [
      [-0.46, 0.84],
      [0.5, 0.42],
    ],
    feet: CROSS,
    held: 'teacup',
    holder: 1,
    seated: true,
  },
  // A picnic on the Moon: seated, a wedge of the Moon's cheese held up.
  'moon-picnic': {
    hands: [
      [-0.46, 0.84],
      [0.56, 0.16],
    ],
    feet: CROSS,
    held: 'cheese',
    holder: 1,
    seated: true,
  },
  reading: {
    hands: [
      [-0.33, 0.7],
      [0.33, 0.7],
    ],
    feet: CROSS,
    held: 'book',
    holder: 2,
    seated: true,
  },
  riding: {
    hands: [
      [-0.34, 0.8],
      [0.34, 0.8],
    ],
    feet: [
      [-0.36, 1.36],
      [0.36, 1.36],
    ],
    oneLeg: true,
  },
  running: {
    hands: [
      [-0.5, 0.3],
      [0.46, 0.8],
    ],
    feet: [
      [-0.44, 1.3],
      [0.22, 1.46],
    ],
    lift: 0.04,
  },
  kicking: {
    hands: [
      [-0.58, 0.3],
      [0.5, 0.62],
    ],
    feet: [
      [-0.2, 1.46],
      [0.62, 1.26],
    ],
  },
  'kite-flying': {
    hands: [DOWN, [0.56, -0.2]],
    feet: [
      [-0.3, 1.44],
      [0.24, 1.46],
    ],
    held: 'kite-reel',
    holder: 1,
  },
  jumping: {
    hands: [
      [-0.64, -0.28],
      [0.64, -0.28],
    ],
    feet: [
      [-0.36, 1.24],
      [0.36, 1.24],
    ],
    lift: 0.28,
  },
  // Hanging from two jungle vines, hands up beside the head, feet off the ground.
  swinging: {
    hands: [
      [-0.8, -0.5],
      [0.8, -0.5],
    ],
    feet: [
      [-0.16, 1.38],
      [0.22, 1.34],
    ],
    lift: 0.3,
  },
  dancing: {
    hands: [
      [-0.62, -0.26],
      [0.56, 0.42],
    ],
    feet: [
      [-0.16, 1.46],
      [0.6, 1.22],
    ],
  },
  swimming: {
    hands: [
      [-0.72, 0.18],
      [0.72, 0.18],
    ],
    feet: [
      [-0.42, 1.36],
      [0.34, 1.42],
    ],
  },
  flying: {
    hands: [
      [-0.62, 0.5],
      [0.66, -0.32],
    ],
    held: 'rim',
    holder: 0,
  },
  // Seated in an open carriage (a train's): one hand on its rim, the other waving; the legs, seated, behind its side.
  aboard: {
    hands: [
      [-0.5, 0.52],
      [0.8, -0.2],
    ],
    feet: [
      [-0.22, 1.18],
      [0.22, 1.18],
    ],
    held: 'rim',
    holder: 0,
  },
  driving: {
    hands: [
      [-0.19, 0.6],
      [0.19, 0.6],
    ],
    held: 'wheel',
    holder: 2,
  },
  digging: {
    hands: [
      [-0.04, 0.52],
      [0.22, 0.86],
    ],
    feet: [
      [-0.26, 1.46],
      [0.12, 1.46],
    ],
    held: 'spade',
    holder: 2,
  },
  watering: { hands: [DOWN, [0.56, 0.52]], feet: STAND, held: 'watering-can', holder: 1 },
  painting: {
    hands: [
      [-0.5, 0.56],
      [0.64, 0.06],
    ],
    feet: STAND,
    held: 'brush',
    holder: 1,
  },
};

/** The pose that shows what the scene says the child does (the activity, refined by what is in the scene). */
export function poseFor(c: SceneComposition): Pose {
  const has = (id: string): boolean => c.objects.includes(id);
  const with_ = (id: string): boolean => c.companions.includes(id);
  switch (c.activity) {
    case 'riding':
      return 'riding';
    case 'flying':
      return 'flying';
    case 'swimming':
      return 'swimming';
    case 'driving':
      return 'driving';
    case 'reading':
      return 'reading';
    case 'picnicking':
      // The birthday cake on the blanket; else the place's food: cheese on the Moon, tea in a castle, a forest or at home.
      if (has('cake')) return 'sitting';
      if (c.location === 'moon') return 'moon-picnic';
      if (c.location === 'castle' || c.location === 'enchanted-forest' || c.location === 'home') return 'tea-party';
      return 'sitting';
    case 'building':
      return 'digging';
    case 'gardening':
      return 'watering';
    case 'painting':
      return 'painting';
    case 'dancing':
      return 'dancing';
    case 'playing-football':
      return 'kicking';
    case 'waving':
      if (has('trophy')) return 'holding-up';
      // Waving from a train: seated in its carriage.
      if (has('train')) return 'aboard';
      return 'waving';
    case 'exploring':
      if (c.location === 'moon') return 'jumping';
      // A balloon ride: in the basket of a hot-air balloon, holding on and waving.
      if (c.location === 'sky' && has('balloon')) return 'flying';
      // A dinosaur's egg found in the valley, held up to show.
      if (c.location === 'prehistoric-valley' && has('treasure-chest')) return 'egg-hunt';
      // A shell found on the sea bed, held up to show.
      if (c.location === 'ocean-floor' && has('shell') && has('treasure-chest')) return 'shell-find';
      // Meeting a lion cub on the savanna: crouching down to it.
      if (with_('lion')) return 'crouching';
      // Exploring the rainforest with parrots: one perched on the child's fist.
      if (c.location === 'jungle' && with_('bird')) return 'perching';
      // A valley with a smoking volcano: pointing at it, the map in the other hand.
      if (has('volcano')) return 'pointing';
      return 'exploring';
    case 'playing':
      if (has('wand')) return 'casting';
      if (has('kite')) return 'kite-flying';
      if (has('star') && !c.companions.length) return 'reaching';
      if (with_('pig') || with_('elephant')) return 'jumping';
      // Swinging through the trees with monkeys: hanging from vines.
      if (with_('monkey')) return 'swinging';
      return 'running';
    default:
      return 'standing';
  }
}

/** Clothes by place: a space suit in space, a swimsuit by the sea, sports kit at the sports field, royal in a castle. */
export function outfitFor(c: SceneComposition): Outfit {
  switch (c.location) {
    case 'space':
    case 'moon':
      return 'space-suit';
    case 'ocean-floor':
    case 'beach':
      return 'swimsuit';
    case 'sports-field':
      return 'sports-kit';
    case 'castle':
    case 'enchanted-forest':
      return 'royal';
    default:
      return 'everyday';
  }
}

// The rig, in head heights (H) from the chin.
const SHOULDER_Y = 0.17;
const SHOULDER_X = 0.25;
const HIP: Pt = [0.12, 0.72];
const UPPER_ARM = 0.33;
const FOREARM = 0.32;
const THIGH = 0.38;
const SHIN = 0.37;
const ARM_R = 0.08;
const LEG_R = 0.11;
const HAND_R = 0.09;
/** The torso's outline: [half width, y] from the shoulders down to the hem. */
const TORSO: readonly Pt[] = [
  [0.2, 0.06],
  [0.3, 0.16],
  [0.28, 0.5],
  [0.3, 0.8],
];

export interface FigureInput {
  pose: Pose;
  outfit: Outfit;
  level: Level;
  /** Head height on the page, mm. */
  headMm: number;
  /** The chin's place on the page, mm. */
  chin: Pt;
  /** Mirror left and right (the busy arm on the viewer's left). */
  mirror: boolean;
  /** Line width, mm. */
  stroke: number;
  /** Head width / height (for the head's box). */
  headAspect: number;
  /** White margin around the child hiding the scene behind it, mm. */
  margin: number;
}

export interface Capsule {
  readonly pts: Pt[];
  readonly r: number;
}

export interface Figure {
  readonly pose: Pose;
  readonly outfit: Outfit;
  readonly held?: Held;
  /** Drawn behind a mount (the far leg of a rider). */
  readonly behind: string;
  /** The white knockout and the body, under the head. */
  readonly body: string;
  /** The held prop and the hands holding it, over the head. */
  readonly hands: string;
  /** The head's box on the page (top of the hair to the chin), mm. */
  readonly head: Box;
  readonly chin: Pt;
  /** Both hands' centres, mm (viewer's left first). */
  readonly handPts: readonly [Pt, Pt];
  readonly handR: number;
  /** Which of `handPts` hold the prop. */
  readonly holding: readonly number[];
  /** Both feet (ankles), mm, when the legs show. */
  readonly feetPts: readonly Pt[];
  /** Where the held prop is, mm. */
  readonly heldBox?: Box;
  /** Where a held string ends (balloon, kite) or the spade's blade. */
  readonly heldTip?: Pt;
  /** The body's parts, mm (for the occlusion tests and layout). */
  readonly capsules: readonly Capsule[];
  readonly torso: readonly Pt[];
  /** Everything drawn, including the head and the held prop, mm. */
  readonly box: Box;
  /** The lowest point of the feet (or of the body when the legs are hidden), mm. */
  readonly feetY: number;
}

const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Two-bone reach: the joint between `from` and the target, bent away from the body's middle. */
export function bend(from: Pt, to: Pt, a: number, b: number, outward: number): Pt {
  const d = Math.min(a + b - 1e-6, Math.max(Math.abs(a - b) + 1e-6, dist(from, to)));
  const ux = (to[0] - from[0]) / (dist(from, to) || 1);
  const uy = (to[1] - from[1]) / (dist(from, to) || 1);
  const cos = (a * a + d * d - b * b) / (2 * a * d);
  const sin = Math.sqrt(Math.max(0, 1 - cos * cos));
  const j1: Pt = [from[0] + a * (ux * cos - uy * sin), from[1] + a * (uy * cos + ux * sin)];
  const j2: Pt = [from[0] + a * (ux * cos + uy * sin), from[1] + a * (uy * cos - ux * sin)];
  return j1[0] * outward >= j2[0] * outward ? j1 : j2;
}

/** Where the limb really reaches (the target, or as far as the limb goes towards it). */
function reach(from: Pt, to: Pt, len: number): Pt {
  const d = dist(from, to);
  if (d <= len) return to;
  return [from[0] + ((to[0] - from[0]) * len) / d, from[1] + ((to[1] - from[1]) * len) / d];
}

const pathOf = (pts: readonly Pt[]): string => pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('');

/** Half the torso's width at height y (head heights), by its straight sides. */
function torsoHalf(y: number): number {
  for (let i = 1; i < TORSO.length; i++) {
    const [w0, y0] = TORSO[i - 1]!;
    const [w1, y1] = TORSO[i]!;
    if (y <= y1) return w0 + ((w1 - w0) * (y - y0)) / (y1 - y0);
  }
  return TORSO[TORSO.length - 1]![0];
}

export function drawFigure(f: FigureInput): Figure {
  const def = POSES[f.pose];
  const H = f.headMm;
  const sgn = f.mirror ? -1 : 1;
  const lift = (def.lift ?? 0) * H;
  const P = (p: Pt): Pt => [f.chin[0] + sgn * p[0] * H, f.chin[1] + p[1] * H - lift];
  const sw = f.stroke;
  const L = f.level;

  // Joints, in head heights, then on the page.
  const arms = ([0, 1] as const).map((i) => {
    const side = i === 0 ? -1 : 1;
    const s: Pt = [side * SHOULDER_X, SHOULDER_Y];
    const hand = reach(s, def.hands[i], UPPER_ARM + FOREARM - 1e-4);
    const elbow = bend(s, hand, UPPER_ARM, FOREARM, side);
    return [P(s), P(elbow), P(hand)] as Pt[];
  });
  const legs = def.feet
    ? ([0, 1] as const).map((i) => {
        const side = i === 0 ? -1 : 1;
        const h: Pt = [side * HIP[0], HIP[1]];
        const foot = reach(h, def.feet![i], THIGH + SHIN - 1e-4);
        const knee = bend(h, foot, THIGH, SHIN, side);
        return [P(h), P(knee), P(foot)] as Pt[];
      })
    : [];
  const torso: Pt[] = [
    ...TORSO.map(([w, y]) => P([-w, y])),
    ...TORSO.slice()
      .reverse()
      .map(([w, y]) => P([w, y])),
  ];
  const neck: Pt[] = [P([0, -0.12]), P([0, 0.1])];

  const capsule = (pts: Pt[], r: number, halo = 0): string =>
    `<path d="${pathOf(pts)}" fill="none" stroke="#000" stroke-width="${n(2 * r + sw + 2 * halo)}"/>` +
    `<path d="${pathOf(pts)}" fill="none" stroke="#fff" stroke-width="${n(Math.max(0.2, 2 * r - sw))}"/>`;
  const haloOf = (pts: Pt[], r: number): string =>
    `<path d="${pathOf(pts)}" fill="none" stroke="#fff" stroke-width="${n(2 * r + sw + 2 * f.margin)}"/>`;
  /** A line across a limb at fraction t of a segment, ending on its outline (a cuff, a sock, a shorts hem). */
  const cuff = (a: Pt, b: Pt, t: number, r: number): string => {
    const d = dist(a, b) || 1;
    const ux = (b[0] - a[0]) / d;
    const uy = (b[1] - a[1]) / d;
    const c: Pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    const k = r + sw * 0.3;
    return `<path d="M${n(c[0] - uy * k)} ${n(c[1] + ux * k)}L${n(c[0] + uy * k)} ${n(c[1] - ux * k)}" fill="none"/>`;
  };
  const armR = ARM_R * H;
  const legR = LEG_R * H;
  // Level 1: chunky mittens, each one a thumbprint to colour inside its line (with a 10 % margin), at any size of child.
  const handR = L === 1 ? Math.max(HAND_R * H, sw / 2 + Math.sqrt((THUMBPRINT_MM2 * 1.1) / Math.PI)) : HAND_R * H;
  const o = f.outfit;

  // Legs: trousers, shorts or a suit, with shoes or boots.
  const drawLeg = (leg: Pt[]): string => {
    let s = capsule(leg, legR);
    const [hip, knee, foot] = leg as [Pt, Pt, Pt];
    if (o === 'swimsuit' || o === 'sports-kit') s += cuff(hip, knee, L >= 3 ? 0.7 : 0.8, legR);
    else if (o === 'royal' && L >= 2) s += cuff(knee, foot, 0.35, legR);
    if (o === 'sports-kit' && L >= 2) s += cuff(knee, foot, 0.35, legR);
    if (o === 'sports-kit' && L >= 4) s += cuff(knee, foot, 0.5, legR);
    if (o === 'space-suit' && L >= 3) s += cuff(hip, knee, 0.95, legR);
    if (L >= 4 && o === 'everyday') s += cuff(hip, knee, 0.35, legR * 0.55) + cuff(knee, foot, 0.75, legR);
    // The shoe, pointing out from the ankle.
    const out = foot[0] >= hip[0] ? 1 : -1;
    // Level 1's boots are longer, toes further out (no taller: the child stands on the same line).
    const toe = L === 1 ? 1.3 : 1;
    const shoe = `<ellipse cx="${n(foot[0] + out * H * 0.05 * toe)}" cy="${n(foot[1] + H * 0.02)}" rx="${n(H * 0.13 * toe)}" ry="${n(H * 0.075)}"/>`;
    // Bare feet in a swimsuit; at level 1 a foot like a boot (a thumbprint, one shape with the leg).
    s += o === 'swimsuit' && L > 1 ? '' : shoe;
    // Level 1: a boot, one shape with the leg (no ankle line): the leg's inside, from mid-shin down, over the shoe's line.
    if (L === 1) {
      const mid: Pt = [(knee[0] + foot[0]) / 2, (knee[1] + foot[1]) / 2];
      s += `<path d="${pathOf([mid, foot])}" fill="none" stroke="#fff" stroke-width="${n(Math.max(0.2, 2 * legR - sw))}"/>`;
    }
    if (o !== 'swimsuit' && L >= 3)
      s += `<path d="M${n(foot[0] - H * 0.02)} ${n(foot[1] - H * 0.04)}L${n(foot[0] + out * H * 0.06)} ${n(foot[1] - H * 0.02)}" fill="none"/>`;
    return s;
  };
  const shown = def.oneLeg ? legs.slice(1) : legs;
  const hiddenLeg = def.oneLeg ? legs.slice(0, 1) : [];

  // The torso and what is on it.
  let torsoSvg = '';
  if (o === 'royal') {
    // A cape behind the body, to the knees.
    const cape: Pt[] = [P([-0.26, 0.12]), P([-0.5, 1.08]), P([0.5, 1.08]), P([0.26, 0.12])];
    torsoSvg += `<path d="M${n(cape[0]![0])} ${n(cape[0]![1])}L${n(cape[1]![0])} ${n(cape[1]![1])}Q${n(f.chin[0])} ${n(cape[1]![1] + H * 0.08)} ${n(cape[2]![0])} ${n(cape[2]![1])}L${n(cape[3]![0])} ${n(cape[3]![1])}Z"/>`;
  }
  // Rounded shoulders and a curved hem.
  const q = (a: Pt, c: Pt, b: Pt): string => `L${n(a[0])} ${n(a[1])}Q${n(c[0])} ${n(c[1])} ${n(b[0])} ${n(b[1])}`;
  const tl = P([-0.2, 0.06]);
  torsoSvg +=
    `<path d="M${n(tl[0])} ${n(tl[1])}` +
    q(P([-0.2, 0.06]), P([-0.31, 0.06]), P([-0.3, 0.18])) +
    `L${n(P([-0.28, 0.5])[0])} ${n(P([-0.28, 0.5])[1])}` +
    q(P([-0.3, 0.8]), P([0, 0.85]), P([0.3, 0.8])) +
    `L${n(P([0.28, 0.5])[0])} ${n(P([0.28, 0.5])[1])}` +
    q(P([0.3, 0.18]), P([0.31, 0.06]), P([0.2, 0.06])) +
    `Z"/>`;
  const across = (y: number, inset = 0): string => {
    const w = torsoHalf(y) - inset;
    const a = P([-w, y]);
    const b = P([w, y]);
    return `<path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}" fill="none"/>`;
  };
  const ring = (c: Pt, r: number, extra = ''): string => `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(r * H)}"${extra}/>`;
  // The collar: a V or a round neck, closing on the shoulders' line.
  if (L >= 2 && o !== 'space-suit') {
    const a = P([-0.12, 0.08]);
    const b = P([0.12, 0.08]);
    const m = P([0, o === 'sports-kit' ? 0.26 : 0.18]);
    torsoSvg += `<path d="M${n(a[0])} ${n(a[1])}L${n(m[0])} ${n(m[1])}L${n(b[0])} ${n(b[1])}" fill="none"/>`;
  }
  if (o === 'space-suit') {
    // A collar ring, a chest panel with buttons, a belt.
    torsoSvg += `<path d="M${n(P([-0.2, 0.07])[0])} ${n(P([-0.2, 0.07])[1])}Q${n(f.chin[0])} ${n(P([0, 0.2])[1])} ${n(P([0.2, 0.07])[0])} ${n(P([0.2, 0.07])[1])}" fill="none"/>`;
    const panel = [P([-0.13, 0.28]), P([0.13, 0.28]), P([0.13, 0.48]), P([-0.13, 0.48])];
    torsoSvg += `<path d="${pathOf(panel)}Z"/>`;
    if (L >= 3) torsoSvg += ring(P([-0.06, 0.38]), 0.04) + ring(P([0.06, 0.38]), 0.04);
    if (L >= 3) torsoSvg += across(0.62) + across(0.7);
    if (L >= 4) torsoSvg += `<path d="${starPath(P([-0.2, 0.22])[0], P([-0.2, 0.22])[1], H * 0.05)}"/>` + ring(P([0.2, 0.22]), 0.03);
  } else if (o === 'swimsuit') {
    torsoSvg += across(0.56);
    if (L >= 3) for (const y of [0.34, 0.44]) torsoSvg += across(y);
    if (L >= 4) for (const y of [0.66]) torsoSvg += across(y);
  } else if (o === 'sports-kit') {
    torsoSvg += across(0.66);
    // The shirt's number, as a big closed shape to colour: a star badge at level 1, a number panel later.
    const c = P([0, 0.42]);
    torsoSvg += L === 1 ? `<path d="${starPath(c[0], c[1], H * 0.12)}"/>` : ring(P([0, 0.42]), 0.11);
    if (L >= 2)
      torsoSvg += `<path d="M${n(c[0] - H * 0.02)} ${n(c[1] - H * 0.05)}L${n(c[0] + H * 0.01)} ${n(c[1] - H * 0.07)}L${n(c[0] + H * 0.01)} ${n(c[1] + H * 0.07)}" fill="none"/>`;
    if (L >= 3) {
      const a = P([-0.28, 0.3]);
      const b = P([0.28, 0.3]);
      torsoSvg += `<path d="M${n(a[0])} ${n(a[1])}L${n(P([-0.16, 0.62])[0])} ${n(P([-0.16, 0.62])[1])}M${n(b[0])} ${n(b[1])}L${n(P([0.16, 0.62])[0])} ${n(P([0.16, 0.62])[1])}" fill="none"/>`;
    }
  } else if (o === 'royal') {
    torsoSvg += across(0.6);
    if (L >= 2) torsoSvg += `<path d="${starPath(P([0, 0.38])[0], P([0, 0.38])[1], H * 0.09)}"/>`;
    if (L >= 3) torsoSvg += across(0.66) + ring(P([0, 0.63]), 0.04);
    if (L >= 4) for (const x of [-0.18, 0.18]) torsoSvg += ring(P([x, 0.28]), 0.03);
  } else {
    // Everyday: a T-shirt and trousers; a pocket, then stripes.
    if (L >= 2) torsoSvg += across(0.74);
    if (L >= 3) {
      const pk = [P([0.06, 0.3]), P([0.2, 0.3]), P([0.2, 0.44]), P([0.06, 0.44])];
      torsoSvg += `<path d="${pathOf(pk)}Z"/>`;
    }
    // Level 4: polka dots on the T-shirt, each one to colour.
    if (L >= 4)
      for (const [x, y] of [
        [-0.17, 0.3],
        [-0.06, 0.52],
        [-0.18, 0.62],
        [0.05, 0.64],
        [0.17, 0.56],
        [-0.07, 0.24],
      ] as Pt[])
        torsoSvg += ring(P([x, y]), 0.04);
  }

  // Arms: sleeves end at the elbow (T-shirt), the wrist (a suit) or the shoulder (a swimsuit).
  const drawArm = (arm: Pt[]): string => {
    let s = capsule(arm, armR);
    const [sh, el, ha] = arm as [Pt, Pt, Pt];
    if (o === 'space-suit' || o === 'royal') s += cuff(el, ha, 0.78, armR);
    else if (o === 'swimsuit') s += cuff(sh, el, 0.28, armR);
    else s += cuff(sh, el, 0.72, armR);
    if (o === 'space-suit' && L >= 3) s += cuff(sh, el, 0.9, armR);
    if (o === 'royal' && L >= 4) s += cuff(el, ha, 0.6, armR);
    return s;
  };
  const handDot = (p: Pt): string => `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(handR)}"/>`;
  // A hanging arm's mitten steps out by what it grew at level 1, keeping clear of the T-shirt's side (no sliver between).
  const hands = ([0, 1] as const).map((i) => {
    const p = arms[i]![2]!;
    const out = def.hands[i] === DOWN ? (handR - HAND_R * H) * (p[0] >= f.chin[0] ? 1 : -1) : 0;
    return [p[0] + out, p[1]] as Pt;
  }) as [Pt, Pt];

  // The held prop.
  const held = def.held;
  const holder = def.holder ?? 1;
  const hp = holder === 2 ? ([(hands[0][0] + hands[1][0]) / 2, (hands[0][1] + hands[1][1]) / 2] as Pt) : hands[holder];
  let prop = '';
  let heldBox: Box | undefined;
  let heldTip: Pt | undefined;
  const U = (dx: number, dy: number): Pt => [hp[0] + sgn * (holder === 0 ? -dx : dx) * H, hp[1] + dy * H];
  const boxAround = (pts: Pt[]): Box => {
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  };
  const shapeAt = (pts: Pt[]): string => `<path d="${pathOf(pts)}Z"/>`;
  switch (held) {
    case 'trophy': {
      const c = U(0, -0.34);
      const cupTop = c[1] - 0.2 * H;
      const w = 0.22 * H;
      if (L >= 2)
        prop += `<path d="M${n(c[0] - w * 0.8)} ${n(cupTop + 0.05 * H)}C${n(c[0] - w * 1.5)} ${n(cupTop + 0.05 * H)} ${n(c[0] - w * 1.4)} ${n(cupTop + 0.22 * H)} ${n(c[0] - w * 0.5)} ${n(cupTop + 0.24 * H)}M${n(c[0] + w * 0.8)} ${n(cupTop + 0.05 * H)}C${n(c[0] + w * 1.5)} ${n(cupTop + 0.05 * H)} ${n(c[0] + w * 1.4)} ${n(cupTop + 0.22 * H)} ${n(c[0] + w * 0.5)} ${n(cupTop + 0.24 * H)}" fill="none"/>`;
      prop += `<path d="M${n(c[0] - w)} ${n(cupTop)}L${n(c[0] + w)} ${n(cupTop)}C${n(c[0] + w)} ${n(cupTop + 0.26 * H)} ${n(c[0] + w * 0.4)} ${n(cupTop + 0.32 * H)} ${n(c[0])} ${n(cupTop + 0.32 * H)}C${n(c[0] - w * 0.4)} ${n(cupTop + 0.32 * H)} ${n(c[0] - w)} ${n(cupTop + 0.26 * H)} ${n(c[0] - w)} ${n(cupTop)}Z"/>`;
      prop += shapeAt([U(-0.05, -0.22), U(0.05, -0.22), U(0.07, 0.02), U(-0.07, 0.02)]);
      prop += shapeAt([U(-0.14, 0.02), U(0.14, 0.02), U(0.14, 0.1), U(-0.14, 0.1)]);
      if (L >= 2) prop += `<path d="${starPath(c[0], cupTop + 0.13 * H, 0.08 * H)}"/>`;
      heldBox = { x: c[0] - w * 1.5, y: cupTop, w: w * 3, h: hp[1] + 0.1 * H - cupTop };
      break;
    }
    case 'egg': {
      const c = U(0.02, -0.3);
      const w = 0.19 * H;
      const h = 0.25 * H;
      prop += `<path d="M${n(c[0])} ${n(c[1] - h)}C${n(c[0] - w * 0.8)} ${n(c[1] - h)} ${n(c[0] - w)} ${n(c[1] + h * 0.1)} ${n(c[0] - w)} ${n(c[1] + h * 0.35)}C${n(c[0] - w)} ${n(c[1] + h * 0.85)} ${n(c[0] - w * 0.5)} ${n(c[1] + h)} ${n(c[0])} ${n(c[1] + h)}C${n(c[0] + w * 0.5)} ${n(c[1] + h)} ${n(c[0] + w)} ${n(c[1] + h * 0.85)} ${n(c[0] + w)} ${n(c[1] + h * 0.35)}C${n(c[0] + w)} ${n(c[1] + h * 0.1)} ${n(c[0] + w * 0.8)} ${n(c[1] - h)} ${n(c[0])} ${n(c[1] - h)}Z"/>`;
      // Spots: one big at level 2, more after.
      if (L >= 2) prop += ring([c[0] - w * 0.3, c[1] - h * 0.2], 0.06);
      if (L >= 3) prop += ring([c[0] + w * 0.35, c[1] + h * 0.3], 0.05) + ring([c[0] - w * 0.2, c[1] + h * 0.55], 0.04);
      heldBox = { x: c[0] - w, y: c[1] - h, w: 2 * w, h: hp[1] - c[1] + h };
      break;
    }
    case 'shell': {
      // A scallop shell: a fan with ribs, its hinge in the hand.
      const c = U(0, -0.08);
      const r = 0.26 * H;
      prop += `<path d="M${n(c[0])} ${n(c[1])}L${n(c[0] - r)} ${n(c[1] - r * 0.75)}C${n(c[0] - r * 0.8)} ${n(c[1] - r * 1.25)} ${n(c[0] + r * 0.8)} ${n(c[1] - r * 1.25)} ${n(c[0] + r)} ${n(c[1] - r * 0.75)}Z"/>`;
      const ribs = [0, 2, 2, 4, 4][L]!;
      for (let k = 1; k <= ribs; k++) {
        const t = k / (ribs + 1);
        const x = c[0] - r + 2 * r * t;
        const y = c[1] - r * 0.75 - Math.sin(Math.PI * t) * r * 0.37;
        prop += `<path d="M${n(c[0])} ${n(c[1])}L${n(x)} ${n(y)}" fill="none"/>`;
      }
      heldBox = { x: c[0] - r, y: c[1] - r * 1.15, w: 2 * r, h: hp[1] - c[1] + r * 1.15 };
      break;
    }
    case 'star': {
      const c = U(0.02, -0.24);
      prop += `<path d="${starPath(c[0], c[1], 0.2 * H)}"/>`;
      if (L >= 3) prop += `<path d="${starPath(c[0], c[1] + 0.01 * H, 0.08 * H)}"/>`;
      heldBox = { x: c[0] - 0.2 * H, y: c[1] - 0.2 * H, w: 0.4 * H, h: 0.4 * H };
      break;
    }
    case 'wand': {
      const tip = U(0.34, -0.5);
      const base = U(-0.06, 0.08);
      prop += capsule([base, tip], 0.025 * H);
      prop += `<path d="${starPath(tip[0], tip[1], 0.15 * H, 0.3)}"/>`;
      if (L >= 2) prop += `<path d="${starPath(tip[0] + sgn * 0.22 * H, tip[1] + 0.18 * H, 0.05 * H)}"/>`;
      if (L >= 3) prop += `<path d="${starPath(tip[0] - sgn * 0.12 * H, tip[1] - 0.2 * H, 0.045 * H)}"/>`;
      heldBox = boxAround([base, [tip[0] - 0.18 * H, tip[1] - 0.26 * H], [tip[0] + 0.28 * H, tip[1] + 0.24 * H]]);
      break;
    }
    case 'magnifier': {
      const lens = U(0.16, -0.34);
      prop += capsule([U(0, 0.06), U(0.09, -0.15)], 0.035 * H);
      prop += `<circle cx="${n(lens[0])}" cy="${n(lens[1])}" r="${n(0.2 * H)}"/>`;
      if (L >= 2) prop += `<circle cx="${n(lens[0])}" cy="${n(lens[1])}" r="${n(0.15 * H)}"/>`;
      if (L >= 3)
        prop += `<path d="M${n(lens[0] - 0.09 * H)} ${n(lens[1] - 0.02 * H)}Q${n(lens[0] - 0.08 * H)} ${n(lens[1] - 0.09 * H)} ${n(lens[0] - 0.01 * H)} ${n(lens[1] - 0.1 * H)}" fill="none"/>`;
      heldBox = { x: lens[0] - 0.2 * H, y: lens[1] - 0.2 * H, w: 0.4 * H, h: 0.6 * H };
      break;
    }
    case 'book': {
      const c = U(0, -0.04);
      const w = 0.36 * H;
      const h = 0.34 * H;
      const page = (dir: number): string =>
        `<path d="M${n(c[0])} ${n(c[1] - h / 2 + 0.03 * H)}C${n(c[0] + dir * w * 0.5)} ${n(c[1] - h / 2 - 0.03 * H)} ${n(c[0] + dir * w * 0.9)} ${n(c[1] - h / 2)} ${n(c[0] + dir * w)} ${n(c[1] - h / 2 + 0.02 * H)}L${n(c[0] + dir * w)} ${n(c[1] + h / 2)}C${n(c[0] + dir * w * 0.6)} ${n(c[1] + h / 2 - 0.04 * H)} ${n(c[0] + dir * w * 0.3)} ${n(c[1] + h / 2 - 0.02 * H)} ${n(c[0])} ${n(c[1] + h / 2 + 0.03 * H)}Z"/>`;
      prop += page(-1) + page(1);
      if (L >= 2)
        for (const k of L >= 4 ? [-0.08, 0, 0.08] : [-0.04, 0.06]) {
          const y = c[1] + k * H;
          prop += `<path d="M${n(c[0] - w * 0.8)} ${n(y)}L${n(c[0] - w * 0.2)} ${n(y)}M${n(c[0] + w * 0.2)} ${n(y)}L${n(c[0] + w * 0.8)} ${n(y)}" fill="none"/>`;
        }
      heldBox = { x: c[0] - w, y: c[1] - h / 2 - 0.03 * H, w: 2 * w, h: h + 0.06 * H };
      break;
    }
    case 'wheel': {
      const c = U(0, 0);
      prop += `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.2 * H)}"/><circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.14 * H)}"/>`;
      prop += `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.045 * H)}"/>`;
      heldBox = { x: c[0] - 0.2 * H, y: c[1] - 0.2 * H, w: 0.4 * H, h: 0.4 * H };
      break;
    }
    case 'spade': {
      const top = U(-0.14, -0.1);
      const tip = U(0.34, 0.62);
      const d = dist(top, tip);
      const ux = (tip[0] - top[0]) / d;
      const uy = (tip[1] - top[1]) / d;
      const end: Pt = [tip[0] - ux * 0.2 * H, tip[1] - uy * 0.2 * H];
      prop += capsule([top, end], 0.03 * H);
      const px = -uy * 0.1 * H;
      const py = ux * 0.1 * H;
      prop += `<path d="M${n(end[0] + px)} ${n(end[1] + py)}L${n(tip[0] + px * 0.8)} ${n(tip[1] + py * 0.8)}Q${n(tip[0] + ux * 0.08 * H)} ${n(tip[1] + uy * 0.08 * H)} ${n(tip[0] - px * 0.8)} ${n(tip[1] - py * 0.8)}L${n(end[0] - px)} ${n(end[1] - py)}Z"/>`;
      prop += capsule(
        [
          [top[0] - px * 0.8, top[1] - py * 0.8],
          [top[0] + px * 0.8, top[1] + py * 0.8],
        ],
        0.03 * H,
      );
      heldBox = boxAround([top, tip, [tip[0] + px, tip[1] + py], [tip[0] - px, tip[1] - py]]);
      heldTip = tip;
      break;
    }
    case 'watering-can': {
      // Held by its handle, the spout pointing away from the child.
      const b: Pt = U(0.04, 0.08);
      const w = 0.36 * H;
      const h = 0.26 * H;
      const x0 = b[0] - (sgn < 0 ? w : 0) + (sgn < 0 ? -0.02 * H : 0.02 * H);
      prop += `<path d="M${n(x0)} ${n(b[1])}L${n(x0 + w)} ${n(b[1])}L${n(x0 + w - 0.03 * H)} ${n(b[1] + h)}L${n(x0 + 0.03 * H)} ${n(b[1] + h)}Z"/>`;
      const sx = sgn > 0 ? x0 + w : x0;
      prop += `<path d="M${n(sx)} ${n(b[1] + h * 0.55)}L${n(sx + sgn * 0.24 * H)} ${n(b[1] - 0.06 * H)}L${n(sx + sgn * 0.28 * H)} ${n(b[1] - 0.02 * H)}L${n(sx)} ${n(b[1] + h * 0.8)}Z"/>`;
      prop += `<path d="M${n(sx + sgn * 0.24 * H)} ${n(b[1] - 0.1 * H)}L${n(sx + sgn * 0.34 * H)} ${n(b[1] - 0.08 * H)}L${n(sx + sgn * 0.3 * H)} ${n(b[1] + 0.02 * H)}Z"/>`;
      prop += `<path d="M${n(hp[0] - sgn * 0.1 * H)} ${n(b[1])}Q${n(hp[0])} ${n(hp[1] - 0.14 * H)} ${n(hp[0] + sgn * 0.14 * H)} ${n(b[1])}" fill="none"/>`;
      if (L >= 2)
        prop += `<path d="M${n(x0 + 0.01 * H)} ${n(b[1] + 0.07 * H)}L${n(x0 + w - 0.01 * H)} ${n(b[1] + 0.07 * H)}" fill="none"/>`;
      if (L >= 3) prop += `<circle cx="${n(x0 + w / 2)}" cy="${n(b[1] + 0.16 * H)}" r="${n(0.05 * H)}"/>`;
      // Drops falling from the spout.
      if (L >= 2)
        for (const [dx, dy] of [
          [0.36, 0.06],
          [0.42, 0.16],
          [0.33, 0.22],
        ] as Pt[])
          prop += `<path d="M${n(sx + sgn * dx * H)} ${n(b[1] + dy * H - 0.035 * H)}Q${n(sx + sgn * (dx + 0.025) * H)} ${n(b[1] + dy * H + 0.01 * H)} ${n(sx + sgn * dx * H)} ${n(b[1] + dy * H + 0.02 * H)}Q${n(sx + sgn * (dx - 0.025) * H)} ${n(b[1] + dy * H + 0.01 * H)} ${n(sx + sgn * dx * H)} ${n(b[1] + dy * H - 0.035 * H)}Z"/>`;
      heldBox = boxAround([
        [x0, b[1] - 0.14 * H],
        [x0 + w, b[1] + h],
        [sx + sgn * 0.46 * H, b[1] + 0.26 * H],
      ]);
      break;
    }
    case 'brush': {
      const tip = U(0.2, -0.36);
      const base = U(-0.04, 0.1);
      prop += capsule([base, tip], 0.025 * H);
      prop += `<path d="M${n(tip[0] - 0.04 * H)} ${n(tip[1] + 0.02 * H)}Q${n(tip[0] + sgn * 0.02 * H)} ${n(tip[1] - 0.14 * H)} ${n(tip[0] + sgn * 0.08 * H)} ${n(tip[1] - 0.12 * H)}Q${n(tip[0] + sgn * 0.08 * H)} ${n(tip[1])} ${n(tip[0] + 0.04 * H)} ${n(tip[1] + 0.03 * H)}Z"/>`;
      heldBox = boxAround([base, [tip[0] - 0.06 * H, tip[1] - 0.16 * H], [tip[0] + 0.1 * H, tip[1]]]);
      break;
    }
    case 'sandwich': {
      const c = U(0.02, -0.16);
      prop += shapeAt([
        [c[0] - 0.16 * H, c[1] + 0.1 * H],
        [c[0] + 0.16 * H, c[1] + 0.1 * H],
        [c[0], c[1] - 0.16 * H],
      ]);
      if (L >= 2)
        prop += `<path d="M${n(c[0] - 0.12 * H)} ${n(c[1] + 0.04 * H)}L${n(c[0] + 0.12 * H)} ${n(c[1] + 0.04 * H)}" fill="none"/>`;
      heldBox = { x: c[0] - 0.16 * H, y: c[1] - 0.16 * H, w: 0.32 * H, h: 0.26 * H };
      break;
    }
    case 'kite-reel': {
      const c = U(0, 0.02);
      prop += `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.09 * H)}"/>`;
      heldBox = { x: c[0] - 0.09 * H, y: c[1] - 0.09 * H, w: 0.18 * H, h: 0.18 * H };
      heldTip = c;
      break;
    }
    default:
      if (held && isHeldProp(held)) {
        const out = (holder === 0 ? -sgn : sgn) as 1 | -1;
        ({ svg: prop, box: heldBox } = drawHeldProp(held, { hand: hp, H, out, level: L, stroke: sw }));
      }
      break;
  }

  // Where the head goes.
  const headW = H * f.headAspect;
  const head: Box = { x: f.chin[0] - headW / 2, y: f.chin[1] - H - lift, w: headW, h: H };
  const chin: Pt = [f.chin[0], f.chin[1] - lift];

  // Layers: the halo (hides the scene behind the child), legs, neck, torso, arms; the prop and the hands over it.
  const capsules: Capsule[] = [
    ...shown.map((pts) => ({ pts, r: legR })),
    { pts: neck, r: 0.085 * H },
    ...arms.map((pts) => ({ pts, r: armR })),
  ];
  let halo = '';
  for (const c of capsules) halo += haloOf(c.pts, c.r);
  for (const p of hands) halo += `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(handR + sw / 2 + f.margin)}" fill="#fff" stroke="none"/>`;
  halo += `<path d="${pathOf(torso)}Z" fill="#fff" stroke="#fff" stroke-width="${n(sw + 2 * f.margin)}"/>`;
  // Running and kicking: speed lines trailing behind the child (open strokes, nothing to colour).
  let speed = '';
  if (f.pose === 'running' || f.pose === 'kicking') {
    const back = f.chin[0] - sgn * H * 0.62;
    for (const [dy, len] of [
      [0.3, 0.3],
      [0.55, 0.4],
      [0.8, 0.26],
    ] as Pt[])
      speed += `<path d="M${n(back)} ${n(f.chin[1] + dy * H)}L${n(back - sgn * len * H)} ${n(f.chin[1] + dy * H)}" fill="none"/>`;
  }
  let body = `<g class="child-knockout">${halo}</g>`;
  if (speed) body = `<g fill="none" stroke="#000" stroke-width="${n(sw)}" stroke-linecap="round">${speed}</g>` + body;
  body += `<g class="child-body" fill="#fff" stroke="#000" stroke-width="${n(sw)}" stroke-linejoin="round" stroke-linecap="round">`;
  body += shown.map(drawLeg).join('');
  body += capsule(neck, 0.085 * H) + torsoSvg;
  // An arm that reaches across the body goes over it; the other, behind the prop, in the same order.
  body += arms.map(drawArm).join('');
  // Hands not holding anything are drawn with the body.
  const holdingHands = holder === 2 ? [0, 1] : held ? [holder] : [];
  for (const i of [0, 1]) if (!holdingHands.includes(i)) body += handDot(hands[i]!);
  body += '</g>';
  let front = `<g class="child-hands" fill="#fff" stroke="#000" stroke-width="${n(sw)}" stroke-linejoin="round" stroke-linecap="round">${prop}`;
  for (const i of holdingHands) front += handDot(hands[i]!);
  front += '</g>';
  const behind = hiddenLeg.length
    ? `<g fill="#fff" stroke="#000" stroke-width="${n(sw)}" stroke-linejoin="round" stroke-linecap="round">${hiddenLeg.map(drawLeg).join('')}</g>`
    : '';

  // The whole figure's box.
  const pts: Pt[] = [...torso, [head.x, head.y], [head.x + head.w, head.y + head.h]];
  for (const c of capsules) for (const p of c.pts) pts.push([p[0] - c.r, p[1] - c.r], [p[0] + c.r, p[1] + c.r]);
  for (const p of hands) pts.push([p[0] - handR, p[1] - handR], [p[0] + handR, p[1] + handR]);
  if (heldBox) pts.push([heldBox.x, heldBox.y], [heldBox.x + heldBox.w, heldBox.y + heldBox.h]);
  const feetY = legs.length ? Math.max(...shown.map((l) => l[2]![1])) + 0.095 * H : Math.max(...torso.map((p) => p[1]));
  if (legs.length) pts.push([f.chin[0], feetY]);
  return {
    pose: f.pose,
    outfit: f.outfit,
    held,
    behind,
    body,
    hands: front,
    head,
    chin,
    handPts: hands,
    handR,
    holding: holdingHands,
    feetPts: legs.map((l) => l[2]!),
    heldBox,
    heldTip,
    capsules,
    torso,
    box: boxAround(pts),
    feetY,
  };
}

/** Head heights from the chin down to the soles when standing (for placing a figure on the ground). */
export const STANDING_DEPTH = STAND[0][1] + 0.095;
/** Head heights from the chin down to the seat when sitting cross-legged. */
export const SITTING_DEPTH = CROSS[0][1] + 0.1;
/** Head heights from the chin down to the hips (a rider's seat). */
export const HIP_DEPTH = HIP[1];
