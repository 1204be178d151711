import fs, { readdirSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PORTRAIT_MESSAGES } from '@colouring/domain';
import sharp from 'sharp';
import {
  analyse,
  buildPortrait,
  createPortraitEngine,
  FaceModels,
  LEVELS,
  PortraitRefusal,
  type Level,
  type Portrait,
  type PortraitEngine,
} from './index.js';
import { chooseFace, decodeWorking, detectFaces, type Analysis } from './analyse.js';
import type { DetectedFace } from './models.js';
import { LevelWorker } from './level-worker.js';
import { LINE_ART } from './lineart.js';
import { components, distanceSquaredBounded, type Mask } from './raster.js';
import { REGION_BANDS } from '../page/regions.js';
import { fixturePhoto } from '../../../test/support/photos.js';

const photo = fixturePhoto;

/** Rasterise an SVG of the portrait at its own size: 1 = ink, 0 = paper. */
async function rasterise(p: Portrait, svg: string, scale = 1): Promise<Mask> {
  const w = Math.round(p.width * scale);
  const h = Math.round(p.height * scale);
  const sized = svg.replace('<svg ', `<svg width="${w}" height="${h}" `);
  const { data, info } = await sharp(Buffer.from(sized))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const m = new Uint8Array(info.width * info.height);
  for (let i = 0; i < m.length; i++) m[i] = data[i * info.channels] < 128 ? 1 : 0;
  return { w: info.width, h: info.height, data: m };
}

/** Ink area (mm² at print size) and the median line width (mm): twice the distance to paper along the lines' middles. */
async function lineMeasure(p: Portrait, svg: string): Promise<{ inkMm2: number; widthMm: number }> {
  const ink = await rasterise(p, svg, 3);
  const pxPerMm = ink.w / p.printWidthMm;
  const d = distanceSquaredBounded(ink, 0, 24);
  const widths: number[] = [];
  let area = 0;
  const { w, h, data } = ink;
  const around = [-1, 1, -w, w, -w - 1, -w + 1, w - 1, w + 1];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!data[i]) continue;
      area++;
      if (around.every((o) => d[i + o]! <= d[i]!)) widths.push(2 * Math.sqrt(d[i]!) - 1);
    }
  }
  widths.sort((a, b) => a - b);
  return { inkMm2: area / pxPerMm ** 2, widthMm: widths[widths.length >> 1]! / pxPerMm };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Files and folders two levels deep below `dir`. */
function listing(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    out.push(e.name);
    if (e.isDirectory()) {
      try {
        for (const f of readdirSync(path.join(dir, e.name))) out.push(path.join(e.name, f));
      } catch {
        // a folder another process owns or just removed
      }
    }
  }
  return out;
}

function pathNodes(svg: string): number {
  let n = 0;
  for (const m of svg.matchAll(/ d="([^"]*)"/g)) n += (m[1].match(/-?\d*\.?\d+/g) ?? []).length / 2;
  return n;
}

async function refusal(engine: PortraitEngine, buf: Buffer): Promise<string> {
  try {
    await engine.render(buf);
    return 'rendered';
  } catch (e) {
    if (e instanceof PortraitRefusal) return e.code;
    throw e;
  }
}

/** A head cut from a fixture as an oval [cx, cy, rx, ry] (transparent around it), `width` px wide. */
async function ovalCut(name: string, [cx, cy, rx, ry]: [number, number, number, number], width: number): Promise<Buffer> {
  const { width: w, height: h } = await sharp(photo(name)).metadata();
  const oval = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff"/></svg>`,
  );
  const cut = await sharp(photo(name))
    .ensureAlpha()
    .composite([{ input: oval, blend: 'dest-in' }])
    .png()
    .toBuffer();
  return sharp(cut)
    .extract({ left: cx - rx, top: cy - ry, width: 2 * rx, height: 2 * ry })
    .resize(width)
    .png()
    .toBuffer();
}

