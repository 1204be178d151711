// The converted clip-art library (backend/assets/clipart, see ATTRIBUTION.md there): loaded once,
// then placed on pages as groups whose line width is set per level.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { n, type Box } from './svg.js';

export interface ClipartPath {
  readonly fill: '#000' | '#fff' | 'none';
  readonly stroked: boolean;
  readonly d: string;
  /** Width and height of the path's bounding box, in the drawing's units (from its points and control points). */
  readonly size: readonly [number, number];
}

export interface Clipart {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly paths: readonly ClipartPath[];
}

export const CLIPART_DIR = fileURLToPath(new URL('../../../assets/clipart/', import.meta.url));

let library: Map<string, Clipart> | undefined;

export function parseClipart(id: string, svg: string): Clipart {
  const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!vb) throw new Error(`clipart ${id}: no viewBox`);
  const paths: ClipartPath[] = [];
  for (const m of svg.matchAll(/<path fill="(#000|#fff|none)"( stroke="#000")? d="([^"]+)"\/>/g)) {
    paths.push({ fill: m[1] as ClipartPath['fill'], stroked: !!m[2], d: m[3]!, size: pathSize(m[3]!) });
  }
  return { id, width: Number(vb[1]), height: Number(vb[2]), paths };
}

/** How many numbers each path command takes. */
const ARITY: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/** The bounding box's size of a path (its points and control points; an arc's radii around its end). */
export function pathSize(d: string): [number, number] {
  let x = 0;
  let y = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (px: number, py: number): void => {
    x0 = Math.min(x0, px);
    y0 = Math.min(y0, py);
    x1 = Math.max(x1, px);
    y1 = Math.max(y1, py);
  };
  let startX = 0;
  let startY = 0;
  for (const [, cmd, args] of d.matchAll(/([a-zA-Z])([^a-zA-Z]*)/g)) {
    const c = cmd!.toLowerCase();
    const rel = cmd !== cmd!.toUpperCase();
    const v = (args!.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g) ?? []).map(Number);
    const k = ARITY[c] ?? 0;
    if (c === 'z') {
      x = startX;
      y = startY;
      continue;
    }
    for (let i = 0; i + k <= v.length && k > 0; i += k) {
      const bx = rel ? x : 0;
      const by = rel ? y : 0;
      if (c === 'h') x = bx + v[i]!;
      else if (c === 'v') y = by + v[i]!;
      else if (c === 'a') {
        x = bx + v[i + 5]!;
        y = by + v[i + 6]!;
        add(x - v[i]!, y - v[i + 1]!);
        add(x + v[i]!, y + v[i + 1]!);
      } else {
        for (let j = 0; j + 2 < k; j += 2) add(bx + v[i + j]!, by + v[i + j + 1]!);
        x = bx + v[i + k - 2]!;
        y = by + v[i + k - 1]!;
      }
      add(x, y);
      if (c === 'm' && i === 0) {
        startX = x;
        startY = y;
      }
    }
  }
  return Number.isFinite(x0) ? [x1 - x0, y1 - y0] : [0, 0];
}

/** Every converted drawing, read from disk on first use. */
export function clipartLibrary(): Map<string, Clipart> {
  if (!library) {
    library = new Map();
    for (const file of fs.readdirSync(CLIPART_DIR)) {
      if (!file.endsWith('.svg')) continue;
      const id = file.slice(0, -4);
      library.set(id, parseClipart(id, fs.readFileSync(CLIPART_DIR + file, 'utf8')));
    }
  }
  return library;
}

export function hasClipart(id: string): boolean {
  return clipartLibrary().has(id);
}

export type Anchor = 'bottom' | 'center';

export interface Placement {
  /** The box the drawing is fitted into, keeping its proportions. */
  box: Box;
  /** Line width in millimetres on the page. */
  strokeMm: number;
  flip?: boolean;
  anchor?: Anchor;
  /**
   * Details smaller than this on the page (mm²) are left out: a white shape whose inside (the ellipse in its box, less
   * its line) is smaller goes, and the black shape just behind it (its outline) with it; small black dots (eyes) stay.
   * 0 keeps everything.
   */
  minDetailMm2?: number;
  /** Draws the level 1 form of a drawing that has one (`LEVEL1_FORMS`). */
  level1?: boolean;
}

/** Level 1 forms: paths drawn instead of a drawing's own (found by how their `d` begins). The tree's trunk without its
 * fork: the crown over the fork closed a speck of sky between the two branches. */
