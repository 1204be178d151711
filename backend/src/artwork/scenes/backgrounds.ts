// Locations: a procedural background for each place of the vocabulary. Level 1 keeps a horizon and
// one or two big shapes; each level up adds things, and level 4 adds patterns and small detail.
import { valleyLandmark } from './dinosaurs.js';
import {
  cabbage,
  crackedEarth,
  fernFrond,
  grassClump,
  grassFringe,
  groundLeaf,
  meadowFlower,
  stone,
  termiteMound,
  tulipRow,
} from './grounds.js';
import { artSize, placeArt, type ArtRef } from './library.js';
import { seededRandom, type Random } from './random.js';
import {
  airship,
  bandedPlanet,
  bird,
  asteroid,
  baseDome,
  comet,
  farmstead,
  farRocket,
  fish,
  flyingSaucer,
  hotAirBalloon,
  jellyfish,
  kelp,
  kite,
  lowSun,
  patchworkHills,
  pterodactyl,
  puffyCloud,
  rainbow,
  sailboat,
  satellite,
  smokingVolcano,
  turtle,
  village,
  vulture,
  waveCrest,
  windmill,
} from './skies.js';
import { circle, ellipse, line, n, paintGroup, shape, solid, starPath, wavePath, type Box, type Level } from './svg.js';

export type Terrain = 'land' | 'water' | 'sky' | 'space' | 'indoor';

export interface BackgroundContext {
  area: Box;
  level: Level;
  rnd: Random;
  strokeMm: number;
  /** Boxes where the composition put things; decoration keeps out of them. */
  taken: Box[];
  /** The child's head on the page, when there is a child. */
  child?: Box;
  /** The drawings the composition placed (library names), so a place does not draw its landmark a second time. */
  shown?: readonly string[];
  /** When the page has a child: what it draws again in the white ring round the child (`Ring`). */
  ring?: Ring;
  /** What the child does (the scene vocabulary's activity): at level 4 it chooses the place's ground. */
  activity?: string;
  /** How the child does it (the figure's pose, which tells apart pages of one activity): seeds the level-4 sky's pick. */
  pose?: string;
  /** Where those drawings landed (each inside the box taken for it, which may be wider). */
  drawn?: readonly Box[];
}

/**
 * What the page draws again in the white ring the child's knockout leaves round it (docs/decisions/037), in the order the
 * background and the composer draw it, in the scene's paint: the lines that divide the scene's big areas (the horizon,
 * the hills' line, the fields' bands, the shore, the wall's foot, a fence, the podium, a rainbow's arcs), so that these
 * areas meet the child's outline and stay apart; and after them, in white, the shape of each thing drawn over those lines
 * near the child (a tree, a friend, the ridden animal), so no line runs across the gap the ring cut in it. Every other
 * line keeps the ring's margin.
 */
export interface Ring {
  /** The child's box: nothing further off reaches the ring. */
  readonly near: Box;
  readonly svg: string[];
  /** The horizon's line (between the sky, the water or the wall and the ground), for the tests. */
  horizon?: string;
}

/** Draws a dividing line (or a shape whose edge divides), handing it to the ring too; the first horizon is the horizon. */
export function divide(ring: Ring | undefined, svg: string, horizon = false): string {
  if (ring) {
    ring.svg.push(svg);
    if (horizon) ring.horizon ??= svg;
  }
  return svg;
}

/**
 * Hides in the ring the lines drawn so far where `svg`, drawn in box `b`, stands in front of them: its shape in white
 * (`drawRing`'s style), nothing when it is far from the child.
 */
export function cover(ring: Ring | undefined, b: Box, svg: string): void {
  if (ring && ring.svg.length && svg && overlaps(ring.near, b, 6)) ring.svg.push(`<g class="ring-cover">${svg}</g>`);
}

/**
 * Draws in the ring, with its own lines, a thing standing on the horizon near the child (the valley's landmark): hidden
 * there, the ring cut its outline and its inside joined the sky to the ground; drawn there, its outline reaches the child's.
 */
function stand(ctx: BackgroundContext, ref: ArtRef, box: Box, extra: { anchor?: 'bottom' | 'center' } = {}): string {
  const svg = placeArt(ref, { box, strokeMm: ctx.strokeMm, level: ctx.level, rnd: ctx.rnd, ...extra });
  if (ctx.ring && overlaps(ctx.ring.near, box, 6)) ctx.ring.svg.push(svg);
  return svg;
}

/** The side of the scene away from the child's head. */
const freeSide = (ctx: BackgroundContext): 'left' | 'right' =>
  ctx.child && ctx.child.x + ctx.child.w / 2 > ctx.area.x + ctx.area.w / 2 ? 'left' : 'right';

export interface Background {
  readonly terrain: Terrain;
  /** Where things stand (mm from the top of the page). */
  readonly groundY: number;
  /** Indoors: where the back wall meets the floor (mm from the top of the page); what stands far back stands in front of it. */
  readonly wallFoot?: number;
  draw(ctx: BackgroundContext): string;
  /** The piece drawn in front of the child's shoulders when the activity brings none. */
  front(box: Box, ctx: BackgroundContext): string;
}

const overlaps = (a: Box, b: Box, pad = 2): boolean =>
  a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;

/**
 * Places up to `count` copies of something at random free spots inside `region` (boxes `size` wide, `aspect` times as
 * tall), trying `tries` spots a copy.
 */
function scatter(
  ctx: BackgroundContext,
  region: Box,
  count: number,
  size: [number, number],
  draw: (b: Box) => string,
  aspect = 1,
  tries = 12,
): string {
  let out = '';
  let placed = 0;
  for (let t = 0; t < count * tries && placed < count; t++) {
    const s = ctx.rnd.range(size[0], size[1]);
    const h = s * aspect;
    const b = { x: ctx.rnd.range(region.x, region.x + region.w - s), y: ctx.rnd.range(region.y, region.y + region.h - h), w: s, h };
    if (ctx.taken.some((t) => overlaps(t, b))) continue;
    ctx.taken.push(b);
    const svg = draw(b);
    out += svg;
    cover(ctx.ring, b, svg);
    placed++;
  }
  return out;
}

const art = (
  ctx: BackgroundContext,
  ref: ArtRef,
  box: Box,
  extra: { flip?: boolean; rotate?: number; anchor?: 'bottom' | 'center' } = {},
): string => {
  const svg = placeArt(ref, { box, strokeMm: ctx.strokeMm, level: ctx.level, rnd: ctx.rnd, ...extra });
  cover(ctx.ring, box, svg);
  return svg;
};

/** Takes a box for decoration if it is free; answers whether it was. */
function claim(ctx: BackgroundContext, b: Box): boolean {
  if (ctx.taken.some((t) => overlaps(t, b, 0))) return false;
  ctx.taken.push(b);
  return true;
}

const paint = (ctx: BackgroundContext, body: string): string => paintGroup(body, ctx.strokeMm);
const right = (a: Box): number => a.x + a.w;
const bottom = (a: Box): number => a.y + a.h;

const STAR_SIZE: Readonly<Record<Level, [number, number]>> = { 1: [20, 24], 2: [8, 12], 3: [6, 10], 4: [5, 9] };

function stars(ctx: BackgroundContext, region: Box, count: number, size: [number, number] = [5, 9]): string {
  return scatter(ctx, region, count, size, (b) => shape(starPath(b.x + b.w / 2, b.y + b.h / 2, b.w / 2, ctx.rnd.range(-0.3, 0.3))));
}

/** Motifs that fill free ground or sky with closed shapes to colour: what makes level 4 a full page. */
type Motif = 'meadow' | 'pebbles' | 'stars' | 'ringed-stars' | 'confetti' | 'bubbles' | 'clouds';

function motif(ctx: BackgroundContext, kind: Motif, b: Box): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const r = b.w / 2;
  switch (kind) {
    case 'meadow': {
      // Below level 4 some of them pebbles; at level 4 all daisies (rows of ovals read as nothing in particular).
      if (ctx.level < 4 && ctx.rnd.chance(0.35)) return ellipse(cx, cy + r * 0.3, r * 0.9, r * 0.55);
      // A daisy: five round petals round a middle (each petal one region).
      let f = '';
      const turn = ctx.rnd.range(0, Math.PI);
      for (let i = 0; i < 5; i++) {
        const a = turn + (i * 2 * Math.PI) / 5;
        f += circle(cx + Math.cos(a) * r * 0.58, cy + Math.sin(a) * r * 0.58, r * 0.4);
      }
      return f + circle(cx, cy, r * 0.32);
    }
    case 'pebbles':
      return ellipse(cx, cy, r, r * ctx.rnd.range(0.5, 0.75));
    case 'stars':
      return shape(starPath(cx, cy, r, ctx.rnd.range(-0.3, 0.3)));
    case 'ringed-stars':
      // A star in a ring, its points on the ring: six regions to colour.
      return circle(cx, cy, r) + shape(starPath(cx, cy, r, ctx.rnd.range(-0.3, 0.3)));
    case 'confetti':
      return ctx.rnd.chance(0.5)
        ? shape(starPath(cx, cy, r, ctx.rnd.range(-0.4, 0.4)))
        : shape(
            `M${n(cx)} ${n(cy + r * 0.8)}C${n(cx - r * 1.3)} ${n(cy - r * 0.1)} ${n(cx - r * 0.6)} ${n(cy - r * 1.1)} ${n(cx)} ${n(cy - r * 0.35)}C${n(cx + r * 0.6)} ${n(cy - r * 1.1)} ${n(cx + r * 1.3)} ${n(cy - r * 0.1)} ${n(cx)} ${n(cy + r * 0.8)}Z`,
          );
    case 'bubbles':
      return circle(cx, cy, r) + (r > 3 ? circle(cx - r * 0.35, cy - r * 0.35, r * 0.28) : '');
    case 'clouds':
      return ctx.level >= 4
        ? puffyCloud({ x: b.x, y: b.y + b.h * 0.2, w: b.w, h: b.h * 0.55 }, ctx.rnd)
        : art(ctx, { drawing: 'cloud' }, { x: b.x, y: b.y + b.h / 4, w: b.w, h: b.h / 2 });
  }
}

/** How many motifs a free area gets per level (none for the youngest: their pages stay a few big shapes). */
const TEXTURE: Readonly<Record<Level, number>> = { 1: 0, 2: 0, 3: 10, 4: 34 };

function texture(ctx: BackgroundContext, kind: Motif, region: Box, share = 1, size?: [number, number]): string {
  const count = Math.round(TEXTURE[ctx.level] * share);
  if (!count) return '';
  const sz = size ?? (ctx.level >= 4 ? [7, 10] : [8, 11]);
  return scatter(ctx, region, count, sz, (b) => motif(ctx, kind, b));
}

/** A polyline through the points, open. */
const poly = (pts: [number, number][]): string =>
  `<path d="${pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('')}" fill="none"/>`;

/**
 * Level 3-4 ground: the land below the horizon cut into bands of fields, with daisies and pebbles inside the bands. At
 * level 4 a patchwork: fences cut each band into fields, and some fields are ploughed into furrows (each furrow one
 * closed strip between two lines). Drawn over the hills and under everything else, whose white fills hide it.
 */
function fields(ctx: BackgroundContext, horizon: number, kind: GroundKind = 'fields'): string {
  if (ctx.level < 3) return '';
  if (ctx.level >= 4) return groundKind(kind, kind === 'fields' ? patchwork(ctx, horizon) : placeGround(ctx, horizon, kind));
  return patchwork(ctx, horizon);
}

