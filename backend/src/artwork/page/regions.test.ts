import { BACKGROUNDS } from '../scenes/backgrounds.js';
import { SCENE_AREA, SCENE_STROKE } from '../scenes/compose.js';
import { ALL_SCENES } from '../scenes/index.js';
import { seededRandom } from '../scenes/random.js';
import { LEVELS } from '../scenes/svg.js';
import { fixturePortrait } from './fixture-portrait.js';
import { composeScenePage } from './index.js';
import { countRegions, REGION_BANDS } from './regions.js';

describe('what there is to colour', () => {
  const portrait = fixturePortrait();

  it('keeps every page of every scene inside its level’s band of closed regions', async () => {
    const out: string[] = [];
    const median: Record<number, number[]> = { 1: [], 2: [], 3: [], 4: [] };
    for (const s of ALL_SCENES) {
      for (const level of LEVELS) {
        const page = composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Sam', portrait });
        const r = await countRegions(page, level);
        const band = REGION_BANDS[level];
        median[level]!.push(r.regions);
        if (r.regions < band.min || r.regions > band.max || r.tiny > band.tinyMax) out.push(`${s.id} L${level}: ${JSON.stringify(r)}`);
      }
    }
    expect(out).toEqual([]);
    // More to colour at each level up, page for page on the whole.
    const mid = (l: number): number => median[l]!.sort((a, b) => a - b)[median[l]!.length >> 1]!;
    expect(mid(1)).toBeLessThan(mid(2));
    expect(mid(2)).toBeLessThan(mid(3));
    expect(mid(3)).toBeLessThan(mid(4));
  }, 120_000);

  it('draws every place at level 1 with no region smaller than a thumbprint, wherever the child stands', async () => {
    const a = SCENE_AREA;
    const out: string[] = [];
    for (const [id, bg] of Object.entries(BACKGROUNDS)) {
      for (const x of [a.x + 10, a.x + a.w / 2 - 32, a.x + a.w - 74]) {
        const child = { x, y: 120, w: 64, h: 150 };
        const back = bg.draw({ area: a, level: 1, rnd: seededRandom(id), strokeMm: SCENE_STROKE[1], taken: [child], child });
        const page =
          '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>' +
          `${back}<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" fill="none" stroke="#000" stroke-width="1.8"/></svg>`;
        const r = await countRegions(page, 1);
        if (r.tiny) out.push(`${id} (child at x ${x}): ${JSON.stringify(r)}`);
      }
    }
    expect(out).toEqual([]);
  });

  it('counts closed regions, not lines: a page with one more closed shape has one more region', async () => {
    const open =
      '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>';
    const frame = '<rect x="8" y="50" width="194" height="228" fill="none" stroke="#000" stroke-width="1"/>';
    const empty = await countRegions(`${open}${frame}</svg>`, 1);
    expect(empty.regions).toBe(1);
    const ring = await countRegions(
      `${open}${frame}<circle cx="100" cy="150" r="30" fill="#fff" stroke="#000" stroke-width="1.5"/></svg>`,
      1,
    );
    expect(ring.regions).toBe(2);
    expect(ring.smallestMm2).toBeGreaterThan(2400);
    // An open line adds nothing; a small closed dot is counted as too small for level 1.
    const line = await countRegions(`${open}${frame}<path d="M40 100L160 120" stroke="#000" stroke-width="1.5"/></svg>`, 1);
    expect(line.regions).toBe(1);
    const dot = await countRegions(
      `${open}${frame}<circle cx="100" cy="150" r="2" fill="#fff" stroke="#000" stroke-width="0.5"/></svg>`,
      1,
    );
    expect(dot).toMatchObject({ regions: 2, tiny: 1 });
  });
});
