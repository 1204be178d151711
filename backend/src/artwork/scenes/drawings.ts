// Procedural line drawings for the library's simple things (stars, balloons, crowns, props for the
// child's pose...). Each is drawn in its own local frame (width x height units) as white shapes with
// black outlines; the placer scales it and sets the line width. Level adds detail, never grey.
import { ANIMALS } from './animals.js';
import { DINOSAUR_DRAWINGS } from './dinosaurs.js';
import type { Random } from './random.js';
import { SWIM_RING, swimRingHalves } from './swim-ring.js';
import { circle, ellipse, n, rect, shape, solid, line, starPath, wavePath, type Level } from './svg.js';

export interface Drawing {
  readonly width: number;
  readonly height: number;
  /** `sizeMm`: the drawn width on the page, so small copies can leave out detail. `ringCopy`: the copy drawn again in
   * the ring round its rider (docs/decisions/037), where the parts it marks `ring-cover` are hidden. */
  draw(level: Level, rnd: Random, sizeMm: number, ringCopy?: boolean): string;
}

const star: Drawing = {
  width: 100,
  height: 100,
  draw: (level, _rnd, sizeMm) =>
    shape(starPath(50, 54, 48, 0, 5, 0.48)) + (level >= 3 && sizeMm >= 16 ? shape(starPath(50, 54, 20, 0, 5, 0.48)) : ''),
};

const planet: Drawing = {
  width: 140,
  height: 100,
  draw: (level) => {
    // Level 1: a plain ball (a ring's thin crescents and bands are too small for a crayon at the size planets fly).
    if (level === 1) return circle(70, 50, 36);
    // Back half of the ring, the planet, then the front half of the ring over it.
    const ringBack = 'M18 58C18 40 122 40 122 58';
    const ringFront = 'M18 58C18 78 122 78 122 58L108 58C108 68 32 68 32 58Z';
    let s = shape(`${ringBack}L108 58C108 50 32 50 32 58Z`);
    s += circle(70, 50, 36);
    s += shape(ringFront);
    if (level >= 2) s += line('M42 30C55 24 80 22 98 30');
    if (level >= 3) s += line('M36 42C55 36 85 36 104 42') + circle(56, 32, 4);
    if (level >= 4) s += circle(88, 36, 3) + line('M46 66C60 70 80 70 94 66');
    return s;
  },
};

const moonCrescent: Drawing = {
  width: 80,
  height: 100,
  draw: (level) => shape('M60 6A46 46 0 1 0 60 94A36 36 0 1 1 60 6Z') + (level >= 3 ? circle(24, 40, 5) + circle(20, 62, 4) : ''),
};

const sun: Drawing = {
  width: 100,
  height: 100,
  draw: (level) => {
    let rays = '';
    const count = level <= 2 ? 8 : 12;
    for (let i = 0; i < count; i++) {
      const a = (i * 2 * Math.PI) / count;
      const c = Math.cos(a);
      const s = Math.sin(a);
      const w = 0.16;
      // Level 1: rays are plain strokes (thick lines leave no room to colour inside a thin triangle).
      if (level === 1) {
        rays += line(`M${n(50 + 33 * c)} ${n(50 + 33 * s)}L${n(50 + 47 * c)} ${n(50 + 47 * s)}`);
        continue;
      }
      rays += shape(
        `M${n(50 + 30 * Math.cos(a - w))} ${n(50 + 30 * Math.sin(a - w))}L${n(50 + 48 * c)} ${n(50 + 48 * s)}L${n(50 + 30 * Math.cos(a + w))} ${n(50 + 30 * Math.sin(a + w))}Z`,
      );
    }
    let face = '';
    if (level >= 2)
      face =
        solid(`M40 42m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0`) + solid(`M60 42m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0`) + line('M38 56Q50 66 62 56');
    return rays + circle(50, 50, 27) + face;
  },
};

const cloud: Drawing = {
  width: 120,
  height: 60,
  // Level 4: each puff its own region, the curves running from the dips between puffs down to the cloud's foot.
  draw: (level, _rnd, sizeMm) =>
    shape('M20 52C4 52 4 30 22 32C20 14 44 8 54 22C62 4 92 8 92 28C112 24 118 52 100 52Z') +
    (level >= 4 && sizeMm >= 22 ? line('M22 32C30 36 34 44 32 52M54 22C58 30 60 40 58 52M92 28C88 36 86 44 88 52') : ''),
};

const balloon: Drawing = {
  width: 60,
  height: 130,
  draw: (level) =>
    shape('M30 4C12 4 4 20 4 34C4 56 20 72 30 76C40 72 56 56 56 34C56 20 48 4 30 4Z') +
    (level >= 2 ? shape('M30 76L25 84L35 84Z') : '') +
    line('M30 84C22 98 38 110 28 128') +
    (level >= 3 ? line('M14 26C16 18 20 14 26 12') : ''),
};

