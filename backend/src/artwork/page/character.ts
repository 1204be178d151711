// The child's head from the photo, put on the drawn body (scenes/figure.ts): the hair and face cut out of the portrait's
// line art above the chin, with one closed outline around them, scaled so the chin sits on the body's neck.
import type { Portrait } from '../portrait/index.js';
import type { Figure } from '../scenes/figure.js';
import { fillPolygon } from '../portrait/raster.js';
import { outerContour } from '../portrait/shapes.js';
import { n, type Box } from '../scenes/svg.js';

type Pt = readonly [number, number];

export interface HeadShape {
  /** The head's closed outline, portrait units: the hair and head above the chin line joined with the face oval. */
  readonly outline: readonly Pt[];
  /** The chin (bottom of the face oval, centred on it), portrait units. */
  readonly chin: Pt;
  /** Head height (top of the hair to the chin) and width, portrait units. */
  readonly h: number;
  readonly w: number;
}

/** Clips a polygon to an axis-aligned box (Sutherland-Hodgman; the box is convex, the polygon may not be). */
export function clipToBox(poly: readonly Pt[], b: Box): Pt[] {
  const edges: [(p: Pt) => boolean, (a: Pt, c: Pt) => Pt][] = [
    [(p) => p[0] >= b.x, (a, c) => at(a, c, (b.x - a[0]) / (c[0] - a[0]))],
    [(p) => p[0] <= b.x + b.w, (a, c) => at(a, c, (b.x + b.w - a[0]) / (c[0] - a[0]))],
    [(p) => p[1] >= b.y, (a, c) => at(a, c, (b.y - a[1]) / (c[1] - a[1]))],
    [(p) => p[1] <= b.y + b.h, (a, c) => at(a, c, (b.y + b.h - a[1]) / (c[1] - a[1]))],
  ];
  let out: Pt[] = [...poly];
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cross(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cross(prev, cur));
    }
    if (!out.length) break;
  }
  return out;
}

const at = (a: Pt, c: Pt, t: number): Pt => [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t];

const shapes = new WeakMap<object, HeadShape>();

/** The head's shape in the portrait (computed once per portrait). */
export function headShape(portrait: Pick<Portrait, 'features' | 'silhouette' | 'width' | 'height'>): HeadShape {
  const cached = shapes.get(portrait);
  if (cached) return cached;
  const oval = portrait.features.faceOutline;
  const xs = oval.map((p) => p[0]);
  const ys = oval.map((p) => p[1]);
  const fx0 = Math.min(...xs);
  const fx1 = Math.max(...xs);
  const faceW = fx1 - fx0;
  const cx = (fx0 + fx1) / 2;
  const chinY = Math.max(...ys);
  const faceH = chinY - Math.min(...ys);
  // The hair: the silhouette above the chin line, no wider than the hair can be beside a face.
  const band: Box = { x: cx - faceW * 0.95, y: -1, w: faceW * 1.9, h: chinY - faceH * 0.12 + 1 };
  const hair = clipToBox(portrait.silhouette, band);
  // One outline around both (their union, traced on a half-size raster), so no line runs across the forehead.
  const k = 0.5;
  // Room round the photo: hair the photo cuts off at its edge goes on, round, beyond it.
  const o = Math.ceil(faceH * k) + 2;
  const pw = Math.ceil(portrait.width * k);
  const ph = Math.ceil(portrait.height * k);
  const mw = pw + 2 * o;
  const mh = ph + 2 * o;
  const m = { w: mw, h: mh, data: new Uint8Array(mw * mh) };
  const scaled = (poly: readonly Pt[]): Pt[] => poly.map((p) => [p[0] * k + o, p[1] * k + o] as Pt);
  if (hair.length >= 3) fillPolygon(m, scaled(hair));
  // A head is round: the photo's cut (a wide bust, hair running off the frame) is rounded off by an ellipse round the face.
  const ex = cx * k + o;
  const ey = (chinY - faceH * 0.62) * k + o;
  const rx = faceW * 0.92 * k;
  const ry = faceH * 0.98 * k;
  const inEllipse = (x: number, y: number): boolean => ((x + 0.5 - ex) / rx) ** 2 + ((y + 0.5 - ey) / ry) ** 2 <= 1;
  const at = (x: number, y: number): number => m.data[y * mw + x]!;
  for (let x = o; x < o + pw; x++) {
    if (at(x, o + 1)) for (let y = o; y >= 0 && inEllipse(x, y); y--) m.data[y * mw + x] = 1;
  }
  for (let y = o; y < o + ph; y++) {
    if (at(o + 1, y)) for (let x = o; x >= 0 && inEllipse(x, y); x--) m.data[y * mw + x] = 1;
    if (at(o + pw - 2, y)) for (let x = o + pw - 1; x < mw && inEllipse(x, y); x++) m.data[y * mw + x] = 1;
  }
  for (let y = 0; y < mh; y++) for (let x = 0; x < mw; x++) if (!inEllipse(x, y)) m.data[y * mw + x] = 0;
  fillPolygon(m, scaled(oval));
  const traced = outerContour(m, 1.5, 0.4).map((p) => [(p[0] - o) / k, (p[1] - o) / k] as Pt);
  const parts = [traced.length >= 3 ? traced : [...oval]];
  const all = parts[0]!;
  const top = Math.min(...all.map((p) => p[1]));
  const w = Math.max(...all.map((p) => p[0])) - Math.min(...all.map((p) => p[0]));
  const shape: HeadShape = { outline: parts[0]!, chin: [cx, chinY], h: chinY - top, w };
  shapes.set(portrait, shape);
  return shape;
}