/** Fields in bands (level 3), at level 4 a patchwork with ploughed fields (see `fields`). */
function patchwork(ctx: BackgroundContext, horizon: number): string {
  const a = ctx.area;
  const step = ctx.level >= 4 ? 15 : 22;
  const amp = 1.2;
  const top = horizon + 12;
  const rows: ((x: number) => number)[] = [];
  for (let y = top; y < bottom(a) - 6; y += step) {
    const phase = ctx.rnd.range(0, Math.PI * 2);
    const f = ctx.rnd.range(0.03, 0.06);
    rows.push((x) => y + amp * Math.sin(x * f + phase));
  }
  let s = '';
  for (const row of rows) {
    const pts: [number, number][] = [];
    for (let x = a.x - 2; x <= right(a) + 2; x += 4) pts.push([x, row(x)]);
    s += divide(ctx.ring, poly(pts));
  }
  for (let k = 0; k < rows.length; k++) {
    const y0 = rows[k]!;
    const y1 = k + 1 < rows.length ? rows[k + 1]! : () => bottom(a) + 2;
    const bandTop = y0(a.x) - amp;
    const bandBottom = k + 1 < rows.length ? bandTop + step : bottom(a) - 2;
    if (ctx.level >= 4) {
      // Fences between fields, each from one band's line to the next: [x at the top, x at the bottom].
      const cuts = ctx.rnd.int(3, 4);
      const edges: [number, number][] = [[a.x - 2, a.x - 2]];
      for (let i = 0; i < cuts; i++) {
        const x = a.x + ((i + ctx.rnd.range(0.7, 1.3)) * a.w) / (cuts + 1);
        edges.push([x, x + ctx.rnd.range(-6, 6)]);
      }
      edges.push([right(a) + 2, right(a) + 2]);
      for (let i = 1; i < edges.length - 1; i++) {
        const [x, x2] = edges[i]!;
        s += poly([
          [x, y0(x)],
          [x2, y1(x2)],
        ]);
        ctx.taken.push({ x: Math.min(x, x2) - 2, y: y0(x) - 2, w: Math.abs(x2 - x) + 4, h: y1(x2) - y0(x) + 4 });
      }
      // Every other field ploughed: furrows parallel to its fences, about 5 mm apart.
      for (let i = 0; i < edges.length - 1; i++) {
        if ((i + k) % 2) continue;
        const [ta, ba] = edges[i]!;
        const [tb, bb] = edges[i + 1]!;
        const count = Math.floor(Math.min(tb - ta, bb - ba) / 5);
        for (let j = 1; j < count; j++) {
          const t = j / count;
          const xt = ta + (tb - ta) * t;
          const xb = ba + (bb - ba) * t;
          s += poly([
            [xt, y0(xt)],
            [xb, y1(xb)],
          ]);
        }
        ctx.taken.push({ x: Math.min(ta, ba), y: bandTop, w: Math.max(tb, bb) - Math.min(ta, ba), h: bandBottom - bandTop });
      }
    }
    // Level 4's fields grow daisies only (rows of pebbles there read as nothing in particular).
    const kind: Motif = ctx.level >= 4 || ctx.rnd.chance(0.6) ? 'meadow' : 'pebbles';
    const room = Math.min(bandBottom - bandTop, step) - 4 * amp - 3;
    if (room >= 6)
      s += texture(
        ctx,
        kind,
        { x: a.x + 3, y: bandTop + 2 * amp + 1.5, w: a.w - 6, h: bandBottom - bandTop - 4 * amp - 3 },
        ctx.level >= 4 ? 0.7 : 0.4,
        [Math.min(8, room - 1), Math.min(10, room)],
      );
  }
  return s;
}

/**
 * What a place's ground is at level 4: a patchwork of fields, crop rows, a flower meadow, long grass, savanna tussocks,
 * cracked dry earth, ferns and stones, jungle leaves, garden beds.
 */
type GroundKind = 'fields' | 'crops' | 'meadow' | 'long-grass' | 'savanna' | 'cracked' | 'valley' | 'jungle' | 'garden';

/**
 * A place's level-4 ground: its own, or the one it gives what the child does there (a picnic on a flower meadow, a ride
 * through long grass, a fossil dig on cracked earth), so the pages of one place differ below the horizon too.
 */
interface Grounds {
  readonly kind: GroundKind;
  readonly byActivity?: Readonly<Partial<Record<string, GroundKind>>>;
  /** What the ground is round something the page shows (the cracked earth round a volcano), before the activity's. */
  readonly byShown?: Readonly<Partial<Record<string, GroundKind>>>;
}

const groundOf = (ctx: BackgroundContext, g: Grounds): GroundKind =>
  (ctx.shown ?? []).map((w) => g.byShown?.[w]).find(Boolean) ?? (ctx.activity ? g.byActivity?.[ctx.activity] : undefined) ?? g.kind;

/**
 * Level 4's ground of a place other than the fields: bands narrow far off and wider near, each band's edge a row across
 * the page behind the child and friends (a fringe of grass on the savanna and in long grass, big leaves lying on their
 * line in the jungle, a flower bed's edging in a garden, a row of cabbages in crop rows, short grass in a valley, little
 * tulips in a meadow), and in the
 * bands the place's things, smaller far off: clumps of tall grass and termite mounds, ferns and stones, big leaves,
 * daisies, meadow flowers; crop rows get a furrow between rows. Each thing keeps inside its band, clear of the rows, so
 * no sliver closes against them. Cracked earth has no bands: plates between cracks, with a few stones on them.
 */
/**
 * How far a band's things keep from the rows (mm): above the next row's line and below their own. A grass fringe or a
 * row of tulips stands on its line, leaves and edging bricks lie across theirs.
 */
const ROW_CLEARANCE: Readonly<Partial<Record<GroundKind, readonly [number, number]>>> = {
  savanna: [6.5, 2.5],
  'long-grass': [9, 2.5],
  jungle: [5.5, 5.5],
  garden: [3.5, 3.5],
  meadow: [8, 2],
};

function placeGround(ctx: BackgroundContext, horizon: number, kind: Exclude<GroundKind, 'fields'>): string {
  const a = ctx.area;
  if (kind === 'cracked') {
    const foot = bottom(a) + 2;
    let s = crackedEarth(a.x - 2, right(a) + 2, horizon + 8, foot, ctx.rnd);
    s += scatter(ctx, { x: a.x + 4, y: horizon + 24, w: a.w - 8, h: foot - horizon - 30 }, 6, [7, 11], (b) =>
      stone({ ...b, y: b.y + b.h * 0.35, h: b.h * 0.65 }, ctx.rnd),
    );
    ctx.taken.push({ x: a.x, y: horizon + 8, w: a.w, h: foot - horizon - 8 });
    return s;
  }
  let s = '';
  // A garden's path: from the front of the page up to the far beds on the side away from the child, narrowing.
  const side = freeSide(ctx) === 'right' ? 1 : -1;
  const pathX = (y: number): number => a.x + a.w / 2 + side * (50 + 22 * (Math.max(0, bottom(a) - y) / (bottom(a) - horizon)) ** 1.5);
  const pathHalf = (y: number): number => 5 + (12 * (y - horizon)) / (bottom(a) - horizon);
  const onPath = (x0: number, x1: number, y: number): boolean =>
    kind === 'garden' && x1 > pathX(y) - pathHalf(y) - 3 && x0 < pathX(y) + pathHalf(y) + 3;
  const lines: number[] = [];
  for (let y = horizon + 10, step = 14; y < bottom(a) - 8; y += step, step += 5) lines.push(y);
  // Each band's top edge a row across the page, behind the child and friends: a fringe of grass, leaves lying along it
  // (their midribs on the line), an edging of stones round a flower bed, cabbages standing on it.
  // What comes after (the place's extras, grass tufts) keeps off the rows; the bands' things keep inside their bands.
  const rows: Box[] = [];
  for (const [k, y] of lines.entries()) {
    if (kind === 'savanna' || kind === 'long-grass') {
      const tall = kind === 'savanna' ? 5 : 7.5;
      s += grassFringe(a.x - 2, right(a) + 2, y + 1, tall, ctx.rnd);
      rows.push({ x: a.x, y: y - tall - 1, w: a.w, h: tall + 3 });
      continue;
    }
    if (kind === 'valley') {
      // Short grass along the line, ferns and stones in the bands.
      s += grassFringe(a.x - 2, right(a) + 2, y + 1, 3.5, ctx.rnd);
      rows.push({ x: a.x, y: y - 4.5, w: a.w, h: 6.5 });
      continue;
    }
    s += line(`M${n(a.x - 2)} ${n(y)}L${n(right(a) + 2)} ${n(y)}`);
    if (kind === 'meadow') {
      // A row of little tulips on the line, bigger near.
      const tall = Math.min(7, 4 + (y - horizon) * 0.06);
      s += tulipRow(a.x - 2, right(a) + 2, y, tall, ctx.rnd);
      rows.push({ x: a.x, y: y - tall - 1, w: a.w, h: tall + 3 });
      continue;
    }
    if (kind === 'crops') {
      // A row of cabbages on the line, as big as the band above lets them be, and a furrow halfway down the band below.
      const gap = k ? y - lines[k - 1]! : 14;
      const w = Math.min(13, (gap / 2 - 1) / 0.62);
      for (let x = a.x + ctx.rnd.range(0, w); x < right(a) - w / 2; x += w * ctx.rnd.range(1.5, 1.7)) s += cabbage(x, y, w);
      const next = k + 1 < lines.length ? lines[k + 1]! : bottom(a) + 2;
      s += line(`M${n(a.x - 2)} ${n((y + next) / 2)}L${n(right(a) + 2)} ${n((y + next) / 2)}`);
      rows.push({ x: a.x, y: y - w * 0.62 - 1, w: a.w, h: next - y + w * 0.62 + 1 });
      continue;
    }
    for (let x = a.x + ctx.rnd.range(0, 4); x < right(a) - 4;) {
      if (kind === 'jungle') {
        const w = ctx.rnd.range(18, 22);
        s += groundLeaf({ x, y: y - 4.5, w, h: 9 }, ctx.rnd.chance(0.5), ctx.rnd, true);
        x += w + 3;
      } else if (kind === 'garden') {
        // Edging bricks with round tops, their feet on the bed's line (a shared edge: no sliver under them).
        const [w, h] = [4.2, 3.6];
        if (!onPath(x, x + w, y))
          s += shape(
            `M${n(x)} ${n(y)}L${n(x)} ${n(y - h + 1.4)}Q${n(x)} ${n(y - h)} ${n(x + w / 2)} ${n(y - h)}Q${n(x + w)} ${n(y - h)} ${n(x + w)} ${n(y - h + 1.4)}L${n(x + w)} ${n(y)}Z`,
          );
        x += w + 1.4;
      } else break;
    }
    rows.push({ x: a.x, y: y - 4.5, w: a.w, h: 9 });
  }
  if (kind === 'garden') s += gardenPath(ctx, horizon + 6, pathX, pathHalf);
  for (let k = 0; k < lines.length && kind !== 'crops'; k++) {
    const [above, below] = ROW_CLEARANCE[kind] ?? [5, 2];
    const top = lines[k]! + below;
    const foot = k + 1 < lines.length ? lines[k + 1]! - above : bottom(a) - 1.5;
    const h = foot - top;
    if (h < 9) continue;
    const band = { x: a.x + 3, y: top, w: a.w - 6, h };
    const count = Math.round(a.w / (h * 0.9));
    if (kind === 'savanna') {
      s += scatter(ctx, band, Math.max(1, Math.round(count / 8)), [h * 0.75, h * 0.9], (b) => termiteMound(b, ctx.rnd), 1.05);
      s += scatter(ctx, band, count, [h * 0.95, h * 1.15], (b) => grassClump(b, ctx.rnd), 0.85);
    } else if (kind === 'long-grass') {
      s += scatter(ctx, band, Math.round(count * 1.2), [h * 0.75, h * 0.95], (b) => grassClump(b, ctx.rnd), 1.1);
    } else if (kind === 'valley') {
      s += scatter(ctx, band, count, [h * 0.8, h], (b) =>
        h >= 12 && ctx.rnd.chance(0.5) ? fernFrond(b, ctx.rnd) : stone({ ...b, y: b.y + b.h * 0.35, h: b.h * 0.65 }, ctx.rnd),
      );
    } else if (kind === 'jungle') {
      s += scatter(ctx, band, count, [h * 1.6, h * 1.9], (b) => groundLeaf(b, ctx.rnd.chance(0.5), ctx.rnd), 0.52);
    } else if (kind === 'meadow') {
      s += scatter(ctx, band, Math.round(count / 1.5), [h * 0.7, h * 0.8], (b) => meadowFlower(b, ctx.rnd), 1.25);
    } else {
      s += texture(ctx, 'meadow', band, 0.6, [Math.min(9, h * 0.75), Math.min(11, h * 0.9)]);
    }
  }
  ctx.taken.push(...rows);
  return s;
}

/**
 * A garden's path over the rows of its beds (drawn after them, so it hides them): two edges from the front of the page
 * up to `top`, round stepping stones along it, each its own region. The beds' things keep off it.
 */
function gardenPath(ctx: BackgroundContext, top: number, at: (y: number) => number, half: (y: number) => number): string {
  const a = ctx.area;
  const ys: number[] = [];
  for (let y = bottom(a) + 2; y > top; y -= 4) ys.push(y);
  ys.push(top);
  const left = ys.map((y): [number, number] => [at(y) - half(y), y]);
  const rightEdge = ys.map((y): [number, number] => [at(y) + half(y), y]).reverse();
  let s = shape(`${[...left, ...rightEdge].map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('')}Z`);
  for (let i = 0; i + 1 < ys.length; i += 2)
    ctx.taken.push({ x: at(ys[i]!) - half(ys[i]!) - 1, y: ys[i + 1]!, w: 2 * half(ys[i]!) + 2, h: 8 });
  for (let y = bottom(a) - 9; y > top + 6;) {
    const w = half(y) * 1.3;
    const h = Math.max(3.2, w * 0.42);
    s += stone({ x: at(y) - w / 2 + ctx.rnd.range(-1, 1), y: y - h / 2, w, h }, ctx.rnd);
    y -= h + Math.max(2, h * 0.5);
  }
  return s;
}

