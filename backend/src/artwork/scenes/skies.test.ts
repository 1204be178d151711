import { fixturePortrait } from '../page/fixture-portrait.js';
import { composeScenePage } from '../page/index.js';
import { countRegions, REGION_BANDS } from '../page/regions.js';
import { BACKGROUNDS } from './backgrounds.js';
import { CATALOGUE } from './catalogue.js';
import { SCENE_AREA, SCENE_STROKE } from './compose.js';
import {
  cabbage,
  crackedEarth,
  fernFrond,
  grassClump,
  grassFringe,
  groundLeaf,
  meadowFlower,
  stone,
  termiteMound,
  tulipRow,
} from './grounds.js';
import { seededRandom } from './random.js';
import {
  airship,
  asteroid,
  bandedPlanet,
  baseDome,
  bird,
  comet,
  farmstead,
  farRocket,
  fish,
  flyingSaucer,
  hotAirBalloon,
  jellyfish,
  kelp,
  kite,
  lowSun,
  patchworkHills,
  pterodactyl,
  puffyCloud,
  rainbow,
  sailboat,
  satellite,
  smokingVolcano,
  turtle,
  village,
  vulture,
  waveCrest,
  windmill,
} from './skies.js';
import { paintGroup } from './svg.js';

/** A page with the scene frame and `body` drawn in level 4's paint. */
const page = (body: string): string => {
  const a = SCENE_AREA;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>' +
    `${paintGroup(body, SCENE_STROKE[4])}<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" fill="none" stroke="#000" stroke-width="1.8"/></svg>`
  );
};

