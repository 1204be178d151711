// Lettering as outline paths (opentype.js + the OFL font shipped in backend/assets/fonts), so a printed
// page never depends on installed fonts: the child's name in hollow bubble letters, small solid text
// for titles and instructions.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import opentype, { type Font, type Path } from 'opentype.js';
import { n } from '../scenes/svg.js';

const FONT_FILE = fileURLToPath(new URL('../../../assets/fonts/Quicksand-Bold.ttf', import.meta.url));

let font: Font | undefined;

/**
 * SVG path data of a glyph outline. (opentype.js's own toPathData writes NaN for coordinates whose
 * fractional part is tiny, e.g. 1e-14, through its decimal-rounding cache.)
 */
export function pathData(path: Path): string {
  let d = '';
  for (const c of path.commands) {
    switch (c.type) {
      case 'M':
      case 'L':
        d += `${c.type}${n(c.x!)} ${n(c.y!)}`;
        break;
      case 'Q':
        d += `Q${n(c.x1!)} ${n(c.y1!)} ${n(c.x!)} ${n(c.y!)}`;
        break;
      case 'C':
        d += `C${n(c.x1!)} ${n(c.y1!)} ${n(c.x2!)} ${n(c.y2!)} ${n(c.x!)} ${n(c.y!)}`;
        break;
      case 'Z':
        d += 'Z';
        break;
    }
  }
  return d;
}

export function letteringFont(): Font {
  if (!font) {
    const buf = fs.readFileSync(FONT_FILE);
    font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  }
  return font;
}

export type Align = 'start' | 'middle' | 'end';

export interface TextOptions {
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  align?: Align;
  /** Narrows the size until the text fits this width. */
  maxWidth?: number;
}

function fit(text: string, o: TextOptions): { size: number; x: number; width: number } {
  const f = letteringFont();
  let size = o.size;
  let width = f.getAdvanceWidth(text, size);
  if (o.maxWidth && width > o.maxWidth) {
    size = (size * o.maxWidth) / width;
    width = o.maxWidth;
  }
  const x = o.align === 'middle' ? o.x - width / 2 : o.align === 'end' ? o.x - width : o.x;
  return { size, x, width };
}

/** Solid black text as one path (titles, instructions). */
export function textPath(text: string, o: TextOptions): string {
  const { size, x } = fit(text, o);
  const d = pathData(letteringFont().getPath(text, x, o.y, size));
  return d ? `<path d="${d}" fill="#000" stroke="none"/>` : '';
}

/** Hollow outlined text (white inside, black outline) as paths: for short words on a page. */
export function outlineText(text: string, o: TextOptions & { outline: number }): string {
  const { size, x } = fit(text, o);
  const d = pathData(letteringFont().getPath(text, x, o.y, size));
  return d ? `<path d="${d}" fill="#fff" stroke="#000" stroke-width="${n(o.outline)}" stroke-linejoin="round"/>` : '';
}

export interface BubbleOptions {
  /** Centre of the word. */
  cx: number;
  /** Baseline. */
  y: number;
  size: number;
  maxWidth: number;
  /** Thickness of the black outline, mm. */
  outline?: number;
}

/**
 * The child's name in bubble letters: each letter's shape fattened (a wide white stroke with round
 * joins over a wider black one), letter by letter, so later letters overlap earlier ones like stickers
 * and every letter is one closed white region to colour.
 */
export function bubbleText(text: string, o: BubbleOptions): { svg: string; width: number; size: number } {
  const f = letteringFont();
  const clean = text.trim();
  const puff = (size: number): number => size * 0.06;
  const outlineAt = (size: number): number => o.outline ?? Math.max(0.8, size * 0.035);
  // Letters are spaced by their puff and outline, so neighbours' outlines only just touch.
  const gapAt = (size: number): number => puff(size) + outlineAt(size) * 1.2;
  const widthAt = (size: number): number =>
    f.getAdvanceWidth(clean, size) + (clean.length - 1) * gapAt(size) + puff(size) + outlineAt(size) * 2;
  let size = o.size;
  if (widthAt(size) > o.maxWidth) size *= o.maxWidth / widthAt(size);
  const width = widthAt(size);
  const p = puff(size);
  const outline = outlineAt(size);
  const gap = gapAt(size);
  let x = o.cx - width / 2 + p / 2 + outline;
  let svg = '';
  for (const ch of clean) {
    const d = ch.trim() ? pathData(f.getPath(ch, x, o.y, size)) : '';
    if (d) {
      svg +=
        `<path d="${d}" fill="#000" stroke="#000" stroke-width="${n(p + outline * 2)}" stroke-linejoin="round"/>` +
        `<path d="${d}" fill="#fff" stroke="#fff" stroke-width="${n(p)}" stroke-linejoin="round"/>`;
    }
    x += f.getAdvanceWidth(ch, size) + gap;
  }
  return { svg: `<g class="name">${svg}</g>`, width, size };
}
