// What a child digs up or finds, drawn on the ground at the busy hand: a dig with a dinosaur's bones at the spade's tip
// (Fossil Dig), a nest of spotty eggs (Dinosaur Egg Hunt). Drawn in local units like the library's drawings, placed
// by `placeFind` with the scene's line width.
import { fittedBox } from './clipart.js';
import { circle, ellipse, line, n, shape, solid, starPath, type Box, type Level } from './svg.js';

interface Find {
  readonly width: number;
  readonly height: number;
  draw(level: Level): string;
}

/** A bone lying along y from x0 to x1: a shaft `h` thick with two-lobed ends `r` big, one closed outline. */
function bone(x0: number, x1: number, y: number, h: number, r: number): string {
  const t = y - h / 2;
  const b = y + h / 2;
  return shape(
    `M${n(x0)} ${n(t)}L${n(x1)} ${n(t)}` +
      `C${n(x1 - 0.2 * r)} ${n(y - 2.2 * r)} ${n(x1 + 1.7 * r)} ${n(y - 2.2 * r)} ${n(x1 + 1.2 * r)} ${n(y - 0.5 * r)}` +
      `L${n(x1 + 0.8 * r)} ${n(y)}L${n(x1 + 1.2 * r)} ${n(y + 0.5 * r)}` +
      `C${n(x1 + 1.7 * r)} ${n(y + 2.2 * r)} ${n(x1 - 0.2 * r)} ${n(y + 2.2 * r)} ${n(x1)} ${n(b)}` +
      `L${n(x0)} ${n(b)}` +
      `C${n(x0 + 0.2 * r)} ${n(y + 2.2 * r)} ${n(x0 - 1.7 * r)} ${n(y + 2.2 * r)} ${n(x0 - 1.2 * r)} ${n(y + 0.5 * r)}` +
      `L${n(x0 - 0.8 * r)} ${n(y)}L${n(x0 - 1.2 * r)} ${n(y - 0.5 * r)}` +
      `C${n(x0 - 1.7 * r)} ${n(y - 2.2 * r)} ${n(x0 + 0.2 * r)} ${n(y - 2.2 * r)} ${n(x0)} ${n(t)}Z`,
  );
}

/** A dig in the ground: the heap of earth thrown up behind, a dinosaur's skull on it, the pit with a big bone in it;
 * ribs sticking out of the heap and the skull's teeth from level 2, pebbles and cracks at levels 3-4. */
const fossilDig: Find = {
  width: 200,
  height: 110,
  draw: (level) => {
    let s = shape('M10 86C16 40 50 20 100 20C150 20 184 40 190 86Z');
    if (level >= 2)
      for (const x of level >= 3 ? [26, 48, 70] : [32, 58])
        s += shape(`M${x} 84C${x} 54 ${x + 10} 40 ${x + 26} 36L${x + 26} 44C${x + 16} 46 ${x + 9} 58 ${x + 9} 84Z`);
    if (level >= 3) s += circle(100, 32, 4) + circle(84, 62, 3.5) + circle(172, 74, 3.5);
    if (level >= 4) s += line('M104 48C98 56 100 64 94 72M20 78C26 72 30 72 34 76') + circle(112, 60, 2.5);
    // The skull, facing away from the child: the upper jaw with its eye socket, the lower jaw under it.
    // At level 1 one outline, the jaws together, down behind the pit's rim at the heap's end (the lower jaw and the
    // heap's corner under it were each under a thumbprint).
    if (level === 1) s += shape('M118 72C114 50 124 36 146 34C166 32 182 40 188 52C192 62 193 78 191 90L132 80C124 79 119 76 118 72Z');
    else {
      s += shape('M118 72C114 50 124 36 146 34C166 32 182 40 188 52C190 60 186 66 178 68L150 72Z');
      s += shape('M132 74L178 70C176 80 160 84 140 82Z');
    }
    s += circle(142, 48, level === 1 ? 9 : 7, ' fill="#000"');
    if (level >= 2) s += line('M150 72L153 77L156 71L159 76L162 71L165 75L168 70');
    if (level >= 3) s += circle(180, 52, 2.5, ' fill="#000"');
    // The pit's rim and its hole, the big bone in it clear of its edge (the hole round it stays one region). At level 1
    // the rim reaches lower (at the front, its line nearly on the hole's, it was pinched into slivers).
    s += (level === 1 ? ellipse(100, 94, 96, 18) : ellipse(100, 93, 96, 16)) + ellipse(100, 94, 80, 12);
    s += bone(64, 128, 94, 7, 5);
    return s;
  },
};

