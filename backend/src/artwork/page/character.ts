// The child's head from the photo, put on the drawn body (scenes/figure.ts): the hair and face cut out of the portrait's
// line art above the chin, with one closed outline around them, scaled so the chin sits on the body's neck.
import type { Portrait } from '../portrait/index.js';
import type { Figure } from '../scenes/figure.js';
import { components, dilate, fillPolygon, maskFrom, strokePolyline, type FloatImage } from '../portrait/raster.js';
import { outerContour } from '../portrait/shapes.js';
import { THUMBPRINT_MM2 } from '../scenes/library.js';
import { drawBraid } from './braid.js';
import { pathPolylines, type Polyline } from './svg-paths.js';
import { n, type Box, type Level } from '../scenes/svg.js';

type Pt = readonly [number, number];

export interface HeadShape {
  /** The head's closed outline, portrait units: face and hair (long hair below the chin too). */
  readonly outline: readonly Pt[];
  /** The chin (bottom of the face oval, centred on it), portrait units. */
  readonly chin: Pt;
  /** Head height (top of the hair to the chin) and width, portrait units. */
  readonly h: number;
  readonly w: number;
  /** How far the head reaches below the chin (long hair), portrait units. */
  readonly below: number;
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

type HeadSource = Pick<Portrait, 'features' | 'silhouette' | 'width' | 'height' | 'head' | 'braid'>;

/** The head's shape in the portrait (computed once per portrait): the portrait's own head, long hair and all. */
export function headShape(portrait: HeadSource): HeadShape {
  const cached = shapes.get(portrait);
  if (cached) return cached;
  const oval = portrait.features.faceOutline;
  const xs = oval.map((p) => p[0]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const chinY = Math.max(...oval.map((p) => p[1]));
  const outline = portrait.head && portrait.head.length >= 3 ? portrait.head : headFromSilhouette(portrait);
  const top = Math.min(...outline.map((p) => p[1]));
  // the head's width is the width above the chin: hair falling below it hangs behind the body
  const above = outline.filter((p) => p[1] <= chinY);
  const w = Math.max(...above.map((p) => p[0])) - Math.min(...above.map((p) => p[0]));
  const below = Math.max(0, Math.max(...outline.map((p) => p[1])) - chinY);
  const shape: HeadShape = { outline, chin: [cx, chinY], h: chinY - top, w, below };
  shapes.set(portrait, shape);
  return shape;
}

/**
 * A portrait stored before portraits drew their own head: the silhouette above the chin line, no wider than hair can
 * be beside a face, rounded off by an ellipse round the face, joined with the face oval.
 */
function headFromSilhouette(portrait: HeadSource): Pt[] {
  const oval = portrait.features.faceOutline;
  const xs = oval.map((p) => p[0]);
  const ys = oval.map((p) => p[1]);
  const fx0 = Math.min(...xs);
  const fx1 = Math.max(...xs);
  const faceW = fx1 - fx0;
  const cx = (fx0 + fx1) / 2;
  const chinY = Math.max(...ys);
  const faceH = chinY - Math.min(...ys);
  const band: Box = { x: cx - faceW * 0.95, y: -1, w: faceW * 1.9, h: chinY - faceH * 0.12 + 1 };
  const hair = clipToBox(portrait.silhouette, band);
  // their union, traced on a half-size raster with room round the photo for hair the photo cuts off
  const k = 0.5;
  const o = Math.ceil(faceH * k) + 2;
  const pw = Math.ceil(portrait.width * k);
  const ph = Math.ceil(portrait.height * k);
  const mw = pw + 2 * o;
  const mh = ph + 2 * o;
  const m = { w: mw, h: mh, data: new Uint8Array(mw * mh) };
  const scaled = (poly: readonly Pt[]): Pt[] => poly.map((p) => [p[0] * k + o, p[1] * k + o] as Pt);
  if (hair.length >= 3) fillPolygon(m, scaled(hair));
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
  return traced.length >= 3 ? traced : [...oval];
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

/** The art's paths as polylines (filled, or stroked with their width), curves flattened. */
function artPaths(svg: string): { lines: Polyline[]; width: number | null }[] {
  const out: { lines: Polyline[]; width: number | null }[] = [];
  for (const el of svg.matchAll(/<path\b([^>]*)>/g)) {
    const attrs = el[1]!;
    const d = / d="([^"]*)"/.exec(attrs)?.[1];
    if (!d) continue;
    const stroked = /fill="none"/.test(attrs);
    const width = stroked ? Number(/stroke-width="([^"]+)"/.exec(attrs)?.[1] ?? 1) : null;
    out.push({ lines: pathPolylines(d), width });
  }
  return out;
}