/** Level 4: a band of cobbles, rows of rounded stones with a gap between them (each stone its own region). */
function cobbles(ctx: BackgroundContext, box: Box, stone = 11): string {
  if (ctx.level < 4) return '';
  let s = '';
  const rowH = stone * 0.62;
  const gap = 1.3;
  for (let y = box.y, r = 0; y + rowH <= bottom(box) + 0.01; y += rowH + gap, r++) {
    for (let x = box.x - (r % 2 ? stone / 2 : 0); x < right(box);) {
      const w = stone * ctx.rnd.range(0.8, 1.25);
      const c = rowH * 0.4;
      s += shape(
        `M${n(x + c)} ${n(y)}L${n(x + w - c)} ${n(y)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + c)}L${n(x + w)} ${n(y + rowH - c)}Q${n(x + w)} ${n(y + rowH)} ${n(x + w - c)} ${n(y + rowH)}L${n(x + c)} ${n(y + rowH)}Q${n(x)} ${n(y + rowH)} ${n(x)} ${n(y + rowH - c)}L${n(x)} ${n(y + c)}Q${n(x)} ${n(y)} ${n(x + c)} ${n(y)}Z`,
      );
      x += w + gap;
    }
  }
  ctx.taken.push(box);
  return s;
}

/** Level 4: how the sports pitch is mown for what the child does there (stripes for anything else). */
const PITCH: Readonly<Partial<Record<string, 'checks' | 'track'>>> = { waving: 'checks', playing: 'track' };

/** Level 4: pennants on poles along the top of the grandstand (its roof line at y) where there is room: each flag a region. */
function standPennants(ctx: BackgroundContext, x0: number, x1: number, y: number): string {
  let s = '';
  for (let x = x0 + 8; x < x1 - 8; x += 22) {
    const h = 13;
    if (!claim(ctx, { x: x - 12, y: y - h - 1, w: 24, h: h + 1 })) continue;
    s += line(`M${n(x)} ${n(y)}L${n(x)} ${n(y - h)}`);
    const flip = ctx.rnd.chance(0.5) ? 1 : -1;
    s += shape(`M${n(x)} ${n(y - h)}L${n(x + flip * 11)} ${n(y - h + 2.6)}L${n(x)} ${n(y - h + 5.4)}Z`);
  }
  return s;
}

/** Level 4: a grandstand behind a pitch, rows of seats (each seat a region) between two lines. */
function grandstand(ctx: BackgroundContext, box: Box): string {
  if (ctx.level < 4) return '';
  let s = shape(`M${n(box.x)} ${n(bottom(box))}L${n(box.x)} ${n(box.y)}L${n(right(box))} ${n(box.y)}L${n(right(box))} ${n(bottom(box))}Z`);
  const rows = Math.round(box.h / 8);
  const h = box.h / rows;
  for (let r = 1; r < rows; r++) s += line(`M${n(box.x)} ${n(box.y + r * h)}L${n(right(box))} ${n(box.y + r * h)}`);
  for (let r = 0; r < rows; r++) {
    let d = '';
    for (let x = box.x + (r % 2 ? 5 : 10); x < right(box) - 2; x += 10)
      d += `M${n(x)} ${n(box.y + r * h)}L${n(x)} ${n(box.y + (r + 1) * h)}`;
    s += `<path d="${d}" fill="none"/>`;
  }
  return s;
}

/**
 * Level 4's far distance: mountains with snowy tops behind the hills (drawn first: everything else hides their feet).
 * When the sky has a smoking volcano, an inner peak is the volcano; a low sun has no peak in front of it.
 */
function skyline(ctx: BackgroundContext, horizon: number, sky: readonly SkyThing[] = []): string {
  if (ctx.level < 4) return '';
  const a = ctx.area;
  let s = '';
  const count = ctx.rnd.int(3, 4);
  const peaks = Array.from({ length: count }, (_, i) => {
    const w = ctx.rnd.range(56, 76);
    return { x: a.x - 10 + (i * (a.w + 20 - w)) / Math.max(1, count - 1), w, h: ctx.rnd.range(30, 42) };
  });
  // The volcano: the peak least hidden by what stands in front (the child, friends, the valley's landmark on the side
  // away from the child); its smoke stays under the far pictures.
  const landmark = { x: freeSide(ctx) === 'right' ? right(a) - 74 : a.x + 4, y: horizon - 60, w: 70, h: 60 };
  const hidden = (p: { x: number; w: number }): number =>
    [...ctx.taken, landmark].reduce((sum, t) => {
      const w = Math.min(p.x + p.w, right(t)) - Math.max(p.x, t.x);
      const h = Math.min(horizon, bottom(t)) - Math.max(horizon - 50, t.y);
      return sum + (w > 0 && h > 0 ? w * h : 0);
    }, 0);
  const volcano = sky.includes('volcano') ? peaks.reduce((best, p, i) => (hidden(p) < hidden(peaks[best]!) ? i : best), 0) : -1;
  const sunX = sky.includes('low-sun') ? lowSunX(ctx, horizon) : undefined;
  for (const [i, { x, w, h }] of peaks.entries()) {
    // No peak in front of a low sun.
    if (sunX !== undefined && x < sunX + LOW_SUN_R + 13 && x + w > sunX - LOW_SUN_R - 13) continue;
    if (i === volcano) {
      ctx.taken.push({ x: x + 6, y: horizon - 50, w: w - 12, h: 24 });
      s += far('volcano', smokingVolcano({ x, y: horizon - 50, w, h: 50 }, x + w / 2 < a.x + a.w / 2 ? 1 : -1, ctx.rnd));
    } else s += art(ctx, { drawing: 'mountain' }, { x, y: horizon - h, w, h: h + 6 }, { anchor: 'bottom' });
  }
  return s;
}

/** Level 4's far distance in a farming place: a village along the horizon, half hidden by the hills. */
function farVillage(ctx: BackgroundContext, horizon: number): string {
  if (ctx.level < 4) return '';
  return village(ctx.area.x - 4, right(ctx.area), horizon - 2, ctx.rnd);
}

/** Level 4's far distance in a green place: hills in a patchwork of fields and hedges, trees on their crests. */
function farHills(ctx: BackgroundContext, horizon: number): string {
  if (ctx.level < 4) return '';
  return patchworkHills(ctx.area.x - 10, right(ctx.area) + 10, horizon, ctx.rnd);
}

/**
 * Level 4's far distance on a farm: the patchwork hills, and a barn and silo among them on the side away from the child;
 * when the sky has one, a windmill beside them.
 */
function farFarm(ctx: BackgroundContext, horizon: number, sky: readonly SkyThing[] = []): string {
  if (ctx.level < 4) return '';
  const a = ctx.area;
  const x = freeSide(ctx) === 'right' ? right(a) - 56 : a.x + 10;
  let s = farHills(ctx, horizon) + farmstead(x, horizon - 2, 46);
  if (sky.includes('windmill')) {
    // Beside the barn, towards the middle; its sails stay under the far pictures (they fly higher).
    const h = 26;
    const cx = freeSide(ctx) === 'right' ? x - 20 : x + 66;
    ctx.taken.push({ x: cx - 17, y: horizon - 2 - 1.72 * h, w: 34, h: 1.72 * h });
    s += far('windmill', windmill(cx, horizon - 2, h, ctx.rnd.range(10, 35)));
  }
  return s;
}

/** Level 4: a row of little trees along the horizon. */
function horizonTrees(ctx: BackgroundContext, horizon: number): string {
  if (ctx.level < 4) return '';
  const a = ctx.area;
  return scatter(ctx, { x: a.x + 2, y: horizon - 22, w: a.w - 4, h: 22 }, 7, [14, 18], (b) =>
    art(ctx, { drawing: 'pine-tree' }, { x: b.x, y: b.y, w: b.w * 0.6, h: b.h }, { anchor: 'bottom' }),
  );
}

function grassTufts(ctx: BackgroundContext, y0: number, y1: number, count: number): string {
  const a = ctx.area;
  return scatter(ctx, { x: a.x + 2, y: y0, w: a.w - 4, h: y1 - y0 }, count, [7, 10], (b) => art(ctx, { drawing: 'grass-tuft' }, b));
}

function hills(ctx: BackgroundContext, y: number, bumps: number): string {
  const a = ctx.area;
  const step = a.w / bumps;
  let d = `M${n(a.x - 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} ${n(y + 6)}`;
  for (let i = 0; i < bumps; i++) {
    const x0 = a.x + i * step;
    const lift = ctx.rnd.range(8, 18);
    d += `Q${n(x0 + step / 2)} ${n(y - lift)} ${n(x0 + step)} ${n(y + ctx.rnd.range(-2, 6))}`;
  }
  d += `L${n(right(a) + 2)} ${n(bottom(a) + 2)}Z`;
  return divide(ctx.ring, shape(d), true);
}

/** A sun in a top corner; the other corner when that one is taken (a speech bubble, a kite). */
function sunIn(ctx: BackgroundContext, corner: 'left' | 'right', size = 34): string {
  const a = ctx.area;
  for (const c of corner === 'left' ? (['left', 'right'] as const) : (['right', 'left'] as const)) {
    const b = { x: c === 'left' ? a.x + 6 : right(a) - size - 6, y: a.y + 6, w: size, h: size };
    if (claim(ctx, b)) return art(ctx, { drawing: 'sun' }, b);
  }
  return '';
}

/**
 * What a place's level-4 sky can hold far off, besides its clouds: pictures, not patterns (skies.ts). Each place has its
 * own: pterodactyls, a smoking volcano and a comet over the dinosaurs' valley, a big low sun and vultures on the savanna,
 * a windmill on the farm, stars over a fairy tale, pennants on the sports ground's stand; a rainbow only over a garden
 * and a castle.
 */
type SkyThing =
  | 'rainbow'
  | 'balloons'
  | 'kites'
  | 'flock'
  | 'pterodactyls'
  | 'airship'
  | 'volcano'
  | 'comet'
  | 'vultures'
  | 'low-sun'
  | 'windmill'
  | 'stars'
  | 'pennants'
  | 'asteroids'
  | 'ringed-planet'
  | 'planets'
  | 'rocket'
  | 'satellite'
  | 'saucer'
  | 'kelp'
  | 'shoals'
  | 'jellyfish'
  | 'turtles';

/**
 * Level 4: which of a place's far pictures this page gets (two unless the place says, besides those every page of the
 * place gets). Seeded from what the child does and how (the activity, the pose)
 * and what the page shows, not from the page's running random numbers, so the pages of one bundle, and custom scenes,
 * differ from each other while each page stays the same every time. Returned in the place's order. None below level 4.
 */
function pickSky(
  ctx: BackgroundContext,
  palette: readonly SkyThing[],
  count = Math.min(palette.length, 2),
  always: readonly SkyThing[] = [],
): SkyThing[] {
  if (ctx.level < 4) return [];
  const rnd = seededRandom(JSON.stringify([ctx.activity ?? '', ctx.pose ?? '', ctx.shown ?? []]));
  // Not a second of what the page shows (far kites over a kite of its own, a far rocket by its own, a far volcano where
  // one stands near).
  const shown = ctx.shown ?? [];
  const volcano = shown.includes('volcano') || valleyLandmark(shown) === 'volcano';
  const allowed = (t: SkyThing): boolean =>
    !(t === 'kites' && shown.includes('kite')) && !(t === 'rocket' && shown.includes('rocket')) && !(t === 'volcano' && volcano);
  const left = palette.filter(allowed);
  count = Math.min(count, left.length);
  const out: SkyThing[] = [];
  while (out.length < count) out.push(left.splice(rnd.int(0, left.length - 1), 1)[0]!);
  return [...always.filter(allowed), ...palette.filter((t) => out.includes(t))];
}

/** A level-4 ground pattern, named on the page (tests read which a page got). */
const groundKind = (kind: string, svg: string): string => (svg ? `<g class="ground-${kind}">${svg}</g>` : '');

/** A far picture, named on the page (tests read which a page got). */
const far = (thing: SkyThing, svg: string): string => (svg ? `<g class="far-${thing}">${svg}</g>` : '');