/** A twig nest of dinosaur eggs: three big spotty eggs standing in the bowl. */
const eggNest: Find = {
  width: 120,
  height: 86,
  draw: (level) => {
    let s = ellipse(34, 38, 17, 24) + ellipse(86, 38, 17, 24) + ellipse(60, 32, 18, 26);
    if (level >= 2) {
      // Spots on the eggs (on the middle egg whole, on the side ones where they show).
      const spots: [number, number, number][] = [
        [54, 22, 5],
        [66, 38, 4.5],
        [52, 44, 4],
        [26, 36, 4.5],
        [92, 32, 4.5],
      ];
      for (const [x, y, r] of spots.slice(0, level >= 3 ? 5 : 3)) s += circle(x, y, r);
    }
    // The bowl of twigs in front of the eggs.
    s += shape('M4 52C4 86 116 86 116 52C96 58 24 58 4 52Z');
    if (level >= 2) s += line('M12 62C40 68 80 68 108 62');
    if (level >= 3) s += line('M20 72C44 77 76 77 100 72M10 54L22 66M110 54L98 66');
    if (level >= 4) s += line('M40 60L52 74M80 60L68 74M60 62L60 78');
    return s;
  },
};

/** A vegetable bed (Veggie Patch): cabbages sitting on a mound of soil (two big ones at level 1), carrots' leafy tops
 * at its ends from level 2, a furrow along the soil from level 3. */
const vegPatch: Find = {
  width: 160,
  height: 72,
  draw: (level) => {
    let s = '';
    const carrot = (x: number): string =>
      shape(`M${x - 7} 54C${x - 7} 46 ${x + 7} 46 ${x + 7} 54Z`) +
      shape(`M${x} 48C${x - 13} 32 ${x - 9} 18 ${x - 2} 30C${x - 1} 16 ${x + 5} 16 ${x + 3} 30C${x + 10} 20 ${x + 13} 32 ${x} 48Z`);
    if (level >= 2) for (const x of level >= 4 ? [18, 80, 142] : [22, 138]) s += carrot(x);
    s += shape('M2 70C6 50 154 50 158 70Z');
    if (level >= 3) s += line('M16 64C50 60 110 60 144 64');
    for (const x of level === 1 ? [46, 114] : level >= 4 ? [49, 111] : [52, 108]) {
      const r = level === 1 ? 26 : 15;
      s += circle(x, 56 - r * 0.7, r);
      // Two leaves' edges curling up from the heart, open lines inside the cabbage (its vein from level 3); at level 1
      // they stop short of its rim (reaching it they cut off slivers under a thumbprint).
      const cy = 56 - r * 0.7;
      const [ex, ey] = level === 1 ? [0.3, 0.6] : [0.45, 0.85];
      s += line(
        `M${x} ${cy + r * 0.9}C${x - r * 0.7} ${cy + r * 0.3} ${x - r * 0.8} ${cy - r * 0.3} ${x - r * ex} ${cy - r * ey}` +
          `M${x} ${cy + r * 0.9}C${x + r * 0.7} ${cy + r * 0.3} ${x + r * 0.8} ${cy - r * 0.3} ${x + r * ex} ${cy - r * ey}`,
      );
      if (level >= 3) s += line(`M${x} ${cy + r * 0.9}L${x} ${cy - r * 0.5}`);
    }
    return s;
  },
};

/** A sandcastle at level 1 (Seaside Trip; the clip-art castle from level 2, whose roofs, walls and door are under a
 * thumbprint at a toddler's size): two crenellated towers and the wall between them in one outline, a big arched door,
 * a solid flag on each tower. */
const sandcastle: Find = {
  width: 103,
  height: 75,
  draw: () => {
    let s = shape(
      'M4 74L4 20L10 20L10 26L14 26L14 20L20 20L20 26L24 26L24 20L30 20L30 38L36 38L36 44L42 44L42 38L48 38L48 44' +
        'L54 44L54 38L60 38L60 44L66 44L66 38L73 38L73 20L79 20L79 26L83 26L83 20L89 20L89 26L93 26L93 20L99 20L99 74Z',
    );
    s += shape('M40 74L40 62C40 48 64 48 64 62L64 74Z');
    for (const x of [17, 86]) s += line(`M${x} 20L${x} 4`) + shape(`M${x} 4L${x + 12} 8L${x} 12Z`, ' fill="#000"');
    return s;
  },
};