/** Pixels per millimetre of the raster the head's small regions are found on (as page/regions.ts counts them). */
const SLIVER_PX_PER_MM = 4;

/** The head on the sliver raster: where it lies, its paper once its slivers are inked, and that ink (SVG). */
interface HeadRaster {
  /** the raster's top left, portrait units, and its pixels per portrait unit */
  readonly x0: number;
  readonly y0: number;
  readonly r: number;
  readonly w: number;
  readonly h: number;
  /** 1 where there is paper once the head is drawn (inside its outline or out), clear of its lines and ink */
  readonly paper: Uint8Array;
  /** 1 inside the head's outline */
  readonly inside: Uint8Array;
  /** 1 where the head hides what is behind it: inside its outline and under the outline's line */
  readonly covers: Uint8Array;
  /** 1 inside the head's outline or a braid's, or beside them (within their stroke and a pixel): where a region touches them */
  readonly near: Uint8Array;
  readonly inked: string;
}

const rasters = new WeakMap<object, Map<string, HeadRaster>>();

/** Black runs of pixels, stacked into rectangles where rows repeat them, in portrait units. */
function runsPath(black: Uint8Array, g: { x0: number; y0: number; r: number; w: number; h: number }): string {
  const { x0, y0, r, w, h } = g;
  let d = '';
  const open = new Map<string, { y: number }>();
  // each rectangle a little larger (all inside the lines round the ink), so no seam shows where they meet
  const e = 0.15;
  const flush = (k: string, y: number, from: number): void => {
    const [a, b] = k.split(',').map(Number) as [number, number];
    d += `M${n((a - e) / r + x0)} ${n((from - e) / r + y0)}H${n((b + e) / r + x0)}V${n((y + e) / r + y0)}H${n((a - e) / r + x0)}Z`;
  };
  for (let y = 0; y <= h; y++) {
    const runs = new Set<string>();
    if (y < h) {
      for (let x = 0; x < w;) {
        if (!black[y * w + x]) {
          x++;
          continue;
        }
        const a = x;
        while (x < w && black[y * w + x]) x++;
        runs.add(`${a},${x}`);
      }
    }
    for (const [k, v] of open) {
      if (!runs.has(k)) {
        flush(k, y, v.y);
        open.delete(k);
      }
    }
    for (const k of runs) if (!open.has(k)) open.set(k, { y });
  }
  return d ? `<path d="${d}" fill="#000"/>` : '';
}

/**
 * The paper's regions under a thumbprint (with 15 % to spare for the page's own raster) that no edge of the raster
 * reaches, grown by a pixel into the lines around them (never into paper: a neighbour's paper is left as it is), so
 * their edges lie inside ink; only those with a pixel `near` if given, and none with a pixel in `keep`.
 */
function smallRegions(paper: Uint8Array, w: number, h: number, near?: Uint8Array, keep?: Uint8Array): Uint8Array {
  const found = components({ w, h, data: paper }, 1, false);
  const floor = THUMBPRINT_MM2 * 1.15 * SLIVER_PX_PER_MM ** 2;
  const touches = found.areas.map(() => !near);
  if (near) for (let i = 0; i < w * h; i++) if (near[i]) touches[found.labels[i]!] = true;
  if (keep) for (let i = 0; i < w * h; i++) if (keep[i]) touches[found.labels[i]!] = false;
  const small = found.areas.map((a, l) => l > 0 && a < floor && !found.touchesBorder[l] && touches[l]);
  const black = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const mine = (j: number): boolean => small[found.labels[j]!] === true;
      if (mine(i)) black[i] = 1;
      else if (!paper[i] && ((x > 0 && mine(i - 1)) || (x < w - 1 && mine(i + 1)) || (y > 0 && mine(i - w)) || (y < h - 1 && mine(i + w))))
        black[i] = 1;
    }
  }
  return black;
}

/**
 * Where the head's outline runs close beside the portrait's own lines (the hair's edge, the face oval, a strand), it
 * closes regions too small to colour. At level 1 those under a thumbprint are inked: found on a raster of the head as
 * drawn (art clipped to the outline and the photo, then the outline), at the page's 4 px/mm.
 */
