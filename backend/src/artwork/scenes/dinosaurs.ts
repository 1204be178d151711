// The dinosaurs' valley: its friendly dinosaurs and the landmarks it shows behind them. Each is drawn in its own local
// frame (width x height units, standing on the bottom, looking right) like the library's drawings, as white shapes with
// black outlines; `placeArt` scales it and sets the line width. Level 1 keeps a few big shapes (nothing under a
// thumbprint at the size a page draws them); each level up adds spots, scales, plates and toes as closed regions.
// Which dinosaur a page shows follows what the child does there (`dinosaurFor`, docs/decisions/034).
import type { Drawing } from './drawings.js';
import type { Pose } from './figure.js';
import { circle, ellipse, line, n, shape, type Level } from './svg.js';

type P = readonly [number, number];

/** A smooth closed outline through the points (Catmull-Rom splines as cubic Béziers). */
function blobPath(pts: readonly P[]): string {
  const k = pts.length;
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < k; i++) {
    const p0 = pts[(i - 1 + k) % k]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % k]!;
    const p3 = pts[(i + 2) % k]!;
    d += `C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d + 'Z';
}
const blob = (pts: readonly P[]): string => shape(blobPath(pts));
const poly = (pts: readonly P[]): string => shape(`M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`);
const spots = (list: readonly (readonly [number, number, number])[]): string => list.map(([x, y, r]) => circle(x, y, r)).join('');

/** A little spike on a back that faces up and left, `r` big, its base under the outline drawn after it. */
const spike = ([x, y]: P, r: number): string =>
  poly([
    [x + r * 0.7, y + r * 0.5],
    [x - r * 0.9, y - r * 0.6],
    [x - r * 0.2, y + r * 1.1],
  ]);

/** An eye looking right: a black dot at level 1, a white eye with a pupil (and a shine left white) above. */
function eye(x: number, y: number, r: number, level: Level): string {
  if (level === 1) return circle(x, y, r * 0.75, ' fill="#000"');
  return circle(x, y, r) + circle(x + r * 0.3, y, r * 0.55, ' fill="#000"');
}

/** A sturdy leg from its rounded top about (x, y) down to the ground at `ground`, `w` wide and a little wider at the
 * foot, with toenails from level 3. */
function leg(x: number, y: number, ground: number, w: number, level: Level, lean = 0): string {
  const h = w / 2;
  const mid = (y + ground) / 2;
  let s = shape(
    `M${n(x - h)} ${n(y)}C${n(x - h)} ${n(mid)} ${n(x - h + lean - 3)} ${n(ground - 10)} ${n(x - h + lean - 3)} ${n(ground - 4)}` +
      `Q${n(x - h + lean - 3)} ${n(ground)} ${n(x - h + lean + 3)} ${n(ground)}L${n(x + h + lean - 1)} ${n(ground)}` +
      `Q${n(x + h + lean + 5)} ${n(ground)} ${n(x + h + lean + 5)} ${n(ground - 4)}C${n(x + h + lean + 5)} ${n(ground - 10)} ${n(x + h)} ${n(mid)} ${n(x + h)} ${n(y)}` +
      `Q${n(x)} ${n(y - w * 0.45)} ${n(x - h)} ${n(y)}Z`,
  );
  if (level >= 3) {
    const r = w * 0.14;
    for (const t of [0.3, 0.62, 0.94]) {
      const cx = x - h + lean + w * t;
      s += shape(
        `M${n(cx - r)} ${n(ground)}C${n(cx - r)} ${n(ground - r * 1.5)} ${n(cx + r)} ${n(ground - r * 1.5)} ${n(cx + r)} ${n(ground)}Z`,
      );
    }
  }
  return s;
}

/** The long-neck (the ride): a big body with a back to sit astride, its neck rising ahead to a small smiling head,
 * its tail sweeping behind. Its back at the middle is `LONG_NECK_BACK` of its height from the top. */
const longNeck: Drawing = {
  width: 200,
  height: 160,
  draw: (level) => {
    let s = level === 1 ? '' : leg(60, 112, 156, 24, level, -2) + leg(134, 112, 156, 24, level, 2);
    // Level 4: a ridge of little spikes up the neck and along the tail.
    if (level >= 4)
      for (const p of [
        [148, 64],
        [153, 52],
        [157, 40],
        [162, 28],
        [52, 100],
        [40, 110],
        [28, 121],
      ] as P[])
        s += spike(p, 5);
    s += blob([
      [3, level === 1 ? 138 : 144],
      [30, 122],
      [56, 96],
      [84, 76],
      [110, 72],
      [136, 78],
      [150, 62],
      [158, 38],
      [168, 16],
      [184, 6],
      [198, 14],
      [194, 26],
      [178, 28],
      [172, 46],
      [168, 70],
      [164, 100],
      [150, 122],
      [110, 132],
      [70, 130],
      [40, 132],
    ]);
    if (level >= 2)
      s += blob([
        [80, 120],
        [110, 112],
        [146, 112],
        [150, 121],
        [110, 128],
        [82, 126],
      ]);
    const lw = level === 1 ? 30 : 26;
    s += leg(76, 116, 158, lw, level, -3) + leg(150, 114, 158, lw, level, 3);
    s += eye(182, 15, level === 1 ? 5 : 4, level) + (level >= 2 ? line('M186 22Q191 24 195 20') : '');
    if (level >= 2)
      s += spots([
        [44, 112, 6],
        [160, 66, 5],
        [165, 44, 4.5],
        [58, 100, 5],
      ]);
    if (level >= 3)
      s += spots([
        [24, 130, 4],
        [36, 122, 3.5],
        [160, 86, 5],
        [176, 22, 2.5],
        [154, 96, 3.5],
      ]);
    if (level >= 4)
      s += spots([
        [70, 90, 3.5],
        [48, 124, 3],
        [14, 139, 2.5],
        [166, 30, 3],
        [158, 78, 3],
        [146, 90, 3],
        [64, 110, 3],
      ]);
    return s;
  },
};
/** Where the long-neck's back is at its middle, as a fraction of its height from the top (the rider's saddle). */
export const LONG_NECK_BACK = 0.5;

/** A cheerful small T-rex standing up: a big head with a grin, a waving little arm, a strong leg, its tail on the
 * ground behind; a belly from level 2, bumps along its back from level 2, spots from level 3. */
const tRex: Drawing = {
  width: 170,
  height: 180,
  draw: (level) => {
    let s = '';
    // Bumps along the back and the tail, under the body's outline.
    if (level >= 2) {
      const bumps: P[] =
        level === 2
          ? [
              [60, 96],
              [46, 122],
              [30, 146],
            ]
          : [[68, 80], [60, 96], [52, 110], [44, 124], [35, 138], [25, 152], ...(level >= 4 ? ([[15, 162]] as P[]) : [])];
      for (const p of bumps) s += spike(p, level === 2 ? 9 : 6);
    }
    // The far leg's foot, behind (from level 2: at level 1 only a sliver of it would show).
    if (level >= 2)
      s += blob([
        [104, 150],
        [128, 160],
        [146, 170],
        [148, 179],
        [108, 179],
        [98, 166],
      ]);
    s += blob([
      [2, 176],
      [26, 152],
      [48, 124],
      [62, 96],
      [80, 66],
      [104, 60],
      [124, 74],
      [132, 104],
      [126, 136],
      [108, 160],
      [76, 170],
      [44, 172],
      [20, 178],
    ]);
    if (level >= 2)
      s += blob([
        [114, 86],
        [126, 100],
        [124, 132],
        [108, 154],
        [100, 140],
        [106, 108],
      ]);
    // Level 4: plates across the belly.
    if (level >= 4) s += ellipse(116, 112, 6.5, 4.5) + ellipse(116, 124, 6.5, 4.5) + ellipse(112, 136, 6, 4);
    // The near leg: a big thigh and a foot.
    s += blob([
      [56, 134],
      [70, 112],
      [96, 110],
      [108, 132],
      [96, 154],
      [70, 156],
    ]);
    s += blob([
      [70, 150],
      [92, 148],
      [100, 164],
      [122, 168],
      [126, 179],
      [66, 179],
    ]);
    if (level >= 3) for (const x of [106, 116]) s += shape(`M${x} 179C${x} 172 ${x + 7} 172 ${x + 7} 179Z`);
    // The head: a big round head, a grin (a mouth to colour from level 2), an eye and a nostril.
    s += blob([
      [82, 40],
      [94, 12],
      [130, 4],
      [160, 12],
      [168, 32],
      [164, 58],
      [140, 68],
      [108, 70],
      [88, 60],
    ]);
    if (level === 1) s += line('M122 46Q142 60 162 44');
    else {
      s += shape('M120 44Q142 46 163 40Q156 62 136 60Q124 58 120 44Z');
      if (level >= 4)
        for (const x of [130, 142, 154])
          s += poly([
            [x - 4, 44.3 + (x - 120) * 0.02],
            [x + 4, 44.1 + (x - 120) * 0.02],
            [x, 51],
          ]);
    }
    s += eye(118, 28, level === 1 ? 8 : 7, level);
    s += circle(156, 22, level === 1 ? 3 : 2.2, ' fill="#000"');
    // The little arm, waving (chunky at level 1).
    s +=
      level === 1
        ? blob([
            [116, 90],
            [136, 78],
            [154, 70],
            [160, 84],
            [140, 100],
            [120, 104],
          ])
        : blob([
            [118, 92],
            [134, 84],
            [146, 74],
            [154, 80],
            [140, 96],
            [122, 102],
          ]);
    if (level >= 3)
      s += spots([
        [76, 92, 5],
        [66, 118, 4.5],
        [44, 150, 4],
        [92, 84, 3.5],
        [140, 20, 3],
      ]);
    if (level >= 4)
      s += spots([
        [80, 128, 4],
        [26, 166, 3],
        [58, 156, 3.5],
        [86, 140, 3],
        [100, 20, 2.5],
        [148, 30, 2.5],
      ]);
    return s;
  },
};

/** A little triceratops sitting up on its tail like a dog begging (the picnic's hungry friend): a frill, horns and a beak
 * up high, its front feet held up; the nose horn, the frill's rim and a belly from level 2, spots from level 3, toes and
 * more spots at level 4. */
const triceratops: Drawing = {
  width: 160,
  height: 160,
  draw: (level) => {
    // The tail on the ground behind, the body sitting up; at level 1 the tail, the foot and the paws a little fuller (on
    // the smallest picnic page each closed a region under a thumbprint).
    const thick = level === 1 ? 8 : 0;
    let s = blob([
      [70, 148],
      [40, 154],
      [6, 158],
      [22, 138 - thick],
      [56, 120 - thick],
    ]);
    s += blob([
      [52, 150],
      [42, 112],
      [50, 74],
      [76, 56],
      [104, 62],
      [118, 92],
      [116, 128],
      [100, 152],
    ]);
    if (level >= 2)
      s += blob([
        [100, 74],
        [112, 96],
        [110, 130],
        [98, 146],
        [94, 112],
      ]);
    // The near hind leg: a big thigh and its foot in front.
    s += blob([
      [58, 136],
      [68, 112],
      [96, 110],
      [110, 132],
      [100, 152],
      [70, 154],
    ]);
    s += blob([
      [86, 148 - thick / 2],
      [112, 146 - thick],
      [136, 150 - thick / 2],
      [138, 159],
      [84, 159],
    ]);
    if (level >= 3) for (const x of [118, 128]) s += shape(`M${x} 159C${x} 153 ${x + 7} 153 ${x + 7} 159Z`);
    // The front feet held up at the chest (chunky for the youngest).
    const paw = level === 1 ? 1.8 : 1;
    s += blob([
      [100, 92],
      [118, 84 - 4 * paw],
      [132, 80 - 6 * paw],
      [136 + 2 * paw, 90],
      [120, 100 + 2 * paw + thick / 2],
      [102, 104 + thick / 2],
    ]);
    // The frill: a fan behind the head, knobs along its edge from level 2; then the brow horn, the head, the nose horn.
    const frill: P[] = [
      [118, 80],
      [90, 78],
      [70, 58],
      [66, 32],
      [80, 12],
      [104, 4],
      [126, 10],
      [138, 30],
    ];
    if (level >= 2) for (const [x, y] of frill.slice(1, 7)) s += circle(x + (x - 108) * 0.1, y + (y - 44) * 0.1, level === 2 ? 5.5 : 4.5);
    s += blob(frill);
    if (level >= 2)
      s += blob([
        [108, 70],
        [88, 66],
        [76, 48],
        [78, 28],
        [92, 16],
        [110, 14],
        [124, 24],
      ]);
    if (level >= 3)
      s += spots([
        [90, 32, 3.5],
        [104, 24, 3.5],
        [92, 52, 3.5],
      ]);
    // At level 1 the brow horn is solid: its outline closed a region under a thumbprint on the smallest picnic page.
    if (level === 1) s += shape(`M112 48L158 0L150 50Z`, ' fill="#000"');
    else
      s += poly([
        [122, 42],
        [150, 8],
        [140, 44],
      ]);
    s += blob([
      [100, 62],
      [110, 42],
      [134, 36],
      [152, 46],
      [159, 60],
      [152, 74],
      [128, 80],
      [106, 76],
    ]);
    if (level >= 2)
      s += poly([
        [150, 48],
        [158, 30],
        [157, 54],
      ]);
    s += eye(130, 56, 5.5, level) + (level >= 2 ? line('M140 72Q148 74 154 68') : '');
    if (level >= 3)
      s += spots([
        [62, 96, 5],
        [74, 78, 4.5],
        [56, 124, 4],
        [86, 124, 4],
      ]);
    if (level >= 4)
      s += spots([
        [64, 140, 3],
        [30, 148, 2.5],
        [82, 94, 3],
        [48, 104, 3],
        [76, 140, 3],
      ]);
    return s;
  },
};

/** The stegosaurus (Volcano Valley): plates standing along its arched back, spikes at the end of its tail, a small head
 * low in front; more plates from level 2, a plate within each plate and spots at level 4. */
const stegosaurus: Drawing = {
  width: 170,
  height: 130,
  draw: (level) => {
    const backY = (x: number): number => 36 + 0.0075 * (x - 72) ** 2;
    let s = '';
    // The tail's spikes, pointing up and back (from level 2).
    const spikes = level >= 3 ? [8, 17, 26] : level === 2 ? [10, 24] : [];
    for (const x of spikes)
      s += poly([
        [x - 6, 70],
        [x - 9, 42 + x * 0.2],
        [x + 6, 64],
      ]);
    // The plates: three big ones for the youngest, seven above.
    const plates = level === 1 ? [42, 74, 106] : [26, 42, 58, 74, 90, 106, 120];
    const pw = level === 1 ? 38 : 20;
    const plate = (x: number, w: number, h: number, by: number): string =>
      shape(
        `M${n(x - w / 2)} ${n(by)}C${n(x - w / 2 - 2)} ${n(by - h * 0.55)} ${n(x - 3)} ${n(by - h * 0.9)} ${n(x)} ${n(by - h)}C${n(x + 3)} ${n(by - h * 0.9)} ${n(x + w / 2 + 2)} ${n(by - h * 0.55)} ${n(x + w / 2)} ${n(by)}Z`,
      );
    for (const x of plates) {
      const h = (level === 1 ? 50 : 30) * (1 - Math.abs(x - 72) / 200);
      const by = backY(x) + 8;
      s += plate(x, pw, h + 8, by);
      if (level >= 4) s += plate(x, pw * 0.5, (h + 8) * 0.55, by - 10);
    }
    if (level >= 2) s += leg(30, 88, 126, 24, level, -2) + leg(110, 88, 126, 22, level, 2);
    s += blob([
      [4, 66],
      [26, 60],
      [44, 44],
      [72, 36],
      [104, 44],
      [128, 64],
      [142, 76],
      [158, 76],
      [168, 86],
      [162, 96],
      [144, 98],
      [122, 104],
      [80, 110],
      [44, 104],
      [22, 84],
      [8, 76],
    ]);
    s += leg(42, 92, 128, level === 1 ? 32 : 26, level, -3) + leg(122, 94, 128, level === 1 ? 30 : 24, level, 3);
    s += eye(156, 84, 3.5, level) + (level >= 2 ? line('M160 92Q164 93 166 90') : '');
    if (level >= 2) s += line('M36 100C60 108 96 106 124 98');
    if (level >= 3)
      s += spots([
        [58, 58, 5],
        [80, 54, 5],
        [102, 62, 4.5],
        [70, 82, 4],
        [20, 70, 3],
      ]);
    if (level >= 4)
      s += spots([
        [48, 76, 3.5],
        [94, 80, 3.5],
        [116, 78, 3],
        [36, 64, 3],
        [134, 82, 2.5],
      ]);
    return s;
  },
};

/** A baby dinosaur hatching from its egg (the egg hunt): its head out through the broken shell, a piece of the shell
 * on its head like a hat, its hands on the rim from level 2; spots on the egg from level 2 and on the baby from 3. */
const hatchling: Drawing = {
  width: 120,
  height: 150,
  draw: (level) => {
    let s = blob([
      [40, 120],
      [36, 84],
      [30, 58],
      [34, 32],
      [56, 18],
      [86, 20],
      [106, 36],
      [108, 54],
      [96, 64],
      [74, 66],
      [64, 74],
      [66, 120],
    ]);
    if (level >= 3)
      s += spots([
        [48, 82, 4],
        [44, 62, 3.5],
        [60, 44, 3.5],
      ]);
    s += eye(84, 38, level === 1 ? 9 : 8, level) + line('M90 56Q98 58 104 52') + circle(104, 42, 1.8, ' fill="#000"');
    // The shell's top on the head, tilted, its broken edge zigzag.
    s += shape('M38 30L46 36L54 28L62 35L70 27L78 32L86 24C84 8 68 0 54 4C40 8 34 18 38 30Z');
    // The egg's bottom half, its broken edge zigzag.
    s += shape('M12 94L24 84L36 96L48 84L60 96L72 84L84 96L96 84L108 94C114 124 98 149 60 149C22 149 6 124 12 94Z');
    if (level >= 2)
      s += spots(
        level === 2
          ? [
              [40, 122, 8],
              [80, 126, 8],
            ]
          : [
              [30, 112, 6],
              [58, 118, 6.5],
              [86, 110, 6],
              [44, 136, 5],
              [78, 138, 5],
              ...(level >= 4
                ? ([
                    [100, 124, 3.5],
                    [18, 124, 3.5],
                    [64, 104, 3.5],
                  ] as const)
                : []),
            ],
      );
    if (level >= 2) for (const x of [30, 88]) s += ellipse(x, 92, 9, 7);
    return s;
  },
};

/** A pterodactyl flying overhead (Fossil Dig): wings spread, a crest and a long beak; the wings' fingers from level 2,
 * their panels from level 3, spots on the body at level 4. */
const pterodactyl: Drawing = {
  width: 200,
  height: 126,
  draw: (level) => {
    // Level 1 flies small (as wide as the sky beside the child's head, 40-60 mm): two broad wings and one shape for the
    // head, the crest and the body.
    if (level === 1) {
      const broad = (dir: 1 | -1): string => {
        const x = (v: number): string => n(100 + dir * v);
        return shape(
          `M${x(10)} 54C${x(40)} 24 ${x(70)} 8 ${x(98)} 6C${x(100)} 30 ${x(92)} 54 ${x(70)} 60Q${x(60)} 80 ${x(38)} 80Q${x(24)} 90 ${x(8)} 88Z`,
        );
      };
      return (
        broad(-1) +
        broad(1) +
        shape(
          'M58 6C76 0 96 2 104 8C116 4 128 10 132 18L172 28L130 38C122 46 118 52 120 62C122 84 114 100 100 102C86 100 78 84 80 62C80 50 78 40 74 32C70 22 64 12 58 6Z',
        ) +
        eye(112, 20, 5, level)
      );
    }
    // Each wing: from the shoulder out to the tip, back along a scalloped trailing edge to the hip.
    const wing = (dir: 1 | -1): string => {
      const x = (v: number): number => 100 + dir * v;
      const edge: P[] = [
        [x(12), 52],
        [x(50), 26],
        [x(96), 22],
        [x(74), 44],
        [x(52), 52],
        [x(30), 62],
        [x(10), 70],
      ];
      let w = shape(
        `M${n(edge[0]![0])} ${n(edge[0]![1])}C${n(x(30))} 36 ${n(x(40))} 28 ${n(edge[1]![0])} ${n(edge[1]![1])}Q${n(x(76))} 14 ${n(edge[2]![0])} ${n(edge[2]![1])}` +
          `Q${n(x(80))} 30 ${n(edge[3]![0])} ${n(edge[3]![1])}Q${n(x(64))} 42 ${n(edge[4]![0])} ${n(edge[4]![1])}Q${n(x(40))} 50 ${n(edge[5]![0])} ${n(edge[5]![1])}` +
          `Q${n(x(18))} 60 ${n(edge[6]![0])} ${n(edge[6]![1])}Z`,
      );
      if (level >= 2) w += line(`M${n(edge[1]![0])} ${n(edge[1]![1])}Q${n(x(64))} 36 ${n(edge[3]![0])} ${n(edge[3]![1])}`);
      if (level >= 3)
        w += line(
          `M${n(x(40))} 33Q${n(x(44))} 44 ${n(edge[4]![0])} ${n(edge[4]![1])}M${n(x(24))} 44Q${n(x(26))} 54 ${n(edge[5]![0])} ${n(edge[5]![1])}`,
        );
      return w;
    };
    // The wings and the body lower than the head (no sliver between the beak and a wing), the body reaching up to it.
    let s = `<g transform="translate(0 12)">${wing(-1) + wing(1)}`;
    // The feet tucked under.
    if (level >= 2) s += ellipse(92, 84, 6, 5) + ellipse(108, 84, 6, 5);
    s += blob([
      [100, 22],
      [114, 50],
      [112, 74],
      [100, 84],
      [88, 74],
      [86, 50],
    ]);
    s += '</g>';
    // The head on top, looking right: a crest back, a long beak ahead.
    s += shape('M90 26C84 16 68 10 62 8C76 6 92 6 100 12C110 8 120 12 124 18L156 26L122 31C114 38 96 38 90 26Z');
    s += eye(110, 22, 4, level);
    if (level >= 4)
      s += spots([
        [100, 54, 4],
        [94, 66, 3],
        [106, 68, 3],
      ]);
    return s;
  },
};

/** Two palm trees, a tall and a short one: trunks ringed from level 3, coconuts from level 2. */
const palms: Drawing = {
  width: 170,
  height: 160,
  draw: (level) => {
    const palm = (x: number, top: number, ground: number, lean: number, size: number): string => {
      // The trunk: straight edges, so the rings run exactly from edge to edge.
      const l0: P = [x - 8, ground];
      const l1: P = [x + lean - 5, top];
      const r0: P = [x + 8, ground];
      const r1: P = [x + lean + 5, top];
      let p = poly([l0, l1, r1, r0]);
      if (level >= 3) {
        const rings = level >= 4 ? 6 : 4;
        for (let i = 1; i <= rings; i++) {
          const t = i / (rings + 1);
          const a: P = [l0[0] + (l1[0] - l0[0]) * t, l0[1] + (l1[1] - l0[1]) * t];
          const b: P = [r0[0] + (r1[0] - r0[0]) * t, r0[1] + (r1[1] - r0[1]) * t];
          p += line(`M${n(a[0])} ${n(a[1])}Q${n((a[0] + b[0]) / 2)} ${n(a[1] + 3)} ${n(b[0])} ${n(b[1])}`);
        }
      }
      const cx = x + lean;
      if (level >= 2) p += circle(cx - 6, top + 8, 6 * size) + circle(cx + 7, top + 7, 6 * size);
      // Fronds: leaves from the top of the trunk, drooping at the ends (three broad ones at level 1), a ball of leaf
      // bases over where they meet.
      const fat = level === 1 ? 1.6 : 1;
      for (const a of level === 1 ? [-172, -138, -42, -8] : [-160, -120, -70, -20, 20]) {
        const rad = (a * Math.PI) / 180;
        const len = 46 * size;
        const tx = cx + Math.cos(rad) * len;
        const ty = top + Math.sin(rad) * len * 0.7 + (Math.abs(a) > 90 || a > 0 ? 14 * size : 0);
        const mx = (cx + tx) / 2;
        const my = (top + ty) / 2 - 14 * size;
        p += shape(
          `M${n(cx)} ${n(top)}Q${n(mx)} ${n(my - 8 * size * fat)} ${n(tx)} ${n(ty)}Q${n(mx)} ${n(my + 10 * size * fat)} ${n(cx)} ${n(top)}Z`,
        );
        if (level >= 4) p += line(`M${n(cx)} ${n(top)}Q${n(mx)} ${n(my + 1 * size)} ${n(tx)} ${n(ty)}`);
      }
      return p + circle(cx, top, 7 * size * fat);
    };
    // Level 1: the tall one alone, its fronds broader.
    return level === 1 ? palm(86, 50, 160, -4, 1.75) : palm(120, 40, 160, -10, 1) + palm(44, 80, 160, 8, 0.8);
  },
};

/** A waterfall down a cliff into a pool (at level 1 a wide curtain): the water's streaks from level 2, rocks and bubbles
 * from level 3. */
const waterfall: Drawing = {
  width: 160,
  height: 120,
  draw: (level) => {
    let s = shape('M0 120L4 50C6 34 18 28 30 30C36 16 52 12 62 16L96 16C108 8 126 14 132 26C146 24 156 36 156 50L160 120Z');
    // The water: at level 1 a wide curtain (a neck passing in front of a narrow one cut off a sliver of it).
    s += shape(
      level === 1
        ? 'M62 16L96 16C100 40 114 72 126 106L34 106C42 72 56 40 62 16Z'
        : 'M62 16L96 16C98 58 104 88 114 104L46 104C56 88 60 58 62 16Z',
    );
    if (level >= 2) {
      const streaks = level >= 4 ? [0.25, 0.5, 0.75] : [0.5];
      for (const t of streaks) {
        const xt = 62 + 34 * t;
        const xb = 46 + 68 * t;
        s += line(`M${n(xt)} 16C${n(xt + 1)} 60 ${n(xb - 2)} 88 ${n(xb)} 104`);
      }
    }
    if (level >= 3) s += ellipse(24, 70, 9, 6) + ellipse(136, 60, 8, 5) + ellipse(132, 96, 9, 6);
    if (level >= 4) s += ellipse(26, 100, 7, 5) + ellipse(140, 32, 6, 4) + ellipse(22, 44, 6, 4);
    s += ellipse(80, 108, 54, 11);
    if (level >= 3) s += ellipse(80, 109, 30, 5);
    if (level >= 3) s += circle(44, 98, 4) + circle(118, 98, 4);
    return s;
  },
};

/** A cave in a rocky hill: stones on the hill from level 2, icicle rocks in the mouth from level 3, more at level 4. */
const cave: Drawing = {
  width: 160,
  height: 110,
  draw: (level) => {
    let s = shape('M0 110C6 60 40 18 80 16C120 18 154 60 160 110Z');
    s += shape('M48 110C48 72 62 50 80 50C98 50 112 72 112 110Z');
    if (level >= 3)
      for (const t of level >= 4 ? [0.28, 0.4, 0.6, 0.72] : [0.4, 0.6]) {
        // Points on the mouth's arch: its two curves meet at the top (80, 50).
        const arch = (u: number): P => {
          const left = u < 0.5;
          const v = left ? u * 2 : (u - 0.5) * 2;
          const [a, b, c, d]: P[] = left
            ? [
                [48, 110],
                [48, 72],
                [62, 50],
                [80, 50],
              ]
            : [
                [80, 50],
                [98, 50],
                [112, 72],
                [112, 110],
              ];
          const m = 1 - v;
          return [
            m ** 3 * a[0] + 3 * m * m * v * b[0] + 3 * m * v * v * c[0] + v ** 3 * d[0],
            m ** 3 * a[1] + 3 * m * m * v * b[1] + 3 * m * v * v * c[1] + v ** 3 * d[1],
          ];
        };
        const p = arch(t - 0.05);
        const q = arch(t + 0.05);
        s += poly([p, q, [(p[0] + q[0]) / 2, Math.max(p[1], q[1]) + 12]]);
      }
    if (level >= 2) s += ellipse(32, 84, 10, 7) + ellipse(128, 80, 10, 7);
    if (level >= 3) s += ellipse(72, 32, 7, 5) + ellipse(104, 36, 6, 4);
    if (level >= 4) s += ellipse(22, 102, 6, 4) + ellipse(142, 100, 6, 4) + ellipse(50, 46, 5, 4) + ellipse(132, 58, 5, 3.5);
    return s;
  },
};

/** A pile of boulders: three big ones, a small one in front from level 2, moss and pebbles from level 3. */
const boulders: Drawing = {
  width: 160,
  height: 100,
  draw: (level) => {
    let s = blob([
      [40, 70],
      [46, 30],
      [80, 8],
      [118, 18],
      [132, 56],
      [120, 84],
      [70, 88],
    ]);
    s += blob([
      [2, 99],
      [6, 62],
      [30, 42],
      [60, 50],
      [74, 80],
      [66, 99],
    ]);
    s += blob([
      [92, 99],
      [96, 70],
      [124, 56],
      [152, 66],
      [158, 99],
    ]);
    if (level >= 2)
      s += blob([
        [60, 99],
        [66, 84],
        [84, 80],
        [96, 90],
        [94, 99],
      ]);
    if (level >= 3)
      s +=
        blob([
          [64, 22],
          [80, 12],
          [100, 16],
          [88, 26],
        ]) +
        ellipse(30, 70, 6, 4) +
        ellipse(130, 80, 6, 4) +
        ellipse(100, 50, 5, 3.5);
    if (level >= 4) s += ellipse(20, 86, 4, 3) + ellipse(112, 36, 4, 3) + ellipse(142, 88, 4, 3) + ellipse(52, 64, 4, 3);
    return s;
  },
};

/** The valley's dinosaurs and landmarks by name (registered with the library's drawings). */
export const DINOSAUR_DRAWINGS = {
  'long-neck': longNeck,
  't-rex': tRex,
  triceratops,
  stegosaurus,
  hatchling,
  pterodactyl,
  palms,
  waterfall,
  cave,
  boulders,
} as const;

export type DinosaurKind = 'long-neck' | 't-rex' | 'triceratops' | 'stegosaurus' | 'hatchling' | 'pterodactyl';

/** The dinosaur for what the child does (the scene's activity, and its pose), so each page of the bundle and a custom
 * scene show their own: the long-neck carries a rider, a baby hatches where the child finds an egg, a pterodactyl flies
 * over a dig, a stegosaurus is met exploring, a hungry triceratops shares a picnic; a cheerful T-rex otherwise. */
export function dinosaurFor(activity: string, pose: Pose): DinosaurKind {
  if (pose === 'egg-hunt') return 'hatchling';
  switch (activity) {
    case 'riding':
      return 'long-neck';
    case 'building':
      return 'pterodactyl';
    case 'exploring':
      return 'stegosaurus';
    case 'picnicking':
      return 'triceratops';
    default:
      return 't-rex';
  }
}

export type ValleyLandmark = 'volcano' | 'palms' | 'waterfall' | 'cave' | 'boulders';

/** The landmark behind a dinosaur, so that the valley's pages do not share one background: the T-rex at its cave, the
 * long-neck by a waterfall (low and wide: its neck and head stand in front of it), the triceratops's picnic under palms,
 * the dig among boulders; a volcano otherwise. */
const LANDMARK: Readonly<Partial<Record<DinosaurKind, ValleyLandmark>>> = {
  't-rex': 'cave',
  'long-neck': 'waterfall',
  triceratops: 'palms',
  pterodactyl: 'boulders',
};

/** The valley's landmark for the drawings a page shows (the volcano when no dinosaur there has one of its own). */
export function valleyLandmark(shown: readonly string[] = []): ValleyLandmark {
  for (const what of shown) {
    const landmark = LANDMARK[what as DinosaurKind];
    if (landmark) return landmark;
  }
  return 'volcano';
}
