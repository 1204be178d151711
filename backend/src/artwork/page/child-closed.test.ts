import sharp from 'sharp';
import { createPortraitEngine, type Portrait } from '../portrait/index.js';
import { composeScene } from '../scenes/compose.js';
import { ALL_SCENES } from '../scenes/index.js';
import { LEVELS } from '../scenes/svg.js';
import { fixturePhoto } from '../../../test/support/photos.js';
import { withLongHair } from '../../../test/support/long-hair.js';
import { headShape } from './character.js';
import { fixturePortrait } from './fixture-portrait.js';
import { composeScenePage } from './index.js';
import { sceneRegions, type SceneRegions } from './regions.js';

type Pt = readonly [number, number];

const open =
  '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>';

/** The region at the first paper met walking from `from` by `step` (mm) at most `steps` times, 0 if none. */
function paperFrom(r: SceneRegions, from: Pt, step: Pt, steps: number): { label: number; at: Pt } {
  for (let k = 0; k <= steps; k++) {
    const at: Pt = [from[0] + step[0] * k, from[1] + step[1] * k];
    const label = r.at(at[0], at[1]);
    if (label) return { label, at };
  }
  return { label: 0, at: from };
}

describe("the drawn child's own regions", () => {
  const faces: { name: string; portrait: Portrait }[] = [{ name: 'stand-in', portrait: fixturePortrait() }];

  beforeAll(async () => {
    const engine = await createPortraitEngine();
    try {
      const astronaut = fixturePhoto('astronaut.png');
      const short = await engine.render(astronaut);
      faces.push({ name: 'astronaut', portrait: short });
      faces.push({ name: 'grace-hopper', portrait: await engine.render(fixturePhoto('grace-hopper.jpg')) });
      // long hair, hanging behind the body, painted on beside the astronaut's face down past her chin
      const k = (await sharp(astronaut).metadata()).width! / short.width;
      const long = await withLongHair(
        astronaut,
        short.features.faceOutline.map((q) => [q[0] * k, q[1] * k] as const),
      );
      faces.push({ name: 'astronaut long hair', portrait: await engine.render(long) });
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('closes the face, the shirt and the hands on every page: none runs into the sky or the ground, nor into another', async () => {
    const out: string[] = [];
    const skipped = new Set<string>();
    let checked = 0;
    for (const { name, portrait } of faces) {
      const head = headShape(portrait);
      for (const s of ALL_SCENES) {
        for (const level of LEVELS) {
          const page = composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Sam', portrait });
          const scene = composeScene({ composition: s.composition, level, head: { aspect: head.w / head.h } });
          const f = scene.figure;
          const H = f.head.h;
          const regions = await sceneRegions(page);
          // What is drawn over the child (a rocket, a car's side, a friend in front; over the face and the shirt the
          // held prop too): a point it hides is not the child's.
          const over = await sceneRegions(`${open}${scene.frame}${scene.front}</svg>`);
          const overAll = await sceneRegions(`${open}${scene.frame}${f.hands}${scene.front}</svg>`);
          const hidden = (r: SceneRegions, p: Pt): boolean => {
            const l = r.at(p[0], p[1]);
            return l === 0 || !r.edge[l];
          };
          const points: [string, Pt | undefined, Pt, SceneRegions][] = [
            // the face just above the chin's outline, and up
            ['face', [f.chin[0], f.chin[1] - 0.03 * H], [0, -0.25], overAll],
            ['shirt', f.shirt, [0, 0], overAll],
            ...f.handPts.map((p, i): [string, Pt, Pt, SceneRegions] => [`hand ${i}`, p, [0, 0], over]),
          ];
          const found: [string, number][] = [];
          for (const [part, from, step, cover] of points) {
            const { label, at } = from ? paperFrom(regions, from, step, 12) : { label: 0, at: undefined };
            if (!at || hidden(cover, at)) {
              skipped.add(f.pose);
              continue;
            }
            checked++;
            if (!label) out.push(`${s.id} L${level} ${name}: no paper at the ${part}`);
            else if (regions.edge[label]) out.push(`${s.id} L${level} ${name}: the ${part} runs into the page's frame region`);
            else {
              for (const [other, l] of found)
                if (l === label) out.push(`${s.id} L${level} ${name}: the ${part} and the ${other} are one region`);
              found.push([part, label]);
            }
          }
        }
      }
    }
    expect(out).toEqual([]);
    // Only what the child sits in (a rocket, a car, a carriage, a balloon's basket) hides a point of it, and few.
    expect([...skipped].sort()).toEqual(['aboard', 'driving', 'flying']);
    expect(checked).toBeGreaterThan(faces.length * ALL_SCENES.length * LEVELS.length * 3.5);
  }, 600_000);
});
