// The library: every name of the shared vocabulary (domain/src/scene-vocabulary.ts) mapped to the
// drawing that shows it, with where it likes to stand on a page.
import { clipartLibrary, fittedBox, placeClipart, type Anchor } from './clipart.js';
import { dinosaurFor, LONG_NECK_BACK, type DinosaurKind } from './dinosaurs.js';
import { DRAWINGS, type DrawingName } from './drawings.js';
import type { Pose } from './figure.js';
import type { Random } from './random.js';
import { n, type Box, type Level } from './svg.js';

/**
 * The smallest region a toddler colours at level 1 (mm²): a 10 x 10 mm patch, about a small child's thumbprint and the
 * width of a chunky crayon's tip. Smaller details are left out of the level 1 drawings (docs/decisions/017).
 */
export const THUMBPRINT_MM2 = 100;

/** A drawing from the converted clip art or from the procedural set. */
export type ArtRef = { readonly clipart: string } | { readonly drawing: DrawingName };

/** Where a thing prefers to be: on the ground beside the child, up in the sky, or small in front. */
/** 'far': on the horizon behind the child (a tree), so the space beside the child is left to a friend. */
export type Stance = 'ground' | 'sky' | 'front' | 'water' | 'vehicle' | 'far';

export interface LibraryEntry {
  readonly art: ArtRef;
  readonly stance: Stance;
  /** Size relative to a standard slot (1 = fills it). */
  readonly size: number;
  /** Drawn looking right; mirrored when it stands on the right so it faces the child. */
  readonly facesRight?: boolean;
  /** The child can ride it. */
  readonly mount?: boolean;
  /** Where its back is, as a fraction of its height from the top (where the rider's saddle goes). */
  readonly back?: number;
  /** Several copies make the page (stars, fish, flowers). */
  readonly repeat?: boolean;
}

/** The valley's dinosaurs (scenes/dinosaurs.ts), each drawn looking right; which one a page shows follows the
 * scene's activity and the child's pose (`companionEntry`, docs/decisions/034). */
export const DINOSAUR_ART: Readonly<Record<DinosaurKind, LibraryEntry>> = {
  'long-neck': { art: { drawing: 'long-neck' }, stance: 'ground', size: 1.15, facesRight: true, mount: true, back: LONG_NECK_BACK },
  't-rex': { art: { drawing: 't-rex' }, stance: 'ground', size: 1, facesRight: true },
  triceratops: { art: { drawing: 'triceratops' }, stance: 'ground', size: 1, facesRight: true },
  stegosaurus: { art: { drawing: 'stegosaurus' }, stance: 'ground', size: 1, facesRight: true },
  hatchling: { art: { drawing: 'hatchling' }, stance: 'ground', size: 0.85, facesRight: true },
  pterodactyl: { art: { drawing: 'pterodactyl' }, stance: 'sky', size: 1, facesRight: true },
};