/**
 * The sun in a corner; at level 4 first the page's far pictures (`sky`, from `pickSky`: a rainbow whose feet the ground
 * hides, a big sun low on the horizon instead of the corner's, hot-air balloons, kites, an airship, a comet, stars, a
 * flock of birds, pterodactyls or vultures), so that the sun, the clouds and everything after it hide what they cover.
 */
function sunAndSky(ctx: BackgroundContext, corner: 'left' | 'right', size: number, sky: readonly SkyThing[] = [], groundY = 210): string {
  if (ctx.level < 4) return sunIn(ctx, corner, size);
  const a = ctx.area;
  let s = '';
  // The rainbow first (it claims nothing: everything drawn later hides a part of it), then the sun, then the rest.
  if (sky.includes('rainbow')) {
    const r = ctx.rnd.range(74, 88);
    const cx = freeSide(ctx) === 'right' ? right(a) - r * 0.45 : a.x + r * 0.45;
    s += far('rainbow', divide(ctx.ring, rainbow(cx, groundY + 6, r, 5, 5.5)));
  }
  const low = sky.includes('low-sun') ? lowSunOn(ctx, groundY) : '';
  return s + (low || sunIn(ctx, corner, size)) + farSky(ctx, sky, groundY);
}

/**
 * Level 4's low sun: its radius (mm; the rays reach 13 mm further), and its middle on the horizon where the least of it is
 * hidden by what stands on the ground in front (the child, friends), from the side away from the child across. What
 * stands on the ground is all placed before the sky, so the skyline finds the same spot.
 */
const LOW_SUN_R = 22;
function lowSunX(ctx: BackgroundContext, horizon: number): number {
  const a = ctx.area;
  const reach = LOW_SUN_R + 13;
  const spots = Array.from({ length: 16 }, (_, i) => a.x + 34 + (i * (a.w - 68)) / 15);
  if (freeSide(ctx) === 'right') spots.reverse();
  const standing = ctx.taken.filter((t) => bottom(t) > horizon + 5);
  const hidden = (cx: number): number =>
    standing.reduce((sum, t) => {
      const w = Math.min(cx + reach, right(t)) - Math.max(cx - reach, t.x);
      const h = Math.min(horizon, bottom(t)) - Math.max(horizon - reach - 4, t.y);
      return sum + (w > 0 && h > 0 ? w * h : 0);
    }, 0);
  return spots.reduce((best, x) => (hidden(x) < hidden(best) ? x : best));
}

/**
 * Level 4: a big sun sitting on the horizon (`lowSunX`), under the sky's far pictures (they fly higher) and behind what
 * stands on the ground; what comes later keeps off it.
 */
function lowSunOn(ctx: BackgroundContext, horizon: number): string {
  const r = LOW_SUN_R;
  const cx = lowSunX(ctx, horizon);
  ctx.taken.push({ x: cx - r - 13, y: horizon - r - 17, w: 2 * r + 26, h: r + 17 });
  return far('low-sun', lowSun(cx, horizon - 4, r));
}

/**
 * Level 4: what flies far off, in the sky down to the far horizon's peaks (clear of where the place puts its landmarks: a
 * barn, trees, a castle): two balloons or kites, an airship, a flock of birds or of pterodactyls.
 */
function farSky(ctx: BackgroundContext, sky: readonly SkyThing[], groundY: number): string {
  const a = ctx.area;
  const free = { x: a.x + 4, y: a.y + 6, w: a.w - 8, h: Math.max(44, groundY - a.y - 50) };
  let s = '';
  // The flocks first: a V needs the most room. The sky is busy (the sun, a bunting, the child's head): each picture
  // tries many spots.
  const flockAt = { x: a.x + 8, y: a.y + 8, w: a.w - 16, h: Math.max(70, free.h - 10) };
  if (sky.includes('flock')) s += far('flock', flock(ctx, flockAt, 7, bird, 13));
  if (sky.includes('pterodactyls')) s += far('pterodactyls', flock(ctx, flockAt, 5, pterodactyl, 24));
  if (sky.includes('airship'))
    s += far(
      'airship',
      scatter(ctx, free, 1, [40, 48], (b) => airship(b, b.x + b.w / 2 > a.x + a.w / 2), 0.45, FAR_TRIES),
    );
  if (sky.includes('balloons'))
    s += far(
      'balloons',
      scatter(ctx, free, 2, [22, 30], (b) => hotAirBalloon({ x: b.x + b.w * 0.14, y: b.y, w: b.w * 0.72, h: b.h }), 1.35, FAR_TRIES),
    );
  if (sky.includes('kites'))
    s += far(
      'kites',
      scatter(ctx, free, 2, [14, 20], (b) => kite(b, ctx.rnd), 1.9, FAR_TRIES),
    );
  if (sky.includes('comet'))
    s += far(
      'comet',
      scatter(ctx, free, 1, [40, 50], (b) => comet(b, b.x + b.w / 2 > a.x + a.w / 2), 0.55, FAR_TRIES),
    );
  if (sky.includes('vultures'))
    s += far(
      'vultures',
      scatter(ctx, free, 3, [20, 26], (b) => vulture(b, ctx.rnd.chance(0.5)), 0.45, FAR_TRIES),
    );
  if (sky.includes('stars')) s += far('stars', stars(ctx, free, 8, [7, 11]));
  return s;
}

/** How many spots a far picture tries before the page goes without it. */
const FAR_TRIES = 50;

/** Level 4: a flock in a V (birds, or pterodactyls), flying towards the page's middle (each one that finds free sky). */
function flock(ctx: BackgroundContext, region: Box, count: number, draw: (b: Box, towardsLeft: boolean) => string, size: number): string {
  for (let tries = 0; tries < FAR_TRIES; tries++) {
    const lx = ctx.rnd.range(region.x + 30, right(region) - 30);
    const ly = ctx.rnd.range(region.y + 14, bottom(region) - 14);
    const dir = lx < ctx.area.x + ctx.area.w / 2 ? 1 : -1;
    const boxes: Box[] = [];
    for (let i = 0; i < count; i++) {
      const row = Math.ceil(i / 2);
      const w = size * (1 - row * 0.054);
      boxes.push({ x: lx - dir * row * size * 0.85 - w / 2, y: ly + (i % 2 ? 1 : -1) * row * size * 0.46, w, h: w * 0.5 });
    }
    const free = boxes.filter((b) => b.x > region.x && right(b) < right(region) && !ctx.taken.some((t) => overlaps(t, b)));
    if (free.length < count - 2) continue;
    ctx.taken.push(...free);
    return free.map((b) => draw(b, dir < 0)).join('');
  }
  return '';
}

/** Level 4, high in the sky: a bank of puffy clouds far below along `baseY`, side by side (the hills in front hide their feet). */
function cloudBank(ctx: BackgroundContext, baseY: number): string {
  const a = ctx.area;
  let s = '';
  for (let x = a.x - 8 + ctx.rnd.range(0, 8); x < right(a); x += 47) s += puffyCloud({ x, y: baseY - 30, w: 46, h: 34 }, ctx.rnd);
  return s;
}

/** Level 4 clouds are puffy, with curls; below they are the library's plain cloud. */
function clouds(ctx: BackgroundContext, count: number, region?: Box): string {
  const a = ctx.area;
  const r = region ?? { x: a.x + 4, y: a.y + 6, w: a.w - 8, h: 50 };
  return scatter(ctx, r, count, ctx.level >= 4 ? [36, 46] : [26, 38], (b) =>
    ctx.level >= 4 ? puffyCloud({ ...b, h: b.h * 0.55 }, ctx.rnd) : art(ctx, { drawing: 'cloud' }, { ...b, h: b.h / 2 }),
  );
}

function birds(ctx: BackgroundContext, count: number): string {
  const a = ctx.area;
  return scatter(ctx, { x: a.x + 10, y: a.y + 10, w: a.w - 20, h: 60 }, count, ctx.level >= 4 ? [10, 14] : [9, 13], (b) =>
    ctx.level >= 4 ? bird({ ...b, h: b.h * 0.5 }, ctx.rnd.chance(0.5)) : art(ctx, { drawing: 'bird-flying' }, b),
  );
}

function moundFront(box: Box, ctx: BackgroundContext): string {
  let s = art(ctx, { drawing: 'sand-mound' }, box, { anchor: 'bottom' });
  if (ctx.level >= 3) {
    s += art(ctx, { drawing: 'grass-tuft' }, { x: box.x + box.w * 0.15, y: bottom(box) - 14, w: 10, h: 8 });
    s += art(ctx, { drawing: 'grass-tuft' }, { x: box.x + box.w * 0.75, y: bottom(box) - 12, w: 10, h: 8 });
  }
  return s;
}

function cloudFront(box: Box, ctx: BackgroundContext): string {
  return art(ctx, { drawing: 'cloud' }, { x: box.x - 10, y: box.y, w: box.w + 20, h: box.h }, { anchor: 'bottom' });
}

/**
 * Level 4's far space: an asteroid belt, and some of a ringed planet, two banded ones with craters, a comet, a rocket, a
 * satellite and a flying saucer far off (the page's pick, `pickSky`), in free sky (before the stars, so they find room).
 */
function farSpace(ctx: BackgroundContext, region: Box, banded = true): string {
  if (ctx.level < 4) return '';
  // Which of space's far pictures this page gets: an asteroid belt always, four of the rest (three on the Moon).
  const sky = pickSky(
    ctx,
    ['ringed-planet', ...(banded ? (['planets'] as const) : []), 'comet', 'rocket', 'satellite', 'saucer'],
    banded ? 4 : 3,
  );
  // A belt of asteroids across the upper sky, each where it finds room.
  let s = '';
  const y0 = ctx.rnd.range(region.y + 16, region.y + 56);
  const slope = ctx.rnd.range(-0.2, 0.2);
  let belt = '';
  for (let x = region.x + 2; x < right(region) - 12; x += ctx.rnd.range(10, 13)) {
    const w = ctx.rnd.range(10, 13);
    const b = { x, y: y0 + slope * (x - region.x) + ctx.rnd.range(-7, 7), w, h: w * ctx.rnd.range(0.75, 0.9) };
    if (claim(ctx, b)) belt += asteroid(b, ctx.rnd);
  }
  s += far('asteroids', belt);
  // Each picture the page has where it finds room, smaller if it must.
  const one = (size: [number, number], aspect: number, draw: (b: Box) => string): string => {
    for (const k of [1, 0.85, 0.7]) {
      const svg = scatter(ctx, region, 1, [size[0] * k, size[1] * k], draw, aspect);
      if (svg) return svg;
    }
    return '';
  };
  const put = (thing: SkyThing, svg: () => string): string => (sky.includes(thing) ? far(thing, svg()) : '');
  const planet = (): string => one([24, 30], 1, (b) => bandedPlanet(b.x + b.w / 2, b.y + b.h / 2, b.w / 2 - 1, false));
  s += put('ringed-planet', () => one([40, 50], 0.62, (b) => bandedPlanet(b.x + b.w / 2, b.y + b.h / 2, b.w / 3.6, true)));
  s += put('planets', () => planet() + planet());
  s += put('comet', () => one([44, 56], 0.55, (b) => comet(b, b.x + b.w / 2 > ctx.area.x + ctx.area.w / 2)));
  s += put('rocket', () => one([13, 16], 1.9, (b) => farRocket(b, ctx.rnd.range(20, 35) * (ctx.rnd.chance(0.5) ? 1 : -1))));
  s += put('satellite', () => one([40, 48], 0.55, (b) => satellite(b, ctx.rnd.range(-20, 20))));
  s += put('saucer', () => one([26, 32], 0.6, (b) => flyingSaucer(b)));
  return s;
}

/** Level 4: a moon base far off, domes on the ground line `ground(x)` on whichever sides have room. */
function moonBase(ctx: BackgroundContext, ground: (x: number) => number): string {
  if (ctx.level < 4) return '';
  const a = ctx.area;
  let s = '';
  let bases = 0;
  for (const x0 of [a.x + 4, right(a) - 58, a.x + 28, right(a) - 82]) {
    if (bases === 2) break;
    const domes = [
      { cx: x0 + 14, r: ctx.rnd.range(11, 14) },
      { cx: x0 + 40, r: ctx.rnd.range(8, 10) },
    ];
    const boxes = domes.map((d) => ({ x: d.cx - d.r, y: ground(d.cx) - d.r - 10, w: 2 * d.r, h: d.r + 10 }));
    if (!boxes.every((b) => claim(ctx, b))) continue;
    // A tube between the two domes, behind them.
    const ty = Math.min(ground(x0 + 14), ground(x0 + 40)) - 4;
    s += shape(path4(x0 + 14, ty - 3, x0 + 40, ty + 6));
    for (const d of domes) s += baseDome(d.cx, ground(d.cx), d.r);
    bases++;
  }
  return s;
}

