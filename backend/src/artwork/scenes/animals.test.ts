// The hand-drawn friends (scenes/animals.ts), each alone on a page at every size a catalogue page draws it: big closed shapes at level 1 (none under a thumbprint), more to colour each level up, closed outlines, the
// same drawing every time (issue 14, decision 017).
import sharp from 'sharp';
import { countRegions } from '../page/regions.js';
import { ANIMALS } from './animals.js';
import { ALL_SCENES } from './catalogue.js';
import { composeScene, SCENE_AREA, SCENE_STROKE } from './compose.js';
import { COMPANION_ART, placeEntry } from './library.js';
import { seededRandom } from './random.js';
import { LEVELS, type Box, type Level } from './svg.js';

/** The companions drawn by animals.ts. */
const DRAWN = Object.entries(COMPANION_ART).filter(([, e]) => 'drawing' in e.art && e.art.drawing in ANIMALS);

/** Every box (mm) the catalogue draws a companion in at a level, smallest first: its boxes keep the drawing's proportions. */
function boxes(id: string, level: Level): Box[] {
  const e = COMPANION_ART[id]!;
  const d = ANIMALS['drawing' in e.art ? (e.art.drawing as keyof typeof ANIMALS) : 'lion'];
  const out: Box[] = [];
  for (const s of ALL_SCENES) {
    if (!s.composition.companions.includes(id)) continue;
    for (const b of composeScene({ composition: s.composition, level }).companionBoxes)
      if (Math.abs(b.w / b.h - d.width / d.height) < 0.01 && !out.some((o) => Math.abs(o.w - b.w) < 0.5)) out.push(b);
  }
  if (!out.length) throw new Error(`no catalogue page draws ${id} at level ${level}`);
  return out.sort((p, q) => p.w - q.w);
}

/** An A4 page with only the friend on it, in the scene's frame. */
function page(id: string, level: Level, box: Box, paint = '#fff'): string {
  const a = SCENE_AREA;
  const placed = placeEntry(COMPANION_ART[id]!, { box, strokeMm: SCENE_STROKE[level], level, rnd: seededRandom(id), anchor: 'bottom' });
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>' +
    `${placed.svg.replace('fill="#fff"', `fill="${paint}"`)}<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" fill="none" stroke="#000" stroke-width="1.8"/></svg>`
  );
}

/** A page's pixels (4 px/mm, greyscale) and which white ones the scene's top left corner reaches. */
async function outsideOf(svg: string): Promise<{ data: Buffer; outside: Uint8Array }> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 4 * 25.4 })
    .resize({ width: 210 * 4 })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const outside = new Uint8Array(data.length);
  const stack = [Math.round((SCENE_AREA.y + 3) * 4) * w + Math.round((SCENE_AREA.x + 3) * 4)];
  while (stack.length) {
    const i = stack.pop()!;
    if (outside[i] || data[i]! < 128) continue;
    outside[i] = 1;
    const x = i % w;
    if (x > 0) stack.push(i - 1);
    if (x < w - 1) stack.push(i + 1);
    if (i >= w) stack.push(i - w);
    if (i + w < data.length) stack.push(i + w);
  }
  return { data, outside };
}

