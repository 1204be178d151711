// The friends drawn by hand where the converted clip art could not be saved (a lion's mane of tiny pieces, a monkey with
// a head only, a giraffe without patches, a dragon's and a cat's small spikes and whiskers at level 1). Each is drawn
// in its own local frame like the library's drawings (white shapes, black outlines, pure black dots) and registered in
// `DRAWINGS`. Level 1 keeps big closed shapes only: small parts (ears, horns, paws, tufts) are part of the outline of
// what they grow from or solid black, pairs of legs are one shape; each level up adds closed regions to colour (patches,
// mane locks, fur tufts, toes, scales), level 4 the most.
import type { Drawing } from './drawings.js';
import { circle, ellipse, line, n, shape, solid, type Level } from './svg.js';

type Pt = readonly [number, number];

/** A point on the Catmull-Rom curve through `pts`, t in [0, pts.length - 1]. */
function spline(pts: readonly Pt[], t: number): [number, number] {
  const i = Math.min(Math.floor(t), pts.length - 2);
  const u = t - i;
  const p0 = pts[Math.max(0, i - 1)]!;
  const p1 = pts[i]!;
  const p2 = pts[i + 1]!;
  const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
  const f = (a: number, b: number, c: number, d: number): number =>
    0.5 * (2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u * u + (-a + 3 * b - 3 * c + d) * u * u * u);
  return [f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])];
}

/**
 * A closed band along a smooth curve through `pts` (a limb, a neck, a tail), `w0` wide at its start and `w1` at its
 * end, with round ends.
 */
export function tube(pts: readonly Pt[], w0: number, w1 = w0): string {
  const steps = (pts.length - 1) * 8;
  const c: [number, number][] = [];
  for (let s = 0; s <= steps; s++) c.push(spline(pts, (s / steps) * (pts.length - 1)));
  const left: string[] = [];
  const right: string[] = [];
  for (let s = 0; s <= steps; s++) {
    const a = c[Math.max(0, s - 1)]!;
    const b = c[Math.min(steps, s + 1)]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    const h = (w0 + ((w1 - w0) * s) / steps) / 2;
    left.push(`${n(c[s]![0] + nx * h)} ${n(c[s]![1] + ny * h)}`);
    right.push(`${n(c[s]![0] - nx * h)} ${n(c[s]![1] - ny * h)}`);
  }
  // Round ends: a cubic from one side to the other bulging out along the curve's direction.
  const cap = (from: string, to: string, at: number, dir: 1 | -1, w: number): string => {
    const a = c[Math.max(0, at - 1)]!;
    const b = c[Math.min(steps, at + 1)]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const k = (dir * 0.66 * w) / len;
    const [fx, fy] = from.split(' ').map(Number) as [number, number];
    const [tx, ty] = to.split(' ').map(Number) as [number, number];
    return `C${n(fx + (b[0] - a[0]) * k)} ${n(fy + (b[1] - a[1]) * k)} ${n(tx + (b[0] - a[0]) * k)} ${n(ty + (b[1] - a[1]) * k)} ${to}`;
  };
  return (
    `M${left[0]}L${left.slice(1).join('L')}${cap(left[steps]!, right[steps]!, steps, 1, w1)}` +
    `L${right.slice(0, steps).reverse().join('L')}${cap(right[0]!, left[0]!, 0, -1, w0)}Z`
  );
}

/** A path of absolute commands grown `k` times about (cx, cy). */
function grow(d: string, cx: number, cy: number, k: number): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (v) => {
    const c = i++ % 2 === 0 ? cx : cy;
    return n(c + (Number(v) - c) * k);
  });
}

/** An open smooth line through `pts`. */
function curve(pts: readonly Pt[]): string {
  const steps = (pts.length - 1) * 6;
  let d = '';
  for (let s = 0; s <= steps; s++) {
    const [x, y] = spline(pts, (s / steps) * (pts.length - 1));
    d += `${s ? 'L' : 'M'}${n(x)} ${n(y)}`;
  }
  return d;
}

/** A smooth closed outline through `pts` (a rounded patch, a body). */
function loop(pts: readonly Pt[]): string {
  const k = pts.length;
  const wrapped = [pts[k - 1]!, ...pts, pts[0]!, pts[1]!];
  let d = '';
  for (let i = 1; i <= k; i++) {
    const p0 = wrapped[i - 1]!;
    const p1 = wrapped[i]!;
    const p2 = wrapped[i + 1]!;
    const p3 = wrapped[i + 2]!;
    if (i === 1) d += `M${n(p1[0])} ${n(p1[1])}`;
    d +=
      `C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ` +
      `${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d + 'Z';
}

/** A giraffe's patch: a rounded, slightly uneven hexagon (the same for the same arguments). */
function patch(cx: number, cy: number, rx: number, ry: number, turn = 0): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 6; i++) {
    const a = turn + (i * Math.PI) / 3;
    const k = 1 + 0.12 * Math.sin(i * 2.3 + cx * 0.7 + cy * 0.3);
    pts.push([cx + rx * k * Math.cos(a), cy + ry * k * Math.sin(a)]);
  }
  return loop(pts);
}

/**
 * A ring of `count` scallops around (cx, cy) from angle a0 to a1 (radians, clockwise on the page): the scallops bulge
 * out to `rOut`, their dips lie at `rIn`. Closed through the centre when the arc is not whole.
 */
function scallops(cx: number, cy: number, rIn: number, rOut: number, count: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a0 = (i * 2 * Math.PI) / count - Math.PI / 2;
    const a1 = ((i + 1) * 2 * Math.PI) / count - Math.PI / 2;
    const am = (a0 + a1) / 2;
    const p0: Pt = [cx + rIn * Math.cos(a0), cy + rIn * Math.sin(a0)];
    const p1: Pt = [cx + rIn * Math.cos(a1), cy + rIn * Math.sin(a1)];
    const c1: Pt = [cx + rOut * 1.08 * Math.cos(am - 0.28), cy + rOut * 1.08 * Math.sin(am - 0.28)];
    const c2: Pt = [cx + rOut * 1.08 * Math.cos(am + 0.28), cy + rOut * 1.08 * Math.sin(am + 0.28)];
    if (i === 0) d += `M${n(p0[0])} ${n(p0[1])}`;
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p1[0])} ${n(p1[1])}`;
  }
  return d + 'Z';
}

/** The points where a scallop ring dips (for the lines that part its locks). */
function dips(cx: number, cy: number, r: number, count: number): Pt[] {
  return Array.from({ length: count }, (_, i) => {
    const a = (i * 2 * Math.PI) / count - Math.PI / 2;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Pt;
  });
}

/** Little toes along the bottom of a paw from x0 to x1 at y: arcs closing small regions. */
function toes(x0: number, x1: number, y: number, count: number, h: number): string {
  const w = (x1 - x0) / count;
  let d = '';
  for (let i = 1; i < count; i++) d += `M${n(x0 + i * w)} ${n(y)}L${n(x0 + i * w)} ${n(y - h)}`;
  return line(d);
}

/** A pair of legs seen from the side as one shape (level 1), a notch between the paws; split by a line above. */
function legPair(x0: number, x1: number, top: number, bottom: number, level: Level, notch = bottom - (x1 - x0) / 4.4): string {
  const m = (x0 + x1) / 2;
  const r = (x1 - x0) / 4;
  const g = Math.max(0.5, (bottom - notch) / 12);
  let s = shape(
    `M${n(x0)} ${n(top)}L${n(x0)} ${n(bottom - r)}Q${n(x0)} ${n(bottom)} ${n(x0 + r)} ${n(bottom)}Q${n(m - g)} ${n(bottom)} ${n(m - g)} ${n(Math.min(bottom - r * 0.9, notch + g))}` +
      `Q${n(m)} ${n(notch)} ${n(m + g)} ${n(Math.min(bottom - r * 0.9, notch + g))}Q${n(m + g)} ${n(bottom)} ${n(x1 - r)} ${n(bottom)}Q${n(x1)} ${n(bottom)} ${n(x1)} ${n(bottom - r)}L${n(x1)} ${n(top)}Z`,
  );
  if (level >= 2) s += line(`M${n(m)} ${n(top)}L${n(m)} ${n(notch)}`);
  return s;
}

/** Lines drawn inside an outline (clipped to it), the outline stroked again over their cut ends. */
function inside(id: string, outline: string, d: string): string {
  return `<clipPath id="${id}"><path d="${outline}"/></clipPath><g clip-path="url(#${id})">${line(d)}</g>` + line(outline);
}

/** A lion standing, facing right: a big mane round its face, a tufted tail (locks, toes and tufts from level 2). */
const lion: Drawing = {
  width: 116,
  height: 100,
  draw: (level) => {
    const hx = 82;
    const hy = 38;
    // The tail curls up behind, its tuft solid at level 1, locks from level 3.
    let s = line(
      curve([
        [24, 56],
        [10, 60],
        [6, 46],
        [10, 30],
      ]),
    );
    if (level === 1)
      s += solid(
        loop([
          [10, 16],
          [17, 26],
          [11, 35],
          [3, 26],
        ]),
      );
    else {
      s += shape(
        loop([
          [10, 15],
          [18, 26],
          [11, 35],
          [2, 26],
        ]),
      );
      if (level >= 3) s += line('M10 34L8 24M11 34L14 24');
    }
    // Legs: a pair behind, a pair in front, one shape each at level 1.
    s += legPair(16, 48, 62, 98, level) + legPair(60, 92, 62, 98, level);
    if (level >= 3) for (const x of [16, 32, 60, 76]) s += toes(x, x + 16, 98, 3, 5);
    // The body.
    s += shape('M26 44C44 38 74 38 90 48L92 72C76 80 38 80 20 74C8 68 8 50 26 44Z');
    if (level >= 2) s += line('M34 74C44 70 60 70 70 74');
    if (level >= 4) {
      // Fur tufts on the shoulder and the haunch, closed.
      s += shape('M28 52C32 46 40 48 38 54C44 52 46 60 40 62C36 66 28 62 30 58C24 58 24 52 28 52Z');
      s += shape('M46 66L50 60L54 66L58 60L62 66L60 72L48 72Z');
    }
    // The mane: one big ring at level 1, locks parted by lines from level 2, a second ring of curls from level 3.
    const outer = level === 1 ? 10 : 12;
    s += shape(scallops(hx, hy, 30, 36, outer));
    if (level >= 3) s += shape(scallops(hx, hy, 23, 28, level >= 4 ? 14 : 10));
    if (level >= 2) {
      let d = '';
      const inner = level >= 3 ? 27 : 20;
      for (const [x, y] of dips(hx, hy, 30, outer)) {
        const a = Math.atan2(y - hy, x - hx);
        d += `M${n(x)} ${n(y)}L${n(hx + inner * Math.cos(a))} ${n(hy + inner * Math.sin(a))}`;
      }
      s += line(d);
    }
    // Ears (from level 2), the face, the muzzle.
    if (level >= 2) s += circle(hx - 13, hy - 15, 6.5) + circle(hx + 13, hy - 15, 6.5);
    if (level >= 4) s += circle(hx - 13, hy - 15, 3) + circle(hx + 13, hy - 15, 3);
    s += circle(hx, hy, 19);
    if (level >= 2) s += circle(hx - 5.5, hy + 8, 6.5) + circle(hx + 5.5, hy + 8, 6.5);
    if (level >= 3) s += shape(`M${hx - 5} ${hy - 12}C${hx - 2} ${hy - 16} ${hx + 2} ${hy - 16} ${hx + 5} ${hy - 12}L${hx} ${hy - 6}Z`);
    s += circle(hx - 7, hy - 3, level === 1 ? 2.8 : 2.4, ' fill="#000"') + circle(hx + 7, hy - 3, level === 1 ? 2.8 : 2.4, ' fill="#000"');
    if (level >= 3) s += line(`M${hx - 11} ${hy - 9}L${hx - 4} ${hy - 8}M${hx + 11} ${hy - 9}L${hx + 4} ${hy - 8}`);
    s += solid(`M${hx - 5} ${hy + 3}L${hx + 5} ${hy + 3}L${hx} ${hy + 8}Z`);
    s += line(
      `M${hx} ${hy + 8}L${hx} ${hy + 11}M${hx - 6} ${hy + 13}Q${hx - 3} ${hy + 15} ${hx} ${hy + 11}Q${hx + 3} ${hy + 15} ${hx + 6} ${hy + 13}`,
    );
    if (level >= 4)
      for (const [x, y] of [
        [-9, 9],
        [-7, 12],
        [9, 9],
        [7, 12],
      ] as const)
        s += circle(hx + x, hy + y, 0.9, ' fill="#000"');
    return s;
  },
};

