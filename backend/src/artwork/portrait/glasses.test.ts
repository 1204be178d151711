import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import { pathPoints } from '../page/portrait-art.js';
import { createPortraitEngine, type Portrait, type PortraitEngine } from './index.js';

/** A photo with dark glasses' frames drawn on in code round its eyes (given in the photo's pixels). */
async function withGlasses(photo: Buffer, eyes: readonly (readonly [number, number])[]): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const sorted = [...eyes].sort((p, q) => p[0] - q[0]);
  const [l, r] = [sorted[0]!, sorted[1]!];
  const d = r[0] - l[0];
  const frame = (c: readonly [number, number]): string =>
    `<rect x="${c[0] - 0.4 * d}" y="${c[1] - 0.27 * d}" width="${0.8 * d}" height="${0.54 * d}" rx="${0.12 * d}" fill="none" stroke="#1a1a1a" stroke-width="${0.06 * d}"/>`;
  const bridge = `<path d="M${l[0] + 0.4 * d} ${l[1] - 0.05 * d}Q${(l[0] + r[0]) / 2} ${l[1] - 0.15 * d} ${r[0] - 0.4 * d} ${r[1] - 0.05 * d}" fill="none" stroke="#1a1a1a" stroke-width="${0.06 * d}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${frame(l)}${frame(r)}${bridge}</svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** Whether the level's art draws a line through both sides of a lens round each eye (0.42 eye distances beside it). */
function drawsLenses(p: Portrait, level: 1 | 2): boolean {
  const art = [...p.levels[level].matchAll(/ d="([^"]+)"/g)].flatMap((m) => pathPoints(m[1]!));
  const sorted = [...p.features.eyes].sort((a, b) => a[0] - b[0]);
  const [l, r] = [sorted[0]!, sorted[1]!];
  const d = r[0] - l[0];
  const near = (x: number, y: number): boolean => art.some((a) => Math.hypot(a[0] - x, a[1] - y) < 0.05 * d);
  return [l, r].every((e) => near(e[0] - 0.42 * d, e[1] + 0.03 * d) && near(e[0] + 0.42 * d, e[1] + 0.03 * d));
}

/** Whether the level's art draws a line over each eye along a lens's top (`above`) or along its bottom (`!above`). */
function drawsRim(p: Portrait, level: 1 | 2, above: boolean): boolean {
  const art = [...p.levels[level].matchAll(/ d="([^"]+)"/g)].flatMap((m) => pathPoints(m[1]!));
  const sorted = [...p.features.eyes].sort((a, b) => a[0] - b[0]);
  const d = sorted[1]![0] - sorted[0]![0];
  const y = (e: readonly number[]): number => e[1]! + 0.03 * d + (above ? -0.3 : 0.3) * d;
  return sorted.every((e) => art.some((a) => Math.hypot(a[0] - e[0]!, a[1] - y(e)) < 0.05 * d));
}

describe('glasses', () => {
  let engine: PortraitEngine;
  const faces: Record<'astronaut' | 'grace' | 'astronautGlasses', Portrait> = {} as never;

  beforeAll(async () => {
    engine = await createPortraitEngine();
    const photo = fixturePhoto('astronaut.png');
    faces.astronaut = await engine.render(photo);
    faces.grace = await engine.render(fixturePhoto('grace-hopper.jpg'));
    const k = (await sharp(photo).metadata()).width! / faces.astronaut.width;
    faces.astronautGlasses = await engine.render(
      await withGlasses(
        photo,
        faces.astronaut.features.eyes.map((e) => [e[0] * k, e[1] * k] as const),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('are drawn at level 2 round the eyes of a child who wears them, and not round bare eyes', () => {
    expect(drawsLenses(faces.grace, 2)).toBe(true);
    expect(drawsLenses(faces.astronautGlasses, 2)).toBe(true);
    expect(drawsLenses(faces.astronaut, 2)).toBe(false);
  });

  it('are their upper rims at level 1, open below, where a whole lens would be a region under a thumbprint', () => {
    for (const face of [faces.grace, faces.astronautGlasses]) {
      expect(drawsRim(face, 1, true)).toBe(true);
      expect(drawsRim(face, 1, false)).toBe(false);
      expect(drawsLenses(face, 1)).toBe(true);
    }
    expect(drawsRim(faces.astronaut, 1, true)).toBe(false);
    expect(drawsLenses(faces.astronaut, 1)).toBe(false);
  });
});
