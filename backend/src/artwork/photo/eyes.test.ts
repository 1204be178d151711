import { EYES, findEyePair } from './eyes.js';
import type { Lab } from './regions.js';

const PER_MM = 1.8; // the raster's pixels per mm of the page, as for a 4:3 photo
const W = 440;
const H = 330;

/** Grey fur (L 50) with discs (or ellipses, `ry` the vertical radius) of the given lightness, centres and radii in mm. */
function picture(discs: { x: number; y: number; r: number; ry?: number; L: number }[]): Lab {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let L = 50;
      for (const d of discs) if (Math.hypot((x / PER_MM - d.x) / d.r, (y / PER_MM - d.y) / (d.ry ?? d.r)) <= 1) L = d.L;
      data[(y * W + x) * 3] = L;
    }
  }
  return { w: W, h: H, data };
}

describe('findEyePair', () => {
  it('finds two black pupils side by side, image-left first, at their places', () => {
    const pair = findEyePair(
      picture([
        { x: 130, y: 80, r: 5, L: 4 },
        { x: 90, y: 82, r: 5, L: 4 },
      ]),
      PER_MM,
    );
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    expect(Math.abs(a.x / PER_MM - 90)).toBeLessThan(2);
    expect(Math.abs(a.y / PER_MM - 82)).toBeLessThan(2);
    expect(Math.abs(b.x / PER_MM - 130)).toBeLessThan(2);
    expect(Math.abs(b.y / PER_MM - 80)).toBeLessThan(2);
  });

  it('finds none where there is one pupil, two light spots, two dark grey ones or two far apart', () => {
    expect(findEyePair(picture([{ x: 90, y: 80, r: 5, L: 4 }]), PER_MM)).toBeNull();
    const pair = (L: number, apartMm: number): Lab =>
      picture([
        { x: 60, y: 80, r: 5, L },
        { x: 60 + apartMm, y: 80, r: 5, L },
      ]);
    expect(findEyePair(pair(4, 45), PER_MM)).not.toBeNull();
    // a cup's rim or a head's two sides: light, not pupils
    expect(findEyePair(pair(95, 45), PER_MM)).toBeNull();
    // a dark patch of coffee or fur, not near black
    expect(findEyePair(pair(EYES.pupil + 10, 45), PER_MM)).toBeNull();
    // too far apart for the eyes of one face
    expect(findEyePair(pair(4, 5 * EYES.apartMax + 100), PER_MM)).toBeNull();
  });

  it('finds none where the two spots differ in shape (not each other’s mirror image)', () => {
    const discs = [
      { x: 90, y: 80, r: 5, L: 4 },
      { x: 135, y: 80, r: 5, L: 4 },
    ];
    expect(findEyePair(picture(discs), PER_MM)).not.toBeNull();
    // a round black spot and a long one
    expect(findEyePair(picture([discs[0], { ...discs[1], r: 8, ry: 3 }]), PER_MM)).toBeNull();
  });
});