const balloonBunch: Drawing = {
  width: 110,
  height: 140,
  draw: (level) => {
    const one = (x: number, y: number): string =>
      shape(
        `M${x} ${y - 36}C${x - 18} ${y - 36} ${x - 26} ${y - 20} ${x - 26} ${y - 6}C${x - 26} ${y + 14} ${x - 10} ${y + 30} ${x} ${y + 34}C${x + 10} ${y + 30} ${x + 26} ${y + 14} ${x + 26} ${y - 6}C${x + 26} ${y - 20} ${x + 18} ${y - 36} ${x} ${y - 36}Z`,
      ) + (level >= 2 ? shape(`M${x} ${y + 34}L${x - 4} ${y + 40}L${x + 4} ${y + 40}Z`) : '');
    // Level 1: one string (three meeting strings close slivers too thin for a crayon).
    let s =
      level === 1
        ? line('M55 70C55 100 55 120 55 138')
        : line('M28 80C40 100 50 112 55 138') + line('M55 70C55 100 55 120 55 138') + line('M82 80C70 100 60 112 55 138');
    s += one(28, 44) + one(82, 44) + one(55, 34);
    if (level >= 3) s += line('M14 30C16 22 20 16 26 14') + line('M68 30C70 22 74 16 80 14');
    return s;
  },
};

const kite: Drawing = {
  width: 100,
  height: 150,
  draw: (level) => {
    let s = shape('M50 2L86 46L50 96L14 46Z');
    if (level >= 2) s += line('M50 2L50 96M14 46L86 46');
    s += line('M50 96C40 110 62 120 50 134C42 144 56 146 60 148');
    const bows = level >= 3 ? [108, 128] : level >= 2 ? [116] : [];
    for (const y of bows) s += shape(`M50 ${y}L40 ${y - 6}L40 ${y + 6}Z`) + shape(`M50 ${y}L60 ${y - 6}L60 ${y + 6}Z`);
    return s;
  },
};

const crown: Drawing = {
  width: 100,
  height: 70,
  draw: (level) => {
    let s = shape('M8 62L4 14L28 38L50 6L72 38L96 14L92 62Z');
    if (level >= 2) s += shape('M8 62L92 62L92 52L8 52Z');
    if (level >= 2) s += circle(50, 6, 5) + circle(4, 14, 4) + circle(96, 14, 4);
    if (level >= 3) s += shape('M50 30L56 40L50 48L44 40Z') + circle(26, 44, 3.5) + circle(74, 44, 3.5);
    return s;
  },
};

const wand: Drawing = {
  width: 100,
  height: 100,
  draw: (level) =>
    shape('M14 92L64 40L70 46L20 98Z') +
    shape(starPath(74, 30, 26, 0.3, 5, 0.48)) +
    (level >= 2 ? shape(starPath(32, 24, 8, 0.2)) + shape(starPath(92, 74, 7, -0.2)) : '') +
    (level >= 3 ? line('M8 70L16 64M30 6L34 14M96 50L88 52') : ''),
};

const trophy: Drawing = {
  width: 90,
  height: 110,
  draw: (level, _rnd, sizeMm) => {
    // Level 1: the cup on one stand, no handles (the loops they close are too small for a crayon); a cup
    // drawn under 20 mm wide is a solid silhouette (its bowl would be smaller than a thumbprint).
    if (level === 1 && sizeMm < 20)
      return solid('M18 6L72 6L70 30C68 50 58 60 45 62C32 60 22 50 20 30Z') + solid('M40 62L50 62L52 80L70 96L76 106L14 106L20 96L38 80Z');
    // A bigger one is one outline, cup and stand (the stand alone was under a thumbprint on a 40 mm trophy).
    if (level === 1) return shape('M18 6L72 6L70 30C68 48 60 58 50 61L52 80L70 96L76 106L14 106L20 96L38 80L40 61C30 58 22 48 20 30Z');
    let s = line('M24 14C8 14 8 40 30 44') + line('M66 14C82 14 82 40 60 44');
    s += shape('M18 6L72 6L70 30C68 50 58 60 45 62C32 60 22 50 20 30Z');
    s += shape('M40 62L50 62L52 80L38 80Z') + shape('M24 80L66 80L70 96L20 96Z') + shape('M14 96L76 96L76 106L14 106Z');
    if (level >= 2) s += shape(starPath(45, 30, 12));
    if (level >= 4) s += line('M30 88L60 88');
    return s;
  },
};

const treasureChest: Drawing = {
  width: 120,
  height: 90,
  draw: (level) => {
    let s = shape('M10 40L110 40L110 86L10 86Z');
    s += shape('M10 40C10 12 110 12 110 40Z');
    if (level >= 2) s += shape('M52 36L68 36L68 56L52 56Z');
    if (level >= 2) s += shape('M22 40L22 86') + shape('M98 40L98 86') + circle(60, 46, 3, ' fill="#000"');
    if (level >= 3) s += line('M10 62L52 62M68 62L110 62M22 22C30 19 36 18 40 18M98 22C90 19 84 18 80 18');
    if (level >= 3) s += circle(30, 32, 5) + circle(44, 28, 5) + circle(86, 30, 5) + shape(starPath(70, 24, 7));
    return s;
  },
};

