// The castle's ballroom, indoors (Castle Ball, and any scene dancing in a castle: drawn where the composer lays the
// ballroom's tiled floor, instead of the castle's outdoor place). The back wall of the hall stands behind the dancers,
// its foot along the floor's back edge, its top the ceiling the chandelier hangs from: tall arched windows in it (one or
// two big ones at level 1, panes from level 2, at level 4 a turret seen through one), drapes at the sides from level 2,
// bunting under the cornice from level 3, a stone-block wall at level 4. No sky things: a hall has no sun or balloons.
import { cover, divide, type BackgroundContext } from './backgrounds.js';
import { line, n, paintGroup, shape, type Box, type Level } from './svg.js';

const right = (a: Box): number => a.x + a.w;
const bottom = (a: Box): number => a.y + a.h;
const overlaps = (a: Box, b: Box, pad: number): boolean =>
  a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;

/** Per level: how many windows at most, how wide (mm), how far below the ceiling they start (under the bunting). */
const WINDOWS: Readonly<Record<Level, { count: number; w: number; top: number }>> = {
  1: { count: 2, w: 44, top: 30 },
  2: { count: 3, w: 36, top: 26 },
  3: { count: 4, w: 32, top: 30 },
  4: { count: 5, w: 28, top: 30 },
};
/** The ceiling's cornice (from level 2) and the skirting board along the wall's foot, mm. */
const CORNICE = 6;
const SKIRTING = 4;
/** Room kept over the child's head for its crown, mm. */
const CROWN_ROOM = 22;
/** Drapes at the sides from level 2: width at the top, mm. */
const DRAPE_W = 24;

/** An arched window's outline: straight sides, a round top. */
const archPath = (b: Box): string => {
  const r = b.w / 2;
  return `M${n(b.x)} ${n(bottom(b))}L${n(b.x)} ${n(b.y + r)}A${n(r)} ${n(r)} 0 0 1 ${n(right(b))} ${n(b.y + r)}L${n(right(b))} ${n(bottom(b))}Z`;
};

/**
 * The window's glazing: one mullion at level 1 (two tall panes); a transom where the arch springs from level 2; more
 * transoms below it from level 3; at level 4 the arch's top cut into sectors, and through the first window (`view`),
 * instead of the lower panes, a far hill with a turret on it.
 */
function window(b: Box, level: Level, view: boolean): string {
  const r = b.w / 2;
  const cx = b.x + r;
  const spring = b.y + r;
  let s = shape(archPath(b));
  if (level === 1) return s + line(`M${n(cx)} ${n(b.y)}L${n(cx)} ${n(bottom(b))}`);
  let d = `M${n(b.x)} ${n(spring)}L${n(right(b))} ${n(spring)}`;
  if (level >= 4) {
    // Lead lines radiating in the arch.
    for (const a of [Math.PI / 4, (3 * Math.PI) / 4])
      d += `M${n(cx)} ${n(spring)}L${n(cx + r * Math.cos(a))} ${n(spring - r * Math.sin(a))}`;
  }
  d += `M${n(cx)} ${n(b.y)}L${n(cx)} ${n(view ? spring : bottom(b))}`;
  const low = bottom(b) - spring;
  if (view) {
    // A green hill far off, a turret standing on it (pointed roof, a door).
    const hill = spring + low * 0.72;
    d += `M${n(b.x)} ${n(hill + 2)}Q${n(cx - r * 0.2)} ${n(hill - 6)} ${n(right(b))} ${n(hill + 1)}`;
    const tx = cx + r * 0.25;
    const tw = r * 0.55;
    const ty = hill - 1;
    s += line(d);
    s += shape(
      `M${n(tx - tw / 2)} ${n(ty + 1.5)}L${n(tx - tw / 2)} ${n(ty - low * 0.3)}L${n(tx + tw / 2)} ${n(ty - low * 0.3)}L${n(tx + tw / 2)} ${n(ty + 0.5)}Z`,
    );
    s += shape(
      `M${n(tx - tw / 2 - 1.2)} ${n(ty - low * 0.3)}L${n(tx)} ${n(ty - low * 0.52)}L${n(tx + tw / 2 + 1.2)} ${n(ty - low * 0.3)}Z`,
    );
    return s;
  }
  const rows = level === 2 ? 1 : Math.max(2, Math.round(low / (level === 3 ? 26 : 15)));
  for (let k = 1; k < rows; k++) d += `M${n(b.x)} ${n(spring + (k * low) / rows)}L${n(right(b))} ${n(spring + (k * low) / rows)}`;
  return s + line(d);
}

