// Single-photo product: any photo (a pet, a family, a house; no face needed, never refused) → line art at four
// levels. The outlines are the borders of nested colour regions (regions.ts), so every shape is closed by
// construction; levels 3 and 4 add the photo's inner lines (FDoG) inside the regions. A face found is drawn as a face
// (one region inside its oval, with its eyes, nose and mouth) at every level. Pure CPU, deterministic.

import sharp from 'sharp';
import type { DetectedFace, Level, StageTimings } from '../portrait/index.js';
import { decodeWorking, eyeCentres, FACE_OVAL, MAX_PITCH, MAX_YAW, type Working } from '../portrait/analyse.js';
import { fdogResponse, thresholdForCoverage } from '../portrait/fdog.js';
import { faceGeometry, type Face } from '../portrait/features.js';
import { glassesShape, wearsGlasses } from '../portrait/glasses.js';
import { drawFeatures, featureLine, traceInk } from '../portrait/lineart.js';
import {
  despeckle,
  dilate,
  erode,
  fillPolygon,
  gaussianBlur,
  resizeFloat,
  stageClock,
  strokePolyline,
  type FloatImage,
  type Mask,
} from '../portrait/raster.js';
import { chaikin } from '../portrait/trace.js';
import { findEyePair, type Eye } from './eyes.js';
import { clearOfEyes, findEars, noseSide, type Ear } from './face-parts.js';
import { joinSmallRegions } from './join.js';
import { partition, smoothLabels, toLab, type Lab, type RegionTarget } from './regions.js';

export interface PhotoArt {
  /** viewBox width of every level's SVG (working units) */
  readonly width: number;
  readonly height: number;
  /** each a complete standalone SVG, black on transparent, viewBox 0 0 width height */
  readonly levels: Readonly<Record<Level, string>>;
}

/** The long side of the art on the printed page, mm (A4 with margins, either orientation): strokes are designed for it. */
export const PHOTO_PRINT_LONG_MM = 248;

export interface PhotoLevelStyle {
  /** regions at most, and the smallest region's area at print size (mm²) */
  readonly regions: number;
  readonly minRegionMm2: number;
  /** regions thinner than this on average (mm) are merged away */
  readonly minWidthMm: number;
  /** radius of the majority filter that smooths the borders, mm */
  readonly smoothMm: number;
  /** width of the region outlines, mm */
  readonly lineMm: number;
  /** ink share of the inner lines (the photo's strongest edges inside the regions: eyes, mouth, folds) */
  readonly detail: number;
  /** an inner line with less ink than this (mm²) is left out: short strokes and specks */
  readonly minDetailMm2: number;
  /** a closed region of the finished page smaller than this (mm²) is joined to a neighbour (0: none is) */
  readonly smallestMm2: number;
}

/** Per level: few big regions and bold lines for ages 2-4, many small ones and fine detail for 8+ (the age bands of decision 027). */
export const PHOTO_LEVELS: Readonly<Record<Level, PhotoLevelStyle>> = {
  1: { regions: 14, minRegionMm2: 300, minWidthMm: 9, smoothMm: 3, lineMm: 2.2, detail: 0.035, minDetailMm2: 50, smallestMm2: 100 },
  2: { regions: 28, minRegionMm2: 90, minWidthMm: 6, smoothMm: 2.2, lineMm: 1.7, detail: 0.05, minDetailMm2: 20, smallestMm2: 50 },
  3: { regions: 50, minRegionMm2: 30, minWidthMm: 4, smoothMm: 1.6, lineMm: 1.2, detail: 0.06, minDetailMm2: 6, smallestMm2: 0 },
  4: { regions: 100, minRegionMm2: 10, minWidthMm: 2.5, smoothMm: 1.2, lineMm: 0.8, detail: 0.085, minDetailMm2: 2.5, smallestMm2: 0 },
};

