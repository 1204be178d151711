import { composeScene, SCENE_AREA, SCENE_STROKE } from '../scenes/compose.js';
import { ALL_SCENES } from '../scenes/index.js';
import { LEVELS } from '../scenes/svg.js';
import { headShape } from './character.js';
import { fixturePortrait } from './fixture-portrait.js';
import { composeScenePage } from './index.js';
import { sceneRegions, type SceneRegions } from './regions.js';

type Pt = readonly [number, number];

const open =
  '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>';
/** Steps (mm) of the walks along the page. */
const STEP = 0.25;

/** The horizon's height at x: the top of its line in that column (undefined where it does not run). */
function lineY(line: SceneRegions, x: number, from: number, to: number): number | undefined {
  for (let y = from; y <= to; y += STEP) if (!line.at(x, y) && line.at(x, y - STEP)) return y;
  return undefined;
}

/** The first paper from `p` walking by `step`, with its region (0 if none within `steps`). */
function paper(r: SceneRegions, p: Pt, step: Pt, steps: number): { label: number; at: Pt } {
  for (let k = 0; k <= steps; k++) {
    const at: Pt = [p[0] + step[0] * k, p[1] + step[1] * k];
    const label = r.at(at[0], at[1]);
    if (label) return { label, at };
  }
  return { label: 0, at: p };
}

describe('the scenery beside the drawn child', () => {
  it('keeps the sky and the ground apart up to the child, on every page at every level, and the podium its own region', async () => {
    const portrait = fixturePortrait();
    const head = headShape(portrait);
    const out: string[] = [];
    let checked = 0;
    let podiums = 0;
    for (const s of ALL_SCENES) {
      for (const level of LEVELS) {
        const page = composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Sam', portrait });
        const scene = composeScene({ composition: s.composition, level, head: { aspect: head.w / head.h } });
        if (!scene.horizon) {
          out.push(`${s.id} L${level}: no horizon`);
          continue;
        }
        const regions = await sceneRegions(page);
        // The horizon's line alone, and the white round the child (the body's knockout and the head's margin: the ring's
        // mask) in black.
        const white = /<mask id="ring-[^"]*"[^>]*>(.*?)<\/mask>/s.exec(page)?.[1] ?? '';
        const horizon = await sceneRegions(`${open}${scene.horizon}</svg>`);
        const halo = await sceneRegions(
          `${open}<defs><mask id="k">${white}</mask></defs><rect width="210" height="297" mask="url(#k)"/></svg>`,
        );
        const f = scene.figure;
        const [top, foot] = [SCENE_AREA.y + 2, SCENE_AREA.y + SCENE_AREA.h - 2];
        for (const side of [-1, 1]) {
          // From beyond the child's box inwards to its middle, along the horizon: the first column where the knockout
          // covers the horizon is the ring's outer edge on that side (none: the child does not reach the horizon there).
          const outer = side < 0 ? f.box.x - 6 : f.box.x + f.box.w + 6;
          let edge: number | undefined;
          for (let x = outer; side * (x - f.chin[0]) > 0; x -= side * STEP) {
            const y = lineY(horizon, x, top, foot);
            if (y !== undefined && !halo.at(x, y + 0.4)) {
              edge = x;
              break;
            }
          }
          if (edge === undefined) continue;
          // Just outside the ring, where the horizon shows on the page (not behind a friend or a tree standing there):
          // its line with paper straight above it (a line of something standing there, a picket's side or a horse's
          // chest, is no horizon: above and below it lie in that thing), the sky (or whatever is drawn there) just above
          // it, and the ground just below it.
          let x = edge + side * 1.5;
          let y = lineY(horizon, x, top, foot);
          const shows = (): boolean => y !== undefined && !regions.at(x, y + 0.4) && !!regions.at(x, y - 1.5);
          for (let k = 0; k < 80 && !shows(); k++) {
            x += side * STEP;
            y = lineY(horizon, x, top, foot);
          }
          if (y === undefined || !shows()) continue;
          const above = paper(regions, [x, y - 1.5], [side * STEP, 0], 40);
          const below = paper(regions, [x, y + SCENE_STROKE[level] + 1.5], [side * STEP, 0], 40);
          // Lines all along (a fence's rails, a texture): nothing to flood there.
          if (!above.label || !below.label) continue;
          checked++;
          if (above.label === below.label)
            out.push(
              `${s.id} L${level} ${side < 0 ? 'left' : 'right'}: the sky and the ground are one region (at ${x.toFixed(1)}, ${y.toFixed(1)})`,
            );
        }
        const podium = scene.placed.find((p) => p.what === 'podium');
        if (podium) {
          podiums++;
          const b = podium.box;
          const { label } = paper(regions, [b.x + b.w * 0.12, b.y + b.h * 0.5], [STEP, 0], 12);
          if (!label || regions.edge[label]) out.push(`${s.id} L${level}: the podium runs into the ground`);
        }
      }
    }
    expect(out).toEqual([]);
    expect(podiums).toBe(LEVELS.length);
    expect(checked).toBeGreaterThan(ALL_SCENES.length * LEVELS.length);
  }, 600_000);
});
