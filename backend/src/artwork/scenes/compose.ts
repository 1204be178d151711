// Composes a scene: the location's background, the child's spot (with the activity's frame and props),
// companions and objects placed in slots that do not overlap, all seeded from the composition so the
// same scene always draws the same way.
import { BACKGROUNDS, cover, type BackgroundContext, type Ring } from './backgrounds.js';
import type { SceneComposition } from './catalogue.js';
import {
  ACTIVITY_ART,
  COMPANION_ART,
  OBJECT_ART,
  artSize,
  companionEntry,
  placeArt,
  placeEntry,
  THUMBPRINT_MM2,
  type ArtRef,
  type LibraryEntry,
} from './library.js';
import {
  drawFigure,
  HIP_DEPTH,
  outfitFor,
  poseFor,
  POSES,
  SITTING_DEPTH,
  STANDING_DEPTH,
  THRONE_DEPTH,
  type Figure,
  type Pose,
} from './figure.js';
import { seededRandom } from './random.js';
import { convexHull, line, n, paintGroup, wavePath, type Box, type Level } from './svg.js';
import { rocketNose } from './drawings.js';
import { drawTrainRide, TRAIN } from './train-ride.js';
import { FINDS, placeFind, type FindName } from './finds.js';
import { drawHall } from './hall.js';
import { rimGap } from './props.js';
import { swimRingHalves } from './swim-ring.js';
import { drawSnorkelMask, STAND_IN_HEAD, type HeadLandmarks } from './snorkel.js';
import { outlineText } from '../page/lettering.js';

/** The scene's frame on an A4 page (mm). */
export const SCENE_AREA: Box = { x: 8, y: 50, w: 194, h: 228 };

/** Line width of the scene's drawings per level: bold for the youngest, finer as detail grows. */
export const SCENE_STROKE: Readonly<Record<Level, number>> = { 1: 1.6, 2: 1.2, 3: 0.9, 4: 0.7 };
/** Height of the child's head (hair to chin) on the page, mm: biggest for the youngest. The body is about 1.6 heads more. */
const HEAD_HEIGHT: Readonly<Record<Level, number>> = { 1: 60, 2: 56, 3: 50, 4: 46 };
/** White kept around the child, hiding the scene behind it, mm. */
export const CHILD_MARGIN_MM = 1.6;
/** How far inside the scene's frame a swimming child stays, mm. */
export const SWIMMER_INSET = 4;
/** The room a friend swimming beside the child keeps: 80 mm long, the 6 mm its slot keeps from the child and 1 mm. */
const SWIM_FRIEND_ROOM = 87;
const MAX_COMPANIONS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 3 };
const MAX_OBJECTS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 4 };
const MAX_PROPS: Readonly<Record<Level, number>> = { 1: 1, 2: 1, 3: 2, 4: 2 };
const EXTRA_COPIES: Readonly<Record<Level, number>> = { 1: 0, 2: 0, 3: 1, 4: 2 };
/** What stands in the back that the page draws again in the ring round the child (`Ring`): what the child is on (the
 * throne from level 2: at level 1 its back cut a piece of long hair under a thumbprint). */
const RING_ITEMS: ReadonlySet<string> = new Set(['podium', 'stage', 'ballroom-floor', 'finish-tape']);
const linesInRing = (what: string, level: Level): boolean => RING_ITEMS.has(what) || (what === 'throne' && level >= 2);
/** Level 1: how far back (mm) the rider sits on the horse: further forward the horse's chest ran along the rider's leg,
 * and the ring's lines closed a piece of it under a thumbprint there (decision 037). */
const HORSE_SEAT_BACK_L1 = 5;
/** Indoors, how far in front of the wall's foot a thing standing far back stands, mm. */
const FAR_FLOOR_STEP = 10;

/** A picnic's food on the blanket beside the child, by the pose (what the child holds of it). */
const PICNIC_SPREAD: Partial<Record<Pose, FindName>> = { sitting: 'lunch-basket', 'tea-party': 'tea-set', 'moon-picnic': 'moon-cheese' };

/** The vocabulary's objects a pose's hands hold. */
const HELD_OBJECT: Readonly<Record<string, readonly string[]>> = { trophy: ['trophy'], wand: ['wand'], book: ['book'], shell: ['shell'] };

export const FALLBACK_LOCATION = 'garden';
export const FALLBACK_ACTIVITY = 'waving';

export interface SceneInput {
  composition: SceneComposition;
  level: Level;
  /** The child's head (width / height, from the photo; where its eyes are, for a diving mask); absent for thumbnails. */
  head?: { aspect: number; landmarks?: HeadLandmarks };
  /** Seeds the layout; defaults to the composition itself. */
  seed?: string;
}

export interface ComposedScene {
  /** Everything behind the child. */
  back: string;
  /** Between a rider's far leg and the rest of the child: the ridden animal. */
  middle: string;
  /** The child's body, posed, dressed and holding the activity's prop; the head goes at `figure.head`. */
  figure: Figure;
  /** Over `middle`, under the head's margin and the child's parts: a runner's speed lines, the child's white knockout
   * (`figure.knockout`) and what goes with it. */
  knockout: string;
  /** The lines dividing the scene that reach the child's outline, and what hides them (`Ring`, docs/decisions/037),
   * painted: drawn by `drawRing` over the knockout and the head's margin, in the ring they leave round the child. */
  ring: string;
  /** The horizon's line as the ring draws it, painted, for the tests. */
  horizon?: string;
  /** Over the child's body and head, under the hands: what the child sits in (a rocket, a car, a swim ring). */
  frame: string;
  /** Over everything: friends and things in front, a speech bubble, a crown. */
  front: string;
  /** What carries the child: the drawing it sits in ('rocket-capsule', 'basket', 'car-frame', 'train'...), the ridden animal, or ''. */
  carrier: string;
  /** Where what the child sits in is drawn (a train's carriage: its top is the rim; the swim ring), for tests. */
  carrierBox?: Box;
  /** Counts of drawn things, for tests and the bench. */
  counts: { companions: number; objects: number; props: number };
  /** Where each companion really landed (the fitted drawing, mm), for tests. */
  companionBoxes: Box[];
  /** Where every other thing landed, front or back, for tests. */
  placed: { box: Box; layer: 'back' | 'front'; what: string }[];
  /** Snorkelling: the diving mask's glass and the snorkel, mm, for tests. */
  snorkel?: { glass: Box; tube: Box };
}

const bottom = (b: Box): number => b.y + b.h;

type Pt = readonly [number, number];

/** The convex hull of points, as path data. */
const hull = (pts: readonly Pt[]): string =>
  convexHull(pts)
    .map((q, i) => `${i ? 'L' : 'M'}${n(q[0])} ${n(q[1])}`)
    .join('') + 'Z';

/** A puddle on the ground under a jumping child, wider than the child's reach (a friend may stand at its edge, drawn
 * over it), drops splashing up and out at its sides (two big ones at level 1, each a thumbprint inside its line), ripples from level 3; behind the child. */
function drawSplash(figure: Figure, area: Box, y: number, H: number, level: Level): { svg: string; box: Box } {
  const cx = figure.chin[0];
  // Narrower by a page's edge, the outer drops inside the frame.
  const rx = Math.min(1.1 * H, (Math.min(cx - area.x, area.x + area.w - cx) - 6) / 1.25);
  const ry = 0.2 * H;
  let s = `<path d="M${n(cx - rx)} ${n(y)}C${n(cx - rx)} ${n(y - ry * 1.2)} ${n(cx - rx * 0.3)} ${n(y - ry * 1.1)} ${n(cx)} ${n(y - ry)}C${n(cx + rx * 0.4)} ${n(y - ry * 0.9)} ${n(cx + rx)} ${n(y - ry * 1.3)} ${n(cx + rx)} ${n(y)}C${n(cx + rx)} ${n(y + ry * 1.2)} ${n(cx + rx * 0.3)} ${n(y + ry)} ${n(cx)} ${n(y + ry)}C${n(cx - rx * 0.4)} ${n(y + ry)} ${n(cx - rx)} ${n(y + ry * 1.1)} ${n(cx - rx)} ${n(y)}Z"/>`;
  if (level >= 3) s += line(wavePath(cx - rx * 0.6, cx + rx * 0.6, y + ry * 0.3, 0.6, 8));
  // Drops: [x along the puddle, height above it, size], mirrored on both sides.
  const drops: [number, number, number][] =
    level === 1
      ? [
          [1.0, 0.22, 0.27],
          [0.8, 0.56, 0.25],
        ]
      : [
          [1.02, 0.15, 0.14],
          [0.86, 0.4, 0.13],
          [0.68, 0.64, 0.11],
          ...(level >= 3 ? ([[1.12, 0.5, 0.09]] as [number, number, number][]) : []),
        ];
  for (const sgn of [-1, 1])
    for (const [fx, up, size] of drops) {
      const dx = cx + sgn * fx * rx;
      const dy = y - ry - up * H;
      const r = size * H * 0.5;
      // A drop flying outwards: round at the bottom, pointed up and away from the child.
      s += `<path d="M${n(dx + sgn * r * 0.9)} ${n(dy - r * 2.2)}C${n(dx + sgn * r * 0.6)} ${n(dy - r)} ${n(dx + r)} ${n(dy - r * 0.2)} ${n(dx + r)} ${n(dy + r * 0.3)}C${n(dx + r)} ${n(dy + r * 1.4)} ${n(dx - r)} ${n(dy + r * 1.4)} ${n(dx - r)} ${n(dy + r * 0.3)}C${n(dx - r)} ${n(dy - r * 0.2)} ${n(dx + sgn * r * 0.2)} ${n(dy - r)} ${n(dx + sgn * r * 0.9)} ${n(dy - r * 2.2)}Z"/>`;
    }
  return { svg: s, box: { x: cx - rx, y: y - ry * 1.3, w: 2 * rx, h: ry * 2.4 } };
}

