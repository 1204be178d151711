import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS, sceneSentence } from '@colouring/domain';
import { ALL_SCENES, CATALOGUE, composeScene, type ComposedScene, compositionFromText, missingArt, sceneThumbnailSvg } from './index.js';
import { BACKGROUNDS } from './backgrounds.js';
import { seededRandom } from './random.js';
import { COMPANION_ART, placeArt } from './library.js';
import { LEVELS, type Level } from './svg.js';

const countElements = (svg: string): number => (svg.match(/<(path|circle|ellipse|rect)\b/g) ?? []).length;
/** Everything a scene draws, in page order (the head is the page's). */
const drawn = (c: ComposedScene): string => c.back + c.middle + c.knockout + c.figure.parts + c.frame + c.figure.hands + c.front;

describe('scene catalogue', () => {
  it('offers at least 48 scenes in at least 8 bundles, with unique ids', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(8);
    expect(ALL_SCENES.length).toBeGreaterThanOrEqual(48);
    expect(new Set(ALL_SCENES.map((s) => s.id)).size).toBe(ALL_SCENES.length);
  });

  it('composes every catalogue scene only from vocabulary ids', () => {
    const ids = (list: readonly { id: string }[]): Set<string> => new Set(list.map((e) => e.id));
    for (const s of ALL_SCENES) {
      expect(ids(LOCATIONS).has(s.composition.location)).toBe(true);
      expect(ids(ACTIVITIES).has(s.composition.activity)).toBe(true);
      for (const c of s.composition.companions) expect(ids(COMPANIONS).has(c)).toBe(true);
      for (const o of s.composition.objects) expect(ids(OBJECTS).has(o)).toBe(true);
    }
  });

  it('composes every catalogue scene at every level', () => {
    for (const s of ALL_SCENES) {
      for (const level of LEVELS) {
        const scene = composeScene({ composition: s.composition, level, head: { aspect: 1 } });
        expect(scene.back.length + scene.front.length).toBeGreaterThan(200);
        expect(scene.figure.head.h).toBeGreaterThan(24);
      }
    }
  });

  it('gives each scene a drawing of its own (no two scenes draw the same at a level)', () => {
    const pages = new Set(ALL_SCENES.map((s) => drawn(composeScene({ composition: s.composition, level: 3 }))));
    expect(pages.size).toBe(ALL_SCENES.length);
  });

  it('draws fewer elements at level 1 than at level 4', () => {
    for (const s of ALL_SCENES) {
      const at = (level: Level): number => {
        const c = composeScene({ composition: s.composition, level, head: { aspect: 1 } });
        return countElements(drawn(c));
      };
      expect(at(1)).toBeLessThan(at(4));
    }
  });

  it('draws the same scene identically every time', () => {
    const s = ALL_SCENES[7]!;
    expect(composeScene({ composition: s.composition, level: 2 })).toEqual(composeScene({ composition: s.composition, level: 2 }));
  });

  it('makes a small thumbnail for every scene, without a portrait', () => {
    for (const s of ALL_SCENES) {
      const svg = sceneThumbnailSvg(s.id, 2);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(120_000);
    }
    expect(() => sceneThumbnailSvg('no-such-scene', 1)).toThrow('unknown scene');
  });
});

describe('the library', () => {
  it('has a drawing for every vocabulary id (locations, activities, companions, objects)', () => {
    expect(missingArt()).toEqual([]);
  });

  it('composes a page for every single vocabulary choice', () => {
    for (const loc of LOCATIONS) {
      for (const act of ACTIVITIES) {
        const c = composeScene({
          composition: { location: loc.id, activity: act.id, companions: [], objects: [] },
          level: 2,
          head: { aspect: 1 },
        });
        expect(c.back.length).toBeGreaterThan(100);
      }
    }
    for (const comp of COMPANIONS) {
      const c = composeScene({ composition: { location: 'garden', activity: 'waving', companions: [comp.id], objects: [] }, level: 3 });
      expect(c.counts.companions).toBeGreaterThanOrEqual(1);
    }
    for (const obj of OBJECTS) {
      const c = composeScene({ composition: { location: 'garden', activity: 'waving', companions: [], objects: [obj.id] }, level: 3 });
      expect(c.counts.objects).toBeGreaterThanOrEqual(1);
    }
  });

  it('draws only black, white or nothing in scenes', () => {
    for (const s of ALL_SCENES.slice(0, 16)) {
      for (const level of LEVELS) {
        const c = drawn(composeScene({ composition: s.composition, level }));
        const colours = [...c.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]);
        expect(colours.filter((v) => !['#000', '#fff', 'none'].includes(v!))).toEqual([]);
        expect(c).not.toMatch(/opacity|gradient/i);
      }
    }
  });
});

