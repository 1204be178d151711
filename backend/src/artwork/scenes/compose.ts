// Composes a scene: the location's background, the child's spot (with the activity's frame and props),
// companions and objects placed in slots that do not overlap, all seeded from the composition so the
// same scene always draws the same way.
import { BACKGROUNDS, type BackgroundContext } from './backgrounds.js';
import type { SceneComposition } from './catalogue.js';
import { ACTIVITY_ART, COMPANION_ART, OBJECT_ART, artSize, placeArt, placeEntry, type ArtRef, type LibraryEntry } from './library.js';
import { seededRandom } from './random.js';
import { paintGroup, type Box, type Level } from './svg.js';
import { outlineText } from '../page/lettering.js';

/** The scene's frame on an A4 page (mm). */
export const SCENE_AREA: Box = { x: 8, y: 50, w: 194, h: 228 };

/** Line width of the scene's drawings per level: bold for the youngest, finer as detail grows. */
export const SCENE_STROKE: Readonly<Record<Level, number>> = { 1: 1.6, 2: 1.2, 3: 0.9, 4: 0.7 };
const PORTRAIT_WIDTH: Readonly<Record<Level, number>> = { 1: 104, 2: 98, 3: 92, 4: 88 };
const MAX_COMPANIONS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 3 };
const MAX_OBJECTS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 4 };
const MAX_PROPS: Readonly<Record<Level, number>> = { 1: 0, 2: 1, 3: 2, 4: 2 };
const EXTRA_COPIES: Readonly<Record<Level, number>> = { 1: 0, 2: 0, 3: 1, 4: 2 };

export const FALLBACK_LOCATION = 'garden';
export const FALLBACK_ACTIVITY = 'waving';

export interface HeadAnchor {
  /** Centre of the top of the head, as fractions of the portrait box. */
  cx: number;
  top: number;
  /** Head width as a fraction of the portrait box width. */
  width: number;
}

export interface SceneInput {
  composition: SceneComposition;
  level: Level;
  /** The child's portrait (width / height) and head; absent for thumbnails. */
  portrait?: { aspect: number; head?: HeadAnchor };
  /** Seeds the layout; defaults to the composition itself. */
  seed?: string;
}

export interface ComposedScene {
  /** Everything behind the child (the page masks it away behind the silhouette). */
  back: string;
  /** Drawn over the child: the activity's frame, a ridden animal, a crown, a speech bubble. */
  front: string;
  /** Where the child's portrait goes. */
  portraitBox: Box;
  /** Counts of drawn things, for tests and the bench. */
  counts: { companions: number; objects: number; props: number };
}