const shell: Drawing = {
  width: 100,
  height: 90,
  draw: (level) => {
    let s = shape('M50 84C28 84 6 60 8 36C10 14 30 4 50 4C70 4 90 14 92 36C94 60 72 84 50 84Z');
    if (level >= 2) s += shape('M38 84L62 84L58 92L42 92Z');
    const ribs = level >= 3 ? [16, 30, 50, 70, 84] : level >= 2 ? [24, 50, 76] : [50];
    for (const x of ribs) s += line(`M50 84L${x} ${x === 50 ? 6 : 12 + Math.abs(50 - x) * 0.3}`);
    return s;
  },
};

const bucketAndSpade: Drawing = {
  width: 130,
  height: 100,
  draw: (level) => {
    let s = shape('M10 30L70 30L62 96L18 96Z');
    // At level 1 no handle (with the rim it closes a region under a thumbprint) and the thin spade inked solid.
    if (level >= 2) s += line('M12 32C12 6 68 6 68 32');
    if (level >= 2) s += shape('M10 30L70 30L69 40L11 40Z');
    if (level >= 3) s += shape(starPath(40, 66, 12));
    s +=
      level === 1
        ? shape('M94 2L106 2L106 60L114 60L112 84C110 96 90 96 88 84L86 60L94 60Z', ' fill="#000"')
        : shape('M96 6L104 6L104 60L96 60Z') + shape('M86 60L114 60L112 84C110 96 90 96 88 84Z') + shape('M90 2L110 2L110 8L90 8Z');
    return s;
  },
};

const book: Drawing = {
  width: 130,
  height: 80,
  draw: (level) => {
    let s = shape('M65 14C48 4 22 4 6 10L6 70C22 64 48 64 65 74Z') + shape('M65 14C82 4 108 4 124 10L124 70C108 64 82 64 65 74Z');
    s += line('M65 14L65 74');
    if (level >= 2)
      for (const y of [24, 34, 44]) s += line(`M16 ${y - 2}C30 ${y - 6} 46 ${y - 6} 56 ${y}M74 ${y}C84 ${y - 6} 100 ${y - 6} 114 ${y - 2}`);
    if (level >= 4) s += line('M16 52C30 48 46 48 56 54M74 54C84 48 100 48 114 52');
    return s;
  },
};

const volcano: Drawing = {
  width: 160,
  height: 120,
  draw: (level) => {
    let s = shape('M4 118L58 32L102 32L156 118Z');
    s += shape('M58 32C66 38 72 26 80 34C88 26 94 38 102 32L112 48C100 54 96 44 88 52C82 46 78 56 72 50C66 58 58 48 48 50Z');
    s += shape('M70 26C60 20 62 6 74 8C76 0 90 0 92 8C104 6 104 22 92 26Z');
    if (level >= 3) s += line('M40 90L52 70M112 84L102 66M78 100L80 84');
    if (level >= 4) s += shape('M92 6C92 -2 104 -6 108 2C116 0 118 12 110 14Z');
    return s;
  },
};

const train: Drawing = {
  width: 170,
  height: 100,
  draw: (level) => {
    let s = shape('M60 20L104 20L104 74L60 74Z'); // cab
    s += shape('M104 40L156 40C164 40 164 74 156 74L104 74Z'); // boiler
    s += shape('M132 14L146 14L144 40L134 40Z'); // chimney
    s += shape('M128 8L150 8L146 14L132 14Z');
    s += shape('M156 74L166 90L150 90Z');
    s += shape('M56 14L108 14L108 20L56 20Z');
    s += shape('M70 28L94 28L94 48L70 48Z');
    for (const x of [76, 110, 140]) s += circle(x, 80, 14) + (level >= 2 ? circle(x, 80, level >= 3 ? 4 : 3) : '');
    s += shape('M4 44L54 44L54 76L4 76Z') + circle(16, 82, 10) + circle(42, 82, 10) + line('M54 66L60 66');
    if (level >= 2) s += line('M110 40L110 74M150 40L150 74');
    if (level >= 3) s += shape('M12 50L26 50L26 64L12 64Z') + shape('M32 50L46 50L46 64L32 64Z');
    if (level >= 4) s += line('M76 80L140 80') + shape('M150 0C144 -4 156 -10 160 -4Z');
    return s;
  },
};

const magnifier: Drawing = {
  width: 80,
  height: 110,
  draw: (level) =>
    shape('M46 62L56 58L76 100L66 106Z') + circle(36, 36, 32) + circle(36, 36, 24) + (level >= 3 ? line('M22 26C26 18 32 16 38 16') : ''),
};