/**
 * A monkey standing on its feet, seen from the front: a long arm raised high as if reaching for a vine, the other long
 * arm hanging to its knee (a banana in the hand from level 2), a curly tail, a face mask and big ears.
 */
const monkey: Drawing = {
  width: 110,
  height: 118,
  draw: (level) => {
    const arm = level === 1 ? 14 : 11;
    // The curly tail behind.
    let s = line(
      curve([
        [60, 100],
        [84, 106],
        [102, 98],
        [105, 86],
        [97, 81],
        [92, 87],
        [97, 92],
      ]),
    );
    // The raised arm (viewer's right), up past the head; the hanging arm (viewer's left) down to the knee.
    s += shape(
      tube(
        [
          [62, 72],
          [88, 70],
          [99, 48],
          [101, 18],
        ],
        arm,
        arm + 2,
      ),
    );
    if (level >= 3) s += line('M97 13L97 18M104 13L104 18');
    if (level >= 4) s += ellipse(100.5, 25, 3, 3.5);
    s += shape(
      tube(
        [
          [38, 66],
          [18, 74],
          [10, 86],
          [8, 94],
        ],
        arm,
        arm + 2,
      ),
    );
    // A banana in the low hand (from level 2), its stalk from level 3.
    if (level >= 2) s += shape('M1 94C4 104 18 104 24 94L22 92C16 98 6 98 3 92Z');
    if (level >= 3) s += line('M24 94L27 91');
    // The body and its belly.
    s += shape('M50 56C32 56 26 76 30 91C33 101 67 101 70 91C74 76 68 56 50 56Z');
    if (level >= 2) s += ellipse(50, 81, 13, 14);
    // Level 4: the belly's fur in three bands and a ruff under the chin.
    if (level >= 4)
      s += line('M36.5 76C45 73 55 73 63.5 76M37 87C45 90 55 90 63 87') + shape('M38 64L42 60L46 63L50 59L54 63L58 60L62 64L60 68L40 68Z');
    // Big feet under the body (their pads at level 4), toes from level 3.
    s +=
      shape(
        loop([
          [13, 111],
          [24, 100],
          [45, 103],
          [44, 115],
          [25, 118],
        ]),
      ) +
      shape(
        loop([
          [87, 111],
          [76, 100],
          [55, 103],
          [56, 115],
          [75, 118],
        ]),
      );
    if (level >= 3) s += line('M22 113L20 109M28 115L27 110M78 113L80 109M72 115L73 110');
    if (level >= 4) s += ellipse(35, 109, 5.5, 3.2) + ellipse(65, 109, 5.5, 3.2);
    // The head: ears and head one outline at level 1, the ears apart (with their insides) from level 2.
    if (level === 1)
      s += shape('M28 22C36 6 64 6 72 22C82 16 92 26 88 38C85 44 80 46 75 45C70 60 30 60 25 45C20 46 15 44 12 38C8 26 18 16 28 22Z');
    else {
      s += circle(26, 34, 11) + circle(74, 34, 11);
      if (level >= 3) s += circle(25, 34, 5.5) + circle(75, 34, 5.5);
      s += circle(50, 34, 23);
      if (level >= 4) s += shape('M40 14L44 6L48 13L52 5L56 13L60 7L60 16C54 14 46 14 40 14Z');
    }
    // The face mask, over the head's lower edge.
    s += shape('M50 30C44 20 30 24 33 36C34 42 36 46 38 50C40 56 44 61 50 61C56 61 60 56 62 50C64 46 66 42 67 36C70 24 56 20 50 30Z');
    const eye = level === 1 ? 3.2 : level === 2 ? 2.8 : 2.3;
    if (level >= 3) s += ellipse(43, 36, 4.2, 5) + ellipse(57, 36, 4.2, 5);
    s += circle(43, 36.5, eye, ' fill="#000"') + circle(57, 36.5, eye, ' fill="#000"');
    s += circle(47.5, 45, 1.4, ' fill="#000"') + circle(52.5, 45, 1.4, ' fill="#000"');
    s += line('M43 51Q50 56 57 51');
    if (level >= 3) s += line('M38 29L45 30M62 29L55 30');
    return s;
  },
};

/** A giraffe's body from level 2 (drawn GIRAFFE_DROP lower) and neck; the neck's patches are clipped to it. */
const GIRAFFE_BODY = 'M16 80C20 66 40 64 56 62C70 60 78 70 76 82C74 94 62 98 48 98L26 98C14 98 12 90 16 80Z';
/** Level 1's body: the back sloping down from the shoulders to the rump, as a toddler draws a giraffe. */
const GIRAFFE_BODY_SLOPED = 'M14 80C14 72 20 69 30 68C44 66 54 58 66 58C76 58 80 66 78 78C77 88 72 94 62 94L28 94C18 94 14 88 14 80Z';
/** Level 1's legs (their centres at the top and at the hoof): the pair behind and the pair in front far apart, the two
 * of a pair striding (one forward, one back), one outline from their shared top down to the hooves. */
const GIRAFFE_LEGS_L1: readonly (readonly [number, number])[] = [
  [25, 16],
  [28, 35],
  [63, 55],
  [66, 74],
];
const GIRAFFE_NECK = 'M58 104C60 76 64 46 68 22L82 22C80 50 74 76 64 110Z';
const GIRAFFE_NECK_WIDE = 'M54 104C56 76 60 46 64 22L84 22C82 50 77 76 67 110Z';
/** How far below the head the body and legs hang (the neck's length): the giraffe as tall as the clip art's was. */
const GIRAFFE_DROP = 30;

/**
 * The smallest patch across on the page per level (mm, outline included): its inside keeps half as much again as the
 * level's smallest region (REGION_BANDS: 10, 4 and 1 mm² at levels 2-4) inside lines 1.2, 0.9 and 0.7 mm wide.
 */
const PATCH_MM: Readonly<Record<Level, number>> = { 1: 0, 2: 6, 3: 4, 4: 2.4 };

/**
 * A giraffe's patches (centres and radius, in its units) for the size it is drawn at (`scale` mm a unit). Level 1: two
 * big ones on the body and two on the neck of a big giraffe; on a small one a single wide patch over the rump,
 * overflowing its outline (clipped), so that it and the rest of the body are each a thumbprint; from level 2 a net of
 * smaller ones inside the body's and the neck's outlines, rows of them on a honeycomb, as many as fit (at least PATCH_MM
 * across). The neck's patches are clipped to it.
 */
function giraffePatches(level: Level, scale: number): { body: Pt[]; neck: Pt[]; r: number; clip: boolean } {
  if (level === 1)
    return scale >= 0.75
      ? {
          body: [
            [31, 80],
            [57, 74],
          ],
          neck: [
            [77, 44],
            [72, 77],
          ],
          r: 10,
          clip: false,
        }
      : { body: [[29, 73]], neck: [], r: 22, clip: true };
  const r = Math.max(level === 2 ? 6.5 : 4.6, PATCH_MM[level] / 2 / scale);
  const gap = Math.max(2.5, 1.6 / scale);
  const body: Pt[] = [];
  // Rows over the body (patches 0.8 as tall as wide), kept inside it as an ellipse: centre (46, 81), radii 30 x 16.
  for (let row = 0, y = 68 + 0.8 * r + gap / 2; y <= 94 - 0.8 * r; row++, y += 1.6 * r + gap)
    for (let x = 20 + r + (row % 2) * (r + gap / 2); x <= 72 - r; x += 2 * r + gap) {
      const dx = (x - 46) / (30 - r * 0.6);
      const dy = (y - 81) / (16 - r * 0.6);
      if (dx * dx + dy * dy <= 1) body.push([x, y]);
    }
  const neck: Pt[] = [];
  // Bands across the neck (clipped to it), as far apart as they are tall, when the neck is as wide as a patch.
  if (14 * scale >= PATCH_MM[level]) for (let y = 92 - 2 * r; y - r >= 24; y -= 4 * r) neck.push([75 - (y - 22) * 0.15, y]);
  return { body, neck, r, clip: false };
}

/**
 * A giraffe standing, facing right: long neck and legs, horns and an ear, a tufted tail, and its patches. At level 1 as
 * a toddler draws one: a back sloping from the shoulders to the rump, two pairs of striding legs.
 */
