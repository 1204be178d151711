// A4 pages (SVG, 210 x 297 mm viewBox) for the PDF job: scene pages, cover, closing page, single-photo
// pages, the dot-to-dot wrapper, and a watermarked low-resolution PNG preview of any of them.
// Printable pages are pure black on white; every word is outline paths from the shipped font.
import sharp from 'sharp';
import { SESSION_LIFETIME_DAYS } from '@colouring/domain';
import type { Portrait } from '../portrait/index.js';
import type { PhotoArt } from '../photo/index.js';
import type { SceneComposition } from '../scenes/catalogue.js';
import { CHILD_MARGIN_MM, composeScene, drawRing, SCENE_AREA, SCENE_STROKE } from '../scenes/compose.js';
import { hashText } from '../scenes/random.js';
import { n, paintGroup, rect, starPath, shape, type Box, type Level } from '../scenes/svg.js';
import { bubbleText, letteringFont, outlineText, pathData, textPath } from './lettering.js';
import { drawHead } from './character.js';
import { sceneHead } from './scene-head.js';
import { embedPortrait, figureBounds, fitPortrait, portraitBoxForFigure } from './portrait-art.js';

export type { Level };
export const PAGE = { w: 210, h: 297 } as const;

/** A4 the other way round, for a landscape single-photo page. */
export const LANDSCAPE_PAGE = { w: PAGE.h, h: PAGE.w } as const;

const open = (page: { w: number; h: number } = PAGE): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${page.w}mm" height="${page.h}mm" viewBox="0 0 ${page.w} ${page.h}">` +
  `<rect width="${page.w}" height="${page.h}" fill="#fff"/>`;
const close = '</svg>';

/** Ids unique to a page's content, so several pages inlined in one HTML document never share a clip path. */
const pageId = (...parts: unknown[]): string => hashText(JSON.stringify(parts)).toString(36);

const frameRect = (b: Box, width = 1.2, r = 6): string =>
  `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" rx="${r}" fill="none" stroke="#000" stroke-width="${width}"/>`;

function nameBanner(childName: string, y: number, size: number, maxWidth = 186): string {
  const name = childName.trim() || 'My Page';
  return bubbleText(name, { cx: PAGE.w / 2, y, size, maxWidth }).svg;
}

function footer(text: string): string {
  return textPath(text, { x: PAGE.w / 2, y: 290.5, size: 6.5, align: 'middle', maxWidth: 186 });
}

export interface ScenePageInput {
  composition: SceneComposition;
  title: string;
  level: Level;
  childName: string;
  portrait: Portrait;
}

/** A scene page: the child's name in bubble letters, the scene with the child in it, the title at the foot. */
export function composeScenePage(input: ScenePageInput): string {
  const { portrait, level } = input;
  const scene = composeScene({ composition: input.composition, level, head: sceneHead(portrait) });
  const a = SCENE_AREA;
  const id = pageId(input.composition, input.title, level, input.childName, portrait.silhouettePath.length);
  const drawn = drawHead({
    portrait,
    art: portrait.levels[level],
    figure: scene.figure,
    level,
    strokeMm: SCENE_STROKE[level],
    marginMm: CHILD_MARGIN_MM,
    id,
    inFront: scene,
    behind: scene,
  });
  return (
    open() +
    `<defs><clipPath id="scene-area-${id}"><rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" rx="6"/></clipPath></defs>` +
    `<g clip-path="url(#scene-area-${id})">${scene.back}${scene.middle}${scene.knockout}${drawn.margin}${drawRing(scene, id, drawn.margin)}${drawn.back}${scene.figure.parts}` +
    drawn.front +
    scene.frame +
    scene.figure.hands +
    scene.front +
    drawn.ink +
    `</g>` +
    frameRect(a, SCENE_STROKE[level] + 0.2) +
    nameBanner(input.childName, 41, 34) +
    footer(input.title) +
    close
  );
}

/** The cover's heading, as drawn: outlined letters, so the PDF needs no font. */
export function coverHeading(heading: string): string {
  return outlineText(heading, { x: PAGE.w / 2, y: 42, size: 17, align: 'middle', maxWidth: 180, outline: 0.9 });
}