const wateringCan: Drawing = {
  width: 130,
  height: 90,
  draw: (level) =>
    shape('M80 50L118 18L124 24L88 62Z') +
    shape('M112 14L126 8L130 22L122 26Z') +
    shape('M20 30L86 30L82 86L24 86Z') +
    line('M30 30C30 4 76 4 76 30') +
    line('M20 44C4 46 4 70 22 72') +
    (level >= 2 ? shape('M20 30L86 30L85 38L21 38Z') : '') +
    (level >= 3 ? shape('M40 52C40 46 48 46 50 52C52 46 60 46 60 52C60 60 50 66 50 66C50 66 40 60 40 52Z') : ''),
};

const easel: Drawing = {
  width: 100,
  height: 140,
  draw: (level) => {
    let s = line('M50 4L14 138M50 4L86 138M50 4L50 128');
    s += shape('M12 20L88 20L88 86L12 86Z') + shape('M6 86L94 86L94 94L6 94Z');
    if (level >= 2) s += shape('M24 70C30 44 44 56 50 40C58 54 66 40 76 70Z') + circle(70, 34, 7);
    if (level >= 3) s += line('M20 74L80 74');
    return s;
  },
};

const palette: Drawing = {
  width: 100,
  height: 80,
  draw: (level) => {
    let s = shape('M50 4C82 4 98 24 96 44C94 58 80 56 72 58C64 60 70 76 52 76C22 76 4 60 4 40C4 20 22 4 50 4Z');
    s += circle(56, 58, 7);
    const spots =
      level >= 3
        ? [
            [26, 24],
            [46, 16],
            [68, 20],
            [82, 36],
            [22, 46],
          ]
        : [
            [28, 26],
            [54, 18],
            [78, 32],
          ];
    for (const [x, y] of spots) s += circle(x!, y!, 7);
    s += shape('M60 78L92 30L96 32L66 80Z');
    return s;
  },
};

const blanket: Drawing = {
  width: 200,
  height: 40,
  draw: (level) => {
    let s = shape('M20 4L180 4L198 36L2 36Z');
    if (level >= 2) {
      for (let i = 1; i < 6; i++) {
        const t = i / 6;
        s += line(`M${n(20 + 160 * t)} 4L${n(2 + 196 * t)} 36`);
      }
      s += line('M11 20L189 20');
    }
    return s;
  },
};

const swimRing: Drawing = {
  width: 150,
  height: 150 * SWIM_RING.ry,
  draw: (level) => {
    const { back, front } = swimRingHalves([75, 75 * SWIM_RING.ry], 75, level);
    return back + front;
  },
};

const speechBubble: Drawing = {
  width: 100,
  height: 70,
  draw: () => shape('M14 4L86 4C94 4 98 8 98 16L98 42C98 50 94 54 86 54L40 54L20 68L26 54L14 54C6 54 2 50 2 42L2 16C2 8 6 4 14 4Z'),
};

const musicNotes: Drawing = {
  width: 100,
  height: 90,
  draw: (level) =>
    solid('M14 70m-10 0a10 7 -20 1 0 20 0a10 7 -20 1 0-20 0') +
    shape('M22 68L24 14L64 4L64 56L60 56L60 14L28 22L26 68Z', ' fill="#000"') +
    solid('M56 58m-10 0a10 7 -20 1 0 20 0a10 7 -20 1 0-20 0') +
    (level >= 2 ? solid('M86 84m-8 0a8 6 -20 1 0 16 0a8 6 -20 1 0-16 0') + shape('M92 82L92 40L100 48L96 50L96 82Z', ' fill="#000"') : ''),
};

const rocketCapsule: Drawing = {
  // The lower half of an open-top rocket the child rides in: a tapered hull with a porthole, big fins,
  // the nozzle and its flame. The nose cone stands behind the child (see compose.ts).
  width: 140,
  height: 120,
  draw: (level) => {
    // Level 1: the fins' inner tips reach into the flame, leaving no sliver of sky between a fin, the hull and the nozzle.
    let s =
      level === 1
        ? shape('M26 34C8 44 2 70 4 96L56 100L56 72Z') + shape('M114 34C132 44 138 70 136 96L84 100L84 72Z')
        : shape('M26 34C8 44 2 70 4 96L40 72Z') + shape('M114 34C132 44 138 70 136 96L100 72Z');
    s += shape('M52 82C46 98 60 110 70 120C80 110 94 98 88 82Z');
    if (level >= 2) s += shape('M60 82C58 94 64 102 70 108C76 102 82 94 80 82Z');
    s += shape('M48 70L92 70L88 84L52 84Z');
    s += shape('M22 0L118 0C120 30 114 56 100 74L40 74C26 56 20 30 22 0Z');
    s += shape('M22 0L118 0L118.4 11L21.6 11Z');
    if (level >= 2) s += circle(70, 40, 14) + circle(70, 40, 8.5);
    if (level >= 3) for (const x of [34, 50, 90, 106]) s += circle(x, 5.5, 2.4, ' fill="#000" stroke="none"');
    if (level >= 4) s += line('M31 60L109 60') + line('M10 82L32 70M130 82L108 70');
    return s;
  },
};

