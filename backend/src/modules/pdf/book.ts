// The colouring book as pages and as one printable HTML document; pure functions, no I/O but the font read once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProductType } from '@colouring/domain';
import { escapeHtml } from '../../common/html.js';
import { dotToDot, dotToDotOutline } from '../../artwork/dots/index.js';
import {
  composeClosingPage,
  composeCoverPage,
  composeDotToDotOutlinePage,
  composeDotToDotPage,
  composeScenePage,
  composeSinglePhotoPage,
  type ScenePageInput,
} from '../../artwork/page/index.js';
import type { PhotoArt } from '../../artwork/photo/index.js';
import type { Level, Portrait } from '../../artwork/portrait/index.js';
import type { SceneComposition } from '../../artwork/scenes/catalogue.js';
import { compositionFromText } from '../../artwork/scenes/custom.js';

/** The artwork engine as the PDF job uses it: each function answers one A4 page as an SVG string (mm viewBox). */
export interface PageComposer {
  composeCoverPage(input: { heading: string; childName: string; level: Level; portrait: Portrait }): string;
  composeScenePage(input: ScenePageInput): string;
  composeClosingPage(input: { childName: string; shopUrl: string }): string;
  compositionFromText(text: string): SceneComposition;
  composeSinglePhotoPage(input: { art: PhotoArt; level: Level; aspect: 'portrait' | 'landscape' }): string;
  dotToDot(portrait: Portrait, level: Level): { svg: string; dotCount: number };
  composeDotToDotPage(input: { childName: string; level: Level; dots: { svg: string; dotCount: number } }): string;
  dotToDotOutline(portrait: Portrait, level: Level): { svg: string };
  composeDotToDotOutlinePage(input: { childName: string; level: Level; outline: { svg: string } }): string;
}

export const PAGE_COMPOSER = Symbol('PAGE_COMPOSER');

export const ARTWORK_PAGE_COMPOSER: PageComposer = {
  composeCoverPage,
  composeScenePage,
  composeClosingPage,
  compositionFromText,
  composeSinglePhotoPage,
  dotToDot,
  composeDotToDotPage,
  dotToDotOutline,
  composeDotToDotOutlinePage,
};

/** A scene in the order the parent chose it: pre-made from the catalogue, or custom from its text. */
export interface BookScene {
  readonly title: string;
  readonly composition: SceneComposition;
}

/** A colouring book of any product, its scenes already resolved: what `bookPages` composes. */
export type Book =
  | {
      readonly kind: 'scenes';
      readonly childName: string;
      readonly level: Level;
      readonly portrait: Portrait;
      readonly scenes: readonly BookScene[];
      readonly shopUrl: string;
    }
  | { readonly kind: 'photos'; readonly pages: readonly PhotoPage[] }
  | {
      readonly kind: 'dot_to_dot';
      readonly childName: string;
      readonly portrait: Portrait;
      /** One dot-to-dot page and its finished outline per level, easiest first. */
      readonly levels: readonly Level[];
      readonly shopUrl: string;
    };

/** A single photo's page: its art at a level, on a sheet the way round its crop is. */
export interface PhotoPage {
  readonly art: PhotoArt;
  readonly level: Level;
  readonly aspect: 'portrait' | 'landscape';
}

/** A composed page: its SVG, and whether it prints on a landscape sheet. */
export interface PrintedPage {
  readonly svg: string;
  readonly landscape?: boolean;
}

/**
 * The book's pages, each composed only when asked for. Scenes: cover, a page per scene, closing page. Photos: a page per
 * photo. Dot-to-dot: cover, for each level the dots then the finished outline, closing page.
 */
export function bookPages(book: Book, composer: PageComposer): (() => PrintedPage)[] {
  const page = (compose: () => string) => (): PrintedPage => ({ svg: compose() });
  switch (book.kind) {
    case 'scenes': {
      const { childName, level, portrait } = book;
      return [
        page(() => composer.composeCoverPage({ heading: 'My colouring book', childName, level, portrait })),
        ...book.scenes.map((scene) =>
          page(() => composer.composeScenePage({ composition: scene.composition, title: scene.title, level, childName, portrait })),
        ),
        page(() => composer.composeClosingPage({ childName, shopUrl: book.shopUrl })),
      ];
    }
    case 'photos':
      return book.pages.map((photo) => () => ({ svg: composer.composeSinglePhotoPage(photo), landscape: photo.aspect === 'landscape' }));
    case 'dot_to_dot': {
      const { childName, portrait } = book;
      return [
        page(() => composer.composeCoverPage({ heading: 'My dot-to-dot book', childName, level: book.levels[0] ?? 1, portrait })),
        ...book.levels.flatMap((level) => [
          page(() => composer.composeDotToDotPage({ childName, level, dots: composer.dotToDot(portrait, level) })),
          page(() => composer.composeDotToDotOutlinePage({ childName, level, outline: composer.dotToDotOutline(portrait, level) })),
        ]),
        page(() => composer.composeClosingPage({ childName, shopUrl: book.shopUrl })),
      ];
    }
  }
}