/** Bunting from level 3: two swags of rope under the cornice, from drape to drape, dipping to the middle, with a
 * triangular flag every `step` mm (none where something hangs in front: the chandelier). */
function bunting(a: Box, ceiling: number, level: Level, others: readonly Box[]): string {
  const x0 = a.x + DRAPE_W - 4;
  const x1 = right(a) - DRAPE_W + 4;
  const mid = (x0 + x1) / 2;
  const dip = 10;
  let s = line(
    `M${n(x0)} ${n(ceiling + 3)}Q${n((x0 + mid) / 2)} ${n(ceiling + 3 + 2 * dip)} ${n(mid)} ${n(ceiling + 3)}Q${n((mid + x1) / 2)} ${n(ceiling + 3 + 2 * dip)} ${n(x1)} ${n(ceiling + 3)}`,
  );
  const step = level >= 4 ? 11 : 15;
  const fw = step * 0.6;
  for (let x = x0 + step * 0.7; x < x1 - step * 0.5; x += step) {
    if (Math.abs(x - mid) < step * 0.5) continue;
    // Along a swag of a quadratic curve: the rope's height there, close enough to the sine for a flag's top corners.
    const yl = quadY(x - fw / 2, x0, mid, x1, ceiling + 3, dip);
    const yr = quadY(x + fw / 2, x0, mid, x1, ceiling + 3, dip);
    const b = { x: x - fw / 2, y: Math.min(yl, yr), w: fw, h: fw * 1.3 };
    if (others.some((o) => overlaps(o, b, 2))) continue;
    s += shape(`M${n(x - fw / 2)} ${n(yl)}L${n(x + fw / 2)} ${n(yr)}L${n(x)} ${n((yl + yr) / 2 + fw * 1.3)}Z`);
  }
  return s;
}

/** The rope's height at x on the swag it hangs in (each swag a quadratic curve from `y` down to `y + dip` and back). */
function quadY(x: number, x0: number, mid: number, x1: number, y: number, dip: number): number {
  const [p0, p2] = x < mid ? [x0, mid] : [mid, x1];
  const t = (x - p0) / (p2 - p0);
  return y + 2 * t * (1 - t) * 2 * dip;
}

/** A drape on one side, hanging from the ceiling to the floor, tied back halfway; folds and the tie from level 3. */
function drape(a: Box, foot: number, side: 'left' | 'right', level: Level): string {
  const k = side === 'left' ? 1 : -1;
  const edge = side === 'left' ? a.x - 2 : right(a) + 2;
  const x = (d: number): number => edge + k * d;
  const top = a.y - 2;
  const tie = top + (foot - top) * 0.55;
  let s = shape(
    `M${n(x(0))} ${n(top)}L${n(x(DRAPE_W + 2))} ${n(top)}C${n(x(DRAPE_W))} ${n(top + (tie - top) * 0.5)} ${n(x(12))} ${n(tie - 10)} ${n(x(12))} ${n(tie)}` +
      `C${n(x(12))} ${n(tie + 16)} ${n(x(20))} ${n(foot - 10)} ${n(x(20))} ${n(foot)}L${n(x(0))} ${n(foot)}Z`,
  );
  if (level >= 3) {
    s += line(`M${n(x(10))} ${n(top)}C${n(x(9))} ${n(top + 40)} ${n(x(7))} ${n(tie - 20)} ${n(x(7))} ${n(tie - 3)}`);
    s += line(`M${n(x(7))} ${n(tie + 3)}C${n(x(7))} ${n(tie + 20)} ${n(x(10))} ${n(foot - 16)} ${n(x(11))} ${n(foot)}`);
    s += shape(`M${n(x(1))} ${n(tie - 3)}L${n(x(14))} ${n(tie - 3)}L${n(x(14))} ${n(tie + 3)}L${n(x(1))} ${n(tie + 3)}Z`);
  }
  return s;
}

