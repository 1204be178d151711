import sharp from 'sharp';
import { fixturePortrait } from '../page/fixture-portrait.js';
import { composeScenePage } from '../page/index.js';
import { sceneHead } from '../page/scene-head.js';
import { ALL_SCENES, composeScene } from './index.js';
import { SCENE_AREA, SWIMMER_INSET } from './compose.js';
import { drawFigure, type Figure, type Pose } from './figure.js';
import { SWIM_RING } from './swim-ring.js';
import { LEVELS } from './svg.js';

type Pt = readonly [number, number];
const PX_PER_MM = 4;

/** A page's SVG as grey pixels, 4 a millimetre. */
async function raster(svgPage: string): Promise<Buffer> {
  const { data } = await sharp(Buffer.from(svgPage), { density: PX_PER_MM * 25.4 })
    .resize({ width: 210 * PX_PER_MM, height: 297 * PX_PER_MM })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}
const page = (content: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${content}</svg>`;

/** Dark pixels within r (mm) of a point. */
function darkNear(data: Buffer, [x, y]: Pt, r: number): number {
  const w = 210 * PX_PER_MM;
  let dark = 0;
  for (let py = Math.floor((y - r) * PX_PER_MM); py <= (y + r) * PX_PER_MM; py++)
    for (let px = Math.floor((x - r) * PX_PER_MM); px <= (x + r) * PX_PER_MM; px++)
      if (Math.hypot(px / PX_PER_MM - x, py / PX_PER_MM - y) <= r && data[py * w + px]! < 128) dark++;
  return dark;
}
const scene = (id: string) => ALL_SCENES.find((s) => s.id === id)!;

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

  it('stays upright in a swim ring, its legs under the water', () => {
    const f = figure('swimming', false, true);
    expect(f.feetPts).toHaveLength(0);
    // The T-shirt's hem straight under the chin.
    const hem = f.torso.filter((p) => p[1] > f.chin[1] + 0.8 * 40);
    expect(hem.length).toBeGreaterThan(0);
    for (const p of hem) expect(Math.abs(p[0] - f.chin[0])).toBeLessThan(0.35 * 40);
  });

  it.each([['sea-dolphin-swim'], ['sea-coral-reef']])(
    '%s: the whole swimmer, feet and hands, stays inside the frame with a margin',
    (id) => {
      for (const level of LEVELS) {
        const f = composeScene({ composition: scene(id).composition, level }).figure;
        expect(lean(f)).toBeGreaterThanOrEqual(30);
        expect(f.box.x).toBeGreaterThanOrEqual(SCENE_AREA.x + SWIMMER_INSET - 1e-6);
        expect(f.box.x + f.box.w).toBeLessThanOrEqual(SCENE_AREA.x + SCENE_AREA.w - SWIMMER_INSET + 1e-6);
        // The box holds the feet, drawn upright at the ankles: each foot's toe and heel are in it.
        for (const p of f.feetPts) {
          expect(p[0] - 0.13 * f.head.h).toBeGreaterThanOrEqual(f.box.x - 1e-6);
          expect(p[0] + 0.22 * f.head.h).toBeLessThanOrEqual(f.box.x + f.box.w + 1e-6);
        }
      }
    },
  );

  it('wears the swim ring round its waist at the Swimming Gala: its back half behind the body, its front half over it', async () => {
    for (const level of LEVELS) {
      const c = composeScene({ composition: scene('sports-swim').composition, level });
      const f = c.figure;
      expect(c.carrier).toBe('swim-ring');
      const ring = c.carrierBox!;
      const [cx, cy, rx, ry] = [ring.x + ring.w / 2, ring.y + ring.h / 2, ring.w / 2, ring.h / 2];
      expect(ry / rx).toBeCloseTo(SWIM_RING.ry, 6);
      // Round the waist: its middle between the chest and the hem, the body in its hole.
      expect(cy).toBeGreaterThan(f.chin[1] + 0.45 * f.head.h);
      expect(cy).toBeLessThan(f.chin[1] + 0.84 * f.head.h);
      expect(Math.abs(cx - f.chin[0])).toBeLessThan(0.01);
      // The legs are under the water: none drawn, nothing of the body below the ring's front.
      expect(f.feetPts).toHaveLength(0);
      expect(Math.max(...f.torso.map((p) => p[1]))).toBeLessThan(cy + ry);
      const px = await raster(page(c.back + c.middle + c.knockout + c.ring + f.parts + c.frame + f.hands));
      // The back half's top edge: hidden where the body is in front of it, drawn beside the body.
      expect(darkNear(px, [cx, cy - ry], 0.5)).toBe(0);
      for (const s of [-1, 1]) expect(darkNear(px, [cx + s * 0.94 * rx, cy - 0.34 * ry], 0.6)).toBeGreaterThan(0);
      // The front half over the body: the hole's near edge runs across the waist, the T-shirt's sides and hem are hidden
      // under the ring.
      expect(darkNear(px, [cx, cy + SWIM_RING.holeRy * rx], 0.6)).toBeGreaterThan(0);
      const hem = Math.max(...f.torso.map((p) => p[1]));
      expect(darkNear(px, [cx, hem], 0.5)).toBe(0);
      for (const p of f.torso.filter((q) => q[1] > cy + 0.15 * ry)) expect(darkNear(px, p, 0.4)).toBe(0);
    }
  });

  it('snorkels over the Coral Reef: a diving mask over the eyes (pushed up at level 1), its snorkel above the water', async () => {
    const portrait = fixturePortrait();
    const head = sceneHead(portrait);
    expect(head.landmarks).toBeDefined();
    for (const level of LEVELS) {
      const c = composeScene({ composition: scene('sea-coral-reef').composition, level, head });
      const f = c.figure;
      const { glass, tube } = c.snorkel!;
      const eyes = head.landmarks!.eyes.map(([x, y]) => [f.chin[0] + x * f.head.h, f.chin[1] + y * f.head.h] as const);
      if (level === 1) {
        // Pushed up on the forehead, over the head, the eyes free under it.
        for (const e of eyes) expect(glass.y + glass.h).toBeLessThan(e[1] - 0.05 * f.head.h);
        expect(glass.y).toBeGreaterThan(f.head.y);
      } else {
        // Both eyes inside its glass, clear of its frame.
        for (const e of eyes) {
          expect(e[0]).toBeGreaterThan(glass.x + 0.05 * f.head.h);
          expect(e[0]).toBeLessThan(glass.x + glass.w - 0.05 * f.head.h);
          expect(e[1]).toBeGreaterThan(glass.y + 0.05 * f.head.h);
          expect(e[1]).toBeLessThan(glass.y + glass.h - 0.05 * f.head.h);
        }
      }
      // The snorkel rises beside the head from the mask to above the water's line (10 mm under the scene's top, its
      // waves 2.5 mm high at most), inside the frame.
      expect(tube.y).toBeLessThan(SCENE_AREA.y + 10 - 2.5);
      expect(tube.y).toBeGreaterThan(SCENE_AREA.y);
      expect(tube.y + tube.h).toBeGreaterThan(glass.y);
      expect(tube.y + tube.h).toBeLessThan(glass.y + glass.h);
      expect(tube.x + tube.w).toBeGreaterThan(f.head.x);
      expect(tube.x).toBeLessThan(f.head.x + f.head.w);
      // The snorkel is on the side away from the stroking hand.
      expect(Math.sign(tube.x + tube.w / 2 - f.chin[0])).toBe(-Math.sign(f.handPts[1][0] - f.chin[0]));
      if (level >= 2) {
        // The eyes show through the glass on the page.
        const px = await raster(
          composeScenePage({ composition: scene('sea-coral-reef').composition, title: 'Coral Reef', level, childName: 'Sam', portrait }),
        );
        for (const e of eyes) expect(darkNear(px, e, 1)).toBeGreaterThan(0);
        // The glass's middle between the eyes is open paper (over the face), not the mask's frame.
        expect(darkNear(px, [(eyes[0][0] + eyes[1][0]) / 2, glass.y + 0.2 * glass.h], 0.5)).toBe(0);
      }
    }
  });
});