function headRaster(input: { portrait: HeadSource; art: string; s: number; outlineUnits: number; edge: number }): HeadRaster {
  const key = `${input.s}|${input.outlineUnits}|${input.art}`;
  let done = rasters.get(input.portrait);
  const known = done?.get(key);
  if (known) return known;
  const { outline } = headShape(input.portrait);
  const braid = input.portrait.braid && input.portrait.braid.length >= 3 ? input.portrait.braid : [];
  const r = input.s * SLIVER_PX_PER_MM; // raster px per portrait unit
  // the head and a braid in front of a shoulder (drawn over the body, beside the head), with a thumbprint's width of
  // room round them for the pieces that what is over them (an arm, a hand, a held cup, the braid's end) cuts off
  const pad = input.outlineUnits + 2 / r + Math.sqrt(THUMBPRINT_MM2) / input.s;
  const all = [...outline, ...braid];
  const x0 = Math.min(...all.map((p) => p[0])) - pad;
  const y0 = Math.min(...all.map((p) => p[1])) - pad;
  const w = Math.ceil((Math.max(...all.map((p) => p[0])) + pad - x0) * r) + 2;
  const h = Math.ceil((Math.max(...all.map((p) => p[1])) + pad - y0) * r) + 2;
  const px = (p: Pt): Pt => [(p[0] - x0) * r, (p[1] - y0) * r];
  const art: FloatImage = { w, h, data: new Float32Array(w * h) };
  const fill = { w, h, data: new Uint8Array(w * h) };
  for (const path of artPaths(input.art)) {
    if (path.width === null) {
      // even-odd: each subpath toggles the pixels it covers
      for (const l of path.lines) {
        const one = { w, h, data: new Uint8Array(w * h) };
        fillPolygon(one, l.pts.map(px));
        for (let i = 0; i < w * h; i++) fill.data[i] ^= one.data[i]!;
      }
    } else for (const l of path.lines) strokePolyline(art, l.pts.map(px), path.width * r, l.closed);
  }
  const inside = { w, h, data: new Uint8Array(w * h) };
  fillPolygon(inside, outline.map(px));
  const { width: pw, height: ph } = input.portrait;
  const ink: FloatImage = { w, h, data: new Float32Array(w * h) };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const ux = (x + 0.5) / r + x0;
      const uy = (y + 0.5) / r + y0;
      const inPhoto = ux >= input.edge && uy >= input.edge && ux <= pw - input.edge && uy <= ph - input.edge;
      if (inside.data[i] && inPhoto) ink.data[i] = Math.max(art.data[i]!, fill.data[i]!);
    }
  }
  strokePolyline(ink, outline.map(px), input.outlineUnits * r, true);
  const edgeLine: FloatImage = { w, h, data: new Float32Array(w * h) };
  strokePolyline(edgeLine, outline.map(px), input.outlineUnits * r, true);
  const covers = inside.data.map((v, i) => (v || edgeLine.data[i]! >= 0.25 ? 1 : 0));
  const paper = maskFrom(ink, 0.25).data.map((v) => 1 - v);
  const black = smallRegions(paper, w, h);
  for (let i = 0; i < w * h; i++) if (black[i]) paper[i] = 0;
  const reach = { w, h, data: inside.data.slice() };
  fillPolygon(reach, braid.map(px));
  const near = dilate(reach, (input.outlineUnits * r) / 2 + 1.5).data;
  const raster: HeadRaster = { x0, y0, r, w, h, paper, inside: inside.data, covers, near, inked: runsPath(black, { x0, y0, r, w, h }) };
  if (!done) rasters.set(input.portrait, (done = new Map()));
  done.set(key, raster);
  return raster;
}

type Affine = readonly [number, number, number, number, number, number];

