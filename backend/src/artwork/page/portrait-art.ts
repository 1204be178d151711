// Placing the child's portrait line art on a page (the cover, the single-photo pages): nested in a box, fitted by the figure.
import type { Portrait } from '../portrait/index.js';
import { n, type Box } from '../scenes/svg.js';

/** The portrait box for a given width inside `box`, keeping the portrait's proportions. */
export function fitPortrait(portrait: Pick<Portrait, 'width' | 'height'>, box: Box): Box {
  const scale = Math.min(box.w / portrait.width, box.h / portrait.height);
  const w = portrait.width * scale;
  const h = portrait.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** The level's standalone SVG nested into the page at `box` (same proportions as the portrait). */
export function embedPortrait(svg: string, portrait: Pick<Portrait, 'width' | 'height'>, box: Box): string {
  const open = /<svg\b[^>]*>/i.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('portrait art is not an SVG document');
  const inner = svg.slice(open.index + open[0].length, close);
  // Keep presentation attributes of the root (fill, stroke...), drop its own size and namespaces.
  const keep = [...open[0].matchAll(/\s([a-zA-Z:-]+)="([^"]*)"/g)]
    .filter(([, name]) => !/^(xmlns(:\w+)?|width|height|x|y|viewBox|version|preserveAspectRatio)$/.test(name!))
    .map(([, name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<svg x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" viewBox="0 0 ${portrait.width} ${portrait.height}" preserveAspectRatio="xMidYMid meet" overflow="hidden"${keep}>${inner}</svg>`;
}

/** Every point of an SVG path's commands (end and control points; arcs by their end points). */
export function pathPoints(d: string): [number, number][] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const pts: [number, number][] = [];
  let i = 0;
  let cmd = 'M';
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const num = (): number => Number(tokens[i++]);
  const arity: Record<string, number> = { m: 2, l: 2, t: 2, h: 1, v: 1, c: 6, s: 4, q: 4, a: 7, z: 0 };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    const lower = cmd.toLowerCase();
    const rel = cmd === lower;
    if (lower === 'z') {
      x = sx;
      y = sy;
      continue;
    }
    const count = arity[lower];
    if (count === undefined || i + count > tokens.length) break;
    const v = Array.from({ length: count }, num);
    if (lower === 'h') x = rel ? x + v[0]! : v[0]!;
    else if (lower === 'v') y = rel ? y + v[0]! : v[0]!;
    else if (lower === 'a') {
      x = rel ? x + v[5]! : v[5]!;
      y = rel ? y + v[6]! : v[6]!;
    } else {
      for (let k = 0; k + 1 < count - 2; k += 2) pts.push([rel ? x + v[k]! : v[k]!, rel ? y + v[k + 1]! : v[k + 1]!]);
      x = rel ? x + v[count - 2]! : v[count - 2]!;
      y = rel ? y + v[count - 1]! : v[count - 1]!;
    }
    pts.push([x, y]);
    if (lower === 'm') {
      sx = x;
      sy = y;
      cmd = rel ? 'l' : 'L';
    }
  }
  return pts;
}

type Outline = Pick<Portrait, 'width' | 'height' | 'silhouettePath'> & { silhouette?: readonly (readonly [number, number])[] };

function outlinePoints(portrait: Outline): readonly (readonly [number, number])[] {
  return portrait.silhouette && portrait.silhouette.length > 2 ? portrait.silhouette : pathPoints(portrait.silhouettePath);
}

/** The child's own extent inside the portrait (the silhouette's bounding box), portrait units. */
export function figureBounds(portrait: Outline): Box {
  const pts = outlinePoints(portrait);
  if (pts.length < 3) return { x: 0, y: 0, w: portrait.width, h: portrait.height };
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(portrait.width, x1);
  y1 = Math.min(portrait.height, y1);
  if (x1 - x0 < portrait.width * 0.05 || y1 - y0 < portrait.height * 0.05) return { x: 0, y: 0, w: portrait.width, h: portrait.height };
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Where the whole portrait drawing goes so that its figure fills `figureBox` (same proportions). */
export function portraitBoxForFigure(portrait: Outline, figureBox: Box): Box {
  const f = figureBounds(portrait);
  const s = figureBox.w / f.w;
  return { x: figureBox.x - f.x * s, y: figureBox.y - f.y * s, w: portrait.width * s, h: portrait.height * s };
}
