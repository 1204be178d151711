// Photo → working image, the one face (refusals otherwise), straightened, and the child's mask.

import { PORTRAIT_MESSAGES } from '@colouring/domain';
import sharp from 'sharp';
import { completeCutHead, type PhotoFrame } from './cut-head.js';
import type { DetectedFace, FaceModels } from './models.js';
import { components, fillHoles, fillPolygon, stageClock, type Mask } from './raster.js';
import type { Pt } from './trace.js';

export type RefusalCode = 'no_face' | 'several_faces' | 'face_turned';

export class PortraitRefusal extends Error {
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message?: string) {
    super(message ?? defaultRefusalMessage(code));
    this.name = 'PortraitRefusal';
    this.code = code;
  }
}

/** The user's message for each refusal, from the domain's error catalogue. */
function defaultRefusalMessage(code: RefusalCode): string {
  switch (code) {
    case 'no_face':
      return PORTRAIT_MESSAGES.noFace;
    case 'several_faces':
      return PORTRAIT_MESSAGES.severalFaces;
    case 'face_turned':
      return PORTRAIT_MESSAGES.faceTurned;
  }
}

/** Pixels of the working image (w*h); the long side ends up between about 770 and 1000 px. */
export const WORKING_PIXELS = 768 * 768;
const MAX_SIDE = 1000;
/** Faces turned further than this (radians, yaw or pitch) cannot be drawn face-on. */
export const MAX_YAW = 0.6;
export const MAX_PITCH = 0.75;
/** Rolls smaller than this are left alone (radians, about 1.5°). */
export const MIN_ROLL = 0.026;

export interface Working {
  readonly rgb: Uint8Array;
  readonly w: number;
  readonly h: number;
}

/** Decode (EXIF-rotated, alpha flattened on white, sRGB) and resize to the working size. */
export async function decodeWorking(photo: Buffer): Promise<Working> {
  const meta = await sharp(photo, { failOn: 'error' }).metadata();
  let W = meta.width ?? 0;
  let H = meta.height ?? 0;
  if (!W || !H) throw new Error('cannot read the photo size');
  if ((meta.orientation ?? 1) >= 5) [W, H] = [H, W];
  let s = Math.sqrt(WORKING_PIXELS / (W * H));
  if (Math.max(W, H) * s > MAX_SIDE) s = MAX_SIDE / Math.max(W, H);
  const w = Math.max(16, Math.round(W * s));
  const h = Math.max(16, Math.round(H * s));
  const { data, info } = await sharp(photo, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(w, h, { fit: 'fill', kernel: s < 1 ? 'lanczos3' : 'cubic' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || info.width !== w || info.height !== h) throw new Error('unexpected decoded layout');
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), w, h };
}

export interface Analysis extends Working {
  /** 478 landmarks in working pixels, after straightening */
  readonly mesh: readonly Pt[];
  /** angle the photo was turned by to level the eyes (radians) */
  readonly straightenedBy: number;
  /** person probability 0..1 */
  readonly prob: Float32Array;
  /** the child: one connected region, holes filled, always containing the face */
  readonly person: Mask;
  /** where the photo lies in the working image, when it was grown round a head the photo cuts (cut-head.ts) */
  readonly frame?: PhotoFrame;
}

/** Two detections whose eyes lie this close (share of the eye distance) are the same face found twice. */
const SAME_FACE_EYES = 0.35;

/** The same face detected twice (overlapping anchors): both eyes of one within a third of the eye distance of the other's. */
function sameFace(a: DetectedFace, b: DetectedFace): boolean {
  const [a0, a1] = eyeCentres(a.mesh);
  const [b0, b1] = eyeCentres(b.mesh);
  const span = Math.hypot(a1[0] - a0[0], a1[1] - a0[1]);
  const d = (p: readonly [number, number], q: readonly [number, number]): number => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const near = SAME_FACE_EYES * span;
  return (d(a0, b0) < near && d(a1, b1) < near) || (d(a0, b1) < near && d(a1, b0) < near);
}

/** The faces found, each once (a face found twice is kept as its bigger detection), biggest first. */
export function distinctFaces(faces: readonly DetectedFace[]): DetectedFace[] {
  const found = faces.filter((f) => f.score >= 0.5);
  found.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3] || b.score - a.score);
  const real: DetectedFace[] = [];
  for (const f of found) if (!real.some((r) => sameFace(r, f))) real.push(f);
  return real;
}