const path4 = (x0: number, y0: number, x1: number, y1: number): string =>
  `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y0)}L${n(x1)} ${n(y1)}L${n(x0)} ${n(y1)}Z`;

const space: Background = {
  terrain: 'space',
  groundY: 268,
  draw(ctx) {
    const a = ctx.area;
    // Level 4: a moon base on the little planet's curve (the curve drawn next hides the domes' feet).
    let s = moonBase(ctx, (x) => {
      const t = (x - a.x + 2) / (a.w + 4);
      return (1 - t) * (1 - t) * 262 + 2 * t * (1 - t) * 236 + t * t * 262;
    });
    // The curve of a little planet along the bottom.
    s += divide(
      ctx.ring,
      shape(
        `M${n(a.x - 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} 262Q${n(a.x + a.w / 2)} 236 ${n(right(a) + 2)} 262L${n(right(a) + 2)} ${n(bottom(a) + 2)}Z`,
      ),
      true,
    );
    s += cobbles(ctx, { x: a.x - 2, y: 264, w: a.w + 4, h: 15 }, 12);
    if (ctx.level >= 2) s += ellipse(a.x + 22, 268, 9, 3.5) + ellipse(right(a) - 28, 266, 7, 3);
    if (ctx.level >= 4) s += ellipse(a.x + 60, 272, 5, 2) + ellipse(right(a) - 62, 271, 6, 2.2);
    if (ctx.level >= 4)
      s += scatter(ctx, { x: a.x + 4, y: 250, w: a.w - 8, h: 14 }, 5, [12, 16], (b) =>
        art(ctx, { drawing: 'crater' }, b, { anchor: 'center' }),
      );
    if (ctx.level >= 2 && claim(ctx, { x: a.x + 8, y: a.y + 8, w: 26, h: 32 }))
      s += art(ctx, { drawing: 'moon-crescent' }, { x: a.x + 8, y: a.y + 8, w: 26, h: 32 });
    s += farSpace(ctx, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 180 });
    s += stars(ctx, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 170 }, [0, 3, 7, 11, 16][ctx.level]!, STAR_SIZE[ctx.level]);
    if (ctx.level < 4) s += texture(ctx, 'ringed-stars', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 180 }, 0.45, [11, 15]);
    s += texture(ctx, 'stars', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 180 }, 0.8);
    s += texture(ctx, 'pebbles', { x: a.x + 4, y: 258, w: a.w - 8, h: 16 }, 0.3, [4, 7]);
    if (ctx.level >= 3 && claim(ctx, { x: right(a) - 40, y: a.y + 110, w: 30, h: 22 }))
      s += art(ctx, { drawing: 'planet' }, { x: right(a) - 40, y: a.y + 110, w: 30, h: 22 });
    return paint(ctx, s);
  },
  front: moundFront,
};

const moon: Background = {
  terrain: 'space',
  groundY: 262,
  draw(ctx) {
    const a = ctx.area;
    // Level 4: a moon base and a rocket far off on the Moon's horizon (the ground drawn next hides their feet).
    const horizon = (x: number): number => {
      const [x0, y0, y1, y2, w] = x < a.x + 100 ? [a.x - 2, 218, 206, 214, 102] : [a.x + 100, 214, 222, 210, a.w - 98];
      const t = Math.min(1, Math.max(0, (x - x0) / w));
      return (1 - t) * (1 - t) * y0 + 2 * t * (1 - t) * y1 + t * t * y2;
    };
    let s = moonBase(ctx, horizon);
    if (ctx.level >= 4) {
      const rb = { x: a.x + a.w / 2 - 8, y: horizon(a.x + a.w / 2) - 30, w: 16, h: 34 };
      for (const x of [a.x + 64, right(a) - 80, a.x + a.w / 2 - 8]) {
        const b = { ...rb, x, y: horizon(x + 8) - 30 };
        if (claim(ctx, b)) {
          s += farRocket(b, 0);
          break;
        }
      }
    }
    s += divide(
      ctx.ring,
      shape(
        `M${n(a.x - 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} 218Q${n(a.x + 50)} 206 ${n(a.x + 100)} 214Q${n(a.x + 150)} 222 ${n(right(a) + 2)} 210L${n(right(a) + 2)} ${n(bottom(a) + 2)}Z`,
      ),
      true,
    );
    s += cobbles(ctx, { x: a.x - 2, y: 264, w: a.w + 4, h: 15 }, 12);
    const craters = [0, 2, 4, 6, 12][ctx.level]!;
    s += scatter(ctx, { x: a.x + 4, y: 226, w: a.w - 8, h: 46 }, craters, ctx.level === 1 ? [30, 40] : [14, 24], (b) =>
      art(ctx, { drawing: 'crater' }, b, { anchor: 'center' }),
    );
    // Planet Earth in the sky.
    const eb = { x: right(a) - 48, y: a.y + 10, w: 38, h: 38 };
    if (claim(ctx, eb)) {
      const cx = eb.x + 19;
      const cy = eb.y + 19;
      s += circle(cx, cy, 18);
      if (ctx.level >= 2)
        s += shape(
          `M${n(cx - 12)} ${n(cy - 8)}C${n(cx - 4)} ${n(cy - 14)} ${n(cx + 2)} ${n(cy - 6)} ${n(cx - 2)} ${n(cy)}C${n(cx - 6)} ${n(cy + 6)} ${n(cx - 14)} ${n(cy + 2)} ${n(cx - 12)} ${n(cy - 8)}Z`,
        );
      if (ctx.level >= 3)
        s += shape(
          `M${n(cx + 4)} ${n(cy + 4)}C${n(cx + 12)} ${n(cy)} ${n(cx + 16)} ${n(cy + 8)} ${n(cx + 8)} ${n(cy + 13)}C${n(cx + 2)} ${n(cy + 14)} ${n(cx)} ${n(cy + 8)} ${n(cx + 4)} ${n(cy + 4)}Z`,
        );
    }
    s += farSpace(ctx, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 150 }, false);
    s += stars(ctx, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 140 }, [0, 3, 6, 9, 14][ctx.level]!, STAR_SIZE[ctx.level]);
    if (ctx.level >= 4) s += scatter(ctx, { x: a.x + 4, y: 232, w: a.w - 8, h: 40 }, 5, [8, 12], (b) => art(ctx, { drawing: 'rock' }, b));
    if (ctx.level < 4) s += texture(ctx, 'ringed-stars', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 150 }, 0.4, [11, 15]);
    s += texture(ctx, 'stars', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 150 }, 0.6);
    s += texture(ctx, 'pebbles', { x: a.x + 4, y: 228, w: a.w - 8, h: 46 }, 0.6);
    return paint(ctx, s);
  },
  front: (box, ctx) => moundFront(box, ctx),
};

function landscape(opts: {
  horizon: number;
  bumps: number;
  sun?: 'left' | 'right';
  /** Level 4: what the sky far off can hold (the page gets `count` of them, two unless named), and what stands on the far horizon (mountains unless named). */
  sky: readonly SkyThing[];
  count?: number;
  /** Level 4: what the sky of every page of the place has, besides those (the valley's pterodactyls and smoking volcano, the savanna's low sun). */
  always?: readonly SkyThing[];
  far?: 'mountains' | 'village' | 'patchwork' | 'farmstead';
  /** Level 4: what the ground is (fields unless named), and what it is for some of the things the child does there. */
  ground?: Grounds;
  extras: (ctx: BackgroundContext) => string;
}): Pick<Background, 'draw'> {
  return {
    draw(ctx) {
      // Places without a sun of their own still get one at levels 1-2 (the sky above the child is never bare) and at
      // level 4, with the place's far sky.
      const sun = opts.sun ?? (ctx.level <= 2 || ctx.level >= 4 ? (freeSide(ctx) === 'right' ? 'left' : 'right') : undefined);
      const sky = pickSky(ctx, opts.sky, opts.count, opts.always);
      let s = sun ? sunAndSky(ctx, sun, ctx.level === 1 ? 40 : 32, sky, opts.horizon) : '';
      const distance = { mountains: skyline, village: farVillage, patchwork: farHills, farmstead: farFarm }[opts.far ?? 'mountains'];
      s += distance(ctx, opts.horizon, sky);
      if (ctx.level >= 2) s += clouds(ctx, ctx.level >= 4 ? 3 : ctx.level - 1);
      // Level 4: a second row of clouds lower, down to the far peaks (the sky over the child's head is not left bare).
      const a = ctx.area;
      if (ctx.level >= 4) s += clouds(ctx, 3, { x: a.x + 4, y: a.y + 40, w: a.w - 8, h: Math.max(60, opts.horizon - 40 - (a.y + 40)) });
      s += hills(ctx, opts.horizon, opts.bumps);
      s += horizonTrees(ctx, opts.horizon);
      s += fields(ctx, opts.horizon, groundOf(ctx, opts.ground ?? { kind: 'fields' }));
      s += opts.extras(ctx);
      if (ctx.level >= 3) s += grassTufts(ctx, opts.horizon + 20, bottom(ctx.area) - 10, ctx.level >= 4 ? 9 : 4);
      return paint(ctx, s);
    },
  };
}

const prehistoric: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 200,
    bumps: 3,
    always: ['pterodactyls', 'volcano'],
    sky: ['comet', 'flock'],
    count: 1,
    ground: {
      kind: 'valley',
      byActivity: { building: 'cracked', picnicking: 'meadow', riding: 'long-grass' },
      byShown: { volcano: 'cracked' },
    },
    extras(ctx) {
      const a = ctx.area;
      let s = '';
      const vw = ctx.level === 1 ? 80 : 70;
      // Level 1: its foot well into the ground, so the hills' line leaves no sliver under it.
      const foot = ctx.level === 1 ? 212 : 200;
      // The valley's landmark, the one that goes with its dinosaur (a cave, palms, a waterfall, else a volcano; not a
      // second volcano when the scene brings one): on the side away from the child, else the other side, else behind the
      // friend standing there.
      const landmark = valleyLandmark(ctx.shown);
      const size = artSize({ drawing: landmark });
      const vh = Math.min(vw * 1.1, (vw * size.height) / size.width);
      const at = (side: 'left' | 'right'): Box => ({ x: side === 'right' ? right(a) - vw - 4 : a.x + 4, y: foot - vh, w: vw, h: vh });
      const other = freeSide(ctx) === 'right' ? 'left' : 'right';
      if (!ctx.shown?.includes(landmark)) {
        const box = [at(freeSide(ctx)), at(other)].find((b) => claim(ctx, b)) ?? at(freeSide(ctx));
        // Behind a friend, the landmark still keeps the valley's ferns and rocks off it.
        if (!ctx.taken.includes(box)) ctx.taken.push(box);
        s += stand(ctx, { drawing: landmark }, box, { anchor: 'bottom' });
      }
      if (ctx.level >= 2)
        s += scatter(ctx, { x: a.x + 4, y: 150, w: a.w - 8, h: 60 }, ctx.level >= 4 ? 3 : 1, [30, 40], (b) =>
          art(ctx, { drawing: 'fern' }, { ...b, w: b.w * 0.7 }),
        );
      if (ctx.level >= 3)
        s += scatter(ctx, { x: a.x + 4, y: 236, w: a.w - 8, h: 36 }, ctx.level >= 4 ? 5 : 2, [10, 16], (b) =>
          art(ctx, { drawing: 'rock' }, b),
        );
      if (ctx.level >= 4) s += birds(ctx, 2);
      return s;
    },
  }),
  front: moundFront,
};

/**
 * Level 4 under the sea: three of a kelp forest from the sea bed at the back (drawn first: everything hides it), two
 * shoals of fish, jellyfish and turtles in free water (the page's pick, `pickSky`).
 */
function farSea(ctx: BackgroundContext): string {
  if (ctx.level < 4) return '';
  const a = ctx.area;
  const sky = pickSky(ctx, ['kelp', 'shoals', 'jellyfish', 'turtles'], 3);
  let s = '';
  let forest = '';
  if (sky.includes('kelp'))
    for (let i = 0; i < 5; i++)
      forest += kelp(a.x + 14 + i * ((a.w - 28) / 4) + ctx.rnd.range(-8, 8), 262, ctx.rnd.range(110, 190), ctx.rnd);
  s += far('kelp', forest);
  const water = { x: a.x + 6, y: a.y + 30, w: a.w - 12, h: 150 };
  if (sky.includes('shoals')) s += far('shoals', shoal(ctx, water, 6) + shoal(ctx, water, 6));
  if (sky.includes('jellyfish'))
    s += far(
      'jellyfish',
      scatter(ctx, { x: a.x + 4, y: a.y + 26, w: a.w - 8, h: 140 }, 2, [14, 18], (b) => jellyfish(b), 1.3, FAR_TRIES),
    );
  if (sky.includes('turtles'))
    s += far(
      'turtles',
      scatter(ctx, water, 2, [26, 32], (b) => turtle(b, ctx.rnd.chance(0.5)), 0.75, FAR_TRIES),
    );
  return s;
}