const giraffe: Drawing = {
  width: 92,
  height: 170 + GIRAFFE_DROP,
  draw: (level, _rnd, sizeMm) => {
    const scale = sizeMm / 92;
    const p = giraffePatches(level, scale);
    const spots = (pts: Pt[], rx: number, ry: number, clip: string, id: string): string => {
      const d = pts.map(([x, y]) => shape(patch(x, y, rx, ry, (x + y) * 0.1))).join('');
      if (!d || (!p.clip && id.endsWith('body'))) return d;
      // Clipped to the outline they overflow, which is drawn again over their cut edges.
      return `<clipPath id="${id}"><path d="${clip}"/></clipPath><g clip-path="url(#${id})">${d}</g>` + line(clip);
    };
    // The tail, its tuft solid at level 1 (the tail, the legs and the body hang GIRAFFE_DROP below the head). At level 1
    // it swishes up: hanging down, it closed a sliver with the leg and a line behind them (the horizon).
    let s =
      level === 1
        ? line(
            curve([
              [16, 80],
              [8, 78],
              [3, 70],
              [4, 62],
            ]),
          ) +
          solid(
            loop([
              [4, 48],
              [8, 56],
              [4, 65],
              [0, 56],
            ]),
          )
        : line(
            curve([
              [16, 82],
              [8, 88],
              [5, 102],
            ]),
          );
    const tuft = loop([
      [5, 98],
      [9, 106],
      [5, 115],
      [1, 106],
    ]);
    if (level >= 2) s += scale < 0.45 ? solid(tuft) : shape(tuft);
    // Four long legs. At level 1 in two pairs, each leg tapering to a solid hoof, the gaps between them open below; the
    // paper between them is white behind them, so a line behind the giraffe (the horizon) does not close a sliver between
    // two legs and its belly. Hooves from level 3, knees from level 4.
    if (level === 1) {
      const [[a0, a1], , , [d0, d1]] = GIRAFFE_LEGS_L1 as [Pt, Pt, Pt, Pt];
      s += shape(`M${a0} 86L${d0} 86L${d1} 166L${a1} 166Z`, ' fill="#fff" stroke="none"');
      for (const [[t0, b0], [t1, b1]] of [GIRAFFE_LEGS_L1.slice(0, 2), GIRAFFE_LEGS_L1.slice(2)] as [Pt, Pt][]) {
        // The pair's two legs one outline: down the back leg, up its inside to where the insides meet, down the front leg.
        const k = (t1 - 4.5 - (t0 + 4.5)) / (b0 + 3.5 - (t0 + 4.5) - (b1 - 3.5 - (t1 - 4.5)));
        const fork: Pt = [t0 + 4.5 + (b0 - t0 - 1) * k, 86 + 78 * k];
        s += shape(
          `M${t0 - 4.5} 86L${b0 - 3.5} 164Q${b0 - 3.5} 168 ${b0} 168Q${b0 + 3.5} 168 ${b0 + 3.5} 164L${n(fork[0])} ${n(fork[1])}` +
            `L${b1 - 3.5} 164Q${b1 - 3.5} 168 ${b1} 168Q${b1 + 3.5} 168 ${b1 + 3.5} 164L${t1 + 4.5} 86Z`,
        );
        // On a small giraffe the paper between the two is inked: a line behind them (a hill's) would close a piece of it
        // under a thumbprint.
        if (scale < 0.75) s += solid(`M${n(fork[0])} ${n(fork[1])}L${b0 + 3.5} 168L${b1 - 3.5} 168Z`);
        for (const [t, b] of [
          [t0, b0],
          [t1, b1],
        ] as const) {
          const h = t + ((b - t) * 73) / 78;
          s += solid(`M${n(h - 3.7)} 159L${n(h + 3.7)} 159L${b + 3.5} 164Q${b + 3.5} 168 ${b} 168Q${b - 3.5} 168 ${b - 3.5} 164Z`);
        }
      }
    } else
      for (const x of [20, 36, 55, 71]) {
        s += shape(`M${x - 5} 88L${x - 5} 164Q${x - 5} 168 ${x - 1} 168L${x + 1} 168Q${x + 5} 168 ${x + 5} 164L${x + 5} 88Z`);
        if (level >= 3 && scale >= 0.45) s += line(`M${x - 5} 158L${x + 5} 158`);
        if (level >= 4) s += line(`M${x - 5} 126C${x - 2} 123 ${x + 2} 123 ${x + 5} 126`) + ellipse(x, 108, 2.6, 4);
      }
    // The mane along the back of the neck (level 3 on a big giraffe, level 4), the neck and the body with their patches.
    s = `<g transform="translate(0 ${GIRAFFE_DROP})">${s}</g>`;
    if ((level === 3 && scale >= 0.6) || level === 4) s += shape('M55 102L61 26L68 22L66 102Z');
    if (level === 4) s += line('M58 86L64 84M59 74L65 72M59 62L65 60M60 50L66 48M61 38L67 36');
    const neck = level === 1 ? GIRAFFE_NECK_WIDE : GIRAFFE_NECK;
    s += shape(neck) + spots(p.neck, level === 1 ? 9 : 12, level === 1 ? 13 : p.r, neck, 'giraffe-neck');
    const body = level === 1 ? GIRAFFE_BODY_SLOPED : GIRAFFE_BODY;
    s += `<g transform="translate(0 ${GIRAFFE_DROP})">${shape(body) + spots(p.body, p.r, p.r * (p.clip ? 0.65 : 0.8), body, 'giraffe-body')}</g>`;
    // The head, facing right, its horns one outline with it; at level 1 bigger, the ear solid.
    const ear = 'M66 15L54 10C52 8 54 5 59 6C63 7 66 10 69 12Z';
    const head = 'M64 20C64 14 66 10 70 9L70 1L76 1L75 8L78 8L80 1L86 1L84 9C90 12 92 18 90 24C88 28 80 30 72 28C66 28 64 26 64 20Z';
    if (level === 1) {
      // A bigger head (a thumbprint's face on the smallest giraffe), its eye and mouth with it.
      s += solid(grow(ear, 77, 22, 1.35));
      s += shape(grow(head, 77, 22, 1.35));
      return s + circle(74, 16, 3.2, ' fill="#000"') + circle(90, 22, 1.5, ' fill="#000"') + line('M81 29Q86 30 89 27');
    }
    {
      // The horns one outline with the head, their knobs on top and the ear's inside: solid or left out on a small giraffe.
      s += scale >= 0.5 ? shape(ear) : solid(ear);
      if (level >= 3 && scale >= 0.5) s += line('M57 8L65 12');
      s += shape(head);
      const knob = scale >= 0.5 ? '' : ' fill="#000"';
      s += circle(73, 2, 3.4, knob) + circle(83, 2, 3.4, knob);
      if (level >= 3 && scale >= 0.5) s += shape('M82 22C84 19 88 19 90 22C89 26 84 27 82 22Z');
    }
    s += circle(75, 16, 2.2, ' fill="#000"');
    s += circle(87, 21, 1.2, ' fill="#000"');
    s += line('M80 25Q84 26 86 24');
    return s;
  },
};

/** A cat sitting, facing the child: ears one outline with the head at level 1, a tail curling up beside it. */
const cat: Drawing = {
  width: 90,
  height: 92,
  draw: (level, _rnd, sizeMm) => {
    // The tail behind, curling up (a band with stripes from level 3 when big enough).
    let s =
      level === 1
        ? line(
            curve([
              [58, 86],
              [80, 84],
              [87, 68],
              [84, 54],
            ]),
          )
        : shape(
            tube(
              [
                [56, 84],
                [78, 84],
                [86, 66],
                [80, 52],
                [74, 54],
              ],
              7,
              6,
            ),
          );
    if (level >= 3 && sizeMm >= 30) s += line('M82 78L77 73M86 66L80 65M82 56L78 60');
    // The body, its front legs and paws from level 2.
    s += shape('M30 88C16 88 14 62 28 48C34 42 56 42 62 48C76 62 74 88 60 88Z');
    if (level >= 2) s += line('M36 62L36 88M54 62L54 88') + ellipse(32, 86, 8, 4.5) + ellipse(58, 86, 8, 4.5);
    if (level >= 3) s += line('M30 90L30 86M34 90L34 86M56 90L56 86M60 90L60 86');
    if (level >= 4) s += shape('M20 70C24 66 28 68 26 72Z') + shape('M70 70C66 66 62 68 64 72Z') + ellipse(45, 70, 5, 9);
    // The head with its ears; their insides from level 3.
    s += shape('M24 26L20 4L38 14C42 12 48 12 52 14L70 4L66 26C70 34 68 46 58 50C50 54 40 54 32 50C22 46 20 34 24 26Z');
    if (level >= 3) s += shape('M25 22L23 9L34 15Z') + shape('M65 22L67 9L56 15Z');
    if (level >= 4) {
      // A collar and its bell.
      s += shape('M28 48C38 56 52 56 62 48L62 54C52 62 38 62 28 54Z') + circle(45, 60, 3.6);
    }
    const eye = level === 1 ? 3.4 : 3;
    if (level >= 3) s += ellipse(37, 29, 4.6, 5.4) + ellipse(53, 29, 4.6, 5.4);
    s += circle(37, 30, level >= 3 ? 2.2 : eye, ' fill="#000"') + circle(53, 30, level >= 3 ? 2.2 : eye, ' fill="#000"');
    s += solid('M42 37L48 37L45 41Z');
    s += line('M45 41L45 43M40 45Q42.5 47 45 43Q47.5 47 50 45');
    if (level >= 2 && sizeMm >= 24) s += line('M40 40L28 37M40 42L28 43M50 40L62 37M50 42L62 43');
    return s;
  },
};

/** The dragon's tail from its root to the spade. */
const DRAGON_TAIL: readonly Pt[] = [
  [110, 80],
  [134, 76],
  [148, 60],
  [150, 44],
];
/** Where the dragon's feet stand at level 1: below its frame, over the line a building behind it stands on. */
const DRAGON_FOOT = 115;

/**
 * A friendly dragon standing, facing left, for the child to ride: a long low back (the rider sits in its middle, `back`
 * in the library), a bat wing rising behind the rider, rounded plates along the neck and the tail (one big one on the
 * neck at level 1, more and pointed up the levels), a spade at the tail's tip, horns one outline with the head at level
 * 1; spots from level 2, more each level up, claws from level 3. Level 1 leaves no pocket on its back half for what
 * stands behind it (the castle) to cut into slivers: the wing reaches down behind the tail and its spade, a haunch fills
 * the corner under the tail, and the legs are blocks standing on DRAGON_FOOT.
 */
