import sharp from 'sharp';
import { fixturePhoto } from '../../../test/support/photos.js';
import { withLongHair } from '../../../test/support/long-hair.js';
import { withSkinColouredHair } from '../../../test/support/skin-coloured-hair.js';
import { withBraid } from '../../../test/support/braid.js';
import { pathPoints } from '../page/portrait-art.js';
import { createPortraitEngine, type Portrait, type PortraitEngine } from './index.js';

type Pt = readonly [number, number];

function inside(poly: readonly Pt[], p: Pt): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < xi + ((p[1] - yi) / (yj - yi)) * (xj - xi)) odd = !odd;
  }
  return odd;
}

/** Every point of every path of a level's art. */
const artPoints = (svg: string): [number, number][] => [...svg.matchAll(/ d="([^"]+)"/g)].flatMap((m) => pathPoints(m[1]!));

function face(p: Portrait): { cx: number; chin: number; fw: number; fh: number; top: number } {
  const xs = p.features.faceOutline.map((q) => q[0]);
  const ys = p.features.faceOutline.map((q) => q[1]);
  return {
    cx: (Math.min(...xs) + Math.max(...xs)) / 2,
    chin: Math.max(...ys),
    top: Math.min(...ys),
    fw: Math.max(...xs) - Math.min(...xs),
    fh: Math.max(...ys) - Math.min(...ys),
  };
}

describe('the head as a cartoon shape', () => {
  let engine: PortraitEngine;
  const heads: Record<'short' | 'long' | 'pale' | 'braid' | 'grace', Portrait> = {} as never;

  beforeAll(async () => {
    engine = await createPortraitEngine();
    const photo = fixturePhoto('astronaut.png');
    heads.short = await engine.render(photo);
    const k = (await sharp(photo).metadata()).width! / heads.short.width;
    // the same child with long hair painted on beside the face, down past the chin
    const oval = heads.short.features.faceOutline.map((q) => [q[0] * k, q[1] * k] as const);
    const long = await withLongHair(photo, oval);
    heads.long = await engine.render(long);
    // and that long hair the colour of her skin, shaded in its waves
    heads.pale = await engine.render(
      await withSkinColouredHair(
        long,
        heads.long.head!.map((q) => [q[0] * k, q[1] * k] as const),
        oval,
      ),
    );
    // and with a braid hanging from beside her jaw over her shoulder
    heads.braid = await engine.render(await withBraid(photo, oval));
    heads.grace = await engine.render(fixturePhoto('grace-hopper.jpg'));
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('is one closed shape round the eyes and mouth, with the hair (or the cap) over the forehead', () => {
    for (const [name, p] of Object.entries(heads)) {
      const head = p.head!;
      const f = face(p);
      expect({ name, points: head.length >= 12 }).toEqual({ name, points: true });
      for (const q of [...p.features.eyes, ...p.features.mouth])
        expect({ name, q, inside: inside(head, q) }).toEqual({ name, q, inside: true });
      expect(Math.min(...head.map((q) => q[1]))).toBeLessThan(f.top - 0.05 * f.fh);
    }
  });

  it('lets long hair fall below the chin on both sides of the neck, and keeps short hair short', () => {
    const s = face(heads.short);
    expect(Math.max(...heads.short.head!.map((q) => q[1]))).toBeLessThan(s.chin + 0.15 * s.fh);
    const l = face(heads.long);
    const low = heads.long.head!.filter((q) => q[1] > l.chin + 0.4 * l.fh);
    expect(low.some((q) => q[0] < l.cx - 0.45 * l.fw)).toBe(true);
    expect(low.some((q) => q[0] > l.cx + 0.45 * l.fw)).toBe(true);
    // the neck is no hair's: the head's shape below the chin leaves the middle
    expect(inside(heads.long.head!, [l.cx, l.chin + 0.4 * l.fh])).toBe(false);
  });

  it('lets long hair the colour of the skin fall below the chin too, however its waves shade it, the neck free', () => {
    // before, such hair was found only as far as the even colour above the forehead reached: a cap ending at the jaw
    const l = face(heads.pale);
    const low = heads.pale.head!.filter((q) => q[1] > l.chin + 0.4 * l.fh);
    expect(low.some((q) => q[0] < l.cx - 0.45 * l.fw)).toBe(true);
    expect(low.some((q) => q[0] > l.cx + 0.45 * l.fw)).toBe(true);
    expect(inside(heads.pale.head!, [l.cx, l.chin + 0.4 * l.fh])).toBe(false);
  });

  it('finds a braid hanging in front of a shoulder: a narrow band beside the neck, from the head down past the chin', () => {
    const f = face(heads.braid);
    const braid = heads.braid.braid!;
    const ys = braid.map((q) => q[1]);
    const xs = braid.map((q) => q[0]);
    // joined to the head above the chin, hanging well below it
    expect(Math.min(...ys)).toBeLessThan(f.chin);
    expect(Math.max(...ys)).toBeGreaterThan(f.chin + 0.6 * f.fh);
    // on the side it was painted, clear of the neck below the chin
    for (const q of braid) if (q[1] > f.chin + 0.1 * f.fh) expect(q[0]).toBeLessThan(f.cx - 0.3 * f.fw);
    // narrow: its area over its height
    let area = 0;
    for (let i = 0, j = braid.length - 1; i < braid.length; j = i++) area += (braid[j]![0] + braid[i]![0]) * (braid[j]![1] - braid[i]![1]);
    expect(Math.abs(area / 2) / (Math.max(...ys) - Math.min(...ys))).toBeLessThan(0.25 * f.fw);
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(0.8 * f.fw);
    // the other heads have none: short hair, long hair over the shoulders, the dark folds of a uniform or a spacesuit
    for (const name of ['short', 'long', 'pale', 'grace'] as const)
      expect({ name, braid: heads[name].braid }).toEqual({ name, braid: undefined });
  });

  it('keeps the shoulders at levels 1 and 2 when the photo shows less of them than of the head', async () => {
    const photo = fixturePhoto('astronaut.png');
    const { width, height } = await sharp(photo).metadata();
    const k = width! / heads.short.width;
    const s = face(heads.short);
    // the photo cut off 0.6 face heights below the chin: a strip of shoulders under a big head
    const bottom = Math.round((s.chin + 0.6 * s.fh) * k);
    const cut = await engine.render(
      await sharp(photo)
        .extract({ left: 0, top: 0, width: width!, height: Math.min(height!, bottom) })
        .png()
        .toBuffer(),
    );
    const c = face(cut);
    for (const level of [1, 2] as const) {
      const pts = artPoints(cut.levels[level]);
      const shoulders = pts.filter((q) => q[1] > c.chin + 0.1 * c.fh && Math.abs(q[0] - c.cx) > 0.8 * c.fw);
      expect({ level, shoulders: shoulders.length > 0 }).toEqual({ level, shoulders: true });
    }
  });

  it('draws levels 1 and 2 round the same head shape the page outlines, so the outline covers their line', () => {
    for (const p of Object.values(heads)) {
      for (const level of [1, 2] as const) {
        const art = artPoints(p.levels[level]);
        const gaps = p.head!.map((q) => Math.min(...art.map((a) => Math.hypot(a[0] - q[0], a[1] - q[1])))).sort((a, b) => a - b);
        // nine in ten of the head's points have a point of the level's lines within a few units (their spacing)
        expect({ level, gap: gaps[Math.floor(0.9 * gaps.length)]! < 4 }).toEqual({ level, gap: true });
      }
    }
  });
});
