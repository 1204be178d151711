import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import type { Analysis } from './analyse.js';
import { faceGeometry } from './features.js';
import { analyse, createPortraitEngine, FaceModels, LEVELS, PRINT_WIDTH_MM, type Portrait, type PortraitEngine } from './index.js';
import { lineArtLevel } from './lineart.js';
import { dilate, erode, fillPolygon, type Mask } from './raster.js';
import { outerContour } from './shapes.js';
import { resample, type Pt } from './trace.js';

/** Close-ups cut from the fixtures round the face (source pixels): the hair runs off the top and both sides. */
const CLOSE_UPS = {
  grace: { file: 'grace-hopper.jpg', left: 148, top: 82, width: 229, height: 306 },
  astronaut: { file: 'astronaut.png', left: 157, top: 48, width: 118, height: 162 },
} as const;

/**
 * No straight upright or level run of an outline above the chin longer than this (mm at the portrait's print width, a
 * fifth of it; cut straight by the frame, Grace Hopper's head ran 41 to 52 mm along it), and no sharper turn of the
 * head than this (degrees) over `TURN_ARM_MM` each side of a point.
 */
const MAX_STRAIGHT_MM = 25;
const MAX_TURN_DEG = 55;
const TURN_ARM_MM = 6;

function chin(p: Portrait): number {
  return Math.max(...p.features.faceOutline.map((q) => q[1]));
}

/**
 * The longest piece of a closed outline above `maxY` that is straight (every point within `tol` of the chord) and
 * runs along an axis (the photo's frame is upright), and the sharpest turn over `arm` each side of a point.
 */
function shape(outline: readonly Pt[], maxY: number, unitsPerMm: number): { straightMm: number; turnDeg: number } {
  const step = 0.5 * unitsPerMm;
  const pts = resample(outline, step, true);
  const n = pts.length;
  const tol = 0.25 * unitsPerMm;
  let straight = 0;
  for (let i = 0; i < n; i++) {
    if (pts[i]![1] > maxY) continue;
    for (let len = 2; len < n; len++) {
      const a = pts[i]!;
      const b = pts[(i + len) % n]!;
      if (b[1] > maxY) break;
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const d = Math.hypot(dx, dy);
      let ok = Math.min(Math.abs(dx), Math.abs(dy)) < 0.1 * d;
      for (let k = 1; ok && k < len; k++) {
        const q = pts[(i + k) % n]!;
        ok = Math.abs((q[0] - a[0]) * dy - (q[1] - a[1]) * dx) / d <= tol;
      }
      if (!ok) break;
      straight = Math.max(straight, d);
    }
  }
  const arm = Math.max(1, Math.round((TURN_ARM_MM * unitsPerMm) / step));
  let turn = 0;
  for (let i = 0; i < n; i++) {
    const p = pts[i]!;
    if (p[1] > maxY) continue;
    const a = pts[(i - arm + n) % n]!;
    const b = pts[(i + arm) % n]!;
    const t1 = Math.atan2(p[1] - a[1], p[0] - a[0]);
    const t2 = Math.atan2(b[1] - p[1], b[0] - p[0]);
    let d = Math.abs(t2 - t1);
    if (d > Math.PI) d = 2 * Math.PI - d;
    turn = Math.max(turn, d);
  }
  return { straightMm: straight / unitsPerMm, turnDeg: (turn * 180) / Math.PI };
}

/** The outermost ink of a level (leftmost, rightmost and topmost ink of each row and column) as one closed outline. */
async function inkOutline(p: Portrait, level: (typeof LEVELS)[number]): Promise<Pt[]> {
  const { data, info } = await sharp(Buffer.from(p.levels[level].replace('<svg ', `<svg width="${p.width}" height="${p.height}" `)))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = info;
  const ink = (x: number, y: number): boolean => data[(y * w + x) * channels]! < 128;
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let y = 0; y < h; y++) {
    let a = 0;
    while (a < w && !ink(a, y)) a++;
    if (a === w) continue;
    let b = w - 1;
    while (!ink(b, y)) b--;
    left.push([a, y]);
    right.push([b, y]);
  }
  // down the right side, back up the left: the top is where the rows begin
  return [...right, ...left.reverse()];
}

describe('a close-up photo: the head the frame cuts on three sides is drawn round', () => {
  let engine: PortraitEngine;
  const portraits: Partial<Record<keyof typeof CLOSE_UPS, Portrait>> = {};

  beforeAll(async () => {
    engine = await createPortraitEngine();
    for (const [name, c] of Object.entries(CLOSE_UPS) as [keyof typeof CLOSE_UPS, (typeof CLOSE_UPS)[keyof typeof CLOSE_UPS]][]) {
      const crop = await sharp(fixturePhoto(c.file))
        .extract({ left: c.left, top: c.top, width: c.width, height: c.height })
        .png()
        .toBuffer();
      portraits[name] = await engine.render(crop);
    }
  }, 120_000);

  afterAll(() => engine.close());

  it('gives the head a round outline: no long straight side, no square corner above the chin', () => {
    for (const [name, p] of Object.entries(portraits)) {
      const unitsPerMm = p.width / p.printWidthMm;
      const s = shape(p.head!, chin(p), unitsPerMm);
      expect({ name, straight: s.straightMm < MAX_STRAIGHT_MM, turn: s.turnDeg < MAX_TURN_DEG }).toEqual({
        name,
        straight: true,
        turn: true,
      });
    }
  });

  it('draws every level inside a round outline: its outermost ink runs along no straight edge', async () => {
    for (const [name, p] of Object.entries(portraits)) {
      const unitsPerMm = p.width / p.printWidthMm;
      for (const level of LEVELS) {
        const s = shape(await inkOutline(p, level), chin(p), unitsPerMm);
        expect({ name, level, straight: s.straightMm < MAX_STRAIGHT_MM }).toEqual({ name, level, straight: true });
      }
    }
  });
});

