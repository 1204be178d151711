// A rubber swim ring seen from a little above, worn round the child's waist: its back half goes behind the body, its
// front half over it (docs/decisions/040).
import { line, n, type Level } from './svg.js';

type Pt = [number, number];

/** The ring's depth on the page, its hole's half width and the hole's near edge's depth, in outer half widths. The hole
 * (0.34 of the half width) is narrower than the child's waist, so the body hides it: the body fills the ring. */
export const SWIM_RING = { ry: 0.4, hole: 0.34, holeRy: 0.17 } as const;

/** The lines across the tube (its coloured segments), as angles round the ring, by level: the front's, then the back's. */
const SEGMENTS: Readonly<Record<Level, readonly number[]>> = {
  1: [],
  2: [55, 125],
  3: [55, 125, -150, -30],
  4: [25, 55, 125, 155, -150, -30],
};

/**
 * The ring centred on `c` with outer half width `rx`, both halves in the scene's paint (white shapes, black lines):
 * `back`, the whole ring, goes behind the child (its knockout hides what the body covers); `front`, the near half from
 * side to side, goes over the body's waist. The front's fill has no line where it meets the back at the sides, so the
 * two read as one tube round the child.
 */
export function swimRingHalves(c: Pt, rx: number, level: Level): { back: string; front: string } {
  const ry = rx * SWIM_RING.ry;
  const ri = rx * SWIM_RING.hole;
  const riy = rx * SWIM_RING.holeRy;
  const p = (r: number, rY: number, deg: number): string => {
    const a = (deg * Math.PI) / 180;
    return `${n(c[0] + r * Math.cos(a))} ${n(c[1] + rY * Math.sin(a))}`;
  };
  const arc = (r: number, rY: number, sweep: 0 | 1): string => `A${n(r)} ${n(rY)} 0 0 ${sweep} `;
  const L = p(rx, ry, 180);
  const R = p(rx, ry, 0);
  const segment = (deg: number): string => line(`M${p(ri, riy, deg)}L${p(rx, ry, deg)}`);
  const outerBelow = `M${L}${arc(rx, ry, 0)}${R}`;
  const holeBelow = `M${p(ri, riy, 180)}${arc(ri, riy, 0)}${p(ri, riy, 0)}`;
  const segments = SEGMENTS[level];
  const back =
    `<path d="M${L}${arc(rx, ry, 1)}${R}${arc(rx, ry, 1)}${L}Z"/>` +
    line(`M${p(ri, riy, 180)}${arc(ri, riy, 1)}${p(ri, riy, 0)}`) +
    segments
      .filter((d) => d < 0)
      .map(segment)
      .join('');
  const front =
    `<path d="${outerBelow}L${p(ri, riy, 0)}${arc(ri, riy, 1)}${p(ri, riy, 180)}Z" stroke="none"/>` +
    line(outerBelow) +
    line(holeBelow) +
    segments
      .filter((d) => d > 0)
      .map(segment)
      .join('');
  return { back, front };
}