/** Merges cheaper than this are always made (regions.ts): shading and vignettes, not shapes. */
const CHEAP_MERGE: Readonly<Record<Level, number>> = { 1: 1_500_000, 2: 500_000, 3: 80_000, 4: 15_000 };

/**
 * Levels 1-2 keep the subject's big contours: a cheap merge is made only across a boundary with no clear edge (a
 * vignette's or a shadow's bands; without this the cat's cheek went into the wall behind it), and regions of the photo
 * in focus and out of focus stay apart (the difference in sharpness counts this many L units per unit, as colour does).
 */
const CHEAP_EDGE: Readonly<Record<Level, number>> = { 1: 0.18, 2: 0.18, 3: Infinity, 4: Infinity };
const SHARPNESS: Readonly<Record<Level, number>> = { 1: 8, 2: 8, 3: 0, 4: 0 };
/** The photo's sharpness: detail finer than this (mm on the page), averaged over this much (mm). */
const SHARP_MM = { detail: 0.7, around: 3 };

/** The FDoG response an inner line must reach (bold and fine responses): clear edges only. */
const BOLD_FLOOR = -0.015;
const FINE_FLOOR = -0.007;

/** Ink thicker than this (mm across) is a blob, not a line: it is hollowed out to an outline. */
const MAX_SOLID_MM = 2.6;

/** Sobel edge strength of the Lab image, about 1 on a clear edge. */
function edgeStrength(lab: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ym = y > 0 ? y - 1 : 0;
    const yp = y < h - 1 ? y + 1 : h - 1;
    for (let x = 0; x < w; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < w - 1 ? x + 1 : w - 1;
      let g = 0;
      const a = (ym * w + xm) * 3;
      const b = (ym * w + x) * 3;
      const c = (ym * w + xp) * 3;
      const d = (y * w + xm) * 3;
      const f = (y * w + xp) * 3;
      const k = (yp * w + xm) * 3;
      const m = (yp * w + x) * 3;
      const q = (yp * w + xp) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const gx = (lab[c + ch] + 2 * lab[f + ch] + lab[q + ch] - lab[a + ch] - 2 * lab[d + ch] - lab[k + ch]) / 8;
        const gy = (lab[k + ch] + 2 * lab[m + ch] + lab[q + ch] - lab[a + ch] - 2 * lab[b + ch] - lab[c + ch]) / 8;
        g += gx * gx + gy * gy;
      }
      out[y * w + x] = Math.min(2, Math.sqrt(g) / 12);
    }
  }
  return out;
}

/**
 * How much fine detail the photo has around each pixel (the segmentation raster's): the mean absolute difference of
 * the lightness from its slightly blurred self, averaged over a few millimetres. Fur, hair and grass in focus score
 * high, skin, sky and a background out of focus low: a cue colour alone misses (a tabby against a blurred wall of its
 * own colours).
 */
function sharpness(work: Working, sw: number, sh: number, unitsPerMm: number): Float32Array {
  const { w, h, rgb } = work;
  const y = new Float32Array(w * h);
  for (let i = 0; i < y.length; i++) y[i] = (0.2126 * rgb[i * 3] + 0.7152 * rgb[i * 3 + 1] + 0.0722 * rgb[i * 3 + 2]) / 2.55;
  const soft = gaussianBlur(y, w, h, SHARP_MM.detail * unitsPerMm);
  for (let i = 0; i < y.length; i++) y[i] = Math.abs(y[i] - soft[i]);
  return resizeFloat(gaussianBlur(y, w, h, SHARP_MM.around * unitsPerMm), w, h, sw, sh);
}