const dragon: Drawing = {
  width: 160,
  height: 112,
  draw: (level) => {
    // Plates behind the neck and the tail: only their tops show.
    const plates: (readonly [number, number, number])[] =
      level === 1 ? [[52, 40, 11]] : [[53, 41, 7], [124, 71, 6.5], [140, 59, 6], ...(level >= 3 ? [[110, 74, 5.5] as const] : [])];
    let s = '';
    for (const [x, y, r] of plates)
      s +=
        level === 1
          ? circle(x, y, r)
          : shape(
              `M${n(x - r)} ${n(y + r * 0.5)}Q${n(x - r * 0.2)} ${n(y - r * 1.6)} ${n(x + r * 0.3)} ${n(y - r * 1.7)}Q${n(x + r * 0.3)} ${n(y - r * 0.4)} ${n(x + r)} ${n(y + r * 0.5)}Z`,
            );
    // The wing behind the rider: one big sail at level 1, its fingers from level 2. At level 1 it reaches down behind the
    // tail and its spade (its scalloped edge left pockets there, which what stands behind cut into slivers), and a haunch
    // fills the corner between the tail and the hind legs.
    s +=
      level === 1
        ? shape(`M86 52C88 34 96 14 108 2C120 8 136 10 150 8L150 22${curve(DRAGON_TAIL.slice().reverse()).replace('M', 'L')}L96 74Z`) +
          shape(`${curve(DRAGON_TAIL.slice(0, 3))}C151 80 152 100 152 ${DRAGON_FOOT}L110 ${DRAGON_FOOT}Z`)
        : shape('M86 52C88 34 96 14 108 2C120 8 136 10 150 8C146 18 142 26 134 30C130 40 122 42 118 46C116 52 108 56 100 56Z');
    if (level >= 2) s += line('M108 2C114 14 122 22 134 30M108 2C110 18 114 32 118 46');
    if (level >= 4) s += line('M108 2C100 20 96 36 96 54');
    // The tail sweeping up behind, and its spade.
    s += shape(tube(DRAGON_TAIL, 22, 9));
    s += shape('M150 22C162 30 161 42 150 48C139 42 138 30 150 22Z');
    if (level >= 3) s += line('M150 27L150 44');
    if (level >= 4) s += circle(128, 78, 3) + circle(142, 68, 2.8);
    // Legs: a pair at the front and a pair at the back, one shape each at level 1; claws from level 3, ankles at level 4.
    // At level 1 a pair is a block without the notch between the feet (a line behind them crossed it, closing a speck).
    const block = (x0: number, x1: number): string =>
      shape(
        `M${x0} 76L${x0} ${DRAGON_FOOT - 8}Q${x0} ${DRAGON_FOOT} ${x0 + 8} ${DRAGON_FOOT}L${x1 - 8} ${DRAGON_FOOT}Q${x1} ${DRAGON_FOOT} ${x1} ${DRAGON_FOOT - 8}L${x1} 76Z`,
      );
    s += level === 1 ? block(44, 76) + block(94, 126) : legPair(44, 76, 76, 108, level) + legPair(94, 126, 76, 108, level);
    if (level >= 3) for (const x of [44, 60, 94, 110]) s += toes(x, x + 16, 108, 3, 4);
    if (level >= 4) s += line('M44 99L76 99M94 99L126 99');
    // The neck up to the head (its base under the body), its ridges from level 3.
    s += shape(
      tube(
        [
          [58, 64],
          [44, 48],
          [30, 32],
        ],
        26,
        20,
      ),
    );
    if (level >= 3) s += line('M40 58L47 52M33 48L40 42');
    if (level >= 3) s += circle(48, 58, 3) + circle(40, 48, 2.8);
    if (level >= 4) s += circle(33, 39, 2.5);
    // The body and its spots, scattered (three at level 2, more each level up: never two side by side, a face).
    s += shape('M40 70C40 52 58 46 80 46C104 46 126 52 128 70C130 88 110 94 84 94C58 94 40 88 40 70Z');
    const spots: (readonly [number, number, number])[] = [
      [56, 66, 5],
      [104, 60, 4.5],
      [112, 78, 4],
      [64, 82, 3.5],
      [94, 84, 4],
      [50, 78, 3],
      [118, 66, 3],
      [78, 86, 3],
    ];
    if (level >= 2) for (const [x, y, r] of spots.slice(0, level === 2 ? 3 : level === 3 ? 5 : 8)) s += circle(x, y, r);
    // The head, facing left: a long snout, the horns one outline with it at level 1.
    if (level === 1) s += shape('M32 12L34 0L42 12L46 2L50 18C52 28 48 38 40 42C30 46 18 44 8 40C0 36 0 26 6 22C14 18 24 12 32 12Z');
    else {
      s += shape('M29 14L32 0L41 14Z') + shape('M39 16L47 2L49 21Z');
      if (level >= 4) s += line('M31 7L35 8M44 9L47 11');
      s += shape('M40 14C48 20 50 32 40 42C30 46 18 44 8 40C0 36 0 26 6 22C14 18 28 10 40 14Z');
    }
    if (level >= 3) s += ellipse(28, 24, 5.5, 5);
    s += circle(27.5, 24.5, level === 1 ? 3.4 : level === 2 ? 2.8 : 2.4, ' fill="#000"');
    s += circle(8, 28, 1.6, ' fill="#000"');
    s += line('M12 37C20 40 28 39 34 36');
    return s;
  },
};

/**
 * A round little fish swimming right: body and tail one outline at level 1 (a solid eye), the tail apart and fins from
 * level 2, stripes from level 3, more of them at level 4. Small copies (a shoal) keep fewer details.
 */
const fish: Drawing = {
  width: 100,
  height: 72,
  draw: (level, _rnd, sizeMm) => {
    const eye = (r: number): string => circle(78, 30, r, ' fill="#000"');
    const mouth = line('M92 40Q88 43 84 41');
    if (level === 1) return shape('M34 30C44 12 70 6 90 24C98 30 98 42 90 48C70 66 44 60 34 42L8 60C2 48 2 24 8 12Z') + eye(4.5) + mouth;
    // Fins on the back and the belly (on a fish big enough to colour them) and the tail, behind the body.
    let s = sizeMm >= 50 ? shape('M42 20C46 6 62 2 74 10L70 16Z') + shape('M48 54C50 64 58 68 66 66L62 56Z') : '';
    s += shape('M36 36L8 12C2 24 2 48 8 60Z');
    if (level >= 3 && sizeMm >= 50) s += line('M30 36L10 22M30 36L6 36M30 36L10 50');
    s += shape('M28 36C38 12 70 6 90 24C98 30 98 42 90 48C70 66 38 60 28 36Z');
    // The gill, then stripes from level 3 (more at level 4) on a fish big enough.
    s += line('M66 15C74 28 74 44 66 57');
    if (level >= 3 && sizeMm >= 24) s += line('M50 12C56 28 56 44 50 60');
    if (level >= 4 && sizeMm >= 30) s += line('M38 20C42 30 42 42 38 52M58 9C62 26 62 46 58 62');
    if (level >= 3) s += circle(78, 30, 6);
    return s + eye(level >= 3 ? 3 : 4) + mouth;
  },
};

/** How far the horse's parts sit right of its tail (its frame starts at the tail's tip). */
const HORSE_X = 6;
/** How far the big head's ears rise above the frame of the rest (drawn that much lower). */
const HORSE_EARS = 6;
/** How far forward the head reaches (beyond the rider's head). */
const HEAD_X = 17;
/** How far the unicorn's horn rises above the horse's ears. */
const UNICORN_HORN = 23;

/**
 * A horse standing, facing right, for the child to ride (its back at `back` in the library, a little dip where the rider
 * sits): a long tail, a mane along the neck, the ear one outline with the head at level 1, four legs.
 * Hooves, mane locks and tail locks from level 2; a noseband and a chest line from level 3; dapples on
 * the rump, a cheek strap, reins and feathered fetlocks at level 4. The unicorn is the same horse with a horn on its forehead (its spiral
 * from level 2).
 */
function equine(level: Level, horn: boolean, ringCopy = false): string {
  // The tail behind, in the frame's own units (the rest of the horse is drawn HORSE_X to the right).
  const tail: Pt[] = [
    [20, 44],
    [11, 48],
    [4, 60],
    [1, 76],
    [3, 94],
    [9, 80],
    [12, 66],
    [19, 54],
  ];
  let s = shape(loop(tail));
  if (level >= 2) {
    const locks: Pt[][] = [
      [
        [16, 50],
        [8, 64],
        [3, 94],
      ],
    ];
    if (level >= 3)
      locks.push([
        [18, 46],
        [8, 56],
        [4, 72],
        [3, 94],
      ]);
    if (level >= 4)
      locks.push([
        [18, 52],
        [11, 68],
        [3, 94],
      ]);
    s += line(locks.map(curve).join(''));
  }
  let h = '';
  // Four legs, a gap between the two of each pair; hooves from level 2, fetlock feathers at level 4.
  for (const x of [13, 26, 47, 60]) {
    h += shape(`M${x - 4.5} 58L${x - 4.5} 99Q${x - 4.5} 102 ${x - 1.5} 102L${x + 1.5} 102Q${x + 4.5} 102 ${x + 4.5} 99L${x + 4.5} 58Z`);
    if (level >= 2) h += line(`M${x - 4.5} 96L${x + 4.5} 96`);
    if (level >= 4) h += line(`M${x - 4.5} 90C${x - 2} 88 ${x + 2} 92 ${x + 4.5} 90`);
  }
  // The mane behind the neck: one band at level 1 (hidden in the ring round the rider: there its lines cut a piece under a
  // thumbprint between the rider's arm and the head; docs/decisions/037), parted into locks from level 2 (more at level 4).
  const mane: Pt[] = [
    [41, 48],
    [49, 32],
    [60, 20],
    [72, 10],
  ];
  const maneD = tube(mane, 13, 9);
  h += level === 1 ? `<g class="${ringCopy ? 'ring-cover' : 'mane'}">${shape(maneD)}</g>` : shape(maneD);
  if (level >= 2) {
    const parts = level === 2 ? 3 : level === 3 ? 4 : 6;
    let d = '';
    for (let i = 1; i <= parts; i++) {
      const t = (i / (parts + 1)) * (mane.length - 1);
      const [x, y] = spline(mane, t);
      const [x2, y2] = spline(mane, Math.min(mane.length - 1, t + 0.05));
      const len = Math.hypot(x2 - x, y2 - y) || 1;
      // Across the band (clipped to it), from its outer edge to under the neck.
      const nx = -(y2 - y) / len;
      const ny = (x2 - x) / len;
      d += `M${n(x - nx * 9)} ${n(y - ny * 9)}L${n(x + nx * 5)} ${n(y + ny * 5)}`;
    }
    const id = horn ? 'unicorn-mane' : 'horse-mane';
    h += `<clipPath id="${id}"><path d="${maneD}"/></clipPath><g clip-path="url(#${id})">${line(d)}</g>` + line(maneD);
  }
  // The neck, the body over its base (a chest line from level 3, dapples on the rump at level 4), the head over its top.
  h += shape(
    tube(
      [
        [54, 52],
        [63, 36],
        [76, 22],
      ],
      25,
      17,
    ),
  );
  h += shape('M12 44C22 37 30 41 38 41C46 41 52 35 62 39C71 43 70 62 58 67C44 71 26 71 16 67C6 63 4 48 12 44Z');
  if (level >= 3) h += line('M58 67C62 60 65 52 65 45');
  if (level >= 4)
    for (const [x, y, r] of [
      [20, 52, 3.2],
      [28, 58, 2.6],
      [18, 61, 2.4],
      [27, 48, 2.2],
    ] as const)
      h += circle(x, y, r);
  // The head, facing right and big (a cartoon's), the ear one outline with it at level 1; the unicorn's horn rises
  // from behind it, its spiral from level 2.
  const k = 1.3;
  let f = '';
  const g = (d: string): string => grow(d, 60, 22, k);
  const dot = (x: number, y: number, r: number): string => circle(60 + (x - 60) * k, 22 + (y - 22) * k, r * k, ' fill="#000"');
  if (horn) {
    const d = g('M60.5 11L76 -16L68.5 15.5Z');
    f += shape(d);
    // Bands across it (clipped to it), a fraction of the way from the base's middle to the tip.
    const bands = { 1: [], 2: [0.45], 3: [0.3, 0.6], 4: [0.25, 0.5, 0.72] }[level];
    if (bands.length) {
      const across = bands.map((t) => {
        const [x, y] = [64.5 + 11.5 * t, 13 - 29 * t];
        return `M${n(x - 6 * 0.93)} ${n(y - 6 * 0.37)}L${n(x + 6 * 0.93)} ${n(y + 6 * 0.37)}`;
      });
      f +=
        `<clipPath id="unicorn-horn"><path d="${d}"/></clipPath><g clip-path="url(#unicorn-horn)">${line(g(across.join('')))}</g>` +
        line(d);
    }
  }
  const head = 'M55 15C56 10 60 7 65 9L73 21C76 26 74 30 69 30C65 30 61 28 58 25C55 22 54 18 55 15Z';
  if (level === 1)
    f += shape(g('M55 15C55 11 56 7 56.5 1L61.5 8C62.5 7.8 64 8.2 65 9L73 21C76 26 74 30 69 30C65 30 61 28 58 25C55 22 54 18 55 15Z'));
  else f += shape(g('M55.5 12L56.5 1L61.5 8.5Z')) + shape(g(head));
  // A noseband from level 3, a cheek strap up to behind the ear and the reins to the withers at level 4.
  if (level >= 3) f += line(g('M65.5 30.2L71.8 19.3'));
  if (level >= 4)
    f += line(g('M56 14L68.65 24.75')) + line(`M${n(60 + 7.35 * k)} ${n(22 + 5 * k)}C52 42 ${46 - HEAD_X} 46 ${40 - HEAD_X} 46`);
  f += dot(63, 16, level === 1 ? 2.4 : 2) + dot(72.5, 25, 1);
  f += line(g('M68 28.6Q71 29 73 27.5'));
  h += `<g transform="translate(${HEAD_X} 0)">${f}</g>`;
  s += `<g transform="translate(${HORSE_X} 0)">${h}</g>`;
  return `<g transform="translate(0 ${HORSE_EARS + (horn ? UNICORN_HORN : 0)})">${s}</g>`;
}