/**
 * Where the traced lines of a level end along each capped cut of the photo (cut-head.ts frame), sampled every mm along
 * the cut where the child crosses it, away from the face: the depth (mm) of the first ink going in from the cut, null
 * where none lies within `reachMm`. Only the traced drawing, its outline and its features (no faint hair); without
 * `fade`, drawn as the photo's edge would end it (the frame unknown to the drawing).
 */
async function endsAlongCuts(a: Analysis, level: 3 | 4, reachMm: number, fade = true): Promise<(number | null)[][]> {
  const f = a.frame!;
  const unitsPerMm = a.w / PRINT_WIDTH_MM;
  const face = faceGeometry(a.mesh);
  const drawn = fade ? a : { ...a, frame: undefined };
  const { body } = lineArtLevel(drawn, face, outerContour(a.person, 2.5, 0.35), level, unitsPerMm);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${a.w}" height="${a.h}" viewBox="0 0 ${a.w} ${a.h}">${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // the child away from its outline, and the face (its oval's lines are the face's, not the hair's)
  const inner = erode(a.person, 2 * unitsPerMm);
  const faceArea: Mask = { w: a.w, h: a.h, data: new Uint8Array(a.w * a.h) };
  fillPolygon(faceArea, face.oval);
  const faceNear = dilate(faceArea, 2 * unitsPerMm);
  const cuts: [boolean, number, (s: number, d: number) => [number, number]][] = [
    [f.top, a.w, (s, d) => [s, f.y0 + d]],
    [f.left, a.h, (s, d) => [f.x0 + d, s]],
    [f.right, a.h, (s, d) => [f.x1 - 1 - d, s]],
  ];
  const out: (number | null)[][] = [];
  for (const [capped, length, at] of cuts) {
    if (!capped) continue;
    const depths: (number | null)[] = [];
    for (let s = 0; s < length; s = Math.round(s + unitsPerMm)) {
      let found: number | null = null;
      for (let d = 0; d < reachMm * unitsPerMm; d++) {
        const [x, y] = at(s, d);
        const i = y * a.w + x;
        if (!inner.data[i] || faceNear.data[i]) break;
        if (data[(y * info.width + x) * info.channels]! < 128) {
          found = d / unitsPerMm;
          break;
        }
      }
      depths.push(found);
    }
    out.push(depths);
  }
  return out;
}

/** The longest run (mm) of consecutive ends whose depths all lie within `spreadMm` of each other: a line they end on. */
function straightEnds(depths: readonly (number | null)[], spreadMm: number): number {
  let best = 0;
  for (let i = 0; i < depths.length; i++) {
    let lo = Infinity;
    let hi = -Infinity;
    let j = i;
    for (; j < depths.length && depths[j] !== null; j++) {
      lo = Math.min(lo, depths[j]!);
      hi = Math.max(hi, depths[j]!);
      if (hi - lo > spreadMm) break;
    }
    best = Math.max(best, j - i - 1);
  }
  return best;
}

/** The band before a cut the hair fades out over (lineart.ts), mm; the hair's ends are looked for in it. */
const FADE_MM = 6;
/** No run of the hair's ends within 1 mm of one depth longer than this (mm). */
const MAX_ENDS_IN_LINE_MM = 6;

describe('a close-up photo: the traced hair fades out before the cut', () => {
  const analyses: Partial<Record<keyof typeof CLOSE_UPS, Analysis>> = {};

  beforeAll(async () => {
    const models = await FaceModels.load();
    for (const [name, c] of Object.entries(CLOSE_UPS) as [keyof typeof CLOSE_UPS, (typeof CLOSE_UPS)[keyof typeof CLOSE_UPS]][]) {
      const crop = await sharp(fixturePhoto(c.file))
        .extract({ left: c.left, top: c.top, width: c.width, height: c.height })
        .png()
        .toBuffer();
      analyses[name] = await analyse(models, crop);
    }
  }, 120_000);

  it("levels 3-4 end no run of hair on a line along the cut (drawn to the photo's edge, they do)", async () => {
    for (const [name, a] of Object.entries(analyses)) {
      expect({ name, frame: a.frame !== undefined }).toEqual({ name, frame: true });
      let longestUnfaded = 0;
      for (const level of [3, 4] as const) {
        const faded = (await endsAlongCuts(a, level, FADE_MM)).map((d) => straightEnds(d, 1));
        const unfaded = (await endsAlongCuts(a, level, FADE_MM, false)).map((d) => straightEnds(d, 1));
        expect({ name, level, longest: Math.max(...faded) <= MAX_ENDS_IN_LINE_MM }).toEqual({ name, level, longest: true });
        longestUnfaded = Math.max(longestUnfaded, ...unfaded);
      }
      expect({ name, unfaded: longestUnfaded > MAX_ENDS_IN_LINE_MM }).toEqual({ name, unfaded: true });
    }
  });
});
