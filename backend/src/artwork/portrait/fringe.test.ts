import sharp from 'sharp';
import { withFringe } from '../../../test/support/fringe.js';
import { fixturePhoto } from '../../../test/support/photos.js';
import { REGION_BANDS } from '../page/regions.js';
import { decodeWorking, eyeRoll, MIN_ROLL, straighten } from './analyse.js';
import { faceGeometry } from './features.js';
import { faceUnderFringe } from './fringe.js';
import { components } from './raster.js';
import type { Pt as Point } from './trace.js';
import { createPortraitEngine, type Level, type Portrait, type PortraitEngine } from './index.js';

type Pt = readonly [number, number];

/** A level's art on white paper, `k` raster pixels per portrait unit, the paper labelled by region (0: ink). */
async function paper(
  p: Portrait,
  level: Level,
  k: number,
): Promise<{ at: (q: Pt) => number; top: (x: number, l: number) => number; areas: number[] }> {
  const w = Math.round(p.width * k);
  const h = Math.round(p.height * k);
  const svg = p.levels[level].replace('<svg ', `<svg width="${w}" height="${h}" `);
  const { data } = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const ink = { w, h, data: data.map((v) => (v < 128 ? 1 : 0)) };
  const { labels: label, areas: pixels } = components(ink, 0, false);
  const areas = pixels.map((n) => n / (k * k));
  return {
    at: (q) => label[Math.round(q[1] * k) * w + Math.round(q[0] * k)]!,
    // the highest paper of region l in the column at x, portrait units
    top: (x, l) => {
      const c = Math.round(x * k);
      for (let y = 0; y < h; y++) if (label[y * w + c] === l) return y / k;
      return Infinity;
    },
    areas,
  };
}

/** Where a vertical line at x crosses a closed polygon highest. */
function topAt(poly: readonly Pt[], x: number): number {
  let top = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    if ((a[0] - x) * (b[0] - x) > 0 || a[0] === b[0]) continue;
    top = Math.min(top, a[1] + ((x - a[0]) / (b[0] - a[0])) * (b[1] - a[1]));
  }
  return top;
}

const between = (p: Portrait): Pt => [
  (p.features.eyes[0]![0] + p.features.eyes[1]![0]) / 2,
  (p.features.eyes[0]![1] + p.features.eyes[1]![1]) / 2,
];
const faceHeight = (p: Portrait): number => {
  const ys = p.features.faceOutline.map((q) => q[1]);
  return Math.max(...ys) - Math.min(...ys);
};

describe('the face under a fringe', () => {
  // a round face 100 across, its top at y = 0, from its top clockwise; a fringe's edge straight across at y = 30
  const oval: Point[] = Array.from({ length: 36 }, (_, i) => [
    50 + 50 * Math.sin((i * Math.PI) / 18),
    50 - 50 * Math.cos((i * Math.PI) / 18),
  ]);
  const fringe: Point[] = Array.from({ length: 21 }, (_, i) => [i * 5, 30]);

  it('cuts the oval at the edge and runs along it: nothing of the face above it, all below kept', () => {
    const face = faceUnderFringe(oval, fringe);
    expect(Math.min(...face.map((q) => q[1]))).toBeCloseTo(30, 6);
    for (const q of oval) if (q[1] > 30) expect(face).toContainEqual(q);
    // the edge from side to side: where the oval crosses y = 30, √(50² - 20²) from the middle
    const along = face.filter((q) => Math.abs(q[1] - 30) < 1e-6).map((q) => q[0]);
    expect(Math.min(...along)).toBeCloseTo(50 - Math.sqrt(2100), 0);
    expect(Math.max(...along)).toBeCloseTo(50 + Math.sqrt(2100), 0);
  });

  it('leaves the oval as it is where the edge runs above it', () => {
    expect(
      faceUnderFringe(
        oval,
        fringe.map((q) => [q[0], -5] as Point),
      ),
    ).toEqual(oval);
  });
});