/** The head's outline width, in scene strokes: its inner half covers the portrait's own outline running beside it. */
const HEAD_OUTLINE = 1.5;

const polyD = (pts: readonly Pt[]): string => pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('') + 'Z';

/** The level's line art inside its root element. */
function innerArt(svg: string): string {
  const open = /<svg\b[^>]*>/i.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('portrait art is not an SVG document');
  return svg.slice(open.index + open[0].length, close);
}

/**
 * The head on the figure: a white margin hiding what is behind, one black outline around hair and face, and the
 * portrait's lines inside it. `id` names the clip path (unique per page).
 */
export function drawHead(input: {
  portrait: Pick<Portrait, 'features' | 'silhouette' | 'width' | 'height'>;
  art: string;
  figure: Pick<Figure, 'chin' | 'head'>;
  strokeMm: number;
  marginMm: number;
  id: string;
}): string {
  const shape = headShape(input.portrait);
  const s = input.figure.head.h / shape.h;
  const tx = input.figure.chin[0] - shape.chin[0] * s;
  const ty = input.figure.chin[1] - shape.chin[1] * s;
  const u = (mm: number): string => n(mm / s);
  const d = polyD(shape.outline);
  const { width: w, height: h } = input.portrait;
  const edge = w * 0.025;
  return (
    `<g class="child-head" transform="matrix(${s.toFixed(5)} 0 0 ${s.toFixed(5)} ${n(tx)} ${n(ty)})">` +
    `<defs><clipPath id="head-${input.id}"><path d="${d}"/></clipPath>` +
    // The photo's own edge is no line of the child's: the art is cut a little inside it.
    `<clipPath id="photo-${input.id}"><rect x="${n(edge)}" y="${n(edge)}" width="${n(w - 2 * edge)}" height="${n(h - 2 * edge)}"/></clipPath></defs>` +
    // The margin and the white of the head, the portrait's lines inside, then the outline over their cut ends (and
    // over the portrait's own outline beside it, which would otherwise leave slivers between the two).
    `<path d="${d}" fill="#fff" stroke="#fff" stroke-width="${u(2 * (input.strokeMm + input.marginMm))}" stroke-linejoin="round"/>` +
    `<g clip-path="url(#head-${input.id})"><g clip-path="url(#photo-${input.id})">${innerArt(input.art)}</g></g>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-width="${u(HEAD_OUTLINE * input.strokeMm)}" stroke-linejoin="round"/>` +
    `</g>`
  );
}