/** The rocket's nose cone between the sides of the hull (x0, x1 at baseY) and its tip, in page units. */
export function rocketNose(x0: number, x1: number, baseY: number, tipY: number, level: Level): string {
  const cx = (x0 + x1) / 2;
  const w = x1 - x0;
  const h = baseY - tipY;
  let s = shape(
    `M${n(x0)} ${n(baseY)}C${n(x0)} ${n(baseY - h * 0.55)} ${n(cx - w * 0.3)} ${n(tipY + h * 0.12)} ${n(cx)} ${n(tipY)}C${n(cx + w * 0.3)} ${n(tipY + h * 0.12)} ${n(x1)} ${n(baseY - h * 0.55)} ${n(x1)} ${n(baseY)}Z`,
  );
  // A cap on the tip, drawn as its own closed shape to colour.
  const capY = tipY + Math.min(16, h * 0.2);
  const capW = w * 0.17;
  if (level >= 2)
    s += shape(
      `M${n(cx - capW)} ${n(capY)}C${n(cx - capW * 0.7)} ${n(tipY + (capY - tipY) * 0.35)} ${n(cx - capW * 0.3)} ${n(tipY + 1)} ${n(cx)} ${n(tipY)}C${n(cx + capW * 0.3)} ${n(tipY + 1)} ${n(cx + capW * 0.7)} ${n(tipY + (capY - tipY) * 0.35)} ${n(cx + capW)} ${n(capY)}Z`,
    );
  return s;
}

const basket: Drawing = {
  // A hot-air balloon's wicker basket, the child standing in it (the envelope and ropes are drawn behind, compose.ts).
  width: 120,
  height: 70,
  draw: (level) => {
    // The rim and the basket; at level 1 one plain outline (the big mitten on the rim, by its end, closed a sliver there).
    let s = level === 1 ? shape('M4 0L116 0L105 68L15 68Z') : shape('M4 0L116 0L116 12L4 12Z') + shape('M10 12L110 12L104 68L16 68Z');
    if (level >= 2) for (const y of [30, 48]) s += line(`M${n(10 + (y - 12) * 0.11)} ${y}L${n(110 - (y - 12) * 0.11)} ${y}`);
    if (level >= 3) for (const x of [36, 60, 84]) s += line(`M${x} 12L${n(x + (x - 60) * -0.06 + (x - 60) * 0.1)} 68`);
    return s;
  },
};

const planeFrame: Drawing = {
  // A little propeller plane from the side, facing right, the child in its open cockpit (drawn over the child).
  width: 210,
  height: 90,
  draw: (level) => {
    let s = shape('M10 38L4 6L24 6L44 38Z');
    // The cockpit's opening; at level 1 deeper and reaching under the hand on the rim, so the sky between the body, the
    // arm and the rim is a thumbprint and more.
    const cockpit = level === 1 ? 'L72 40L138 40L138 32' : 'L72 36L118 36L118 32';
    s += shape(`M6 40C6 34 12 32 22 32L72 32${cockpit}L172 32C190 32 200 40 200 50C200 60 190 66 172 66L22 66C12 66 6 56 6 48Z`);
    // The windscreen; at level 1 ahead of the pilot's hand on the rim (between the arm and the body it closed slivers).
    s += level === 1 ? shape('M150 32L157 8L171 8L169 32Z') : shape('M118 32L128 12L136 12L133 32Z');
    s += shape('M58 52L142 52L154 80L48 80Z');
    s += level === 1 ? `<ellipse cx="203" cy="49" rx="6" ry="22"/>` : `<ellipse cx="204" cy="49" rx="3.5" ry="22"/>` + circle(201, 49, 5);
    if (level >= 2) s += circle(40, 48, 6) + circle(160, 46, 6);
    if (level >= 3) s += line('M24 58L60 58M146 58L186 58') + line('M98 52L98 80');
    if (level >= 4) s += shape(starPath(24, 20, 6)) + circle(176, 46, 3.5) + circle(144, 46, 3.5);
    return s;
  },
};

const carFrame: Drawing = {
  // A convertible seen from the side, drawn in front of the child's shoulders.
  width: 200,
  height: 90,
  draw: (level) => {
    let s = shape('M8 70C4 50 14 38 34 36L62 34C70 20 80 14 96 14L104 14L104 34L176 34C194 36 198 52 196 70Z');
    // The windscreen; at level 1 further ahead, clear of the driver's arm (at the hand, the arm, the wheel, the windscreen
    // and the car's top closed a region under a thumbprint).
    s += level === 1 ? shape('M128 8L140 8L146 34L132 34Z') : shape('M100 8L112 8L118 34L104 34Z');
    for (const x of [46, 160]) s += circle(x, 70, 18) + circle(x, 70, level >= 3 ? 8 : level >= 2 ? 6 : 10);
    if (level >= 2) s += shape('M186 42L196 42L196 52L186 52Z') + shape('M8 46L18 46L16 56L6 56Z');
    if (level >= 3) s += line('M70 40L70 64M128 40L130 64') + shape('M84 46L96 46L96 50L84 50Z');
    if (level >= 4) s += shape(starPath(150, 50, 7)) + line('M40 44L60 44');
    return s;
  },
};