export const COMPANION_ART: Readonly<Record<string, LibraryEntry>> = {
  dog: { art: { drawing: 'dog' }, stance: 'ground', size: 0.8, facesRight: false },
  cat: { art: { drawing: 'cat' }, stance: 'ground', size: 0.8, facesRight: true },
  dinosaur: DINOSAUR_ART['t-rex'],
  fish: { art: { drawing: 'fish' }, stance: 'water', size: 0.8, facesRight: true, repeat: true },
  dolphin: { art: { drawing: 'dolphin' }, stance: 'water', size: 1, facesRight: false, mount: true },
  unicorn: { art: { drawing: 'unicorn' }, stance: 'ground', size: 1, facesRight: true, mount: true, back: 0.53 },
  dragon: { art: { drawing: 'dragon' }, stance: 'ground', size: 1, facesRight: false, mount: true, back: 0.42 },
  lion: { art: { drawing: 'lion' }, stance: 'ground', size: 1, facesRight: true },
  elephant: { art: { drawing: 'elephant' }, stance: 'ground', size: 1.05, facesRight: true, mount: true },
  monkey: { art: { drawing: 'monkey' }, stance: 'ground', size: 0.85 },
  giraffe: { art: { drawing: 'giraffe' }, stance: 'ground', size: 1.3, facesRight: true },
  cow: { art: { drawing: 'cow' }, stance: 'ground', size: 1, facesRight: true },
  pig: { art: { drawing: 'pig' }, stance: 'ground', size: 0.9, facesRight: true },
  horse: { art: { drawing: 'horse' }, stance: 'ground', size: 1, facesRight: true, mount: true, back: 0.43 },
  bird: { art: { drawing: 'parrot' }, stance: 'sky', size: 1, facesRight: true },
  alien: { art: { drawing: 'alien' }, stance: 'ground', size: 0.9 },
  bunny: { art: { drawing: 'bunny' }, stance: 'ground', size: 0.7, facesRight: true },
  teddy: { art: { drawing: 'teddy' }, stance: 'ground', size: 0.65 },
};

/** What a companion of the vocabulary is drawn as: the dinosaur the scene's activity and the child's pose call for, else
 * its one drawing. */
export function companionEntry(id: string, activity: string, pose: Pose): LibraryEntry {
  return id === 'dinosaur' ? DINOSAUR_ART[dinosaurFor(activity, pose)] : COMPANION_ART[id]!;
}

export const OBJECT_ART: Readonly<Record<string, LibraryEntry>> = {
  rocket: { art: { clipart: 'rocket' }, stance: 'sky', size: 1 },
  planet: { art: { drawing: 'planet' }, stance: 'sky', size: 0.9 },
  star: { art: { drawing: 'star' }, stance: 'sky', size: 0.45, repeat: true },
  volcano: { art: { drawing: 'volcano' }, stance: 'ground', size: 1.2 },
  'treasure-chest': { art: { drawing: 'treasure-chest' }, stance: 'front', size: 1 },
  shell: { art: { drawing: 'shell' }, stance: 'front', size: 0.7, repeat: true },
  'bucket-and-spade': { art: { drawing: 'bucket-and-spade' }, stance: 'front', size: 1 },
  crown: { art: { drawing: 'crown' }, stance: 'front', size: 0.8 },
  wand: { art: { drawing: 'wand' }, stance: 'front', size: 0.9 },
  ball: { art: { clipart: 'ball' }, stance: 'front', size: 0.75 },
  trophy: { art: { drawing: 'trophy' }, stance: 'front', size: 1 },
  car: { art: { clipart: 'car' }, stance: 'vehicle', size: 1.2, facesRight: true },
  train: { art: { drawing: 'train' }, stance: 'vehicle', size: 1.25, facesRight: true },
  aeroplane: { art: { clipart: 'aeroplane' }, stance: 'sky', size: 1.2, facesRight: false },
  tractor: { art: { clipart: 'tractor' }, stance: 'vehicle', size: 1.15, facesRight: false },
  balloon: { art: { drawing: 'balloon-bunch' }, stance: 'sky', size: 0.95 },
  flower: { art: { clipart: 'flower-stem' }, stance: 'front', size: 0.8, repeat: true },
  tree: { art: { clipart: 'tree' }, stance: 'far', size: 1.2 },
  book: { art: { drawing: 'book' }, stance: 'front', size: 0.9 },
  kite: { art: { drawing: 'kite' }, stance: 'sky', size: 0.95 },
  cake: { art: { clipart: 'cake' }, stance: 'front', size: 1 },
};

/** What each activity adds around the child (what the child holds is the pose's, in figure.ts). */
export interface ActivityProps {
  /** What the child sits in, drawn over the body with the rim at the chest (a rocket, a car, a swim ring). */
  readonly frame?: ArtRef;
  /** What the child sits on, drawn behind (a picnic blanket). */
  readonly seat?: ArtRef;
  /** Props beside the child, in the front slots. */
  readonly props: readonly ArtRef[];
  /** Says something in a speech bubble. */
  readonly says?: string;
}