/** Level 4: the sea bed along the front for what the child does there (flat stones unless named). */
const SEA_BED: Readonly<Partial<Record<string, 'sand' | 'rocks' | 'seagrass'>>> = {
  swimming: 'sand',
  exploring: 'rocks',
  reading: 'seagrass',
};

/**
 * Level 4's sea bed along the front: rows of flat stones, sand in ripples, rocks with their shine, or two rows of
 * seagrass (each blade a region).
 */
function seaBed(ctx: BackgroundContext, kind: 'cobbles' | 'sand' | 'rocks' | 'seagrass'): string {
  const a = ctx.area;
  let s = '';
  if (kind === 'cobbles') s = cobbles(ctx, { x: a.x - 2, y: 265, w: a.w + 4, h: 14 }, 10);
  if (kind === 'sand') for (const y of [263, 269, 275]) s += line(wavePath(a.x - 2, right(a) + 2, y, 0.8, 18, y % 2));
  if (kind === 'rocks') s = scatter(ctx, { x: a.x + 2, y: 262, w: a.w - 4, h: 14 }, 9, [11, 16], (b) => stone(b, ctx.rnd), 0.6);
  if (kind === 'seagrass') s = grassFringe(a.x - 2, right(a) + 2, 266, 5, ctx.rnd) + grassFringe(a.x - 2, right(a) + 2, 276, 6, ctx.rnd);
  return groundKind(kind === 'cobbles' ? 'flat-stones' : kind, s);
}

/** Level 4: a shoal of fish swimming one way, in a loose diamond (each fish that finds free water). */
function shoal(ctx: BackgroundContext, region: Box, count: number): string {
  for (let tries = 0; tries < 12; tries++) {
    const lx = ctx.rnd.range(region.x + 20, right(region) - 20);
    const ly = ctx.rnd.range(region.y + 12, bottom(region) - 12);
    const left = ctx.rnd.chance(0.5);
    const boxes: Box[] = [];
    for (let i = 0; i < count; i++) {
      const w = ctx.rnd.range(11, 14);
      const col = i % 3;
      const row = Math.floor(i / 3);
      boxes.push({ x: lx + (left ? 1 : -1) * col * 15 + row * 7 - w / 2, y: ly + row * 11 + (col % 2) * 5, w, h: w * 0.55 });
    }
    const free = boxes.filter(
      (b) => b.x > region.x && right(b) < right(region) && bottom(b) < bottom(region) && !ctx.taken.some((t) => overlaps(t, b)),
    );
    if (free.length < count - 2) continue;
    ctx.taken.push(...free);
    return free.map((b) => fish(b, left)).join('');
  }
  return '';
}

const ocean: Background = {
  terrain: 'water',
  groundY: 270,
  draw(ctx) {
    const a = ctx.area;
    let s = '';
    // The water's surface along the top, at every level (the sea is never a blank page above the child).
    s += line(wavePath(a.x - 2, right(a) + 2, a.y + 10, ctx.level === 1 ? 2.5 : 2, ctx.level === 1 ? 30 : 22));
    if (ctx.level >= 3) s += line(wavePath(a.x - 2, right(a) + 2, a.y + 20, 1.5, 18, 1));
    s += farSea(ctx);
    s += divide(
      ctx.ring,
      shape(
        `M${n(a.x - 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} 254Q${n(a.x + 50)} 246 ${n(a.x + 100)} 252Q${n(a.x + 150)} 258 ${n(right(a) + 2)} 248L${n(right(a) + 2)} ${n(bottom(a) + 2)}Z`,
      ),
      true,
    );
    if (ctx.level >= 4) s += seaBed(ctx, SEA_BED[ctx.activity ?? ''] ?? 'cobbles');
    const weeds = [1, 2, 3, 4, 6][ctx.level]!;
    s += scatter(ctx, { x: a.x + 2, y: 180, w: a.w - 4, h: 80 }, weeds, [44, 60], (b) =>
      art(ctx, { drawing: 'seaweed' }, { ...b, w: b.w * 0.35, x: b.x + b.w * 0.3 }),
    );
    if (ctx.level >= 2)
      s += scatter(ctx, { x: a.x + 4, y: 214, w: a.w - 8, h: 40 }, ctx.level >= 4 ? 3 : 1, [24, 32], (b) =>
        art(ctx, { drawing: 'coral' }, b),
      );
    s += scatter(
      ctx,
      { x: a.x + 4, y: a.y + 30, w: a.w - 8, h: 150 },
      [2, 3, 6, 9, 14][ctx.level]!,
      ctx.level === 1 ? [16, 20] : ctx.level === 2 ? [6, 10] : [4, 8],
      (b) => art(ctx, { drawing: 'bubble' }, b),
    );
    if (ctx.level >= 3)
      s += scatter(ctx, { x: a.x + 4, y: 256, w: a.w - 8, h: 20 }, ctx.level >= 4 ? 3 : 1, [10, 14], (b) =>
        art(ctx, { drawing: 'starfish' }, b),
      );
    if (ctx.level >= 4) s += scatter(ctx, { x: a.x + 4, y: 262, w: a.w - 8, h: 14 }, 6, [6, 9], (b) => art(ctx, { drawing: 'rock' }, b));
    s += texture(ctx, 'bubbles', { x: a.x + 4, y: a.y + 26, w: a.w - 8, h: 190 }, 0.7, ctx.level >= 4 ? [4, 8] : [6, 9]);
    s += texture(ctx, 'pebbles', { x: a.x + 4, y: 258, w: a.w - 8, h: 17 }, 0.5, [4, 7]);
    return paint(ctx, s);
  },
  front: (box, ctx) => {
    const a = ctx.area;
    let s = shape(
      `M${n(box.x)} ${n(bottom(box))}C${n(box.x + 6)} ${n(box.y + box.h * 0.3)} ${n(right(box) - 6)} ${n(box.y + box.h * 0.3)} ${n(right(box))} ${n(bottom(box))}Z`,
    );
    if (ctx.level >= 3)
      s += scatter(ctx, { x: box.x, y: box.y - 40, w: box.w, h: 30 }, 2, [4, 6], (b) => art(ctx, { drawing: 'bubble' }, b));
    void a;
    return s;
  },
};

const beach: Background = {
  terrain: 'land',
  groundY: 268,
  draw(ctx) {
    const a = ctx.area;
    const sea = 186;
    let s = sunAndSky(ctx, 'right', ctx.level === 1 ? 40 : 32, pickSky(ctx, ['kites', 'flock', 'balloons', 'airship'], 3), sea);
    if (ctx.level >= 2) s += clouds(ctx, ctx.level >= 4 ? 2 : 1, { x: a.x + 4, y: a.y + 6, w: a.w - 60, h: 40 });
    s += divide(
      ctx.ring,
      shape(`M${n(a.x - 2)} ${sea}L${n(right(a) + 2)} ${sea}L${n(right(a) + 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} ${n(bottom(a) + 2)}Z`),
      true,
    );
    if (ctx.level >= 2)
      s += line(wavePath(a.x + 10, a.x + 60, sea + 8, 1.5, 14)) + line(wavePath(right(a) - 70, right(a) - 20, sea + 12, 1.5, 14, 1));
    // Level 4: sailboats far out, their sails in stripes.
    if (ctx.level >= 4)
      s += scatter(ctx, { x: a.x + 4, y: sea - 16, w: a.w - 8, h: 34 }, 3, [14, 18], (b) => sailboat(b, ctx.rnd.chance(0.5)), 1.15);
    if (ctx.level >= 4)
      s += scatter(ctx, { x: a.x + 4, y: sea + 3, w: a.w - 8, h: 16 }, 10, [8, 11], (b) => waveCrest(b, ctx.rnd.chance(0.3)), 0.55);
    s += divide(
      ctx.ring,
      shape(
        `M${n(a.x - 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} 214C${n(a.x + 40)} 204 ${n(a.x + 80)} 218 ${n(a.x + 120)} 210C${n(a.x + 160)} 202 ${n(right(a) - 10)} 214 ${n(right(a) + 2)} 208L${n(right(a) + 2)} ${n(bottom(a) + 2)}Z`,
      ),
    );
    if (ctx.level >= 4) {
      // Ripples in the sand, and a path of flat stones along the front.
      let g = '';
      for (const y of [232, 248]) g += line(wavePath(a.x - 2, right(a) + 2, y, 1, 26, y % 2));
      s += groundKind('sand', g + cobbles(ctx, { x: a.x - 2, y: 262, w: a.w + 4, h: 17 }, 12));
    }
    const pb = { x: a.x + 4, y: 140, w: 54, h: 48 };
    if (ctx.level >= 2 && claim(ctx, pb)) s += art(ctx, { clipart: 'palm-tree' }, pb);
    const boat = { x: right(a) - 60, y: 150, w: 30, h: 34 };
    if (ctx.level >= 3 && claim(ctx, boat)) s += art(ctx, { clipart: 'sailboat' }, boat);
    const lh = { x: right(a) - 24, y: 128, w: 16, h: 56 };
    if (ctx.level >= 4 && claim(ctx, lh)) s += art(ctx, { clipart: 'lighthouse' }, lh);
    if (ctx.level >= 3)
      s += scatter(ctx, { x: a.x + 4, y: 236, w: a.w - 8, h: 36 }, ctx.level >= 4 ? 4 : 2, [9, 13], (b) =>
        art(ctx, ctx.rnd.chance(0.5) ? { drawing: 'shell' } : { drawing: 'starfish' }, b),
      );
    if (ctx.level >= 4) s += birds(ctx, 3);
    s += texture(ctx, 'pebbles', { x: a.x + 4, y: 222, w: a.w - 8, h: 52 }, 0.8);
    s += texture(ctx, 'clouds', { x: a.x + 4, y: a.y + 6, w: a.w - 8, h: 90 }, 0.25, [22, 30]);
    return paint(ctx, s);
  },
  front: moundFront,
};

const castle: Background = {
  terrain: 'land',
  groundY: 266,
  draw(ctx) {
    const a = ctx.area;
    let s = '';
    // The sun over the child's side, away from the castle's towers.
    s += sunAndSky(
      ctx,
      freeSide(ctx) === 'right' ? 'left' : 'right',
      ctx.level === 1 ? 38 : 30,
      pickSky(ctx, ['rainbow', 'stars', 'flock', 'balloons']),
      214,
    );
    if (ctx.level >= 3) s += clouds(ctx, ctx.level - 2, { x: a.x + 40, y: a.y + 4, w: a.w - 50, h: 30 });
    s += farHills(ctx, 214);
    s += hills(ctx, 214, 2);
    s += fields(ctx, 214, groundOf(ctx, { kind: 'fields', byActivity: { riding: 'meadow' } }));
    const cw = ctx.child ? Math.max(70, Math.min(100, freeSide(ctx) === 'right' ? right(a) - right(ctx.child) : ctx.child.x - a.x)) : 150;
    // Against the frame's edge (just over it), so no sliver of sky is left between the tower and the frame.
    const cb = { x: freeSide(ctx) === 'right' ? right(a) - cw + 1 : a.x - 1, y: a.y + 40, w: cw, h: 176 };
    s += art(ctx, ctx.level === 1 ? { drawing: 'toy-castle' } : { clipart: 'castle' }, cb);
    if (ctx.level >= 3)
      s += scatter(ctx, { x: a.x + 4, y: 220, w: a.w - 8, h: 40 }, ctx.level >= 4 ? 3 : 2, [16, 22], (b) =>
        art(ctx, { drawing: 'bush' }, { ...b, h: b.h / 2, y: b.y + b.h / 2 }),
      );
    if (ctx.level >= 4) s += grassTufts(ctx, 230, bottom(a) - 8, 6) + birds(ctx, 2);
    s += texture(ctx, 'meadow', { x: a.x + 3, y: 236, w: a.w - 6, h: 38 });
    return paint(ctx, s);
  },
  front: moundFront,
};