/** The cover: the book's heading ('My colouring book', 'My dot-to-dot book'), the portrait in a star-studded frame, the name. */
export function composeCoverPage(input: { heading: string; childName: string; level: Level; portrait: Portrait }): string {
  const { portrait, level } = input;
  const stroke = SCENE_STROKE[level];
  const frame: Box = { x: 30, y: 64, w: 150, h: 170 };
  const figure = figureBounds(portrait);
  const inner: Box = { x: frame.x + 5, y: frame.y + 5, w: frame.w - 10, h: frame.h - 10 };
  const fit = Math.min((inner.w - 8) / figure.w, (inner.h - 8) / figure.h);
  const fw = figure.w * fit;
  const fh = figure.h * fit;
  const box = portraitBoxForFigure(portrait, { x: inner.x + (inner.w - fw) / 2, y: inner.y + inner.h - fh, w: fw, h: fh });
  const id = pageId('cover', input.childName, level, portrait.silhouettePath.length);
  let deco = rect(frame.x, frame.y, frame.w, frame.h, 14) + rect(frame.x + 5, frame.y + 5, frame.w - 10, frame.h - 10, 10, ' fill="none"');
  const starCount = { 1: 4, 2: 6, 3: 8, 4: 10 }[level];
  const spots: [number, number, number][] = [
    [18, 70, 9],
    [192, 70, 9],
    [18, 226, 9],
    [192, 226, 9],
    [105, 250, 8],
    [20, 150, 7],
    [190, 150, 7],
    [50, 250, 6],
    [160, 250, 6],
    [105, 58, 5],
  ];
  for (const [x, y, r] of spots.slice(0, starCount)) deco += shape(starPath(x, y, r));
  return (
    open() +
    `<defs><clipPath id="cover-frame-${id}"><rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w)}" height="${n(inner.h)}" rx="10"/></clipPath></defs>` +
    paintGroup(deco, stroke) +
    `<g clip-path="url(#cover-frame-${id})">${embedPortrait(portrait.levels[level], portrait, box)}</g>` +
    coverHeading(input.heading) +
    nameBanner(input.childName, 284, 36) +
    close
  );
}

/**
 * The words of the closing page, top to bottom: how to find the pages again and where to ask, never the magic code or
 * a link that carries it, since a printed page gets handed around (docs/decisions/008).
 */
export function closingPageLines(input: { shopUrl: string }): { heading: string; lines: string[]; footer: string } {
  const base = input.shopUrl.replace(/\/+$/, '');
  return {
    heading: 'Want more colouring pages?',
    lines: [
      'To print these pages again, use the download link',
      'in the email we sent when they were ready:',
      `it works for ${SESSION_LIFETIME_DAYS} days. Lost the email? Ask us at`,
      `${base}/contact`,
    ],
    footer: `More pages and scenes at ${base}`,
  };
}

/** The closing page: well done, and how to find the pages again. */
export function composeClosingPage(input: { childName: string; shopUrl: string }): string {
  const words = closingPageLines(input);
  const star = paintGroup(shape(starPath(105, 114, 42)) + shape(starPath(105, 116, 18)), 1.4);
  let y = 176;
  let text = textPath(`Well done, ${input.childName.trim() || 'artist'}!`, { x: 105, y: 56, size: 13, align: 'middle', maxWidth: 186 });
  text += textPath(words.heading, { x: 105, y, size: 8, align: 'middle', maxWidth: 186 });
  y += 13;
  for (const line of words.lines) {
    text += textPath(line, { x: 105, y, size: 5.5, align: 'middle', maxWidth: 186 });
    y += 8;
  }
  text += textPath(words.footer, { x: 105, y: 288, size: 4.5, align: 'middle', maxWidth: 186 });
  return (
    open() +
    frameRect({ x: 8, y: 8, w: 194, h: 281 }, 1.2, 8) +
    outlineText('The End', { x: 105, y: 34, size: 18, align: 'middle', outline: 0.9 }) +
    star +
    text +
    close
  );
}

/**
 * A single photo's line art alone, as large as the sheet allows: a 'portrait' (3:4) photo on an A4 portrait page
 * (210 x 297 mm, viewBox 0 0 210 297), a 'landscape' (4:3) one on an A4 sheet turned landscape (297 x 210 mm,
 * viewBox 0 0 297 210), so the PDF must print that page landscape. The art carries its own frame.
 */
export function composeSinglePhotoPage(input: { art: PhotoArt; level: Level; aspect: 'portrait' | 'landscape' }): string {
  const page = input.aspect === 'portrait' ? PAGE : LANDSCAPE_PAGE;
  const margin = 12;
  const box = fitPortrait(input.art, { x: margin, y: margin, w: page.w - 2 * margin, h: page.h - 2 * margin });
  return open(page) + embedPortrait(input.art.levels[input.level], input.art, box) + close;
}