/** The region borders of a label map (segmentation raster) as a smooth ink mask at working size, with a frame. */
function regionLines(labels: Int32Array, sw: number, sh: number, w: number, h: number, lineMm: number, unitsPerMm: number): Mask {
  // borders at working size from the nearest-neighbour labels: a one-pixel line on the staircase
  const fx = sw / w;
  const fy = sh / h;
  const col = new Int32Array(w).map((_, x) => Math.min(sw - 1, Math.floor((x + 0.5) * fx)));
  const border = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = Math.min(sh - 1, Math.floor((y + 0.5) * fy)) * sw;
    const below = Math.min(sh - 1, Math.floor((y + 1.5) * fy)) * sw;
    for (let x = 0; x < w; x++) {
      const l = labels[row + col[x]];
      if ((x + 1 < w && labels[row + col[x + 1]] !== l) || (y + 1 < h && labels[below + col[x]] !== l)) border[y * w + x] = 1;
    }
  }
  const half = (lineMm * unitsPerMm) / 2;
  // the frame: a band from the picture's edge in, so no sliver of paper is left outside it
  const frame = Math.max(1, Math.round(half));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (x < frame || y < frame || x >= w - frame || y >= h - frame) border[y * w + x] = 1;
  }
  // blur the staircase away; the threshold gives a line `lineMm` wide
  const sigma = Math.max(1.2, half * 0.7, 0.6 / fx);
  const blurred = gaussianBlur(border, w, h, sigma);
  const peak = 1 / (Math.sqrt(2 * Math.PI) * sigma);
  const t = peak * Math.exp(-(half * half) / (2 * sigma * sigma));
  const data = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) data[i] = blurred[i] >= t ? 1 : 0;
  return { w, h, data };
}

/** Hollow out ink thicker than `maxPx` across, leaving its outline `ringPx` wide. In place. */
function hollowBlobs(m: Mask, maxPx: number, ringPx: number): void {
  const core = erode(m, maxPx / 2);
  if (!core.data.some(Boolean)) return;
  const hole = dilate(core, Math.max(0, maxPx / 2 - ringPx));
  for (let i = 0; i < m.data.length; i++) if (hole.data[i]) m.data[i] = 0;
}

/**
 * The photo at half size, median-filtered (shading and texture go, shapes stay), in Lab: the regions and the eyes are
 * found on it. `perMm`: its pixels per millimetre of the printed page.
 */
export async function smoothLab(work: Working): Promise<{ lab: Lab; perMm: number }> {
  const { w, h } = work;
  const sw = Math.round(w / 2);
  const sh = Math.round(h / 2);
  const smooth = await sharp(work.rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(sw, sh, { fit: 'fill', kernel: 'lanczos3' })
    .median(5)
    .raw()
    .toBuffer();
  const lab = toLab(new Uint8Array(smooth.buffer, smooth.byteOffset, smooth.length), sw, sh);
  return { lab, perMm: (Math.max(w, h) / PHOTO_PRINT_LONG_MM) * (sw / w) };
}

/** Finds the faces in a decoded photo (the portrait engine's detector), so the youngest level can give them eyes. */
export type FaceFinder = (work: Working) => Promise<readonly DetectedFace[]>;

/** Level 1's eyes: solid ovals this share of the eye's width across (corner to corner), within these sizes (mm). */
const EYE_DOT = { share: 1, minMm: 4, maxMm: 5 };

/** Mesh points of each eye's corners (the subject's right eye, then the left). */
const EYE_CORNERS = [
  [33, 133],
  [362, 263],
] as const;

/** A face to give eyes to: found with confidence, facing the camera, and wholly in the picture (a face the detector
 * imagines in a cat's fur or a pattern runs off the edge or is found with less confidence). */
function clearFace(f: DetectedFace, work: Working): boolean {
  if (f.score < 0.8 || Math.abs(f.yaw) > MAX_YAW || Math.abs(f.pitch) > MAX_PITCH) return false;
  return FACE_OVAL.every((i) => {
    const [x, y] = f.mesh[i];
    return x >= 0 && y >= 0 && x < work.w && y < work.h;
  });
}

/** Mesh points of the line where the lips meet, corner to corner (upper inner lip and lower inner lip). */
const LIPS_UPPER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308];
const LIPS_LOWER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308];