/** The child's name as a safe ASCII file name part: 'Zoë Mae' → 'Zoe-Mae'; nothing usable → 'My'. */
export function fileNamePart(childName: string): string {
  const ascii = childName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return ascii || 'My';
}

// RFC 8187 attr-char: encodeURIComponent leaves a few characters that must be escaped too.
const encodeRfc8187 = (text: string): string =>
  encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** What a PDF is named after: the child and the kind of book, or for a single-photo order nobody ('colouring-photos.pdf'). */
export type PdfName = { childName: string; book: 'colouring-pages' | 'dot-to-dot' } | { book: 'colouring-photos' };

/** The PDF's name for an order of this product. */
export function pdfNameOf(product: ProductType, childName: string): PdfName {
  if (product === 'single_photo') return { book: 'colouring-photos' };
  return { childName, book: product === 'dot_to_dot' ? 'dot-to-dot' : 'colouring-pages' };
}

/**
 * The PDF's file name, in ASCII: 'Zoë Mae' → 'Zoe-Mae-colouring-pages.pdf', 'Lily-dot-to-dot.pdf', 'colouring-photos.pdf'.
 * The download and the email's attachment use it.
 */
export function pdfFileName(name: PdfName): string {
  return 'childName' in name ? `${fileNamePart(name.childName)}-${name.book}.pdf` : `${name.book}.pdf`;
}

/** `attachment` with an ASCII file name and, for names beyond ASCII, the UTF-8 one (RFC 6266). */
export function contentDisposition(name: PdfName): string {
  const ascii = pdfFileName(name);
  if (!('childName' in name)) return `attachment; filename="${ascii}"`;
  const { childName } = name;
  const unicodeName = childName
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 40);
  const unicode = `${unicodeName}-${name.book}.pdf`;
  const extended = unicodeName && unicode !== ascii ? `; filename*=UTF-8''${encodeRfc8187(unicode)}` : '';
  return `attachment; filename="${ascii}"${extended}`;
}

const FONT_FILE = fileURLToPath(new URL('../../../assets/fonts/Quicksand-Bold.ttf', import.meta.url));
let fontFace: string | undefined;

// Any live text on a page prints in the shipped font, carried in the document itself, so Chromium embeds it
// and nothing depends on the fonts installed where the worker runs.
function shippedFontFace(): string {
  fontFace ??=
    `@font-face{font-family:'Quicksand';font-weight:100 900;font-style:normal;font-display:block;` +
    `src:url(data:font/ttf;base64,${readFileSync(FONT_FILE).toString('base64')}) format('truetype')}`;
  return fontFace;
}

const ID_OR_REFERENCE = /(\sid=")([^"]+)(")|url\((['"]?)#([^)'"]+)\4\)|(href=")#([^"]+)(")/g;

/** Prefixes every id an SVG defines, and its references to them: inline in one document, each page keeps its own clips and masks. */
export function scopeSvgIds(svg: string, prefix: string): string {
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
  if (ids.size === 0) return svg;
  return svg.replace(
    ID_OR_REFERENCE,
    (
      match,
      idStart?: string,
      id?: string,
      idEnd?: string,
      quote?: string,
      urlId?: string,
      hrefStart?: string,
      hrefId?: string,
      hrefEnd?: string,
    ) => {
      if (id !== undefined) return ids.has(id) ? `${idStart}${prefix}${id}${idEnd}` : match;
      if (urlId !== undefined) return ids.has(urlId) ? `url(${quote}#${prefix}${urlId}${quote})` : match;
      return hrefId !== undefined && ids.has(hrefId) ? `${hrefStart}#${prefix}${hrefId}${hrefEnd}` : match;
    },
  );
}

/**
 * One HTML document, one A4 `<section>` per page with its SVG inline; a landscape page prints on an A4 sheet turned
 * landscape (a named page). The title becomes the PDF's title.
 */
export function bookHtml(title: string, pages: readonly (string | PrintedPage)[]): string {
  const style =
    shippedFontFace() +
    '@page{size:A4;margin:0}' +
    '@page landscape{size:A4 landscape;margin:0}' +
    "html,body{margin:0;padding:0;background:#fff;font-family:'Quicksand',sans-serif}" +
    'section{width:210mm;height:297mm;overflow:hidden;break-after:page;break-inside:avoid}' +
    'section.landscape{page:landscape;width:297mm;height:210mm}' +
    'section:last-child{break-after:auto}' +
    'section>svg{display:block;width:100%;height:100%}';
  const sections = pages.map((page, k) => {
    const { svg, landscape } = typeof page === 'string' ? { svg: page, landscape: false } : page;
    return `<section${landscape ? ' class="landscape"' : ''}>${scopeSvgIds(svg, `p${k + 1}-`)}</section>`;
  });
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>` +
    sections.join('') +
    '</body></html>'
  );
}