/** An SVG transform attribute as a matrix (matrix, translate, scale, rotate; applied left to right). */
function affine(t: string | undefined, m: Affine): Affine {
  let out = m;
  for (const f of (t ?? '').matchAll(/(matrix|translate|scale|rotate)\(([^)]*)\)/g)) {
    const v = f[2]!
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let g: Affine;
    if (f[1] === 'matrix') g = v as unknown as Affine;
    else if (f[1] === 'translate') g = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
    else if (f[1] === 'scale') g = [v[0]!, 0, 0, v[1] ?? v[0]!, 0, 0];
    else {
      const a = ((v[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      const [c, sn] = [Math.cos(a), Math.sin(a)];
      g = [c, sn, -sn, c, cx - c * cx + sn * cy, cy - sn * cx - c * cy];
    }
    const [a, b, c, d, e, f0] = out;
    out = [
      a * g[0] + c * g[1],
      b * g[0] + d * g[1],
      a * g[2] + c * g[3],
      b * g[2] + d * g[3],
      a * g[4] + c * g[5] + e,
      b * g[4] + d * g[5] + f0,
    ];
  }
  return out;
}

/**
 * Paints an SVG fragment of the page (groups handing down fill, stroke, stroke-width, transform and a clip path; paths,
 * circles and ellipses) onto a raster in the order it is drawn: each element's fill (0 black, 1 white) then its stroke
 * (0 black, 1 white). Inside a `ring-cover` group all is white (`drawRing`'s style); a clip path's own shapes are not
 * drawn, they clip the group that names them. `px` takes page millimetres to the raster, `k` is its pixels per millimetre.
 * Elements off the raster are skipped.
 */
function paintSvg(svg: string, onto: Int8Array, grid: { w: number; h: number }, px: (p: Pt) => Pt, k: number): void {
  const { w, h } = grid;
  const one = { w, h, data: new Uint8Array(w * h) };
  const band: FloatImage = { w, h, data: new Float32Array(w * h) };
  const attr = (a: string, key: string): string | undefined => new RegExp(` ${key}="([^"]*)"`).exec(a)?.[1];
  type Style = { fill: string; stroke: string; width: number; m: Affine; white: boolean; clip?: Uint8Array | undefined };
  const stack: Style[] = [{ fill: '#000', stroke: 'none', width: 1, m: [1, 0, 0, 1, 0, 0], white: false }];
  const clips = new Map<string, Uint8Array>();
  // the clip path being read (its shapes fill its mask), and the depth of the defs, masks and styles skipped
  let clipping: { id: string; mask: Uint8Array } | undefined;
  for (const el of svg.matchAll(/<(\/?)(g|path|circle|ellipse|clipPath)\b([^>]*?)(\/?)>/g)) {
    const [, closing, tag, a = '', selfClosing] = el;
    if (tag === 'clipPath') {
      if (closing && clipping) clips.set(clipping.id, clipping.mask);
      clipping = closing ? undefined : { id: attr(a, 'id') ?? '', mask: new Uint8Array(w * h) };
      continue;
    }
    if (closing) {
      if (tag === 'g' && stack.length > 1) stack.pop();
      continue;
    }
    const up = stack[stack.length - 1]!;
    const white = up.white || /\bring-cover\b/.test(attr(a, 'class') ?? '');
    const clipId = /url\(#([^)]+)\)/.exec(attr(a, 'clip-path') ?? '')?.[1];
    const style: Style = {
      fill: white ? '#fff' : (attr(a, 'fill') ?? up.fill),
      stroke: white ? '#fff' : (attr(a, 'stroke') ?? up.stroke),
      width: Number(attr(a, 'stroke-width') ?? up.width),
      m: affine(attr(a, 'transform'), up.m),
      white,
      clip: (clipId && clips.get(clipId)) || up.clip,
    };
    if (tag === 'g') {
      if (!selfClosing) stack.push(style);
      continue;
    }
    let lines: { pts: Pt[]; closed: boolean }[];
    if (tag === 'path') lines = pathPolylines(attr(a, 'd') ?? '');
    else {
      const [cx, cy] = [Number(attr(a, 'cx') ?? 0), Number(attr(a, 'cy') ?? 0)];
      const [rx, ry] =
        tag === 'circle'
          ? [Number(attr(a, 'r') ?? 0), Number(attr(a, 'r') ?? 0)]
          : [Number(attr(a, 'rx') ?? 0), Number(attr(a, 'ry') ?? 0)];
      lines = [
        {
          pts: Array.from({ length: 32 }, (_, j): Pt => [cx + rx * Math.cos((j * Math.PI) / 16), cy + ry * Math.sin((j * Math.PI) / 16)]),
          closed: true,
        },
      ];
    }
    const [ma, mb, mc, md, me, mf] = style.m;
    const pxs = lines.map((l) => ({
      pts: l.pts.map((p) => px([ma * p[0] + mc * p[1] + me, mb * p[0] + md * p[1] + mf])),
      closed: l.closed,
    }));
    if (clipping) {
      for (const l of pxs) fillPolygon({ w, h, data: clipping.mask }, l.pts);
      continue;
    }
    const width = style.width * Math.sqrt(Math.abs(ma * md - mb * mc)) * k;
    const stroked = style.stroke !== 'none' && width > 0;
    // an element wholly off the raster (the legs below long hair, the far scenery) changes nothing on it
    const grow = stroked ? width / 2 + 1 : 1;
    const all = pxs.flatMap((l) => l.pts);
    if (!all.length) continue;
    const bx0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p[0])) - grow));
    const bx1 = Math.min(w - 1, Math.ceil(Math.max(...all.map((p) => p[0])) + grow));
    const by0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p[1])) - grow));
    const by1 = Math.min(h - 1, Math.ceil(Math.max(...all.map((p) => p[1])) + grow));
    if (bx0 > bx1 || by0 > by1) continue;
    const v = style.fill === '#000' ? 0 : 1;
    const line = style.stroke === '#fff' ? 1 : 0;
    const clip = style.clip;
    if (style.fill !== 'none') for (const l of pxs) fillPolygon(one, l.pts);
    if (stroked) for (const l of pxs) strokePolyline(band, l.pts, width, l.closed);
    for (let y = by0; y <= by1; y++) {
      for (let x = bx0; x <= bx1; x++) {
        const i = y * w + x;
        if (!clip || clip[i]) {
          if (one.data[i]) onto[i] = v;
          if (band.data[i]! >= 0.5) onto[i] = line;
        }
        one.data[i] = 0;
        band.data[i] = 0;
      }
    }
  }
}