/** Level 2's ink share of the photo's lines inside a face (the picture's share leaves most faces without eyes). */
const FACE_DETAIL = 0.08;

/** A face drawn at level 1 needs to be at least this wide on the page (mm): smaller ones keep the regions' lines. */
const SMALLEST_FACE_MM = 18;

/**
 * A face drawn as a face: the oval round it (the mesh's, kept clear of the eyes), the pixels inside that, its
 * geometry with that oval, and the ears the photo shows beside it.
 */
interface FaceOval {
  readonly face: DetectedFace;
  readonly geometry: Face;
  readonly oval: readonly (readonly [number, number])[];
  readonly inside: Mask;
  readonly ears: readonly Ear[];
}

/**
 * An ear is drawn from level 2, when it is at least the level's smallest region and at least this big (mm²): at level 1
 * its bold rim runs into the region lines round the head and leaves slivers, not an ear.
 */
const SMALLEST_EAR_MM2 = 10;

/** The faces big enough on the page to be drawn as faces, each with its oval and ears (`lab`: the smoothed photo). */
function faceOvals(faces: readonly DetectedFace[], w: number, h: number, unitsPerMm: number, lab: Lab): FaceOval[] {
  const out: FaceOval[] = [];
  for (const face of faces) {
    const xs = FACE_OVAL.map((i) => face.mesh[i][0]);
    if ((Math.max(...xs) - Math.min(...xs)) / unitsPerMm < SMALLEST_FACE_MM) continue;
    const mesh = faceGeometry(face.mesh.map(([x, y]) => [x, y]));
    const oval = clearOfEyes(mesh);
    const geometry: Face = { ...mesh, oval };
    const inside: Mask = { w, h, data: new Uint8Array(w * h) };
    fillPolygon(inside, oval);
    const ears = findEars(face, geometry, oval, lab, lab.w / w, w, h);
    out.push({ face, geometry, oval, inside, ears });
  }
  return out;
}

/** The ears drawn at a level (from level 2, each at least its smallest region and SMALLEST_EAR_MM2). */
function earsAt(ears: readonly Ear[], s: PhotoLevelStyle, unitsPerMm: number): Ear[] {
  if (s === PHOTO_LEVELS[1]) return [];
  return ears.filter((e) => e.area >= Math.max(s.smallestMm2, SMALLEST_EAR_MM2) * unitsPerMm * unitsPerMm);
}

/** The faces' ovals as closed lines `linePx` wide, with the rims of their ears at `level`, into `ink`. */
function strokeOvals(ink: Mask, ovals: readonly FaceOval[], linePx: number, s: PhotoLevelStyle, unitsPerMm: number): void {
  const { w, h } = ink;
  for (const { oval, ears } of ovals) {
    const lines: FloatImage = { w, h, data: new Float32Array(w * h) };
    strokePolyline(lines, oval, linePx, true);
    for (const ear of earsAt(ears, s, unitsPerMm)) strokePolyline(lines, ear.rim, linePx, false);
    for (let i = 0; i < w * h; i++) if (lines.data[i] >= 0.5) ink.data[i] = 1;
  }
}

/**
 * Level 1's faces: the face oval closed as one region (the lines of the photo inside it cleared), solid ovals for the
 * eyes and an open smile: what a toddler colours and reads as a face, where region borders alone made shapeless patches.
 */