const tractorFrame: Drawing = {
  // A farm tractor from the side, the child in the seat over the big back wheel, the bonnet ahead.
  width: 200,
  height: 110,
  draw: (level) => {
    // The exhaust and its cap (inked solid at level 1: a strip too thin for a crayon).
    let s = shape('M148 42L148 8L160 8L160 42Z') + shape('M145 10L163 10L163 3L145 3Z', level === 1 ? ' fill="#000"' : '');
    s += shape('M84 40L184 40C192 40 196 46 196 54L196 80L84 80Z');
    if (level >= 2) s += line('M186 48L186 74M84 58L196 58');
    s += shape('M6 80L6 32C6 25 12 20 20 20L92 20L92 80Z');
    s += circle(50, 78, 30) + circle(50, 78, 13);
    if (level >= 3)
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        s += line(`M${n(50 + 22 * Math.cos(a))} ${n(78 + 22 * Math.sin(a))}L${n(50 + 29 * Math.cos(a))} ${n(78 + 29 * Math.sin(a))}`);
      }
    // The mudguard; at level 1 its feet reach the cab's foot (short of it they closed slivers by the wheel).
    const foot = level === 1 ? 80 : 76;
    s += shape(`M10 ${foot}C10 30 90 30 90 ${foot}L82 ${foot}C82 42 18 42 18 ${foot}Z`);
    // The front wheel, its hub solid at level 1 (under a thumbprint to colour).
    s += circle(160, 90, 18) + circle(160, 90, 7, level === 1 ? ' fill="#000"' : '');
    if (level >= 4) s += shape('M100 48L130 48L130 54L100 54Z');
    return s;
  },
};

const sandMound: Drawing = {
  width: 200,
  height: 40,
  draw: (level) =>
    shape('M0 40C10 10 50 4 100 4C150 4 190 10 200 40Z') + (level >= 3 ? line('M40 28L46 26M120 20L128 19M160 30L166 28') : ''),
};

const pineTree: Drawing = {
  width: 80,
  height: 130,
  draw: (level) =>
    // Level 1: a broad trunk, big enough for a crayon.
    (level === 1 ? shape('M28 104L52 104L52 128L28 128Z') : shape('M34 104L46 104L46 128L34 128Z')) +
    shape('M40 2L64 40L54 40L72 72L58 72L78 106L2 106L22 72L8 72L26 40L16 40Z') +
    (level >= 4 ? line('M30 56L36 52M50 84L56 80M24 92L30 88') : ''),
};

const acaciaTree: Drawing = {
  width: 140,
  height: 110,
  draw: (level) =>
    // Level 1: a plain broad trunk (the forked one leaves slivers too thin for a crayon).
    (level === 1 ? shape('M60 110L64 38L82 38L84 110Z') : shape('M64 110L68 56L54 40L60 38L70 50L80 36L86 38L76 56L78 110Z')) +
    shape('M8 36C2 22 30 10 60 14C80 4 120 6 132 20C142 32 120 42 96 40C80 44 40 46 8 36Z') +
    (level >= 4 ? line('M30 28C40 24 50 24 60 26M86 22C96 20 106 20 116 24') : ''),
};

const bush: Drawing = {
  width: 100,
  height: 50,
  draw: (level) =>
    shape('M6 48C0 36 8 24 20 26C22 10 42 6 50 18C58 4 82 8 82 24C96 22 102 40 94 48Z') +
    (level >= 3 ? line('M30 36C34 32 38 32 40 34M62 32C66 28 70 28 72 30') : ''),
};

const grassTuft: Drawing = {
  width: 40,
  height: 24,
  draw: () => line('M4 24C6 14 10 8 14 4M14 24C16 14 20 8 20 2M24 24C24 14 28 8 34 6'),
};

const fence: Drawing = {
  width: 200,
  height: 50,
  draw: (level) => {
    let s = shape('M0 16L200 16L200 24L0 24Z') + shape('M0 34L200 34L200 42L0 42Z');
    const count = level >= 3 ? 10 : 6;
    for (let i = 0; i < count; i++) {
      const x = 4 + (i * 192) / (count - 1) - 6;
      s += shape(`M${n(x)} 50L${n(x)} 8L${n(x + 6)} 2L${n(x + 12)} 8L${n(x + 12)} 50Z`);
    }
    return s;
  },
};

