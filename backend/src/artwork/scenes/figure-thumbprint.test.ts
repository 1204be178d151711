// Level 1's child: nothing under a thumbprint to colour (issue 14, decision 017), in every pose, outfit and held prop,
// however small a catalogue page draws the child.
import sharp from 'sharp';
import { SCENE_STROKE } from './compose.js';
import { drawFigure, POSES, type Figure, type Outfit, type Pose } from './figure.js';
import { THUMBPRINT_MM2 } from './library.js';

const PX_PER_MM = 4;
/** Smaller white specks are the gaps of anti-aliasing, not regions (as page/regions.ts counts them). */
const NOISE_MM2 = 1;
const OUTFITS: readonly Outfit[] = ['everyday', 'space-suit', 'swimsuit', 'sports-kit', 'royal'];
/** Not met yet, and why (each a pose no catalogue page dresses so). */
const KNOWN: Readonly<Record<string, string>> = {
  // Planet hopping is in space, in a space suit; in a tunic the raised knee shows a sliver beside the skirt.
  'hopping royal': 'a knee beside the skirt',
  // Digging in a tunic: the arm down to the spade closes a sliver with the flaring skirt.
  'digging royal': 'an arm beside the skirt',
};

interface Drawn {
  /** Every closed white region's area, mm² (not the white around the child). */
  regions: number[];
  /** The area of the region round each point, mm² (0 on a line). */
  at: number[];
}

/** The child drawn alone on white (its box and a margin), its closed regions found by flood fill. */
async function regionsOf(f: Figure, pts: readonly (readonly [number, number])[]): Promise<Drawn> {
  const x0 = Math.floor(f.box.x - 5);
  const y0 = Math.floor(f.box.y - 5);
  const w = Math.ceil(f.box.w + 10);
  const h = Math.ceil(f.box.h + 10);
  const page = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="${x0} ${y0} ${w} ${h}"><rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="#fff"/>${f.speedLines}${f.knockout}${f.parts}${f.hands}</svg>`;
  const W = w * PX_PER_MM;
  const Hpx = h * PX_PER_MM;
  const { data } = await sharp(Buffer.from(page), { density: PX_PER_MM * 25.4 })
    .resize({ width: W, height: Hpx })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const label = new Int32Array(W * Hpx).fill(-1);
  const sizes: number[] = [];
  const edge: boolean[] = [];
  const stack: number[] = [];
  for (let s = 0; s < W * Hpx; s++) {
    if (label[s] !== -1 || data[s]! < 128) continue;
    const id = sizes.length;
    let area = 0;
    let open = false;
    label[s] = id;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      area++;
      const x = i % W;
      const y = (i - x) / W;
      if (x === 0 || y === 0 || x === W - 1 || y === Hpx - 1) open = true;
      for (const j of [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, y > 0 ? i - W : -1, y < Hpx - 1 ? i + W : -1]) {
        if (j < 0 || label[j] !== -1 || data[j]! < 128) continue;
        label[j] = id;
        stack.push(j);
      }
    }
    sizes.push(area / PX_PER_MM ** 2);
    edge.push(open);
  }
  return {
    regions: sizes.filter((a, i) => !edge[i] && a >= NOISE_MM2),
    at: pts.map(([x, y]) => {
      const id = label[Math.round((y - y0) * PX_PER_MM) * W + Math.round((x - x0) * PX_PER_MM)]!;
      return id < 0 ? 0 : sizes[id]!;
    }),
  };
}

describe('the child at level 1', () => {
  it('has no region under a thumbprint in any pose, outfit and held prop, its hands and feet included, on the smallest child a page draws', async () => {
    const small: string[] = [];
    const known: string[] = [];
    // The smallest child a level 1 page draws: its head (60 mm) x 0.84 in a frame or aboard x 0.92 with two friends
    // beside; a rider's x 0.74 (compose.ts).
    for (const pose of Object.keys(POSES) as Pose[]) {
      for (const outfit of OUTFITS) {
        const f = drawFigure({
          pose,
          outfit,
          level: 1,
          headMm: pose === 'riding' ? 60 * 0.74 * 0.92 : 60 * 0.84 * 0.92,
          chin: [100, 100],
          mirror: false,
          stroke: SCENE_STROKE[1],
          headAspect: 0.9,
          margin: 1.6,
        });
        // The rider's far leg is behind the animal; a passenger's legs, behind the carriage's side.
        const feet = pose === 'aboard' ? [] : POSES[pose].oneLeg ? f.feetPts.slice(1) : f.feetPts;
        const { regions, at } = await regionsOf(f, [...f.handPts, ...feet]);
        const found = [
          ...regions.filter((a) => a < THUMBPRINT_MM2).map((a) => `a region of ${a} mm²`),
          ...at.flatMap((a, i) => (a < THUMBPRINT_MM2 ? [`${i < 2 ? 'hand' : 'foot'} ${i}: ${a} mm²`] : [])),
        ];
        const name = `${pose} ${outfit}`;
        if (KNOWN[name]) {
          if (found.length) known.push(name);
        } else small.push(...found.map((s) => `${name} (${f.held ?? 'nothing held'}): ${s}`));
      }
    }
    expect(small).toEqual([]);
    // Each pair on the list still has one (when fixed, take it off the list).
    expect(known.sort()).toEqual(Object.keys(KNOWN).sort());
  });
});
