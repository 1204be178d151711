import { countRegions } from '../page/regions.js';
import { ALL_SCENES } from './catalogue.js';
import { composeScene, SCENE_AREA, SCENE_STROKE } from './compose.js';
import { compositionFromText } from './custom.js';
import { dinosaurFor, DINOSAUR_DRAWINGS, valleyLandmark, type DinosaurKind } from './dinosaurs.js';
import { poseFor } from './figure.js';
import { companionEntry, DINOSAUR_ART, placeArt, THUMBPRINT_MM2 } from './library.js';
import { seededRandom } from './random.js';
import { LEVELS, type Box, type Level } from './svg.js';

const dinoPages = ALL_SCENES.filter((s) => s.bundleId === 'dinosaurs');
const kindOf = (c: (typeof dinoPages)[number]['composition']): DinosaurKind => dinosaurFor(c.activity, poseFor(c));

/** One drawing alone in the scene's frame, lines as a page draws them at that level. */
async function regionsOf(name: keyof typeof DINOSAUR_DRAWINGS, box: Box, level: Level): Promise<{ regions: number; tiny: number }> {
  const a = SCENE_AREA;
  const art = placeArt({ drawing: name }, { box, strokeMm: SCENE_STROKE[level], level, rnd: seededRandom(1), anchor: 'bottom' });
  const page =
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>' +
    `${art}<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" fill="none" stroke="#000" stroke-width="1.8"/></svg>`;
  const r = await countRegions(page, level);
  return { regions: r.regions, tiny: r.tiny };
}

/** Whether a page's layers draw this drawing at this level (its own path data, whatever its placement). */
function draws(layers: string, name: keyof typeof DINOSAUR_DRAWINGS, level: Level): boolean {
  const one = placeArt({ drawing: name }, { box: { x: 0, y: 0, w: 10, h: 10 }, strokeMm: 1, level, rnd: seededRandom(1) });
  const body = one.slice(one.indexOf('>') + 1, -'</g>'.length);
  return layers.includes(body);
}

