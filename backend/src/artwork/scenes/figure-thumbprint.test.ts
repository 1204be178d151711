// Level 1's mittens and boots: each one a thumbprint to colour (issue 14, decision 017), however small the child is drawn.
import sharp from 'sharp';
import { SCENE_STROKE } from './compose.js';
import { drawFigure, POSES, type Outfit, type Pose } from './figure.js';
import { THUMBPRINT_MM2 } from './library.js';

const PX_PER_MM = 4;
const SIZE_MM = 120;

/** The white area (mm²) of the closed region around each point, in the figure drawn alone on white. */
async function regionsAt(svg: string, pts: readonly (readonly [number, number])[]): Promise<number[]> {
  const w = SIZE_MM * PX_PER_MM;
  const page = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE_MM}mm" height="${SIZE_MM}mm" viewBox="0 0 ${SIZE_MM} ${SIZE_MM}"><rect width="${SIZE_MM}" height="${SIZE_MM}" fill="#fff"/>${svg}</svg>`;
  const { data } = await sharp(Buffer.from(page), { density: PX_PER_MM * 25.4 })
    .resize({ width: w, height: w })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pts.map(([x, y]) => {
    const seen = new Uint8Array(w * w);
    const stack = [Math.round(y * PX_PER_MM) * w + Math.round(x * PX_PER_MM)];
    let area = 0;
    while (stack.length) {
      const i = stack.pop()!;
      if (seen[i] || data[i]! < 128) continue;
      seen[i] = 1;
      area++;
      const px = i % w;
      if (px > 0) stack.push(i - 1);
      if (px < w - 1) stack.push(i + 1);
      if (i >= w) stack.push(i - w);
      if (i < w * (w - 1)) stack.push(i + w);
    }
    return area / PX_PER_MM ** 2;
  });
}

describe('the child at level 1', () => {
  it('has hands and feet no smaller than a thumbprint in every pose and outfit, on the smallest child a page draws', async () => {
    const small: string[] = [];
    // The smallest child a level 1 page draws: its head (60 mm) x 0.84 in a frame or aboard x 0.92 with two friends
    // beside; a rider's x 0.74 (compose.ts).
    for (const pose of Object.keys(POSES) as Pose[]) {
      for (const outfit of ['everyday', 'space-suit', 'swimsuit', 'sports-kit', 'royal'] as Outfit[]) {
        const f = drawFigure({
          pose,
          outfit,
          level: 1,
          headMm: pose === 'riding' ? 60 * 0.74 * 0.92 : 60 * 0.84 * 0.92,
          chin: [60, 40],
          mirror: false,
          stroke: SCENE_STROKE[1],
          headAspect: 0.9,
          margin: 1.6,
        });
        // The rider's far leg is behind the animal; a passenger's legs, behind the carriage's side.
        const feet = pose === 'aboard' ? [] : POSES[pose].oneLeg ? f.feetPts.slice(1) : f.feetPts;
        const areas = await regionsAt(f.body + f.hands, [...f.handPts, ...feet]);
        areas.forEach((a, i) => {
          if (a < THUMBPRINT_MM2) small.push(`${pose} ${outfit} ${i < 2 ? 'hand' : 'foot'} ${i}: ${a} mm²`);
        });
      }
    }
    expect(small).toEqual([]);
  });
});