describe('portrait engine', () => {
  let engine: PortraitEngine;
  let astronaut: Portrait;

  beforeAll(async () => {
    engine = await createPortraitEngine();
    astronaut = await engine.render(photo('astronaut.png'));
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
  });

  let analysis: Analysis | undefined;
  /** The astronaut photo analysed outside the engine (models loaded once for the tests that need it). */
  async function analysed(): Promise<Analysis> {
    analysis ??= await analyse(await FaceModels.load(), photo('astronaut.png'));
    return analysis;
  }

  it('gives byte-identical SVG for the same photo, whether level 4 is drawn on the second thread or not', async () => {
    const again = await engine.render(photo('astronaut.png'));
    expect(again).toEqual(astronaut);
    const oneThread = await buildPortrait(await analysed());
    for (const level of LEVELS) expect(oneThread.levels[level]).toBe(astronaut.levels[level]);
  }, 120_000);

  it('fails a drawing the level thread cannot make or that is cut off, and draws again afterwards', async () => {
    const a = await analysed();
    const good = {
      input: { rgb: a.rgb, w: a.w, h: a.h, person: a.person },
      mesh: a.mesh,
      outline: astronaut.silhouette,
      level: 4 as const,
      unitsPerMm: a.w / 120,
    };
    const worker = new LevelWorker();
    try {
      await expect(worker.draw({ ...good, mesh: [] })).rejects.toThrow(/level drawing failed/);
      const body = await worker.draw(good);
      expect(body).toMatch(/^<path fill="#000" fill-rule="evenodd" d="M/);
      const cutOff = worker.draw(good);
      await worker.close();
      await expect(cutOff).rejects.toThrow(/level worker (closed|exited)/);
      expect(await worker.draw(good)).toBe(body);
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('turns a head-and-shoulders photo into four standalone SVG levels in one viewBox', () => {
    expect(astronaut.width).toBeGreaterThan(500);
    expect(astronaut.height).toBeGreaterThan(500);
    for (const level of LEVELS) {
      const svg = astronaut.levels[level];
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${astronaut.width} ${astronaut.height}">`)).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
    }
  });

  it('draws only in pure black: every fill and stroke is black or none, nothing else is painted', () => {
    for (const level of LEVELS) {
      const svg = astronaut.levels[level];
      for (const m of svg.matchAll(/(fill|stroke)="([^"]*)"/g)) expect(['#000', 'none']).toContain(m[2]);
      expect(svg).not.toMatch(/opacity|<image|<text|rgb\(|#fff/i);
      expect(svg).not.toMatch(/<rect/);
    }
  });

  it('gives a closed silhouette path inside the viewBox', () => {
    const d = astronaut.silhouettePath;
    expect(d.startsWith('M')).toBe(true);
    expect(d.endsWith('z')).toBe(true);
    expect((d.match(/M/g) ?? []).length).toBe(1);
    for (const [x, y] of astronaut.silhouette) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(astronaut.width);
      expect(y).toBeLessThanOrEqual(astronaut.height);
    }
  });

  it('keeps the young levels simpler than the detailed ones: level 1 has fewer path nodes than level 4', () => {
    const nodes = LEVELS.map((l) => pathNodes(astronaut.levels[l]));
    expect(nodes[0]).toBeLessThan(nodes[3]);
    expect(nodes[1]).toBeLessThan(nodes[3]);
    expect(nodes[2]).toBeLessThan(nodes[3]);
  });

  it('leaves no speck smaller than the level minimum at levels 3 and 4', async () => {
    for (const level of [3, 4] as const) {
      const ink = await rasterise(astronaut, astronaut.levels[level]);
      const unitsPerMm = astronaut.width / astronaut.printWidthMm;
      const minArea = LINE_ART[level].minSpeckMm2 * unitsPerMm ** 2;
      const c = components(ink, 1);
      const smallest = Math.min(...c.areas.slice(1));
      // rasterising anti-aliased curves loses a little area: allow half
      expect(smallest).toBeGreaterThanOrEqual(minArea * 0.5);
    }
  });

  it('closes the regions a toddler colours at level 1: face, hair and body are each enclosed', async () => {
    const ink = await rasterise(astronaut, astronaut.levels[1]);
    const paper = components(ink, 0);
    const at = (x: number, y: number): number => paper.labels[Math.round(y) * ink.w + Math.round(x)];
    const background = at(2, 2);
    const [e0, e1] = astronaut.features.eyes;
    const faceCentre: [number, number] = [(e0[0] + e1[0]) / 2, (e0[1] + e1[1]) / 2 + 0.6 * Math.abs(e1[0] - e0[0])];
    const top = astronaut.features.faceOutline[0];
    const checks: [number, number][] = [faceCentre, [top[0], top[1] - 12]];
    for (const [x, y] of checks) {
      const l = at(x, y);
      expect(l).not.toBe(0); // paper there, not a line
      expect(l).not.toBe(background);
      expect(paper.touchesBorder[l]).toBe(false);
    }
  });

  it('leaves no region too small for a toddler in the level-1 head, eyes drawn as solid dots, on both fixture faces', async () => {
    const grace = await engine.render(photo('grace-hopper.jpg'));
    for (const p of [astronaut, grace]) {
      // the head as small as a level-1 scene draws it: 60 mm from the top of the hair to the chin, 0.74 of that riding
      const top = Math.min(...p.silhouette.map((q) => q[1]));
      const chin = Math.max(...p.features.faceOutline.map((q) => q[1]));
      const headMm = 0.74 * 60;
      const pxPerMm = 4;
      const scale = (headMm * pxPerMm) / (chin - top);
      const ink = await rasterise(p, p.levels[1], scale);
      const paper = components(ink, 0);
      // regions wholly inside the head (above the chin): what the pages show of the portrait
      const lowest = new Float64Array(paper.count + 1);
      for (let i = 0; i < ink.data.length; i++) {
        const l = paper.labels[i];
        if (l) lowest[l] = Math.max(lowest[l], Math.floor(i / ink.w));
      }
      const areasMm2: number[] = [];
      for (let l = 1; l <= paper.count; l++) {
        if (paper.touchesBorder[l] || lowest[l] > chin * scale) continue;
        const mm2 = paper.areas[l] / pxPerMm ** 2;
        if (mm2 >= 1) areasMm2.push(Math.round(mm2)); // under 1 mm²: anti-aliasing gaps, as the page count has it
      }
      expect(areasMm2.filter((a) => a < REGION_BANDS[1].smallestMm2)).toEqual([]);
      // still a face: each eye a solid dot of ink at its centre, the face paper between them
      for (const [x, y] of p.features.eyes) expect(ink.data[Math.round(y * scale) * ink.w + Math.round(x * scale)]).toBe(1);
      const [e0, e1] = p.features.eyes;
      expect(ink.data[Math.round(((e0[1] + e1[1]) / 2) * scale) * ink.w + Math.round(((e0[0] + e1[0]) / 2) * scale)]).toBe(0);
    }
  }, 60_000);

  it('draws thinner and more lines level by level: strokes near 1.5, 1, 0.6 and 0.3 mm, line length growing', async () => {
    const measured = [];
    for (const level of LEVELS) measured.push(await lineMeasure(astronaut, astronaut.levels[level]));
    const widths = measured.map((m) => m.widthMm);
    const expected = [1.5, 1.0, 0.6, 0.3];
    widths.forEach((w, k) => expect(Math.abs(w - expected[k]!) / expected[k]!).toBeLessThan(0.35));
    for (let k = 1; k < 4; k++) expect(widths[k]).toBeLessThan(widths[k - 1]!);
    // ink area alone is not ordered (level 1's few thick lines cover as much paper as level 4's many thin ones):
    // the length of line drawn (ink area over line width) is, and it grows with every level
    const lengths = measured.map((m) => m.inkMm2 / m.widthMm);
    for (let k = 1; k < 4; k++) expect(lengths[k]).toBeGreaterThan(lengths[k - 1]! * 1.1);
  }, 60_000);

  it('stays small and plain: JSON round trip, level 4 under 400 KB, coordinates to one decimal', () => {
    const back = JSON.parse(JSON.stringify(astronaut)) as Portrait;
    expect(back).toEqual(astronaut);
    expect(astronaut.levels[4].length).toBeLessThan(400_000);
    expect(astronaut.levels[4]).not.toMatch(/\d\.\d\d/);
    expect(astronaut.features.eyes).toHaveLength(2);
    expect(astronaut.features.faceOutline.length).toBeGreaterThan(20);
    expect(astronaut.features.mouth.length).toBeGreaterThan(5);
  });

  it('never writes the photo anywhere: no file is written or created while a portrait is drawn', async () => {
    const written: string[] = [];
    const patched: [object, string, unknown][] = [];
    const record = (target: Record<string, unknown>, name: string, describe: (args: unknown[]) => string | null): void => {
      const original = target[name] as (...args: unknown[]) => unknown;
      patched.push([target, name, original]);
      target[name] = function (this: unknown, ...args: unknown[]) {
        const what = describe(args);
        if (what) written.push(`${name} ${what}`);
        return original.apply(this, args);
      };
    };
    const path0 = (args: unknown[]): string => String(args[0]);
    const opensForWriting = (args: unknown[]): string | null => (/[wa+]/.test(String(args[1] ?? 'r')) ? String(args[0]) : null);
    for (const name of [
      'writeFile',
      'writeFileSync',
      'appendFile',
      'appendFileSync',
      'createWriteStream',
      'copyFile',
      'copyFileSync',
      'mkdtemp',
      'mkdtempSync',
    ])
      record(fs as unknown as Record<string, unknown>, name, path0);
    for (const name of ['writeFile', 'appendFile', 'copyFile', 'mkdtemp'])
      record(fs.promises as unknown as Record<string, unknown>, name, path0);
    record(fs as unknown as Record<string, unknown>, 'openSync', opensForWriting);
    record(fs as unknown as Record<string, unknown>, 'open', opensForWriting);
    record(fs.promises as unknown as Record<string, unknown>, 'open', opensForWriting);
    syncBuiltinESMExports();
    const before = listing(os.tmpdir());
    try {
      // the probe: a write through a named import is seen, so the check below can fail
      (await import('node:fs')).writeFileSync(os.devNull, '');
      await engine.render(photo('astronaut.png'));
    } finally {
      for (const [target, name, original] of patched) (target as Record<string, unknown>)[name] = original;
      syncBuiltinESMExports();
    }
    expect(written).toEqual([`writeFileSync ${os.devNull}`]);
    // native code (sharp) bypasses fs: no new file in the temporary folder holds an image (other tests may add others)
    const imageFiles = listing(os.tmpdir())
      .filter((f) => !before.includes(f))
      .filter((f) => {
        try {
          const head = readFileSync(path.join(os.tmpdir(), f)).subarray(0, 12);
          return (
            head.subarray(0, 4).equals(PNG_SIGNATURE) ||
            head.subarray(0, 3).equals(JPEG_SIGNATURE) ||
            head.subarray(8, 12).toString() === 'WEBP'
          );
        } catch {
          return false; // a folder, or gone again
        }
      });
    expect(imageFiles).toEqual([]);
  }, 60_000);

  it('refuses photos without a person with no_face, carrying the user message from the domain catalogue', async () => {
    expect(await refusal(engine, photo('coffee.png'))).toBe('no_face');
    await expect(engine.render(photo('coffee.png'))).rejects.toThrow(PORTRAIT_MESSAGES.noFace);
    expect(await refusal(engine, photo('chelsea.png'))).toBe('no_face');
  }, 60_000);

  it('refuses the camera photo, whose face is turned to the side, with face_turned', async () => {
    expect(await refusal(engine, photo('camera.png'))).toBe('face_turned');
  }, 60_000);

  it('refuses a photo of two people with several_faces', async () => {
    const one = await sharp(photo('astronaut.png')).resize(400, 400).png().toBuffer();
    const two = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ffffff' } })
      .composite([
        { input: one, left: 0, top: 0 },
        { input: one, left: 400, top: 0 },
      ])
      .png()
      .toBuffer();
    expect(await refusal(engine, two)).toBe('several_faces');
  }, 60_000);

  it('refuses two faces cheek to cheek, one partly hidden behind the other (a hug), with several_faces', async () => {
    const hug = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c9d3c0' } })
      .composite([
        { input: await ovalCut('grace-hopper.jpg', [256, 245, 135, 170], 140), left: 445, top: 150 },
        { input: await ovalCut('astronaut.png', [225, 175, 105, 135], 130), left: 400, top: 140 },
      ])
      .png()
      .toBuffer();
    expect(await refusal(engine, hug)).toBe('several_faces');
  }, 60_000);

  it('takes one face found twice (two overlapping detections of the same eyes) as one face, and two faces as two', async () => {
    const models = await FaceModels.load();
    const [face] = await detectFaces(models, await decodeWorking(photo('astronaut.png')));
    const moved = (dx: number, grow: number): DetectedFace => ({
      ...face,
      box: [face.box[0] + dx - grow, face.box[1] - grow, face.box[2] + 2 * grow, face.box[3] + 2 * grow],
      mesh: face.mesh.map(([x, y]) => [x + dx, y] as const),
    });
    // the same eyes 4 px off, in a bigger box: one face (the bigger detection is kept)
    const again = moved(4, 12);
    expect(chooseFace([face, again])).toBe(again);
    // the same face a face's width to the side: a second person
    expect(() => chooseFace([face, moved(face.box[2], 0)])).toThrow(PortraitRefusal);
  }, 60_000);

  it('rounds off a head the photo cuts: no level draws the crop as a long straight top', async () => {
    // the astronaut's photo cut through the top of her hair
    const cut = await sharp(photo('astronaut.png')).extract({ left: 40, top: 45, width: 440, height: 467 }).png().toBuffer();
    const p = await engine.render(cut);
    const faceXs = p.features.faceOutline.map((q) => q[0]);
    const faceWidth = Math.max(...faceXs) - Math.min(...faceXs);
    for (const level of LEVELS) {
      const ink = await rasterise(p, p.levels[level]);
      let top = 0;
      while (top < ink.h && !ink.data.subarray(top * ink.w, (top + 1) * ink.w).includes(1)) top++;
      // the longest run of ink along the drawing's top rows: a round head touches them over a short arc only
      let longest = 0;
      for (let y = top; y < top + 3; y++) {
        let run = 0;
        for (let x = 0; x < ink.w; x++) {
          run = ink.data[y * ink.w + x] ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
      }
      // (cut straight, the top run is about 1.5 face widths long; rounded, under half of one)
      expect({ level, run: longest / faceWidth < 0.7 }).toEqual({ level, run: true });
    }
  }, 60_000);

  it('reads an EXIF-rotated JPEG the same as the upright photo', async () => {
    const upright = await sharp(photo('astronaut.png')).jpeg({ quality: 92 }).toBuffer();
    // orientation 6: the pixels are stored turned a quarter to the left, the viewer turns them right
    const stored = await sharp(photo('astronaut.png')).rotate(270).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
    const a = await engine.render(upright);
    const b = await engine.render(stored);
    expect(b.width).toBe(a.width);
    expect(b.height).toBe(a.height);
    for (let k = 0; k < 2; k++) {
      expect(Math.abs(b.features.eyes[k][0] - a.features.eyes[k][0])).toBeLessThan(4);
      expect(Math.abs(b.features.eyes[k][1] - a.features.eyes[k][1])).toBeLessThan(4);
    }
  }, 120_000);

  it('straightens a tilted face: a photo turned 15 degrees comes out with level eyes', async () => {
    const tilted = await sharp(photo('astronaut.png')).rotate(15, { background: '#808080' }).png().toBuffer();
    const p = await engine.render(tilted);
    const [l, r] = p.features.eyes;
    const angle = (Math.atan2(r[1] - l[1], r[0] - l[0]) * 180) / Math.PI;
    expect(Math.abs(angle)).toBeLessThan(2);
    // and the picture is still a complete portrait
    for (const level of LEVELS) expect(p.levels[level as Level].length).toBeGreaterThan(1000);
  }, 120_000);

  it('accepts a 12-megapixel photo and returns the same working size as for the small one', async () => {
    const big = await sharp(photo('astronaut.png')).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const p = await engine.render(big);
    expect(p.width * p.height).toBeLessThan(800 * 800);
    expect(p.levels[4].length).toBeLessThan(400_000);
  }, 120_000);
});