describe('the dinosaur bundle', () => {
  it('shows a different dinosaur on each of its six pages, each drawn at every level', () => {
    const kinds = dinoPages.map((s) => kindOf(s.composition));
    expect(new Set(kinds).size).toBe(6);
    for (const level of LEVELS)
      for (const s of dinoPages) {
        const c = composeScene({ composition: s.composition, level, head: { aspect: 0.9 } });
        const drawn = draws(c.back + c.middle + c.front, kindOf(s.composition), level);
        expect({ scene: s.id, level, drawn }).toEqual({ scene: s.id, level, drawn: true });
      }
    expect(Object.fromEntries(dinoPages.map((s) => [s.id, kindOf(s.composition)]))).toEqual({
      'dino-best-friends': 't-rex',
      'dino-egg-hunt': 'hatchling',
      'dino-volcano-valley': 'stegosaurus',
      'dino-ride': 'long-neck',
      'dino-picnic': 'triceratops',
      'dino-fossil-dig': 'pterodactyl',
    });
  });

  it('varies the landmark behind the dinosaur: a cave, a waterfall, palms, boulders, else a volcano', () => {
    const landmarks = new Set(dinoPages.map((s) => valleyLandmark([kindOf(s.composition)])));
    expect([...landmarks].sort()).toEqual(['boulders', 'cave', 'palms', 'volcano', 'waterfall']);
    expect(valleyLandmark(['volcano', 'hatchling'])).toBe('volcano');
    expect(valleyLandmark([])).toBe('volcano');
    // Each page draws its landmark behind; the ride's long-neck is what the child sits on: it counts as shown too.
    for (const level of LEVELS)
      for (const s of dinoPages) {
        const c = composeScene({ composition: s.composition, level, head: { aspect: 0.9 } });
        const landmark = valleyLandmark([kindOf(s.composition)]);
        if (landmark !== 'volcano')
          expect({ scene: s.id, level, landmark, drawn: draws(c.back, landmark, level) }).toEqual({
            scene: s.id,
            level,
            landmark,
            drawn: true,
          });
      }
  });

  it('stands its dinosaurs on the ground beside the child, the pterodactyl in the sky above the dig', () => {
    for (const level of LEVELS)
      for (const s of dinoPages) {
        const c = composeScene({ composition: s.composition, level, head: { aspect: 0.9 } });
        const kind = kindOf(s.composition);
        const box = c.companionBoxes[0]!;
        if (kind === 'pterodactyl') {
          expect(box.y + box.h).toBeLessThan(c.figure.head.y + c.figure.head.h);
          continue;
        }
        // Standing where the child stands (a rider's mount on the same ground), not floating, as big as the page allows.
        expect({ scene: s.id, level, ground: Math.abs(box.y + box.h - 266) < 8 }).toEqual({ scene: s.id, level, ground: true });
        expect(Math.max(box.w, box.h)).toBeGreaterThanOrEqual(kind === 'stegosaurus' ? 40 : 60);
      }
  });

  it('turns each dinosaur to face the child (they are drawn looking right, mirrored on the right of the child)', () => {
    for (const level of LEVELS)
      for (const s of dinoPages.filter((x) => x.composition.activity !== 'riding')) {
        const c = composeScene({ composition: s.composition, level, head: { aspect: 0.9 } });
        const layers = c.back + c.middle + c.front;
        const kind = kindOf(s.composition);
        const one = placeArt({ drawing: kind }, { box: { x: 0, y: 0, w: 10, h: 10 }, strokeMm: 1, level, rnd: seededRandom(1) });
        const at = layers.indexOf(one.slice(one.indexOf('>') + 1, -'</g>'.length));
        const sx = Number(/matrix\((-?[\d.]+)/.exec(layers.slice(layers.lastIndexOf('<g transform="matrix(', at)))![1]);
        const box = c.companionBoxes[0]!;
        const looksRight = sx > 0;
        const childOnRight = c.figure.chin[0] > box.x + box.w / 2;
        expect({ scene: s.id, level, facesChild: looksRight === childOnRight }).toEqual({ scene: s.id, level, facesChild: true });
      }
  });

  it('keeps a custom scene working: the dinosaur follows what the child does', () => {
    const ride = compositionFromText('My son riding a dinosaur near a volcano');
    expect(companionEntry('dinosaur', ride.activity, poseFor(ride))).toBe(DINOSAUR_ART['long-neck']);
    const c = composeScene({ composition: ride, level: 2 });
    expect(c.carrier).toBe('dinosaur');
    expect(c.figure.pose).toBe('riding');
    const wave = compositionFromText('Waving to a t-rex in the jungle');
    expect(companionEntry('dinosaur', wave.activity, poseFor(wave))).toBe(DINOSAUR_ART['t-rex']);
    expect(composeScene({ composition: wave, level: 3 }).placed.map((p) => p.what)).toContain('t-rex');
    // Every other friend keeps its one drawing.
    expect(companionEntry('dog', 'riding', 'riding').art).toEqual({ drawing: 'dog' });
  });

  it('draws nothing under a thumbprint at level 1, and many more regions to colour at level 4', async () => {
    const out: string[] = [];
    // Each dinosaur at the smallest size its level 1 page draws it, each landmark at the valley's level 1 landmark size.
    const sizes = new Map<keyof typeof DINOSAUR_DRAWINGS, number>();
    for (const s of dinoPages) {
      const c = composeScene({ composition: s.composition, level: 1, head: { aspect: 0.9 } });
      sizes.set(kindOf(s.composition), c.companionBoxes[0]!.w);
    }
    for (const landmark of ['palms', 'waterfall', 'cave', 'boulders'] as const) sizes.set(landmark, 80);
    for (const [name, w] of sizes) {
      const d = DINOSAUR_DRAWINGS[name];
      const box = { x: 20, y: 260 - (w * d.height) / d.width, w, h: (w * d.height) / d.width };
      const one = await regionsOf(name, box, 1);
      if (one.tiny) out.push(`${name} at ${w.toFixed(0)} mm: ${one.tiny} regions under ${THUMBPRINT_MM2} mm²`);
      const four = await regionsOf(name, box, 4);
      // Scales, spots, plates, toes: at least twice as many regions at level 4.
      if (four.regions < one.regions * 2) out.push(`${name}: ${one.regions} regions at level 1, ${four.regions} at level 4`);
    }
    expect(out).toEqual([]);
  }, 60_000);
});