const forest: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 206,
    bumps: 3,
    sky: ['stars', 'flock', 'comet', 'balloons'],
    far: 'patchwork',
    ground: { kind: 'valley', byActivity: { picnicking: 'meadow', riding: 'long-grass' } },
    extras(ctx) {
      const a = ctx.area;
      const count = [0, 2, 3, 5, 7][ctx.level]!;
      // Level 1: big trees standing well into the ground (their feet on the hills' line would leave slivers).
      const grove = ctx.level === 1 ? { x: a.x + 2, y: 150, w: a.w - 4, h: 90 } : { x: a.x + 2, y: 120, w: a.w - 4, h: 96 };
      let s = scatter(ctx, grove, count, ctx.level === 1 ? [70, 90] : [54, 78], (b) =>
        ctx.rnd.chance(0.5) ? art(ctx, { drawing: 'pine-tree' }, b) : art(ctx, { clipart: 'tree' }, b),
      );
      if (ctx.level >= 2)
        s += scatter(ctx, { x: a.x + 4, y: 226, w: a.w - 8, h: 46 }, ctx.level >= 4 ? 3 : 1, [16, 22], (b) =>
          art(ctx, { clipart: 'mushroom' }, b),
        );
      if (ctx.level >= 3) s += stars(ctx, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 60 }, ctx.level >= 4 ? 5 : 2, [4, 7]);
      // A magic sky: stars in rings among the clouds (level 4: a rainbow and balloons instead).
      if (ctx.level < 4) s += texture(ctx, 'ringed-stars', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 110 }, 0.5, [11, 15]);
      return s;
    },
  }),
  front: moundFront,
};

const jungle: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 212,
    bumps: 4,
    sky: ['flock', 'balloons', 'airship'],
    ground: { kind: 'jungle', byActivity: { exploring: 'valley' } },
    extras(ctx) {
      const a = ctx.area;
      let s = '';
      // Big leaves hanging in from the top corners.
      const leaves: [number, number, number][] = [
        [a.x - 6, a.y + 2, 30],
        [right(a) - 52, a.y + 2, 150],
        [a.x - 8, a.y + 30, 10],
        [right(a) - 50, a.y + 34, 170],
        [a.x + 30, a.y - 4, 60],
        [right(a) - 86, a.y - 4, 120],
      ];
      const count = [0, 2, 2, 4, 6][ctx.level]!;
      for (const [x, y, r] of leaves.slice(0, count)) {
        const b = { x, y, w: 58, h: 34 };
        if (claim(ctx, b)) s += art(ctx, { drawing: 'leaf' }, b, { rotate: r, anchor: 'center' });
      }
      s += scatter(ctx, { x: a.x + 2, y: 150, w: a.w - 4, h: 70 }, [0, 0, 2, 3, 4][ctx.level]!, [40, 56], (b) =>
        art(ctx, { drawing: 'fern' }, { ...b, w: b.w * 0.7 }),
      );
      // A vine hanging from the top at level 3 (at level 4 the far sky is there, and the vine would cross its pictures).
      if (ctx.level === 3)
        s += line(`M${n(a.x + 70)} ${n(a.y)}C${n(a.x + 64)} ${n(a.y + 20)} ${n(a.x + 76)} ${n(a.y + 30)} ${n(a.x + 70)} ${n(a.y + 48)}`);
      if (ctx.level >= 4)
        s += scatter(ctx, { x: a.x + 4, y: 230, w: a.w - 8, h: 40 }, 3, [14, 18], (b) => art(ctx, { clipart: 'flower' }, b));
      return s;
    },
  }),
  front: moundFront,
};

const savanna: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 206,
    bumps: 2,
    sun: 'right',
    always: ['low-sun'],
    sky: ['vultures', 'balloons', 'flock'],
    count: 1,
    ground: { kind: 'savanna', byActivity: { exploring: 'long-grass', playing: 'cracked' } },
    extras(ctx) {
      const a = ctx.area;
      let s = '';
      const mb = { x: a.x + 10, y: 160, w: 80, h: 40 };
      if (ctx.level >= 3 && claim(ctx, mb)) s += art(ctx, { drawing: 'mountain' }, mb);
      s += scatter(ctx, { x: a.x + 2, y: 146, w: a.w - 4, h: 66 }, [0, 1, 2, 2, 3][ctx.level]!, [44, 60], (b) =>
        art(ctx, { drawing: 'acacia-tree' }, b),
      );
      if (ctx.level >= 2) s += birds(ctx, ctx.level);
      return s;
    },
  }),
  front: moundFront,
};

const farm: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 204,
    bumps: 3,
    sun: 'left',
    always: ['windmill'],
    sky: ['flock', 'kites', 'balloons'],
    far: 'farmstead',
    ground: { kind: 'crops', byActivity: { waving: 'meadow', riding: 'long-grass', playing: 'fields' } },
    extras(ctx) {
      const a = ctx.area;
      let s = '';
      const bb = { x: right(a) - 64, y: 142, w: 58, h: 64 };
      if (claim(ctx, bb)) s += art(ctx, { drawing: 'barn' }, bb);
      const fb = { x: a.x + 2, y: 196, w: 86, h: 22 };
      // The fence reaches the child too (between its pickets the hills' line does).
      if (ctx.level >= 2 && claim(ctx, fb)) s += divide(ctx.ring, art(ctx, { drawing: 'fence' }, fb));
      if (ctx.level >= 4) s += line(`M${n(a.x + 4)} 238L${n(a.x + 40)} 230M${n(a.x + 4)} 250L${n(a.x + 50)} 240`);
      if (ctx.level >= 3)
        s += scatter(ctx, { x: a.x + 4, y: 226, w: a.w - 8, h: 44 }, 2, [16, 22], (b) => art(ctx, { clipart: 'flower-stem' }, b));
      return s;
    },
  }),
  front: moundFront,
};

const sportsField: Background = {
  terrain: 'land',
  groundY: 266,
  draw(ctx) {
    const a = ctx.area;
    // Level 4: the sun over the stand (the bunting hangs lower, under the sun), balloons and kites round the bunting.
    let s = ctx.level >= 4 ? sunAndSky(ctx, freeSide(ctx) === 'right' ? 'left' : 'right', 32) : '';
    if (ctx.level >= 2) {
      const bt = { x: a.x, y: a.y + (ctx.level >= 4 ? 44 : 2), w: a.w, h: 26 };
      if (claim(ctx, bt)) s += art(ctx, { drawing: 'bunting' }, bt);
    }
    const sky = pickSky(ctx, ['pennants', 'balloons', 'kites', 'flock', 'airship'], 3);
    // The stand's pennants claim their poles first (the balloons and kites keep off them).
    const pennants = sky.includes('pennants') ? standPennants(ctx, a.x, right(a), 151) : '';
    s += farSky(ctx, sky, 200);
    if (ctx.level >= 3) s += clouds(ctx, ctx.level - 2, { x: a.x + 4, y: a.y + 30, w: a.w - 8, h: 36 });
    s += far('pennants', pennants);
    s += grandstand(ctx, { x: a.x - 2, y: 151, w: a.w + 4, h: 45 });
    s += divide(
      ctx.ring,
      shape(`M${n(a.x - 2)} 196L${n(right(a) + 2)} 196L${n(right(a) + 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} ${n(bottom(a) + 2)}Z`),
      true,
    );
    // Level 4: the pitch mown in stripes; in checks round a winner, with running lanes across it for a race.
    if (ctx.level >= 4) {
      let d = '';
      for (let x = a.x + 12; x < right(a); x += 14) d += `M${n(x)} 196L${n(x + (x - a.x - a.w / 2) * 0.25)} ${n(bottom(a) + 2)}`;
      const mown = PITCH[ctx.activity ?? ''] ?? 'pitch';
      if (mown === 'checks') for (const y of [206, 216, 238, 252, 264]) d += `M${n(a.x - 2)} ${y}L${n(right(a) + 2)} ${y}`;
      if (mown === 'track')
        for (const y of [236, 246, 256, 266]) d += `M${n(a.x - 2)} ${y}Q${n(a.x + a.w / 2)} ${y - 10} ${n(right(a) + 2)} ${y}`;
      s += groundKind(mown, `<path d="${d}" fill="none"/>`);
    }
    const gw = ctx.child ? 84 : 110;
    const gb = {
      x: !ctx.child ? a.x + a.w / 2 - gw / 2 : freeSide(ctx) === 'right' ? right(a) - gw - 4 : a.x + 4,
      y: 196 - gw * 0.5,
      w: gw,
      h: gw * 0.5,
    };
    if (claim(ctx, gb)) s += art(ctx, { drawing: 'goal' }, gb);
    if (ctx.level <= 2) s += sunIn(ctx, freeSide(ctx) === 'right' ? 'left' : 'right', 34);
    if (ctx.level >= 2)
      s += divide(
        ctx.ring,
        line(`M${n(a.x - 2)} 226L${n(right(a) + 2)} 226`) +
          `<path d="M${n(a.x + a.w / 2 - 40)} ${n(bottom(a) + 2)}A40 22 0 0 1 ${n(a.x + a.w / 2 + 40)} ${n(bottom(a) + 2)}" fill="none"/>`,
      );
    if (ctx.level >= 3) {
      for (const x of [a.x + 8, right(a) - 14]) {
        const fbx = { x, y: 178, w: 10, h: 18 };
        if (claim(ctx, fbx)) s += art(ctx, { drawing: 'flag' }, fbx);
      }
    }
    if (ctx.level >= 4) s += grassTufts(ctx, 200, bottom(a) - 8, 6);
    // Daisies on the grass, clear of the pitch's centre arc.
    claim(ctx, { x: a.x + a.w / 2 - 43, y: bottom(a) - 25, w: 86, h: 27 });
    s += texture(ctx, 'meadow', { x: a.x + 3, y: 199, w: a.w - 6, h: 25 }, 0.35, [7, 9]);
    s += texture(ctx, 'meadow', { x: a.x + 3, y: 229, w: a.w - 6, h: 45 }, 0.8);
    return paint(ctx, s);
  },
  front: moundFront,
};

const city: Background = {
  terrain: 'land',
  groundY: 268,
  draw(ctx) {
    const a = ctx.area;
    let s = '';
    if (ctx.level >= 4)
      s += sunAndSky(ctx, freeSide(ctx) === 'right' ? 'left' : 'right', 30, pickSky(ctx, ['balloons', 'flock', 'airship', 'kites']), 150);
    if (ctx.level >= 2) s += clouds(ctx, ctx.level >= 4 ? 3 : 1, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 34 });
    else s += sunIn(ctx, freeSide(ctx) === 'right' ? 'left' : 'right', 36);
    const count = [0, 3, 5, 6, 7][ctx.level]!;
    const w = a.w / count;
    for (let i = 0; i < count; i++) {
      const h = ctx.rnd.range(80, 130);
      s += art(ctx, { drawing: 'building' }, { x: a.x + i * w + 1, y: 212 - h, w: w - 2, h });
    }
    const foot = HOME_WALL_FOOT;
    s += divide(
      ctx.ring,
      shape(`M${n(a.x - 2)} ${foot}L${n(right(a) + 2)} ${foot}L${n(right(a) + 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} ${n(bottom(a) + 2)}Z`),
      true,
    );
    s += divide(ctx.ring, line(`M${n(a.x - 2)} 226L${n(right(a) + 2)} 226`));
    if (ctx.level >= 2)
      for (let x = a.x + 6; x < right(a) - 10; x += 28) s += shape(`M${n(x)} 244L${n(x + 14)} 244L${n(x + 14)} 247L${n(x)} 247Z`);
    if (ctx.level >= 3)
      s += scatter(ctx, { x: a.x + 4, y: 180, w: a.w - 8, h: 44 }, ctx.level - 2, [26, 34], (b) => art(ctx, { clipart: 'tree' }, b));
    // Paving stones along the pavement, birds and small clouds over the roofs.
    // Level 4: the road is cobbled.
    s += groundKind('cobbles', cobbles(ctx, { x: a.x - 2, y: 251, w: a.w + 4, h: 28 }, 12));
    s += texture(ctx, 'pebbles', { x: a.x + 3, y: 250, w: a.w - 6, h: 24 }, 0.5, [5, 8]);
    s += texture(ctx, 'clouds', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 40 }, 0.15, [18, 26]);
    return paint(ctx, s);
  },
  front: moundFront,
};