describe('the hand-drawn friends', () => {
  it('draws the lion, the monkey, the giraffe, the cat, the dragon, the fish, the horse, the unicorn, the parrot, the elephant, the dog, the cow, the dolphin, the bunny, the teddy, the alien and the pig by hand', () => {
    expect(DRAWN.map(([id]) => id).sort()).toEqual([
      'alien',
      'bird',
      'bunny',
      'cat',
      'cow',
      'dog',
      'dolphin',
      'dragon',
      'elephant',
      'fish',
      'giraffe',
      'horse',
      'lion',
      'monkey',
      'pig',
      'teddy',
      'unicorn',
    ]);
  });

  it('has no region under a thumbprint at level 1, at every size a catalogue page draws it', async () => {
    const out: string[] = [];
    for (const [id] of DRAWN)
      for (const box of boxes(id, 1)) {
        const r = await countRegions(page(id, 1, box), 1);
        // The page's background and the friend's own regions (at least one), each at least a thumbprint.
        if (r.tiny || r.regions < 2) out.push(`${id} at ${box.w.toFixed(0)} x ${box.h.toFixed(0)} mm: ${JSON.stringify(r)}`);
      }
    expect(out).toEqual([]);
  }, 60_000);

  it('gives more to colour level by level, and at levels 2-3 nothing under the level’s smallest region', async () => {
    const out: string[] = [];
    for (const [id] of DRAWN) {
      const counts: number[] = [];
      // Counted on the same friend at every level: the biggest level 1 draws.
      const same = boxes(id, 1).at(-1)!;
      for (const level of LEVELS) {
        counts.push((await countRegions(page(id, level, same), level)).regions);
        for (const box of boxes(id, level)) {
          const r = await countRegions(page(id, level, box), level);
          if (level <= 3 && r.tiny) out.push(`${id} L${level} at ${box.w.toFixed(0)} mm: ${JSON.stringify(r)}`);
        }
      }
      if (!(counts[0]! < counts[1]! && counts[1]! <= counts[2]! && counts[2]! < counts[3]!)) out.push(`${id}: ${counts.join(' ')}`);
      if (counts[3]! < 3 * counts[0]!) out.push(`${id}: level 4 ${counts[3]} regions, level 1 ${counts[0]}`);
    }
    expect(out).toEqual([]);
  }, 60_000);

  it('draws closed outlines: the page outside the friend never reaches inside its shapes', async () => {
    for (const [id] of DRAWN)
      for (const level of [1, 4] as const) {
        const box = boxes(id, level)[0]!;
        // Its shapes painted solid black show where the friend is; drawn, none of that may be reached from outside.
        const solid = await outsideOf(page(id, level, box, '#000'));
        const drawn = await outsideOf(page(id, level, box));
        let inside = 0;
        let leak = 0;
        for (let i = 0; i < solid.data.length; i++) {
          if (solid.data[i]! >= 128) continue;
          if (drawn.data[i]! >= 128) inside++;
          if (drawn.outside[i]) leak++;
        }
        // A few pixels where a line's anti-aliased edge meets the fill; a gap in an outline lets in hundreds.
        expect({ id, level, leak: leak < 0.003 * inside }).toEqual({ id, level, leak: true });
        expect(inside).toBeGreaterThan(500);
      }
  }, 60_000);

  it('stands the level-1 giraffe on four legs, two pairs with the paper between them, at every size (not a block)', async () => {
    for (const box of boxes('giraffe', 1)) {
      const solid = await outsideOf(page('giraffe', 1, box, '#000'));
      const drawn = await outsideOf(page('giraffe', 1, box));
      // Across the legs a tenth of the giraffe's height above its hooves: the white inside each leg, and the paper the
      // page outside reaches parting them (at least between the pairs; two legs of a small pair may share their ink).
      const w = 210 * 4;
      const y = Math.round((box.y + box.h * 0.9) * 4);
      let legs = 0;
      let groups = 0;
      let last = 'paper' as 'leg' | 'ink' | 'paper';
      for (let x = Math.round(box.x * 4) - 8; x < Math.round((box.x + box.w) * 4) + 8; x++) {
        const i = y * w + x;
        const at: typeof last = drawn.outside[i]
          ? 'paper'
          : solid.data[i]! < 128 && drawn.data[i]! >= 128
            ? 'leg'
            : solid.data[i]! < 128
              ? 'ink'
              : last;
        if (at === 'leg' && last !== 'leg') legs++;
        if (at !== 'paper' && last === 'paper') groups++;
        last = at;
      }
      expect({ width: Math.round(box.w), legs, pairs: groups >= 2 }).toEqual({ width: Math.round(box.w), legs: 4, pairs: true });
    }
  }, 60_000);

  it('marks the level-4 dolphin as a dolphin, in bands that run to its outline (no row of spots, no ring round the eye)', async () => {
    for (const box of boxes('dolphin', 4)) {
      const solid = await outsideOf(page('dolphin', 4, box, '#000'));
      const drawn = await outsideOf(page('dolphin', 4, box));
      const w = 210 * 4;
      const friend = (i: number): boolean => solid.data[i]! < 128;
      // Its outline: the friend's pixels next to the page outside it.
      const near = new Uint8Array(solid.data.length);
      const r = 5;
      for (let i = 0; i < solid.data.length; i++) {
        if (!friend(i) || !(drawn.outside[i - 1] || drawn.outside[i + 1] || drawn.outside[i - w] || drawn.outside[i + w])) continue;
        for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) near[i + dy * w + dx] = 1;
      }
      // Each white region inside it (a cape, a stripe, a belly, a bubble) reaches that outline: none is an island.
      const seen = new Uint8Array(solid.data.length);
      const islands: string[] = [];
      for (let s = 0; s < solid.data.length; s++) {
        if (seen[s] || !friend(s) || drawn.data[s]! < 128) continue;
        const stack = [s];
        let size = 0;
        let reaches = false;
        seen[s] = 1;
        while (stack.length) {
          const i = stack.pop()!;
          size++;
          if (near[i]) reaches = true;
          for (const j of [i - 1, i + 1, i - w, i + w])
            if (!seen[j] && friend(j) && drawn.data[j]! >= 128) {
              seen[j] = 1;
              stack.push(j);
            }
        }
        // Regions of a few pixels are a line's anti-aliased edge.
        if (!reaches && size > 16) islands.push(`${size} px at (${((s % w) / 4).toFixed(0)}, ${(s / w / 4).toFixed(0)}) mm`);
      }
      expect({ width: Math.round(box.w), islands }).toEqual({ width: Math.round(box.w), islands: [] });
    }
  }, 60_000);

  it('draws the same friend byte for byte every time', () => {
    for (const d of Object.values(ANIMALS))
      for (const level of LEVELS) {
        const a = d.draw(level, seededRandom('a'), 60);
        expect(d.draw(level, seededRandom('b'), 60)).toBe(a);
        expect(a).not.toMatch(/NaN|undefined/);
      }
  });
});
