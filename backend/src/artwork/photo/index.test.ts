import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import { decodeWorking } from '../portrait/analyse.js';
import { faceGeometry } from '../portrait/features.js';
import { glassesShape } from '../portrait/glasses.js';
import { components, erode, fillPolygon, type Mask } from '../portrait/raster.js';
import type { Pt } from '../portrait/trace.js';
import { createPortraitEngine, LEVELS, type Level, type PortraitEngine } from '../portrait/index.js';
import { findEyePair } from './eyes.js';
import { clearOfEyes, noseSide } from './face-parts.js';
import { drawPhotoArt, PHOTO_LEVELS, PHOTO_PRINT_LONG_MM, smoothLab, type FaceFinder, type PhotoArt } from './index.js';
import { measurePhotoArt, type PhotoArtFigures } from './measure.js';

/** The server's crop: 3:4 or 4:3 (the photo's own orientation), 1200 px on the long side, JPEG. */
async function cropped(name: string, aspect: 'portrait' | 'landscape'): Promise<Buffer> {
  const [w, h] = aspect === 'portrait' ? [900, 1200] : [1200, 900];
  return sharp(fixturePhoto(name)).resize(w, h, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
}

// A cat, a cup, a man with a camera, two faces: no face is needed, none is refused.
const PHOTOS: [string, 'portrait' | 'landscape'][] = [
  ['chelsea.png', 'landscape'],
  ['coffee.png', 'landscape'],
  ['camera.png', 'portrait'],
  ['grace-hopper.jpg', 'portrait'],
  ['astronaut.png', 'landscape'],
];

/**
 * The levels' SVGs (sha256, first 16 hex digits) as they were before faces were drawn at levels 3-4 and given ears and
 * the nose's side: the photos without a face stay the same at every level, the astronaut (no ear shows) at levels 1-2,
 * Grace Hopper at level 1 (ears are drawn from level 2) (null: a level that changed).
 */
const UNCHANGED: Readonly<Record<string, readonly (string | null)[]>> = {
  'chelsea.png': ['277b7c82fb95ec87', 'd6d45382f6f06b8f', 'f523fae1cca9e6df', '6c0a7f56b5dea61d'],
  'coffee.png': ['1a2072e6632b6e05', '746a68924974dd5e', '5475feaed8c8ce96', '5b8945d8a0a0e7f4'],
  'camera.png': ['e3f391c80f1b20ea', '081b748cbca1a8cb', 'e15e4e3fc62add33', '86b6068c8841bd85'],
  'grace-hopper.jpg': ['29f2ac4df0f093da', null, null, null],
  'astronaut.png': ['b99536acfb5a4c02', '32360ea9708ce195', null, null],
};

describe('single-photo art', () => {
  const arts = new Map<string, PhotoArt>();
  const figures = new Map<string, Record<Level, PhotoArtFigures>>();
  let engine: PortraitEngine;
  // as the server draws: the portrait engine finds the faces
  const faces: FaceFinder = (work) => engine.faces(work);
  /** Grace Hopper's face, as the art found it in her portrait crop. */
  const graceFace = async () => (await engine.faces(await decodeWorking(await cropped('grace-hopper.jpg', 'portrait'))))[0]!;
  /** The art rasterised at 4 px a mm of the printed page: its scale from the art's units and its size in pixels. */
  const onPage = (art: PhotoArt) => {
    const perMm = 4;
    const scale = (PHOTO_PRINT_LONG_MM * perMm) / Math.max(art.width, art.height);
    return { perMm, scale, w: Math.round(art.width * scale), h: Math.round(art.height * scale) };
  };
  /** An SVG of the art rasterised at that size: 1 where it is inked. */
  const inkOnPage = async (art: PhotoArt, svg: string): Promise<Mask> => {
    const { w, h } = onPage(art);
    const { data, info } = await sharp(Buffer.from(svg.replace('<svg ', `<svg width="${w}" height="${h}" `)))
      .flatten({ background: '#fff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { w: info.width, h: info.height, data: data.map((v) => (v < 128 ? 1 : 0)) };
  };

  beforeAll(async () => {
    engine = await createPortraitEngine();
    for (const [name, aspect] of PHOTOS) {
      const art = await drawPhotoArt(await cropped(name, aspect), undefined, faces);
      arts.set(name, art);
      const f = {} as Record<Level, PhotoArtFigures>;
      for (const level of LEVELS) f[level] = await measurePhotoArt(art, level);
      figures.set(name, f);
    }
  }, 180_000);

  it.each(PHOTOS)('draws %s at every level as a standalone black SVG in the photo’s proportions (%s)', (name, aspect) => {
    const art = arts.get(name)!;
    const ratio = art.width / art.height;
    expect(ratio).toBeCloseTo(aspect === 'portrait' ? 3 / 4 : 4 / 3, 1);
    for (const level of LEVELS) {
      const svg = art.levels[level];
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${art.width} ${art.height}">`)).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1]);
      expect(colours.filter((c) => c !== '#000' && c !== 'none')).toEqual([]);
      expect(svg).not.toMatch(/opacity|NaN|<image/);
    }
  });

  it('has ink on every level, but never mostly ink, and no solid blob wider than a few millimetres', () => {
    for (const [name] of PHOTOS) {
      for (const level of LEVELS) {
        const f = figures.get(name)![level];
        expect({ name, level, ink: f.ink > 0.03 && f.ink < 0.3 }).toEqual({ name, level, ink: true });
        // lines, not patches: where bold lines meet the ink may be a few line widths across, never more
        const limit = Math.max(4, 3.2 * PHOTO_LEVELS[level].lineMm);
        expect({ name, level, thick: f.thickestInkMm <= limit }).toEqual({ name, level, thick: true });
      }
    }
  });

  it('gives the youngest (level 1) fewer and larger regions than level 4, level by level more', () => {
    for (const [name] of PHOTOS) {
      const f = figures.get(name)!;
      const regions = LEVELS.map((l) => f[l].regions);
      for (let i = 1; i < regions.length; i++) expect({ name, regions, more: regions[i] > regions[i - 1] }).toMatchObject({ more: true });
      expect(regions[3]).toBeGreaterThan(2 * regions[0]);
      expect(f[1].medianRegionMm2).toBeGreaterThan(2 * f[4].medianRegionMm2);
      // level 1: few regions, each big enough for a toddler's crayon
      expect(regions[0]).toBeLessThanOrEqual(30);
    }
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('draws the same art for the same photo', async () => {
    const again = await drawPhotoArt(await cropped('coffee.png', 'landscape'), undefined, faces);
    expect(again).toEqual(arts.get('coffee.png'));
  });

  it('gives a face at level 1 a closed face with solid eyes: ink on each eye, the face paper between them', async () => {
    for (const name of ['grace-hopper.jpg', 'astronaut.png']) {
      const [, aspect] = PHOTOS.find(([n]) => n === name)!;
      const art = arts.get(name)!;
      const [face] = await engine.faces(await decodeWorking(await cropped(name, aspect)));
      expect(face).toBeDefined();
      const { scale } = onPage(art);
      const ink = await inkOnPage(art, art.levels[1]);
      const inkAt = (p: readonly [number, number]): boolean => ink.data[Math.round(p[1] * scale) * ink.w + Math.round(p[0] * scale)] === 1;
      const [r, l] = [face.mesh[468], face.mesh[473]];
      expect({ name, eyes: [inkAt(r), inkAt(l)] }).toEqual({ name, eyes: [true, true] });
      expect({ name, between: inkAt([(r[0] + l[0]) / 2, (r[1] + l[1]) / 2]) }).toEqual({ name, between: false });
    }
  }, 60_000);

  it('keeps the photos without a face as they were at every level, the astronaut at levels 1-2, Grace Hopper at level 1', () => {
    for (const [name] of PHOTOS) {
      const art = arts.get(name)!;
      const hashes = LEVELS.map((l, k) =>
        UNCHANGED[name][k] ? createHash('sha256').update(art.levels[l]).digest('hex').slice(0, 16) : null,
      );
      expect({ name, hashes }).toEqual({ name, hashes: UNCHANGED[name] });
    }
  });

  it('draws a face at levels 3-4 as a face: inside its oval only its features and glasses, none of the colour regions’ lines', async () => {
    const art = arts.get('grace-hopper.jpg')!;
    const face = await graceFace();
    const { perMm, scale, w, h } = onPage(art);
    const g = faceGeometry(face.mesh.map(([x, y]) => [x * scale, y * scale]));
    // the skin: inside the oval, 3 mm in from its line, away from the eyes and brows, the nose and the mouth
    const oval: Mask = { w, h, data: new Uint8Array(w * h) };
    fillPolygon(oval, g.oval);
    const skin = erode(oval, 3 * perMm);
    const features: Mask = { w, h, data: new Uint8Array(w * h) };
    const box = (pts: readonly (readonly [number, number])[], pad: number): void => {
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs) - pad, Math.max(...xs) + pad, Math.min(...ys) - pad, Math.max(...ys) + pad];
      fillPolygon(features, [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ]);
    };
    for (const k of [0, 1]) box([...g.eyes[k].outline, ...g.browUpper[k], ...g.browLower[k]], 0.4 * g.eyes[k].width);
    const [wl, wr] = g.noseWings;
    box([g.noseTip, g.noseBottom, wl, wr], 0.3 * Math.hypot(wr[0] - wl[0], wr[1] - wl[1]));
    // and the nose's side, up from its base
    box(
      noseSide(
        face.mesh.map(([x, y]) => [x * scale, y * scale]),
        g,
      ),
      2 * perMm,
    );
    box(g.lipsOuter, 0.25 * g.mouthWidth);
    // she wears glasses: their lenses are features too, and the bridge over her nose is drawn
    const glasses = glassesShape(g);
    for (const lens of [...glasses.lenses, glasses.bridge]) box(lens, 2 * perMm);
    // the bridge's middle, between its arch's top and its ends' height
    const [top, end] = [glasses.bridge[Math.floor(glasses.bridge.length / 2)], glasses.bridge[0]];
    let area = 0;
    for (let i = 0; i < w * h; i++) if (skin.data[i] && !features.data[i]) area++;
    // the skin left is still a good part of the face (a fifth of it at least)
    expect(area).toBeGreaterThan(0.2 * oval.data.reduce((n, v) => n + v, 0));
    for (const level of [3, 4] as const) {
      const page = await inkOnPage(art, art.levels[level]);
      let ink = 0;
      for (let i = 0; i < w * h; i++) if (skin.data[i] && !features.data[i] && page.data[i]) ink++;
      // before, the shading of the cheeks, the forehead and the nose was drawn as rings all over the face
      expect({ level, share: Math.round((ink / area) * 1000) / 1000 }).toEqual({ level, share: 0 });
      let bridge = false;
      for (let y = Math.round(top[1]); y <= Math.round(end[1]); y++) if (page.data[y * w + Math.round(top[0])]) bridge = true;
      expect({ level, bridge }).toEqual({ level, bridge: true });
    }
  }, 60_000);

  it('gives Grace Hopper’s face at levels 2-4 an ear on each side: a small closed region beside the oval at the eyes’ height', async () => {
    const art = arts.get('grace-hopper.jpg')!;
    const face = await graceFace();
    const { perMm, scale } = onPage(art);
    const m = (i: number): Pt => [face.mesh[i][0] * scale, face.mesh[i][1] * scale];
    const centre = m(168);
    for (const level of [2, 3, 4] as const) {
      const ink = await inkOnPage(art, art.levels[level]);
      const paper = components(ink, 0, false);
      const label = (p: Pt): number => paper.labels[Math.round(p[1]) * ink.w + Math.round(p[0])];
      const cheek = label(m(50));
      // inside the ear: beside the oval's point under the eye's corner, out from the face by a sixth of the ear's height
      // (past the ear's fold, short of its rim)
      const ears = [
        [234, 127, 132],
        [454, 356, 361],
      ].map(([side, top, bottom]) => {
        const [sx, sy] = m(side);
        const d = Math.hypot(sx - centre[0], sy - centre[1]);
        const out = Math.hypot(m(top)[0] - m(bottom)[0], m(top)[1] - m(bottom)[1]) / 6;
        const at = label([sx + ((sx - centre[0]) / d) * out, sy + ((sy - centre[1]) / d) * out]);
        const mm2 = at ? paper.areas[at] / (perMm * perMm) : 0;
        // paper, not the face's, and ear-sized: at least the level's smallest region, far less than the hair or the flag
        return { paper: at > 0, face: at === cheek, ear: mm2 >= Math.max(PHOTO_LEVELS[level].smallestMm2, 10) && mm2 <= 400 };
      });
      expect({ level, ears }).toEqual({ level, ears: [0, 1].map(() => ({ paper: true, face: false, ear: true })) });
    }
  }, 60_000);

  it('keeps a turned face’s eyes inside its oval with a margin: the oval bulges out past the far eye', async () => {
    const face = await graceFace();
    const g = faceGeometry(face.mesh.map(([x, y]) => [x, y]));
    const margin = 0.3 * ((g.eyes[0].width + g.eyes[1].width) / 2);
    const [cx] = g.centre;
    // turned in code: the oval's image-left side pulled in to the left eye's outer corner (as the landmarks' oval runs
    // across the far eye of a face turned three-quarters)
    const far = g.eyes[0];
    const corner = Math.min(...far.outline.map((p) => p[0]));
    const squeezed = g.oval.map(([x, y]) => [x < corner ? corner + (x - corner) * 0.1 : x, y] as Pt);
    const turned = { ...g, oval: squeezed };
    const clearance = (oval: readonly Pt[]): number => {
      // the nearest the eyes (as levels 3-4 draw them, 1.3 times their size) come to the oval, or minus if outside it
      const inside: Mask = { w: 2000, h: 2000, data: new Uint8Array(2000 * 2000) };
      fillPolygon(inside, oval);
      let least = Infinity;
      for (const e of turned.eyes) {
        for (const q of e.outline) {
          const p: Pt = [e.centre[0] + (q[0] - e.centre[0]) * 1.3, e.centre[1] + (q[1] - e.centre[1]) * 1.3];
          let d = Infinity;
          for (let i = 0; i < oval.length; i++) {
            const [a, b] = [oval[i], oval[(i + 1) % oval.length]];
            const [vx, vy] = [b[0] - a[0], b[1] - a[1]];
            const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy || 1)));
            d = Math.min(d, Math.hypot(p[0] - a[0] - t * vx, p[1] - a[1] - t * vy));
          }
          least = Math.min(least, inside.data[Math.round(p[1]) * 2000 + Math.round(p[0])] ? d : -d);
        }
      }
      return least;
    };
    // the landmarks' oval cuts the far eye; the drawn one keeps both eyes a margin inside
    expect(clearance(squeezed)).toBeLessThan(0);
    expect(clearance(clearOfEyes(turned))).toBeGreaterThanOrEqual(margin);
    // and still runs where the landmarks' oval does away from the eye (the right side, the chin)
    const kept = clearOfEyes(turned).filter((p, i) => p[0] === squeezed[i][0] && p[1] === squeezed[i][1]);
    expect(kept.length).toBeGreaterThan(squeezed.length / 2);
    expect(cx).toBeGreaterThan(corner);
    // a face seen from the front keeps the landmarks' oval
    expect(clearOfEyes(g)).toEqual(g.oval);
  }, 60_000);

  it('gives the cat close-up eyes at level 1: at each of its pupils a solid pupil in a closed round eye, none on the cup', async () => {
    const art = arts.get('chelsea.png')!;
    const raster = (svg: string): Promise<Mask> => inkOnPage(art, svg);
    const ink = await raster(art.levels[1]);
    const paper = components(ink, 0, false);
    // the cat's pupils, where the photo has them (shares of the picture's width and height)
    for (const [fx, fy] of [
      [0.45, 0.395],
      [0.72, 0.443],
    ]) {
      const x = Math.round(fx * ink.w);
      const y = Math.round(fy * ink.h);
      const at = (dx: number, dy: number): number => (y + dy * 4) * ink.w + x + dx * 4;
      expect({ fx, pupil: ink.data[at(0, 0)] }).toEqual({ fx, pupil: 1 });
      // paper round it, one closed region the size of a big eye (the level's smallest region up to a 30 mm circle)
      const around = [at(6, 0), at(-6, 0), at(0, 6), at(0, -6)].map((i) => paper.labels[i]);
      expect({ fx, around: new Set(around).size, paper: around.every(Boolean) }).toEqual({ fx, around: 1, paper: true });
      const mm2 = paper.areas[around[0]] / 16;
      expect({ fx, mm2, eye: mm2 >= PHOTO_LEVELS[1].minRegionMm2 && mm2 <= Math.PI * 15 * 15 }).toMatchObject({ fx, eye: true });
    }
    // the cup and the man behind his camera (no face found in either) have no pair of eyes: drawn as before
    for (const [name, aspect] of PHOTOS.filter(([n]) => ['chelsea.png', 'coffee.png', 'camera.png'].includes(n))) {
      const { lab, perMm } = await smoothLab(await decodeWorking(await cropped(name, aspect)));
      expect({ name, eyes: findEyePair(lab, perMm) !== null }).toEqual({ name, eyes: name === 'chelsea.png' });
    }
  }, 60_000);

  it('keeps the cat apart from the room behind it at levels 1 and 2: the room’s regions reach none of the cat', async () => {
    const art = arts.get('chelsea.png')!;
    for (const level of [1, 2] as const) {
      const ink = await inkOnPage(art, art.levels[level]);
      const paper = components(ink, 0, false);
      const label = (fx: number, fy: number): number => paper.labels[Math.round(fy * ink.h) * ink.w + Math.round(fx * ink.w)];
      // the photo's right tenth is the blurred room behind the cat, top to bottom
      const background = new Set<number>();
      for (let fy = 0.05; fy < 0.96; fy += 0.01) background.add(label(0.965, fy));
      background.delete(0);
      // the cat where the photo has it: its right ear, above and below each eye, between them, the muzzle, its left
      // cheek and its chest
      const fur = [
        [0.8, 0.1],
        [0.45, 0.25],
        [0.72, 0.28],
        [0.585, 0.42],
        [0.42, 0.55],
        [0.7, 0.62],
        [0.5, 0.7],
        [0.66, 0.75],
        [0.15, 0.65],
        [0.3, 0.85],
      ];
      const reached = fur.filter(([fx, fy]) => background.has(label(fx, fy)));
      expect({ level, reached }).toEqual({ level, reached: [] });
    }
  });

  it('imagines no face in a cat’s fur: the cat close-up is drawn as without a face finder', async () => {
    const crop = await cropped('chelsea.png', 'landscape');
    expect(await engine.faces(await decodeWorking(crop))).toEqual([]);
    expect(arts.get('chelsea.png')).toEqual(await drawPhotoArt(crop));
  }, 60_000);
});
