// Composes a scene: the location's background, the child's spot (with the activity's frame and props),
// companions and objects placed in slots that do not overlap, all seeded from the composition so the
// same scene always draws the same way.
import { BACKGROUNDS, type BackgroundContext } from './backgrounds.js';
import type { SceneComposition } from './catalogue.js';
import { ACTIVITY_ART, COMPANION_ART, OBJECT_ART, artSize, placeArt, placeEntry, type ArtRef, type LibraryEntry } from './library.js';
import { seededRandom } from './random.js';
import { n, paintGroup, type Box, type Level } from './svg.js';
import { rocketNose } from './drawings.js';
import { outlineText } from '../page/lettering.js';

/** The scene's frame on an A4 page (mm). */
export const SCENE_AREA: Box = { x: 8, y: 50, w: 194, h: 228 };

/** Line width of the scene's drawings per level: bold for the youngest, finer as detail grows. */
export const SCENE_STROKE: Readonly<Record<Level, number>> = { 1: 1.6, 2: 1.2, 3: 0.9, 4: 0.7 };
/** Width of the child's head on the page, mm: biggest for the youngest. */
const HEAD_WIDTH: Readonly<Record<Level, number>> = { 1: 64, 2: 60, 3: 56, 4: 52 };
const MAX_COMPANIONS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 3 };
const MAX_OBJECTS: Readonly<Record<Level, number>> = { 1: 1, 2: 2, 3: 3, 4: 4 };
const MAX_PROPS: Readonly<Record<Level, number>> = { 1: 1, 2: 1, 3: 2, 4: 2 };
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
  /** Where each companion really landed (the fitted drawing, mm), for tests. */
  companionBoxes: Box[];
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
  let frontBase = '';
  let backBase = '';
  let front = '';
  const groundY = bg.groundY;
  const aspect = input.portrait?.aspect ?? 1;

  // What is shown at this level, and how much of it stands beside the child.
  let companions = c.companions.slice(0, MAX_COMPANIONS[level]);
  const riding = c.activity === 'riding';
  const mountId = riding
    ? (companions.find((id) => COMPANION_ART[id]!.mount) ?? (c.location === 'ocean-floor' ? 'dolphin' : 'horse'))
    : undefined;
  if (mountId) companions = companions.filter((id) => id !== mountId);
  // Driving a tractor: the child sits in the tractor itself (the clip art brings its own farmer).
  const onTractor = c.activity === 'driving' && c.objects.includes('tractor');
  const hasCrown = !!(c.objects.includes('crown') && input.portrait?.head);
  // The child already sits in the rocket when flying: no second rocket beside them.
  const objects = c.objects
    .filter((id) => !(id === 'crown' && hasCrown) && !(id === 'rocket' && c.activity === 'flying') && !(id === 'tractor' && onTractor))
    .slice(0, MAX_OBJECTS[level]);
  // Interleaved, so the first companion and the first object (what the scene is about) come first.
  const entries: { entry: LibraryEntry; kind: 'companions' | 'objects' }[] = [];
  for (let i = 0; i < Math.max(companions.length, objects.length); i++) {
    if (companions[i]) entries.push({ entry: COMPANION_ART[companions[i]!]!, kind: 'companions' });
    if (objects[i]) entries.push({ entry: OBJECT_ART[objects[i]!]!, kind: 'objects' });
  }
  const besideCount = Math.min(
    2,
    entries.filter((e) => e.entry.stance === 'ground' || (e.entry.stance === 'water' && bg.terrain !== 'water')).length,
  );

  // The child, and what holds them up. The portrait is sized by the head, so a face is always big;
  // a wide bust simply runs off the bottom of the scene (or behind the activity's frame).
  const head = input.portrait?.head ?? { cx: 0.5, top: 0.05, width: 0.45 };
  const frame: ArtRef | undefined = riding ? undefined : onTractor ? { drawing: 'tractor-frame' } : activity.frame;
  const headMm = HEAD_WIDTH[level] * (frame || riding ? 0.8 : 1) * (besideCount >= 2 ? 0.92 : 1);
  let pw = Math.min(frame || riding ? 118 : 150, headMm / Math.max(0.2, head.width));
  const side = rnd.chance(0.5) ? -1 : 1;
  // One friend beside the child: the child steps aside to leave the friend a big space.
  // On a tractor the child sits on the back seat, the bonnet running ahead across the page.
  const cx = onTractor
    ? area.x + 3 + Math.min(area.w - 6, pw * 1.3) * 0.26
    : area.x + area.w / 2 + (besideCount === 1 && !riding ? side * 26 : 0);
  let mountSvg = '';
  let mountBox: Box | undefined;
  let portraitBox: Box;

  if (mountId) {
    const mount = COMPANION_ART[mountId]!;
    const mb = { x: cx - 82, y: groundY - 124, w: 164, h: 124 };
    const placed = placeEntry(mount, { box: mb, strokeMm: stroke, level, rnd, flip: false, anchor: 'bottom' });
    mountSvg = placed.svg;
    mountBox = placed.box;
    pw = Math.min(pw, 96);
    const ph = Math.min(pw / aspect, 100);
    pw = ph * aspect;
    const backY = placed.box.y + placed.box.h * (mount.back ?? 0.32);
    portraitBox = { x: placed.box.x + placed.box.w / 2 - pw / 2, y: Math.max(area.y + 2, backY - ph), w: pw, h: ph };
    taken.push(placed.box);
    // A saddle cloth over where the photo ends, draped on the animal's back: the child sits, not floats.
    const sy = bottom(portraitBox);
    const sw = pw * 0.98;
    const sx = portraitBox.x + (pw - sw) / 2;
    let saddle = `<path d="M${n(sx)} ${n(sy - 12)}C${n(sx + sw * 0.3)} ${n(sy - 16)} ${n(sx + sw * 0.7)} ${n(sy - 16)} ${n(sx + sw)} ${n(sy - 12)}L${n(sx + sw - 4)} ${n(sy + 16)}C${n(sx + sw * 0.65)} ${n(sy + 22)} ${n(sx + sw * 0.35)} ${n(sy + 22)} ${n(sx + 4)} ${n(sy + 16)}Z"/>`;
    if (level >= 2)
      saddle += `<path d="M${n(sx + 3)} ${n(sy + 6)}C${n(sx + sw * 0.35)} ${n(sy + 12)} ${n(sx + sw * 0.65)} ${n(sy + 12)} ${n(sx + sw - 3)} ${n(sy + 6)}" fill="none"/>`;
    if (level >= 3)
      saddle += `<path d="M${n(sx + sw * 0.2)} ${n(sy + 16)}L${n(sx + sw * 0.2)} ${n(sy + 34)}M${n(sx + sw * 0.8)} ${n(sy + 16)}L${n(sx + sw * 0.8)} ${n(sy + 34)}" fill="none"/>`;
    frontBase += paintGroup(saddle, stroke);
  } else {
    const ph = pw / aspect;
    let frameBox: Box | undefined;
    const name = frame ? ('drawing' in frame ? frame.drawing : frame.clipart) : '';
    if (frame) {
      const s = artSize(frame);
      const widthFactor: Record<string, number> = {
        'rocket-capsule': 1.2,
        'car-frame': 1.6,
        'tractor-frame': 1.3,
        'swim-ring': 1.15,
        book: 0.75,
        blanket: 1.5,
        'sand-mound': 1.3,
      };
      const covered =
        (
          {
            'rocket-capsule': 0.72,
            'car-frame': 0.7,
            'tractor-frame': 0.7,
            'swim-ring': 0.66,
            book: 0.66,
            blanket: 0.8,
            'sand-mound': 0.78,
          } as Record<string, number>
        )[name] ?? 0.75;
      const fw = Math.min(area.w + 10, pw * (widthFactor[name] ?? 1.2));
      const fh = (fw * s.height) / s.width;
      const topOffset =
        name === 'car-frame' ? covered * ph - (34 / 90) * fh : name === 'tractor-frame' ? covered * ph - (20 / 110) * fh : covered * ph;
      const fx = name === 'car-frame' ? cx - fw * 0.42 : name === 'tractor-frame' ? cx - fw * 0.25 : cx - fw / 2;
      frameBox = { x: fx, y: topOffset, w: fw, h: fh };
    }
    // Stand the group on the bottom of the scene; the bust may run off it.
    const groundEdge = frameBox ? Math.max(ph * 0.9, bottom(frameBox)) : ph * 0.94;
    let top = bottom(area) + (frameBox ? -1 : 2) - groundEdge;
    // Keep the face inside the scene with room for the sky above it.
    const headTop = (y: number): number => y + head.top * ph;
    if (headTop(top) < area.y + 34) top = area.y + 34 - head.top * ph;
    // Without a frame to stand in, the head (not the photo's box) goes where the layout wants the child.
    portraitBox = { x: frame ? cx - pw / 2 : cx - head.cx * pw, y: top, w: pw, h: ph };
    const dy = portraitBox.y;
    if (frame && frameBox) {
      if (name === 'book' || name === 'swim-ring') {
        const ctx: BackgroundContext = { area, level, rnd, strokeMm: stroke, taken: [] };
        frontBase += paintGroup(
          bg.front({ x: cx - pw * 0.6, y: dy + ph * 0.82, w: pw * 1.2, h: Math.max(8, bottom(area) - dy - ph * 0.82) }, ctx),
          stroke,
        );
      }
      frontBase += place(frame, { ...frameBox, y: frameBox.y + dy }, { anchor: 'center' });
      // A car or a rocket is the child's seat: nobody stands in front of it.
      if (name === 'car-frame' || name === 'tractor-frame' || name === 'rocket-capsule') {
        const cut = name === 'rocket-capsule' ? 0.15 : 0.45;
        taken.push({ ...frameBox, y: frameBox.y + dy + frameBox.h * cut, h: frameBox.h * (1 - cut) });
      }
      if (name === 'rocket-capsule') {
        // The nose cone rises behind the child, its tip above the head: the child sits inside a rocket.
        const k = frameBox.w / artSize(frame).width;
        const x0 = frameBox.x + 22 * k;
        const x1 = frameBox.x + 118 * k;
        const baseY = frameBox.y + dy + 6 * k;
        const tipY = Math.max(area.y + 4, dy + head.top * ph - 30);
        backBase += paintGroup(rocketNose(x0, x1, baseY, tipY, level), stroke);
        // Only its middle is kept clear: a plane or a bird may fly past the curve of its sides.
        taken.push({ x: x0 + (x1 - x0) * 0.2, y: tipY, w: (x1 - x0) * 0.6, h: baseY - tipY });
      }
    }
  }
  // The face: nothing may cover it (the rest of the child hides what is behind through the mask).
  const headBox: Box = {
    x: portraitBox.x + (head.cx - head.width * 0.62) * portraitBox.w,
    y: portraitBox.y + head.top * portraitBox.h - 2,
    w: head.width * 1.24 * portraitBox.w,
    h: head.width * portraitBox.w * 1.45,
  };
  taken.push(headBox);

  // Slots: beside the child on the ground (in front of the shoulders), in the sky, in the water, in front.
  const px0 = Math.max(area.x, portraitBox.x);
  const px1 = Math.min(area.x + area.w, portraitBox.x + portraitBox.w);
  const hx0 = headBox.x;
  const hx1 = headBox.x + headBox.w;
  // A speech bubble beside the head, on the roomier side (taken first, so no friend hides behind it).
  if (activity.says) {
    const bw = 54;
    const right = area.x + area.w - hx1 >= hx0 - area.x;
    const bb = {
      x: right ? Math.min(hx1 - 4, area.x + area.w - bw - 3) : Math.max(area.x + 3, hx0 - bw + 4),
      y: Math.max(area.y + 3, headBox.y - 26),
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
  }

  const leftW = Math.min(92, hx0 - area.x - 4);
  const rightW = Math.min(92, area.x + area.w - hx1 - 4);
  const sideH = (w: number): number => Math.min(96, Math.max(40, w * 1.2));
  const groundSlots: Slot[] = [];
  if (rightW >= 40)
    groundSlots.push({ box: { x: area.x + area.w - rightW - 2, y: groundY - sideH(rightW), w: rightW, h: sideH(rightW) }, side: 'right' });
  if (leftW >= 40) groundSlots.push({ box: { x: area.x + 2, y: groundY - sideH(leftW), w: leftW, h: sideH(leftW) }, side: 'left' });
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
  const waterSlots: Slot[] = [
    { box: { x: hx1 + 2, y: midY, w: area.x + area.w - hx1 - 6, h: 56 }, side: 'right' },
    { box: { x: area.x + 4, y: midY, w: hx0 - area.x - 6, h: 56 }, side: 'left' },
    ...skySlots,
  ];
  const frontSlots: Slot[] = [
    { box: { x: area.x + 3, y: bottom(area) - 38, w: 40, h: 36 }, side: 'left' },
    { box: { x: area.x + area.w - 43, y: bottom(area) - 38, w: 40, h: 36 }, side: 'right' },
    { box: { x: Math.max(area.x + 3, px0 + 4), y: bottom(area) - 32, w: 34, h: 30 }, side: 'left' },
    { box: { x: Math.min(area.x + area.w - 37, px1 - 38), y: bottom(area) - 32, w: 34, h: 30 }, side: 'right' },
    { box: { x: hx0 - 6, y: bottom(area) - 30, w: 30, h: 28 }, side: 'left' },
    { box: { x: hx1 - 24, y: bottom(area) - 30, w: 30, h: 28 }, side: 'right' },
  ];
  // Far away on the horizon, behind the child: where a tree or a volcano goes when the sides are full.
  const farSlots: Slot[] = [
    { box: { x: area.x + 4, y: 150, w: 46, h: 56 }, side: 'left' },
    { box: { x: area.x + area.w - 50, y: 150, w: 46, h: 56 }, side: 'right' },
  ];
  const bandW = Math.min(120, area.w * 0.6);
  const bandSlots: Slot[] = [
    { box: { x: area.x + area.w - bandW - 2, y: bottom(area) - bandW * 0.5 - 2, w: bandW, h: bandW * 0.5 }, side: 'right' },
    { box: { x: area.x + 2, y: bottom(area) - bandW * 0.5 - 2, w: bandW, h: bandW * 0.5 }, side: 'left' },
  ];
  if (head.cx * portraitBox.w + portraitBox.x > area.x + area.w / 2) bandSlots.reverse();
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
              : [...groundSlots, ...bandSlots, ...farSlots];

  /** Finds a free slot and shrinks the box to the thing's size there. */
  function claim(stance: LibraryEntry['stance'], scale: number): Slot | undefined {
    for (const slot of slotsFor(stance)) {
      if (slot.box.h < 20 || slot.box.w < 20) continue;
      const w = slot.box.w * Math.min(1, scale);
      const grounded = stance === 'ground' || stance === 'front' || stance === 'vehicle' || stance === 'far' || groundSlots.includes(slot);
      // A grounded thing may lose some height (a bubble or the sky above it) rather than the whole slot.
      for (const cut of grounded ? [1, 0.82, 0.66, 0.5, 0.4] : [1]) {
        const h = slot.box.h * Math.min(1, scale) * cut;
        const box = grounded
          ? { x: slot.box.x + (slot.box.w - w) / 2, y: bottom(slot.box) - h, w, h }
          : { x: slot.box.x + (slot.box.w - w) / 2, y: slot.box.y + (slot.box.h - h) / 2, w, h };
        if (taken.some((t) => t !== portraitBox && overlaps(t, box))) continue;
        taken.push(box);
        return { box, side: slot.side };
      }
    }
    return undefined;
  }

  const items: { svg: string; y: number; layer: 'back' | 'front' }[] = [];
  const counts = { companions: mountSvg ? 1 : 0, objects: 0, props: 0 };
  const companionBoxes: Box[] = mountBox ? [mountBox] : [];

  function add(entry: LibraryEntry, kind: 'companions' | 'objects', copies: number): void {
    for (let i = 0; i < copies; i++) {
      const slot = claim(entry.stance, entry.size * (i === 0 ? 1 : 0.7));
      if (!slot) return;
      const flip =
        entry.facesRight === undefined ? false : entry.facesRight === slot.box.x + slot.box.w / 2 > portraitBox.x + portraitBox.w / 2;
      const far = farSlots.some((f) => overlaps(f.box, slot.box, 0));
      const grounded = entry.stance !== 'sky' && entry.stance !== 'water';
      // Things on the ground stand in front of the child's shoulders (and of the activity's frame).
      const inFront = (grounded && !far) || overlaps(portraitBox, slot.box, -4);
      const placed = placeEntry(entry, { box: slot.box, strokeMm: stroke, level, rnd, flip, anchor: grounded ? 'bottom' : 'center' });
      items.push({ svg: placed.svg, y: bottom(slot.box), layer: inFront ? 'front' : 'back' });
      counts[kind]++;
      if (kind === 'companions') companionBoxes.push(placed.box);
    }
  }

  const addProp = (prop: ArtRef): void => {
    const slot = claim('front', 1);
    if (!slot) return;
    items.push({ svg: place(prop, slot.box), y: bottom(slot.box), layer: 'front' });
    counts.props++;
  };
  const props = activity.props.slice(0, MAX_PROPS[level]);
  // The first friend first, so the activity's little props never take the space beside the child from it;
  // then the activity's main prop, then the rest.
  const lead = entries[0]?.kind === 'companions' ? 1 : 0;
  for (const { entry, kind } of entries.slice(0, lead)) add(entry, kind, 1 + (entry.repeat ? EXTRA_COPIES[level] : 0));
  if (props[0]) addProp(props[0]);
  for (const { entry, kind } of entries.slice(lead)) add(entry, kind, 1 + (entry.repeat ? EXTRA_COPIES[level] : 0));
  for (const prop of props.slice(1)) addProp(prop);

  // The crown sits on the child's head.
  if (hasCrown && input.portrait?.head) {
    const h = input.portrait.head;
    const w = portraitBox.w * h.width * 0.6;
    const cb = { x: portraitBox.x + portraitBox.w * h.cx - w / 2, y: portraitBox.y + portraitBox.h * h.top - w * 0.5, w, h: w * 0.7 };
    front += place(OBJECT_ART.crown!.art, cb);
    counts.objects++;
  }

  const ctx: BackgroundContext = { area, level, rnd, strokeMm: stroke, taken, child: headBox };
  let back = bg.draw(ctx) + backBase;
  items.sort((a, b) => a.y - b.y);
  back += paintGroup(
    items
      .filter((i) => i.layer === 'back')
      .map((i) => i.svg)
      .join(''),
    stroke,
  );
  front =
    frontBase +
    (mountSvg ? paintGroup(mountSvg, stroke) : '') +
    paintGroup(
      items
        .filter((i) => i.layer === 'front')
        .map((i) => i.svg)
        .join(''),
      stroke,
    ) +
    front;

  return { back, front, portraitBox, counts, companionBoxes };
}
