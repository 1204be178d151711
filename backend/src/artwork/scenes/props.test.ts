// The props of the poses that tell scenes apart (a parrot on the fist, a map, a teacup, the Moon's cheese, a star net, a
// sceptre, a slice of birthday cake), the picnics' food on the blanket, the reef under the snorkelling child and what a child sits or stands on
// (a throne, the podium, a stage, the ballroom's floor) or runs through (the finish line): big enough to colour at every
// level, in the hand.
import { countRegions, REGION_BANDS } from '../page/regions.js';
import { SCENE_AREA, SCENE_STROKE } from './compose.js';
import { placeFind } from './finds.js';
import { drawFigure, type Pose } from './figure.js';
import { drawHeldProp, type HeldProp } from './props.js';
import { LEVELS, paintGroup, type Level } from './svg.js';

/** The smallest head a page draws the child with, per level (compose.ts: a standing or seated child, two friends beside). */
const SMALL_HEAD: Readonly<Record<Level, number>> = { 1: 60 * 0.92, 2: 56 * 0.92, 3: 50 * 0.92, 4: 46 * 0.92 };

/** A page with only this drawing in the scene's frame. */
const page = (svg: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${svg}</svg>`;

const middle: [number, number] = [SCENE_AREA.x + SCENE_AREA.w / 2, SCENE_AREA.y + SCENE_AREA.h / 2];

describe('the props that tell scenes apart', () => {
  it('draws every held prop, picnic spread, reef, seat and floor with no region under the level floor (level 1: a thumbprint)', async () => {
    const small: string[] = [];
    for (const level of LEVELS) {
      const H = SMALL_HEAD[level];
      const stroke = SCENE_STROKE[level];
      for (const held of ['parrot', 'map', 'teacup', 'cheese', 'star-net', 'sceptre', 'cake-slice'] as HeldProp[]) {
        for (const out of [1, -1] as const) {
          const p = drawHeldProp(held, { hand: middle, H, out, level, stroke });
          // The fist over it, as the figure draws it (a level 1 mitten is a thumbprint and a half).
          const fist = `<circle cx="${middle[0]}" cy="${middle[1]}" r="${level === 1 ? 6.72 : 0.09 * H}"/>`;
          const r = await countRegions(page(paintGroup(p.svg + fist, stroke)), level);
          if (r.smallestMm2 < REGION_BANDS[level].smallestMm2) small.push(`${held} L${level}: ${r.smallestMm2.toFixed(1)} mm²`);
        }
      }
      // As wide as the composer draws each beside the child or under it, head heights (the stage as wide as the scene).
      const WIDTH = { 'lunch-basket': 1.15, 'tea-set': 1.15, 'moon-cheese': 1.15, 'coral-reef': 2.6, throne: 2, podium: 1.2 } as const;
      const widths = { ...WIDTH, stage: Math.min(SCENE_AREA.w - 4, 3.2 * H) / H, 'ballroom-floor': 2.8, 'finish-posts': 2 };
      for (const [name, width] of Object.entries(widths) as [keyof typeof widths, number][]) {
        const w = width * H;
        const f = placeFind(name, { x: middle[0] - w / 2, y: SCENE_AREA.y, w, h: SCENE_AREA.h - 8 }, stroke, level);
        const r = await countRegions(page(f.svg), level);
        if (r.smallestMm2 < REGION_BANDS[level].smallestMm2) small.push(`${name} L${level}: ${r.smallestMm2.toFixed(1)} mm²`);
        // More to colour at level 4 than at level 1.
        if (level === 4) {
          const r1 = await countRegions(
            page(placeFind(name, { x: middle[0] - w / 2, y: SCENE_AREA.y, w, h: SCENE_AREA.h - 8 }, 1.6, 1).svg),
            1,
          );
          expect({ name, more: r.regions > r1.regions }).toEqual({ name, more: true });
        }
      }
    }
    expect(small).toEqual([]);
  });

  it('puts the holding hand on the prop, on the side away from the body, mirrored with the child, clear of the face', () => {
    for (const [pose, hand] of [
      ['perching', 1],
      ['pointing', 0],
      ['tea-party', 1],
      ['moon-picnic', 1],
      ['party', 1],
      ['reaching', 1],
      ['enthroned', 0],
    ] as [Pose, number][]) {
      for (const mirror of [false, true]) {
        const f = drawFigure({
          pose,
          outfit: 'everyday',
          level: 2,
          headMm: 50,
          chin: [100, 120],
          mirror,
          stroke: 1.2,
          headAspect: 0.9,
          margin: 1.6,
        });
        expect(f.holding).toEqual([hand]);
        const [hx, hy] = f.handPts[f.holding[0]!]!;
        const b = f.heldBox!;
        expect({ pose, mirror, onProp: hx >= b.x && hx <= b.x + b.w && hy >= b.y && hy <= b.y + b.h }).toEqual({
          pose,
          mirror,
          onProp: true,
        });
        // The prop's middle lies on the holding hand's side of the chin.
        expect(Math.sign(b.x + b.w / 2 - f.chin[0])).toBe(Math.sign(hx - f.chin[0]));
        // Nothing held crosses the face, even a wide head's (hair out to 0.6 heads each side).
        for (const level of LEVELS) {
          const g = drawFigure({
            pose,
            outfit: 'everyday',
            level,
            headMm: 50,
            chin: [100, 120],
            mirror,
            stroke: 1,
            headAspect: 1.2,
            margin: 1.6,
          });
          const p = g.heldBox!;
          const h = g.head;
          const clear = p.x >= h.x + h.w || p.x + p.w <= h.x || p.y >= h.y + h.h || p.y + p.h <= h.y;
          expect({ pose, mirror, level, clear }).toEqual({ pose, mirror, level, clear: true });
        }
      }
    }
  });
});