const sky: Background = {
  terrain: 'sky',
  groundY: 262,
  draw(ctx) {
    const a = ctx.area;
    let s = sunAndSky(ctx, 'right', ctx.level === 1 ? 40 : 32);
    const rb = { x: a.x + 10, y: 150, w: 90, h: 46 };
    if (ctx.level >= 3 && claim(ctx, rb)) s += art(ctx, { drawing: 'rainbow' }, rb);
    // Level 4: up among the balloons and kites, with patchwork hills far below; flying high, above a bank of clouds.
    s += farSky(ctx, pickSky(ctx, ['balloons', 'kites', 'flock', 'airship']), 250);
    s +=
      ctx.level >= 4 && ctx.activity === 'flying'
        ? groundKind('cloud-bank', cloudBank(ctx, 252))
        : groundKind('patchwork', farHills(ctx, 252));
    s += clouds(ctx, [0, 2, 3, 4, 6][ctx.level]!, { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 190 });
    s += hills(ctx, 252, 3);
    if (ctx.level >= 2) s += birds(ctx, ctx.level);
    if (ctx.level >= 4)
      s += scatter(ctx, { x: a.x + 4, y: 248, w: a.w - 8, h: 20 }, 3, [18, 22], (b) =>
        art(ctx, { drawing: 'pine-tree' }, { ...b, w: b.w * 0.5 }),
      );
    s += texture(ctx, 'clouds', { x: a.x + 4, y: a.y + 4, w: a.w - 8, h: 190 }, 0.3, [18, 28]);
    s += texture(ctx, 'meadow', { x: a.x + 3, y: 262, w: a.w - 6, h: 13 }, 0.5, [5, 7]);
    return paint(ctx, s);
  },
  front: cloudFront,
};

const garden: Background = {
  terrain: 'land',
  groundY: 266,
  ...landscape({
    horizon: 214,
    bumps: 3,
    sun: 'right',
    sky: ['rainbow', 'kites', 'flock', 'balloons'],
    ground: { kind: 'garden', byActivity: { playing: 'meadow' } },
    far: 'village',
    extras(ctx) {
      const a = ctx.area;
      let s = '';
      const fb = { x: a.x - 2, y: 184, w: a.w + 4, h: 30 };
      if (ctx.level >= 2) s += divide(ctx.ring, art(ctx, { drawing: 'fence' }, fb));
      s += scatter(ctx, { x: a.x + 2, y: 186, w: a.w - 4, h: 36 }, [0, 0, 2, 3, 3][ctx.level]!, [26, 34], (b) =>
        art(ctx, { drawing: 'bush' }, { ...b, h: b.h / 2, y: b.y + b.h / 2 }),
      );
      if (ctx.level >= 3)
        s += scatter(ctx, { x: a.x + 4, y: 222, w: a.w - 8, h: 50 }, ctx.level >= 4 ? 4 : 2, [16, 24], (b) =>
          art(ctx, { clipart: ctx.rnd.chance(0.5) ? 'tulips' : 'flower-stem' }, b),
        );
      return s;
    },
  }),
  front: moundFront,
};

const HOME_WALL_FOOT = 212;

/** A wrapped present in box `b`: the box, a ribbon down the middle and a bow on top, solid (its loops too small to colour). */
function present(b: Box): string {
  const top = b.y + b.h * 0.2;
  const cx = b.x + b.w / 2;
  const rw = b.w * 0.2;
  let s = shape(`M${n(b.x)} ${n(top)}L${n(right(b))} ${n(top)}L${n(right(b))} ${n(bottom(b))}L${n(b.x)} ${n(bottom(b))}Z`);
  s += line(`M${n(cx - rw / 2)} ${n(top)}L${n(cx - rw / 2)} ${n(bottom(b))}M${n(cx + rw / 2)} ${n(top)}L${n(cx + rw / 2)} ${n(bottom(b))}`);
  const loop = (k: number): string =>
    `M${n(cx)} ${n(top)}C${n(cx + k * b.w * 0.1)} ${n(b.y - b.h * 0.02)} ${n(cx + k * b.w * 0.32)} ${n(b.y)} ${n(cx + k * b.w * 0.2)} ${n(top)}Z`;
  return s + solid(loop(-1) + loop(1));
}
/** The party's bunting per level: a flag's width (mm; as tall again and a fifth), the gap between flags. */
const PARTY_FLAGS: Readonly<Record<Level, { w: number; gap: number }>> = {
  1: { w: 20, gap: 8 },
  2: { w: 16, gap: 6 },
  3: { w: 14, gap: 5 },
  4: { w: 12, gap: 4 },
};

/** The party's bunting: its drawing, the box it takes, and how low it hangs over a stretch of the wall (the rope or a
 * flag's lower edge; undefined where it does not reach). */
interface Bunting {
  svg: string;
  box: Box;
  lowest(from: number, to: number): number | undefined;
}

/**
 * A string of triangular flags across the top of the party's wall, in the widest stretch free of what hangs there (the
 * balloons, the picture): one swag, the rope straight from flag corner to flag corner (so no sliver between the rope
 * and a flag's top edge), its ends free on the wall. None if that stretch holds fewer than three flags.
 */
function partyBunting(ctx: BackgroundContext): Bunting | undefined {
  const a = ctx.area;
  const { w: fw, gap } = PARTY_FLAGS[ctx.level];
  const top = a.y + 3;
  const dip = 6;
  const band = { y: a.y, h: dip + fw * 1.2 + 2 };
  const cuts = [...ctx.taken, ...(ctx.child ? [ctx.child] : [])]
    .filter((t) => t.y < band.y + band.h && band.y < bottom(t))
    .map((t) => [t.x - 4, right(t) + 4] as const)
    .sort((p, q) => p[0] - q[0]);
  let span = { x0: 0, x1: 0 };
  let from = a.x + 6;
  for (const [c0, c1] of [...cuts, [right(a) - 6, right(a) - 6] as const]) {
    const to = Math.min(c0, right(a) - 6);
    if (to - from > span.x1 - span.x0) span = { x0: from, x1: to };
    from = Math.max(from, c1);
  }
  const count = Math.floor((span.x1 - span.x0 - gap) / (fw + gap));
  if (count < 3) return undefined;
  const x0 = span.x0 + (span.x1 - span.x0 - count * fw - (count + 1) * gap) / 2;
  const x1 = x0 + count * fw + (count + 1) * gap;
  const ropeY = (x: number): number => {
    const t = (x - x0) / (x1 - x0);
    return top + 4 * dip * t * (1 - t);
  };
  const pts: number[] = [x0];
  let flags = '';
  const tips: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const l = x0 + gap + i * (fw + gap);
    pts.push(l, l + fw);
    const yl = ropeY(l);
    const yr = ropeY(l + fw);
    tips.push([l + fw / 2, (yl + yr) / 2 + fw * 1.2]);
    flags += shape(`M${n(l)} ${n(yl)}L${n(l + fw)} ${n(yr)}L${n(l + fw / 2)} ${n((yl + yr) / 2 + fw * 1.2)}Z`);
  }
  pts.push(x1);
  const box = { x: x0, y: band.y, w: x1 - x0, h: band.h };
  ctx.taken.push(box);
  return {
    svg: `<g class="bunting">${line(pts.map((x, i) => `${i ? 'L' : 'M'}${n(x)} ${n(ropeY(x))}`).join('')) + flags}</g>`,
    box,
    lowest(from, to) {
      if (to < x0 || from > x1) return undefined;
      // The rope and the flags' edges run straight between corners and tips: the lowest point is at one of them or at
      // an end of the stretch.
      const at = (x: number): number => {
        const tip = tips.find(([tx]) => Math.abs(x - tx) <= fw / 2);
        if (!tip) return ropeY(x);
        const corner = x < tip[0] ? tip[0] - fw / 2 : tip[0] + fw / 2;
        return tip[1] + ((ropeY(corner) - tip[1]) * Math.abs(x - tip[0])) / (fw / 2);
      };
      const xs = [from, to, ...tips.map(([tx]) => tx)].filter((x) => x >= Math.max(from, x0) && x <= Math.min(to, x1));
      return Math.max(...xs.map(at), ropeY(Math.max(from, x0)), ropeY(Math.min(to, x1)));
    },
  };
}

/**
 * Level 4's wallpaper, as a shop-bought colouring book draws one: pairs of lines down the wall (a narrow stripe between
 * them) and a column of diamonds in each wide band. Every line stops short of what rises in front of the wall (the
 * balloons, the picture, the child, a friend; under the bunting, its rope and flags), so it ends in the open beside it
 * rather than pinching a sliver against its outline; no diamond is cut, no stub of line under 12 mm is drawn.
 */
function stripedWallpaper(ctx: BackgroundContext, bunting: Bunting | undefined): string {
  const a = ctx.area;
  const pad = 1.5;
  // What stands in front, by where it is drawn rather than the box taken for it (the balloons are narrower than theirs).
  const within = (d: Box, t: Box): boolean => d.x >= t.x && d.y >= t.y && right(d) <= right(t) && bottom(d) <= bottom(t);
  const inFront = [...ctx.taken, ...(ctx.child ? [ctx.child] : [])]
    .map((t) => ctx.drawn?.find((d) => within(d, t)) ?? t)
    .filter((t) => t.y < HOME_WALL_FOOT && t !== bunting?.box);
  const down = (x: number): string => {
    const hung = bunting?.lowest(x - pad, x + pad);
    const cuts = [
      ...inFront.filter((t) => x > t.x - pad && x < right(t) + pad).map((t) => [t.y - pad, bottom(t) + pad] as const),
      ...(hung === undefined ? [] : [[a.y - 2, hung + pad] as const]),
    ].sort((p, q) => p[0] - q[0]);
    let d = '';
    let y = a.y - 2;
    for (const [c0, c1] of [...cuts, [HOME_WALL_FOOT, HOME_WALL_FOOT] as const]) {
      const to = Math.min(c0, HOME_WALL_FOOT);
      if (to - y >= 12) d += `M${n(x)} ${n(y)}L${n(x)} ${n(to)}`;
      y = Math.max(y, c1);
    }
    return d;
  };
  let lines = '';
  let diamonds = '';
  for (let x = a.x + 6; x < right(a) - 2; x += 16) {
    lines += down(x) + down(x + 3);
    const cx = x + 11;
    if (cx + 3 > right(a)) continue;
    const hung = bunting?.lowest(cx - 2.5 - pad, cx + 2.5 + pad) ?? -Infinity;
    for (let y = a.y + 12; y < HOME_WALL_FOOT - 8; y += 18)
      if (y - 3.5 - pad > hung && !inFront.some((t) => overlaps(t, { x: cx - 2.5, y: y - 3.5, w: 5, h: 7 }, pad)))
        diamonds += shape(`M${n(cx)} ${n(y - 3.5)}L${n(cx + 2.5)} ${n(y)}L${n(cx)} ${n(y + 3.5)}L${n(cx - 2.5)} ${n(y)}Z`);
  }
  return line(lines) + diamonds;
}

const home: Background = {
  terrain: 'indoor',
  groundY: 266,
  wallFoot: HOME_WALL_FOOT,
  draw(ctx) {
    const a = ctx.area;
    let s = '';
    const wb = { x: a.x + 12, y: a.y + 24, w: 50, h: 58 };
    if (claim(ctx, wb)) s += art(ctx, { drawing: 'window-frame' }, wb);
    const pf = { x: right(a) - 52, y: a.y + 30, w: 40, h: 34 };
    if (ctx.level >= 2 && claim(ctx, pf)) s += art(ctx, { drawing: 'picture-frame' }, pf);
    const bunting = partyBunting(ctx);
    if (bunting) s += bunting.svg;
    if (ctx.level >= 4) s += stripedWallpaper(ctx, bunting);
    const foot = HOME_WALL_FOOT;
    s += divide(
      ctx.ring,
      shape(`M${n(a.x - 2)} ${foot}L${n(right(a) + 2)} ${foot}L${n(right(a) + 2)} ${n(bottom(a) + 2)}L${n(a.x - 2)} ${n(bottom(a) + 2)}Z`),
      true,
    );
    if (ctx.level >= 2) s += art(ctx, { drawing: 'rug' }, { x: a.x + 20, y: 250, w: a.w - 40, h: 24 });
    if (ctx.level >= 3) for (let x = a.x + 24; x < right(a); x += 40) s += line(`M${n(x)} ${foot}L${n(x - 14)} ${foot + 34}`);
    // From level 2 a couple of wrapped presents on the floor, at the wall's foot where it is free.
    if (ctx.level >= 2) s += scatter(ctx, { x: a.x + 4, y: foot + 2, w: a.w - 8, h: 30 }, 2, [15, 19], (b) => present(b), 0.9);
    // Party confetti in the air.
    if (ctx.level === 3) s += texture(ctx, 'confetti', { x: a.x + 4, y: a.y + 20, w: a.w - 8, h: 130 }, 0.6);
    return paint(ctx, s);
  },
  front: moundFront,
};

export const BACKGROUNDS: Readonly<Record<string, Background>> = {
  space,
  moon,
  'prehistoric-valley': prehistoric,
  'ocean-floor': ocean,
  beach,
  castle,
  'enchanted-forest': forest,
  jungle,
  savanna,
  farm,
  'sports-field': sportsField,
  city,
  sky,
  garden,
  home,
};