/**
 * Long hair at level 1, and any head an arm is drawn over: what the drawn child puts over the head cuts the hair into
 * pieces (an arm raised or held out across hair hanging behind the body, the shoulder under a lock beside the jaw, an
 * arm held up over the hair), and so does a braid drawn over the body (`braid`: it cuts the shoulder and the arm under
 * it too). Pieces under a thumbprint that touch the head or the braid are inked, found as the head's slivers are: on the
 * head's raster, with the body painted over it as drawn (`figure.parts` in order: each element's fill, black or white,
 * then its stroke) outside the head and below the chin's cut or in its rounded corners (`cut`, long hair only: above it
 * the head is drawn over the body), the line along the cut, the braid (white, its outline), and over all of them what the page draws later
 * (`layers`, painted the same way: the scene's frame, the arms and hands with what they hold, the things in front), so
 * the pieces a vehicle's side, the rocket's window or a held cup cut off are found too; and under the head and the body,
 * what the page draws behind them (`behind`: the scene's back, the knockout with the speed lines and the finish tape, the
 * head's margin, and the ring's lines in the white those leave), so the pieces the tape or the hill's line cut off
 * between the hair and an arm are found too. The ink goes over all of those.
 */
function hairCutOff(
  head: HeadRaster,
  figure: Pick<Figure, 'silhouette'> & Partial<Pick<Figure, 'parts' | 'handPts'>>,
  layers: readonly string[],
  at: { s: number; tx: number; ty: number; strokeMm: number },
  cut: ChinCut | undefined,
  behind: { scene: string; ring: string; ringMask: string },
  braid?: { outline: readonly Pt[]; outlineUnits: number },
): string {
  const { x0, y0, r, w, h } = head;
  // a braid in front of a shoulder is drawn over the body and the head: white, its outline as thick as the head's
  const braidIn = { w, h, data: new Uint8Array(w * h) };
  const braidLine: FloatImage = { w, h, data: new Float32Array(w * h) };
  if (braid) {
    const pts = braid.outline.map((p): Pt => [(p[0] - x0) * r, (p[1] - y0) * r]);
    fillPolygon(braidIn, pts);
    strokePolyline(braidLine, pts, braid.outlineUnits * r, true);
  }
  const px = (p: Pt): Pt => [((p[0] - at.tx) / at.s - x0) * r, ((p[1] - at.ty) / at.s - y0) * r];
  // the body as drawn (its elements in order, each filled, black or white, then stroked); -1 where it is not
  const body = new Int8Array(w * h).fill(-1);
  const k = r / at.s;
  if (figure.parts) paintSvg(figure.parts, body, { w, h }, px, k);
  // what the page draws over the head, in its order: the scene's frame (a vehicle's side, the rocket's window), the
  // arms and hands with what they hold, the things in front (over the body, the head and the braid alike)
  const over = new Int8Array(w * h).fill(-1);
  for (const svg of layers) paintSvg(svg, over, { w, h }, px, k);
  // what is drawn behind, the ring's lines where the knockout and the margin leave white (drawRing's mask)
  const under = new Int8Array(w * h).fill(-1);
  paintSvg(behind.scene, under, { w, h }, px, k);
  if (behind.ring) {
    const mask = new Int8Array(w * h).fill(-1);
    paintSvg(behind.ringMask, mask, { w, h }, px, k);
    const ring = new Int8Array(w * h).fill(-1);
    paintSvg(behind.ring, ring, { w, h }, px, k);
    for (let i = 0; i < w * h; i++) if (mask[i] !== -1 && ring[i] !== -1) under[i] = ring[i]!;
  }
  // a hand's inside is a region of its own however small (the region at the hand's middle): never inked
  const hands = new Uint8Array(w * h);
  for (const p of figure.handPts ?? []) {
    const [hx, hy] = px(p).map(Math.floor) as [number, number];
    if (hx >= 0 && hy >= 0 && hx < w && hy < h) hands[hy * w + hx] = 1;
  }
  // the line along the cut and round its corners, as thick as the head's outline, where the body's silhouette is; below the
  // cut and in its rounded corners the body is over the head
  const cutY = cut ? (cut.y - y0) * r : Infinity;
  const onRaster = (l: readonly Pt[]): Pt[] => l.map((p): Pt => [(p[0] - x0) * r, (p[1] - y0) * r]);
  const cutLine: FloatImage = { w, h, data: new Float32Array(w * h) };
  const notched = { w, h, data: new Uint8Array(w * h) };
  const silhouette = { w, h, data: new Uint8Array(w * h) };
  if (cut) {
    for (const l of cut.line) strokePolyline(cutLine, onRaster(l), HEAD_OUTLINE * at.strokeMm * SLIVER_PX_PER_MM);
    for (const l of cut.notches) fillPolygon(notched, onRaster(l));
    for (const el of figure.silhouette.matchAll(/ d="([^"]*)"/g))
      for (const l of pathPolylines(el[1]!)) fillPolygon(silhouette, l.pts.map(px));
  }
  let any = false;
  const paper = head.paper.slice();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const below = y + 0.5 >= cutY || notched.data[i] === 1;
      const line = silhouette.data[i] && cutLine.data[i]! >= 0.5;
      // the body where it is over the head, the line along the cut, the braid's white over both
      const shown = body[i] !== -1 && (!head.inside[i] || below) ? body[i]! : -1;
      const back = !head.covers[i] && under[i] !== -1 ? under[i]! : paper[i]!;
      let p = braidLine.data[i]! >= 0.5 ? 0 : braidIn.data[i] ? 1 : head.inside[i] && line ? 0 : shown !== -1 ? shown : back;
      if (over[i] !== -1) p = over[i]!;
      if (p !== paper[i]) {
        paper[i] = p;
        any = true;
      }
    }
  }
  return any ? runsPath(smallRegions(paper, w, h, head.near, hands), { x0, y0, r, w, h }) : '';
}