/** Choose the one face or refuse. */
export function chooseFace(faces: readonly DetectedFace[]): DetectedFace {
  const real = distinctFaces(faces);
  if (!real.length) throw new PortraitRefusal('no_face');
  const main = real[0];
  // a second face of comparable size is a second person; a tiny face far behind is background
  const others = real.slice(1).filter((f) => f.box[2] >= 0.45 * main.box[2] && f.score >= 0.6);
  if (others.length) throw new PortraitRefusal('several_faces');
  if (Math.abs(main.yaw) > MAX_YAW || Math.abs(main.pitch) > MAX_PITCH) throw new PortraitRefusal('face_turned');
  if (meshLooksTurned(main.mesh)) throw new PortraitRefusal('face_turned');
  return main;
}

/** Landmark check independent of the pose estimate: the nose tip far off the middle of the cheeks. */
function meshLooksTurned(mesh: readonly (readonly [number, number])[]): boolean {
  const nose = mesh[1];
  const r = mesh[234];
  const l = mesh[454];
  const span = Math.hypot(l[0] - r[0], l[1] - r[1]);
  if (span < 1) return true;
  const dr = Math.hypot(nose[0] - r[0], nose[1] - r[1]);
  const dl = Math.hypot(nose[0] - l[0], nose[1] - l[1]);
  const ratio = Math.min(dr, dl) / Math.max(dr, dl);
  return ratio < 0.35;
}

/** Roll of the eye line (radians), from the subject's right eye (image left) to the left eye. */
export function eyeRoll(mesh: readonly (readonly [number, number])[]): number {
  const [r, l] = eyeCentres(mesh);
  // human names the subject's eyes; whichever is image-left goes first
  const [a, b] = r[0] <= l[0] ? [r, l] : [l, r];
  return Math.atan2(b[1] - a[1], b[0] - a[0]);
}

/** The subject's right and left eye centres: the irises, or the eye corners' middles without them. */
export function eyeCentres(mesh: readonly (readonly [number, number])[]): [readonly [number, number], readonly [number, number]] {
  return mesh.length > 473 ? [mesh[468], mesh[473]] : [mid(mesh[33], mesh[133]), mid(mesh[362], mesh[263])];
}

function mid(a: readonly [number, number], b: readonly [number, number]): [number, number] {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** Rotate by -roll about the centre and zoom just enough that no corner is left empty. */
export function straighten(img: Working, roll: number): { img: Working; map: (p: readonly [number, number]) => Pt } {
  const { w, h, rgb } = img;
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  const ac = Math.abs(c);
  const as = Math.abs(s);
  const k = Math.min(w / (w * ac + h * as), h / (w * as + h * ac));
  const cx = w / 2;
  const cy = h / 2;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const oy = (y + 0.5 - cy) * k;
    for (let x = 0; x < w; x++) {
      const ox = (x + 0.5 - cx) * k;
      let sx = cx + c * ox - s * oy - 0.5;
      let sy = cy + s * ox + c * oy - 0.5;
      if (sx < 0) sx = 0;
      else if (sx > w - 1) sx = w - 1;
      if (sy < 0) sy = 0;
      else if (sy > h - 1) sy = h - 1;
      const x0 = sx | 0;
      const y0 = sy | 0;
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * w + x) * 3;
      const p00 = (y0 * w + x0) * 3;
      const p01 = (y0 * w + x1) * 3;
      const p10 = (y1 * w + x0) * 3;
      const p11 = (y1 * w + x1) * 3;
      const gy = 1 - fy;
      for (let ch = 0; ch < 3; ch++) {
        const a = rgb[p00 + ch];
        const b = rgb[p01 + ch];
        const d = rgb[p10 + ch];
        const e = rgb[p11 + ch];
        out[o + ch] = Math.round((a + (b - a) * fx) * gy + (d + (e - d) * fx) * fy);
      }
    }
  }
  const map = (p: readonly [number, number]): Pt => {
    const dx = p[0] - cx;
    const dy = p[1] - cy;
    return [cx + (c * dx + s * dy) / k, cy + (-s * dx + c * dy) / k];
  };
  return { img: { rgb: out, w, h }, map };
}