const bottom = (b: Box): number => b.y + b.h;
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
  let back = '';
  let front = '';
  const groundY = bg.groundY;
  const cx = area.x + area.w / 2;

  // The child, and what holds them up.
  const aspect = input.portrait?.aspect ?? 1;
  let pw = PORTRAIT_WIDTH[level];
  let companions = c.companions.slice(0, MAX_COMPANIONS[level]);
  let mountSvg = '';
  let portraitBox: Box;

  if (c.activity === 'riding') {
    const mountId = companions.find((id) => COMPANION_ART[id]!.mount) ?? (c.location === 'ocean-floor' ? 'dolphin' : 'horse');
    companions = companions.filter((id) => id !== mountId);
    const mount = COMPANION_ART[mountId]!;
    const mb = { x: cx - 78, y: groundY - 118, w: 156, h: 118 };
    const placed = placeEntry(mount, { box: mb, strokeMm: stroke, level, rnd, flip: false, anchor: 'bottom' });
    mountSvg = placed.svg;
    pw *= 0.72;
    const ph = Math.min(pw / aspect, 100);
    pw = ph * aspect;
    const backY = placed.box.y + placed.box.h * 0.3;
    portraitBox = { x: placed.box.x + placed.box.w / 2 - pw / 2, y: Math.max(area.y + 2, backY - ph), w: pw, h: ph };
    taken.push(placed.box);
  } else {
    let ph = pw / aspect;
    if (ph > 132) {
      ph = 132;
      pw = ph * aspect;
    }
    // Frame under the child: the activity's own, else the location's ground in front.
    const frame = activity.frame;
    let frameBox: Box | undefined;
    let covered = 0.8; // fraction of the portrait height where the frame begins
    if (frame) {
      const s = artSize(frame);
      const widthFactor: Record<string, number> = { 'rocket-capsule': 0.95, 'car-frame': 1.75, 'swim-ring': 1.25, book: 0.8, blanket: 1.6, 'sand-mound': 1.5 };
      const name = 'drawing' in frame ? frame.drawing : frame.clipart;
      const fw = pw * (widthFactor[name] ?? 1.2);
      const fh = (fw * s.height) / s.width;
      covered = { 'rocket-capsule': 0.8, 'car-frame': 0.74, 'swim-ring': 0.72, book: 0.72, blanket: 0.84, 'sand-mound': 0.82 }[name] ?? 0.8;
      const topOffset = name === 'car-frame' ? covered * ph - (34 / 90) * fh : covered * ph;
      const fx = name === 'car-frame' ? cx - fw * 0.42 : cx - fw / 2;
      frameBox = { x: fx, y: topOffset, w: fw, h: fh };
    }
    // Put the group on the ground: its lowest edge sits just above the bottom of the area.
    const groundEdge = frameBox ? Math.max(ph, bottom(frameBox)) : ph + 6;
    const lift = c.activity === 'flying' ? 4 : 0;
    const top = Math.min(groundY + 8 - groundEdge - lift, bottom(area) - 2 - groundEdge);
    portraitBox = { x: cx - pw / 2, y: Math.max(area.y + 2, top), w: pw, h: ph };
    const dy = portraitBox.y;
    if (frame && frameBox) {
      const fb = { ...frameBox, y: frameBox.y + dy };
      const ctx: BackgroundContext = { area, level, rnd, strokeMm: stroke, taken: [] };
      if (bg.terrain !== 'space' && bg.terrain !== 'sky' && ('drawing' in frame && (frame.drawing === 'book' || frame.drawing === 'swim-ring'))) {
        front += bg.front({ x: cx - pw * 0.7, y: dy + ph * 0.86, w: pw * 1.4, h: pw * 0.26 }, ctx);
      }
      front += place(frame, fb, { anchor: 'center' });
      taken.push(fb);
    } else {
      const ctx: BackgroundContext = { area, level, rnd, strokeMm: stroke, taken: [] };
      const fb = bg.terrain === 'sky' || bg.terrain === 'space'
        ? { x: cx - pw * 0.7, y: dy + ph * 0.74, w: pw * 1.4, h: pw * 0.42 }
        : { x: cx - pw * 0.68, y: dy + ph * 0.84, w: pw * 1.36, h: pw * 0.24 };
      front += paintGroup(bg.front(fb, ctx), stroke);
      taken.push(fb);
    }
  }
  taken.push(portraitBox);

  // Slots either side of the child, high and low.
  const leftW = Math.max(40, portraitBox.x - area.x - 2);
  const rightX = portraitBox.x + portraitBox.w + 2;
  const rightW = Math.max(40, area.x + area.w - rightX);
  const groundSlots: Slot[] = [
    { box: { x: rightX - 6, y: groundY - 96, w: rightW + 4, h: 96 }, side: 'right' },
    { box: { x: area.x + 2, y: groundY - 96, w: leftW + 4, h: 96 }, side: 'left' },
  ];
  const skySlots: Slot[] = [
    { box: { x: area.x + 6, y: area.y + 6, w: 52, h: 46 }, side: 'left' },
    { box: { x: area.x + area.w - 58, y: area.y + 6, w: 52, h: 46 }, side: 'right' },
    { box: { x: cx - 26, y: area.y + 4, w: 52, h: Math.min(40, portraitBox.y - area.y - 8) }, side: 'middle' },
    { box: { x: area.x + 6, y: area.y + 58, w: 46, h: 40 }, side: 'left' },
    { box: { x: area.x + area.w - 52, y: area.y + 58, w: 46, h: 40 }, side: 'right' },
  ];
  const waterSlots: Slot[] = [
    { box: { x: area.x + area.w - 62, y: 130, w: 56, h: 48 }, side: 'right' },
    { box: { x: area.x + 6, y: 130, w: 56, h: 48 }, side: 'left' },
    { box: { x: area.x + 6, y: 76, w: 46, h: 40 }, side: 'left' },
    { box: { x: area.x + area.w - 52, y: 76, w: 46, h: 40 }, side: 'right' },
  ];
  const frontSlots: Slot[] = [
    { box: { x: area.x + 4, y: bottom(area) - 40, w: 40, h: 36 }, side: 'left' },
    { box: { x: area.x + area.w - 44, y: bottom(area) - 40, w: 40, h: 36 }, side: 'right' },
    { box: { x: portraitBox.x - 20, y: bottom(area) - 34, w: 32, h: 30 }, side: 'left' },
    { box: { x: portraitBox.x + portraitBox.w - 12, y: bottom(area) - 34, w: 32, h: 30 }, side: 'right' },
  ];
  const slotsFor = (stance: LibraryEntry['stance']): Slot[] =>
    stance === 'sky' ? skySlots : stance === 'water' ? [...waterSlots, ...skySlots] : stance === 'front' ? [...frontSlots, ...groundSlots] : groundSlots;

  /** Finds a free slot and shrinks the box to the thing's size there. */
  function claim(stance: LibraryEntry['stance'], scale: number): Slot | undefined {
    for (const slot of slotsFor(stance)) {
      if (slot.box.h < 16) continue;
      const w = Math.min(slot.box.w, slot.box.w * scale);
      const h = Math.min(slot.box.h, slot.box.h * scale);
      const box =
        stance === 'ground' || stance === 'front'
          ? { x: slot.box.x + (slot.box.w - w) / 2, y: bottom(slot.box) - h, w, h }
          : { x: slot.box.x + (slot.box.w - w) / 2, y: slot.box.y + (slot.box.h - h) / 2, w, h };
      if (taken.some((t) => overlaps(t, box))) continue;
      taken.push(box);
      return { box, side: slot.side };
    }
    return undefined;
  }

  const levelScale = { 1: 1.05, 2: 1, 3: 0.95, 4: 0.92 }[level];
  const items: { svg: string; y: number; layer: 'back' | 'front' }[] = [];
  const counts = { companions: mountSvg ? 1 : 0, objects: 0, props: 0 };

  function add(entry: LibraryEntry, kind: 'companions' | 'objects', copies: number): void {
    for (let i = 0; i < copies; i++) {
      const slot = claim(entry.stance, Math.min(1.15, entry.size * levelScale * (i === 0 ? 1 : 0.75)));
      if (!slot) return;
      const flip = entry.facesRight === undefined ? false : entry.facesRight === (slot.side === 'right');
      const placed = placeEntry(entry, { box: slot.box, strokeMm: stroke, level, rnd, flip, anchor: entry.stance === 'ground' || entry.stance === 'front' ? 'bottom' : 'center' });
      items.push({ svg: placed.svg, y: bottom(slot.box), layer: entry.stance === 'front' ? 'front' : 'back' });
      counts[kind]++;
    }
  }

  const hasCrown = c.objects.includes('crown') && input.portrait?.head;
  for (const id of companions) add(COMPANION_ART[id]!, 'companions', 1 + (COMPANION_ART[id]!.repeat ? EXTRA_COPIES[level] : 0));
  for (const id of c.objects.slice(0, MAX_OBJECTS[level])) {
    if (id === 'crown' && hasCrown) continue;
    add(OBJECT_ART[id]!, 'objects', 1 + (OBJECT_ART[id]!.repeat ? EXTRA_COPIES[level] : 0));
  }
  for (const prop of activity.props.slice(0, MAX_PROPS[level])) {
    const slot = claim('front', 1);
    if (!slot) continue;
    items.push({ svg: place(prop, slot.box), y: bottom(slot.box), layer: 'front' });
    counts.props++;
  }

  // The crown sits on the child's head.
  if (hasCrown && input.portrait?.head) {
    const h = input.portrait.head;
    const w = portraitBox.w * h.width * 0.62;
    const cb = { x: portraitBox.x + portraitBox.w * h.cx - w / 2, y: portraitBox.y + portraitBox.h * h.top - w * 0.55, w, h: w * 0.7 };
    front += place(OBJECT_ART.crown!.art, cb);
    counts.objects++;
  }

  // A speech bubble beside the head.
  if (activity.says) {
    const right = rnd.chance(0.5);
    const bw = 56;
    const bb = {
      x: right ? Math.min(portraitBox.x + portraitBox.w - 8, area.x + area.w - bw - 4) : Math.max(area.x + 4, portraitBox.x - bw + 8),
      y: Math.max(area.y + 4, portraitBox.y - 26),
      w: bw,
      h: 40,
    };
    const bubble = placeArt({ drawing: 'speech-bubble' }, { box: bb, strokeMm: stroke, level, rnd, flip: !right });
    const word = outlineText(activity.says, { x: bb.x + bb.w / 2, y: bb.y + bb.h * 0.58, size: 12, align: 'middle', maxWidth: bb.w * 0.78, outline: Math.max(0.5, stroke * 0.6) });
    front += paintGroup(bubble, stroke) + word;
    taken.push(bb);
  }

  const ctx: BackgroundContext = { area, level, rnd, strokeMm: stroke, taken };
  back += bg.draw(ctx);
  items.sort((a, b) => a.y - b.y);
  back += paintGroup(items.filter((i) => i.layer === 'back').map((i) => i.svg).join(''), stroke);
  front = paintGroup(items.filter((i) => i.layer === 'front').map((i) => i.svg).join(''), stroke) + (mountSvg ? paintGroup(mountSvg, stroke) : '') + front;

  return { back, front, portraitBox, counts };
}

