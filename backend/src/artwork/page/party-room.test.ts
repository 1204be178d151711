import { BACKGROUNDS } from '../scenes/backgrounds.js';
import { composeScene } from '../scenes/compose.js';
import { poseFor } from '../scenes/figure.js';
import { ALL_SCENES, type SceneComposition } from '../scenes/index.js';
import { ACTIVITY_ART, COMPANION_ART, companionEntry } from '../scenes/library.js';
import { LEVELS } from '../scenes/svg.js';

const wallFoot = BACKGROUNDS.home!.wallFoot!;
const birthday = ALL_SCENES.find((s) => s.id === 'move-birthday')!;

describe('the party room (home)', () => {
  it('stands every friend on the floor, never up on the wall: the Birthday Party, friends at home and at the ball', () => {
    const out: string[] = [];
    const onFloor = (composition: SceneComposition, label: string): void => {
      const pose = poseFor(composition);
      const grounded = new Set(
        composition.companions
          .map((id) => companionEntry(id, composition.activity, pose))
          .filter((e) => e.stance === 'ground' || e.stance === 'far')
          .map((e) => ('drawing' in e.art ? e.art.drawing : e.art.clipart)),
      );
      for (const level of LEVELS) {
        const scene = composeScene({ composition, level, head: { aspect: 0.9 } });
        // At the ball the hall's wall stands on the tiled floor's back edge.
        const foot = scene.placed.find((p) => p.what === 'ballroom-floor')?.box.y ?? wallFoot;
        for (const p of scene.placed)
          if (grounded.has(p.what) && p.box.y + p.box.h <= foot) out.push(`${label} L${level}: the ${p.what} on the wall`);
      }
    };
    onFloor(birthday.composition, birthday.id);
    // Any activity at home with three friends (the third goes far back) and the party's things.
    const friends = Object.keys(COMPANION_ART);
    for (const activity of Object.keys(ACTIVITY_ART))
      for (let i = 0; i < friends.length; i += 2) {
        const companions = [friends[i]!, friends[(i + 3) % friends.length]!, friends[(i + 7) % friends.length]!];
        for (const objects of [[], ['cake', 'balloon']])
          onFloor({ location: 'home', activity, companions, objects }, `${activity} ${companions.join('+')} ${objects.join('+')}`);
      }
    for (let i = 0; i < friends.length; i++) {
      const companions = [friends[i]!, friends[(i + 5) % friends.length]!];
      onFloor({ location: 'castle', activity: 'dancing', companions, objects: ['crown'] }, `castle ball ${companions.join('+')}`);
    }
    expect(out).toEqual([]);
  });
});