/** Face oval (36 mesh points, clockwise from the forehead top). */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93,
  234, 127, 162, 21, 54, 103, 67, 109,
];

/** The child's region: the segmentation, plus the face, one piece, no holes. */
export function personMask(prob: Float32Array, w: number, h: number, mesh: readonly Pt[]): Mask {
  const data = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) data[i] = prob[i] >= 0.5 ? 1 : 0;
  const m: Mask = { w, h, data };
  fillPolygon(
    m,
    FACE_OVAL.map((i) => mesh[i]),
  );
  const c = components(m, 1);
  const nose = mesh[1];
  const seed = c.labels[Math.min(h - 1, Math.max(0, Math.round(nose[1]))) * w + Math.min(w - 1, Math.max(0, Math.round(nose[0])))];
  for (let i = 0; i < data.length; i++) data[i] = c.labels[i] === seed && seed !== 0 ? 1 : 0;
  fillHoles(m);
  return m;
}

/** Long side of the copy the face detector sees: its detector is most reliable around this size. */
const DETECT_SIDE = 512;

/** Detect on a well-filtered 512 px copy (the detector aliases on larger inputs), landmarks in working pixels. */
export async function detectFaces(models: FaceModels, work: Working): Promise<DetectedFace[]> {
  const s = Math.min(1, DETECT_SIDE / Math.max(work.w, work.h));
  if (s >= 1) return models.detect(work.rgb, work.w, work.h);
  const dw = Math.round(work.w * s);
  const dh = Math.round(work.h * s);
  const small = await sharp(work.rgb, { raw: { width: work.w, height: work.h, channels: 3 } })
    .resize(dw, dh, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const faces = await models.detect(new Uint8Array(small.buffer, small.byteOffset, small.length), dw, dh);
  const sx = work.w / dw;
  const sy = work.h / dh;
  return faces.map((f) => ({
    ...f,
    box: [f.box[0] * sx, f.box[1] * sy, f.box[2] * sx, f.box[3] * sy] as const,
    mesh: f.mesh.map((p) => [(p[0] + 0.5) * sx - 0.5, (p[1] + 0.5) * sy - 0.5] as const),
  }));
}

/**
 * The faces of a photo that the detector also finds in its mirror image, each once: a face the detector imagines in
 * fur or a pattern (a cat's forehead) does not come back mirrored, a real one does, eyes in the same places.
 */
export async function steadyFaces(models: FaceModels, work: Working): Promise<DetectedFace[]> {
  const faces = distinctFaces(await detectFaces(models, work));
  if (!faces.length) return faces;
  const { w, h, rgb } = work;
  const mirror = new Uint8Array(rgb.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const i = (y * w + w - 1 - x) * 3;
      mirror[o] = rgb[i];
      mirror[o + 1] = rgb[i + 1];
      mirror[o + 2] = rgb[i + 2];
    }
  }
  const back = distinctFaces(await detectFaces(models, { rgb: mirror, w, h })).map((f) => ({
    ...f,
    mesh: f.mesh.map((p) => [w - 1 - p[0], p[1]] as const),
  }));
  return faces.filter((f) => back.some((b) => sameFace(f, b)));
}

export async function analyse(models: FaceModels, photo: Buffer, timings?: Record<string, number>): Promise<Analysis> {
  const lap = stageClock(timings);
  const work = await decodeWorking(photo);
  lap('decode');
  const faces = await detectFaces(models, work);
  lap('detect');
  const face = chooseFace(faces);
  const roll = eyeRoll(face.mesh);
  let img = work;
  let mesh: Pt[] = face.mesh.map((p) => [p[0], p[1]]);
  let straightenedBy = 0;
  if (Math.abs(roll) > MIN_ROLL) {
    const st = straighten(work, roll);
    img = st.img;
    mesh = face.mesh.map(st.map);
    straightenedBy = roll;
  }
  lap('straighten');
  const prob = await models.segment(img.rgb, img.w, img.h);
  lap('segment');
  const person = personMask(prob, img.w, img.h, mesh);
  lap('mask');
  const whole = completeCutHead({ ...img, mesh, straightenedBy, prob, person });
  lap('cutHead');
  return whole;
}