/** A horse (see `equine`). */
const horse: Drawing = { width: 105, height: 102 + HORSE_EARS, draw: (level, _rnd, _size, ringCopy) => equine(level, false, ringCopy) };

/** A unicorn: the horse with its horn, which rises UNICORN_HORN above its ears. */
const unicorn: Drawing = {
  width: 105,
  height: 102 + HORSE_EARS + UNICORN_HORN,
  draw: (level, _rnd, _size, ringCopy) => equine(level, true, ringCopy),
};

/**
 * A parrot sitting up, facing right (Jungle Parrots, and a bird in the sky): at level 1 a head, a body and a tail, the
 * hooked beak and the eye solid; the beak to colour, a wing and two tail feathers from level 2; the eye's ring and the
 * wing's feathers from level 3; a crest, the tail feathers' veins and the breast's feathers at level 4.
 */
const parrot: Drawing = {
  width: 80,
  height: 120,
  draw: (level) => {
    // The tail behind the body: one shape at level 1, two long feathers from level 2, a vein down each at level 4.
    let s =
      level === 1
        ? shape('M28 76L16 116L30 112L40 118L52 110L50 78Z')
        : shape('M28 76L16 116L30 112L38 82Z') + shape('M40 80L40 118L52 110L50 78Z');
    if (level >= 4) s += line('M33 79L23 114M45 79L46 114');
    // The body, the head over it.
    const body = 'M44 22C22 24 16 60 28 80C36 90 54 88 58 72C62 54 62 32 44 22Z';
    s += shape(body);
    // The breast's feathers: scallops across the body, clipped to it (the wing and the head cover their left ends).
    if (level >= 4)
      s +=
        `<clipPath id="parrot-body"><path d="${body}"/></clipPath><g clip-path="url(#parrot-body)">` +
        line('M30 46C40 54 54 54 66 44M30 58C40 66 54 66 66 56M30 70C40 78 54 78 66 68') +
        `</g>` +
        line(body);
    // The wing from level 2, its feathers from level 3.
    const wing = 'M44 30C10 26 8 74 30 96C44 80 48 56 44 40Z';
    if (level >= 2) s += shape(wing);
    if (level >= 3)
      s +=
        `<clipPath id="parrot-wing"><path d="${wing}"/></clipPath><g clip-path="url(#parrot-wing)">${line('M8 58L50 48M8 70L50 60M8 82L50 72')}</g>` +
        line(wing);
    if (level >= 4) s += shape('M38 12C30 6 30 0 34 0C38 2 42 6 44 8C44 2 48 0 52 2C52 6 50 9 50 10Z');
    s += circle(48, 24, 18);
    // The hooked beak: solid at level 1, to colour from level 2.
    const beak = 'M62 14C76 10 82 32 70 44C66 38 61 36 56 36Z';
    s += level === 1 ? solid(beak) : shape(beak);
    if (level >= 3) s += circle(52, 20, 6);
    return s + circle(53, 20, level === 1 ? 3.6 : 3, ' fill="#000"');
  },
};

/**
 * An elephant standing, facing right, its trunk curled up (a splash): pairs of legs one shape each, the big ear (a
 * round flap behind the head, so that it reads as the head's, not a leaf laid on the body) and a tail with a solid tuft
 * at level 1; the legs parted, the ear's fold and (on a big one) the tuft to colour from level 2; toenails, rings along
 * the trunk and (on a big one) a tusk from level 3; a blanket on its back with a fringe of tassels, more rings, knee
 * wrinkles and a bolder outline (ELEPHANT_CONTOUR) at level 4.
 */
/**
 * How wide (in the elephant's units) the line its level-4 outline is drawn with behind it: half of it shows outside, about
 * 1 mm on Elephant Splash, so its outline stands out of the ground's pattern drawn up to it (0.7 mm lines at level 4).
 */
const ELEPHANT_CONTOUR = 2.4;

const elephant: Drawing = {
  width: 104,
  height: 78,
  draw: (level, _rnd, sizeMm) => {
    const tail = line('M16 34C10 38 8 44 7 50');
    const tuft = loop([
      [7, 48],
      [11, 55],
      [7, 62],
      [3, 55],
    ]);
    const legs = legPair(20, 44, 44, 77, level) + legPair(56, 80, 44, 77, level);
    const body = 'M16 40C12 18 30 6 54 6C72 6 84 16 84 32C84 48 72 56 50 56C30 56 18 52 16 40Z';
    const ear = 'M77 14C68 2 50 2 47 18C44 32 50 46 62 47C70 48 75 45 77 40Z';
    const trunkPts: Pt[] = [
      [90, 34],
      [99, 30],
      [102, 17],
      [97, 8],
    ];
    const trunkD = tube(trunkPts, 15, 10);
    const head = circle(82, 28, 16);
    const tusk = level >= 3 && sizeMm >= 60 ? shape('M86 40C90 46 96 48 100 46C96 44 92 41 89 37Z') : '';
    // Level 4: its outline bolder than the lines inside and round it (the ground's pattern), all its parts drawn first
    // with a wide line that the drawing's white then covers inside.
    let s =
      level >= 4
        ? `<g stroke-width="${ELEPHANT_CONTOUR}">${tail + shape(tuft) + legs + shape(body) + shape(ear) + shape(trunkD) + head + tusk}</g>`
        : '';
    // The tail behind, its tuft solid at level 1 and on a small elephant.
    s += tail + (level === 1 || sizeMm < 60 ? solid(tuft) : shape(tuft));
    // Legs: a pair behind, a pair in front, one shape each at level 1; toenails from level 3, knee wrinkles at level 4.
    s += legs;
    if (level >= 3) for (const x of [20, 32, 56, 68]) s += toes(x, x + 12, 77, 3, 3);
    if (level >= 4) s += line('M20 64L44 64M56 64L80 64');
    // The body and the blanket over its back, left of the ear (level 4: draped over the back's line, a band of diamonds
    // and a fringe of tassels).
    s += shape(body);
    if (level >= 4) {
      const blanket = 'M25 0L40 0L40 36C34 39 25 39 19 36Z';
      const band = `<clipPath id="elephant-blanket"><path d="${blanket}"/></clipPath><g clip-path="url(#elephant-blanket)">${line('M10 24L46 24')}</g>`;
      s += `<clipPath id="elephant-back"><path d="${body}"/></clipPath><g clip-path="url(#elephant-back)">${shape(blanket)}${band}</g>${line(body)}`;
      for (const x of [28, 35]) s += shape(`M${x} 14.5L${x + 2.6} 19L${x} 23.5L${x - 2.6} 19Z`);
      for (const x of [23.5, 30, 36.5]) s += circle(x, 40.5, 2.2);
    }
    // The ear behind the head, its front edge hidden by it: a big round flap hanging from the head (its fold from level 2).
    s += shape(ear);
    if (level >= 2) s += inside('elephant-ear', ear, 'M74 4C59 5 52 15 52 26C52 36 58 43 72 48');
    // The trunk curling up in front of the head, rings along it from level 3 (clipped to it).
    s += shape(trunkD);
    const rings = level === 3 ? [0.35, 0.55, 0.75] : level === 4 ? [0.25, 0.4, 0.55, 0.7, 0.85] : [];
    if (rings.length) {
      let d = '';
      for (const t of rings) {
        const [x, y] = spline(trunkPts, t * 3);
        const [x2, y2] = spline(trunkPts, t * 3 + 0.05);
        const len = Math.hypot(x2 - x, y2 - y) || 1;
        const nx = -(y2 - y) / len;
        const ny = (x2 - x) / len;
        d += `M${n(x - nx * 8)} ${n(y - ny * 8)}L${n(x + nx * 8)} ${n(y + ny * 8)}`;
      }
      s += inside('elephant-trunk', trunkD, d);
    }
    // The head over the trunk's root and the ear's front, a tusk (from level 3, on a big elephant), the eye.
    s += head + tusk;
    return s + circle(88, 23, level === 1 ? 2.6 : 2.2, ' fill="#000"');
  },
};

