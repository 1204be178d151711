import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Level } from '../../artwork/portrait/index.js';
import { ALL_SCENES } from '../../artwork/scenes/catalogue.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { BrowserCrashed, BrowserPool, BrowserUnavailable, PrintTimeout } from '../../infra/browser-pool.js';
import { Clock } from '../../infra/clock.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/storage.js';
import { EmailJob, QueueName, type EmailJobData } from '../jobs/queues.js';
import { SecurityAlertsService } from '../security/security-alerts.service.js';
import { CustomScenesService } from '../sessions/custom-scenes.service.js';
import { SessionRecordsService, type SessionRecord } from '../sessions/session-records.service.js';
import { PortraitsService } from '../uploads/portraits.service.js';
import { bookHtml, bookPages, PAGE_COMPOSER, pdfStorageKey, type BookScene, type PageComposer } from './book.js';
import type { PdfProgress } from './pdf.service.js';

/** Why a PDF failed, in words safe to store in `pdf_error` and show an admin: no paths, codes or stack traces. */
export const PDF_FAILURE_MESSAGES = {
  noPortrait: "The child's portrait is missing.",
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

export type PrintResult = { status: 'ready'; pages: number; bytes: number; reused: boolean } | { status: 'gone' };

const CATALOGUE_SCENES = new Map(ALL_SCENES.map((scene) => [scene.id, scene]));

// Composing is most of the work the job can count page by page; printing and storing take the rest.
const COMPOSED_PERCENT = 80;
const PRINTED_PERCENT = 95;

/** Prints a paid session's colouring book: pages composed, printed by Chromium to one A4 PDF, stored, final email queued. */
@Injectable()
export class BookPrinter {
  constructor(
    private readonly sessions: SessionRecordsService,
    private readonly customScenes: CustomScenesService,
    @Inject(PAGE_COMPOSER) private readonly composer: PageComposer,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectQueue(QueueName.Email) private readonly emailQueue: Queue<EmailJobData>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly browsers: BrowserPool,
    private readonly portraits: PortraitsService,
    private readonly alerts: SecurityAlertsService,
    private readonly clock: Clock,
  ) {}

  /** Idempotent: a session already printed (and stored) only gets its final email queued again, which Bull dedupes. */
  async print(sessionId: string, report: (progress: PdfProgress) => Promise<unknown>): Promise<PrintResult> {
    const session = await this.sessions.findById(sessionId);
    if (!session) return { status: 'gone' };
    const key = pdfStorageKey(session.id);
    if (session.pdfStatus === 'ready') {
      const bytes = await this.storage.size(key).catch(() => undefined);
      if (bytes !== undefined) {
        await this.queueFinalEmail(session.id);
        const pages = session.selectedScenes.length + 2;
        await report({ pagesDone: pages, pagesTotal: pages, percent: 100 });
        return { status: 'ready', pages, bytes, reused: true };
      }
    }
    await this.sessions.markPdfGenerating(session.id);

    const portrait = await this.portraits.artOf(session.id);
    if (!portrait) throw new PdfFailure(PDF_FAILURE_MESSAGES.noPortrait, `session ${session.id} has no portrait`);
    const pages = bookPages(
      {
        childName: session.childName,
        level: session.level as Level,
        portrait,
        scenes: await this.scenesOf(session),
        shopUrl: this.config.publicUrl,
      },
      this.composer,
    );
    const pagesTotal = pages.length;
    await report({ pagesDone: 0, pagesTotal, percent: 0 });

    const pdf = await this.browsers.withContext(async (printer) => {
      const svgs: string[] = [];
      for (const page of pages) {
        svgs.push(page());
        // Awaiting the report also lets the API and other jobs run between pages.
        await report({ pagesDone: svgs.length, pagesTotal, percent: Math.round((svgs.length / pagesTotal) * COMPOSED_PERCENT) });
      }
      return printer.printPdf(bookHtml(`${session.childName.trim()}'s colouring pages`, svgs), { pages: pagesTotal });
    });
    await report({ pagesDone: pagesTotal, pagesTotal, percent: PRINTED_PERCENT });

    try {
      await this.storage.put(key, pdf, 'application/pdf');
    } catch (error) {
      throw new PdfFailure(PDF_FAILURE_MESSAGES.storage, `storing ${key} failed`, { cause: error });
    }
    // pdf_url names the stored file: the download link needs the magic code, which only the parent holds.
    await this.sessions.markPdfReady(session.id, { url: key, generatedAt: this.clock.now() });
    await this.queueFinalEmail(session.id);
    await report({ pagesDone: pagesTotal, pagesTotal, percent: 100 });
    return { status: 'ready', pages: pagesTotal, bytes: pdf.length, reused: false };
  }

  /** The last attempt failed: the session says so with a safe reason, and the admin gets an alert. A PDF that did get made is left alone. */
  async recordFailure(sessionId: string, error: unknown): Promise<void> {
    const reason = safePdfError(error);
    if (!(await this.sessions.markPdfFailed(sessionId, reason))) return;
    await this.alerts.raise({
      kind: 'pdf_failed',
      severity: 'critical',
      message: `The PDF for session ${sessionId} failed after every attempt: ${reason}`,
      details: { reason },
      sessionId,
    });
  }

  private async scenesOf(session: SessionRecord): Promise<BookScene[]> {
    const custom = await this.customScenes.chosenIn(session);
    return session.selectedScenes.map((selected) => {
      const own = custom.get(selected);
      if (own) return { title: own.title, composition: this.composer.compositionFromText(own.userPrompt) };
      const scene = CATALOGUE_SCENES.get(selected);
      if (scene) return { title: scene.title, composition: scene.composition };
      throw new PdfFailure(PDF_FAILURE_MESSAGES.unknownScene, `session ${session.id} selects unknown scene ${JSON.stringify(selected)}`);
    });
  }

  private async queueFinalEmail(sessionId: string): Promise<void> {
    await this.emailQueue.add(EmailJob.Final, { sessionId }, { jobId: `final:${sessionId}` });
  }
}