/** The white round the head that hides what is behind it (under the body: the body's lines run on to the head's outline). */
const marginSvg = (place: string, d: string, width: string): string =>
  `<path class="child-head-margin" ${place} d="${d}" fill="#fff" stroke="#fff" stroke-width="${width}" stroke-linejoin="round"/>`;

/** The share of the head's height that hair must fall below the chin to be drawn behind the body. */
const LONG_HAIR = 0.04;

/** The radius of the corners where the chin's cut meets the sides of long hair, share of the head's width. */
const CUT_CORNER = 0.12;

/** Where long hair's head, drawn over the body down to the chin's cut, ends along it (portrait units). */
export interface ChinCut {
  /** the cut's height */
  readonly y: number;
  /** the line that ends the head over the body: down each side's rounded corner and along the cut */
  readonly line: readonly (readonly Pt[])[];
  /** what the rounded corners take off the head above the cut, with the outer half of its outline beside them */
  readonly notches: readonly (readonly Pt[])[];
}

/** The outline from a crossing of the cut up its side (`above`, `step`: the next point up and the way round) for `length`. */
function upSide(outline: readonly Pt[], c: { p: Pt; above: number; step: number }, length: number): Pt[] {
  const n = outline.length;
  const side: Pt[] = [c.p];
  let left = length;
  for (let j = c.above, m = 0; m < n && left > 0; j = (j + c.step + n) % n, m++) {
    const q = outline[j]!;
    const last = side[side.length - 1]!;
    const l = Math.hypot(q[0] - last[0], q[1] - last[1]);
    side.push(l > left ? at(last, q, left / l) : q);
    left -= l;
  }
  return side;
}