const LEVEL1_FORMS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  tree: [
    [
      'M31.8 56.9c3.4 0.1 6.8 0.3 10.2 0.4',
      'M31.8 56.9L61.8 60.2c-3.5 8.5-11.7 9.6-12.8 16.5-1.5 8.2 2.4 16.8 3.3 24.7-7.3-0.1-15.7 0.1-23 0 4-13.8 7.5-17.4 9.2-27.6-0.3-7.8-4.8-10.1-6.7-16.9z',
    ],
  ],
};

/**
 * How much narrower (each side, in the drawing's units: 103 across its longer side) a drawing's white silhouette is drawn
 * than traced, for the drawings that stand over the scene's dividing lines. Traced from pictures with thicker lines than a
 * page's, it reached 1-3 mm beyond their outline: the hills' line behind a tree or a castle (the buildings' foot behind
 * the street's trees) stopped that far short of it, and the sky ran round its end into the ground. Not every drawing:
 * where the silhouette is the only white inside the outline (a sandcastle's tower), trimming it let what stands behind
 * show through.
 */
const SILHOUETTE_TRIM: Readonly<Record<string, number>> = { tree: 3, castle: 3 };

/** A silhouette's rows (`M x y h w v h h -w z`) `by` narrower at each end; a row narrower than that goes. */
function trimRows(d: string, by: number): string {
  return d.replace(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z/g, (_, x: string, y: string, w: string, h: string) => {
    const rest = Number(w) - 2 * by;
    return rest > 0 ? `M${n(Number(x) + by)} ${y}h${n(rest)}v${h}h-${n(rest)}z` : '';
  });
}

/** Where a drawing lands inside its box (for props that attach to it). */
export function fittedBox(art: Clipart, box: Box, anchor: Anchor = 'bottom'): Box & { scale: number } {
  const scale = Math.min(box.w / art.width, box.h / art.height);
  const w = art.width * scale;
  const h = art.height * scale;
  const x = box.x + (box.w - w) / 2;
  const y = anchor === 'bottom' ? box.y + box.h - h : box.y + (box.h - h) / 2;
  return { x, y, w, h, scale };
}

export function placeClipart(id: string, placement: Placement): string {
  const art = clipartLibrary().get(id);
  if (!art) throw new Error(`no clipart named ${id}`);
  const f = fittedBox(art, placement.box, placement.anchor);
  const sx = placement.flip ? -f.scale : f.scale;
  const tx = placement.flip ? f.x + f.w : f.x;
  const min = placement.minDetailMm2 ?? 0;
  // What is left to colour inside a shape, counted as the ellipse in its box less its line (half the line's width eaten
  // on each side; a round lens fills only π/4 of its box): not the box.
  const inside = (side: number): number => Math.max(0, side * f.scale - placement.strokeMm);
  const small = (p: ClipartPath): boolean => (Math.PI / 4) * inside(p.size[0]) * inside(p.size[1]) < min;
  const keep = art.paths.map(() => true);
  if (min > 0)
    art.paths.forEach((p, i) => {
      if (!(p.fill === '#fff' && p.stroked && small(p))) return;
      keep[i] = false;
      // Its outline: the black shape just behind it (a small one: never a body's outline by mistake).
      const before = art.paths[i - 1];
      if (before?.fill === '#000' && before.size[0] * before.size[1] * f.scale * f.scale < 4 * min) keep[i - 1] = false;
    });
  const forms = placement.level1 ? (LEVEL1_FORMS[id] ?? []) : [];
  const trim = SILHOUETTE_TRIM[id] ?? 0;
  const d = (p: ClipartPath): string =>
    forms.find(([start]) => p.d.startsWith(start))?.[1] ?? (trim && p.fill === '#fff' && !p.stroked ? trimRows(p.d, trim) : p.d);
  const body = art.paths
    .filter((_, i) => keep[i])
    .map((p) => `<path${p.fill === '#fff' ? '' : ` fill="${p.fill}"`}${p.stroked ? '' : ' stroke="none"'} d="${d(p)}"/>`)
    .join('');
  return `<g transform="matrix(${sx.toFixed(4)} 0 0 ${f.scale.toFixed(4)} ${n(tx)} ${n(f.y)})" fill="#fff" stroke="#000" stroke-width="${(placement.strokeMm / f.scale).toFixed(3)}" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;
}