function drawFaces(ink: Mask, ovals: readonly FaceOval[], unitsPerMm: number, s: PhotoLevelStyle): void {
  const { lineMm } = s;
  const { w, h } = ink;
  for (const { face, inside } of ovals) {
    for (let i = 0; i < w * h; i++) if (inside.data[i]) ink.data[i] = 0;
    const lines: FloatImage = { w, h, data: new Float32Array(w * h) };
    const lips = LIPS_UPPER.map((u, k) => {
      const p = face.mesh[u];
      const q = face.mesh[LIPS_LOWER[k]];
      return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as const;
    });
    strokePolyline(lines, lips, 0.7 * lineMm * unitsPerMm, false);
    for (let i = 0; i < w * h; i++) if (lines.data[i] >= 0.5) ink.data[i] = 1;
    const centres = eyeCentres(face.mesh);
    EYE_CORNERS.forEach(([a, b], k) => {
      const p = face.mesh[a];
      const q = face.mesh[b];
      const eyeMm = Math.hypot(p[0] - q[0], p[1] - q[1]) / unitsPerMm;
      const rx = (Math.min(EYE_DOT.maxMm, Math.max(EYE_DOT.minMm, EYE_DOT.share * eyeMm)) * unitsPerMm) / 2;
      const ry = Math.min(rx * 1.25, (EYE_DOT.maxMm * unitsPerMm) / 2);
      const [cx, cy] = centres[k];
      const dot: [number, number][] = [];
      for (let i = 0; i < 32; i++) dot.push([cx + rx * Math.cos((i / 32) * 2 * Math.PI), cy + ry * Math.sin((i / 32) * 2 * Math.PI)]);
      fillPolygon(ink, dot);
    });
  }
  strokeOvals(ink, ovals, lineMm * unitsPerMm, s, unitsPerMm);
}

/** Levels 3-4's pupils at most this wide (mm): a big face's were solid blobs 5 mm across. */
const FACE_PUPIL_MM = 3.2;

/**
 * Levels 3-4's faces: the portrait engine's own features from the landmarks (its level 3: lids, iris and pupil, brows,
 * the nose's base, the lips, the oval) and its glasses, with the level's line width; the iris's ring where the eye is
 * big enough for the line width (most faces at level 4, the biggest at level 3). The nose's side rises from its base
 * and each ear has its inner fold, in the features' fine line.
 */
function drawFaceLines(ink: Mask, ovals: readonly FaceOval[], work: Working, s: PhotoLevelStyle, unitsPerMm: number): void {
  const { w, h } = ink;
  const linePx = s.lineMm * unitsPerMm;
  for (const { face, geometry, ears } of ovals) {
    const lines: FloatImage = { w, h, data: new Float32Array(w * h) };
    drawFeatures(lines, geometry, linePx, 3, FACE_PUPIL_MM * unitsPerMm);
    const fine = featureLine(geometry, linePx, 3);
    strokePolyline(lines, chaikin(noseSide(face.mesh, geometry), false, 2), fine, false);
    for (const ear of earsAt(ears, s, unitsPerMm)) strokePolyline(lines, ear.fold, fine, false);
    // glasses, where the photo shows a frame across the nose (the lines under them were wiped with the rest)
    if (wearsGlasses(work, geometry)) {
      const glasses = glassesShape(geometry);
      for (const lens of glasses.lenses) strokePolyline(lines, lens, linePx, true);
      strokePolyline(lines, chaikin(glasses.bridge, false, 2), linePx, false);
    }
    for (let i = 0; i < w * h; i++) if (lines.data[i] >= 0.5) ink.data[i] = 1;
  }
}

/** Level 1's animal eyes: a circle this many times the pair's mean pupil radius, round a solid pupil as the faces'. */
const ANIMAL_EYE = 2.4;