/** A bough across the top of the scene and a vine from it down to each of the swinging child's hands, behind the child
 * (its white margin ends them at the hands); leaves along the bough from level 2. */
function drawVines(figure: Figure, area: Box, groundY: number, level: Level): { svg: string; taken: Box[] } {
  const by = Math.max(area.y + 8, figure.head.y - 16);
  const x0 = area.x - 2;
  const x1 = area.x + area.w + 2;
  // The tree's trunk at the page's edge nearer the child, the bough growing from it.
  const right = figure.chin[0] > area.x + area.w / 2;
  const tx = right ? area.x + area.w - 16 : area.x + 16;
  const trunk = `<path d="M${n(tx - 7)} ${n(groundY + 4)}C${n(tx - 6)} ${n(groundY - 30)} ${n(tx - 8)} ${n(by + 10)} ${n(tx - 10)} ${n(by)}L${n(tx + 10)} ${n(by)}C${n(tx + 8)} ${n(by + 10)} ${n(tx + 6)} ${n(groundY - 30)} ${n(tx + 7)} ${n(groundY + 4)}C${n(tx + 2)} ${n(groundY + 1)} ${n(tx - 2)} ${n(groundY + 1)} ${n(tx - 7)} ${n(groundY + 4)}Z"/>`;
  let svg = trunk;
  svg += `<path d="M${n(x0)} ${n(by - 5)}C${n(x0 + area.w * 0.35)} ${n(by - 9)} ${n(x0 + area.w * 0.65)} ${n(by + 1)} ${n(x1)} ${n(by - 6)}L${n(x1)} ${n(by + 3)}C${n(x0 + area.w * 0.65)} ${n(by + 10)} ${n(x0 + area.w * 0.35)} ${n(by)} ${n(x0)} ${n(by + 5)}Z"/>`;
  const half = 1.4;
  for (const [hx, hy] of figure.handPts) {
    const top = by + 2;
    const sway = (hx < figure.chin[0] ? -1 : 1) * 6;
    const mx = hx + sway;
    const my = (top + hy) / 2;
    svg += `<path d="M${n(hx - half)} ${n(top)}Q${n(mx - half)} ${n(my)} ${n(hx - half)} ${n(hy)}L${n(hx + half)} ${n(hy)}Q${n(mx + half)} ${n(my)} ${n(hx + half)} ${n(top)}Z"/>`;
  }
  if (level >= 2) {
    const leaves = (level - 1) * 4;
    for (let k = 0; k < leaves; k++) {
      const lx = area.x + ((k + 0.5) * area.w) / leaves;
      if (figure.handPts.some(([hx]) => Math.abs(hx - lx) < 8)) continue;
      const up = k % 2 === 0 ? -1 : 1;
      const ly = by + up * 7;
      svg += `<path d="M${n(lx - 6)} ${n(ly)}C${n(lx - 3)} ${n(ly - 4)} ${n(lx + 3)} ${n(ly - 4)} ${n(lx + 6)} ${n(ly)}C${n(lx + 3)} ${n(ly + 4)} ${n(lx - 3)} ${n(ly + 4)} ${n(lx - 6)} ${n(ly)}Z"/>`;
    }
  }
  // The tree's leafy crown over where the bough leaves the trunk: a scalloped cloud of leaves.
  const crx = 24;
  const cry = Math.min(16, by - area.y - 3);
  const ccx = tx + (right ? -6 : 6);
  const bumps = 9;
  let crown = '';
  for (let k = 0; k <= bumps; k++) {
    const a = (2 * Math.PI * k) / bumps;
    const px = ccx + crx * Math.cos(a);
    const py = by + cry * Math.sin(a);
    const m = a - Math.PI / bumps;
    crown += k === 0 ? `M${n(px)} ${n(py)}` : `Q${n(ccx + crx * 1.3 * Math.cos(m))} ${n(by + cry * 1.3 * Math.sin(m))} ${n(px)} ${n(py)}`;
  }
  svg += `<path d="${crown}Z"/>`;
  if (level >= 3)
    svg += `<path d="M${n(tx - 3)} ${n(by + 30)}C${n(tx)} ${n(by + 40)} ${n(tx - 2)} ${n(by + 52)} ${n(tx + 2)} ${n(by + 62)}" fill="none"/>`;
  return {
    svg,
    taken: [
      { x: area.x, y: by - 16, w: area.w, h: 28 },
      { x: ccx - crx * 1.3, y: by - cry * 1.3, w: crx * 2.6, h: cry * 2.6 },
      { x: tx - 12, y: by, w: 24, h: groundY + 4 - by },
    ],
  };
}
const overlaps = (a: Box, b: Box, pad = 1): boolean =>
  a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;

interface Slot {
  box: Box;
  side: 'left' | 'right' | 'middle';
}

export function normaliseComposition(c: SceneComposition): SceneComposition {
  return {
    location: BACKGROUNDS[c.location] ? c.location : FALLBACK_LOCATION,
    activity: ACTIVITY_ART[c.activity] ? c.activity : FALLBACK_ACTIVITY,
    companions: [...new Set(c.companions.filter((id) => COMPANION_ART[id]))],
    objects: [...new Set(c.objects.filter((id) => OBJECT_ART[id]))],
  };
}

/**
 * The scene's ring (`ComposedScene.ring`) masked to the white the page put round the child: its knockout and `margin`, the
 * head's (a mask honours their white strokes, a clip path would not; an alpha mask, as Chromium prints a luminance one
 * into the PDF as an image). Drawn under the child's parts and head, whose white hides it inside them. `id` is unique to
 * the page.
 */
export function drawRing(scene: ComposedScene, id: string, margin = ''): string {
  if (!scene.ring) return '';
  const a = SCENE_AREA;
  return (
    `<defs><mask id="ring-${id}" mask-type="alpha" maskUnits="userSpaceOnUse" x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}">${scene.figure.knockout}${margin}</mask></defs>` +
    `<g mask="url(#ring-${id})"><style>.ring-cover *{fill:#fff;stroke:#fff}</style>${scene.ring}</g>`
  );
}