/** A picnic basket on the blanket (Prehistoric Picnic, any picnic without a cake): sandwiches standing in it under its
 * arched handle (one big one at level 1), an apple in front; a banana from level 2, the wicker from level 3. */
const lunchBasket: Find = {
  width: 160,
  height: 92,
  draw: (level) => {
    // The handle from level 2 (at level 1 the big sandwich alone, nothing small between them).
    let s = level === 1 ? '' : shape('M30 50C30 -12 130 -12 130 50L118 50C118 2 42 2 42 50Z');
    if (level === 1) s += shape('M44 62L80 6L116 62Z');
    else {
      s += shape('M48 58L64 22L82 58Z') + shape('M80 58L98 26L114 58Z');
      if (level >= 3) s += line('M58 46L64 32L72 46M90 46L98 36L105 46');
    }
    s += shape('M16 48L144 48L132 88L28 88Z');
    if (level >= 2) s += line('M19 58L141 58');
    if (level >= 3) s += line('M50 58L52 88M80 58L80 88M110 58L108 88');
    if (level >= 4) s += line('M24 73L136 73');
    if (level >= 2) s += shape('M4 76C10 92 44 94 56 78C44 84 18 84 8 70Z');
    s += circle(142, 72, level === 1 ? 18 : 14) + line(`M142 ${level === 1 ? 54 : 58}L144 ${level === 1 ? 46 : 50}`);
    if (level >= 2) s += shape('M144 52C150 38 164 40 164 46C160 54 152 56 144 52Z');
    return s;
  },
};

/** A tea set on the blanket (Enchanted Tea Party): a round teapot with its lid, spout and handle, a cup beside it; a
 * saucer, the lid's knob and the handle's loop from level 2, bands and dots on the pot later. */
const teaSet: Find = {
  width: 160,
  height: 92,
  draw: (level) => {
    // The handle; at level 1 its top meets the lid's foot (standing above it, the blanket's edge behind closed a speck).
    let s = level === 1 ? shape('M28 48C-10 30 -10 96 28 88Z') : shape('M26 40C-6 34 -6 90 28 84L28 74C6 76 6 50 26 50Z');
    s += shape('M82 58C100 56 106 42 112 26L124 30C118 50 112 80 86 84Z');
    s += ellipse(56, 64, 34, 25);
    s += level === 1 ? shape('M30 48C30 16 82 16 82 48Z') : shape('M34 46C34 22 78 22 78 46Z');
    if (level >= 2) s += circle(56, 24, 6.5);
    if (level >= 3) s += line('M24 70C40 76 72 76 88 70');
    if (level >= 4) s += circle(42, 58, 4.5) + circle(56, 60, 4.5) + circle(70, 58, 4.5);
    if (level >= 2) s += shape('M146 58C166 54 166 84 142 82L143 74C156 74 156 64 147 66Z');
    s += shape('M114 54L150 54C150 78 142 88 132 88C122 88 114 78 114 54Z');
    if (level >= 2) s += ellipse(132, 88, 24, 4);
    if (level >= 3) s += line('M115 64L149 64');
    return s;
  },
};

/** The birthday cake at the busy hand (Birthday Party), drawn by hand: a round cake on a plate, one big candle with a
 * solid flame at level 1; icing dripping down its side and three candles from level 2, a layer of filling from level 3,
 * five striped candles with open flames at level 4. The candles stand in the middle of its top, clear of its corners
 * (where the busy hand is), and it has no white margin round its outline (the clip-art cake's cut the mitten). */
