// The converted clip-art library (backend/assets/clipart, see ATTRIBUTION.md there): loaded once,
// then placed on pages as groups whose line width is set per level.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { n, type Box } from './svg.js';

export interface ClipartPath {
  readonly fill: '#000' | '#fff' | 'none';
  readonly stroked: boolean;
  readonly d: string;
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
    paths.push({ fill: m[1] as ClipartPath['fill'], stroked: !!m[2], d: m[3]! });
  }
  return { id, width: Number(vb[1]), height: Number(vb[2]), paths };
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
  const body = art.paths
    .map((p) => `<path${p.fill === '#fff' ? '' : ` fill="${p.fill}"`}${p.stroked ? '' : ' stroke="none"'} d="${p.d}"/>`)
    .join('');
  return `<g transform="matrix(${sx.toFixed(4)} 0 0 ${f.scale.toFixed(4)} ${n(tx)} ${n(f.y)})" fill="#fff" stroke="#000" stroke-width="${(placement.strokeMm / f.scale).toFixed(3)}" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;
}