/**
 * The chin's cut through long hair. Each stretch of the head along the cut (between two crossings of its outline) ends
 * in rounded corners, a quadratic curve from the side `radius` above the cut to the cut `radius` in from the side: a
 * square corner where the body is over the hair read as the photo's edge (a close-up's hair runs straight down beside
 * the face). `outlineUnits`: the width of the head's outline, whose outer half the notches take away beside them.
 */
export function chinCut(outline: readonly Pt[], y: number, radius: number, outlineUnits: number): ChinCut {
  const n = outline.length;
  const crossings: { p: Pt; above: number; step: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % n]!;
    if (a[1] < y === b[1] < y) continue;
    const p = at(a, b, (y - a[1]) / (b[1] - a[1]));
    // walking up the side from the crossing: backwards from a when a is above the cut, on from b otherwise
    crossings.push(a[1] < y ? { p, above: i, step: -1 } : { p, above: (i + 1) % n, step: 1 });
  }
  crossings.sort((c, d) => c.p[0] - d.p[0]);
  const line: Pt[][] = [];
  const notches: Pt[][] = [];
  for (let k = 0; k + 1 < crossings.length; k += 2) {
    const ends = [crossings[k]!, crossings[k + 1]!];
    const inward = Math.min(radius, 0.45 * (ends[1].p[0] - ends[0].p[0]));
    const curves = ends.map((c, e) => {
      const out = e === 0 ? -1 : 1;
      const side = upSide(outline, c, radius);
      const a = side[side.length - 1]!;
      const b: Pt = [c.p[0] - out * inward, y];
      const curve: Pt[] = [];
      for (let t = 0; t <= 8; t++) {
        const u = t / 8;
        curve.push([
          (1 - u) ** 2 * a[0] + 2 * u * (1 - u) * c.p[0] + u * u * b[0],
          (1 - u) ** 2 * a[1] + 2 * u * (1 - u) * c.p[1] + u * u * b[1],
        ]);
      }
      notches.push([...curve, ...side.map((q): Pt => [q[0] + out * outlineUnits, q[1]])]);
      // the line starts a little up the side, over the outline's cut end, so no seam shows where they meet
      const beyond = upSide(outline, c, radius + outlineUnits).slice(side.length - 1);
      return [...beyond.reverse(), ...curve];
    });
    line.push([...curves[0]!, ...curves[1]!.reverse()]);
  }
  return { y, line, notches };
}

/**
 * The head on the figure: a white margin hiding what is behind, one black outline around hair and face, and the
 * portrait's lines inside it; at level 1 the regions too small for a toddler's crayon that the outline closes with the
 * portrait's lines are inked (headRaster), and so are the pieces of hair the body and the arms cut off (hairCutOff). `id` names the clip paths (unique per page). The margin is apart (`margin`),
 * drawn under the body: the scene's lines stop short of the head, and the body's lines (the shoulders by the chin, an arm
 * beside the head) run on to its outline, so the shirt and the face are closed regions. Hair that falls below the
 * chin hangs behind the body: `back` is the whole head, drawn under the body (over its white knockout, so the hair's
 * outline runs on to the body's), and `front` the same head down to the chin, drawn over the body. `ink` (level 1)
 * goes over everything the page draws over the child (`inFront`: the scene's frame and front layers, and the hands).
 */