describe('level 4 far scenery', () => {
  // Each picture at the smallest size the backgrounds draw it, in the middle of the frame: how many regions it adds at
  // least (the page's white around it is one more).
  const rnd = seededRandom('skies');
  const pictures: [string, string, number][] = [
    ['a hot-air balloon', hotAirBalloon({ x: 90, y: 120, w: 16, h: 30 }), 15],
    ['a kite', kite({ x: 90, y: 120, w: 14, h: 26 }, rnd), 8],
    ['a bird', bird({ x: 90, y: 120, w: 10, h: 5 }, false), 3],
    ['a small puffy cloud', puffyCloud({ x: 90, y: 120, w: 18, h: 10 }, rnd), 6],
    ['a puffy cloud with curls', puffyCloud({ x: 90, y: 120, w: 40, h: 22 }, rnd), 9],
    ['a village', village(40, 170, 150, rnd), 25],
    ['a rainbow', rainbow(105, 200, 74, 5, 5.5) + '<path d="M20 200L190 200L190 230L20 230Z"/>', 6],
    ['a ringed planet', bandedPlanet(105, 150, 11, true), 10],
    ['a banded planet', bandedPlanet(105, 150, 11, false), 6],
    ['a comet', comet({ x: 80, y: 140, w: 44, h: 24 }, true), 5],
    ['a rocket', farRocket({ x: 100, y: 130, w: 13, h: 25 }, 25), 6],
    ['a satellite', satellite({ x: 80, y: 140, w: 40, h: 22 }, 10), 18],
    ['a flying saucer', flyingSaucer({ x: 90, y: 140, w: 26, h: 16 }), 7],
    ['an asteroid', asteroid({ x: 100, y: 150, w: 10, h: 7.5 }, rnd), 3],
    ['a moon-base dome', baseDome(105, 180, 8) + '<path d="M60 181L150 181L150 200L60 200Z"/>', 7],
    ['a fish', fish({ x: 100, y: 150, w: 11, h: 6 }, true), 3],
    ['kelp', kelp(105, 240, 120, rnd), 9],
    ['a jellyfish', jellyfish({ x: 100, y: 140, w: 14, h: 18 }), 3],
    ['a sailboat', sailboat({ x: 100, y: 140, w: 14, h: 16 }, false), 5],
    ['a farmstead', farmstead(100, 180, 46) + '<path d="M60 181L150 181L150 200L60 200Z"/>', 8],
    ['a breaking wave', waveCrest({ x: 100, y: 150, w: 8, h: 4.4 }, false), 1],
    ['far hills in a patchwork', patchworkHills(14, 196, 200, rnd) + '<path d="M8 201L202 201L202 240L8 240Z"/>', 30],
    ['a pterodactyl', pterodactyl({ x: 90, y: 120, w: 21, h: 10.5 }, true), 4],
    ['an airship', airship({ x: 80, y: 120, w: 40, h: 18 }, false), 10],
    ['a smoking volcano', smokingVolcano({ x: 70, y: 150, w: 56, h: 50 }, 1, rnd) + '<path d="M20 200L190 200L190 230L20 230Z"/>', 9],
    ['a vulture', vulture({ x: 90, y: 120, w: 20, h: 9 }, true), 4],
    ['a low sun', lowSun(105, 200, 19) + '<path d="M20 200L190 200L190 230L20 230Z"/>', 14],
    ['a turtle', turtle({ x: 90, y: 120, w: 26, h: 19.5 }, true), 8],
    ['a windmill', windmill(105, 200, 26, 20) + '<path d="M20 200L190 200L190 230L20 230Z"/>', 16],
  ];

  it.each(pictures)('draws %s as closed regions big enough to colour', async (_name, svg, least) => {
    const r = await countRegions(page(svg), 4);
    expect(r.regions - 1).toBeGreaterThanOrEqual(least);
    expect(r.smallestMm2).toBeGreaterThanOrEqual(2);
  });

  // The ground's things at the smallest size a band draws them: closed, and no region under level 4's floor.
  const ground: [string, string, number][] = [
    ['a clump of tall grass', grassClump({ x: 90, y: 120, w: 9, h: 7.6 }, rnd), 4],
    ['a termite mound', termiteMound({ x: 90, y: 120, w: 7.5, h: 7.9 }, rnd), 3],
    ['a fern', fernFrond({ x: 90, y: 120, w: 9.6, h: 9.6 }, rnd), 6],
    ['a stone', stone({ x: 90, y: 120, w: 7.2, h: 4.7 }, rnd), 2],
    ['a big leaf', groundLeaf({ x: 90, y: 120, w: 16, h: 8.3 }, false, rnd), 8],
    [
      'a row of leaves on their line',
      groundLeaf({ x: 90, y: 120, w: 18, h: 9 }, true, rnd, true) + '<path d="M20 124.5L190 124.5" fill="none"/>',
      8,
    ],
    ['a fringe of grass', grassFringe(6, 204, 150, 5, rnd), 50],
    ['a tulip far off', meadowFlower({ x: 90, y: 120, w: 7, h: 8.8 }, rnd), 3],
    ['a flower near', meadowFlower({ x: 90, y: 120, w: 11, h: 13.8 }, seededRandom('daisy')), 5],
    ['a cabbage far off', cabbage(105, 150, 9.7) + '<path d="M20 150L190 150" fill="none"/>', 4],
    ['a row of tulips on their line', tulipRow(6, 204, 150, 4, rnd) + '<path d="M8 150L202 150" fill="none"/>', 12],
    ['cracked earth', crackedEarth(6, 204, 210, 280, rnd), 60],
  ];

  it.each(ground)('draws %s on the ground as closed regions a child can colour', async (_name, svg, least) => {
    const r = await countRegions(page(svg), 4);
    expect(r.regions - 1).toBeGreaterThanOrEqual(least);
    expect(r.smallestMm2).toBeGreaterThanOrEqual(REGION_BANDS[4].smallestMm2);
  });

  it('gives no two level-4 pages of one bundle the same far pictures and the same ground', () => {
    const portrait = fixturePortrait();
    const out: string[] = [];
    let named = 0;
    for (const bundle of CATALOGUE) {
      const seen = new Map<string, string>();
      for (const s of bundle.scenes) {
        const svg = composeScenePage({ composition: s.composition, title: s.title, level: 4, childName: 'Sam', portrait });
        // What the page has far off and on the ground, as the background names it (class="far-…", class="ground-…").
        const key = [...new Set([...svg.matchAll(/class="((?:far|ground)-[a-z-]+)"/g)].map((m) => m[1]))].sort().join('+');
        // Indoors the walls are of other kinds.
        if (!key) continue;
        named++;
        if (seen.has(key)) out.push(`${bundle.id}: ${seen.get(key)} and ${s.id} both ${key}`);
        seen.set(key, s.id);
      }
    }
    expect(out).toEqual([]);
    // Every page out of doors, under the sea and in space was looked at (the two rooms are not named).
    expect(named).toBe(46);
  });

  it('draws a rainbow on only a few level-4 pages (a garden, a castle), not by default', () => {
    const portrait = fixturePortrait();
    const pages = CATALOGUE.flatMap((b) => b.scenes).filter((s) =>
      composeScenePage({ composition: s.composition, title: s.title, level: 4, childName: 'Sam', portrait }).includes(
        'class="far-rainbow"',
      ),
    );
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThanOrEqual(5);
  });

  it('draws every place at level 4 the same way twice for the same seed, and differently at another spot for the child', () => {
    const a = SCENE_AREA;
    for (const [id, bg] of Object.entries(BACKGROUNDS)) {
      const draw = (x: number): string => {
        const child = { x, y: 120, w: 64, h: 150 };
        return bg.draw({ area: a, level: 4, rnd: seededRandom(id), strokeMm: SCENE_STROKE[4], taken: [child], child });
      };
      expect(draw(a.x + 10)).toBe(draw(a.x + 10));
      expect(draw(a.x + 10)).not.toBe(draw(a.x + a.w - 74));
    }
  });

  it('gives every outdoor place at level 4 a full background of regions even before the child and friends come', async () => {
    const a = SCENE_AREA;
    const out: string[] = [];
    for (const [id, bg] of Object.entries(BACKGROUNDS)) {
      if (bg.terrain === 'indoor') continue;
      for (const x of [a.x + 10, a.x + a.w / 2 - 32, a.x + a.w - 74]) {
        const child = { x, y: 120, w: 64, h: 150 };
        const back = bg.draw({ area: a, level: 4, rnd: seededRandom(id), strokeMm: SCENE_STROKE[4], taken: [child], child });
        const r = await countRegions(page(back), 4);
        if (r.regions < 120) out.push(`${id} (child at x ${x}): ${r.regions} regions`);
      }
    }
    expect(out).toEqual([]);
  });
});
