import { ACTIVITIES, LOCATIONS } from '@colouring/domain';
import { ALL_SCENES, composeScene, compositionFromText } from './index.js';
import { SCENE_AREA } from './compose.js';
import { bend, drawFigure, outfitFor, poseFor, POSES, type Pose } from './figure.js';
import { LEVELS, n, type Box } from './svg.js';
import { BACKGROUNDS } from './backgrounds.js';

const scene = (id: string): (typeof ALL_SCENES)[number] => ALL_SCENES.find((s) => s.id === id)!;
const near = (p: readonly [number, number], b: Box, pad: number): boolean =>
  p[0] >= b.x - pad && p[0] <= b.x + b.w + pad && p[1] >= b.y - pad && p[1] <= b.y + b.h + pad;

describe('the child character', () => {
  it('takes the pose that shows what each scene says the child does', () => {
    const expected: Record<string, Pose> = {
      'space-rocket-launch': 'flying',
      'space-moon-walk': 'jumping',
      'space-alien-friend': 'waving',
      'space-star-catcher': 'reaching',
      'fairy-royal-crown': 'enthroned',
      'sports-dance': 'dancing',
      'space-moon-picnic': 'moon-picnic',
      'dino-picnic': 'sitting',
      'fairy-tea-party': 'tea-party',
      'move-birthday': 'party',
      'safari-lion': 'crouching',
      'safari-parrot': 'perching',
      'dino-ride': 'riding',
      'dino-fossil-dig': 'digging',
      'sea-dolphin-swim': 'swimming',
      'sea-story-time': 'reading',
      'fairy-magic-wand': 'casting',
      'fairy-ballroom': 'dancing',
      'safari-jeep': 'driving',
      'safari-elephant': 'jumping',
      'farm-garden': 'watering',
      'farm-puppy': 'running',
      'sports-football': 'kicking',
      'sports-trophy': 'holding-up',
      'sports-race': 'running',
      'sports-kite': 'kite-flying',
      'move-seaside-trip': 'digging',
      'dino-egg-hunt': 'egg-hunt',
      'dino-volcano-valley': 'pointing',
      'space-planet-hop': 'hopping',
      'sea-coral-reef': 'snorkelling',
      'move-balloon': 'flying',
      'move-train': 'aboard',
      'sea-shell-collector': 'shell-find',
      'sea-treasure': 'crouching',
      'safari-monkey': 'swinging',
    };
    for (const [id, pose] of Object.entries(expected)) {
      expect({ id, pose: poseFor(scene(id).composition) }).toEqual({ id, pose });
      expect(composeScene({ composition: scene(id).composition, level: 2 }).figure.pose).toBe(pose);
    }
    // Custom scenes go through the same poses.
    expect(poseFor(compositionFromText('My son riding a dinosaur near a volcano'))).toBe('riding');
    expect(poseFor(compositionFromText('Swimming with dolphins'))).toBe('swimming');
    expect(poseFor(compositionFromText('A tea party in the castle with a dragon'))).toBe('tea-party');
    expect(poseFor(compositionFromText('A picnic on the moon'))).toBe('moon-picnic');
    expect(poseFor(compositionFromText('A birthday picnic on the moon with cake'))).toBe('party');
    expect(poseFor(compositionFromText('Exploring the jungle with a parrot'))).toBe('perching');
    expect(poseFor(compositionFromText('A king with a crown in the castle'))).toBe('enthroned');
    expect(poseFor(compositionFromText('Playing with stars on the moon'))).toBe('reaching');
    // Every activity of the vocabulary has a pose of its own kind, never the fallback.
    for (const a of ACTIVITIES) {
      const pose = poseFor({ location: 'garden', activity: a.id, companions: [], objects: [] });
      expect(POSES[pose]).toBeDefined();
      if (a.id !== 'waving') expect({ activity: a.id, pose }).not.toEqual({ activity: a.id, pose: 'standing' });
    }
  });

  it('dresses the child for the place: a space suit in space, a swimsuit under the sea, sports kit, royal in a castle', () => {
    expect(outfitFor(scene('space-moon-walk').composition)).toBe('space-suit');
    expect(outfitFor(scene('sea-coral-reef').composition)).toBe('swimsuit');
    expect(outfitFor(scene('sports-race').composition)).toBe('sports-kit');
    expect(outfitFor(scene('fairy-royal-crown').composition)).toBe('royal');
    expect(outfitFor(scene('farm-cow').composition)).toBe('everyday');
    for (const l of LOCATIONS) expect(outfitFor({ location: l.id, activity: 'waving', companions: [], objects: [] })).toBeTruthy();
  });

  it('puts the holding hand on the prop the activity needs, at every level', () => {
    for (const s of ALL_SCENES) {
      for (const level of LEVELS) {
        const f = composeScene({ composition: s.composition, level }).figure;
        const def = POSES[f.pose];
        if (!def.held || def.held === 'rim') continue;
        expect(f.heldBox).toBeDefined();
        expect(f.holding.length).toBe(def.holder === 2 ? 2 : 1);
        for (const i of f.holding) {
          // The hand's centre on the prop's drawing (its box, grown by the hand's radius: the fist closes round it).
          expect({ id: s.id, level, pose: f.pose, onProp: near(f.handPts[i]!, f.heldBox!, f.handR) }).toEqual({
            id: s.id,
            level,
            pose: f.pose,
            onProp: true,
          });
        }
      }
    }
  });

  it("rests a rider's hands on the animal and a driver's on the wheel; a rocket pilot holds the rim", () => {
    for (const id of ['dino-ride', 'farm-pony-ride', 'fairy-unicorn', 'fairy-dragon']) {
      const c = composeScene({ composition: scene(id).composition, level: 2 });
      const mount = c.companionBoxes[0]!;
      for (const hand of c.figure.handPts) expect(near(hand, mount, 0)).toBe(true);
    }
    for (const id of ['safari-jeep', 'move-race-car', 'farm-tractor']) {
      const f = composeScene({ composition: scene(id).composition, level: 3 }).figure;
      expect(f.held).toBe('wheel');
      const wheel = f.heldBox!;
      const c = [wheel.x + wheel.w / 2, wheel.y + wheel.h / 2];
      // Both hands on the rim of the wheel (its radius is half the box).
      for (const hand of f.handPts) expect(Math.abs(Math.hypot(hand[0] - c[0]!, hand[1] - c[1]!) - wheel.w / 2)).toBeLessThan(f.handR);
    }
    const rocket = composeScene({ composition: scene('space-rocket-launch').composition, level: 2 });
    // The rocket's rim is the frame's top edge: one hand on it.
    const rim = /matrix\([^)]* ([\d.]+)\)/.exec(rocket.frame)!;
    const rimY = Number(rim[1]);
    expect(rocket.figure.handPts.some((h) => Math.abs(h[1] - rimY) < rocket.figure.handR * 1.5)).toBe(true);
  });

  it('kicks the football with a foot, and holds up the trophy above the shoulders', () => {
    const kick = composeScene({ composition: scene('sports-football').composition, level: 2 });
    const ball = kick.placed.find((p) => p.what === 'ball')!;
    expect(ball).toBeDefined();
    expect(kick.figure.feetPts.some((f) => near(f, ball.box, kick.figure.head.h * 0.12))).toBe(true);
    const champ = composeScene({ composition: scene('sports-trophy').composition, level: 2 }).figure;
    expect(champ.heldBox!.y).toBeLessThan(champ.head.y + champ.head.h * 0.3);
    // The trophy is in the hand, not also on the ground beside the child.
    expect(composeScene({ composition: scene('sports-trophy').composition, level: 2 }).placed.map((p) => p.what)).not.toContain('trophy');
  });

  it('gives the pages of a bundle different pictures: no two share the pose, what the child rides or sits in, and the friend', () => {
    for (const bundle of new Set(ALL_SCENES.map((s) => s.bundleId))) {
      const seen = new Map<string, string>();
      for (const s of ALL_SCENES.filter((x) => x.bundleId === bundle)) {
        const c = composeScene({ composition: s.composition, level: 2 });
        const key = [c.figure.pose, c.figure.held ?? '', c.carrier, s.composition.companions[0] ?? '', s.composition.location].join('|');
        expect({ bundle, scene: s.id, same: seen.get(key) }).toEqual({ bundle, scene: s.id, same: undefined });
        seen.set(key, s.id);
      }
    }
  });

  it('flies the aeroplane itself in Up in the Air (not a rocket with a plane beside it)', () => {
    const c = composeScene({ composition: scene('move-aeroplane').composition, level: 2 });
    expect(c.carrier).toBe('plane-frame');
    expect(c.placed.map((p) => p.what)).not.toContain('aeroplane');
    expect(composeScene({ composition: scene('space-rocket-launch').composition, level: 2 }).carrier).toBe('rocket-capsule');
  });

  it('rides a hot-air balloon in its basket, the balloon over the head', () => {
    const c = composeScene({ composition: scene('move-balloon').composition, level: 3 });
    expect(c.figure.pose).toBe('flying');
    expect(c.placed.map((p) => p.what)).not.toContain('balloon-bunch');
    // The envelope's crown, in the back layer, is above the child's head.
    const tops = [...c.back.matchAll(/C[\d.]+ [\d.]+ [\d.]+ ([\d.]+) [\d.]+ ([\d.]+)C/g)].map((m) => Number(m[2]));
    expect(Math.min(...tops)).toBeLessThan(c.figure.head.y - 10);
  });

  it('rides the train in All Aboard!: seated in its carriage, the side hiding the legs, nothing of the train over the child', async () => {
    const sharp = (await import('sharp')).default;
    expect(poseFor(compositionFromText('Waving from a steam train'))).toBe('aboard');
    for (const level of LEVELS) {
      const c = composeScene({ composition: scene('move-train').composition, level, head: { aspect: 0.9 } });
      expect(c.carrier).toBe('train');
      // No second, toy train standing beside the child.
      expect(c.placed.map((p) => p.what)).not.toContain('train');
      const car = c.carrierBox!;
      const f = c.figure;
      // The hips inside the carriage, below its rim; the legs drawn (two of them) and every bit of them behind its side.
      const hips = f.torso.reduce((y, p) => Math.max(y, p[1]), 0);
      expect(hips).toBeGreaterThan(car.y);
      expect(hips).toBeLessThan(car.y + car.h);
      const legs = f.capsules.filter((k) => k.pts.length === 3 && k.r === f.capsules[0]!.r);
      expect(legs.length).toBe(2);
      for (const leg of legs)
        for (const p of leg.pts)
          expect(near([p[0], p[1]], { x: car.x + leg.r, y: car.y + leg.r, w: car.w - 2 * leg.r, h: car.h - 2 * leg.r }, 0)).toBe(true);
      expect(f.feetY).toBeLessThan(car.y + car.h);
      // The carriage is drawn over the body (the frame layer), the resting hand over the rim, the waving one above it.
      expect(c.frame.length).toBeGreaterThan(500);
      expect(Math.abs(f.handPts[f.holding[0]!]![1] - car.y)).toBeLessThan(f.handR);
      expect(Math.min(...f.handPts.map((h) => h[1]))).toBeLessThan(f.chin[1]);
      // Nothing of the train (frame layer, rendered alone) inside the child's box above the rim.
      const px = 4;
      const { data, info } = await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${210 * px}" height="${297 * px}" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${c.frame}</svg>`,
        ),
      )
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const b = f.box;
      const crossing: string[] = [];
      for (let y = Math.ceil(b.y * px); y < (car.y - 0.6 * 1.6) * px; y++)
        for (let x = Math.ceil(b.x * px); x < (b.x + b.w) * px; x++)
          if (data[y * info.width + x]! < 128) crossing.push(`${(x / px).toFixed(1)},${(y / px).toFixed(1)}`);
      expect({ level, crossing: crossing.slice(0, 5) }).toEqual({ level, crossing: [] });
    }
  });

  it('builds a sandcastle at the spade, cuts the birthday cake beside the child, and draws the dolphin and the giraffe big', () => {
    for (const level of LEVELS) {
      const dig = composeScene({ composition: scene('move-seaside-trip').composition, level, head: { aspect: 0.9 } });
      const castle = dig.placed.find((p) => p.what === 'sandcastle')!;
      expect(castle.layer).toBe('front');
      // The spade's blade touches the castle, which stands on the ground where the child stands.
      expect(near(dig.figure.heldTip!, castle.box, dig.figure.head.h * 0.1)).toBe(true);
      expect(Math.abs(castle.box.y + castle.box.h - dig.figure.feetY)).toBeLessThan(dig.figure.head.h * 0.1);

      const party = composeScene({ composition: scene('move-birthday').composition, level, head: { aspect: 0.9 } });
      const cake = party.placed.find((p) => p.what === 'cake')!;
      expect(Math.abs(cake.box.x + cake.box.w / 2 - party.figure.chin[0])).toBeLessThan(party.figure.head.h * 1.5);
      // Prehistoric Picnic: the hungry dinosaur stands big at the picnic basket, sharing the lunch (not small on the far side).
      const picnic = composeScene({ composition: scene('dino-picnic').composition, level, head: { aspect: 0.9 } });
      const lunch = picnic.placed.find((p) => p.what === 'lunch-basket')!.box;
      const dino = picnic.companionBoxes[0]!;
      expect(Math.max(dino.w, dino.h)).toBeGreaterThanOrEqual(60);
      expect(lunch.x + lunch.w > dino.x && dino.x + dino.w > lunch.x).toBe(true);

      // Swimming with Dolphins: the dolphin as long as the child is wide, not a 50 mm fish in a corner.
      const swim = composeScene({ composition: scene('sea-dolphin-swim').composition, level, head: { aspect: 0.9 } });
      expect(swim.companionBoxes[0]!.w).toBeGreaterThan(80);
      // Tall Friends: the giraffe taller than the child at every level (the bubble over the child's head leans away from it).
      const tall = composeScene({ composition: scene('safari-giraffe').composition, level, head: { aspect: 0.9 } });
      const child = tall.figure.feetY - tall.figure.head.y;
      expect(tall.companionBoxes[0]!.h).toBeGreaterThan(child * 1.05);
      // Seaside Trip: the dog stands behind the sandcastle, most of the child's height (it sat 60 mm tall in a corner).
      const dog = dig.companionBoxes[0]!;
      expect(dog.h).toBeGreaterThan((dig.figure.feetY - dig.figure.head.y) * 0.7);
      expect(dig.placed.filter((p) => p.what === 'sandcastle').length).toBe(1);
    }
  });

  it('digs up bones at the spade; a nest of eggs, a sunken treasure chest found open, a vegetable bed big on the ground at the busy hand', () => {
    for (const level of LEVELS) {
      const dig = composeScene({ composition: scene('dino-fossil-dig').composition, level, head: { aspect: 0.9 } });
      const pit = dig.placed.find((p) => p.what === 'fossil-dig')!;
      // Fossil Dig: the spade's blade in the dig (behind the child, so nothing of it crosses the child), no sandcastle in
      // the dinosaurs' valley.
      expect(pit.layer).toBe('back');
      expect(near(dig.figure.heldTip!, pit.box, dig.figure.head.h * 0.05)).toBe(true);
      expect(Math.abs(pit.box.y + pit.box.h - dig.figure.feetY)).toBeLessThan(dig.figure.head.h * 0.1);
      expect(dig.placed.map((p) => p.what)).not.toContain('sandcastle');
      for (const [id, what] of [
        ['dino-egg-hunt', 'egg-nest'],
        ['sea-treasure', 'treasure-open'],
        ['farm-garden', 'veg-patch'],
      ] as const) {
        const found = composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
        const boxes = found.placed.filter((p) => p.what === what);
        // One, as wide as the child's head or more, standing where the child stands, beside the busy hand.
        expect({ id, level, count: boxes.length }).toEqual({ id, level, count: 1 });
        const b = boxes[0]!.box;
        expect(b.w).toBeGreaterThan(found.figure.head.h * 0.95);
        expect(Math.abs(b.y + b.h - found.figure.feetY)).toBeLessThan(found.figure.head.h * 0.1);
        // On the side of the hand holding the egg or the watering can, or reaching out to the chest.
        const f = found.figure;
        const hand = f.holding.length
          ? f.handPts[f.holding[0]!]!
          : f.handPts.reduce((a, b) => (Math.abs(b[0] - f.chin[0]) > Math.abs(a[0] - f.chin[0]) ? b : a));
        expect(Math.sign(b.x + b.w / 2 - found.figure.chin[0])).toBe(Math.sign(hand[0] - found.figure.chin[0]));
      }
    }
  });

  it('gives each picnic its own food on the blanket at the busy hand, and the birthday party the cake, a slice of it in hand', () => {
    const food: Record<string, [string, string]> = {
      'space-moon-picnic': ['moon-cheese', 'cheese'],
      'dino-picnic': ['lunch-basket', 'sandwich'],
      'fairy-tea-party': ['tea-set', 'teacup'],
      'move-birthday': ['cake', 'cake-slice'],
    };
    for (const level of LEVELS)
      for (const [id, [what, held]] of Object.entries(food)) {
        const c = composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
        expect({ id, level, held: c.figure.held }).toEqual({ id, level, held });
        const drawn = c.placed.map((p) => p.what);
        // The food once, in front, and no other picnic's food (no cake but the birthday's).
        expect({ id, level, food: drawn.filter((w) => Object.values(food).some(([f]) => f === w)) }).toEqual({
          id,
          level,
          food: [what],
        });
        const b = c.placed.find((p) => p.what === what)!;
        expect(b.layer).toBe('front');
        // On the blanket where the child sits, on the side of the hand holding the food.
        expect(Math.abs(b.box.y + b.box.h - c.figure.feetY)).toBeLessThan(c.figure.head.h * 0.15);
        const hand = c.figure.handPts[c.figure.holding[0]!]!;
        expect(Math.sign(b.box.x + b.box.w / 2 - c.figure.chin[0])).toBe(Math.sign(hand[0] - c.figure.chin[0]));
      }
  });

  it('meets the lion cub crouching, carries a parrot on the fist in the jungle, points at the volcano with a map in hand', () => {
    for (const level of LEVELS) {
      // Lion Pride: squatting (the head lower than a standing child's), the hand held out towards the lion.
      const lion = composeScene({ composition: scene('safari-lion').composition, level, head: { aspect: 0.9 } });
      const standing = composeScene({ composition: scene('safari-giraffe').composition, level, head: { aspect: 0.9 } });
      expect(lion.figure.pose).toBe('crouching');
      expect(lion.figure.head.y - lion.figure.head.h * 0.25).toBeGreaterThan(standing.figure.head.y);
      expect(Math.abs(lion.figure.feetY - standing.figure.feetY)).toBeLessThan(1);
      const cub = lion.companionBoxes[0]!;
      const out = lion.figure.handPts.reduce((a, b) =>
        Math.abs(b[0] - lion.figure.chin[0]) > Math.abs(a[0] - lion.figure.chin[0]) ? b : a,
      );
      expect(Math.sign(out[0] - lion.figure.chin[0])).toBe(Math.sign(cub.x + cub.w / 2 - lion.figure.chin[0]));

      // Jungle Parrots: the parrot on the fist held out at the shoulders' height, clear of the head.
      const jungle = composeScene({ composition: scene('safari-parrot').composition, level, head: { aspect: 1.2 } });
      const f = jungle.figure;
      expect(f.held).toBe('parrot');
      const fist = f.handPts[f.holding[0]!]!;
      expect(Math.abs(fist[1] - (f.chin[1] + 0.17 * f.head.h))).toBeLessThan(0.25 * f.head.h);
      const p = f.heldBox!;
      expect(p.x + p.w < f.head.x || p.x > f.head.x + f.head.w).toBe(true);
      expect(p.y + p.h).toBeGreaterThan(fist[1]);

      // Volcano Valley: the arm stretched out straight (the hand at its full reach, beside the head), the map in the other hand.
      const valley = composeScene({ composition: scene('dino-volcano-valley').composition, level, head: { aspect: 0.9 } });
      const v = valley.figure;
      expect(v.held).toBe('map');
      const pointing = v.handPts[1 - v.holding[0]!]!;
      expect(Math.abs(pointing[0] - v.chin[0])).toBeGreaterThan(0.8 * v.head.h);
      expect(pointing[1]).toBeLessThan(v.chin[1] + 0.1 * v.head.h);
      // Pointing towards the volcano where it is drawn.
      const volcano = valley.placed.find((x) => x.what === 'volcano');
      if (volcano) expect(Math.sign(pointing[0] - v.chin[0])).toBe(Math.sign(volcano.box.x + volcano.box.w / 2 - v.chin[0]));
    }
    // None of these three holds the magnifying glass (all three did), nor Planet Hopping (it leaps).
    for (const id of ['safari-lion', 'safari-parrot', 'dino-volcano-valley', 'space-planet-hop'])
      expect(composeScene({ composition: scene(id).composition, level: 2 }).figure.held).not.toBe('magnifier');
  });

  it('snorkels over a coral reef on the sea bed (Coral Reef), and leaps from planet to planet (Planet Hopping)', () => {
    for (const level of LEVELS) {
      const reef = composeScene({ composition: scene('sea-coral-reef').composition, level, head: { aspect: 0.9 } });
      const coral = reef.placed.find((p) => p.what === 'coral-reef')!;
      // Behind the child, under it and wider than its reach; the child floats above it (its feet over the reef's top).
      expect(coral.layer).toBe('back');
      expect(Math.abs(coral.box.x + coral.box.w / 2 - reef.figure.chin[0])).toBeLessThan(reef.figure.head.h * 0.5);
      expect(coral.box.w).toBeGreaterThan(reef.figure.box.w);
      expect(reef.figure.feetY).toBeLessThan(coral.box.y + coral.box.h * 0.4);
      // Swimming with Dolphins keeps its own pose beside the dolphin, with no reef.
      const dolphin = composeScene({ composition: scene('sea-dolphin-swim').composition, level, head: { aspect: 0.9 } });
      expect(dolphin.figure.pose).toBe('swimming');
      expect(dolphin.placed.map((p) => p.what)).not.toContain('coral-reef');

      const hop = composeScene({ composition: scene('space-planet-hop').composition, level, head: { aspect: 0.9 } });
      expect(hop.figure.pose).toBe('hopping');
      // Off the ground, one foot trailing low and far out, the other tucked up: not Moon Walk's jump with both knees out.
      const [a, b] = hop.figure.feetPts as [[number, number], [number, number]];
      expect(Math.abs(a[1] - b[1])).toBeGreaterThan(hop.figure.head.h * 0.2);
      expect(hop.figure.feetY).toBeLessThan(BACKGROUNDS.space!.groundY - hop.figure.head.h * 0.3);
    }
  });

  it('swings from two vines hanging from a tree’s bough (Monkey Business), feet off the ground, nothing floating', () => {
    for (const level of LEVELS) {
      const c = composeScene({ composition: scene('safari-monkey').composition, level, head: { aspect: 0.9 } });
      expect(c.figure.pose).toBe('swinging');
      // Both hands up, each at the end of a vine (the vine's end is drawn across the hand, behind it).
      for (const [hx, hy] of c.figure.handPts) {
        expect(hy).toBeLessThan(c.figure.chin[1]);
        expect(c.back).toContain(`L${n(hx + 1.4)} ${n(hy)}`);
      }
      expect(c.figure.feetY).toBeLessThan(BACKGROUNDS.jungle!.groundY);
      expect(c.placed.map((p) => p.what)).not.toContain('balloon');
      expect(c.counts.companions).toBeGreaterThanOrEqual(1);
    }
  });

  it('jumps into a puddle, splashing, with the piglet or the baby elephant at its edge (Muddy Piglets, Elephant Splash)', () => {
    for (const id of ['farm-piglets', 'safari-elephant'])
      for (const level of LEVELS) {
        const c = composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
        const puddle = c.placed.find((p) => p.what === 'puddle')!;
        expect(puddle.layer).toBe('back');
        // Under the child, who is in the air above it; wider than the child's shoulders.
        expect(Math.abs(puddle.box.x + puddle.box.w / 2 - c.figure.chin[0])).toBeLessThan(1);
        expect(puddle.box.y).toBeGreaterThan(c.figure.feetY);
        expect(puddle.box.w).toBeGreaterThan(c.figure.head.h * 1.4);
        // Nothing floating: no balloon or star on the ground beside it.
        expect({ id, level, what: c.placed.map((p) => p.what).filter((w) => w === 'balloon' || w === 'star') }).toEqual({
          id,
          level,
          what: [],
        });
        expect(c.counts.companions).toBe(1);
      }
  });

  it('steps aside from the castle when alone at levels 1-2 (Royal for a Day), leaving the castle a wide space, the sceptre away from it', () => {
    for (const level of [1, 2] as const) {
      const c = composeScene({ composition: scene('fairy-royal-crown').composition, level, head: { aspect: 0.9 } });
      const middle = SCENE_AREA.x + SCENE_AREA.w / 2;
      const away = c.figure.chin[0] - middle;
      expect(Math.abs(away)).toBeGreaterThanOrEqual(25);
      // The room on the castle's side: the background draws the castle as wide as that (up to 100 mm).
      const room = away > 0 ? c.figure.box.x - SCENE_AREA.x : SCENE_AREA.x + SCENE_AREA.w - c.figure.box.x - c.figure.box.w;
      expect(room).toBeGreaterThan(80);
      // The sceptre held up on the side away from the castle (towards it, it took the castle's room).
      const hand = c.figure.handPts[c.figure.holding[0]!]!;
      expect(Math.sign(hand[0] - c.figure.chin[0])).toBe(Math.sign(away));
    }
  });

  it('sits on a throne with a sceptre (Royal for a Day, and a custom scene), catches a star in a net (Star Catcher)', () => {
    for (const level of LEVELS)
      for (const composition of [scene('fairy-royal-crown').composition, compositionFromText('A king with a crown in the castle')]) {
        const c = composeScene({ composition, level, head: { aspect: 0.9 } });
        expect({ level, pose: c.figure.pose, held: c.figure.held }).toEqual({ level, pose: 'enthroned', held: 'sceptre' });
        const throne = c.placed.find((p) => p.what === 'throne')!;
        // Behind the child, its back rising over the head (the crown on it), standing where the feet are.
        expect(throne.layer).toBe('back');
        expect(Math.abs(throne.box.x + throne.box.w / 2 - c.figure.chin[0])).toBeLessThan(1);
        expect(throne.box.y).toBeLessThan(c.figure.head.y - c.figure.head.h * 0.5);
        expect(Math.abs(throne.box.y + throne.box.h - c.figure.feetY)).toBeLessThan(c.figure.head.h * 0.1);
        expect(c.front).toContain('<g transform');
      }
    for (const level of LEVELS) {
      const f = composeScene({ composition: scene('space-star-catcher').composition, level, head: { aspect: 0.9 } }).figure;
      // The net held out and up beside the head, the star in it (Alien Friend waves an empty hand).
      expect(f.held).toBe('star-net');
      expect(f.heldBox!.y).toBeLessThan(f.chin[1] - f.head.h * 0.6);
      expect(composeScene({ composition: scene('space-alien-friend').composition, level }).figure.held).toBeUndefined();
    }
  });

  it('stands the champion on the podium, breaks the finish tape, dances on a stage or a ballroom floor (Sports Day, Castle Ball)', () => {
    for (const level of LEVELS) {
      const compose = (id: string): ReturnType<typeof composeScene> =>
        composeScene({ composition: scene(id).composition, level, head: { aspect: 0.9 } });
      const on = (c: ReturnType<typeof composeScene>, what: string): Box => {
        const p = c.placed.find((x) => x.what === what);
        expect({ level, what, drawn: !!p }).toEqual({ level, what, drawn: true });
        return p!.box;
      };
      const H = (c: ReturnType<typeof composeScene>): number => c.figure.head.h;
      const groundY = BACKGROUNDS['sports-field']!.groundY;
      // Champion!: on the winner's block, under the feet, raised off the ground.
      const champ = compose('sports-trophy');
      const podium = on(champ, 'podium');
      expect(Math.abs(podium.y - champ.figure.feetY)).toBeLessThan(H(champ) * 0.05);
      expect(Math.abs(podium.x + podium.w / 2 - champ.figure.chin[0])).toBeLessThan(1);
      expect(champ.figure.feetY).toBeLessThan(groundY - H(champ) * 0.3);
      // Fastest Runner: a post each side of the runner (in front, clear of the child), the tape behind it.
      const race = compose('sports-race');
      expect(race.placed.find((p) => p.what === 'finish-tape')?.layer).toBe('back');
      const tape = on(race, 'finish-posts');
      // Each post's inner edge beyond the hands on its side.
      const reach = Math.max(...race.figure.handPts.map(([x]) => Math.abs(x - race.figure.chin[0]))) + race.figure.handR;
      for (const x of [tape.x + tape.w * 0.085, tape.x + tape.w * 0.915]) expect(Math.abs(x - race.figure.chin[0])).toBeGreaterThan(reach);
      expect(tape.x).toBeLessThan(race.figure.chin[0] - H(race) * 0.8);
      expect(tape.x + tape.w).toBeGreaterThan(race.figure.chin[0] + H(race) * 0.8);
      expect(Math.abs(tape.y + tape.h - race.figure.feetY)).toBeLessThan(H(race) * 0.1);
      // Dance Star: on a stage wider than the child's reach; Castle Ball: on the ballroom's tiles, no stage.
      const dance = compose('sports-dance');
      const stage = on(dance, 'stage');
      expect(Math.abs(stage.y + stage.h * (9 / 50) - dance.figure.feetY)).toBeLessThan(0.5);
      expect(stage.w).toBeGreaterThan(dance.figure.box.w);
      const ball = compose('fairy-ballroom');
      const floor = on(ball, 'ballroom-floor');
      expect(ball.figure.feetY).toBeGreaterThan(floor.y);
      expect(ball.figure.feetY).toBeLessThan(floor.y + floor.h);
      expect(ball.placed.map((p) => p.what)).not.toContain('stage');
    }
  });

  it('leaves the binoculars on dry land: none on the sea bed, in space or on the Moon', () => {
    for (const level of LEVELS) {
      for (const id of ['sea-treasure', 'sea-shell-collector', 'space-planet-hop', 'space-moon-walk'])
        expect({ id, level, what: composeScene({ composition: scene(id).composition, level }).placed.map((p) => p.what) }).not.toEqual(
          expect.objectContaining({ what: expect.arrayContaining(['binoculars']) }),
        );
      const land = composeScene({ composition: { location: 'garden', activity: 'exploring', companions: [], objects: [] }, level });
      expect(land.placed.map((p) => p.what)).toContain('binoculars');
    }
  });

  it('has two arms and two legs whatever the pose (a rider shows one, the other behind the animal; a driver none)', () => {
    for (const pose of Object.keys(POSES) as Pose[]) {
      const f = drawFigure({
        pose,
        outfit: 'everyday',
        level: 2,
        headMm: 50,
        chin: [100, 120],
        mirror: false,
        stroke: 1.2,
        headAspect: 0.9,
        margin: 1.6,
        // POSES' swimming is in a swim ring (the free swimmer's legs are figure-swim.test's).
        inRing: pose === 'swimming',
      });
      const limbs = f.capsules.filter((c) => c.pts.length === 3);
      // Legs hidden in what the child sits in (a rocket, a car) are not drawn at all.
      expect({ pose, limbs: limbs.length }).toEqual({ pose, limbs: !POSES[pose].feet ? 2 : pose === 'riding' ? 3 : 4 });
      if (pose === 'riding') expect(f.behind).toContain('<path');
      // The limbs keep their length: an arm or a leg never stretches past its bones.
      for (const c of limbs) {
        const [a, b, e] = c.pts as [number, number][];
        const bones = Math.hypot(b![0] - a![0], b![1] - a![1]) + Math.hypot(e![0] - b![0], e![1] - b![1]);
        expect(bones).toBeLessThan(50 * 0.76);
      }
    }
  });

  it('bends an elbow or a knee outwards, keeping both bones their length', () => {
    const j = bend([0, 0], [0.2, 0.4], 0.3, 0.3, 1);
    expect(Math.hypot(j[0], j[1])).toBeCloseTo(0.3, 5);
    expect(Math.hypot(j[0] - 0.2, j[1] - 0.4)).toBeCloseTo(0.3, 5);
    expect(j[0]).toBeGreaterThan(0.1);
    expect(bend([0, 0], [0.2, 0.4], 0.3, 0.3, -1)[0]).toBeLessThan(0.1);
  });
});