/**
 * A puppy sitting up, facing us: a big round head with floppy ears (solid on a small puppy at level 1), a pear-shaped
 * body, a tail curled up behind (a line at level 1, a band to colour on a big puppy from level 2). The front legs, and
 * on a puppy big enough the paws and the muzzle, from level 2; a patch round one eye and the ears' insides from level 3; a collar and its tag and
 * spots on the body at level 4. As tall for its width as the clip-art dog it replaces (pages size it by height).
 */
const dog: Drawing = {
  width: 48,
  height: 100,
  draw: (level, _rnd, sizeMm) => {
    const big = sizeMm >= 40;
    // The tail behind.
    const tail: Pt[] = [
      [38, 84],
      [44, 81],
      [46.5, 71],
      [45.5, 61],
    ];
    let s = level >= 2 && big ? shape(tube(tail, 5, 3.5)) : line(curve(tail));
    // The body, sitting; front legs and paws from level 2.
    s += shape('M16 99C4 92 6 64 14 40L34 40C42 64 46 92 36 99Z');
    if (level >= 4) s += circle(36, 74, 4) + circle(12, 84, 3.2) + circle(33, 89, 2.6);
    if (level >= 2) s += line('M20 60L19 98M30 60L31 98');
    if (level >= 2 && big) s += ellipse(15, 96, 6, 3.6) + ellipse(35, 96, 6, 3.6);
    if (level >= 3 && big) s += line('M12 99L12 96M16 99.5L16 96.5M34 99.5L34 96.5M38 99L38 96');
    // The collar and its tag at level 4.
    if (level >= 4) s += shape('M12 44C20 50 30 50 38 44L38 50C30 56 20 56 12 50Z') + circle(25, 56, 3.4);
    // The ears behind the head, hanging down its sides; their insides from level 3.
    const left = 'M12 14C0 18 0 44 6 50C12 54 16 44 16 30Z';
    const right = 'M36 14C48 18 49 44 42 50C36 54 32 44 32 30Z';
    // Solid on a small puppy at level 1 (each would be under a thumbprint).
    s += level === 1 && !big ? solid(left) + solid(right) : shape(left) + shape(right);
    if (level >= 3 && big) s += shape('M9 22C4 28 4 40 8 45C11 46 12 38 12 30Z') + shape('M39 22C44 28 44 40 40 45C37 46 36 38 36 30Z');
    // The head; a patch round the eye (level 3), the muzzle (level 2 on a big puppy), the eyes, the nose, the mouth.
    s += circle(24, 27, 16);
    if (level >= 3 && big) s += shape('M24 14C32 12 36 20 34 28C30 30 24 28 22 22Z');
    const muzzle = level >= 2 && big;
    if (muzzle) s += ellipse(22, 35, 8, 6);
    s += circle(17, 24, level === 1 ? 2.6 : 2.2, ' fill="#000"') + circle(29, 24, level === 1 ? 2.6 : 2.2, ' fill="#000"');
    s += solid('M18.5 32.5L25.5 32.5L22 36Z');
    // On the muzzle only the line under the nose (a mouth there would close slivers against its edge).
    return s + line(muzzle ? 'M22 36L22 38.5' : 'M22 36L22 38M17 39Q19.5 41 22 38Q24.5 41 27 39');
  },
};

/** The cow's body, which its patches are clipped to. */
const COW_BODY = 'M14 30C12 16 24 12 40 12L74 12C86 12 90 22 88 34C86 46 76 48 60 48L30 48C18 48 15 40 14 30Z';

/**
 * A cow standing, facing right: pairs of legs one shape each, one big patch over its back half, horns, an ear and a
 * tail's tuft solid at level 1; more patches each level up (clipped to the body), the legs parted, hooves, the udder
 * and the muzzle from level 2; the horns, the ear and the tuft to colour from level 3; the most patches at level 4.
 */
const cow: Drawing = {
  width: 104,
  height: 70,
  draw: (level) => {
    // The tail behind, its tuft solid at levels 1-2.
    let s = line('M15 24C8 28 6 38 6 48');
    const tuft = loop([
      [6, 46],
      [10, 53],
      [6, 60],
      [2, 53],
    ]);
    s += level <= 2 ? solid(tuft) : shape(tuft);
    // Legs: a pair behind, a pair in front; hooves from level 2.
    s += legPair(16, 38, 40, 69, level) + legPair(58, 80, 40, 69, level);
    if (level >= 2) s += line('M16 64L38 64M58 64L80 64');
    // The udder (from level 2), the body and its patches, clipped to it.
    if (level >= 2) s += shape('M42 44C40 56 58 56 56 44Z');
    s += shape(COW_BODY);
    const patches: (readonly [number, number, number, number])[] =
      level === 1
        ? [[24, 28, 15, 14]]
        : [
            [24, 24, 11, 9],
            [58, 34, 9, 8],
            ...(level >= 3 ? [[42, 18, 7, 5] as const, [76, 20, 6, 6] as const] : []),
            ...(level >= 4 ? [[20, 42, 6, 5] as const, [40, 38, 5, 4] as const] : []),
          ];
    s +=
      `<clipPath id="cow-body"><path d="${COW_BODY}"/></clipPath><g clip-path="url(#cow-body)">` +
      patches.map(([x, y, rx, ry]) => shape(patch(x, y, rx, ry, x * 0.05))).join('') +
      `</g>` +
      line(COW_BODY);
    // The ear and the horns behind the head: solid at levels 1-2, to colour from level 3.
    const ear = 'M82 14L68 10C70 17 75 19 82 19Z';
    const horns = 'M84 8C81 5 81 2 83 0C85 2 87 4 89 6ZM94 6C96 4 97 2 99 0C101 3 100 6 97 9Z';
    s += level <= 2 ? solid(ear) + solid(horns) : shape(ear) + shape(horns);
    // The head, the muzzle from level 2, the eye and the nostrils.
    s += shape('M80 14C80 8 86 5 92 6C98 7 100 14 100 22L101 32C101 38 97 40 91 40C85 40 81 37 80 31Z');
    if (level >= 2) s += ellipse(90.5, 34, 7.5, 5);
    s += circle(88, 18, level === 1 ? 2.4 : 2, ' fill="#000"');
    return s + circle(88, 34, 1.3, ' fill="#000"') + circle(94, 34, 1.3, ' fill="#000"');
  },
};

/** The dolphin's outline at level 1: beak, body, the fin on its back, a flipper and the tail's flukes in one. */
const DOLPHIN_WHOLE =
  'M2 31C2 28 8 27 14 27C16 20 26 13 40 12C46 6 52 2 60 0C56 6 56 10 60 13C72 15 82 21 88 28C94 22 98 18 103 16C100 24 100 36 103 44C98 42 94 38 89 33C78 39 62 42 54 42L57 50C48 50 42 46 40 41C30 41 22 38 14 35C8 34 2 34 2 31Z';
/** The body with its flipper (from level 2 the fin and the flukes are shapes of their own, behind it). */
const DOLPHIN_BODY =
  'M2 31C2 28 8 27 14 27C16 20 26 13 40 12C60 11 78 18 90 28L90 33C78 39 62 42 54 42L57 50C48 50 42 46 40 41C30 41 22 38 14 35C8 34 2 34 2 31Z';

/** The pale belly's line from the beak's tip (the mouth) to the tail, drawn inside the body from level 2. */
const DOLPHIN_BELLY = 'M1 31C10 33 18 33 26 34C44 36 70 33 92 30';

/** The dolphin's fin and flukes (from level 2, shapes of their own behind the body). */
const DOLPHIN_FIN = 'M38 14C46 6 52 2 60 0C56 6 56 10 62 15Z';
const DOLPHIN_FLUKES = 'M86 30C94 22 98 18 103 16C100 24 100 36 103 44C98 42 94 38 86 33Z';

/**
 * A dolphin swimming, facing left (a friend in the sea, and what a child rides there): at level 1 one outline, its fin,
 * flipper and flukes part of it, the eye solid, a smile; the fin and the flukes apart and a pale belly from the beak's
 * tip to the tail (its line, clipped to the body, is the mouth too, turning up at its corner in a smile) from level 2;
 * the melon's crease over the beak, the blowhole, the flipper's root and a line along the flukes from level 3; at level 4
 * a dolphin's markings, no spots (a row of them read as a submarine's portholes): the dark cape over the back, parted
 * from the pale side by a line that dips under the fin, a swoosh of stripe from the eye to the flipper, the fin, a
 * fluke and the flipper parted, bubbles from the blowhole and drops flicked off the tail.
 */
const dolphin: Drawing = {
  width: 104,
  height: 50,
  draw: (level, _rnd, sizeMm) => {
    const eye = (r: number): string => circle(20, 25, r, ' fill="#000"');
    if (level === 1) return shape(DOLPHIN_WHOLE) + eye(2.6) + line('M3 31C8 32 12 32 16 31');
    // The fin and the flukes behind the body.
    let s =
      level >= 4
        ? shape(DOLPHIN_FIN) +
          inside('dolphin-fin', DOLPHIN_FIN, 'M46 16L55 0') +
          shape(DOLPHIN_FLUKES) +
          inside('dolphin-flukes', DOLPHIN_FLUKES, 'M90 33L104 42')
        : shape(DOLPHIN_FIN) + shape(DOLPHIN_FLUKES);
    if (level >= 3) s += line('M92 31L100 30.5');
    s += shape(DOLPHIN_BODY);
    const lines = [
      DOLPHIN_BELLY,
      ...(level >= 3 ? ['M40 41C44 39 50 40 54 42'] : []),
      // The cape's edge, from the melon over the eye to the tail, dipping under the fin; the stripe from behind the eye
      // down to the flipper's root, tapering onto the belly's line.
      ...(level >= 4 ? ['M14 20C24 20 32 23 40 23C48 23 52 28 58 28C66 28 76 24 92 28', 'M47 39.6L51 52'] : []),
    ];
    s += inside('dolphin-body', DOLPHIN_BODY, lines.join(''));
    if (level >= 4) {
      // The stripe: from the eye's back edge over the belly's line down to the body's outline before the flipper
      // (clipped to the body, whose outline is drawn again).
      const stripe = 'M21.7 26.7C30 27 38 31 42 44L34 44C31 36 26 31 21.7 26.7Z';
      s += `<clipPath id="dolphin-stripe"><path d="${DOLPHIN_BODY}"/></clipPath><g clip-path="url(#dolphin-stripe)">${shape(stripe)}</g>${line(DOLPHIN_BODY)}`;
    }
    // The smile at the mouth's corner (on a dolphin big enough that it keeps off the mouth's line), the melon's crease
    // and the blowhole.
    if (sizeMm >= 40) s += line('M15 33C17.6 33.4 19.4 32.4 20.4 30.4');
    if (level >= 3) s += line('M14 27C16 29 16 31 15 32.5') + line('M33 14.4C34.2 13.3 36 13.2 37.4 13.9');
    if (level >= 4) {
      s += circle(30, 6, 2.8) + circle(23, 3.4, 2) + circle(36, 2.6, 1.7) + circle(16, 8, 2.2) + circle(9, 4, 1.8);
      s += shape('M91 3C93 6 94.5 8 94.5 9.5A3.5 3.5 0 0 1 87.5 9.5C87.5 8 89 6 91 3Z');
      s += shape('M99 1C100.5 3.5 101.5 5 101.5 6.2A2.5 2.5 0 0 1 96.5 6.2C96.5 5 97.5 3.5 99 1Z');
    }
    return s + eye(2.2);
  },
};