export function composeScene(input: SceneInput): ComposedScene {
  const level = input.level;
  const c = normaliseComposition(input.composition);
  const rnd = seededRandom(input.seed ?? JSON.stringify([c.location, c.activity, c.companions, c.objects]));
  const stroke = SCENE_STROKE[level];
  const area = SCENE_AREA;
  const bg = BACKGROUNDS[c.location]!;
  const activity = ACTIVITY_ART[c.activity]!;
  const place = (ref: ArtRef, box: Box, extra: { flip?: boolean; anchor?: 'bottom' | 'center' } = {}): string =>
    placeArt(ref, { box, strokeMm: stroke, level, rnd, ...extra });

  const taken: Box[] = [];
  let backBase = '';
  let front = '';
  const groundY = bg.groundY;

  // What is shown at this level, and how much of it stands beside the child.
  let companions = c.companions.slice(0, MAX_COMPANIONS[level]);
  const riding = c.activity === 'riding';
  const pose = poseFor(c);
  const mountId = riding
    ? (companions.find((id) => companionEntry(id, c.activity, pose).mount) ?? (c.location === 'ocean-floor' ? 'dolphin' : 'horse'))
    : undefined;
  if (mountId) companions = companions.filter((id) => id !== mountId);
  // Driving a tractor: the child sits in the tractor itself (the clip art brings its own farmer).
  const onTractor = c.activity === 'driving' && c.objects.includes('tractor');
  const hasCrown = c.objects.includes('crown');
  // What the child holds (or kicks) is not drawn a second time beside them; nor a rocket the child sits in.
  // A balloon ride: the balloon is the one the child rides under.
  const balloonRide = pose === 'flying' && c.activity !== 'flying';
  // Flying with an aeroplane in the scene: the child flies it, in its open cockpit.
  const inPlane = c.activity === 'flying' && c.objects.includes('aeroplane');
  // Waving from a train: the child rides in its carriage.
  const aboard = pose === 'aboard';
  // A party on the floor: the birthday cake on the blanket beside the child (not a picnic basket).
  const cakeAtHand = pose === 'party';
  // Any other picnic's food on the blanket, by what the child holds: a basket of sandwiches and fruit, a tea set, the
  // Moon's cheese.
  const spread = c.activity === 'picnicking' ? PICNIC_SPREAD[pose] : undefined;
  const picnicAtHand = cakeAtHand || !!spread;
  // Building at the beach: the sandcastle at the spade's tip.
  const castleAtHand = pose === 'digging' && c.location === 'beach';
  // Digging in the dinosaurs' valley: a dig with a dinosaur's bones at the spade's tip.
  const fossilDig = pose === 'digging' && c.location === 'prehistoric-valley';
  // What the child is looking for lies on the ground at its busy hand, big: a nest of spotty eggs for the egg it holds
  // up, a treasure chest on the sea bed by the magnifying glass, the shell or the hand reaching for it.
  const nestAtHand = pose === 'egg-hunt';
  const chestAtHand = (pose === 'exploring' || pose === 'shell-find' || pose === 'crouching') && c.objects.includes('treasure-chest');
  // Watering in the garden: the vegetable bed under the can's spout.
  const vegAtHand = pose === 'watering' && c.location === 'garden';
  // Dancing in a castle: at the ball, indoors (the ballroom's tiled floor under the dancer, the hall behind: drawn below).
  const ballroom = pose === 'dancing' && c.location === 'castle';
  // What the child stands on, raised: the podium's winning block under a trophy held up, the big stage under a dancer
  // (not in the ballroom); and where the feet stand on it, from its top.
  const raisedOn = pose === 'holding-up' ? 'podium' : pose === 'dancing' && !ballroom ? 'stage' : undefined;
  const RAISED_TOP = { podium: 1 / 46, stage: 9 / 50 };
  let raised: { svg: string; box: Box } | undefined;
  // Pointing at the volcano: it stands big on the horizon on the side pointed at (drawn below, not in a slot).
  const pointedAt = pose === 'pointing' && c.objects.includes('volcano');
  const inHand = new Set<string>([
    ...(HELD_OBJECT[POSES[pose].held ?? ''] ?? []),
    ...(pose === 'kicking' ? ['ball'] : []),
    ...(balloonRide ? ['balloon'] : []),
    ...(inPlane ? ['aeroplane'] : []),
    ...(aboard ? ['train'] : []),
    ...(cakeAtHand ? ['cake'] : []),
    ...(nestAtHand || chestAtHand ? ['treasure-chest'] : []),
    ...(pointedAt ? ['volcano'] : []),
  ]);
  const objects = c.objects
    .filter(
      (id) =>
        !(id === 'crown' && hasCrown) &&
        !(id === 'rocket' && c.activity === 'flying') &&
        !(id === 'tractor' && onTractor) &&
        !inHand.has(id),
    )
    .slice(0, MAX_OBJECTS[level]);
  // Interleaved, so the first companion and the first object (what the scene is about) come first.
  const entries: { entry: LibraryEntry; kind: 'companions' | 'objects' }[] = [];
  for (let i = 0; i < Math.max(companions.length, objects.length); i++) {
    if (companions[i]) entries.push({ entry: companionEntry(companions[i]!, c.activity, pose), kind: 'companions' });
    if (objects[i]) entries.push({ entry: OBJECT_ART[objects[i]!]!, kind: 'objects' });
  }
  const standsBeside = (e: { entry: LibraryEntry }): boolean =>
    e.entry.stance === 'ground' || (e.entry.stance === 'water' && bg.terrain !== 'water');
  // Level 1: one thing beside the child, drawn big (two would each get a narrow slot and come out small and fiddly).
  if (level === 1) {
    const first = entries.findIndex(standsBeside);
    for (let i = entries.length - 1; i > first && first >= 0; i--) if (standsBeside(entries[i]!)) entries.splice(i, 1);
  }
  const besideCount = Math.min(2, entries.filter(standsBeside).length);

  // The child: posed by the activity, dressed by the place, sized by the level, standing, sitting or riding.
  const outfit = outfitFor(c);
  const headAspect = input.head?.aspect ?? 0.9;
  // Under the sea the child swims free; at the seaside, in a swim ring.
  const underwater = bg.terrain === 'water';
  const frame: ArtRef | undefined = riding
    ? undefined
    : onTractor
      ? { drawing: 'tractor-frame' }
      : (pose === 'swimming' || pose === 'snorkelling') && underwater
        ? undefined
        : balloonRide
          ? { drawing: 'basket' }
          : inPlane
            ? { drawing: 'plane-frame' }
            : activity.frame;
  const frameName = frame ? ('drawing' in frame ? frame.drawing : frame.clipart) : '';
  // Under the sea, the first friend (a dolphin, not a shoal) swims beside the child: the child moves aside for it too.
  const lead0 = entries[0];
  const swimsBeside = underwater && lead0?.kind === 'companions' && lead0.entry.stance === 'water' && !lead0.entry.repeat;
  const beside = besideCount + (swimsBeside ? 1 : 0);
  // A friend taller than wide (a giraffe) stands as tall as the sky allows: the speech bubble goes over the head.
  const leadArt = lead0?.kind === 'companions' ? artSize(lead0.entry.art) : undefined;
  const tallFriend = !!leadArt && leadArt.height / leadArt.width > 1.3;
  let H =
    HEAD_HEIGHT[level] *
    (frame ? 0.84 : aboard ? (level === 1 ? 0.84 : 0.9) : riding ? 0.74 : 1) *
    (beside >= 2 ? 0.92 : swimsBeside ? (pose === 'swimming' ? 0.84 : 0.9) : 1);
  const side = rnd.chance(0.5) ? -1 : 1;
  // One friend beside the child: the child steps aside to leave the friend a big space.
  // On a tractor the child sits on the back seat, the bonnet running ahead across the page.
  // Alone at the castle at levels 1-2, the child steps aside too: the castle is the friend, drawn as wide (and tall) as
  // the room left (at levels 3-4 the bigger castle's windows and crenels would be too many small regions).
  // Indoors what lies at the hand (the cake, a tea set, a chest) takes the side a lone friend would have: the child stays
  // in the middle and the friend stands on the floor at its other side, not at the back of a room whose floor it fills.
  const atHandTakesSide = bg.wallFoot !== undefined && (picnicAtHand || nestAtHand || chestAtHand);
  const stepsAside = !riding && !atHandTakesSide && (beside === 1 || (beside === 0 && c.location === 'castle' && level <= 2));
  // A child swimming free lies in the water, its legs trailing a head's height and more behind the chin: the chin steps
  // aside less, so the whole child stays on the page.
  const swimsFree = (pose === 'swimming' || pose === 'snorkelling') && !frame;
  let cx = area.x + area.w / 2 + (stepsAside ? side * (swimsBeside ? 40 - (swimsFree ? 0.3 * H : 0) : 30 - (swimsFree ? 0.5 * H : 0)) : 0);
  // The busy arm (waving, holding up) reaches towards the middle of the page, where a friend is.
  const mirror = stepsAside ? side > 0 : side < 0;
  let chinY: number;
  let trainAt: { dir: 1 | -1; railY: number } | undefined;
  let mountSvg = '';
  /** The ridden animal's copy in the ring round the rider (`Drawing.draw`'s `ringCopy`). */
  let mountRing = '';
  let mountBox: Box | undefined;
  let frameSvg = '';
  /** Where the hand on a rim holds it, when the child stands or sits behind it (a balloon's basket, a carriage). */
  let rimY: number | undefined;
  /** Level 1: what is drawn over the child's white knockout, under its parts; and over a runner's speed lines, under
   * that knockout. */
  let overKnockout = '';
  let overSpeedLines = '';
  /** The swim ring's back half, drawn behind the child and again in the child's ring; the ring's box (friends beyond it). */
  let ringBack = '';
  let swimRingBox: Box | undefined;

  if (mountId) {
    const mount = companionEntry(mountId, c.activity, pose);
    const mb = { x: cx - 82, y: groundY - 124, w: 164, h: 124 };
    const placement = { box: mb, strokeMm: stroke, level, rnd, flip: false, anchor: 'bottom' } as const;
    const placed = placeEntry(mount, placement);
    mountSvg = placed.svg;
    mountRing = placeArt(mount.art, { ...placement, ringCopy: true });
    mountBox = placed.box;
    cx = placed.box.x + placed.box.w / 2 - (level === 1 && mountId === 'horse' ? HORSE_SEAT_BACK_L1 : 0);
    const backY = placed.box.y + placed.box.h * (mount.back ?? 0.32);
    chinY = backY - HIP_DEPTH * H;
    // Keep the head inside the scene.
    if (chinY - H < area.y + 4) {
      H = Math.max(24, (backY - area.y - 4) / (1 + HIP_DEPTH));
      chinY = backY - HIP_DEPTH * H;
    }
    taken.push(placed.box);
  } else if (aboard) {
    // The train runs along the rails at the bottom, the engine ahead on the side away from the waving hand: the
    // carriage (and the child in it) where the whole train fits, the engine's buffer beam near the frame's edge.
    const dir = mirror ? 1 : -1;
    const railY = Math.min(bottom(area) - 7, groundY + 2);
    chinY = railY - (TRAIN.side + TRAIN.wheels) * H;
    const ahead = (TRAIN.half + TRAIN.gap + TRAIN.engine + 0.2) * H;
    const behind = TRAIN.half * H;
    const free = area.w - 6 - ahead - behind;
    cx = dir > 0 ? area.x + area.w - 3 - ahead - Math.max(0, free) / 2 : area.x + 3 + ahead + Math.max(0, free) / 2;
    if (level >= 3) cx = dir > 0 ? area.x + area.w - 4 - ahead : area.x + 4 + ahead;
    trainAt = { dir, railY };
    rimY = chinY + TRAIN.rim * H;
  } else if (frame) {
    // What the child sits in, its rim at the chest; the group stands on the bottom of the scene.
    const s = artSize(frame);
    const spec: Record<string, { w: number; rim: number; at: number; chest: number }> = {
      // Level 1: the child sits deeper in the rocket, the rim over the slivers of shirt between the arms.
      'rocket-capsule': { w: 2.1, rim: 0, at: 0.5, chest: level === 1 ? 0.22 : 0.5 },
      'car-frame': { w: 2.9, rim: 14 / 90, at: 0.42, chest: 0.56 },
      'tractor-frame': { w: 2.7, rim: 20 / 110, at: 0.25, chest: 0.64 },
      'swim-ring': { w: 1.75, rim: 0.5, at: 0.5, chest: 0.64 },
      basket: { w: 1.6, rim: 0, at: 0.5, chest: 0.5 },
      'plane-frame': { w: 3.1, rim: 34 / 90, at: 95 / 210, chest: 0.55 },
    };
    const k = spec[frameName] ?? { w: 2, rim: 0, at: 0.5, chest: 0.6 };
    const fw = Math.min(area.w + 10, k.w * H);
    const fh = (fw * s.height) / s.width;
    if (onTractor) cx = area.x + 3 + fw * k.at;
    const swimming = frameName === 'swim-ring';
    const frameBottom = swimming
      ? groundY - 0.6 * H
      : frameName === 'basket' || frameName === 'plane-frame'
        ? groundY - 14
        : bottom(area) - 1;
    chinY = frameBottom - fh + k.rim * fh - k.chest * H;
    if (chinY - H < area.y + 30) chinY = area.y + 30 + H;
    const frameBox = { x: cx - fw * k.at, y: chinY + k.chest * H - k.rim * fh, w: fw, h: fh };
    if (swimming) {
      // The ring round the waist: its back half behind the child (hidden where the body is, its lines run on in the
      // child's ring), its front half over the body; the legs are under the water (the pose shows none).
      const halves = swimRingHalves([cx, frameBox.y + fh / 2], fw / 2, level);
      ringBack = paintGroup(halves.back, stroke);
      backBase += ringBack;
      frameSvg += paintGroup(halves.front, stroke);
      swimRingBox = frameBox;
    } else frameSvg += place(frame, frameBox, { anchor: 'center' });
    if (frameName === 'basket') rimY = frameBox.y;
    // A car or a rocket is the child's seat: nobody stands in front of it.
    if (!swimming) {
      const cut = frameName === 'rocket-capsule' ? 0.15 : frameName === 'plane-frame' ? 0.1 : 0.45;
      taken.push({ ...frameBox, y: frameBox.y + frameBox.h * cut, h: frameBox.h * (1 - cut) });
    }
    if (frameName === 'basket') {
      // The balloon over the child's head, tied to the basket's corners by ropes running behind the child.
      const eb = chinY - H - 4;
      const eh = Math.min(1.3 * H, eb - area.y - 4);
      const ew = Math.max(fw * 1.1, eh * 0.95);
      const neck = fw * 0.3;
      let env = `<path d="M${n(cx - neck)} ${n(eb)}C${n(cx - ew * 0.7)} ${n(eb - eh * 0.4)} ${n(cx - ew * 0.56)} ${n(eb - eh)} ${n(cx)} ${n(eb - eh)}C${n(cx + ew * 0.56)} ${n(eb - eh)} ${n(cx + ew * 0.7)} ${n(eb - eh * 0.4)} ${n(cx + neck)} ${n(eb)}Z"/>`;
      // Gores: curves from the crown to the neck, more with each level.
      const gores = [0, 1, 2, 4, 6][level]!;
      for (let g = 1; g <= gores; g++) {
        const t = g / (gores + 1) - 0.5;
        env += `<path d="M${n(cx + t * neck * 2)} ${n(eb)}C${n(cx + t * ew * 1.3)} ${n(eb - eh * 0.45)} ${n(cx + t * ew * 1.05)} ${n(eb - eh * 0.97)} ${n(cx)} ${n(eb - eh)}" fill="none"/>`;
      }
      const ropes = line(
        `M${n(frameBox.x + fw * 0.06)} ${n(frameBox.y)}L${n(cx - neck)} ${n(eb)}M${n(frameBox.x + fw * 0.94)} ${n(frameBox.y)}L${n(cx + neck)} ${n(eb)}`,
      );
      backBase += paintGroup(ropes + env, stroke);
      taken.push({ x: cx - ew * 0.7, y: eb - eh, w: ew * 1.4, h: eh + 4 });
    }
    if (frameName === 'rocket-capsule') {
      // The nose cone rises behind the child, its tip above the head: the child sits inside a rocket.
      const u = frameBox.w / s.width;
      const x0 = frameBox.x + 22 * u;
      const x1 = frameBox.x + 118 * u;
      const baseY = frameBox.y + 6 * u;
      const tipY = Math.max(area.y + 4, chinY - H - 30);
      backBase += paintGroup(rocketNose(x0, x1, baseY, tipY, level), stroke);
      // Only its middle is kept clear: a plane or a bird may fly past the curve of its sides.
      taken.push({ x: x0 + (x1 - x0) * 0.2, y: tipY, w: (x1 - x0) * 0.6, h: baseY - tipY });
    }
  } else {
    const sitting = !!POSES[pose].seated;
    let footY = groundY + (sitting ? 2 : 5);
    if (raisedOn) {
      // The podium's block just under the child, the stage wide across the page under it.
      const w = raisedOn === 'podium' ? 1.2 * H : Math.min(area.w - 4, 3.2 * H);
      const h = (w * FINDS[raisedOn].height) / FINDS[raisedOn].width;
      const x = Math.min(area.x + area.w - 2 - w, Math.max(area.x + 2, cx - w / 2));
      raised = placeFind(raisedOn, { x, y: footY + 1 - h, w, h }, stroke, level);
      footY = raised.box.y + RAISED_TOP[raisedOn] * raised.box.h;
    }
    const depth = sitting ? SITTING_DEPTH : pose === 'enthroned' ? THRONE_DEPTH : STANDING_DEPTH;
    chinY = footY - depth * H - (pose === 'swimming' || pose === 'snorkelling' ? 0.5 * H : 0);
    if (activity.seat && bg.terrain !== 'indoor') {
      // A picnic blanket on the ground under the sitting child (indoors the child sits on the room's floor, on its rug).
      const bw = 2.6 * H;
      const sz = artSize(activity.seat);
      const bh = (bw * sz.height) / sz.width;
      backBase += place(activity.seat, { x: cx - bw / 2, y: footY - bh * 0.75, w: bw, h: bh }, { anchor: 'center' });
    }
  }
  const figureAt = (x: number): Figure =>
    drawFigure({
      pose,
      outfit,
      level,
      headMm: H,
      chin: [x, chinY],
      mirror,
      stroke,
      headAspect,
      margin: CHILD_MARGIN_MM,
      inRing: frameName === 'swim-ring',
    });
  let figure = figureAt(cx);
  // A swimmer's trailing foot or stroking hand stays off the scene's frame, a margin inside it. Beside the dolphin it is
  // no wider than leaves the dolphin its 80 mm and more (level 1's big child, moved in, was wider).
  if (swimsFree) {
    const room = area.w - SWIMMER_INSET - SWIM_FRIEND_ROOM;
    for (let k = 0; k < 3 && swimsBeside && figure.box.w > room; k++) {
      H *= room / figure.box.w;
      figure = figureAt(cx);
    }
    const over =
      Math.max(0, area.x + SWIMMER_INSET - figure.box.x) - Math.max(0, figure.box.x + figure.box.w - (area.x + area.w - SWIMMER_INSET));
    if (over) figure = figureAt((cx += over));
  }
  // Nothing may stand over the child (what is in front of it is its frame or its mount).
  const headBox: Box = { x: figure.head.x - 2, y: figure.head.y - 2, w: figure.head.w + 4, h: figure.head.h + 4 };
  taken.push(headBox, figure.box);
  // Snorkelling: a diving mask over the eyes, the snorkel rising beside the head (away from the stroking hand) to above
  // the water's line; the scene keeps clear of the snorkel.
  let snorkel: ComposedScene['snorkel'];
  if (pose === 'snorkelling') {
    const worn = drawSnorkelMask({
      chin: figure.chin,
      H: figure.head.h,
      head: input.head?.landmarks ?? STAND_IN_HEAD,
      back: figure.handPts[1][0] > figure.chin[0] ? -1 : 1,
      top: area.y + 3,
      level,
    });
    frameSvg += paintGroup(worn.svg, stroke);
    snorkel = worn;
    taken.push({ x: worn.tube.x - 2, y: worn.tube.y, w: worn.tube.w + 4, h: worn.tube.h });
  }
  // Level 1: the sky closed between the body, the arm on a rim and the rim is inked solid.
  if (level === 1 && rimY !== undefined) overKnockout += rimGap(figure, rimY);
  if (pose === 'swinging') {
    const vines = drawVines(figure, area, groundY, level);
    backBase += paintGroup(vines.svg, stroke);
    taken.push(...vines.taken);
  }
  // Jumping with a pig or an elephant: into a puddle, splashing (Muddy Piglets, Elephant Splash); not on the Moon.
  const splash = pose === 'jumping' && c.location !== 'moon' ? drawSplash(figure, area, groundY + 5, H, level) : undefined;

  // What the child works at stands on the ground at its busy side, in front: the sandcastle at the spade's tip, the cake
  // by the knees. Friends stand beyond it.
  const atHandArt: ArtRef | FindName | undefined = castleAtHand
    ? level === 1
      ? 'sandcastle'
      : { clipart: 'sandcastle' }
    : cakeAtHand
      ? 'cake'
      : spread
        ? spread
        : fossilDig
          ? 'fossil-dig'
          : nestAtHand
            ? 'egg-nest'
            : chestAtHand
              ? pose === 'crouching'
                ? 'treasure-open'
                : OBJECT_ART['treasure-chest']!.art
              : vegAtHand
                ? 'veg-patch'
                : undefined;
  let atHand: { svg: string; what: string; box: Box } | undefined;
  // The nest, the sandcastle and the picnic's cake in the dinosaurs' valley lie at the friend's feet (drawn over them,
  // lower on the page): the friend keeps its big space beside the child, and shares the lunch.
  const atFriendsFeet = nestAtHand || castleAtHand || (picnicAtHand && c.location === 'prehistoric-valley');
  if (atHandArt) {
    const dir = mirror ? -1 : 1;
    const atTip = (castleAtHand || fossilDig) && figure.heldTip;
    // The cake bigger at level 1 (at 0.85 heads the plate's rim under it was just under a thumbprint).
    const cakeW = level === 1 ? 1 : 0.85;
    const w = (castleAtHand ? 1.05 : fossilDig ? 1.9 : nestAtHand ? 1 : chestAtHand ? 1.15 : vegAtHand ? 1.5 : spread ? 1.15 : cakeW) * H;
    // A find fits its width (it is wider than high) and stands on the box's bottom.
    const h = typeof atHandArt === 'string' ? w : (w * artSize(atHandArt).height) / artSize(atHandArt).width;
    // The dig reaches back under the spade's tip; a sandcastle starts at it. At level 1 the chest stands nearer, over the
    // crouching child's toe (beside it, its side cut off a sliver of the boot), the tea set further, the teapot clear of
    // the child's leg (the pot's lid, its spout and the leg closed a sliver), and the bigger cake further, its candles
    // clear of the hand (the clip art's white backing round the flames cut the mitten's line).
    const away = level === 1 && (spread === 'tea-set' || cakeAtHand) ? 0.55 : 0.42;
    const near = level === 1 && chestAtHand ? 0.36 : away;
    const nearX = atTip ? figure.heldTip![0] + dir * (fossilDig ? -0.16 * w : 0.02 * H) : figure.chin[0] + dir * near * H;
    const x = Math.min(area.x + area.w - 3 - w, Math.max(area.x + 3, dir > 0 ? nearX : nearX - w));
    const box = { x, y: figure.feetY + (castleAtHand ? 0.02 : fossilDig ? 0.04 : 0.06) * H - h, w, h };
    if (typeof atHandArt === 'string') {
      const found = placeFind(atHandArt, box, stroke, level, dir < 0);
      atHand = { svg: found.svg, what: atHandArt, box: found.box };
    } else
      atHand = {
        svg: place(atHandArt, box, { anchor: 'bottom' }),
        what: 'drawing' in atHandArt ? atHandArt.drawing : atHandArt.clipart,
        box,
      };
    if (!atFriendsFeet) taken.push(atHand.box);
  }
  const besideChild = atFriendsFeet ? undefined : atHand;
  // Breaking the finish line's tape: a post each side of the runner, the tape at the chest; friends stand beyond it.
  // The posts go in front (over the speed lines, clear of the child), the tape behind the child.
  let finish: { svg: string; box: Box; tape: string } | undefined;
  if (pose === 'running' && c.location === 'sports-field') {
    const w = 2 * H;
    const h = (w * FINDS['finish-posts'].height) / FINDS['finish-posts'].width;
    const box = { x: figure.chin[0] - w / 2, y: figure.feetY + 0.02 * H - h, w, h };
    finish = { ...placeFind('finish-posts', box, stroke, level), tape: placeFind('finish-tape', box, stroke, level).svg };
    taken.push(finish.box);
  }
  const around = [besideChild?.box, finish?.box, swimRingBox].filter((b): b is Box => !!b);

  // Slots: beside the child on the ground, in the sky, in the water, in front.
  const px0 = Math.max(area.x, Math.min(figure.box.x, ...around.map((b) => b.x)));
  const px1 = Math.min(area.x + area.w, Math.max(figure.box.x + figure.box.w, ...around.map((b) => b.x + b.w)));
  const hx0 = px0;
  const hx1 = px1;
  let bubbleBox: Box | undefined;
  // A speech bubble beside the head, away from the waving hand (taken first, so no friend hides behind it). Not for
  // the youngest: the letters' holes are too small to colour.
  if (activity.says && level >= 3 && (pose === 'waving' || aboard)) {
    const bw = 54;
    const hand = figure.handPts[mirror ? 0 : 1];
    const handRight = hand[0] > figure.chin[0];
    const roomRight = area.x + area.w - figure.head.x - figure.head.w >= bw + 4;
    const roomLeft = figure.head.x - area.x >= bw + 4;
    const over = tallFriend && figure.head.y - 44 >= area.y + 3;
    // Over the head, it leans away from the tall friend (who stands on the roomier side) so as not to cut its height.
    const right = over ? figure.chin[0] > area.x + area.w / 2 : handRight ? !roomLeft : roomRight;
    const bb = over
      ? {
          x: Math.min(area.x + area.w - bw - 3, Math.max(area.x + 3, right ? figure.chin[0] - 4 : figure.chin[0] - bw + 4)),
          y: figure.head.y - 42,
          w: bw,
          h: 38,
        }
      : {
          x: right ? Math.min(figure.head.x + figure.head.w - 2, area.x + area.w - bw - 3) : Math.max(area.x + 3, figure.head.x - bw + 2),
          y: Math.max(area.y + 3, figure.head.y - 30),
          w: bw,
          h: 38,
        };
    const bubble = placeArt({ drawing: 'speech-bubble' }, { box: bb, strokeMm: stroke, level, rnd, flip: !right });
    const word = outlineText(activity.says, {
      x: bb.x + bb.w / 2,
      y: bb.y + bb.h * 0.55,
      size: 13,
      align: 'middle',
      maxWidth: bb.w * 0.8,
      outline: Math.max(0.5, stroke * 0.6),
    });
    front += bubble + word;
    taken.push(bb);
    bubbleBox = bb;
  }

  let carrierBox: Box | undefined = swimRingBox;
  if (trainAt) {
    const train = drawTrainRide({
      chin: [cx, chinY],
      H,
      dir: trainAt.dir,
      railY: trainAt.railY,
      area,
      level,
      child: figure.box,
      keepClear: bubbleBox ? [bubbleBox] : [],
    });
    frameSvg += paintGroup(train.front, stroke);
    backBase += paintGroup(train.back, stroke);
    taken.push(...train.taken);
    carrierBox = train.carriage;
  }

  const leftW = Math.min(92, hx0 - area.x - 4);
  const rightW = Math.min(92, area.x + area.w - hx1 - 4);
  const sideH = (w: number): number => Math.min(96, Math.max(40, w * 1.2));
  // On a stage the friends beside the child stand on it too, nothing in front of its front.
  let floorY = groundY;
  if (raised && raisedOn === 'stage') {
    floorY = raised.box.y + RAISED_TOP.stage * raised.box.h;
    taken.push({ ...raised.box, y: raised.box.y + 0.3 * raised.box.h, h: 0.7 * raised.box.h });
  }
  const groundSlots: Slot[] = [];
  if (rightW >= 40)
    groundSlots.push({ box: { x: area.x + area.w - rightW - 2, y: floorY - sideH(rightW), w: rightW, h: sideH(rightW) }, side: 'right' });
  if (leftW >= 40) groundSlots.push({ box: { x: area.x + 2, y: floorY - sideH(leftW), w: leftW, h: sideH(leftW) }, side: 'left' });
  if (side < 0) groundSlots.reverse();
  // The roomier side first: that is where the first friend goes.
  groundSlots.sort((a, b) => b.box.w - a.box.w);
  const skyTop = area.y + 5;
  const skyH = Math.max(34, Math.min(60, headBox.y + headBox.h * 0.5 - skyTop));
  const skyW = (w: number): number => Math.max(36, Math.min(66, w));
  const skySlots: Slot[] = [
    { box: { x: area.x + 5, y: skyTop, w: skyW(hx0 - area.x - 8), h: skyH }, side: 'left' },
    {
      box: { x: area.x + area.w - 5 - skyW(area.x + area.w - hx1 - 8), y: skyTop, w: skyW(area.x + area.w - hx1 - 8), h: skyH },
      side: 'right',
    },
    { box: { x: area.x + area.w / 2 - 30, y: skyTop, w: 60, h: headBox.y - skyTop - 3 }, side: 'middle' },
    { box: { x: area.x + 5, y: skyTop + skyH + 4, w: skyW(hx0 - area.x - 8) * 0.8, h: 40 }, side: 'left' },
    {
      box: {
        x: area.x + area.w - 5 - skyW(area.x + area.w - hx1 - 8) * 0.8,
        y: skyTop + skyH + 4,
        w: skyW(area.x + area.w - hx1 - 8) * 0.8,
        h: 40,
      },
      side: 'right',
    },
  ];
  const midY = skyTop + skyH + 6;
  // Beside a swimming child, as tall as the room beside it allows (a dolphin is twice as long as it is high), the roomier
  // side first.
  const swimH = (w: number): number => Math.min(80, Math.max(56, w * 0.62));
  const swimY = (w: number): number => Math.max(midY, Math.min(groundY - 10 - swimH(w), figure.chin[1] + 0.3 * H - swimH(w) / 2));
  const rightWater = area.x + area.w - hx1 - 6;
  const leftWater = hx0 - area.x - 6;
  const beside2: Slot[] = [
    { box: { x: hx1 + 2, y: swimY(rightWater), w: rightWater, h: swimH(rightWater) }, side: 'right' },
    { box: { x: area.x + 4, y: swimY(leftWater), w: leftWater, h: swimH(leftWater) }, side: 'left' },
  ];
  const waterSlots: Slot[] = [...beside2.sort((a, b) => b.box.w - a.box.w), ...skySlots];
  const frontSlots: Slot[] = [
    { box: { x: area.x + 3, y: bottom(area) - 38, w: 40, h: 36 }, side: 'left' },
    { box: { x: area.x + area.w - 43, y: bottom(area) - 38, w: 40, h: 36 }, side: 'right' },
    { box: { x: Math.max(area.x + 3, px0 + 4), y: bottom(area) - 32, w: 34, h: 30 }, side: 'left' },
    { box: { x: Math.min(area.x + area.w - 37, px1 - 38), y: bottom(area) - 32, w: 34, h: 30 }, side: 'right' },
    { box: { x: hx0 - 6, y: bottom(area) - 30, w: 30, h: 28 }, side: 'left' },
    { box: { x: hx1 - 24, y: bottom(area) - 30, w: 30, h: 28 }, side: 'right' },
  ];
  // The ballroom's tiled floor under the dancer's feet, down to the frame (drawn below; the hall stands on its back edge).
  const ballroomW = Math.min(area.w - 4, 2.8 * H);
  const ballroomH = (ballroomW * FINDS['ballroom-floor'].height) / FINDS['ballroom-floor'].width;
  const ballroomFloor: Box | undefined = ballroom
    ? {
        x: Math.min(area.x + area.w - 2 - ballroomW, Math.max(area.x + 2, figure.chin[0] - ballroomW / 2)),
        y: Math.min(figure.feetY - 0.3 * H, bottom(area) - ballroomH),
        w: ballroomW,
        h: ballroomH,
      }
    : undefined;
  /** Indoors, where the room's back wall meets its floor: the home's wall's foot, the ballroom floor's back edge. */
  const roomFoot = bg.wallFoot ?? ballroomFloor?.y;
  // Far away on the horizon, behind the child: where a tree or a volcano goes when the sides are full. Indoors, far back
  // on the floor, a step in front of the wall's foot, never up on the wall: in the corners, else a step in from them.
  const farSlots: Slot[] =
    roomFoot === undefined
      ? [
          { box: { x: area.x + 4, y: 206 - 56, w: 46, h: 56 }, side: 'left' },
          { box: { x: area.x + area.w - 50, y: 206 - 56, w: 46, h: 56 }, side: 'right' },
        ]
      : [4, 50].flatMap((inset): Slot[] => {
          const y = roomFoot + FAR_FLOOR_STEP - 56;
          return [
            { box: { x: area.x + inset, y, w: 46, h: 56 }, side: 'left' },
            { box: { x: area.x + area.w - 46 - inset, y, w: 46, h: 56 }, side: 'right' },
          ];
        });
  const bandW = Math.min(120, area.w * 0.6);
  const bandSlots: Slot[] = [
    { box: { x: area.x + area.w - bandW - 2, y: bottom(area) - bandW * 0.5 - 2, w: bandW, h: bandW * 0.5 }, side: 'right' },
    { box: { x: area.x + 2, y: bottom(area) - bandW * 0.5 - 2, w: bandW, h: bandW * 0.5 }, side: 'left' },
  ];
  if (figure.chin[0] > area.x + area.w / 2) bandSlots.reverse();
  const slotsFor = (stance: LibraryEntry['stance']): Slot[] =>
    stance === 'vehicle'
      ? [...bandSlots, ...groundSlots]
      : stance === 'sky'
        ? [...skySlots, ...groundSlots]
        : stance === 'water'
          ? bg.terrain === 'water'
            ? waterSlots
            : [...groundSlots, ...skySlots]
          : stance === 'front'
            ? [...frontSlots, ...groundSlots]
            : stance === 'far'
              ? [...farSlots, ...groundSlots]
              : // Indoors, rather than left out, in a front corner of the floor.
                [...groundSlots, ...bandSlots, ...farSlots, ...(roomFoot === undefined ? [] : frontSlots)];

  // A tall friend stands a head taller than the child at levels 3-4, leaving the patterned sky and fields round it to colour.
  const tallest = level >= 3 ? (figure.feetY - figure.head.y) * 1.2 : Infinity;
  /** Finds a free slot and shrinks the box to the thing's size there; a tall thing (height / width `tall`, a giraffe) may
   * rise above a ground slot. */
  function claim(stance: LibraryEntry['stance'], scale: number, tall = 0): Slot | undefined {
    for (const slot of slotsFor(stance)) {
      if (slot.box.h < 20 || slot.box.w < 20) continue;
      const w = slot.box.w * Math.min(1, scale);
      const grounded = stance === 'ground' || stance === 'front' || stance === 'vehicle' || stance === 'far' || groundSlots.includes(slot);
      const slotH = grounded && tall > 1.3 ? Math.max(slot.box.h, Math.min(w * tall, bottom(slot.box) - area.y - 6, tallest)) : slot.box.h;
      // A grounded thing may lose some height (a bubble or the sky above it) rather than the whole slot.
      for (const cut of grounded ? [1, 0.82, 0.66, 0.5, 0.4] : [1]) {
        const h = slotH * Math.min(1, scale) * cut;
        const box = grounded
          ? { x: slot.box.x + (slot.box.w - w) / 2, y: bottom(slot.box) - h, w, h }
          : { x: slot.box.x + (slot.box.w - w) / 2, y: slot.box.y + (slot.box.h - h) / 2, w, h };
        if (taken.some((t) => overlaps(t, box))) continue;
        taken.push(box);
        return { box, side: slot.side };
      }
    }
    return undefined;
  }

  const items: { svg: string; y: number; layer: 'back' | 'front'; box: Box; what: string }[] = [];
  const nameOf = (ref: ArtRef): string => ('drawing' in ref ? ref.drawing : ref.clipart);
  // What the child holds counts as drawn.
  const counts = { companions: mountSvg ? 1 : 0, objects: c.objects.filter((id) => inHand.has(id) && id !== 'ball').length, props: 0 };
  const companionBoxes: Box[] = mountBox ? [mountBox] : [];

  function add(entry: LibraryEntry, kind: 'companions' | 'objects', copies: number): void {
    for (let i = 0; i < copies; i++) {
      const art = artSize(entry.art);
      // A single tall friend (a giraffe) may stand taller than its slot; among several, each keeps its slot.
      const slot = claim(entry.stance, entry.size * (i === 0 ? 1 : 0.7), beside === 1 ? art.height / art.width : 0);
      if (!slot) return;
      const flip = entry.facesRight === undefined ? false : entry.facesRight === slot.box.x + slot.box.w / 2 > figure.chin[0];
      const far = farSlots.some((f) => overlaps(f.box, slot.box, 0));
      const grounded = entry.stance !== 'sky' && entry.stance !== 'water';
      // Things on the ground beside the child stand in the front row; far and flying things behind.
      const inFront = grounded && !far;
      const placed = placeEntry(entry, { box: slot.box, strokeMm: stroke, level, rnd, flip, anchor: grounded ? 'bottom' : 'center' });
      items.push({ svg: placed.svg, y: bottom(slot.box), layer: inFront ? 'front' : 'back', box: placed.box, what: nameOf(entry.art) });
      counts[kind]++;
      if (kind === 'companions') companionBoxes.push(placed.box);
    }
  }

  const addProp = (prop: ArtRef): void => {
    const slot = claim('front', 1);
    if (!slot) return;
    items.push({ svg: place(prop, slot.box), y: bottom(slot.box), layer: 'front', box: slot.box, what: nameOf(prop) });
    counts.props++;
  };
  // Binoculars lie on the ground only on dry land: not on the sea bed, in space or on the Moon.
  const offLand = bg.terrain !== 'land';
  const props =
    balloonRide || picnicAtHand || pose === 'swinging' || (pose === 'jumping' && c.location !== 'moon')
      ? []
      : activity.props
          .filter((p) => !('clipart' in p && (inHand.has(p.clipart) || ((castleAtHand || fossilDig) && p.clipart === 'sandcastle'))))
          .filter((p) => !(offLand && 'clipart' in p && p.clipart === 'binoculars'))
          // At level 1 the drawn notes, not the clip-art note (its beams close a region under a thumbprint).
          .filter((p) => !(level === 1 && 'clipart' in p && p.clipart === 'music-note'))
          .slice(0, MAX_PROPS[level]);
  if (splash) items.push({ ...splash, y: bottom(splash.box), layer: 'back', what: 'puddle' });
  if (pose === 'snorkelling') {
    // Snorkelling: the coral reef on the sea bed under the child, wider than its reach, behind it.
    const w = Math.min(2.6 * H, area.w - 8);
    const reef = placeFind('coral-reef', { x: figure.chin[0] - w / 2, y: groundY + 6 - w, w, h: w }, stroke, level);
    items.push({ svg: reef.svg, y: bottom(reef.box), layer: 'back', box: reef.box, what: 'coral-reef' });
    taken.push(reef.box);
  }
  if (raised) {
    // The stage is drawn first, behind the friends standing in front of it.
    items.push({ ...raised, y: raisedOn === 'stage' ? area.y : bottom(raised.box), layer: 'back', what: raisedOn! });
    if (raisedOn === 'podium') taken.push(raised.box);
  }
  /** The ballroom's wall's foot, along the floor's back edge: the hall is drawn instead of the place outdoors. */
  let hallFoot: number | undefined;
  if (ballroomFloor) {
    const floor = placeFind('ballroom-floor', ballroomFloor, stroke, level);
    items.push({ ...floor, y: bottom(floor.box), layer: 'back', what: 'ballroom-floor' });
    hallFoot = floor.box.y;
    // The dance partner (the bunny standing up) a step away on the roomier side, facing the child, on the floor, about
    // two thirds of the child's height (narrower if the room beside the child is).
    const toRight = area.x + area.w - (figure.box.x + figure.box.w) >= figure.box.x - area.x;
    const room = toRight ? area.x + area.w - (figure.box.x + figure.box.w) - 6 : figure.box.x - area.x - 6;
    const ph = Math.min(0.66 * (figure.feetY - figure.head.y), (room * FINDS['dance-partner'].height) / FINDS['dance-partner'].width);
    const pw = (ph * FINDS['dance-partner'].width) / FINDS['dance-partner'].height;
    const px = toRight ? figure.box.x + figure.box.w + 3 : figure.box.x - 3 - pw;
    const partner = placeFind('dance-partner', { x: px, y: figure.feetY - ph, w: pw, h: ph }, stroke, level, toRight);
    items.push({ ...partner, y: bottom(partner.box), layer: 'front', what: 'dance-partner' });
    taken.push(partner.box);
    // The chandelier hanging from the top of the scene over the two dancers, as big as it fits clear of the child's head
    // and crown and of the partner: over the middle between them, else over the partner (shorter than the child).
    const crowned: Box = { x: figure.head.x, y: figure.head.y - 0.3 * figure.head.w, w: figure.head.w, h: figure.head.h };
    const chandelierBox = (w: number, at: number): Box => {
      const cw = Math.min(area.w - 8, w);
      return {
        x: Math.min(area.x + area.w - 4 - cw, Math.max(area.x + 4, at - cw / 2)),
        y: area.y - 1,
        w: cw,
        h: (cw * FINDS.chandelier.height) / FINDS.chandelier.width,
      };
    };
    const centres = [(figure.chin[0] + partner.box.x + partner.box.w / 2) / 2, partner.box.x + partner.box.w / 2];
    const widths = Array.from({ length: level === 1 ? 11 : 7 }, (_, k) => (level === 1 ? 80 : 64) - 4 * k);
    const hang =
      widths
        .flatMap((w) => centres.map((at) => chandelierBox(w, at)))
        .find((b) => !overlaps(b, crowned, 2) && !overlaps(b, partner.box, 2)) ?? chandelierBox(40, centres[0]!);
    const chandelier = placeFind('chandelier', hang, stroke, level);
    items.push({ ...chandelier, y: area.y, layer: 'back', what: 'chandelier' });
    taken.push(chandelier.box);
  }
  if (finish) {
    // At level 1 the tape goes over the runner's speed lines (under them, they cut slivers off it), still behind the child.
    if (level === 1) overSpeedLines = finish.tape;
    items.push({ svg: level === 1 ? '' : finish.tape, y: bottom(finish.box), layer: 'back', box: finish.box, what: 'finish-tape' });
    items.push({ svg: finish.svg, y: bottom(finish.box), layer: 'front', box: finish.box, what: 'finish-posts' });
  }
  if (pose === 'enthroned') {
    // On the throne: behind the child, its back over the head, its feet on the ground under the child's.
    const t = placeFind('throne', { x: figure.chin[0] - H, y: figure.chin[1] - 1.9 * H, w: 2 * H, h: 3.3 * H }, stroke, level);
    items.push({ svg: t.svg, y: bottom(t.box), layer: 'back', box: t.box, what: 'throne' });
    taken.push(t.box);
  }
  if (pointedAt) {
    // Beyond the pointing hand, far off behind the friend standing on that side, its foot behind the child's waist.
    const hand = figure.handPts[1 - figure.holding[0]!]!;
    const dir = hand[0] > figure.chin[0] ? 1 : -1;
    const w = Math.max(1.2 * H, 64);
    const h = (w * artSize(OBJECT_ART.volcano!.art).height) / artSize(OBJECT_ART.volcano!.art).width;
    const x = dir > 0 ? Math.min(area.x + area.w - 4 - w, hand[0] + 2) : Math.max(area.x + 4, hand[0] - 2 - w);
    const box = { x, y: figure.chin[1] + 0.4 * H - h, w, h };
    items.push({ svg: place(OBJECT_ART.volcano!.art, box, { anchor: 'bottom' }), y: bottom(box), layer: 'back', box, what: 'volcano' });
  }
  if (atHand) {
    // The dig lies behind the child, the spade's blade in front of its rim.
    items.push({ svg: atHand.svg, y: bottom(atHand.box), layer: fossilDig ? 'back' : 'front', box: atHand.box, what: atHand.what });
    if (castleAtHand || fossilDig) counts.props++;
  }
  // The football at the kicking foot.
  if (pose === 'kicking') {
    const foot = figure.feetPts[mirror ? 0 : 1]!;
    const r = figure.head.h * 0.2;
    const bx = foot[0] + (mirror ? -1 : 1) * r * 1.3;
    const ballBox = { x: bx - r, y: foot[1] - r * 0.6, w: 2 * r, h: 2 * r };
    items.push({
      svg: place(OBJECT_ART.ball!.art, ballBox, { anchor: 'center' }),
      y: bottom(ballBox),
      layer: 'front',
      box: ballBox,
      what: 'ball',
    });
    taken.push(ballBox);
    counts.objects++;
  }
  // The first friend first, so the activity's little props never take the space beside the child from it;
  // then the activity's main prop, then the rest.
  const lead = entries[0]?.kind === 'companions' ? 1 : 0;
  for (const { entry, kind } of entries.slice(0, lead)) add(entry, kind, 1 + (entry.repeat ? EXTRA_COPIES[level] : 0));
  // The rest keeps clear of what lies at the friend's feet.
  if (atHand && atFriendsFeet) taken.push(atHand.box);
  if (props[0]) addProp(props[0]);
  for (const { entry, kind } of entries.slice(lead)) add(entry, kind, 1 + (entry.repeat ? EXTRA_COPIES[level] : 0));
  for (const prop of props.slice(1)) addProp(prop);

  // The crown sits on the child's head.
  if (hasCrown) {
    // At level 1 at least 24 mm wide: on a narrow head (Grace Hopper's) its inside was under a thumbprint.
    const w = Math.max(figure.head.w * 0.62, level === 1 ? 24 : 0);
    // At level 1 it sits on top of the hair, its band along the hair's outline (sunk into the hair, its band cut the
    // hair's lines into pieces under a thumbprint).
    const cb = { x: figure.chin[0] - w / 2, y: figure.head.y - w * (level === 1 ? 0.56 : 0.42), w, h: w * 0.7 };
    front += place(OBJECT_ART.crown!.art, cb);
    counts.objects++;
  }

  // The ridden animal is shown too (the valley's landmark goes with its dinosaur).
  const shown = [...items.map((i) => i.what), ...(mountId ? [nameOf(companionEntry(mountId, c.activity, pose).art)] : [])];
  const drawn = items.map((i) => i.box);
  const ring: Ring = { near: figure.box, svg: [] };
  const ctx: BackgroundContext = {
    area,
    level,
    rnd,
    strokeMm: stroke,
    taken,
    child: figure.box,
    shown,
    drawn,
    ring,
    activity: c.activity,
    pose,
  };
  let back = (hallFoot === undefined ? bg.draw(ctx) : drawHall(ctx, hallFoot)) + backBase;
  if (ringBack) ring.svg.push(ringBack);
  items.sort((a, b) => a.y - b.y);
  back += paintGroup(
    items
      .filter((i) => i.layer === 'back')
      .map((i) => i.svg)
      .join(''),
    stroke,
  );
  front =
    paintGroup(
      items
        .filter((i) => i.layer === 'front')
        .map((i) => i.svg)
        .join(''),
      stroke,
    ) + front;

  // In the ring, what stands in the back hides the lines behind it (the level-1 tape too, under the knockout); what the
  // child stands or sits on and the tape it breaks are lines of their own there (so the podium's top meets the feet; at
  // level 1 a piece of the tape came out under a thumbprint), and so is the ridden animal (hidden, its body ran from the
  // sky to the ground through the ring), but its mane at level 1 (between the rider's arm and the animal's head its lines
  // closed a piece under a thumbprint; there it joins the sky).
  for (const i of items.filter((i) => i.layer === 'back' && i.svg))
    if (linesInRing(i.what, level)) ring.svg.push(i.svg);
    else cover(ring, i.box, i.svg);
  if (mountRing) ring.svg.push(mountRing);
  if (finish && level === 1) cover(ring, finish.box, finish.tape);
  // No line in the pockets between the legs, and between each arm and the body down to just below the hand (a thumbprint
  // at level 1), and at level 1 between what a hand holds, the hand and the body about the hand's height: across them it
  // cut slivers off the paper there (a pocket keeps the colour of what is below it). What is held is a pocket of its own:
  // in the arm's, a held box reaching out beyond a bent forearm took the ring outside it (the pointing child's hill line).
  const limbs = figure.capsules.map((c) => c.pts);
  const legs = limbs.slice(0, -2);
  const held = figure.heldBox;
  const prop: Pt[] = held
    ? [
        [held.x, held.y],
        [held.x + held.w, held.y],
        [held.x, held.y + held.h],
        [held.x + held.w, held.y + held.h],
      ]
    : [];
  const below = level === 1 ? Math.sqrt(THUMBPRINT_MM2) : 3;
  const pockets = limbs.slice(-2).flatMap((arm, i) => {
    const hand = arm[arm.length - 1]!;
    const holds = level === 1 && figure.holding.includes(i);
    return [
      [...arm, ...figure.torso.filter((p) => p[1] <= hand[1] + below)],
      ...(holds ? [[hand, ...prop, ...figure.torso.filter((p) => Math.abs(p[1] - hand[1]) <= below)]] : []),
    ];
  });
  if (legs.length > 1) pockets.unshift(legs.flat());
  for (const pocket of pockets) ring.svg.push(`<path d="${hull(pocket)}" stroke="none"/>`);
  // What is inked over the knockout is inked over the ring's white too.
  ring.svg.push(overKnockout);
  const placed = items.map((i) => ({ box: i.box, layer: i.layer, what: i.what }));
  // The kite's string, from the reel in the child's hand up to the kite; at level 1 behind the child (across the head it
  // cut the hair into pieces under a thumbprint).
  const kite = placed.find((p) => p.what === 'kite');
  if (pose === 'kite-flying' && kite && figure.heldTip) {
    const [hx, hy] = figure.heldTip;
    const kx = kite.box.x + kite.box.w / 2;
    const ky = kite.box.y + kite.box.h * 0.64;
    const string = paintGroup(line(`M${n(hx)} ${n(hy)}Q${n((hx + kx) / 2 + 12)} ${n((hy + ky) / 2 + 10)} ${n(kx)} ${n(ky)}`), stroke);
    if (level === 1) back += string;
    else front = string + front;
  }
  return {
    back,
    middle: mountSvg ? figure.behind + paintGroup(mountSvg, stroke) : '',
    figure,
    knockout: figure.speedLines + overSpeedLines + figure.knockout + overKnockout,
    ring: ring.svg.length ? paintGroup(ring.svg.join(''), stroke) : '',
    horizon: ring.horizon && paintGroup(ring.horizon, stroke),
    frame: frameSvg,
    front,
    carrier: mountId ?? (aboard ? 'train' : frameName),
    carrierBox,
    counts,
    companionBoxes,
    placed,
    snorkel,
  };
}