const cake: Find = {
  width: 200,
  height: 150,
  draw: (level) => {
    let s = ellipse(100, 130, 98, level === 1 ? 20 : 16);
    s += shape('M24 72L24 118C24 140 176 140 176 118L176 72Z');
    if (level >= 3) s += line('M24 106C24 128 176 128 176 106');
    s += ellipse(100, 72, 76, 18);
    if (level >= 2) {
      // The icing over the top's front edge, dripping down the side in round drips: its lower edge follows the top's
      // front edge 8 units lower, each drip hanging from it.
      const edge = (x: number): number => 80 + 18 * Math.sqrt(Math.max(0, 1 - ((x - 100) / 76) ** 2));
      const xs = [24, 44, 64, 84, 100, 116, 136, 156, 176];
      let drips = `M24 72L24 ${n(edge(24))}`;
      for (let i = 1; i < xs.length; i++) {
        const a = xs[i - 1]!;
        const b = xs[i]!;
        const deep = i % 2 ? 12 : 7;
        drips += `C${n(a + 2)} ${n(edge(a) + deep)} ${n(b - 2)} ${n(edge(b) + deep)} ${n(b)} ${n(edge(b))}`;
      }
      drips += 'L176 72C176 96 24 96 24 72Z';
      s += shape(drips);
    }
    const candles = level === 1 ? [100] : level <= 3 ? [62, 100, 138] : [52, 76, 100, 124, 148];
    const cw = level === 1 ? 40 : level <= 3 ? 16 : 13;
    const ch = level === 1 ? 42 : 36;
    for (const x of candles) {
      const foot = x === 100 ? 70 : 76;
      s += shape(
        `M${n(x - cw / 2)} ${n(foot - ch)}L${n(x + cw / 2)} ${n(foot - ch)}L${n(x + cw / 2)} ${n(foot)}` +
          `C${n(x + cw / 2)} ${n(foot + 4)} ${n(x - cw / 2)} ${n(foot + 4)} ${n(x - cw / 2)} ${n(foot)}Z`,
      );
      if (level >= 4)
        s += line(
          `M${n(x - cw / 2)} ${n(foot - ch + 12)}L${n(x + cw / 2)} ${n(foot - ch + 4)}` +
            `M${n(x - cw / 2)} ${n(foot - ch + 26)}L${n(x + cw / 2)} ${n(foot - ch + 18)}`,
        );
      // The flame over the wick: solid (open, it is too small to colour below level 4).
      const fy = foot - ch - 2;
      const fr = level === 1 ? 8 : 6;
      const flame =
        `M${n(x)} ${n(fy)}C${n(x - fr * 1.6)} ${n(fy - fr * 0.4)} ${n(x - fr)} ${n(fy - fr * 1.8)} ${n(x)} ${n(fy - fr * 3)}` +
        `C${n(x + fr)} ${n(fy - fr * 1.8)} ${n(x + fr * 1.6)} ${n(fy - fr * 0.4)} ${n(x)} ${n(fy)}Z`;
      s += level === 4 ? shape(flame) : solid(flame);
    }
    return s;
  },
};

/** The Moon's cheese on the blanket (Picnic on the Moon): a whole round cheese with holes like craters (two big ones at
 * level 1), a cut wedge lying in front of it from level 2. */
const moonCheese: Find = {
  width: 150,
  height: 94,
  draw: (level) => {
    let s = shape('M6 34L6 70C6 100 134 100 134 70L134 34Z') + ellipse(70, 34, 64, 22);
    const holes: [number, number, number, number][] =
      level === 1
        ? [
            [36, 72, 19, 13],
            [100, 74, 19, 13],
          ]
        : [
            [30, 66, 9, 7],
            [62, 78, 8, 6],
            [104, 70, 8, 6],
            [70, 30, 10, 5],
            ...(level >= 3
              ? ([
                  [40, 28, 10, 5],
                  [100, 34, 10, 5],
                ] as [number, number, number, number][])
              : []),
          ];
    for (const [x, y, rx, ry] of holes) s += ellipse(x, y, rx, ry);
    if (level >= 2) {
      // A cut wedge lying in front: its top and its front face.
      s += shape('M96 82L132 64L148 76Z') + shape('M96 82L148 76L148 88L96 94Z');
      if (level >= 3) s += ellipse(124, 84, 6, 4);
    }
    return s;
  },
};

/** A coral reef on the sea bed under a snorkelling child (Coral Reef), low and wide: a brain coral's dome, a branching
 * coral, a sea fan on its stalk and tube sponges, each one big shape at level 1; the brain coral's grooves, the fan's
 * ribs and the sponges' rims from level 2, spots on the branches and a starfish from level 3. */
