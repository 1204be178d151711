import { Inject, Injectable } from '@nestjs/common';
import type { Level, Portrait } from '../../artwork/portrait/index.js';
import { ALL_SCENES } from '../../artwork/scenes/catalogue.js';
import { BrowserCrashed, BrowserPool, BrowserUnavailable, PrintTimeout } from '../../infra/browser-pool.js';
import { bookHtml, bookPages, PAGE_COMPOSER, type BookScene, type PageComposer, type PhotoPage, type PrintedPage } from './book.js';

/** Why a PDF failed, in words safe to store in `pdf_error` and show an admin: no paths, codes or stack traces. */
export const PDF_FAILURE_MESSAGES = {
  noPortrait: "The child's portrait is missing.",
  noPhotoArt: "A photo's colouring page is missing.",
  unknownScene: 'A chosen scene is no longer available.',
  printerUnavailable: 'The page printer could not be started.',
  printerStopped: 'The page printer stopped unexpectedly.',
  printTimeout: 'Printing the pages took too long.',
  storage: 'The PDF could not be saved.',
  stalled: 'Making the PDF stopped before it finished, again and again.',
  unknown: 'The PDF could not be made.',
} as const;

/** A failure whose cause is known; `safeMessage` is one of PDF_FAILURE_MESSAGES. */
export class PdfFailure extends Error {
  constructor(
    readonly safeMessage: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'PdfFailure';
  }
}

/** The message for `pdf_error`: what went wrong in the shop's words, never the error's own text. */
export function safePdfError(error: unknown): string {
  if (error instanceof PdfFailure) return error.safeMessage;
  if (error instanceof PrintTimeout) return PDF_FAILURE_MESSAGES.printTimeout;
  if (error instanceof BrowserCrashed) return PDF_FAILURE_MESSAGES.printerStopped;
  if (error instanceof BrowserUnavailable) return PDF_FAILURE_MESSAGES.printerUnavailable;
  return PDF_FAILURE_MESSAGES.unknown;
}

/** A scene as an order keeps it: a catalogue scene by its id, or the parent's own by its text. */
export type SceneToPrint = { title: string; catalogueId: string } | { title: string; prompt: string };

/**
 * What a colouring book is made of, by product: the PDF module knows nothing of sessions or orders. `title` becomes
 * the PDF's own title.
 */
export type BookToPrint = { title: string } & (
  | { kind: 'scenes'; childName: string; level: Level; portrait: Portrait; scenes: readonly SceneToPrint[]; shopUrl: string }
  | { kind: 'photos'; pages: readonly PhotoPage[] }
  | { kind: 'dot_to_dot'; childName: string; portrait: Portrait; levels: readonly Level[]; shopUrl: string }
);

/** What the print job reports as progress while it works (0-100 percent, and pages composed so far). */
export interface PrintProgress {
  pagesDone: number;
  pagesTotal: number;
  percent: number;
}

const CATALOGUE_SCENES = new Map(ALL_SCENES.map((scene) => [scene.id, scene]));

// Composing is most of the work the job can count page by page; printing takes the rest.
const COMPOSED_PERCENT = 80;
const PRINTED_PERCENT = 95;

/** Prints a colouring book of any product (see `bookPages`), composed page by page and printed by Chromium to one A4 PDF. */
@Injectable()
export class BookPrinter {
  constructor(
    @Inject(PAGE_COMPOSER) private readonly composer: PageComposer,
    private readonly browsers: BrowserPool,
  ) {}

  /** The PDF's bytes; progress is reported after each composed page and once printed. */
  async print(book: BookToPrint, report: (progress: PrintProgress) => Promise<unknown>): Promise<{ pdf: Buffer; pages: number }> {
    const pages = bookPages(
      book.kind === 'scenes' ? { ...book, scenes: book.scenes.map((scene) => this.sceneOf(scene)) } : book,
      this.composer,
    );
    const pagesTotal = pages.length;
    await report({ pagesDone: 0, pagesTotal, percent: 0 });
    const pdf = await this.browsers.withContext(async (printer) => {
      const svgs: PrintedPage[] = [];
      for (const page of pages) {
        svgs.push(page());
        // Awaiting the report also lets the API and other jobs run between pages.
        await report({ pagesDone: svgs.length, pagesTotal, percent: Math.round((svgs.length / pagesTotal) * COMPOSED_PERCENT) });
      }
      return printer.printPdf(bookHtml(book.title, svgs), { pages: pagesTotal });
    });
    await report({ pagesDone: pagesTotal, pagesTotal, percent: PRINTED_PERCENT });
    return { pdf, pages: pagesTotal };
  }

  private sceneOf(scene: SceneToPrint): BookScene {
    if ('prompt' in scene) return { title: scene.title, composition: this.composer.compositionFromText(scene.prompt) };
    const known = CATALOGUE_SCENES.get(scene.catalogueId);
    if (!known) throw new PdfFailure(PDF_FAILURE_MESSAGES.unknownScene, `unknown scene ${JSON.stringify(scene.catalogueId)}`);
    return { title: known.title, composition: known.composition };
  }
}