/** The hall behind the dancers, its wall's foot at `foot` (the ballroom floor's back edge, mm from the page's top). */
export function drawHall(ctx: BackgroundContext, foot: number): string {
  const a = ctx.area;
  const level = ctx.level;
  const ceiling = level >= 2 ? a.y + CORNICE : a.y;
  const wallFoot = level >= 2 ? foot - SKIRTING : foot;
  // The child with room over the head for a crown (drawn after the background, not among the taken boxes).
  const child = ctx.child ? [{ ...ctx.child, y: ctx.child.y - CROWN_ROOM, h: ctx.child.h + CROWN_ROOM }] : [];
  const keepOut = [...ctx.taken, ...child];
  let s = '';
  // Level 4: the wall built of stone blocks, a row's joints halfway along the blocks of the row above.
  if (level >= 4) {
    const bh = 11;
    const bw = 24;
    for (let y = ceiling + bh, row = 0; y < wallFoot - 4; y += bh, row++) {
      s += line(`M${n(a.x - 2)} ${n(y)}L${n(right(a) + 2)} ${n(y)}`);
      for (let x = a.x + 6 + (row % 2) * (bw / 2); x < right(a) - 4; x += bw)
        s += line(`M${n(x)} ${n(y)}L${n(x)} ${n(Math.min(y + bh, wallFoot))}`);
    }
    s += line(`M${n(a.x - 2)} ${n(ceiling)}L${n(right(a) + 2)} ${n(ceiling)}`);
    for (let x = a.x + 6 + bw / 2; x < right(a) - 4; x += bw) s += line(`M${n(x)} ${n(ceiling)}L${n(x)} ${n(ceiling + bh)}`);
  } else if (level >= 2) s += line(`M${n(a.x - 2)} ${n(ceiling)}L${n(right(a) + 2)} ${n(ceiling)}`);
  // The wall's foot along the floor's back edge, a skirting board above it from level 2.
  s += divide(ctx.ring, line(`M${n(a.x - 2)} ${n(foot)}L${n(right(a) + 2)} ${n(foot)}`), true);
  if (level >= 2)
    s += divide(
      ctx.ring,
      shape(`M${n(a.x - 2)} ${n(wallFoot)}L${n(right(a) + 2)} ${n(wallFoot)}L${n(right(a) + 2)} ${n(foot)}L${n(a.x - 2)} ${n(foot)}Z`),
    );
  const drapes: Box[] =
    level >= 2
      ? [
          { x: a.x - 2, y: a.y, w: DRAPE_W + 2, h: foot - a.y },
          { x: right(a) - DRAPE_W, y: a.y, w: DRAPE_W + 2, h: foot - a.y },
        ]
      : [];
  // The windows: the level's columns across the wall between the drapes, each moved aside to the nearest free place and
  // narrowed if need be, as tall as the wall is free there (under the chandelier, over the dance partner's head), left
  // out if it would come out short.
  const spec = WINDOWS[level];
  const margin = level >= 2 ? DRAPE_W + 4 : 6;
  const inner = { x: a.x + margin, w: a.w - 2 * margin };
  const top = ceiling + spec.top;
  const sill = wallFoot - (level === 1 ? 24 : 16);
  const windows: Box[] = [];
  const others = [...keepOut, ...drapes];
  /** The tallest free stretch of wall between `top` and the sill over the columns x to x + w. */
  const freeSpan = (x: number, w: number): Box => {
    const cuts = others
      .filter((o) => o.x < x + w + 3 && x < right(o) + 3)
      .map((o) => [o.y - 4, bottom(o) + 4] as const)
      .sort((p, q) => p[0] - q[0]);
    let best = { x, y: top, w, h: 0 };
    let from = top;
    for (const [y0, y1] of [...cuts, [sill, sill] as const]) {
      const to = Math.min(y0, sill);
      if (to - from > best.h) best = { x, y: from, w, h: Math.min(to - from, 2.6 * w) };
      from = Math.max(from, y1);
    }
    return best;
  };
  for (let i = 0; i < spec.count; i++) {
    const centre = inner.x + ((i + 0.5) * inner.w) / spec.count;
    search: for (const w of [spec.w, spec.w * 0.85, spec.w * 0.7, spec.w * 0.6])
      for (const shift of [0, -6, 6, -12, 12, -18, 18, -24, 24, -32, 32, -40, 40]) {
        const x = centre + shift - w / 2;
        if (x < inner.x || x + w > inner.x + inner.w) continue;
        const b = freeSpan(x, w);
        if (b.h < 1.6 * w || windows.some((o) => overlaps(o, b, 6))) continue;
        windows.push(b);
        break search;
      }
  }
  windows.forEach((b, i) => (s += window(b, level, level >= 4 && i === 0)));
  if (level >= 3) s += bunting(a, ceiling, level, others);
  if (level >= 2) {
    (['left', 'right'] as const).forEach((side, i) => {
      const d = drape(a, foot, side, level);
      s += d;
      cover(ctx.ring, drapes[i]!, d);
    });
  }
  return paintGroup(s, ctx.strokeMm, ' class="hall"');
}