const coralReef: Find = {
  width: 240,
  height: 72,
  draw: (level) => {
    // The sea fan at the back on the left, its stalk into the sand.
    let s = shape('M36 72L38 48C16 46 8 26 20 12C32 0 58 0 68 12C80 26 72 46 52 48L50 72Z');
    if (level >= 2) s += line('M44 46L28 20M44 46L44 8M44 46L60 18');
    if (level >= 4) s += line('M22 30C32 34 52 34 66 28');
    // Tube sponges at the back on the right.
    s += shape('M170 72L172 28C172 20 190 20 190 28L192 72Z') + shape('M196 72L200 40C200 32 216 32 216 40L218 72Z');
    if (level >= 2) s += line('M171.6 36L190.4 36M199 48L216.5 48');
    // The branching coral in the middle.
    s += shape(
      'M110 72L114 50L98 32C94 26 100 20 106 26L118 40L120 14C120 6 130 6 130 14L130 40L142 22C146 16 154 20 150 28L136 50L140 72Z',
    );
    if (level >= 3) s += circle(125, 24, 4) + circle(125, 58, 5);
    // The brain coral's dome in front on the left, the big rock of the reef.
    s += shape('M56 72C56 36 120 34 126 72Z');
    if (level >= 2) s += line('M66 66C70 52 82 46 92 48M74 70C78 60 92 56 108 62');
    if (level >= 4) s += line('M88 44C98 44 108 50 114 58');
    // A starfish on the sand in front on the right.
    if (level >= 3) s += shape('M156 62L160 54L164 62L172 63L166 68L167 72L160 70L153 72L154 68L148 63Z');
    return s;
  },
};

/** A treasure chest found open on the sea bed (Sunken Treasure), the child's reaching hand on its near side: the domed
 * lid thrown back behind the box (its inside showing), gold heaped up inside over the rim; the lid's rim, the lock
 * plate, the bands and coins on the heap from level 2, a pearl necklace over the rim from level 3, a jewel, rivets and
 * more coins at level 4. */
const treasureOpen: Find = {
  width: 120,
  height: 96,
  draw: (level) => {
    // The lid, open: its inside seen over the back of the box.
    let s = shape('M8 48L12 12C30 -2 90 -2 108 12L112 48Z');
    if (level >= 2) s += line('M16 46L19 16C36 5 84 5 101 16L104 46');
    if (level >= 4) s += circle(14, 30, 1.8) + circle(106, 30, 1.8) + circle(60, 3.5, 1.8);
    // The gold heaped inside, over the rim.
    s += shape('M12 50C12 34 24 28 34 33C40 22 54 20 62 28C70 20 86 22 90 33C100 29 108 38 108 50Z');
    if (level >= 2) {
      const coins: [number, number][] = [
        [34, 42],
        [62, 36],
        [86, 42],
        ...(level >= 4
          ? ([
              [48, 32],
              [76, 30],
              [22, 44],
              [100, 44],
            ] as [number, number][])
          : []),
      ];
      for (const [x, y] of coins) s += ellipse(x, y, 5, 3.6);
      if (level >= 4) s += shape(starPath(62, 27, 4));
    }
    // The box in front, its rim over the heap's foot.
    s += shape('M8 48L112 48L112 94L8 94Z');
    if (level >= 2)
      s += shape('M20 48L20 94') + shape('M100 48L100 94') + shape('M52 48L68 48L68 64L52 64Z') + circle(60, 55, 2.6, ' fill="#000"');
    if (level >= 3) {
      s += line('M8 74L52 74M68 74L112 74');
      // A pearl necklace spilling over the rim.
      s += line('M28 48C30 58 40 62 46 58');
      for (const [x, y] of [
        [30, 54],
        [35, 59],
        [41, 60],
      ] as [number, number][])
        s += circle(x, y, 2.4);
    }
    if (level >= 4) s += shape(starPath(86, 84, 5)) + line('M28 84L44 84');
    return s;
  },
};

/** A throne behind the seated child (Royal for a Day), in hundredths of the head's height, the chin at (100, 190): a tall
 * back rising high over the head and out beside it (hidden behind the child below), the seat's base with its arms down to
 * the ground; a jewel on the back and the cushion's edge from level 2, jewels on the base from level 3, the back's
 * border at level 4. */
