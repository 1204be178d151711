import { BACKGROUNDS } from '../scenes/backgrounds.js';
import { composeScene, SCENE_AREA } from '../scenes/compose.js';
import { poseFor } from '../scenes/figure.js';
import { ALL_SCENES, type SceneComposition } from '../scenes/index.js';
import { ACTIVITY_ART, COMPANION_ART, companionEntry } from '../scenes/library.js';
import { LEVELS } from '../scenes/svg.js';
import { fixturePortrait } from './fixture-portrait.js';
import { composeScenePage } from './index.js';
import { sceneRegions, type SceneRegions } from './regions.js';

const wallFoot = BACKGROUNDS.home!.wallFoot!;
const birthday = ALL_SCENES.find((s) => s.id === 'move-birthday')!;

/** The farthest any point of bare wall (paper of a region open to the scene's frame, above the wall's foot) lies from a
 * line, mm: how big a blank patch the wall has. */
function barestWall(r: SceneRegions): number {
  const px = r.w / (SCENE_AREA.w - 4);
  const top = SCENE_AREA.y + 2;
  // Distance to the nearest ink in pixels (a 3-4 chamfer), the frame (2 mm beyond the raster's edge) counting as ink.
  const d = new Float64Array(r.w * r.h);
  for (let y = 0; y < r.h; y++)
    for (let x = 0; x < r.w; x++)
      d[y * r.w + x] = r.labels[y * r.w + x] === 0 ? 0 : 3 * (2 * px + Math.min(x, y, r.w - 1 - x, r.h - 1 - y));
  const pass = (order: number[], steps: [number, number, number][]): void => {
    for (const y of order)
      for (let k = 0; k < r.w; k++) {
        const x = steps[0]![0] > 0 || steps[0]![1] > 0 ? r.w - 1 - k : k;
        for (const [dx, dy, c] of steps) {
          const qx = x + dx;
          const qy = y + dy;
          if (qx >= 0 && qy >= 0 && qx < r.w && qy < r.h) d[y * r.w + x] = Math.min(d[y * r.w + x]!, d[qy * r.w + qx]! + c);
        }
      }
  };
  const rows = [...Array(r.h).keys()];
  pass(rows, [
    [-1, 0, 3],
    [0, -1, 3],
    [-1, -1, 4],
    [1, -1, 4],
  ]);
  pass(rows.reverse(), [
    [1, 0, 3],
    [0, 1, 3],
    [1, 1, 4],
    [-1, 1, 4],
  ]);
  let most = 0;
  for (let y = 0; y < Math.floor((wallFoot - 1 - top) * px); y++)
    for (let x = 0; x < r.w; x++) {
      const l = r.labels[y * r.w + x]!;
      if (l > 0 && r.edge[l]) most = Math.max(most, d[y * r.w + x]! / 3 / px);
    }
  return most;
}

describe('the party room (home)', () => {
  it('stands every friend on the floor, never up on the wall: the Birthday Party, friends at home and at the ball', () => {
    const out: string[] = [];
    const onFloor = (composition: SceneComposition, label: string): void => {
      const pose = poseFor(composition);
      const grounded = new Set(
        composition.companions
          .map((id) => companionEntry(id, composition.activity, pose))
          .filter((e) => e.stance === 'ground' || e.stance === 'far')
          .map((e) => ('drawing' in e.art ? e.art.drawing : e.art.clipart)),
      );
      for (const level of LEVELS) {
        const scene = composeScene({ composition, level, head: { aspect: 0.9 } });
        // At the ball the hall's wall stands on the tiled floor's back edge.
        const foot = scene.placed.find((p) => p.what === 'ballroom-floor')?.box.y ?? wallFoot;
        for (const p of scene.placed)
          if (grounded.has(p.what) && p.box.y + p.box.h <= foot) out.push(`${label} L${level}: the ${p.what} on the wall`);
      }
    };
    onFloor(birthday.composition, birthday.id);
    // Any activity at home with three friends (the third goes far back) and the party's things.
    const friends = Object.keys(COMPANION_ART);
    for (const activity of Object.keys(ACTIVITY_ART))
      for (let i = 0; i < friends.length; i += 2) {
        const companions = [friends[i]!, friends[(i + 3) % friends.length]!, friends[(i + 7) % friends.length]!];
        for (const objects of [[], ['cake', 'balloon']])
          onFloor({ location: 'home', activity, companions, objects }, `${activity} ${companions.join('+')} ${objects.join('+')}`);
      }
    for (let i = 0; i < friends.length; i++) {
      const companions = [friends[i]!, friends[(i + 5) % friends.length]!];
      onFloor({ location: 'castle', activity: 'dancing', companions, objects: ['crown'] }, `castle ball ${companions.join('+')}`);
    }
    expect(out).toEqual([]);
  });

  it('papers the wall at level 4 without a blank patch: no bare wall farther than 13 mm from a line', async () => {
    // The polka dots left a strip under the bunting and the gaps round the balloons' box bare (17 mm).
    const page = composeScenePage({
      composition: birthday.composition,
      title: birthday.title,
      level: 4,
      childName: 'Sam',
      portrait: fixturePortrait(),
    });
    expect(barestWall(await sceneRegions(page))).toBeLessThan(13);
  });
});
