// The converted clip art at level 1: a detail that leaves less than a thumbprint to colour inside its line is left out,
// though its box be bigger (the binoculars' flat lenses); a drawing with a level 1 form draws it (the tree's trunk).
import { countRegions } from '../page/regions.js';
import { placeClipart } from './clipart.js';
import { SCENE_AREA, SCENE_STROKE } from './compose.js';
import { THUMBPRINT_MM2 } from './library.js';

const page = (svg: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${svg}</svg>`;

describe('the clip art at level 1', () => {
  it('leaves out the binoculars’ lenses, whose boxes are over a thumbprint but not what is inside them, at every size a page draws them', async () => {
    const small: string[] = [];
    for (const w of [30, 40, 50, 60]) {
      const box = { x: SCENE_AREA.x + 20, y: SCENE_AREA.y + 20, w, h: w };
      const svg = placeClipart('binoculars', { box, strokeMm: SCENE_STROKE[1], minDetailMm2: THUMBPRINT_MM2 });
      const r = await countRegions(page(svg), 1);
      if (r.smallestMm2 < THUMBPRINT_MM2) small.push(`${w} mm wide: ${r.smallestMm2.toFixed(0)} mm²`);
    }
    expect(small).toEqual([]);
  });

  it('draws the tree’s trunk without its fork, whose speck of sky under the crown was under a thumbprint', async () => {
    const small: string[] = [];
    // As wide as Fossil Dig draws it (the one level 1 page with this tree), and bigger.
    for (const w of [46, 53, 60]) {
      const box = { x: SCENE_AREA.x + 20, y: SCENE_AREA.y + 20, w, h: w * 1.2 };
      const svg = placeClipart('tree', { box, strokeMm: SCENE_STROKE[1], minDetailMm2: THUMBPRINT_MM2, level1: true });
      const r = await countRegions(page(svg), 1);
      if (r.smallestMm2 < THUMBPRINT_MM2) small.push(`${w} mm wide: ${r.smallestMm2.toFixed(0)} mm²`);
    }
    expect(small).toEqual([]);
  });
});