export const ACTIVITY_ART: Readonly<Record<string, ActivityProps>> = {
  waving: { props: [], says: 'Hello!' },
  flying: { frame: { drawing: 'rocket-capsule' }, props: [] },
  exploring: { props: [{ clipart: 'binoculars' }] },
  swimming: { frame: { drawing: 'swim-ring' }, props: [] },
  riding: { props: [] },
  driving: { frame: { drawing: 'car-frame' }, props: [] },
  'playing-football': { props: [{ clipart: 'ball' }] },
  dancing: { props: [{ clipart: 'music-note' }, { drawing: 'music-notes' }] },
  reading: { props: [] },
  painting: { props: [{ drawing: 'easel' }, { drawing: 'palette' }] },
  // The picnic's food lies on the blanket at the child's hand (compose.ts).
  picnicking: { seat: { drawing: 'blanket' }, props: [] },
  building: { props: [{ clipart: 'sandcastle' }, { drawing: 'bucket-and-spade' }] },
  gardening: { props: [{ clipart: 'flowerpot' }] },
  playing: { props: [{ drawing: 'balloon' }, { drawing: 'star' }] },
};

export function artSize(ref: ArtRef): { width: number; height: number } {
  if ('clipart' in ref) {
    const art = clipartLibrary().get(ref.clipart);
    if (!art) throw new Error(`no clipart named ${ref.clipart}`);
    return { width: art.width, height: art.height };
  }
  return DRAWINGS[ref.drawing];
}

export function artExists(ref: ArtRef): boolean {
  return 'clipart' in ref ? clipartLibrary().has(ref.clipart) : ref.drawing in DRAWINGS;
}

export interface ArtPlacement {
  box: Box;
  strokeMm: number;
  level: Level;
  rnd: Random;
  flip?: boolean;
  anchor?: Anchor;
  /** Degrees, about the box centre. */
  rotate?: number;
  /** The copy drawn again in the ring round its rider (`Drawing.draw`). */
  ringCopy?: boolean;
}

/** Draws a library thing fitted into a box (keeping its proportions), lines at strokeMm on the page. */
export function placeArt(ref: ArtRef, p: ArtPlacement): string {
  if (p.rotate) {
    const cx = p.box.x + p.box.w / 2;
    const cy = p.box.y + p.box.h / 2;
    return `<g transform="rotate(${n(p.rotate)} ${n(cx)} ${n(cy)})">${placeArt(ref, { ...p, rotate: 0 })}</g>`;
  }
  if ('clipart' in ref) return placeClipart(ref.clipart, { ...p, minDetailMm2: p.level === 1 ? THUMBPRINT_MM2 : 0, level1: p.level === 1 });
  const d = DRAWINGS[ref.drawing];
  const f = fittedBox(d as never, p.box, p.anchor);
  const sx = p.flip ? -f.scale : f.scale;
  const tx = p.flip ? f.x + f.w : f.x;
  return `<g transform="matrix(${sx.toFixed(4)} 0 0 ${f.scale.toFixed(4)} ${n(tx)} ${n(f.y)})" fill="#fff" stroke="#000" stroke-width="${(p.strokeMm / f.scale).toFixed(3)}" stroke-linejoin="round" stroke-linecap="round">${d.draw(p.level, p.rnd, f.w, p.ringCopy)}</g>`;
}

/** Draws an entry and reports the box it really took. */
export function placeEntry(entry: LibraryEntry, p: ArtPlacement): { svg: string; box: Box } {
  const f = fittedBox(artSize(entry.art) as never, p.box, p.anchor);
  return { svg: placeArt(entry.art, p), box: { x: f.x, y: f.y, w: f.w, h: f.h } };
}
