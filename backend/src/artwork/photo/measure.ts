// What a level of a photo's art gives a child to colour, measured on a raster at print size: the ink share, the
// closed white regions, and the thickest ink (a solid blob rather than a line). The tests and the bench report these.
import sharp from 'sharp';
import type { Level } from '../portrait/index.js';
import { components, distanceSquared } from '../portrait/raster.js';
import { PHOTO_PRINT_LONG_MM, type PhotoArt } from './index.js';

/** Pixels per millimetre of the raster measured on. */
const PX_PER_MM = 4;
/** White specks smaller than this (mm²) are anti-aliasing gaps, not regions. */
const NOISE_MM2 = 1;

export interface PhotoArtFigures {
  /** share of the picture that is ink, 0..1 */
  readonly ink: number;
  /** closed white regions inside the frame */
  readonly regions: number;
  /** median region area, mm² */
  readonly medianRegionMm2: number;
  /** the thickest ink anywhere, mm across */
  readonly thickestInkMm: number;
  /** the smallest closed region, mm² */
  readonly smallestRegionMm2: number;
}

export async function measurePhotoArt(art: PhotoArt, level: Level): Promise<PhotoArtFigures> {
  const scale = (PHOTO_PRINT_LONG_MM * PX_PER_MM) / Math.max(art.width, art.height);
  const w = Math.round(art.width * scale);
  const h = Math.round(art.height * scale);
  const sized = art.levels[level].replace('<svg ', `<svg width="${w}" height="${h}" `);
  // on paper a little larger than the picture, as on the page: the frame is a line, not ink up to the raster's edge
  const { data, info } = await sharp(Buffer.from(sized))
    .flatten({ background: '#ffffff' })
    .extend({ top: PX_PER_MM, bottom: PX_PER_MM, left: PX_PER_MM, right: PX_PER_MM, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const ink = new Uint8Array(n);
  let inked = 0;
  for (let i = 0; i < n; i++) {
    const v = data[i * info.channels];
    ink[i] = v < 128 ? 1 : 0;
    inked += ink[i];
  }
  const mask = { w: info.width, h: info.height, data: ink };
  const paper = components(mask, 0, false);
  // the paper around the picture is no region
  const areas = paper.areas
    .filter((_, label) => label > 0 && !paper.touchesBorder[label])
    .map((a) => a / (PX_PER_MM * PX_PER_MM))
    .filter((a) => a >= NOISE_MM2)
    .sort((a, b) => a - b);
  const d2 = distanceSquared(mask, 0);
  let thickest = 0;
  for (let i = 0; i < n; i++) if (d2[i] > thickest) thickest = d2[i];
  return {
    ink: inked / (w * h),
    regions: areas.length,
    medianRegionMm2: areas.length ? areas[areas.length >> 1] : 0,
    thickestInkMm: (2 * Math.sqrt(thickest)) / PX_PER_MM,
    smallestRegionMm2: areas.length ? areas[0] : 0,
  };
}