export function drawHead(input: {
  portrait: HeadSource;
  art: string;
  figure: Pick<Figure, 'chin' | 'head' | 'silhouette'> & Partial<Pick<Figure, 'parts' | 'hands' | 'handPts'>>;
  level: Level;
  strokeMm: number;
  marginMm: number;
  id: string;
  /** What the scene draws over the child: its frame (before the hands) and the things in front (after them). */
  inFront?: { frame: string; front: string };
  /** What the scene draws behind the child, in the page's order: its back, what the child rides, the knockout (with the
   * speed lines and the finish tape), and the ring drawn in the white of the knockout and the head's margin. */
  behind?: { back: string; middle: string; knockout: string; ring: string };
}): { margin: string; back: string; front: string; ink: string } {
  const shape = headShape(input.portrait);
  const s = input.figure.head.h / shape.h;
  const tx = input.figure.chin[0] - shape.chin[0] * s;
  const ty = input.figure.chin[1] - shape.chin[1] * s;
  const u = (mm: number): string => n(mm / s);
  const d = polyD(shape.outline);
  const { width: w, height: h } = input.portrait;
  const edge = w * 0.025;
  const outlineUnits = Number(u(HEAD_OUTLINE * input.strokeMm));
  // long hair hangs behind the body below the chin's outline (`cut`); above it, and a head that ends there, is over the body
  const long = shape.below >= LONG_HAIR * shape.h;
  const cut = long ? chinCut(shape.outline, shape.chin[1] + outlineUnits, CUT_CORNER * shape.w, outlineUnits) : undefined;
  const place = `transform="matrix(${s.toFixed(5)} 0 0 ${s.toFixed(5)} ${n(tx)} ${n(ty)})"`;
  const margin = marginSvg(place, d, u(2 * (input.strokeMm + input.marginMm)));
  let inked = '';
  // what the body, the arms and what is in front cut off, over all of them (the ink covers only paper and the lines round it)
  let cutOff = '';
  if (input.level === 1) {
    const raster = headRaster({ portrait: input.portrait, art: input.art, s, outlineUnits, edge });
    inked = raster.inked;
    const { braid } = input.portrait;
    const over = braid && braid.length >= 3 ? { outline: braid, outlineUnits } : undefined;
    const layers = [input.inFront?.frame ?? '', input.figure.hands ?? '', input.inFront?.front ?? ''];
    const b = input.behind;
    const behind = b
      ? { scene: b.back + b.middle + b.knockout + margin, ring: b.ring, ringMask: b.knockout + margin }
      : { scene: '', ring: '', ringMask: '' };
    const ink = hairCutOff(raster, input.figure, layers, { s, tx, ty, strokeMm: input.strokeMm }, cut, behind, over);
    if (ink) cutOff = `<g class="child-hair-cut" ${place}>${ink}</g>`;
  }
  const head =
    `<defs><clipPath id="head-${input.id}"><path d="${d}"/></clipPath>` +
    // The photo's own edge is no line of the child's: the art is cut a little inside it.
    `<clipPath id="photo-${input.id}"><rect x="${n(edge)}" y="${n(edge)}" width="${n(w - 2 * edge)}" height="${n(h - 2 * edge)}"/></clipPath></defs>` +
    // The white of the head, the portrait's lines inside, then the outline over their cut ends (and over the
    // portrait's own outline beside it, which would otherwise leave slivers between the two).
    `<path d="${d}" fill="#fff"/>` +
    `<g clip-path="url(#head-${input.id})"><g clip-path="url(#photo-${input.id})">${innerArt(input.art)}</g>${inked}</g>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-width="${outlineUnits}" stroke-linejoin="round"/>`;
  // a braid in front of a shoulder goes over the body and the head (from level 2)
  const braid = drawBraid({
    braid: input.portrait.braid,
    art: innerArt(input.art),
    level: input.level,
    place,
    scale: s,
    outlineUnits,
    photoClip: `photo-${input.id}`,
    id: input.id,
  });
  if (!cut) return { margin, back: '', front: `<g class="child-head" ${place}>${head}</g>${braid}`, ink: cutOff };
  // Down to the chin's outline, its corners there rounded (chinCut): below it, the body goes over the hair. Where the
  // body reaches up over that cut (the shoulders beside the neck, an arm raised by the head), a line along it ends the
  // head over the body, so the hair (and the face with it) is not one region with the shirt or the arm. It is the head's
  // outline, as thick, running on from where the notches cut the outline square across (the side's tangent).
  const onPage = (l: readonly Pt[]): string => l.map((p, i) => `${i ? 'L' : 'M'}${n(tx + p[0] * s)} ${n(ty + p[1] * s)}`).join('');
  const notches = cut.notches.map(polyD).join('');
  return {
    margin,
    back: `<g class="child-hair" ${place}><g id="head-all-${input.id}">${head}</g></g>`,
    front:
      `<g class="child-head" ${place}><defs><clipPath id="head-front-${input.id}">` +
      `<path clip-rule="evenodd" d="M${n(-w)} ${n(-h)}H${n(2 * w)}V${n(cut.y)}H${n(-w)}Z${notches}"/></clipPath></defs>` +
      `<use href="#head-all-${input.id}" clip-path="url(#head-front-${input.id})"/></g>` +
      `<defs><clipPath id="body-${input.id}">${input.figure.silhouette}</clipPath></defs>` +
      `<g clip-path="url(#body-${input.id})"><path d="${cut.line.map(onPage).join('')}" fill="none" stroke="#000" stroke-width="${n(HEAD_OUTLINE * input.strokeMm)}" stroke-linejoin="round"/></g>` +
      braid,
    ink: cutOff,
  };
}