const barn: Drawing = {
  width: 130,
  height: 110,
  draw: (level) => {
    let s = shape('M10 50L30 14L100 14L120 50L120 110L10 110Z');
    s += shape('M46 60L84 60L84 110L46 110Z');
    if (level >= 2) s += line('M46 60L84 110M84 60L46 110');
    if (level >= 2) s += shape('M55 26L75 26L75 42L55 42Z');
    if (level >= 3) s += line('M10 50L120 50') + line('M22 60L22 110M108 60L108 110');
    if (level >= 4) s += line('M30 70L40 70M30 84L40 84M92 70L100 70M92 84L100 84');
    return s;
  },
};

const seaweed: Drawing = {
  width: 40,
  height: 120,
  // Level 1: one broad frond.
  draw: (level) =>
    (level === 1
      ? shape('M14 120C0 100 22 84 8 64C-4 44 20 28 16 4C36 24 26 40 34 60C44 82 26 98 30 120Z')
      : shape('M18 120C6 100 28 84 14 64C2 44 26 28 16 4C30 24 14 40 26 60C38 82 18 98 28 120Z')) +
    (level >= 3 ? shape('M26 80C34 74 38 66 36 58C30 64 26 70 26 80Z') : ''),
};

const coral: Drawing = {
  width: 90,
  height: 90,
  draw: (level) =>
    shape('M36 90L38 64L20 46L14 20L22 18L28 40L40 52L42 24L50 24L50 52L62 36L64 12L72 14L70 40L54 64L54 90Z') +
    (level >= 3 ? circle(18, 16, 5) + circle(46, 20, 5) + circle(68, 10, 5) : ''),
};

const starfish: Drawing = {
  width: 60,
  height: 60,
  draw: (level) => shape(starPath(30, 32, 28, 0, 5, 0.45)) + (level >= 3 ? circle(30, 32, 3) : ''),
};

const building: Drawing = {
  width: 60,
  height: 130,
  draw: (level, rnd) => {
    const top = rnd.int(10, 40);
    let s = shape(`M4 ${top}L56 ${top}L56 130L4 130Z`);
    if (level >= 2) {
      const rows = level >= 4 ? 5 : 3;
      for (let r = 0; r < rows; r++) {
        const y = top + 10 + r * ((100 - top) / rows);
        if (y + 12 > 118) break;
        s += rect(12, y, 12, 12) + rect(36, y, 12, 12);
      }
    }
    if (level >= 2) s += rect(22, 110, 16, 20);
    return s;
  },
};

const bunting: Drawing = {
  width: 200,
  height: 30,
  draw: (level) => {
    let s = line('M0 4C60 16 140 16 200 4');
    const flags = level >= 3 ? 9 : 6;
    for (let i = 0; i < flags; i++) {
      const x = 12 + (i * 176) / (flags - 1);
      const y = 4 + 12 * Math.sin((Math.PI * x) / 200) * 0.9;
      s += shape(`M${n(x - 8)} ${n(y)}L${n(x + 8)} ${n(y)}L${n(x)} ${n(y + 16)}Z`);
    }
    return s;
  },
};

const goal: Drawing = {
  width: 160,
  height: 80,
  draw: (level) => {
    let s = shape('M6 78L6 6L154 6L154 78L146 78L146 14L14 14L14 78Z');
    if (level >= 2) for (let x = 34; x < 146; x += level >= 4 ? 14 : 22) s += line(`M${x} 14L${x} 78`);
    if (level >= 3) for (let y = 30; y < 78; y += 16) s += line(`M14 ${y}L146 ${y}`);
    return s;
  },
};

const windowFrame: Drawing = {
  width: 80,
  height: 90,
  draw: (level) => {
    let s = rect(10, 6, 60, 66) + line('M40 6L40 72M10 38L70 38') + rect(4, 72, 72, 8);
    if (level >= 2) s += shape('M4 2L30 2C26 30 20 60 6 84L4 84Z') + shape('M76 2L50 2C54 30 60 60 74 84L76 84Z');
    return s;
  },
};

const pictureFrame: Drawing = {
  width: 70,
  height: 60,
  draw: (level) =>
    rect(2, 2, 66, 56) + rect(10, 10, 50, 40) + (level >= 2 ? shape('M14 46L30 26L40 38L46 30L56 46Z') + circle(22, 20, 4) : ''),
};

const rug: Drawing = {
  width: 200,
  height: 30,
  draw: (level) => {
    let s = ellipse(100, 15, 96, 13);
    if (level >= 2) s += ellipse(100, 15, 74, 8);
    if (level >= 4) s += ellipse(100, 15, 50, 4);
    return s;
  },
};

const rainbow: Drawing = {
  width: 200,
  height: 100,
  draw: (level) => {
    const bands = level >= 3 ? 5 : 3;
    let s = '';
    for (let i = 0; i < bands; i++) {
      const r = 96 - i * (50 / bands);
      s += `<path d="M${n(100 - r)} 100A${n(r)} ${n(r)} 0 0 1 ${n(100 + r)} 100" fill="none"/>`;
    }
    return s;
  },
};

const bird: Drawing = {
  width: 40,
  height: 16,
  draw: () => line('M2 8C8 2 16 2 20 12C24 2 32 2 38 8'),
};