const throne: Find = {
  width: 200,
  height: 330,
  draw: (level) => {
    let s = shape('M34 250L34 60C34 30 70 14 100 5C130 14 166 30 166 60L166 250Z');
    if (level >= 4) s += line('M44 92L44 64C44 40 74 26 100 18C126 26 156 40 156 64L156 92');
    if (level >= 2) s += circle(100, 42, 10);
    s += shape('M14 330L14 244C14 234 20 230 30 230L40 230L40 250L160 250L160 230L170 230C180 230 186 234 186 244L186 330Z');
    if (level >= 2) s += line('M14 262L186 262');
    if (level >= 3) for (const x of [28, 172]) s += shape(`M${x} 282L${x + 8} 294L${x} 306L${x - 8} 294Z`);
    if (level >= 4) s += line('M14 320L186 320');
    return s;
  },
};

/** The winner's block of the podium under the champion (Champion!), in hundredths of the head's height: a big 1 on
 * its front, a star each side of it from level 2, a band along its top from level 3, a shadow line at its foot at
 * level 4. */
const podium: Find = {
  width: 120,
  height: 46,
  draw: (level) => {
    let s = shape('M2 1L118 1L118 46L2 46Z');
    s += level === 1 ? shape('M44 18L62 6L72 6L72 42L56 42L56 22L44 25Z') : shape('M50 16L64 8L70 8L70 40L58 40L58 20L50 22Z');
    if (level >= 2) s += `<path d="${starPath(28, 28, 10)}"/>` + `<path d="${starPath(92, 28, 10)}"/>`;
    if (level >= 3) s += line('M2 6L118 6');
    if (level >= 4) s += line('M2 43L118 43');
    return s;
  },
};

/** The big stage under a dancing star (Dance Star), wide across the page: its floor and its front with two footlights
 * at its edge, more footlights from level 2, the front's boards from level 3, the floor's boards at level 4. */
const stage: Find = {
  width: 300,
  height: 50,
  draw: (level) => {
    let s = shape('M10 2L290 2L298 16L2 16Z') + shape('M2 16L298 16L298 50L2 50Z');
    if (level === 1) for (const x of [60, 240]) s += shape(`M${x - 22} 16C${x - 22} -2 ${x + 22} -2 ${x + 22} 16Z`);
    else for (const x of [30, 90, 210, 270]) s += shape(`M${x - 14} 16C${x - 14} 4 ${x + 14} 4 ${x + 14} 16Z`);
    if (level >= 3) s += line('M75 16L75 50M150 16L150 50M225 16L225 50');
    if (level >= 4) s += line('M6 9L294 9');
    return s;
  },
};

/** The ballroom's tiled floor under the dancer (Castle Ball), in perspective: rows of tiles widening towards the front,
 * more and smaller from level to level (two rows of four big ones at level 1). */
const ballroomFloor: Find = {
  width: 280,
  height: 50,
  draw: (level) => {
    const rows = [0, 2, 3, 3, 4][level]!;
    const cols = [0, 4, 6, 8, 10][level]!;
    /** Across the floor (t from 0 to 1) at depth y: it widens from 200 at the back to 280 at the front. */
    const at = (t: number, y: number): string => `${n(140 + (t - 0.5) * (200 + (80 * y) / 50))} ${n(y)}`;
    let d = '';
    for (let r = 1; r < rows; r++) d += `M${at(0, (50 * r) / rows)}L${at(1, (50 * r) / rows)}`;
    for (let k = 1; k < cols; k++) d += `M${at(k / cols, 0)}L${at(k / cols, 50)}`;
    return shape(`M${at(0, 0)}L${at(1, 0)}L${at(1, 50)}L${at(0, 50)}Z`) + line(d);
  },
};

/** A teardrop pointing up (a candle's flame, a crystal turned over), `r` wide at its round end, centred at (x, y). */
const teardrop = (x: number, y: number, r: number, up = true): string => {
  const k = up ? 1 : -1;
  return (
    `M${n(x)} ${n(y - k * 2.2 * r)}C${n(x + 0.3 * r)} ${n(y - k * r)} ${n(x + r)} ${n(y - k * 0.2 * r)} ${n(x + r)} ${n(y + k * 0.3 * r)}` +
    `C${n(x + r)} ${n(y + k * 1.4 * r)} ${n(x - r)} ${n(y + k * 1.4 * r)} ${n(x - r)} ${n(y + k * 0.3 * r)}C${n(x - r)} ${n(y - k * 0.2 * r)} ${n(x - 0.3 * r)} ${n(y - k * r)} ${n(x)} ${n(y - k * 2.2 * r)}Z`
  );
};

