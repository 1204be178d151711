import sharp from 'sharp';
import { createPortraitEngine, type Portrait } from '../portrait/index.js';
import { composeScene } from '../scenes/compose.js';
import { ALL_SCENES } from '../scenes/index.js';
import { fixturePhoto } from '../../../test/support/photos.js';
import { withLongHair } from '../../../test/support/long-hair.js';
import { withBraid } from '../../../test/support/braid.js';
import { headShape } from './character.js';
import { composeScenePage } from './index.js';
import { REGION_BANDS, sceneRegions } from './regions.js';

describe('long hair and a braid at level 1 where the arms and the body cross them', () => {
  let long: Portrait;
  let braided: Portrait;

  beforeAll(async () => {
    const engine = await createPortraitEngine();
    try {
      const astronaut = fixturePhoto('astronaut.png');
      const short = await engine.render(astronaut);
      // long hair, hanging behind the body, painted on beside the astronaut's face down past her chin
      const k = (await sharp(astronaut).metadata()).width! / short.width;
      const oval = short.features.faceOutline.map((q) => [q[0] * k, q[1] * k] as const);
      long = await engine.render(await withLongHair(astronaut, oval));
      // a braid from beside the jaw over one shoulder, drawn over the body
      braided = await engine.render(await withBraid(astronaut, oval));
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('leaves no region under a thumbprint by the head on any page: where an arm is raised or held out, or a line behind meets the hair', async () => {
    const head = headShape(long);
    expect(head.below).toBeGreaterThan(0.2 * head.h);
    const found: string[] = [];
    let raised = 0;
    let inked = 0;
    for (const s of ALL_SCENES) {
      const f = composeScene({ composition: s.composition, level: 1, head: { aspect: head.w / head.h } }).figure;
      const H = f.head.h;
      // a hand above the shoulders' line: the arm crosses the hair hanging behind the body (in a rocket, a plane, a
      // train or a car, the side of what the child sits in crosses it too); on the other pages the lines drawn behind
      // the child (the finish tape, the speed lines, the ring's horizon) can meet the hair beside an arm
      const up = f.handPts.some((p) => p[1] < f.chin[1] + 0.35 * H);
      const page = composeScenePage({ composition: s.composition, title: s.title, level: 1, childName: 'Sam', portrait: long });
      if (up) raised++;
      if (up && page.includes('class="child-hair-cut"')) inked++;
      const r = await sceneRegions(page);
      // the head's box on the page: its outline's bounds and 2 mm (the outline's line and the margin beyond it)
      const k = H / head.h;
      const xs = head.outline.map((p) => f.chin[0] + (p[0] - head.chin[0]) * k);
      const ys = head.outline.map((p) => f.chin[1] + (p[1] - head.chin[1]) * k);
      const small = new Set<number>();
      for (let y = Math.min(...ys) - 2; y <= Math.max(...ys) + 2; y += 0.25)
        for (let x = Math.min(...xs) - 2; x <= Math.max(...xs) + 2; x += 0.25) {
          const l = r.at(x, y);
          if (l && !r.edge[l] && r.areasMm2[l]! >= 1 && r.areasMm2[l]! < REGION_BANDS[1].smallestMm2) small.add(l);
        }
      if (small.size) found.push(`${s.id} (${f.pose}): ${[...small].map((l) => r.areasMm2[l]!.toFixed(0)).join(', ')} mm²`);
    }
    // before the hair the arms cut off was inked: one to three such regions on each page with an arm up; before what the
    // frame and the front layer draw over the head was known, one on the rocket's and the aeroplane's pages; before what
    // is drawn behind the head was known, one on the race's page (between the finish tape, the ring's horizon, the hair
    // and the arm)
    expect(found).toEqual([]);
    expect(raised).toBeGreaterThan(20);
    expect(inked).toBeGreaterThan(raised / 2);
  }, 600_000);

  it('draws a braid at level 1, and leaves no region under a thumbprint between it, the jaw, the shoulder and the arm on most pages', async () => {
    expect(braided.braid?.length).toBeGreaterThan(2);
    const head = headShape(braided);
    const pages: string[] = [];
    for (const s of ALL_SCENES) {
      const page = composeScenePage({ composition: s.composition, title: s.title, level: 1, childName: 'Sam', portrait: braided });
      expect(page).toContain('class="child-braid"');
      const f = composeScene({ composition: s.composition, level: 1, head: { aspect: head.w / head.h } }).figure;
      // the head and the braid on the page: their outlines' bounds
      const k = f.head.h / head.h;
      const pts = [...head.outline, ...braided.braid!];
      const xs = pts.map((p) => f.chin[0] + (p[0] - head.chin[0]) * k);
      const ys = pts.map((p) => f.chin[1] + (p[1] - head.chin[1]) * k);
      const r = await sceneRegions(page);
      let small = 0;
      const seen = new Set<number>();
      for (let y = Math.min(...ys); y <= Math.max(...ys); y += 0.25)
        for (let x = Math.min(...xs); x <= Math.max(...xs); x += 0.25) {
          const l = r.at(x, y);
          if (!l || seen.has(l)) continue;
          seen.add(l);
          if (!r.edge[l] && r.areasMm2[l]! >= 1 && r.areasMm2[l]! < REGION_BANDS[1].smallestMm2) small++;
        }
      if (small) pages.push(`${s.id}: ${small}`);
    }
    // drawn with only the body's shapes known (not its white and lines), 26 of the 48 pages had one; where the braid
    // ends on a hand, the hand's piece beyond it can still be one
    expect(pages.length).toBeLessThanOrEqual(6);
  }, 600_000);
});