const mountain: Drawing = {
  width: 160,
  height: 80,
  draw: (level) => shape('M0 80L56 10L86 46L104 26L160 80Z') + (level >= 3 ? shape('M56 10L68 26L60 22L52 28L46 22Z') : ''),
};

const rock: Drawing = {
  width: 60,
  height: 30,
  draw: () => shape('M4 30C0 16 14 4 30 4C46 4 60 14 56 30Z'),
};

const crater: Drawing = {
  width: 60,
  height: 20,
  draw: (level) => ellipse(30, 10, 28, 8) + (level >= 2 ? line('M8 12C18 18 42 18 52 12') : ''),
};

const bubble: Drawing = {
  width: 20,
  height: 20,
  draw: () => circle(10, 10, 9),
};

const leaf: Drawing = {
  width: 100,
  height: 60,
  draw: (level) =>
    shape('M2 30C20 2 70 -2 98 30C70 62 20 58 2 30Z') +
    line('M2 30L90 30') +
    (level >= 3 ? line('M30 30L44 16M50 30L64 16M30 30L44 44M50 30L64 44') : ''),
};

const fern: Drawing = {
  width: 80,
  height: 120,
  draw: (level) => {
    let s = line('M40 120C40 80 44 40 40 4');
    const leaves = level >= 3 ? 6 : 4;
    for (let i = 0; i < leaves; i++) {
      const y = 20 + i * (90 / leaves);
      s += shape(`M41 ${n(y + 8)}C52 ${n(y - 4)} 68 ${n(y - 2)} 76 ${n(y + 4)}C66 ${n(y + 12)} 52 ${n(y + 14)} 41 ${n(y + 8)}Z`);
      s += shape(`M40 ${n(y + 8)}C28 ${n(y - 4)} 12 ${n(y - 2)} 4 ${n(y + 4)}C14 ${n(y + 12)} 28 ${n(y + 14)} 40 ${n(y + 8)}Z`);
    }
    return s;
  },
};

const flag: Drawing = {
  width: 40,
  height: 50,
  draw: () => line('M4 50L4 2') + shape('M4 4L36 12L4 22Z'),
};

const toyCastle: Drawing = {
  // Level 1's castle: two towers with pointed roofs, a wall and a big door, every part big enough to colour.
  width: 86,
  height: 103,
  draw: () =>
    shape('M20 103L20 30L66 30L66 103Z') +
    shape('M32 103L32 78C32 66 54 66 54 78L54 103Z') +
    shape('M2 103L2 36L24 36L24 103Z') +
    shape('M0 36L13 6L26 36Z') +
    shape('M62 103L62 36L84 36L84 103Z') +
    shape('M60 36L73 6L86 36Z'),
};

const goldCoins: Drawing = {
  width: 60,
  height: 30,
  draw: () => ellipse(16, 20, 14, 8) + ellipse(42, 22, 14, 7) + ellipse(30, 12, 14, 7),
};

const egg: Drawing = {
  width: 40,
  height: 50,
  draw: (level) =>
    shape('M20 2C8 2 2 24 2 32C2 44 10 48 20 48C30 48 38 44 38 32C38 24 32 2 20 2Z') +
    (level >= 2 ? circle(14, 20, 4) + circle(26, 34, 5) : ''),
};

/** Every procedural drawing by name. */
export const DRAWINGS = {
  star,
  planet,
  'moon-crescent': moonCrescent,
  sun,
  cloud,
  balloon,
  'balloon-bunch': balloonBunch,
  kite,
  crown,
  wand,
  trophy,
  'treasure-chest': treasureChest,
  shell,
  'bucket-and-spade': bucketAndSpade,
  book,
  volcano,
  train,
  magnifier,
  'watering-can': wateringCan,
  easel,
  palette,
  blanket,
  'swim-ring': swimRing,
  'speech-bubble': speechBubble,
  'music-notes': musicNotes,
  'rocket-capsule': rocketCapsule,
  basket,
  'plane-frame': planeFrame,
  'car-frame': carFrame,
  'tractor-frame': tractorFrame,
  'sand-mound': sandMound,
  'pine-tree': pineTree,
  'acacia-tree': acaciaTree,
  bush,
  'grass-tuft': grassTuft,
  fence,
  barn,
  seaweed,
  coral,
  starfish,
  building,
  bunting,
  goal,
  'window-frame': windowFrame,
  'picture-frame': pictureFrame,
  rug,
  rainbow,
  'bird-flying': bird,
  mountain,
  rock,
  crater,
  bubble,
  leaf,
  fern,
  flag,
  'gold-coins': goldCoins,
  'toy-castle': toyCastle,
  egg,
  wave: {
    width: 200,
    height: 20,
    draw: () => line(wavePath(0, 200, 10, 3, 25)),
  } as Drawing,
  ...ANIMALS,
  ...DINOSAUR_DRAWINGS,
} satisfies Record<string, Drawing>;

export type DrawingName = keyof typeof DRAWINGS;