/** Level 1's animal eyes: each a closed circle round a solid pupil, the lines inside it cleared. */
function drawEyes(ink: Mask, eyes: readonly Eye[], scale: number, unitsPerMm: number, linePx: number): void {
  const { w, h } = ink;
  const r = ((eyes[0].r + eyes[1].r) / 2) * scale;
  const pupil = (EYE_DOT.maxMm * unitsPerMm) / 2;
  const circle = (cx: number, cy: number, radius: number): [number, number][] =>
    Array.from({ length: 48 }, (_, i) => [cx + radius * Math.cos((i / 48) * 2 * Math.PI), cy + radius * Math.sin((i / 48) * 2 * Math.PI)]);
  for (const eye of eyes) {
    const cx = (eye.x + 0.5) * scale - 0.5;
    const cy = (eye.y + 0.5) * scale - 0.5;
    const ring = circle(cx, cy, ANIMAL_EYE * r);
    const inside: Mask = { w, h, data: new Uint8Array(w * h) };
    fillPolygon(inside, ring);
    for (let i = 0; i < w * h; i++) if (inside.data[i]) ink.data[i] = 0;
    const lines: FloatImage = { w, h, data: new Float32Array(w * h) };
    strokePolyline(lines, ring, linePx, true);
    for (let i = 0; i < w * h; i++) if (lines.data[i] >= 0.5) ink.data[i] = 1;
    fillPolygon(ink, circle(cx, cy, pupil));
  }
}

/**
 * `timings`, when given, receives the milliseconds of each stage (the bench prints them); `findFaces`, when given,
 * marks the eyes of the faces it finds at level 1.
 */
