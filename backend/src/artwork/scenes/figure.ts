// The child's body: a cartoon rig (a big head on a small body, about 2.6 heads tall) posed by the scene's
// activity, dressed by its place, holding the activity's prop. The photo's face and hair go on top (page/character.ts).
// Limbs are rounded capsules drawn as a black stroke under a narrower white one, so every part is one closed shape
// and whatever is drawn later hides what is behind it: correct by construction, no extra limbs, no open outlines.
import type { SceneComposition } from './catalogue.js';
import { THUMBPRINT_MM2 } from './library.js';
import { drawHeldProp, isHeldProp, type HeldProp } from './props.js';
import { convexHull, n, starPath, type Box, type Level } from './svg.js';

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
  | 'moon-picnic'
  | 'party'
  | 'snorkelling'
  | 'hopping'
  | 'enthroned';

export type Outfit = 'everyday' | 'space-suit' | 'swimsuit' | 'sports-kit' | 'royal';

/** What the hands hold. */
export type Held =
  | 'magnifier'
  | 'balloon'
  | 'trophy'
  | 'egg'
  | 'shell'
  | 'wand'
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
  /** Level 1's, where those closed a region under a thumbprint between the arm, the shoulder and the chin. */
  readonly hands1?: readonly [Pt, Pt];
  /** Foot targets; absent when the legs are hidden (in a rocket, a car, the water). */
  readonly feet?: readonly [Pt, Pt];
  /** Level 1's, where the legs reached too far for the page. */
  readonly feet1?: readonly [Pt, Pt];
  /** Raised off the ground (jumping), head heights. */
  readonly lift?: number;
  /** Only the right leg shows (astride an animal: the other is behind it). */
  readonly oneLeg?: boolean;
  readonly held?: Held;
  /** Which hand holds it: 1 = the viewer's right (before mirroring), 2 = both. */
  readonly holder?: 0 | 1 | 2;
  /** Seated on the ground, cross-legged (on a picnic blanket, reading). */
  readonly seated?: boolean;
  /** Swimming free: the body (not the head) turned this many degrees about the chin, its feet away from the busy arm's
   * side, so the child lies in the water towards where it swims. The targets are the upright rig's. */
  readonly tilt?: number;
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
    hands1: [
      [-0.52, 0.5],
      [0.86, 0],
    ],
    feet: STAND,
    held: 'shell',
    holder: 1,
  },
  // Catching a star: a net held out and up on the arm's length, the star in its bag, on tiptoe.
  reaching: { hands: [DOWN, [0.74, -0.05]], feet: [STAND[0], [0.2, 1.44]], lift: 0.03, held: 'star-net', holder: 1 },
  // At level 1 the wand is held out to the side at the shoulder's height, the mitten clear of the head: by it, the raised
  // arm closed a region under the chin.
  casting: { hands: [DOWN, [0.62, -0.12]], hands1: [DOWN, [0.8, 0.08]], feet: STAND, held: 'wand', holder: 1 },
  exploring: { hands: [DOWN, [0.6, 0.24]], feet: STAND, held: 'magnifier', holder: 1 },
  // Squatting down to a friend on the ground (a lion cub), knees out, arms out: one beside the knee, one held out to it.
  crouching: {
    hands: [
      [-0.62, 0.6],
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
  // A birthday party: seated on the floor by the cake, a slice of it on a little plate held by the plate's rim over the
  // cake, low enough that the slice and its candle stay under the chin (higher, they came up beside the face; further
  // out, they left the teddy no room on the floor); at level 1, where the slice is bigger, held up at the arm's length
  // (nearer, the room's floor line ran into the gap between the forearm and the slice: the wall and the floor met).
  party: {
    hands: [
      [-0.46, 0.84],
      [0.52, 0.54],
    ],
    hands1: [
      [-0.46, 0.84],
      [0.8, 0.3],
    ],
    feet: CROSS,
    held: 'cake-slice',
    holder: 1,
    seated: true,
  },
  // A picnic on the Moon: seated, a wedge of the Moon's cheese held up.
  'moon-picnic': {
    hands: [
      [-0.46, 0.84],
      [0.66, 0.3],
    ],
    feet: CROSS,
    held: 'cheese',
    holder: 1,
    seated: true,
  },
  // Hopping from planet to planet: a long leap, arms out for balance, the front knee up, the back leg trailing.
  hopping: {
    hands: [
      [-0.7, 0.5],
      [0.74, -0.36],
    ],
    feet: [
      [-0.56, 1.3],
      [0.32, 0.98],
    ],
    lift: 0.42,
  },
  // Snorkelling over a reef: lying in the water as in swimming free (SWIMMING_FREE), a little flatter, the stroking arm
  // reaching forward and down towards the coral.
  snorkelling: {
    hands: [
      [-0.6, 0.62],
      [0.5, -0.35],
    ],
    feet: [
      [-0.2, 1.44],
      [0.2, 1.38],
    ],
    tilt: 60,
  },
  // Seated on a throne (drawn behind, compose.ts), knees apart, a hand on its arm, the sceptre held up in the other
  // (out at the arm's length: nearer, its orb would cross a wide head), on the side away from the friend or the castle.
  enthroned: {
    hands: [
      [-0.87, 0.2],
      [0.64, 0.44],
    ],
    hands1: [
      [-0.86, 0.32],
      [0.64, 0.44],
    ],
    feet: [
      [-0.26, 1.3],
      [0.26, 1.3],
    ],
    held: 'sceptre',
    holder: 0,
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
    hands1: [DOWN, [0.8, 0.04]],
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
    // Level 1: arms out to the sides at the shoulders' height, clear of the head (up by the cheeks, each elbow closed a
    // speck under the chin with the shoulder).
    hands1: [
      [-0.8, 0.04],
      [0.8, 0.04],
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
    hands1: [
      [-0.8, -0.2],
      [0.7, 0.5],
    ],
    feet: [
      [-0.16, 1.46],
      [0.6, 1.22],
    ],
  },
  // In a swim ring round the waist (its front half over the body, the legs under the water): one arm resting on the
  // ring's top, the other waving.
  swimming: {
    hands: [
      [-0.7, 0.4],
      [0.66, -0.32],
    ],
    // Level 1: both arms on the ring (the waving arm closed a sliver of sky between it, the head and the horizon).
    hands1: [
      [-0.7, 0.4],
      [0.7, 0.4],
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

/** Swimming free under the sea (not in a ring): lying forward in the water, one arm stroking ahead, the other back along
 * the side, the legs kicking behind. */
const SWIMMING_FREE: PoseDef = {
  hands: [
    [-0.6, 0.62],
    [0.35, -0.45],
  ],
  feet: [
    [-0.2, 1.44],
    [0.2, 1.38],
  ],
  // Level 1: the knees bent in the kick (the big child's legs stretched out took the room of the dolphin beside it).
  feet1: [
    [-0.16, 1.36],
    [0.24, 1.3],
  ],
  tilt: 55,
};

/** Chin to the ground under a child on a throne (its feet on the ground, the ankle's depth below), head heights. */
export const THRONE_DEPTH = POSES.enthroned.feet![0][1] + 0.095;

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
      // Under the sea with no dolphin to swim beside: snorkelling over the reef.
      if (c.location === 'ocean-floor' && !with_('dolphin')) return 'snorkelling';
      return 'swimming';
    case 'driving':
      return 'driving';
    case 'reading':
      return 'reading';
    case 'picnicking':
      // A birthday party, a slice of the cake in hand; else the place's food: cheese on the Moon, tea in a castle, a forest
      // or at home.
      if (has('cake')) return 'party';
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
      // A crown in the castle: royal for a day, on the throne with a sceptre.
      if (has('crown') && c.location === 'castle') return 'enthroned';
      // Waving from a train: seated in its carriage.
      if (has('train')) return 'aboard';
      return 'waving';
    case 'exploring':
      if (c.location === 'moon') return 'jumping';
      // Planet hopping in space: leaping from one to the next.
      if (c.location === 'space' && has('planet')) return 'hopping';
      // A balloon ride: in the basket of a hot-air balloon, holding on and waving.
      if (c.location === 'sky' && has('balloon')) return 'flying';
      // A dinosaur's egg found in the valley, held up to show.
      if (c.location === 'prehistoric-valley' && has('treasure-chest')) return 'egg-hunt';
      // A shell found on the sea bed, held up to show.
      if (c.location === 'ocean-floor' && has('shell') && has('treasure-chest')) return 'shell-find';
      // A treasure chest found on the sea bed: kneeling down to it, a hand reaching for it.
      if (c.location === 'ocean-floor' && has('treasure-chest')) return 'crouching';
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
const HAND_R = 0.09;
/** Limb radii [at the shoulder or hip, at the wrist or ankle]: soft, tapering limbs. */
const ARM_R: Pt = [0.08, 0.062];
const LONG_SLEEVE_R: Pt = [0.095, 0.08];
const SLEEVE_R = 0.112;
/** Level 1's short sleeve: its radius at the shoulder and at the hem. */
const SLEEVE_R_1: Pt = [0.12, 0.14];
const TROUSERS_R: Pt = [0.118, 0.09];
const SKIN_LEG_R: Pt = [0.102, 0.076];
const SUIT_LEG_R: Pt = [0.126, 0.104];
const SHORTS_R = 0.134;
/** The torso's outline: [half width, y] from the collar under the chin down to the hem (a T-shirt, a swimsuit). */
const TORSO: readonly Pt[] = [
  [0.15, -0.03],
  [0.3, 0.12],
  [0.305, 0.42],
  [0.31, 0.74],
  [0.2, 0.84],
];
/** A royal tunic flares from the chest into a skirt above the knees. */
const TUNIC: readonly Pt[] = [
  [0.15, -0.03],
  [0.3, 0.12],
  [0.3, 0.5],
  [0.43, 0.98],
  [0.34, 1.05],
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
  /** In a swim ring: a swimming child upright (else it swims free, lying in the water). */
  inRing?: boolean;
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
  /** Running and kicking: lines trailing behind the child (open strokes), under its knockout; else ''. */
  readonly speedLines: string;
  /** The white margin hiding the scene behind the child, under everything of the child: white paths (a mask's content too). */
  readonly knockout: string;
  /** The body's parts, over the knockout (and over long hair hanging behind the body), under the head. */
  readonly parts: string;
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
  /** Where the body is, its outline included: its parts' shapes, filled (for a clip path), mm. */
  readonly silhouette: string;
  /** A point on the T-shirt's (the suit's, the tunic's) own colour, clear of what is on it, of an arm in front and of
   * the held prop, mm: where the tests flood the shirt from. None when the arms and the prop cover every such place. */
  readonly shirt?: Pt;
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

/** Half the torso's (or the tunic's) width at height y (head heights), by its straight sides. */
function torsoHalf(y: number, outline: readonly Pt[] = TORSO): number {
  for (let i = 1; i < outline.length; i++) {
    const [w0, y0] = outline[i - 1]!;
    const [w1, y1] = outline[i]!;
    if (y <= y1) return w0 + ((w1 - w0) * (y - y0)) / (y1 - y0);
  }
  return outline[outline.length - 1]![0];
}

/** A mitten's radius, mm: at level 1 one a thumbprint to colour inside its line (with 10 % more), at any size of child. */
const mittenR = (level: Level, H: number, stroke: number): number =>
  level === 1 ? Math.max(HAND_R * H, stroke / 2 + Math.sqrt((THUMBPRINT_MM2 * 1.1) / Math.PI)) : HAND_R * H;

/**
 * Level 1: a hand held out beside the T-shirt (below the shoulders, its arm clear of the side) moved out until its
 * mitten is clear of the side by a gap that stays open; touching it, the arm closed a gap under a thumbprint with the
 * body. Head heights from the chin.
 */
function level1Hand(t: Pt, outline: readonly Pt[], f: FigureInput): Pt {
  const y = t[1];
  if (y < 0.2 || y > 0.8) return t;
  const r = mittenR(1, f.headMm, f.stroke) / f.headMm;
  const side = torsoHalf(Math.min(y, 0.74), outline);
  const wrist = (f.outfit === 'space-suit' || f.outfit === 'royal' ? LONG_SLEEVE_R : ARM_R)[1];
  // Clear of the widest the side is beside the mitten (a skirt flares below it).
  const clear = Math.max(side, torsoHalf(Math.min(y + r, 0.74), outline)) + r + 0.1;
  const x = Math.abs(t[0]);
  return x - wrist > side && x < clear ? [Math.sign(t[0]) * clear, y] : t;
}

/** How wide (head heights from the middle) a skirt's hem must be to cover each knee beside it. */
function skirtKnees(legs: readonly Pt[][], def: PoseDef, f: FigureInput): number[] {
  const H = f.headMm;
  const lift = (def.lift ?? 0) * H;
  return legs.map((l) => {
    const y = (l[1]![1] - f.chin[1] + lift) / H;
    if (y < 0.6 || y > 1.05) return 0;
    const w = Math.abs(l[1]![0] - f.chin[0]) / H + SKIN_LEG_R[0] + 0.12;
    const hem = 0.3 + ((w - 0.3) * 0.48) / (y - 0.5);
    // A knee further out shows whole.
    return w > torsoHalf(y, TUNIC) && hem < 0.8 ? hem : 0;
  });
}

/** How a tube ends: round; cut flat; cut flat with a line across (a hem, a cuff); or cut flat and open, so that it
 * continues what it is drawn over without a line (a hand drawn over the prop, its forearm under it). */
type Cap = 'round' | 'flat' | 'hem' | 'open';
/** One closed part of the body: a tube along a line (its radius at each point), or a closed outline. */
interface Tube {
  readonly pts: readonly Pt[];
  readonly r: readonly number[];
  readonly caps?: readonly [Cap, Cap];
}
type Part = Tube | { readonly d: string };
const isTube = (p: Part): p is Tube => 'pts' in p;

/** A limb's line through its three joints: straight bones, the elbow or knee a smooth bend (no corner, no seam). */
function limbLine(a: Pt, b: Pt, c: Pt): Pt[] {
  const k = 0.45;
  const p1: Pt = [b[0] + (a[0] - b[0]) * k, b[1] + (a[1] - b[1]) * k];
  const p2: Pt = [b[0] + (c[0] - b[0]) * k, b[1] + (c[1] - b[1]) * k];
  const pts: Pt[] = [a];
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    const u = 1 - t;
    pts.push([u * u * p1[0] + 2 * u * t * b[0] + t * t * p2[0], u * u * p1[1] + 2 * u * t * b[1] + t * t * p2[1]]);
  }
  pts.push(c);
  return pts;
}
/** The joint's place on a limb's line (the middle of its bend). */
const JOINT = 4;

function lengthsOf(pts: readonly Pt[]): number[] {
  const s = [0];
  for (let i = 1; i < pts.length; i++) s.push(s[i - 1]! + dist(pts[i - 1]!, pts[i]!));
  return s;
}

/** The stretch of a limb's line between lengths s0 and s1 as a tube, its radius tapering from r0 at the limb's start
 * to r1 at its end. */
function piece(line: readonly Pt[], s0: number, s1: number, r0: number, r1: number, caps?: readonly [Cap, Cap]): Tube {
  const s = lengthsOf(line);
  const total = s[s.length - 1]! || 1;
  const at = (v: number): Pt => {
    let i = 1;
    while (i < line.length - 1 && s[i]! < v) i++;
    const t = s[i]! > s[i - 1]! ? (v - s[i - 1]!) / (s[i]! - s[i - 1]!) : 0;
    const a = line[i - 1]!;
    const b = line[i]!;
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  };
  const pts: Pt[] = [at(s0)];
  const ls = [s0];
  for (let i = 0; i < line.length; i++)
    if (s[i]! > s0 && s[i]! < s1) {
      pts.push(line[i]!);
      ls.push(s[i]!);
    }
  pts.push(at(s1));
  ls.push(s1);
  return { pts, r: ls.map((v) => r0 + ((r1 - r0) * v) / total), caps };
}

/** A tube with its ends moved on along its line (a hem's line; a continuing piece's white reaching back). */
function lengthened(t: Tube, start: number, end: number): Tube {
  const pts = t.pts.slice();
  const push = (from: Pt, to: Pt, by: number): Pt => {
    const d = dist(from, to) || 1;
    return [to[0] + ((to[0] - from[0]) * by) / d, to[1] + ((to[1] - from[1]) * by) / d];
  };
  const last = pts.length - 1;
  // The direction from a point far enough along (a cut can fall just beside one of the line's points).
  let a = 1;
  while (a < last && dist(pts[a]!, pts[0]!) < 0.05) a++;
  let b = last - 1;
  while (b > 0 && dist(pts[b]!, pts[last]!) < 0.05) b--;
  if (start && last > 0) pts[0] = push(pts[a]!, pts[0]!, start);
  if (end && last > 0) pts[last] = push(pts[b]!, pts[last]!, end);
  return { pts, r: t.r, caps: t.caps };
}

const discD = (p: Pt, r: number): string =>
  `M${n(p[0] - r)} ${n(p[1])}A${n(r)} ${n(r)} 0 1 1 ${n(p[0] + r)} ${n(p[1])}A${n(r)} ${n(r)} 0 1 1 ${n(p[0] - r)} ${n(p[1])}Z`;

/** A tube as one path, grown by `grow`: a disc at every point and the band tangent to each two neighbours, all turning
 * the same way, so the nonzero fill paints their union whatever the bend. */
function tubeD(t: Tube, grow: number, round0: boolean, round1: boolean): string {
  let d = '';
  const last = t.pts.length - 1;
  const positive = (q: Pt[]): string => {
    let area = 0;
    for (let k = 0; k < q.length; k++) area += q[k]![0] * q[(k + 1) % q.length]![1] - q[(k + 1) % q.length]![0] * q[k]![1];
    return pathOf(area < 0 ? q.reverse() : q) + 'Z';
  };
  let prev: Pt[] | undefined;
  let bare = false;
  for (let i = 0; i <= last; i++) {
    const b = t.pts[i]!;
    const rb = Math.max(0.05, t.r[i]! + grow);
    // Discs round the bends; none reaching past a flat end (a disc there would draw a line across the tube).
    const inner = i > 0 && i < last && (round0 || dist(b, t.pts[0]!) >= rb) && (round1 || dist(b, t.pts[last]!) >= rb);
    if (inner || (i === 0 && round0) || (i === last && round1)) d += discD(b, rb);
    const a = t.pts[i - 1];
    const wasBare = bare;
    bare = i > 0 && i < last && !inner;
    if (!a) continue;
    const ra = Math.max(0.05, t.r[i - 1]! + grow);
    const len = dist(a, b);
    if (len <= Math.abs(ra - rb) + 1e-6) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const sin = (ra - rb) / len;
    const cos = Math.sqrt(1 - sin * sin);
    const v1: Pt = [-uy * cos + ux * sin, ux * cos + uy * sin];
    const v2: Pt = [uy * cos + ux * sin, -ux * cos + uy * sin];
    const q: Pt[] = [
      [a[0] + v1[0] * ra, a[1] + v1[1] * ra],
      [b[0] + v1[0] * rb, b[1] + v1[1] * rb],
      [b[0] + v2[0] * rb, b[1] + v2[1] * rb],
      [a[0] + v2[0] * ra, a[1] + v2[1] * ra],
    ];
    // A bend with no disc (by a flat end): the wedges between the two bands on either side, filled.
    if (wasBare && prev) d += positive([a, prev[1]!, q[0]!]) + positive([a, prev[2]!, q[3]!]);
    prev = q.slice();
    d += positive(q);
  }
  return d;
}

/** A convex polygon cut along a line: the part where `side` (a signed distance from the line) is not negative. */
function clipBehind(poly: readonly Pt[], side: (p: Pt) => number): Pt[] {
  const out: Pt[] = [];
  poly.forEach((a, k) => {
    const b = poly[(k + 1) % poly.length]!;
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if (sa >= 0 !== sb >= 0) out.push([a[0] + ((b[0] - a[0]) * sa) / (sa - sb), a[1] + ((b[1] - a[1]) * sa) / (sa - sb)]);
  });
  return out;
}

/** A shoe (or a bare foot) at the ankle, its toe pointing `out`; `toe` makes it longer. */
function shoeD(F: Pt, out: number, H: number, toe: number): string {
  const p = (x: number, y: number): string => `${n(F[0] + out * x * H)} ${n(F[1] + y * H)}`;
  return (
    `M${p(-0.105, -0.03)}C${p(-0.125, 0.03)} ${p(-0.115, 0.095)} ${p(-0.05, 0.095)}L${p(0.13 * toe, 0.095)}` +
    `C${p(0.215 * toe, 0.095)} ${p(0.225 * toe, 0.01)} ${p(0.13 * toe, -0.012)}Q${p(0.1, -0.025)} ${p(0.08, -0.055)}` +
    `Q${p(-0.01, -0.075)} ${p(-0.105, -0.03)}Z`
  );
}

/** A shoe's strap from its top to the sole (level 3), and its sole (level 4): lines ending on its outline. */
function shoeLinesD(F: Pt, out: number, H: number, toe: number, level: Level): string {
  const p = (x: number, y: number): string => `${n(F[0] + out * x * H)} ${n(F[1] + y * H)}`;
  let d = level >= 3 ? `M${p(-0.011, -0.059)}L${p(0.03, 0.095)}` : '';
  if (level >= 4) d += `M${p(-0.116, 0.065)}L${p(0.2 * toe, 0.065)}`;
  return d;
}

export function drawFigure(f: FigureInput): Figure {
  const def = f.pose === 'swimming' && !f.inRing ? SWIMMING_FREE : POSES[f.pose];
  const H = f.headMm;
  const sgn = f.mirror ? -1 : 1;
  const lift = (def.lift ?? 0) * H;
  // The rig's point on the page: turned about the chin by the pose's tilt, mirrored, scaled.
  const tc = Math.cos(((def.tilt ?? 0) * Math.PI) / 180);
  const ts = Math.sin(((def.tilt ?? 0) * Math.PI) / 180);
  const turn = (p: Pt): Pt => (def.tilt ? [tc * p[0] - ts * p[1], ts * p[0] + tc * p[1]] : p);
  const P = (q: Pt): Pt => {
    const p = turn(q);
    return [f.chin[0] + sgn * p[0] * H, f.chin[1] + p[1] * H - lift];
  };
  const sw = f.stroke;
  const L = f.level;

  // Joints, in head heights, then on the page.
  const legs = def.feet
    ? ([0, 1] as const).map((i) => {
        const side = i === 0 ? -1 : 1;
        const h: Pt = [side * HIP[0], HIP[1]];
        const foot = reach(h, ((L === 1 && def.feet1) || def.feet!)[i], THIGH + SHIN - 1e-4);
        const knee = bend(h, foot, THIGH, SHIN, side);
        return [P(h), P(knee), P(foot)] as Pt[];
      })
    : [];
  // The T-shirt's or the tunic's outline. At level 1 a knee beside the skirt would show a sliver under a thumbprint: the
  // skirt spreads over a raised knee, and a seated child's tunic is a long top, its skirt gathered up.
  const longTop = L === 1 && f.outfit === 'royal' && def.seated;
  const hem = L === 1 && !longTop ? Math.max(TUNIC[3]![0], ...skirtKnees(legs, def, f)) : TUNIC[3]![0];
  const outline: readonly Pt[] =
    f.outfit !== 'royal' || longTop ? TORSO : hem > TUNIC[3]![0] ? [...TUNIC.slice(0, 3), [hem, 0.98], [hem - 0.09, 1.05]] : TUNIC;
  const targets = (L === 1 && def.hands1) || def.hands;
  const arms = ([0, 1] as const).map((i) => {
    const side = i === 0 ? -1 : 1;
    const s: Pt = [side * SHOULDER_X, SHOULDER_Y];
    // At level 1 a hanging arm comes in over the T-shirt's side, leaving no sliver between them (its mitten steps out),
    // and a hand held out beside the body keeps its mitten clear of the side (level1Hand).
    const target: Pt =
      L === 1 && targets[i] === DOWN
        ? [DOWN[0] - Math.sign(DOWN[0]) * 0.07, DOWN[1]]
        : L === 1
          ? level1Hand(targets[i], outline, f)
          : targets[i];
    const hand = reach(s, target, UPPER_ARM + FOREARM - 1e-4);
    const elbow = bend(s, hand, UPPER_ARM, FOREARM, side);
    return [P(s), P(elbow), P(hand)] as Pt[];
  });
  const torso: Pt[] = [
    ...TORSO.map(([w, y]) => P([-w, y])),
    ...TORSO.slice()
      .reverse()
      .map(([w, y]) => P([w, y])),
  ];

  /** A prop's rod: a black stroke under a narrower white one; at level 1 inked solid (its inside was under a thumbprint). */
  const capsule = (pts: Pt[], r: number): string =>
    `<path d="${pathOf(pts)}" fill="none" stroke="#000" stroke-width="${n(2 * r + sw)}"/>` +
    (L === 1 ? '' : `<path d="${pathOf(pts)}" fill="none" stroke="#fff" stroke-width="${n(Math.max(0.2, 2 * r - sw))}"/>`);
  const ring = (c: Pt, r: number, extra = ''): string => `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(r * H)}"${extra}/>`;
  // Level 1: chunky mittens, each one a thumbprint to colour inside its line (with a 10 % margin), at any size of child.
  const handR = mittenR(L, H, sw);
  const o = f.outfit;
  // A hanging arm's mitten steps out by what it grew at level 1, keeping clear of the T-shirt's side (no sliver between).
  const hands = ([0, 1] as const).map((i) => {
    const p = arms[i]![2]!;
    const out = targets[i] === DOWN ? (handR - HAND_R * H) * (p[0] >= f.chin[0] ? 1 : -1) : 0;
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
      // At level 1 the cup sits in the fist (its stem showed a piece under a thumbprint between the two).
      const c = U(0, L === 1 ? -0.22 : -0.34);
      const cupTop = c[1] - 0.2 * H;
      const w = 0.22 * H;
      if (L >= 2)
        prop += `<path d="M${n(c[0] - w * 0.8)} ${n(cupTop + 0.05 * H)}C${n(c[0] - w * 1.5)} ${n(cupTop + 0.05 * H)} ${n(c[0] - w * 1.4)} ${n(cupTop + 0.22 * H)} ${n(c[0] - w * 0.5)} ${n(cupTop + 0.24 * H)}M${n(c[0] + w * 0.8)} ${n(cupTop + 0.05 * H)}C${n(c[0] + w * 1.5)} ${n(cupTop + 0.05 * H)} ${n(c[0] + w * 1.4)} ${n(cupTop + 0.22 * H)} ${n(c[0] + w * 0.5)} ${n(cupTop + 0.24 * H)}" fill="none"/>`;
      prop += `<path d="M${n(c[0] - w)} ${n(cupTop)}L${n(c[0] + w)} ${n(cupTop)}C${n(c[0] + w)} ${n(cupTop + 0.26 * H)} ${n(c[0] + w * 0.4)} ${n(cupTop + 0.32 * H)} ${n(c[0])} ${n(cupTop + 0.32 * H)}C${n(c[0] - w * 0.4)} ${n(cupTop + 0.32 * H)} ${n(c[0] - w)} ${n(cupTop + 0.26 * H)} ${n(c[0] - w)} ${n(cupTop)}Z"/>`;
      if (L >= 2) prop += shapeAt([U(-0.05, -0.22), U(0.05, -0.22), U(0.07, 0.02), U(-0.07, 0.02)]);
      if (L >= 2) prop += shapeAt([U(-0.14, 0.02), U(0.14, 0.02), U(0.14, 0.1), U(-0.14, 0.1)]);
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
      const c = L === 1 ? U(0.08, -0.08) : U(0, -0.08);
      const r = 0.26 * H;
      prop += `<path d="M${n(c[0])} ${n(c[1])}L${n(c[0] - r)} ${n(c[1] - r * 0.75)}C${n(c[0] - r * 0.8)} ${n(c[1] - r * 1.25)} ${n(c[0] + r * 0.8)} ${n(c[1] - r * 1.25)} ${n(c[0] + r)} ${n(c[1] - r * 0.75)}Z"/>`;
      const ribs = [0, 0, 2, 4, 4][L]!;
      for (let k = 1; k <= ribs; k++) {
        const t = k / (ribs + 1);
        const x = c[0] - r + 2 * r * t;
        const y = c[1] - r * 0.75 - Math.sin(Math.PI * t) * r * 0.37;
        prop += `<path d="M${n(c[0])} ${n(c[1])}L${n(x)} ${n(y)}" fill="none"/>`;
      }
      heldBox = { x: c[0] - r, y: c[1] - r * 1.15, w: 2 * r, h: hp[1] - c[1] + r * 1.15 };
      break;
    }
    case 'wand': {
      const tip = U(0.34, -0.5);
      const base = U(-0.06, 0.08);
      prop += capsule([base, tip], 0.025 * H);
      prop += `<path d="${L === 1 ? starPath(tip[0], tip[1], 0.24 * H, 0.3, 5, 0.55) : starPath(tip[0], tip[1], 0.15 * H, 0.3)}"/>`;
      if (L >= 2) prop += `<path d="${starPath(tip[0] + sgn * 0.22 * H, tip[1] + 0.18 * H, 0.05 * H)}"/>`;
      if (L >= 3) prop += `<path d="${starPath(tip[0] - sgn * 0.12 * H, tip[1] - 0.2 * H, 0.045 * H)}"/>`;
      heldBox = boxAround([base, [tip[0] - 0.24 * H, tip[1] - 0.26 * H], [tip[0] + 0.28 * H, tip[1] + 0.24 * H]]);
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
      // At level 1 higher, clear of the T-shirt's hem (over it, slivers closed between the book, the hem and the thighs).
      const c = U(0, L === 1 ? -0.16 : -0.04);
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
      // Level 1: one big ring, over the T-shirt's lower corners (the rings' pieces between the hands, and the gaps
      // under the wheel, were under a thumbprint).
      const c = U(0, L === 1 ? 0.07 : 0);
      const r = L === 1 ? 0.31 : 0.2;
      prop += `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(r * H)}"/>`;
      if (L >= 2)
        prop += `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.14 * H)}"/><circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(0.045 * H)}"/>`;
      heldBox = { x: c[0] - r * H, y: c[1] - r * H, w: 2 * r * H, h: 2 * r * H };
      break;
    }
    case 'spade': {
      const top = U(-0.14, -0.1);
      const tip = U(0.34, 0.62);
      const d = dist(top, tip);
      const ux = (tip[0] - top[0]) / d;
      const uy = (tip[1] - top[1]) / d;
      // The blade a thumbprint and more at level 1.
      const bl = L === 1 ? 0.3 : 0.2;
      const end: Pt = [tip[0] - ux * bl * H, tip[1] - uy * bl * H];
      prop += capsule([top, end], 0.03 * H);
      const px = -uy * (L === 1 ? 0.15 : 0.1) * H;
      const py = ux * (L === 1 ? 0.15 : 0.1) * H;
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
      // The spout: inked solid at level 1 (its inside was under a thumbprint), and so is the gap between it and the can's
      // side above it (a line of the scene behind, crossing the gap, closed a region under a thumbprint there).
      prop += `<path d="M${n(sx)} ${n(b[1] + h * (L === 1 ? 0 : 0.55))}L${n(sx + sgn * 0.24 * H)} ${n(b[1] - 0.06 * H)}L${n(sx + sgn * 0.28 * H)} ${n(b[1] - 0.02 * H)}L${n(sx)} ${n(b[1] + h * 0.8)}Z"${L === 1 ? ' fill="#000"' : ''}/>`;
      // The rose from level 2 (at level 1 it was under a thumbprint).
      if (L >= 2)
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
      // The bristles bigger at level 1 (a thumbprint to colour).
      const k = L === 1 ? 2.4 : 1;
      const b = (x: number, y: number): string => `${n(tip[0] + x * k * H)} ${n(tip[1] + y * k * H)}`;
      prop += `<path d="M${b(-0.04, 0.02)}Q${b(sgn * 0.02, -0.14)} ${b(sgn * 0.08, -0.12)}Q${b(sgn * 0.08, 0)} ${b(0.04, 0.03)}Z"/>`;
      heldBox = boxAround([base, [tip[0] - 0.06 * k * H, tip[1] - 0.16 * k * H], [tip[0] + 0.1 * k * H, tip[1]]]);
      break;
    }
    case 'sandwich': {
      // At level 1 bigger and out beside the fist, held by its corner (over the arm it cut a piece of it off).
      const k = L === 1 ? 1.5 : 1;
      const c = L === 1 ? U(0.22, -0.14) : U(0.02, -0.16);
      prop += shapeAt([
        [c[0] - 0.16 * k * H, c[1] + 0.1 * k * H],
        [c[0] + 0.16 * k * H, c[1] + 0.1 * k * H],
        [c[0], c[1] - 0.16 * k * H],
      ]);
      if (L >= 2)
        prop += `<path d="M${n(c[0] - 0.12 * H)} ${n(c[1] + 0.04 * H)}L${n(c[0] + 0.12 * H)} ${n(c[1] + 0.04 * H)}" fill="none"/>`;
      heldBox = { x: c[0] - 0.16 * k * H, y: c[1] - 0.16 * k * H, w: 0.32 * k * H, h: 0.26 * k * H };
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

  // The body, as closed parts: each drawn as its black (half a line bigger) under its white (half a line smaller), so
  // the parts drawn together are one shape with no line inside (a T-shirt and its sleeves, an arm and its hand, the
  // trousers' legs) and a later shape hides an earlier one. `kept` parts also make the white margin around the child.
  const kept: Part[] = [];
  const solid = (parts: readonly Part[], keep = true): string => {
    if (keep) kept.push(...parts);
    let black = '';
    let white = '';
    let bt = '';
    let wt = '';
    for (const p of parts) {
      if (isTube(p)) {
        const [c0, c1] = p.caps ?? ['round', 'round'];
        bt += tubeD(lengthened(p, c0 === 'hem' ? sw : 0, c1 === 'hem' ? sw : 0), sw / 2, c0 === 'round', c1 === 'round');
        wt += tubeD(lengthened(p, c0 === 'open' ? sw : 0, c1 === 'open' ? sw : 0), -sw / 2, c0 === 'round', c1 === 'round');
      } else {
        black += `<path d="${p.d}" fill="#000" stroke-width="${n(2 * sw)}"/>`;
        white += `<path d="${p.d}" stroke="none"/>`;
      }
    }
    return black + (bt ? `<path d="${bt}" fill="#000" stroke="none"/>` : '') + white + (wt ? `<path d="${wt}" stroke="none"/>` : '');
  };
  const at = (x: number, y: number): string => {
    const p = P([x, y]);
    return `${n(p[0])} ${n(p[1])}`;
  };

  // Arms: a soft tube from the shoulder to the mitten, a T-shirt's short sleeve over it (a long sleeve in a space suit or
  // royal clothes, bare in a swimsuit); the mitten has a thumb from level 2.
  const sleeve: 'short' | 'long' | 'none' = o === 'swimsuit' ? 'none' : o === 'space-suit' || o === 'royal' ? 'long' : 'short';
  const armLine = arms.map((a) => limbLine(a[0]!, a[1]!, a[2]!));
  const armLen = armLine.map((l) => lengthsOf(l)[l.length - 1]!);
  const holdingHands = holder === 2 ? [0, 1] : held ? [holder] : [];
  const mitten = (i: number): Part[] => {
    const p = hands[i]!;
    const parts: Part[] = [{ pts: [p], r: [handR] }];
    if (L >= 2) {
      // The thumb: across the forearm's line on the side towards the body, turned a little towards the fingers.
      const [, el, wr] = arms[i] as [Pt, Pt, Pt];
      const d = dist(el, wr) || 1;
      const u: Pt = [(wr[0] - el[0]) / d, (wr[1] - el[1]) / d];
      const v: Pt = -u[1] * (f.chin[0] - p[0]) >= 0 ? [-u[1], u[0]] : [u[1], -u[0]];
      const t: Pt = [v[0] * Math.cos(0.6) + u[0] * Math.sin(0.6), v[1] * Math.cos(0.6) + u[1] * Math.sin(0.6)];
      parts.push({
        pts: [
          [p[0] + t[0] * handR * 0.35, p[1] + t[1] * handR * 0.35],
          [p[0] + t[0] * handR, p[1] + t[1] * handR],
        ],
        r: [handR * 0.44, handR * 0.38],
      });
    }
    // A space suit's glove has a gauntlet (from level 2: at level 1 the sleeve would leave a sliver beside the body).
    if (o === 'space-suit' && L >= 2) {
      // Its cuff clear of the elbow's bend.
      const from = Math.max(armLen[i]! - 0.2 * H, Math.min(armLen[i]! - 0.08 * H, lengthsOf(armLine[i]!)[JOINT]! + 0.12 * H));
      // A hem at the wrist too: wider than the mitten, its end shows beside it.
      parts.push(piece(armLine[i]!, from, armLen[i]!, 0.1 * H, 0.1 * H, ['hem', 'hem']));
    }
    return parts;
  };
  // A short sleeve (levels 2-4; a sleeve behind the body is one shape with the T-shirt).
  const shortSleeve = (i: number): Tube =>
    piece(armLine[i]!, 0, Math.min(0.55 * UPPER_ARM * H, armLen[i]! * 0.5), SLEEVE_R * H, SLEEVE_R * H * 0.95, ['round', 'hem']);
  // Level 1's short sleeve is one shape with the arm (its hem cut the arm into pieces under a thumbprint) and flares to
  // its hem, before the elbow's bend. It is one smooth outline round what it spans (the shoulder; the top under the
  // chin) and its hem, a straight line square across the arm with the same step in to the arm on both sides: as tubes,
  // the flare met the top with a kink and the hem with a slanted, jagged notch (a torn sleeve). An arm folded back (a
  // fist by the shoulder) keeps its forearm and mitten clear of the hem's corners (touching them, they closed a sliver by
  // the elbow): its sleeve narrows to the arm instead.
  const shortSleeve1 = (i: number): Part => {
    const line = armLine[i]!;
    const T = armLen[i]!;
    const len = Math.min(0.45 * UPPER_ARM * H, T * 0.5);
    const hemAt = piece(line, len, T, ARM_R[0] * H, ARM_R[1] * H);
    const c = hemAt.pts[0]!;
    const lens = lengthsOf(line);
    const clear = Math.min(
      dist(c, hands[i]!) - handR,
      ...line.flatMap((q, k) =>
        lens[k]! >= lens[JOINT]! + 0.1 * H ? [dist(c, q) - (ARM_R[0] + ((ARM_R[1] - ARM_R[0]) * lens[k]!) / T) * H] : [],
      ),
    );
    const hem = Math.max(hemAt.r[0]!, Math.min(SLEEVE_R_1[1] * H, clear - sw - 1));
    // The outline is the white's edge: the solid's black lies a line outside it (the hem's line beyond the hem).
    const r = SLEEVE_R_1[0] * H - sw / 2;
    const h = hem - sw / 2;
    // The hem is on the upper arm's straight first stretch (the bend starts past the middle of the upper arm).
    const d = dist(line[0]!, line[1]!) || 1;
    const u: Pt = [(line[1]![0] - line[0]![0]) / d, (line[1]![1] - line[0]![1]) / d];
    // Its top reaches up under the chin (unless drawn over the head): below it, the T-shirt's shoulder line closed a speck
    // between the chin and an arm held out.
    const centres = overHead[i] ? [line[0]!] : [line[0]!, P([(i === 0 ? -1 : 1) * SHOULDER_X, 0.09])];
    const pts: Pt[] = [
      [c[0] - u[1] * h, c[1] + u[0] * h],
      [c[0] + u[1] * h, c[1] - u[0] * h],
    ];
    for (const q of centres)
      for (let k = 0; k < 64; k++) pts.push([q[0] + r * Math.cos((k * Math.PI) / 32), q[1] + r * Math.sin((k * Math.PI) / 32)]);
    // Nothing past the hem's line (an arm held out brings the top's disc up to it).
    const behind = (p: Pt): number => (c[0] - p[0]) * u[0] + (c[1] - p[1]) * u[1];
    return { d: pathOf(clipBehind(convexHull(pts), behind)) + 'Z' };
  };
  const drawArm = (i: number, withSleeve: Part[] = []): string => {
    const line = armLine[i]!;
    const T = armLen[i]!;
    const own = [...withSleeve, ...(holdingHands.includes(i) ? [] : mitten(i))];
    if (sleeve === 'long') {
      let s = solid([piece(line, 0, T, LONG_SLEEVE_R[0] * H, LONG_SLEEVE_R[1] * H, ['round', 'flat'])]);
      if (o === 'royal' && L >= 4) s += solid([piece(line, T - 0.17 * H, T - 0.05 * H, 0.1 * H, 0.1 * H, ['hem', 'hem'])]);
      return s + (own.length ? solid(own) : '');
    }
    let s = solid([piece(line, 0, T, ARM_R[0] * H, ARM_R[1] * H), ...own]);
    // Level 4 in a swimsuit: armbands round the upper arms.
    if (o === 'swimsuit' && L >= 4) s += solid([piece(line, 0.03 * H, 0.15 * H, 0.12 * H, 0.12 * H, ['hem', 'hem'])]);
    return s;
  };
  // An arm whose hand is over the body is in front of it, drawn after the T-shirt; the others go behind it.
  // At level 1 every arm: one behind the body showed only a piece under a thumbprint (a hanging arm covers the
  // T-shirt's side; behind it, a sliver closed between them).
  const inFront = hands.map((p) => {
    const y = (p[1] - chin[1]) / H;
    if (L === 1) return true;
    return y > -0.05 && y < 0.95 && Math.abs(p[0] - chin[0]) - handR < torsoHalf(Math.min(y, 0.74), outline) * H;
  });
  // A holding hand's forearm is drawn again over the head (`hands`), its open end running on into the arm under it. Where
  // that end would lie over the head (drawn over the body), it would cut the head's outline and open the face into the
  // arm: such an arm, held up by the head, is drawn whole over it instead.
  const clearOfHead = (p: Pt, r: number): boolean =>
    p[0] + r < head.x || p[0] - r > head.x + head.w || p[1] + r < head.y || p[1] - r > head.y + head.h;
  // At level 1 so is any arm up by the head: behind it, its mitten showed a piece under a thumbprint.
  const overHead = hands.map((_, i) => {
    if ((!holdingHands.includes(i) && L > 1) || (held === 'rim' && holdingHands.includes(i))) return false;
    const end = piece(armLine[i]!, armLen[i]! * 0.6, armLen[i]!, ARM_R[0] * H, ARM_R[1] * H);
    return !clearOfHead(end.pts[0]!, end.r[0]! + 2 * sw);
  });
  const backSleeves = sleeve === 'short' ? [0, 1].filter((i) => !inFront[i] && !overHead[i]).map(shortSleeve) : [];

  // Legs: trousers (a space suit's legs), or bare legs under shorts, a swimsuit or a tunic; shoes, or at level 1 boots
  // one shape with the leg (bare feet in a swimsuit, always).
  const legLine = legs.map((l) => limbLine(l[0]!, l[1]!, l[2]!));
  const legLen = legLine.map((l) => lengthsOf(l)[l.length - 1]!);
  const toe = L === 1 ? 1.3 : 1;
  const shoeOut = (i: number): number => (legs[i]![2]![0] >= legs[i]![0]![0] ? 1 : -1);
  const shoe = (i: number): Part => ({ d: shoeD(legs[i]![2]!, shoeOut(i), H, toe) });
  const laces = (i: number): string => {
    const d = shoeLinesD(legs[i]![2]!, shoeOut(i), H, toe, L);
    return d ? `<path d="${d}" fill="none"/>` : '';
  };
  const band = (i: number, from: number, r: number): Tube => piece(legLine[i]!, from, legLen[i]!, r * H, r * H, ['hem', 'flat']);
  // At level 1 a trouser's pelvis ends on the T-shirt's hem (its bottom line under the hem's), not just below it: the
  // paper between the two lines was specks under the space suit.
  const pelvis = (r: number): Tube => {
    const y = L === 1 && o !== 'swimsuit' && o !== 'sports-kit' ? Math.min(0.76, 0.85 - r) : 0.76;
    return { pts: [P([-0.12, y]), P([0.12, y])], r: [r * H, r * H] };
  };
  /** A line across a leg at length s, ending on its outline (a sock's stripe). */
  const stripe = (i: number, s: number, r: number): string => {
    const [a, b] = piece(legLine[i]!, s, s + 0.02 * H, 0, 0).pts as [Pt, Pt];
    const d = dist(a, b) || 1;
    const k = r * H;
    const nx = (-(b[1] - a[1]) / d) * k;
    const ny = ((b[0] - a[0]) / d) * k;
    return `<path d="M${n(a[0] + nx)} ${n(a[1] + ny)}L${n(a[0] - nx)} ${n(a[1] - ny)}" fill="none"/>`;
  };
  const drawLegs = (idx: number[], withPelvis: boolean, keep: boolean): string => {
    if (!idx.length) return '';
    const oneShape = L === 1 || o === 'swimsuit';
    const shoes = idx.map(shoe);
    let s = '';
    if (o === 'everyday' || o === 'space-suit') {
      const R = o === 'everyday' ? TROUSERS_R : SUIT_LEG_R;
      const parts: Part[] = idx.map((i) => piece(legLine[i]!, 0, legLen[i]!, R[0] * H, R[1] * H));
      if (withPelvis) parts.push(pelvis(R[0] * 1.05));
      s += solid(oneShape ? [...parts, ...shoes] : parts, keep);
      for (const i of idx) {
        // Level 4: turned-up trousers and a patch on the knee; a space suit's knee pads from level 3.
        if (o === 'everyday' && L >= 4) s += solid([band(i, legLen[i]! - 0.13 * H, R[1] * 1.12)], keep) + ring(legLine[i]![JOINT]!, 0.045);
        if (o === 'space-suit' && L >= 3) s += ring(legLine[i]![JOINT]!, 0.055);
        if (!oneShape)
          s +=
            solid(
              o === 'space-suit' ? [band(i, legLen[i]! - 0.14 * H, R[1] * 1.06), shoes[idx.indexOf(i)]!] : [shoes[idx.indexOf(i)]!],
              keep,
            ) + laces(i);
      }
      return s;
    }
    s += solid(
      [...idx.map((i) => piece(legLine[i]!, 0, legLen[i]!, SKIN_LEG_R[0] * H, SKIN_LEG_R[1] * H)), ...(oneShape ? shoes : [])],
      keep,
    );
    for (const i of idx) {
      const shoeOf = shoes[idx.indexOf(i)]!;
      if (o === 'sports-kit' && L >= 2) {
        // Football socks to under the knee, a stripe round them at level 4.
        s += solid([band(i, legLen[i]! * 0.7, SKIN_LEG_R[1] * 1.14), shoeOf], keep) + laces(i);
        if (L >= 4) s += stripe(i, legLen[i]! * 0.8, SKIN_LEG_R[1] * 1.14);
      } else if (o === 'royal' && L >= 2) s += solid([band(i, legLen[i]! * 0.62, SKIN_LEG_R[1] * 1.2), shoeOf], keep) + laces(i);
      else if (!oneShape) s += solid([shoeOf], keep);
    }
    // Shorts from level 2, a swimsuit's legs from level 3 (at level 1 the legs are one shape from the shirt's hem, nothing
    // under a thumbprint).
    const shortsTo = o === 'sports-kit' && L >= 2 ? 0.55 : o === 'swimsuit' && L >= 3 ? 0.3 : 0;
    if (shortsTo) {
      const shorts: Part[] = idx.map((i) =>
        piece(legLine[i]!, 0, THIGH * H * shortsTo, SHORTS_R * H, SHORTS_R * H * 0.97, ['round', 'hem']),
      );
      if (withPelvis) shorts.push(pelvis(SHORTS_R));
      s += solid(shorts, keep);
    }
    return s;
  };

  // The torso: a rounded T-shirt (a swimsuit, a space suit) whose collar hides the neck under the chin, or a tunic that
  // flares into a skirt; back arms' short sleeves are one shape with it.
  const torsoD =
    o === 'royal' && !longTop
      ? `M${at(-0.15, -0.03)}Q${at(0, 0.04)} ${at(0.15, -0.03)}Q${at(0.26, -0.01)} ${at(0.3, 0.12)}C${at(0.31, 0.3)} ${at(0.29, 0.42)} ${at(0.3, 0.5)}L${at(hem, 0.98)}Q${at(hem + 0.01, 1.05)} ${at(hem - 0.09, 1.05)}Q${at(0, 1.09)} ${at(0.09 - hem, 1.05)}Q${at(-hem - 0.01, 1.05)} ${at(-hem, 0.98)}L${at(-0.3, 0.5)}C${at(-0.29, 0.42)} ${at(-0.31, 0.3)} ${at(-0.3, 0.12)}Q${at(-0.26, -0.01)} ${at(-0.15, -0.03)}Z`
      : `M${at(-0.15, -0.03)}Q${at(0, 0.04)} ${at(0.15, -0.03)}Q${at(0.26, -0.01)} ${at(0.3, 0.12)}C${at(0.315, 0.35)} ${at(0.3, 0.55)} ${at(0.31, 0.74)}Q${at(0.315, 0.84)} ${at(0.2, 0.84)}Q${at(0, 0.865)} ${at(-0.2, 0.84)}Q${at(-0.315, 0.84)} ${at(-0.31, 0.74)}C${at(-0.3, 0.55)} ${at(-0.315, 0.35)} ${at(-0.3, 0.12)}Q${at(-0.26, -0.01)} ${at(-0.15, -0.03)}Z`;
  /** Where a line across the T-shirt at height y ends: on its outline, or a back sleeve's where that is wider. */
  const spanAt = (y: number): [number, number] => {
    const py = P([0, y])[1];
    const w = torsoHalf(y, outline) * H;
    let lo = chin[0] - w;
    let hi = chin[0] + w;
    for (let pass = 0; pass < 2; pass++)
      for (const t of backSleeves)
        for (let i = 1; i < t.pts.length; i++) {
          const a = t.pts[i - 1]!;
          const b = t.pts[i]!;
          const steps = Math.max(1, Math.ceil(dist(a, b) / (0.25 * t.r[i]!)));
          for (let k = 0; k <= steps; k++) {
            const q = k / steps;
            const r = t.r[i - 1]! + (t.r[i]! - t.r[i - 1]!) * q;
            const dy = py - (a[1] + (b[1] - a[1]) * q);
            if (Math.abs(dy) >= r) continue;
            const x = a[0] + (b[0] - a[0]) * q;
            const half = Math.sqrt(r * r - dy * dy);
            if (x + half >= lo && x - half <= hi) {
              lo = Math.min(lo, x - half);
              hi = Math.max(hi, x + half);
            }
          }
        }
    return [lo, hi];
  };
  const across = (y: number): string => {
    // A tilted body (a swimsuit: no sleeves) has its lines across from side to side of the turned outline.
    if (def.tilt) return `<path d="M${at(-torsoHalf(y, outline), y)}L${at(torsoHalf(y, outline), y)}" fill="none"/>`;
    const [lo, hi] = spanAt(y);
    const py = P([0, y])[1];
    return `<path d="M${n(lo)} ${n(py)}L${n(hi)} ${n(py)}" fill="none"/>`;
  };
  let dress = '';
  /** At level 1 what is on the T-shirt is left off under a held prop (a book read in the lap, a spade held across) or,
   * a panel or a badge, a hand: a piece of it showed, under a thumbprint. */
  const apart = (a: Box, b: Box): boolean => a.x > b.x + b.w || a.x + a.w < b.x || a.y > b.y + b.h || a.y + a.h < b.y;
  const chestShows = (b: Box, byHands = true): boolean =>
    L > 1 ||
    ((!heldBox || apart(heldBox, b)) &&
      (!byHands || hands.every((p) => apart({ x: p[0] - handR, y: p[1] - handR, w: 2 * handR, h: 2 * handR }, b))));
  /** A line across the T-shirt at height y, unless left off (chestShows). */
  const shirtBand = (y: number): string => (chestShows(boxAround([P([-0.3, y - 0.01]), P([0.3, y + 0.01])]), false) ? across(y) : '');
  // The collar: a V from the neckline under the chin (a space suit's round ring), from level 2.
  if (o === 'space-suit' && L >= 2) dress += `<path d="M${at(-0.14, -0.024)}Q${at(0, 0.3)} ${at(0.14, -0.024)}" fill="none"/>`;
  else if (L >= 2) dress += `<path d="M${at(-0.12, -0.017)}L${at(0, o === 'sports-kit' ? 0.24 : 0.16)}L${at(0.12, -0.017)}" fill="none"/>`;
  if (o === 'space-suit') {
    // A chest panel (a thumbprint and more at level 1) with buttons, a belt.
    const [px, py0, py1] = L === 1 ? [0.16, 0.24, 0.52] : [0.13, 0.28, 0.48];
    const panel = [P([-px, py0]), P([px, py0]), P([px, py1]), P([-px, py1])];
    if (chestShows(boxAround(panel))) dress += `<path d="${pathOf(panel)}Z"/>`;
    if (L >= 3) dress += ring(P([-0.06, 0.38]), 0.04) + ring(P([0.06, 0.38]), 0.04);
    if (L >= 3) dress += across(0.62) + across(0.7);
    if (L >= 4) dress += `<path d="${starPath(P([-0.2, 0.22])[0], P([-0.2, 0.22])[1], H * 0.05)}"/>` + ring(P([0.2, 0.22]), 0.03);
  } else if (o === 'swimsuit') {
    dress += shirtBand(0.56);
    if (L >= 3) for (const y of [0.34, 0.44]) dress += across(y);
    // Level 4: dots between the stripes, each one to colour.
    if (L >= 4) {
      dress += across(0.66);
      for (const [x, y] of [
        [-0.15, 0.5],
        [0.15, 0.5],
        [-0.15, 0.61],
        [0.15, 0.61],
        [0, 0.39],
      ] as Pt[])
        dress += ring(P([x, y]), 0.03);
    }
  } else if (o === 'sports-kit') {
    // The shorts' top from level 2 (at level 1 the band under it was under a thumbprint beside a rider's arms).
    if (L >= 2) dress += across(0.66);
    // The shirt's number: a round badge a thumbprint big at level 1 (with 10 % more, at any size of child), a number on
    // it from level 2.
    const c = P([0, 0.42]);
    const r = L === 1 ? mittenR(1, H, sw) / H : 0.11;
    if (chestShows(boxAround([P([-r, 0.42 - r]), P([r, 0.42 + r])]))) dress += ring(c, r);
    if (L >= 2)
      dress += `<path d="M${n(c[0] - H * 0.02)} ${n(c[1] - H * 0.05)}L${n(c[0] + H * 0.01)} ${n(c[1] - H * 0.07)}L${n(c[0] + H * 0.01)} ${n(c[1] + H * 0.07)}" fill="none"/>`;
  } else if (o === 'royal') {
    dress += shirtBand(0.6);
    if (L >= 2) dress += `<path d="${starPath(P([0, 0.36])[0], P([0, 0.36])[1], H * 0.09)}"/>`;
    if (L >= 3) dress += across(0.66) + ring(P([0, 0.63]), 0.04);
    if (L >= 4) for (const x of [-0.18, 0.18]) dress += ring(P([x, 0.24]), 0.03);
  } else {
    // Everyday: a T-shirt and trousers; a hem band, a pocket, then polka dots, each one to colour.
    if (L >= 2) dress += across(0.74);
    if (L >= 3) {
      const pk = [P([0.06, 0.3]), P([0.2, 0.3]), P([0.2, 0.44]), P([0.06, 0.44])];
      dress += `<path d="${pathOf(pk)}Z"/>`;
    }
    if (L >= 4)
      for (const [x, y] of [
        [-0.17, 0.3],
        [-0.06, 0.52],
        [-0.18, 0.62],
        [0.05, 0.64],
        [0.17, 0.56],
        [-0.07, 0.24],
      ] as Pt[])
        dress += ring(P([x, y]), 0.04);
  }

  // Layers, back to front: a royal cape (from level 2: at level 1 it left slivers beside the tunic), the legs, the arms behind the body, the T-shirt and what is on it, the arms in
  // front of it; the held prop and the hands holding it go over the head (`hands`).
  const shown = def.oneLeg ? [1] : legs.map((_, i) => i);
  let inner = '';
  if (o === 'royal' && L >= 2)
    inner += solid([{ d: `M${at(-0.26, 0.12)}L${at(-0.5, 1.08)}Q${at(0, 1.16)} ${at(0.5, 1.08)}L${at(0.26, 0.12)}Z` }]);
  inner += drawLegs(shown, true, true);
  for (const i of [0, 1]) if (!inFront[i] && !overHead[i]) inner += drawArm(i);
  inner += solid([{ d: torsoD }, ...backSleeves]) + dress;
  const armInFront = (i: number): string =>
    L === 1 && sleeve === 'short' ? drawArm(i, [shortSleeve1(i)]) : drawArm(i) + (sleeve === 'short' ? solid([shortSleeve(i)]) : '');
  for (const i of [0, 1]) if (inFront[i] && !overHead[i]) inner += armInFront(i);
  // A holding hand: the mitten over the prop, with the end of its bare forearm, one shape with the arm under it (an arm
  // held up by the head is all over it and over the prop: the forearm's end runs on into it).
  let front = prop + overHead.map((over, i) => (over ? armInFront(i) : '')).join('');
  for (const i of holdingHands) {
    const stub = sleeve !== 'long' && held !== 'rim';
    front += solid([
      ...(stub ? [piece(armLine[i]!, armLen[i]! * 0.6, armLen[i]!, ARM_R[0] * H, ARM_R[1] * H, ['open', 'round'])] : []),
      ...mitten(i),
    ]);
  }
  const behind = def.oneLeg ? drawLegs([0], false, false) : '';
  // Swimming free, from level 2: bubbles rising from the mouth's side, in front of the face (kept: the scene stays
  // clear of them). A snorkeller breathes through its snorkel (compose.ts).
  if (def.tilt && f.pose === 'swimming' && L >= 2)
    for (const [x, y, r] of [
      [0.6, -0.36, 0.05],
      [0.7, -0.58, 0.065],
      [0.64, -0.84, 0.08],
    ] as const)
      front += solid([{ pts: [[f.chin[0] + sgn * x * H, chin[1] + y * H]], r: [r * H] }]);

  // The white margin around everything kept (hides the scene behind the child).
  let halo = '';
  let haloTubes = '';
  for (const p of kept) {
    if (isTube(p)) haloTubes += tubeD(p, sw / 2 + f.margin, true, true);
    else halo += `<path d="${p.d}" fill="#fff" stroke="#fff" stroke-width="${n(2 * (sw + f.margin))}"/>`;
  }
  halo += `<path d="${haloTubes}" fill="#fff" stroke="none"/>`;
  const silhouette =
    kept.map((p) => (isTube(p) ? '' : `<path d="${p.d}"/>`)).join('') +
    `<path d="${kept.map((p) => (isTube(p) ? tubeD(p, sw / 2, true, true) : '')).join('')}"/>`;
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
  const paint = `fill="#fff" stroke="#000" stroke-width="${n(sw)}" stroke-linejoin="round" stroke-linecap="round"`;
  const speedLines = speed ? `<g fill="none" stroke="#000" stroke-width="${n(sw)}" stroke-linecap="round">${speed}</g>` : '';
  const knockout = `<g class="child-knockout">${halo}</g>`;

  // The body's parts as capsules (its joints and a mean radius), for layout and the tests.
  const legR = (o === 'everyday' ? TROUSERS_R : o === 'space-suit' ? SUIT_LEG_R : SKIN_LEG_R).reduce((a, b) => a + b) / 2;
  const armR = (sleeve === 'long' ? LONG_SLEEVE_R : ARM_R).reduce((a, b) => a + b) / 2;
  const capsules: Capsule[] = [...shown.map((i) => ({ pts: legs[i]!, r: legR * H })), ...arms.map((pts) => ({ pts, r: armR * H }))];
  // Where the shirt's own colour is: places clear of what each outfit has on it, tried in turn.
  const spots: Pt[] =
    o === 'space-suit'
      ? [
          [0.22, 0.45],
          [-0.22, 0.45],
        ]
      : o === 'royal'
        ? [
            [0.06, 0.5],
            [-0.06, 0.5],
          ]
        : [[0.06, 0.22], [-0.06, 0.22], ...(o === 'sports-kit' ? [[0, L === 1 ? 0.65 : 0.595] as Pt] : [])];
  const toSegment = (p: Pt, a: Pt, b: Pt): number => {
    const l2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 || 1;
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / l2));
    return dist(p, [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
  };
  const shirt = spots
    .map(P)
    .find(
      (p) =>
        [0, 1].every(
          (i) =>
            !(inFront[i] || overHead[i]) ||
            armLine[i]!.every((q, k) => !k || toSegment(p, armLine[i]![k - 1]!, q) > (k < JOINT ? SLEEVE_R_1[1] : ARM_R[0]) * H + 1.5 * sw),
        ) &&
        hands.every((q) => dist(p, q) > handR + 1.5 * sw) &&
        (!heldBox || apart({ x: p[0] - sw, y: p[1] - sw, w: 2 * sw, h: 2 * sw }, heldBox)),
    );
  // The whole figure's box.
  const pts: Pt[] = [...torso, [head.x, head.y], [head.x + head.w, head.y + head.h]];
  for (const c of capsules) for (const p of c.pts) pts.push([p[0] - c.r, p[1] - c.r], [p[0] + c.r, p[1] + c.r]);
  for (const p of hands) pts.push([p[0] - handR, p[1] - handR], [p[0] + handR, p[1] + handR]);
  if (heldBox) pts.push([heldBox.x, heldBox.y], [heldBox.x + heldBox.w, heldBox.y + heldBox.h]);
  const feetY = legs.length ? Math.max(...shown.map((i) => legs[i]![2]![1])) + 0.095 * H : Math.max(...torso.map((p) => p[1]));
  if (legs.length) pts.push([f.chin[0], feetY]);
  // A swimmer's feet, drawn upright at the ankles, reach beyond its turned legs' ends: in its box (an upright child's
  // feet lie under its hips, their sides inside the box the pages are laid out by).
  if (def.tilt)
    for (const i of shown) for (const x of [-0.125, 0.225 * toe]) pts.push([legs[i]![2]![0] + shoeOut(i) * x * H, legs[i]![2]![1]]);
  return {
    pose: f.pose,
    outfit: f.outfit,
    held,
    behind: behind ? `<g ${paint}>${behind}</g>` : '',
    speedLines,
    knockout,
    parts: `<g class="child-body" ${paint}>${inner}</g>`,
    hands: `<g class="child-hands" ${paint}>${front}</g>`,
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
    silhouette,
    shirt,
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