/** The dot-to-dot page around the generator's SVG: name, instructions, the dots. */
export function composeDotToDotPage(input: { childName: string; level: Level; dots: { svg: string; dotCount: number } }): string {
  const vb = /viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(input.dots.svg);
  const w = vb ? Number(vb[3]) : 100;
  const h = vb ? Number(vb[4]) : 100;
  const area: Box = { x: 10, y: 66, w: 190, h: 214 };
  const box = fitPortrait({ width: w, height: h }, area);
  const inner = input.dots.svg.replace(/^[\s\S]*?<svg\b[^>]*>/i, '').replace(/<\/svg>\s*$/i, '');
  const vbAttr = vb ? `${vb[1]} ${vb[2]} ${vb[3]} ${vb[4]}` : '0 0 100 100';
  return (
    open() +
    nameBanner(input.childName, 38, 30) +
    textPath(`Join the dots from 1 to ${input.dots.dotCount}, then colour the picture!`, {
      x: 105,
      y: 56,
      size: 6.5,
      align: 'middle',
      maxWidth: 186,
    }) +
    `<svg x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" viewBox="${vbAttr}" preserveAspectRatio="xMidYMid meet">${inner}</svg>` +
    close
  );
}

/** After each dot-to-dot page: the picture those dots make, joined, to colour in. */
export function composeDotToDotOutlinePage(input: { childName: string; level: Level; outline: { svg: string } }): string {
  const vb = /viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(input.outline.svg);
  if (!vb) throw new Error('dot-to-dot outline is not an SVG document with a viewBox');
  const art = { width: Number(vb[3]), height: Number(vb[4]) };
  const box = fitPortrait(art, { x: 10, y: 58, w: 190, h: 226 });
  const name = input.childName.trim() || 'the picture';
  return (
    open() +
    outlineText(`Now colour in ${name}!`, { x: PAGE.w / 2, y: 36, size: 14, align: 'middle', maxWidth: 186, outline: 0.9 }) +
    textPath('You joined the dots: here is the whole picture.', { x: 105, y: 50, size: 6, align: 'middle', maxWidth: 186 }) +
    embedPortrait(input.outline.svg, art, box) +
    close
  );
}

/** The watermark: 'PREVIEW ONLY' in light grey, diagonal, repeated over the page. */
export function previewWatermark(page: { w: number; h: number } = PAGE): string {
  const f = letteringFont();
  const size = page.w * 0.075;
  const word = 'PREVIEW ONLY';
  const d = pathData(f.getPath(word, 0, 0, size));
  const wordW = f.getAdvanceWidth(word, size);
  let uses = '';
  const stepX = wordW + size * 1.5;
  const stepY = size * 3.2;
  for (let row = -2, y = -page.h * 0.3; y < page.h * 1.3; y += stepY, row++) {
    for (let x = -page.w + (row % 2) * (stepX / 2); x < page.w * 1.6; x += stepX)
      uses += `<use href="#preview-watermark" x="${n(x)}" y="${n(y)}"/>`;
  }
  return (
    `<defs><path id="preview-watermark" d="${d}"/></defs>` +
    `<g transform="rotate(-35 ${page.w / 2} ${page.h / 2})" fill="#9a9a9a" fill-opacity="0.45" stroke="none">${uses}</g>`
  );
}

/** Watermarked, low-resolution PNG of any page (for showing before payment). */
export async function renderPreviewPng(pageSvg: string, widthPx = 600): Promise<Buffer> {
  const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(pageSvg);
  const page = vb ? { w: Number(vb[1]), h: Number(vb[2]) } : PAGE;
  const end = pageSvg.lastIndexOf('</svg>');
  const marked = pageSvg.slice(0, end) + previewWatermark(page) + pageSvg.slice(end);
  const density = (widthPx / (page.w / 25.4)) * 1.02;
  return sharp(Buffer.from(marked), { density, limitInputPixels: 40_000_000 })
    .resize({ width: widthPx })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

export interface ComposeTimings {
  /** Milliseconds to compose each page kind once assets are warm (the bench reports these). */
  scenePageMs: number;
  coverPageMs: number;
  firstUseMs: number;
}

/** Times page composition (string building only): first use (loads assets and font), then warm. */
export function composeTimings(input: ScenePageInput, runs = 20): ComposeTimings {
  const t0 = performance.now();
  composeScenePage(input);
  const firstUseMs = performance.now() - t0;
  const t1 = performance.now();
  for (let i = 0; i < runs; i++) composeScenePage(input);
  const scenePageMs = (performance.now() - t1) / runs;
  const t2 = performance.now();
  for (let i = 0; i < runs; i++) composeCoverPage({ ...input, heading: 'My colouring book' });
  const coverPageMs = (performance.now() - t2) / runs;
  return { scenePageMs, coverPageMs, firstUseMs };
}