export async function drawPhotoArt(photo: Buffer, timings?: StageTimings, findFaces?: FaceFinder): Promise<PhotoArt> {
  const lap = stageClock(timings);
  const work = await decodeWorking(photo);
  lap('decode');
  const faces = findFaces ? (await findFaces(work)).filter((f) => clearFace(f, work)) : [];
  lap('faces');
  const { w, h } = work;
  const unitsPerMm = Math.max(w, h) / PHOTO_PRINT_LONG_MM;
  // regions are found at half size on a median-filtered copy: shading and texture go, shapes stay
  const { lab, perMm: segPerMm } = await smoothLab(work);
  const { w: sw, h: sh } = lab;
  const edge = edgeStrength(lab.data, sw, sh);
  const targets = {} as Record<Level, RegionTarget>;
  for (const level of [1, 2, 3, 4] as const) {
    const s = PHOTO_LEVELS[level];
    targets[level] = {
      regions: s.regions,
      minArea: s.minRegionMm2 * segPerMm * segPerMm,
      minWidth: s.minWidthMm * segPerMm,
      cheapMerge: CHEAP_MERGE[level],
      sharpness: SHARPNESS[level],
      cheapEdge: CHEAP_EDGE[level],
    };
  }
  const maps = partition(lab, edge, targets, sharpness(work, sw, sh, unitsPerMm));
  // a photo without a face may still look back: an animal's pair of eyes, drawn at level 1
  const eyes = faces.length ? null : findEyePair(lab, segPerMm);
  lap('regions');

  // the photo's own lines (FDoG): bold ones from a half-size copy for levels 1-2, fine ones at full size for 3-4
  const half = await sharp(work.rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(sw, sh, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const bold = resizeFloat(
    fdogResponse(new Uint8Array(half.buffer, half.byteOffset, half.length), sw, sh, { sigmaC: 1.0, sigmaM: 3, sigmaT: 2, rho: 0.99 }),
    sw,
    sh,
    w,
    h,
  );
  const fine = fdogResponse(work.rgb, w, h, { sigmaC: 1.2, sigmaM: 3, sigmaT: 2.5, rho: 0.99 });
  lap('lines');
  const everywhere = new Uint8Array(w * h).fill(1);
  const ovals = faceOvals(faces, w, h, unitsPerMm, lab);
  const levels = {} as Record<Level, string>;
  for (const level of [1, 2, 3, 4] as const) {
    const s = PHOTO_LEVELS[level];
    const linePx = s.lineMm * unitsPerMm;
    const H = level <= 2 ? bold : fine;
    // the level's share of ink, but never a faint edge: a soft shadow or a vignette is no line to colour up to
    const thr = Math.min(thresholdForCoverage(H, everywhere, s.detail), level <= 2 ? BOLD_FLOOR : FINE_FLOOR);
    const lines = new Uint8Array(w * h);
    for (let i = 0; i < lines.length; i++) lines[i] = H[i] < thr ? 1 : 0;
    if (level === 2) {
      // a face's lines at the face's own contrast: its eyes, nose and mouth are fainter than the picture's edges
      for (const { inside } of ovals) {
        const t = Math.max(thr, thresholdForCoverage(H, inside.data, FACE_DETAIL));
        for (let i = 0; i < lines.length; i++) if (inside.data[i] && H[i] < t) lines[i] = 1;
      }
    }
    const ink: Mask = { w, h, data: lines };
    // the region borders close every shape; the photo's lines add what lies inside them (eyes, folds, patterns),
    // except right beside a border, where they would only double it
    const labels = smoothLabels(maps[level], sw, sh, Math.max(1, Math.round(s.smoothMm * segPerMm)), 2);
    const borders = regionLines(labels, sw, sh, w, h, s.lineMm, unitsPerMm);
    // a face is one region: the shading's borders across it go; at levels 1-2 the photo's lines (eyes, nose, mouth)
    // stay, at levels 3-4 the fine lines trace the shading too (the cheeks and the forehead in rings), so they go and
    // the face's own lines are drawn from the landmarks (drawFaceLines)
    for (const { inside } of ovals) {
      for (let i = 0; i < lines.length; i++) if (inside.data[i]) borders.data[i] = 0;
      if (level >= 3) for (let i = 0; i < lines.length; i++) if (inside.data[i]) lines[i] = 0;
    }
    // an ear is one region beside the oval: the lines inside it go (its fold is drawn at levels 3-4)
    for (const { ears } of ovals) {
      for (const ear of earsAt(ears, s, unitsPerMm)) {
        const shape: Mask = { w, h, data: new Uint8Array(w * h) };
        fillPolygon(shape, ear.shape);
        for (let i = 0; i < lines.length; i++) if (shape.data[i]) borders.data[i] = lines[i] = 0;
      }
    }
    strokeOvals(borders, ovals, linePx, s, unitsPerMm);
    const nearBorder = dilate(borders, linePx * 0.5 + 1.5 * unitsPerMm);
    for (let i = 0; i < lines.length; i++) if (nearBorder.data[i]) lines[i] = 0;
    despeckle(ink, s.minDetailMm2 * unitsPerMm * unitsPerMm, 0);
    for (let i = 0; i < lines.length; i++) if (borders.data[i]) lines[i] = 1;
    hollowBlobs(ink, MAX_SOLID_MM * unitsPerMm, linePx);
    if (level === 1) drawFaces(ink, ovals, unitsPerMm, s);
    if (level >= 3) drawFaceLines(ink, ovals, work, s, unitsPerMm);
    if (level === 1 && eyes) drawEyes(ink, eyes, w / sw, unitsPerMm, linePx);
    // enclosed white specks too small to colour are inked in
    // (the gaps where three thick lines meet, too)
    despeckle(ink, 0, Math.max(2, 1.5 * s.lineMm * s.lineMm) * unitsPerMm * unitsPerMm);
    if (s.smallestMm2) {
      // the frame's stroke covers a line's width inside the picture: slivers along it are regions too
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) if (x < linePx || y < linePx || x >= w - linePx || y >= h - linePx) lines[y * w + x] = 1;
      }
      joinSmallRegions(ink, s.smallestMm2 * unitsPerMm * unitsPerMm, 1.5 * linePx, 0.5 * linePx);
    }
    const { d } = traceInk(ink, 1, 0.35, 1.5 * unitsPerMm * unitsPerMm);
    // the frame as a stroke along the edge (half of it outside the picture): straight, and no nick where a line meets it
    const frame = `<rect width="${w}" height="${h}" fill="none" stroke="#000" stroke-width="${Math.round(2 * linePx)}"/>`;
    levels[level] =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><path fill="#000" fill-rule="evenodd" d="${d}"/>${frame}</svg>`;
    lap(`level${level}`);
  }
  return { width: w, height: h, levels };
}
