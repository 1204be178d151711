// SVG path data as polylines, curves flattened: for the rasters the page measures its regions on before it draws them
// (the portrait's art in the head, the drawn child's body over long hair).

type Pt = readonly [number, number];

export interface Polyline {
  readonly pts: Pt[];
  readonly closed: boolean;
}

/** Points per curve (a quadratic or cubic Bézier, a quarter of an arc's turn). */
const CURVE_STEPS = 4;

/** The subpaths of a path's `d` (M, L, H, V, Q, C, A and Z, absolute or relative), curves flattened. */
export function pathPolylines(d: string): Polyline[] {
  const lines: Polyline[] = [];
  let cur: Pt[] = [];
  let x = 0;
  let y = 0;
  let cmd = 'M';
  const tokens = d.match(/[MmLlHhVvQqCcAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const end = (closed: boolean): void => {
    if (cur.length) lines.push({ pts: cur, closed });
    cur = [];
  };
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i]!;
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd === 'z' || cmd === 'Z') {
        const first = cur[0];
        end(true);
        if (first) [x, y] = first;
      }
      continue;
    }
    const num = (k: number): number => Number(tokens[i + k]);
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M':
        end(false);
        x = ox + num(0);
        y = oy + num(1);
        cur.push([x, y]);
        cmd = rel ? 'l' : 'L';
        i += 2;
        break;
      case 'L':
        x = ox + num(0);
        y = oy + num(1);
        cur.push([x, y]);
        i += 2;
        break;
      case 'H':
        x = ox + num(0);
        cur.push([x, y]);
        i += 1;
        break;
      case 'V':
        y = oy + num(0);
        cur.push([x, y]);
        i += 1;
        break;
      case 'Q': {
        const [cx, cy, ex, ey] = [ox + num(0), oy + num(1), ox + num(2), oy + num(3)];
        for (let k = 1; k <= CURVE_STEPS; k++) {
          const u = k / CURVE_STEPS;
          const v = 1 - u;
          cur.push([v * v * x + 2 * v * u * cx + u * u * ex, v * v * y + 2 * v * u * cy + u * u * ey]);
        }
        [x, y] = [ex, ey];
        i += 4;
        break;
      }
      case 'C': {
        const [ax, ay, bx, by, ex, ey] = [ox + num(0), oy + num(1), ox + num(2), oy + num(3), ox + num(4), oy + num(5)];
        for (let k = 1; k <= 2 * CURVE_STEPS; k++) {
          const u = k / (2 * CURVE_STEPS);
          const v = 1 - u;
          cur.push([
            v * v * v * x + 3 * v * v * u * ax + 3 * v * u * u * bx + u * u * u * ex,
            v * v * v * y + 3 * v * v * u * ay + 3 * v * u * u * by + u * u * u * ey,
          ]);
        }
        [x, y] = [ex, ey];
        i += 6;
        break;
      }
      case 'A': {
        const ex = ox + num(5);
        const ey = oy + num(6);
        cur.push(...arcPoints([x, y], [ex, ey], num(0), num(1), num(2), num(3) !== 0, num(4) !== 0));
        [x, y] = [ex, ey];
        i += 7;
        break;
      }
      default:
        throw new Error(`path command ${cmd} is not read`);
    }
  }
  end(false);
  return lines;
}

/** An elliptical arc (SVG's endpoint form, section F.6 of SVG 1.1) as points after its start, its end last. */
function arcPoints(a: Pt, b: Pt, rx0: number, ry0: number, angle: number, large: boolean, sweep: boolean): Pt[] {
  let rx = Math.abs(rx0);
  let ry = Math.abs(ry0);
  if (!rx || !ry || (a[0] === b[0] && a[1] === b[1])) return [b];
  const phi = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (a[0] - b[0]) / 2;
  const dy = (a[1] - b[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const grow = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (grow > 1) {
    rx *= Math.sqrt(grow);
    ry *= Math.sqrt(grow);
  }
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (a[0] + b[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (a[1] + b[1]) / 2;
  const turn = (ux: number, uy: number, vx: number, vy: number): number => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t0 = turn(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let dt = turn((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  else if (sweep && dt < 0) dt += 2 * Math.PI;
  const steps = Math.max(2, Math.ceil((Math.abs(dt) / (Math.PI / 2)) * CURVE_STEPS));
  const out: Pt[] = [];
  for (let s = 1; s < steps; s++) {
    const t = t0 + (dt * s) / steps;
    const [ex, ey] = [rx * Math.cos(t), ry * Math.sin(t)];
    out.push([cos * ex - sin * ey + cx, sin * ex + cos * ey + cy]);
  }
  out.push(b);
  return out;
}
