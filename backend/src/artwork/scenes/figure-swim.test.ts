import { ALL_SCENES, composeScene } from './index.js';
import { SCENE_AREA } from './compose.js';
import { drawFigure, type Figure, type Pose } from './figure.js';
import { LEVELS } from './svg.js';

/** The hips' middle (where the legs start), mm. */
const hips = (f: Figure): [number, number] => {
  const legs = f.capsules.slice(0, 2);
  return [(legs[0]!.pts[0]![0] + legs[1]!.pts[0]![0]) / 2, (legs[0]!.pts[0]![1] + legs[1]!.pts[0]![1]) / 2];
};
/** How far the body leans from upright, degrees: the line from the chin to the hips against the vertical. */
const lean = (f: Figure): number => {
  const [x, y] = hips(f);
  return (Math.atan2(Math.abs(x - f.chin[0]), y - f.chin[1]) * 180) / Math.PI;
};
const figure = (pose: Pose, mirror: boolean, inRing = false): Figure =>
  drawFigure({
    pose,
    outfit: 'swimsuit',
    level: 2,
    headMm: 40,
    chin: [100, 120],
    mirror,
    stroke: 1,
    headAspect: 0.9,
    margin: 1.5,
    inRing,
  });

describe('the swimming child (issue 14)', () => {
  it.each([['swimming'], ['snorkelling']] as const)(
    '%s under the sea lies in the water: its hips beside the head, not under it',
    (pose) => {
      for (const mirror of [false, true]) {
        const f = figure(pose, mirror);
        expect(lean(f)).toBeGreaterThanOrEqual(30);
        expect(lean(f)).toBeLessThanOrEqual(65);
        // The hips lie behind the chin, away from the stroking hand (the busy arm, on the side the child swims to).
        const forward = Math.sign(f.handPts[1][0] - f.chin[0]);
        expect(Math.sign(hips(f)[0] - f.chin[0])).toBe(-forward);
        // The head stays upright above the chin, on top of the body.
        expect(f.head.y + f.head.h).toBeCloseTo(f.chin[1], 6);
        // The legs trail behind: both feet further back than the hips.
        for (const p of f.feetPts) expect((p[0] - hips(f)[0]) * forward).toBeLessThan(0);
      }
    },
  );

  it('stays upright in a swim ring', () => {
    expect(lean(figure('swimming', false, true))).toBeLessThan(10);
  });

  it('swims beside the dolphin with its whole body on the page, facing it', () => {
    const scene = ALL_SCENES.find((s) => s.id === 'sea-dolphin-swim')!;
    for (const level of LEVELS) {
      const composed = composeScene({ composition: scene.composition, level });
      const f = composed.figure;
      expect(lean(f)).toBeGreaterThanOrEqual(30);
      expect(f.box.x).toBeGreaterThanOrEqual(SCENE_AREA.x);
      expect(f.box.x + f.box.w).toBeLessThanOrEqual(SCENE_AREA.x + SCENE_AREA.w);
    }
  });
});