describe('a fringe lower than the face oval', () => {
  let engine: PortraitEngine;
  let plain: Portrait;
  let fringed: Portrait;
  let grace: Portrait;
  /** the painted fringe's lower edge where the face's middle column crosses it, in the portrait's units */
  let edge: Pt;

  beforeAll(async () => {
    engine = await createPortraitEngine();
    const photo = fixturePhoto('astronaut.png');
    plain = await engine.render(photo);
    grace = await engine.render(fixturePhoto('grace-hopper.jpg'));
    // her landmarks in the photo as the engine finds them, before it levels her eyes
    const work = await decodeWorking(photo);
    const [found] = await engine.faces(work);
    const k = (await sharp(photo).metadata()).width! / work.w;
    const face = faceGeometry(found!.mesh.map((q) => [q[0] * k, q[1] * k]));
    const eyeWidth = (face.eyes[0].width + face.eyes[1].width) / 2;
    const painted = await withFringe(photo, face.oval, face.browUpper, eyeWidth);
    fringed = await engine.render(painted.photo);
    // the edge in the face's middle column, levelled as the portrait is
    const x = face.chin[0];
    const i = painted.edge.findIndex((q) => q[0] >= x);
    const [a, b] = [painted.edge[i - 1]!, painted.edge[i]!];
    const roll = eyeRoll(found!.mesh);
    const level = Math.abs(roll) > MIN_ROLL ? straighten(work, roll).map : (q: Pt): Pt => [q[0], q[1]];
    edge = level([x / k, (a[1] + ((x - a[0]) / (b[0] - a[0])) * (b[1] - a[1])) / k]);
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('draws the face at levels 1 and 2 from the fringe down: its top at the fringe, the fringe one region with the hair', async () => {
    const fh = faceHeight(fringed);
    const ovalTop = topAt(fringed.features.faceOutline, edge[0]);
    // the painted fringe hangs well below the landmarks' forehead
    expect(edge[1] - ovalTop).toBeGreaterThan(0.08 * fh);
    for (const level of [1, 2] as const) {
      const art = await paper(fringed, level, 2);
      const face = art.at(between(fringed));
      expect(face).toBeGreaterThan(0);
      // the face's region reaches up to the fringe's edge, not to the oval's top
      expect({ level, top: Math.abs(art.top(edge[0], face) - edge[1]) < 0.05 * fh }).toEqual({ level, top: true });
      // inside the oval, above the edge: the fringe, the same region as the hair above the oval
      const fringe = art.at([edge[0], (ovalTop + edge[1]) / 2]);
      expect({ level, fringe: fringe !== face && fringe > 0 }).toEqual({ level, fringe: true });
      expect({ level, hair: art.at([edge[0], ovalTop - 0.06 * fh]) }).toEqual({ level, hair: fringe });
    }
  });

  it('leaves a face whose forehead is bare as it was: the face up to the oval top', async () => {
    for (const p of [plain, grace]) {
      const x = between(p)[0];
      for (const level of [1, 2] as const) {
        const art = await paper(p, level, 2);
        const top = art.top(x, art.at(between(p)));
        expect(Math.abs(top - topAt(p.features.faceOutline, x))).toBeLessThan(0.04 * faceHeight(p));
      }
    }
  });

  it('leaves the oval top across the fringe out of level 3: the traced fringe reaches down to its edge', async () => {
    // the share of the face's middle columns with ink on the oval's top
    const onTop = async (p: Portrait): Promise<number> => {
      const art = await paper(p, 3, 2);
      const xs = p.features.faceOutline.map((q) => q[0]);
      const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
      let inked = 0;
      let n = 0;
      for (let x = x0 + 0.3 * (x1 - x0); x <= x1 - 0.3 * (x1 - x0); x += 1) {
        const y = topAt(p.features.faceOutline, x);
        n++;
        if ([-1, 0, 1].some((d) => art.at([x, y + d]) === 0)) inked++;
      }
      return inked / n;
    };
    expect(await onTop(plain)).toBeGreaterThan(0.9);
    expect(await onTop(fringed)).toBeLessThan(0.3);
    // and its edge is drawn: the face's region ends there
    const art = await paper(fringed, 3, 2);
    expect(Math.abs(art.top(edge[0], art.at(between(fringed))) - edge[1])).toBeLessThan(0.05 * faceHeight(fringed));
  });

  it('closes no region under a thumbprint between the level-1 hair and eyes at the smallest level-1 head', async () => {
    // the head 44 mm from the top of its hair to the chin, as the smallest level-1 scene draws it
    for (const p of [plain, fringed]) {
      const hair = Math.min(...p.head!.map((q) => q[1]));
      const chin = Math.max(...p.features.faceOutline.map((q) => q[1]));
      const unitsPerMm = (chin - hair) / 44;
      const art = await paper(p, 1, 4 / unitsPerMm);
      const mm2 = art.areas.map((a) => a / unitsPerMm ** 2);
      // the regions across the face from the hair's top down to the eyes (the fringe's; the page inks slivers by the
      // jaw and the neck where its head outline joins the portrait)
      const xs = p.features.faceOutline.map((q) => q[0]);
      const eyes = between(p)[1];
      const inFace = new Set<number>();
      for (let x = Math.min(...xs); x <= Math.max(...xs); x += 0.5) for (let y = hair; y <= eyes; y += 0.5) inFace.add(art.at([x, y]));
      const small = [...inFace].filter((l) => l > 0 && mm2[l]! >= 1 && mm2[l]! < REGION_BANDS[1].smallestMm2);
      expect(small.map((l) => Math.round(mm2[l]!))).toEqual([]);
    }
  });
});