describe('custom scenes', () => {
  it('reads free-written text into vocabulary ids', () => {
    expect(compositionFromText('My son riding a dinosaur near a volcano')).toEqual({
      location: 'prehistoric-valley',
      activity: 'riding',
      companions: ['dinosaur'],
      objects: ['volcano'],
    });
    const c = compositionFromText('Lily swimming with dolphins and fish under the sea, finding treasure');
    expect(c.location).toBe('ocean-floor');
    expect(c.activity).toBe('swimming');
    expect(c.companions).toEqual(['dolphin', 'fish']);
    expect(c.objects).toEqual(['treasure-chest']);
  });

  it('gives the same composition for the same text, every time', () => {
    for (const text of ['a pony in the park', 'qwzx blorp', '', 'Ünïcörn dancing!!!']) {
      expect(compositionFromText(text)).toEqual(compositionFromText(text));
    }
  });

  it('always yields a usable composition, nonsense and empty text too', () => {
    const rnd = seededRandom(42);
    const texts = ['', '   ', '!!!', 'qwzx blorp fnord', '12345', 'a'.repeat(300)];
    for (let i = 0; i < 40; i++)
      texts.push(Array.from({ length: 6 }, () => String.fromCharCode(rnd.int(97, 122)).repeat(rnd.int(1, 6))).join(' '));
    for (const text of texts) {
      const c = compositionFromText(text);
      expect(LOCATIONS.some((l) => l.id === c.location)).toBe(true);
      expect(ACTIVITIES.some((a) => a.id === c.activity)).toBe(true);
      expect(c.companions.length + c.objects.length).toBeGreaterThan(0);
      const scene = composeScene({ composition: c, level: 2, seed: text });
      expect(scene.back.length).toBeGreaterThan(100);
    }
  });

  it('reads back what the guided builder wrote (compose → parse round-trips)', () => {
    for (const s of ALL_SCENES) expect(compositionFromText(sceneSentence(s.composition))).toEqual(s.composition);
    const rnd = seededRandom('round-trip');
    const some = <T>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: rnd.int(0, max) }, () => rnd.pick(list)))];
    for (let i = 0; i < 300; i++) {
      const companions = some(COMPANIONS, 3).map((e) => e.id);
      const objects = some(OBJECTS, 4).map((e) => e.id);
      if (!companions.length && !objects.length) objects.push(rnd.pick(OBJECTS).id);
      const c = { location: rnd.pick(LOCATIONS).id, activity: rnd.pick(ACTIVITIES).id, companions, objects };
      expect(compositionFromText(sceneSentence(c))).toEqual(c);
    }
  });
});