/** The carrot lying by the bunny at level 4. */
const CARROT = 'M83 88C84 82 92 74 96 70C98 68 102 70 101 73C98 78 90 86 86 89C85 90 83 90 83 88Z';

/**
 * A bunny sitting, facing right (drawn small: about 32 mm wide): at level 1 head and body one outline, the long ears and
 * the puff of a tail solid; the head apart and the ears to colour from level 2; the tail and a pale belly from level 3;
 * at level 4 the ears' insides, the feet and their toes, the tail's tufts, a ring round the eye and a carrot with its
 * leaves by its nose.
 */
const bunny: Drawing = {
  width: 104,
  height: 90,
  draw: (level) => {
    const ears = 'M60 24C50 12 50 0 58 0C66 0 72 12 72 22ZM74 20C76 8 82 0 90 2C96 6 90 16 84 24Z';
    const tail = circle(12, 66, 11, level <= 2 ? ' fill="#000"' : '');
    let s = level === 1 ? solid(ears) : shape(ears);
    if (level >= 4) s += shape('M61 20C55 12 55 5 58 5C63 5 67 12 67 20Z') + shape('M78 20C80 11 84 6 88 7C90 10 86 16 82 22Z');
    s += tail;
    if (level >= 4)
      s += inside('bunny-tail', 'M1 66A11 11 0 1 0 23 66A11 11 0 1 0 1 66Z', 'M4 56C10 62 10 70 4 76M12 55C18 62 18 70 12 77');
    if (level === 1)
      s += shape(
        'M14 66C14 48 28 40 46 40C52 40 56 36 58 32C58 22 66 16 76 16C88 16 96 26 96 38C96 50 88 56 80 58C82 66 78 80 70 88L22 88C16 84 14 76 14 66Z',
      );
    else {
      s += shape('M14 66C14 48 28 40 46 40C62 40 80 50 80 64C80 78 74 88 68 88L22 88C16 84 14 76 14 66Z');
      if (level >= 3) s += ellipse(54, 70, 13, 12);
      if (level >= 4) {
        // The feet, each parted into three toes (the lines from edge to edge of the foot).
        s += ellipse(30, 85, 12, 4.5) + ellipse(70, 85, 9, 4.5);
        let d = '';
        for (const [cx, rx] of [
          [30, 12],
          [70, 9],
        ] as const)
          for (const dx of [-rx / 3, rx / 3]) {
            const h = 4.5 * Math.sqrt(1 - (dx / rx) ** 2);
            d += `M${n(cx + dx)} ${n(85 - h)}L${n(cx + dx)} ${n(85 + h)}`;
          }
        s += line(d);
        // The carrot, its ridges and two leaves.
        s += shape('M98 70C94 66 93 61 95 59C98 61 99 65 99 69Z') + shape('M99 70C100 65 102 62 104 62C104 66 102 69 100 71Z');
        s += shape(CARROT) + inside('bunny-carrot', CARROT, 'M86 78L92 84M91 73L97 79');
      }
      s += circle(76, 38, 21);
    }
    if (level >= 4) s += circle(82, 33, 6.5);
    s += circle(82, 33, level === 1 ? 3.6 : level === 4 ? 2.8 : 3, ' fill="#000"');
    s += solid('M89 40L94 40L91.5 44Z');
    return s + line('M91.5 44L91.5 46.5M88.5 48Q90 49.5 91.5 46.5Q93 49.5 94 48');
  },
};

/** The alien's head, wider at the brow. */
const ALIEN_HEAD = loop([
  [50, 20],
  [70, 22],
  [83, 34],
  [81, 52],
  [68, 66],
  [50, 70],
  [32, 66],
  [19, 52],
  [17, 34],
  [30, 22],
]);
/** Its round body (under the head). */
const ALIEN_BODY = loop([
  [50, 62],
  [65, 66],
  [73, 82],
  [74, 98],
  [67, 110],
  [50, 113],
  [33, 110],
  [26, 98],
  [27, 82],
  [35, 66],
]);
/** At level 1 the body, the arms (one waving, one hanging down its side) and the legs in one outline. */
const ALIEN_WHOLE = loop([
  [50, 62],
  [63, 65],
  [71, 70],
  [80, 66],
  [88, 59],
  [91, 50],
  [91, 43],
  [96, 37],
  [103, 41],
  [104, 50],
  [99, 59],
  [92, 71],
  [82, 81],
  [75, 86],
  [74, 98],
  [70, 107],
  [68, 116],
  [72, 124],
  [61, 126],
  [53, 123],
  [51, 114],
  [49, 114],
  [47, 123],
  [39, 126],
  [28, 124],
  [32, 116],
  [30, 107],
  [26, 99],
  [23, 108],
  [17, 114],
  [10, 112],
  [6, 105],
  [9, 95],
  [15, 84],
  [22, 76],
  [30, 68],
  [38, 64],
]);

/** A spot on the alien: centre, radius, and the level it comes at. */
type Spot = readonly [number, number, number, Level];
/** Spots on its head, more each level up (each drawn only where it is wide enough to colour). */
const ALIEN_HEAD_SPOTS: readonly Spot[] = [
  [50, 28, 5, 2],
  [25, 44, 4.5, 3],
  [75, 44, 4.5, 3],
  [36, 27, 3, 4],
  [64, 27, 3, 4],
];
/** Spots on its body. */
const ALIEN_BODY_SPOTS: readonly Spot[] = [
  [39, 76, 5.5, 3],
  [61, 106, 4.5, 3],
  [61, 76, 4, 4],
  [38, 106, 3.5, 4],
];
/** Its cheeks. */
const ALIEN_CHEEKS: readonly Spot[] = [
  [26, 57, 4, 3],
  [74, 57, 4, 3],
];

/**
 * A friendly alien standing, facing us, waving (Alien Friend, Picnic on the Moon): a big head with two big eyes and
 * antennae, a round body, one arm waving, one hanging, short legs. At level 1 body, arms and legs one outline, the eyes
 * and the antennae's tips solid; the arms, the hands, the boots and the eyes to colour and spots on the head from level 2;
 * a belt, cheeks, more spots and fingers from level 3; the belt's buckle, the smallest spots and toes at level 4.
 */
const alien: Drawing = {
  width: 106,
  height: 130,
  draw: (level, _rnd, sizeMm) => {
    const scale = sizeMm / 106;
    /** Spots (centre and radius) wide enough on the page to colour at this level (PATCH_MM). */
    const spots = (all: readonly Spot[]): string =>
      all
        .filter(([, , r, from]) => level >= from && 2 * r * scale >= PATCH_MM[level])
        .map(([x, y, r]) => circle(x, y, r))
        .join('');
    // On a small alien at level 2 the eyes stay solid and the hands part of the arms (their rings would be too thin).
    const roomy = level >= 3 || sizeMm >= 40;
    // The antennae behind the head, their balls solid until big enough to colour.
    const ball = 12 * scale >= PATCH_MM[level] && level >= 2 ? '' : ' fill="#000"';
    let s = line('M40 23C37 14 32 9 26 8M60 23C63 14 68 9 74 8') + circle(24, 8, 6, ball) + circle(76, 8, 6, ball);
    if (level === 1) s += shape(ALIEN_WHOLE);
    else {
      // The waving arm and the hanging arm behind the body, their hands round mittens (fingers from level 3).
      s += shape(
        tube(
          [
            [66, 78],
            [84, 70],
            [93, 56],
            [96, 46],
          ],
          12,
          11,
        ),
      );
      s += shape(
        tube(
          [
            [34, 78],
            [20, 90],
            [12, 106],
          ],
          12,
          11,
        ),
      );
      if (roomy) s += circle(97, 42, 8.5) + circle(11, 110, 8);
      if (level >= 3) s += line('M92 35L93 39M97 34L97 38M102 36L101 40M6 116L8 113M11 118L11 114M16 117L15 113');
      // Boots: a leg and its foot in one outline each; toes at level 4.
      s += shape('M35 104L35 114C26 114 22 128 32 128L49 128L49 104Z') + shape('M65 104L65 114C74 114 78 128 68 128L51 128L51 104Z');
      if (level >= 4) s += line('M31 128L31 122M38 128L38 122M69 128L69 122M62 128L62 122');
      s += shape(ALIEN_BODY);
      // A belt from level 3 (its buckle at level 4) and spots on the body, all clipped to it.
      const inside: string[] = [];
      if (level >= 3) inside.push(shape('M20 89L80 89L80 99L20 99Z'));
      if (level >= 4) inside.push(shape('M44 87L56 87L56 101L44 101Z'));
      inside.push(spots(ALIEN_BODY_SPOTS));
      if (level >= 3)
        s +=
          `<clipPath id="alien-body"><path d="${ALIEN_BODY}"/></clipPath><g clip-path="url(#alien-body)">${inside.join('')}</g>` +
          line(ALIEN_BODY);
    }
    // The head; spots on it from level 2 (more each level up, each only where it is big enough to colour).
    s += shape(ALIEN_HEAD);
    s += spots(ALIEN_HEAD_SPOTS);
    // Big eyes: solid at level 1 (and on a small alien at level 2), white with a big pupil; cheeks from level 3; a smile.
    if (level === 1 || !roomy) s += ellipse(38, 44, 7.5, 9.5, ' fill="#000"') + ellipse(62, 44, 7.5, 9.5, ' fill="#000"');
    else
      s += ellipse(38, 44, 9.5, 11.5) + ellipse(62, 44, 9.5, 11.5) + circle(40, 46, 5, ' fill="#000"') + circle(60, 46, 5, ' fill="#000"');
    s += spots(ALIEN_CHEEKS);
    return s + line('M40 59Q50 66 60 59');
  },
};