/**
 * The ballroom's chandelier (Castle Ball), hanging on its chain from the top of the scene: one curved frame with three
 * candle cups on it, a candle in each with its flame (solid until level 3; at level 1 each cup and its candle one
 * outline); the candles apart from their cups and the frame's round hub from level 2; the flames to colour, a band round
 * each cup and a finial under the hub from level 3; crystals hanging along the frame at level 4.
 */
const chandelier: Find = {
  width: 120,
  height: 96,
  draw: (level) => {
    // The chain, the frame (a band curving down from the outer cups to the middle), the hub at its foot.
    let s = line('M60 0L60 40');
    if (level >= 3) s += shape('M53 82L67 82L60 96Z');
    s += shape('M4 46C22 48 40 74 60 74C80 74 98 48 116 46L116 56C98 58 80 86 60 86C40 86 22 58 4 56Z');
    if (level >= 2) s += circle(60, 78, 9);
    // Crystals hanging from the frame's lower edge at level 4.
    if (level >= 4)
      for (const [x, y] of [
        [24, 63],
        [40, 77],
        [80, 77],
        [96, 63],
      ] as const)
        s += shape(teardrop(x, y + 6, 3, false));
    // The candle cups on the frame's ends and in its middle, a candle in each, its flame.
    for (const [x, y] of [
      [12, 46],
      [60, 62],
      [108, 46],
    ] as const) {
      const cup = `C${x + 13} ${y - 2} ${x + 7} ${y + 3} ${x} ${y + 3}C${x - 7} ${y + 3} ${x - 13} ${y - 2} ${x - 15} ${y - 13}Z`;
      if (level === 1)
        s += shape(
          `M${x - 15} ${y - 13}L${x - 6} ${y - 13}L${x - 6} ${y - 34}L${x + 6} ${y - 34}L${x + 6} ${y - 13}L${x + 15} ${y - 13}${cup}`,
        );
      else {
        s += shape(`M${x - 6} ${y - 10}L${x - 6} ${y - 34}L${x + 6} ${y - 34}L${x + 6} ${y - 10}Z`);
        s += shape(`M${x - 15} ${y - 13}L${x + 15} ${y - 13}${cup}`);
        if (level >= 3) s += line(`M${x - 13.5} ${y - 8}L${x + 13.5} ${y - 8}`);
      }
      // The flame: solid until level 3 (smaller than the level's smallest region before).
      const flame = teardrop(x, y - 41, 4);
      s += level <= 2 ? `<path d="${flame}" fill="#000"/>` : shape(flame);
    }
    return s;
  },
};

/**
 * The child's dance partner at the ball (Castle Ball): the bunny standing up on its hind legs, facing right, one paw
 * held out towards the child and one raised. At level 1 its body, arms and legs one outline, the long ears, the eye and
 * the nose solid; the arms and the feet apart and the ears to colour from level 2; a bow tie, a pale belly and the ears'
 * insides from level 3; buttons and the feet's pads at level 4.
 */