describe('what a parent sees', () => {
  const scene = (id: string): (typeof ALL_SCENES)[number] => ALL_SCENES.find((s) => s.id === id)!;

  it('gives a single friend beside the child a big space (not a 40 mm corner)', () => {
    for (const id of ['farm-cow', 'safari-lion', 'safari-elephant', 'fairy-dragon', 'dino-egg-hunt', 'farm-piglets']) {
      for (const level of LEVELS) {
        const c = composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
        expect(c.companionBoxes.length).toBeGreaterThanOrEqual(1);
        expect(Math.max(c.companionBoxes[0]!.w, c.companionBoxes[0]!.h)).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it('puts the child in a rocket with its nose above the head when flying, and no second rocket', () => {
    const c = composeScene({ composition: scene('space-rocket-launch').composition, level: 1, head: { aspect: 0.9 } });
    const headTop = c.figure.head.y;
    const tips = [...c.back.matchAll(/C[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) ([\d.-]+)C/g)].map((m) => Number(m[2]));
    expect(Math.min(...tips)).toBeLessThan(headTop - 10);
    expect(c.counts.objects).toBe(1); // the star; the rocket is what the child sits in
  });

  it('seats the tractor driver in the tractor (not beside a clip-art tractor with its own farmer)', () => {
    for (const level of LEVELS) {
      const c = composeScene({ composition: scene('farm-tractor').composition, level, head: { aspect: 0.9 } });
      expect(c.counts.objects).toBe(0);
      expect(c.frame).toContain(
        placeArt({ drawing: 'tractor-frame' }, { box: { x: 0, y: 0, w: 1, h: 1 }, strokeMm: 1, level, rnd: seededRandom(1) }).slice(-60),
      );
    }
  });

  it("sits a rider astride the animal's back: hips on its back, the far leg behind it, the animal behind the child", () => {
    for (const id of ['dino-ride', 'farm-pony-ride', 'fairy-unicorn', 'fairy-dragon']) {
      for (const level of LEVELS) {
        const c = composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
        expect(c.figure.pose).toBe('riding');
        const mount = c.companionBoxes[0]!;
        const hips = c.figure.torso.reduce((y, p) => Math.max(y, p[1]), 0);
        expect(hips).toBeGreaterThan(mount.y + mount.h * 0.2);
        expect(hips).toBeLessThan(mount.y + mount.h * 0.7);
        // The far leg, then the animal, in the middle layer; the child's body over both.
        expect(c.middle.indexOf(c.figure.behind)).toBe(0);
        expect(c.figure.behind.length).toBeGreaterThan(50);
        expect(c.front).not.toContain(c.figure.behind);
      }
    }
  });

  it('dances at the Castle Ball indoors: the hall behind, its wall on the floor, no sun or sky things; outdoors elsewhere', () => {
    const sunTail = placeArt({ drawing: 'sun' }, { box: { x: 0, y: 0, w: 1, h: 1 }, strokeMm: 1, level: 1, rnd: seededRandom(1) }).slice(
      -60,
    );
    const custom = compositionFromText('dancing at the castle');
    expect([custom.location, custom.activity]).toEqual(['castle', 'dancing']);
    for (const composition of [scene('fairy-ballroom').composition, custom])
      for (const level of LEVELS) {
        const c = composeScene({ composition, level, head: { aspect: 0.9 } });
        expect(c.back).toContain('class="hall"');
        const floor = c.placed.find((p) => p.what === 'ballroom-floor')!;
        // The wall's foot runs across the scene along the floor's back edge.
        expect(c.back).toContain(`M6 ${Math.round(floor.box.y * 100) / 100}L204 `);
        expect(c.back).not.toContain('class="far-');
        expect(c.back).not.toContain(sunTail);
        expect(c.placed.map((p) => p.what)).not.toContain('balloon-bunch');
      }
    const outdoors = composeScene({ composition: scene('fairy-dragon').composition, level: 1, head: { aspect: 0.9 } });
    expect(outdoors.back).not.toContain('class="hall"');
    expect(outdoors.back).toContain(sunTail);
  });

  it('sits a friend at the back of a room on the floor, in front of the wall (the teddy at the Birthday Party)', () => {
    const foot = BACKGROUNDS.home!.wallFoot!;
    for (const aspect of [0.8, 0.9, 1])
      for (const level of [2, 3, 4] as const) {
        const c = composeScene({ composition: scene('move-birthday').composition, level, head: { aspect } });
        const teddy = c.placed.find((p) => p.what === 'teddy')!;
        expect(teddy.box.y + teddy.box.h).toBeGreaterThan(foot);
      }
  });

  it('hangs bunting across the wall at the Birthday Party at every level, big flags at level 1', () => {
    for (const aspect of [0.8, 0.9, 1])
      for (const level of LEVELS) {
        const c = composeScene({ composition: scene('move-birthday').composition, level, head: { aspect } });
        const bunting = /<g class="bunting">(.*?)<\/g>/.exec(c.back)?.[1] ?? '';
        const flags = bunting.match(/<path d="M[^"]*Z"/g) ?? [];
        expect(flags.length).toBeGreaterThanOrEqual(3);
        if (level === 1) {
          const [x0, , x1] = flags[0]!.match(/[\d.]+/g)!.map(Number);
          expect(x1! - x0!).toBeGreaterThanOrEqual(20);
        }
      }
  });

  it('draws birds as parrots, not owls (Jungle Parrots)', () => {
    expect(COMPANION_ART.bird!.art).toEqual({ drawing: 'parrot' });
  });

  it('draws something in the sky at level 1, beside or above the child', async () => {
    const sharp = (await import('sharp')).default;
    const bare: string[] = [];
    for (const s of ALL_SCENES) {
      const c = composeScene({ composition: s.composition, level: 1, head: { aspect: 0.9 } });
      // The top 50 mm of the scene, rendered at 1 px per mm: some line must cross it.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="194" height="50" viewBox="8 50 194 50"><rect x="0" y="0" width="210" height="297" fill="#fff"/>${drawn(c)}</svg>`;
      const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const dark = data.filter((v) => v < 128).length;
      if (dark <= 40) bare.push(s.id);
    }
    expect(bare).toEqual([]);
  });
});
