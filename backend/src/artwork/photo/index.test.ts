import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import { LEVELS, type Level } from '../portrait/index.js';
import { drawPhotoArt, PHOTO_LEVELS, type PhotoArt } from './index.js';
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

describe('single-photo art', () => {
  const arts = new Map<string, PhotoArt>();
  const figures = new Map<string, Record<Level, PhotoArtFigures>>();

  beforeAll(async () => {
    for (const [name, aspect] of PHOTOS) {
      const art = await drawPhotoArt(await cropped(name, aspect));
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

  it('draws the same art for the same photo', async () => {
    const again = await drawPhotoArt(await cropped('coffee.png', 'landscape'));
    expect(again).toEqual(arts.get('coffee.png'));
  });
});