const dancePartner: Find = {
  width: 80,
  height: 140,
  draw: (level) => {
    const ears = 'M26 34C18 16 18 2 25 1C32 0 36 16 34 32ZM40 32C40 14 46 2 54 3C60 6 54 22 46 36Z';
    let s = level === 1 ? `<path d="${ears}" fill="#000"/>` : shape(ears);
    if (level >= 3) s += shape('M27 28C23 16 23 8 26 7C29 7 31 16 31 27Z') + shape('M43 28C44 17 47 9 51 9C53 12 49 21 45 30Z');
    if (level === 1)
      // Body, arms (one held out to the child, one raised) and legs with their big feet in one outline, no gap between
      // the feet (the floor's lines would close it).
      s += shape(
        'M24 64C18 70 12 62 8 52C6 46 12 42 16 46C20 52 22 58 28 60L40 60C48 60 58 62 70 58C76 56 80 62 76 66C66 72 52 72 48 74C54 86 54 102 48 112L50 124C62 124 68 128 66 134C64 138 46 138 36 137C26 138 8 138 6 134C4 128 12 124 22 124L22 112C14 102 14 84 24 64Z',
      );
    else {
      // The raised arm and the arm held out, behind the body; the legs and feet side by side.
      s += shape('M26 62C20 64 16 58 12 52C8 46 14 40 18 46C22 52 26 54 30 56Z') + circle(13, 46, 6);
      s += shape('M44 62C54 62 62 62 70 58C76 56 80 62 76 66C68 70 56 72 46 72Z') + circle(74, 62, 6);
      s +=
        shape('M22 110L22 124C12 124 4 128 6 134C8 138 26 138 36 137L36 110Z') +
        shape('M36 110L36 137C46 138 64 138 66 134C68 128 62 124 50 124L50 110Z');
      if (level >= 4) s += ellipse(18, 131, 6, 3) + ellipse(54, 131, 6, 3);
      s += shape('M36 58C20 58 14 80 16 96C18 110 26 116 36 116C46 116 54 110 56 96C58 80 52 58 36 58Z');
      if (level >= 3) s += ellipse(36, 94, 12, 16);
      if (level >= 4) s += circle(36, 84, 2.2) + circle(36, 96, 2.2) + circle(36, 108, 2.2);
      // A bow tie at the neck from level 3, its knot over where the wings meet.
      if (level >= 3) s += shape('M36 62L23 54L23 70ZM36 62L49 54L49 70Z') + circle(36, 62, 3.5);
    }
    // The head, the eye and the nose (facing right), a smile.
    s += circle(40, 42, 17);
    s += circle(46, 38, level === 1 ? 3.2 : 2.6, ' fill="#000"') + `<path d="M53 45L58 45L55.5 49Z" fill="#000"/>`;
    return s + line('M55.5 49L55.5 51M50 53Q53 55 55.5 51');
  },
};

/** The finish line (Fastest Runner), in hundredths of the head's height, in two drawings over the same box: a post each
 * side of the runner with a pennant on top (drawn in front, over the runner's speed lines), stripes on the posts from
 * level 2, a stripe along each pennant from level 3; and the tape between them at the runner's middle, pushed forward
 * in the middle (drawn behind the child). */
const finishPosts: Find = {
  width: 200,
  height: 150,
  draw: (level) => {
    let s = shape('M10 34L10 0L52 17Z') + shape('M190 34L190 0L148 17Z');
    if (level >= 3) s += line('M10 17L52 17M190 17L148 17');
    s += shape('M3 150L3 22C3 17 17 17 17 22L17 150Z') + shape('M183 150L183 22C183 17 197 17 197 22L197 150Z');
    if (level >= 2) s += line('M3 70L17 70M3 100L17 100M3 130L17 130M183 70L197 70M183 100L197 100M183 130L197 130');
    return s;
  },
};
const finishTape: Find = { width: 200, height: 150, draw: () => shape('M17 46Q100 66 183 46L183 60Q100 80 17 60Z') };

export const FINDS = {
  'fossil-dig': fossilDig,
  'egg-nest': eggNest,
  'veg-patch': vegPatch,
  sandcastle,
  'lunch-basket': lunchBasket,
  'tea-set': teaSet,
  cake,
  'moon-cheese': moonCheese,
  'coral-reef': coralReef,
  'treasure-open': treasureOpen,
  throne,
  podium,
  stage,
  'ballroom-floor': ballroomFloor,
  chandelier,
  'dance-partner': dancePartner,
  'finish-posts': finishPosts,
  'finish-tape': finishTape,
} as const;
export type FindName = keyof typeof FINDS;

/** Draws a find fitted into a box, standing on its bottom, lines `strokeMm` wide on the page. */
export function placeFind(name: FindName, box: Box, strokeMm: number, level: Level, flip = false): { svg: string; box: Box } {
  const d = FINDS[name];
  const f = fittedBox(d as never, box, 'bottom');
  const sx = flip ? -f.scale : f.scale;
  const tx = flip ? f.x + f.w : f.x;
  return {
    svg: `<g transform="matrix(${sx.toFixed(4)} 0 0 ${f.scale.toFixed(4)} ${n(tx)} ${n(f.y)})" fill="#fff" stroke="#000" stroke-width="${(strokeMm / f.scale).toFixed(3)}" stroke-linejoin="round" stroke-linecap="round">${d.draw(level)}</g>`,
    box: { x: f.x, y: f.y, w: f.w, h: f.h },
  };
}
