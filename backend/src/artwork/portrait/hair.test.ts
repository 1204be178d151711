import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import { withFairHair } from '../../../test/support/fair-hair.js';
import { createPortraitEngine, type Portrait, type PortraitEngine } from './index.js';
import { erode, fillPolygon, type Mask } from './raster.js';

type Pt = readonly [number, number];

/** The share of the hair's inner part (the head less the face oval, away from both) that the level's art inks. */
async function hairInked(p: Portrait, level: 3 | 4): Promise<number> {
  const { data } = await sharp(Buffer.from(p.levels[level]))
    .resize(p.width, p.height)
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hair: Mask = { w: p.width, h: p.height, data: new Uint8Array(p.width * p.height) };
  fillPolygon(hair, p.head!);
  const face: Mask = { w: p.width, h: p.height, data: new Uint8Array(p.width * p.height) };
  fillPolygon(face, p.features.faceOutline);
  const faceBig = erode({ w: face.w, h: face.h, data: face.data.map((v) => 1 - v) }, 0.03 * p.width);
  const core = erode(hair, 0.03 * p.width);
  let n = 0;
  let inked = 0;
  for (let i = 0; i < core.data.length; i++) {
    if (!core.data[i] || !faceBig.data[i]) continue;
    n++;
    if (data[i]! < 128) inked++;
  }
  return inked / n;
}

describe('faint hair at levels 3 and 4', () => {
  let engine: PortraitEngine;
  let astronaut: Portrait;
  let fair: Portrait;
  let fairAgain: Portrait;

  beforeAll(async () => {
    engine = await createPortraitEngine();
    const photo = fixturePhoto('astronaut.png');
    astronaut = await engine.render(photo);
    const k = (await sharp(photo).metadata()).width! / astronaut.width;
    const toPhoto = (pts: readonly Pt[]): Pt[] => pts.map((q) => [q[0] * k, q[1] * k] as const);
    const fairPhoto = await withFairHair(photo, toPhoto(astronaut.head!), toPhoto(astronaut.features.faceOutline));
    fair = await engine.render(fairPhoto);
    fairAgain = await engine.render(fairPhoto);
  }, 180_000);

  afterAll(async () => {
    await engine.close();
  });

  it('draws hair a pale ground hides: the fair-haired head is inked about as much as the dark-haired one', async () => {
    for (const level of [3, 4] as const) {
      const dark = await hairInked(astronaut, level);
      const pale = await hairInked(fair, level);
      expect(pale).toBeGreaterThan(0.5 * dark);
      expect(pale).toBeGreaterThan(0.02);
    }
  });

  it('draws the hair at level 3 when its coarse drawing leaves the head bare (the astronaut with her dark hair)', async () => {
    expect(await hairInked(astronaut, 3)).toBeGreaterThan(0.02);
  });

  it('leaves hair the drawing sees as traced: no parting line drawn down the dark-haired head', async () => {
    // the parting runs up from the oval's top: a column of ink right above the forehead's middle
    const parting = (p: Portrait, inked: (x: number, y: number) => boolean): number => {
      const top = p.features.faceOutline.reduce((a, b) => (b[1] < a[1] ? b : a));
      let hits = 0;
      for (let t = 1; t <= 4; t++) {
        const y = Math.round(top[1] - t * 0.01 * p.width);
        let hit = false;
        for (let dx = -0.01 * p.width; dx <= 0.01 * p.width; dx++) if (inked(Math.round(top[0] + dx), y)) hit = true;
        if (hit) hits++;
      }
      return hits;
    };
    const raster = async (p: Portrait): Promise<(x: number, y: number) => boolean> => {
      const { data } = await sharp(Buffer.from(p.levels[4]))
        .resize(p.width, p.height)
        .flatten({ background: '#fff' })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return (x, y) => data[y * p.width + x]! < 128;
    };
    expect(parting(fair, await raster(fair))).toBe(4);
    expect(parting(astronaut, await raster(astronaut))).toBeLessThan(3);
  });

  it('is byte-identical for the same photo', () => {
    expect(fairAgain.levels).toEqual(fair.levels);
  });
});
