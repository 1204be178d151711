// Counting what there is to colour on a page: the closed white regions of its scene, found by flood fill on a raster.
// The figures per level are the product's promise (docs/decisions/017-region-bands.md); the tests hold every page to them.
import sharp from 'sharp';
import type { Level } from '../scenes/svg.js';
import { SCENE_AREA } from '../scenes/compose.js';
import { THUMBPRINT_MM2 } from '../scenes/library.js';

/** Pixels per millimetre of the raster the regions are counted on. */
const PX_PER_MM = 4;
/** Smaller white specks are the gaps of anti-aliasing, not regions anyone colours (mm²). */
const NOISE_MM2 = 1;

/**
 * What each level promises: how many closed regions a scene has at least and at most, the area under which a region is
 * too small for the level's crayons (level 1: a thumbprint), and how many such regions a page may have at most (small
 * clip-art friends and vehicles; at level 1 the child has none in any pose, outfit and held prop but two pairs that
 * scenes/figure-thumbprint.test.ts names, nor have the places themselves (regions.test.ts)).
 */
export const REGION_BANDS: Readonly<Record<Level, { min: number; max: number; smallestMm2: number; tinyMax: number }>> = {
  1: { min: 8, max: 55, smallestMm2: THUMBPRINT_MM2, tinyMax: 0 },
  2: { min: 18, max: 90, smallestMm2: 10, tinyMax: 30 },
  3: { min: 25, max: 170, smallestMm2: 4, tinyMax: 40 },
  4: { min: 150, max: 450, smallestMm2: 1, tinyMax: 0 },
};

export interface RegionCount {
  /** Closed white regions inside the scene's frame (the sky and the ground count, as a child colours them too). */
  regions: number;
  /** The smallest region's area, mm². */
  smallestMm2: number;
  /** Regions under the level's smallest area (the tests keep them away at levels 1 to 3). */
  tiny: number;
}

/** The scene of a page rasterised and its white regions labelled (what `countRegions` counts). */
export interface SceneRegions {
  /** Raster size, px (the scene frame inset by 2 mm, at 4 px/mm). */
  readonly w: number;
  readonly h: number;
  /** Per pixel: 0 on a line, else its region's number (1 and up). */
  readonly labels: Int32Array;
  /** Per region number: its area, mm², and whether it reaches the raster's edge (the page's frame region: sky, ground). */
  readonly areasMm2: readonly number[];
  readonly edge: readonly boolean[];
  /** The region number at a point of the page, mm (0 on a line or outside the raster). */
  at(x: number, y: number): number;
}

/** Rasterises the scene frame of an A4 page SVG (210 x 297 mm viewBox) and labels its closed white regions. */
export async function sceneRegions(pageSvg: string): Promise<SceneRegions> {
  const a = SCENE_AREA;
  const inset = 2;
  const left = Math.round((a.x + inset) * PX_PER_MM);
  const top = Math.round((a.y + inset) * PX_PER_MM);
  const w = Math.round((a.w - 2 * inset) * PX_PER_MM);
  const h = Math.round((a.h - 2 * inset) * PX_PER_MM);
  const { data } = await sharp(Buffer.from(pageSvg), { density: PX_PER_MM * 25.4 })
    .resize({ width: 210 * PX_PER_MM })
    .flatten({ background: '#fff' })
    .extract({ left, top, width: w, height: h })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // 0 = line, -1 = white not yet visited, then the region's number.
  const labels = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) labels[i] = data[i]! >= 128 ? -1 : 0;
  const stack = new Int32Array(w * h);
  const mm2 = 1 / (PX_PER_MM * PX_PER_MM);
  const areasMm2 = [0];
  const edge = [false];
  for (let start = 0; start < w * h; start++) {
    if (labels[start] !== -1) continue;
    const label = areasMm2.length;
    let sp = 0;
    let area = 0;
    let touches = false;
    stack[sp++] = start;
    labels[start] = label;
    while (sp) {
      const i = stack[--sp]!;
      area++;
      const x = i % w;
      const y = (i - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touches = true;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j < 0 || labels[j] !== -1) continue;
        labels[j] = label;
        stack[sp++] = j;
      }
    }
    areasMm2.push(area * mm2);
    edge.push(touches);
  }
  const at = (x: number, y: number): number => {
    const px = Math.floor(x * PX_PER_MM) - left;
    const py = Math.floor(y * PX_PER_MM) - top;
    return px < 0 || py < 0 || px >= w || py >= h ? 0 : labels[py * w + px]!;
  };
  return { w, h, labels, areasMm2, edge, at };
}

/** Counts the closed regions inside the scene frame of an A4 page SVG (210 x 297 mm viewBox). */
export async function countRegions(pageSvg: string, level: Level): Promise<RegionCount> {
  const { areasMm2, edge } = await sceneRegions(pageSvg);
  let regions = 0;
  let tiny = 0;
  let smallest = Infinity;
  const floor = REGION_BANDS[level].smallestMm2;
  for (let l = 1; l < areasMm2.length; l++) {
    const size = areasMm2[l]!;
    // A region cut by the inset's edge is a part of a bigger one: counted, but its cut area is not its size.
    if (size < NOISE_MM2 && !edge[l]) continue;
    regions++;
    if (!edge[l]) {
      smallest = Math.min(smallest, size);
      if (size < floor) tiny++;
    }
  }
  return { regions, smallestMm2: Number.isFinite(smallest) ? Math.round(smallest * 10) / 10 : 0, tiny };
}