/**
 * A teddy bear sitting, facing us (Champion!, Birthday Party, the home of custom scenes): at level 1 the body with its
 * arms and feet one outline, the head with its ears another, the eyes and nose solid; the ears, the arms, the feet and
 * the muzzle apart from level 2; the ears' insides, the pads of the feet and a tummy from level 3; toe pads, the
 * paws' pads and a bow at the neck at level 4. As tall for its width as the clip-art teddy it replaces.
 */
const teddy: Drawing = {
  width: 90,
  height: 103,
  draw: (level) => {
    // The face: eyes, nose and mouth (the muzzle round them from level 2).
    const face = (eye: number): string =>
      circle(35, 28, eye, ' fill="#000"') +
      circle(55, 28, eye, ' fill="#000"') +
      solid('M40 37C40 34 50 34 50 37C50 40 47 42 45 42C43 42 40 40 40 37Z') +
      line('M45 42L45 44.5M41 46.5Q45 49 49 46.5');
    if (level === 1)
      return (
        shape(
          loop([
            [45, 48],
            [60, 51],
            [72, 58],
            [80, 68],
            [84, 80],
            [80, 88],
            [82, 94],
            [77, 101],
            [60, 102],
            [45, 98],
            [30, 102],
            [13, 101],
            [8, 94],
            [10, 88],
            [6, 80],
            [10, 68],
            [18, 58],
            [30, 51],
          ]),
        ) +
        // The arms' inner edges, ending short of the outline.
        line('M27 61C22 68 20 76 21 84M63 61C68 68 70 76 69 84') +
        shape(
          loop([
            [45, 8],
            [60, 9],
            [66, 4],
            [76, 3],
            [83, 10],
            [82, 20],
            [75, 28],
            [74, 40],
            [66, 53],
            [45, 59],
            [24, 53],
            [16, 40],
            [15, 28],
            [8, 20],
            [7, 10],
            [14, 3],
            [24, 4],
            [30, 9],
          ]),
        ) +
        face(3.4)
      );
    // The body, the arms over its sides resting on the feet, the feet in front.
    let s = shape(
      loop([
        [45, 48],
        [60, 52],
        [68, 66],
        [70, 80],
        [62, 88],
        [45, 90],
        [28, 88],
        [20, 80],
        [22, 66],
        [30, 52],
      ]),
    );
    if (level >= 3) s += ellipse(45, 78, 13, 14);
    const armL: Pt[] = [
      [29, 57],
      [20, 68],
      [14, 80],
    ];
    const armR: Pt[] = armL.map(([x, y]) => [90 - x, y]);
    s += shape(tube(armL, 14, 16)) + shape(tube(armR, 14, 16));
    if (level >= 4) s += ellipse(13, 82, 4.5, 3.5) + ellipse(77, 82, 4.5, 3.5);
    // The feet overlap (the right over the left): no sliver between them and the body's foot.
    for (const x of [27, 63]) {
      s += ellipse(x, 92, 19, 10.5);
      if (level >= 3) s += ellipse(x, 94, 7.5, 5.5);
      if (level >= 4) s += circle(x - 8.5, 86.5, 2.6) + circle(x, 84.5, 2.6) + circle(x + 8.5, 86.5, 2.6);
    }
    // The ears behind the head (their insides from level 3), the head, the muzzle.
    s += circle(19, 15, 12) + circle(71, 15, 12);
    if (level >= 3) s += circle(19, 15, 6) + circle(71, 15, 6);
    s += ellipse(45, 33, 29, 25);
    s += ellipse(45, 42, 13, 11.5);
    // Level 4: a bow under the chin, its knot over the head's edge.
    if (level >= 4) s += shape('M45 58L29 50C26 54 26 63 29 67Z') + shape('M45 58L61 50C64 54 64 63 61 67Z') + circle(45, 58, 4.5);
    return s + face(level === 2 ? 3 : 2.6);
  },
};

/** The mother pig's body: its lower half sinks into the mud (drawn over it). */
const PIG_BODY = loop([
  [24, 44],
  [34, 24],
  [58, 14],
  [88, 14],
  [110, 24],
  [120, 44],
  [118, 64],
  [100, 80],
  [60, 82],
  [30, 76],
  [20, 60],
]);
/** Her head and snout in one outline (level 1); from level 2 the snout is a disc of its own over the head. */
const PIG_HEAD_SNOUT = loop([
  [112, 27],
  [126, 31],
  [133, 40],
  [142, 41],
  [150, 48],
  [152, 58],
  [149, 67],
  [138, 70],
  [126, 74],
  [112, 74],
  [98, 68],
  [89, 54],
  [92, 38],
  [100, 30],
]);
/** The mud puddle they wallow in, over the mother's legs and belly and her chin. */
const PIG_MUD =
  'M6 76C2 70 10 64 18 68C24 62 34 66 38 68C46 62 56 70 62 68C72 62 82 70 92 67C100 62 112 70 120 68C128 62 140 64 144 70C150 70 152 78 146 82C150 86 144 90 136 88C120 92 100 88 84 90C64 92 44 88 28 90C14 92 4 88 8 82C2 82 2 76 6 76Z';

/** A pig's snout, solid dots for nostrils, facing right, centred at (x, y), `r` tall. */
const nostrils = (x: number, y: number, r: number): string =>
  ellipse(x - r * 0.28, y, r * 0.14, r * 0.28, ' fill="#000"') + ellipse(x + r * 0.28, y, r * 0.14, r * 0.28, ' fill="#000"');

/** A drop of mud flying up, pointed at the top, centred at (x, y). */
const drop = (x: number, y: number, r: number): string =>
  shape(
    `M${n(x)} ${n(y - 2.2 * r)}C${n(x + 0.3 * r)} ${n(y - r)} ${n(x + r)} ${n(y - 0.2 * r)} ${n(x + r)} ${n(y + 0.3 * r)}` +
      `C${n(x + r)} ${n(y + 1.4 * r)} ${n(x - r)} ${n(y + 1.4 * r)} ${n(x - r)} ${n(y + 0.3 * r)}C${n(x - r)} ${n(y - 0.2 * r)} ${n(x - 0.3 * r)} ${n(y - r)} ${n(x)} ${n(y - 2.2 * r)}Z`,
  );

/**
 * A mother pig and her piglet wallowing in a mud puddle, facing right (Muddy Piglets, farm custom scenes): the mother's
 * body sinks into the mud, her chin in it, a curly tail; the piglet's head peeks out of the mud in front of her. At level
 * 1 the mother's body, her head with its snout, the piglet's head and the puddle, the ears, the eyes and the nostrils
 * solid; the snouts and the mother's ears to colour, mud on her back and drops splashing from level 2; more mud on her
 * and bubbles in the puddle from level 3; the most of both and ripples across the puddle at level 4.
 */
const pig: Drawing = {
  width: 158,
  height: 92,
  draw: (level, _rnd, sizeMm) => {
    const scale = sizeMm / 158;
    const fits = (across: number): boolean => level >= 2 && across * scale >= PATCH_MM[level];
    // The curly tail behind, and drops of mud flying from level 2.
    let s = line(
      curve([
        [25, 40],
        [14, 38],
        [9, 30],
        [14, 24],
        [20, 28],
      ]),
    );
    // The body, and mud splashed on it from level 2 (clipped to it).
    s += shape(PIG_BODY);
    const patches = (
      [
        [70, 24, 12, 6, 2],
        [22, 56, 5, 6, 3],
        [88, 32, 5, 4, 3],
        [44, 20, 5, 4, 4],
        [84, 50, 4, 5, 4],
      ] as const
    ).filter(([, , rx, , from]) => level >= from && 2 * rx * scale >= PATCH_MM[level]);
    if (patches.length)
      s +=
        `<clipPath id="pig-body"><path d="${PIG_BODY}"/></clipPath><g clip-path="url(#pig-body)">` +
        patches.map(([x, y, rx, ry]) => shape(patch(x, y, rx, ry, x * 0.05))).join('') +
        `</g>` +
        line(PIG_BODY);
    // The mother's ears flopping forward behind her head: solid until big enough to colour.
    const ears = 'M100 38C98 28 102 22 108 19C114 24 116 30 114 36ZM110 33C116 22 128 18 142 22C136 28 130 34 126 38Z';
    s += fits(10) ? shape(ears) : solid(ears);
    // Her head: with its snout one outline at level 1; from level 2 the snout a disc over the round head.
    if (level === 1) s += shape(PIG_HEAD_SNOUT);
    else s += circle(114, 52, 23) + ellipse(139, 57, 8.5, 12);
    s += nostrils(level === 1 ? 143 : 139, 57, 12);
    const eye = level === 1 ? 3.2 : 2.6;
    s += circle(110, 46, eye, ' fill="#000"') + circle(123, 44, eye, ' fill="#000"');
    s += line('M116 62Q122 66 128 63');
    // The piglet's head peeking out of the mud in front of her hind legs: its ears solid, its snout a disc when it fits.
    s += solid('M37 48C35 38 39 33 44 31C49 35 51 40 50 45ZM55 42C60 34 69 31 79 33C75 39 70 44 65 47Z');
    s += circle(54, 58, 22);
    if (level >= 3) s += ellipse(75, 61, 6, 8);
    s += nostrils(level >= 3 ? 75 : 70, 61, 8) + circle(51, 51, 2.8, ' fill="#000"') + circle(63, 50, 2.8, ' fill="#000"');
    s += line('M57 68Q61 70 65 68');
    // The puddle over their legs and chins: bubbles from level 3, ripples across it at level 4, drops splashing from level 2.
    s += shape(PIG_MUD);
    const bubbles = (
      [
        [26, 75, 4, 3],
        [98, 75, 4, 3],
        [128, 76, 4, 3],
        [70, 76, 3, 4],
        [48, 75, 3, 4],
      ] as const
    ).filter(([, , r, from]) => level >= from && 2 * r * scale >= PATCH_MM[level]);
    const inside = [
      ...bubbles.map(([x, y, r]) => circle(x, y, r)),
      ...(level >= 4 ? [line('M0 83C30 80 60 86 90 82C110 80 130 84 158 82')] : []),
    ];
    if (inside.length)
      s += `<clipPath id="pig-mud"><path d="${PIG_MUD}"/></clipPath><g clip-path="url(#pig-mud)">${inside.join('')}</g>` + line(PIG_MUD);
    if (fits(10)) s += drop(8, 56, 5) + drop(152, 46, 4.5);
    return s;
  },
};

export const ANIMALS = {
  lion,
  monkey,
  giraffe,
  cat,
  dragon,
  fish,
  horse,
  unicorn,
  parrot,
  elephant,
  dog,
  cow,
  dolphin,
  bunny,
  teddy,
  alien,
  pig,
} satisfies Record<string, Drawing>;
