import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Level } from '../../artwork/portrait/index.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DEFAULT_BROWSER_POOL_OPTIONS } from '../../infra/browser-pool.js';
import { Clock } from '../../infra/clock.js';
import { JobName, JobStalled, OnJob, OnJobFailed, type JobContext, type JobDataOf } from '../../infra/jobs.js';
import { EmailService } from '../email/index.js';
import { BookPrinter, PDF_FAILURE_MESSAGES, PdfFailure, PdfFiles, safePdfError, type BookToPrint } from '../pdf/index.js';
import { SecurityAlertsService } from '../security/index.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { OrderPhotosService, PortraitsService } from '../uploads/index.js';
import { pageCountOf, type ItemsOf } from './order.entity.js';
import type { OrderRecord } from './orders.service.js';
import { OrdersService } from './orders.service.js';

export type PrintResult = { status: 'ready'; pages: number; bytes: number; reused: boolean } | { status: 'gone' };

type PrintJob = JobDataOf[JobName.PrintOrder];

/**
 * The fulfilment job (job id from the order id): a paid order's pages composed by product, printed to one A4 PDF,
 * stored, and its final email queued. It throws on failure so the queue retries with backoff; once no attempt is left
 * the order is marked failed with a safe reason and the admin gets an alert.
 */
@Injectable()
export class PrintOrderProcessor {
  private readonly logger = new Logger(PrintOrderProcessor.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly sessions: SessionsService,
    private readonly portraits: PortraitsService,
    private readonly orderPhotos: OrderPhotosService,
    private readonly printer: BookPrinter,
    private readonly files: PdfFiles,
    private readonly emails: EmailService,
    private readonly alerts: SecurityAlertsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  // As many jobs at once as there are print slots, so one job composes while another prints.
  @OnJob(JobName.PrintOrder, { concurrency: DEFAULT_BROWSER_POOL_OPTIONS.printSlots })
  async print({ orderId }: PrintJob, job: JobContext): Promise<PrintResult> {
    const started = performance.now();
    try {
      const result = await this.printOrder(orderId, (progress) => job.progress(progress));
      this.logger.log({ orderId, ...result, ms: Math.round(performance.now() - started) }, 'pdf job done');
      return result;
    } catch (error) {
      this.logger.error(
        { orderId, attempt: job.attempt, attempts: job.attempts, reason: safePdfError(error), err: error },
        job.isLastAttempt ? 'pdf job failed for good' : 'pdf job attempt failed; it will be retried',
      );
      // Recorded before the job itself is marked failed, so whoever sees the job failed sees the order's reason too.
      if (job.isLastAttempt) await this.recordFailure(orderId, error);
      throw error;
    }
  }

  /**
   * A job that failed for good: its last attempt threw or timed out. A job Bull failed for stalling (its worker died
   * under it, twice) is left to the PDF sweep, which queues it once more and fails the order only if that ends too
   * (decision 010): a killed worker is not the order's fault.
   */
  @OnJobFailed(JobName.PrintOrder)
  async failed({ orderId }: PrintJob, error: Error): Promise<void> {
    if (error instanceof JobStalled) {
      this.logger.warn({ orderId }, 'pdf job stalled for good; the sweep will queue it again');
      return;
    }
    await this.recordFailure(orderId, error);
  }

  /**
   * The order says its PDF failed, with a safe reason, and the admin gets one alert, in one transaction. A PDF that did
   * get made, or a failure already recorded, is left alone.
   */
  async recordFailure(orderId: string, error: unknown): Promise<void> {
    const reason = safePdfError(error);
    await this.db.transaction(async (manager) => {
      const order = await this.orders.markPdfFailed(manager, orderId, reason);
      if (!order) return;
      await this.alerts.raise(
        {
          kind: 'pdf_failed',
          severity: 'critical',
          message: `The PDF for session ${order.sessionId} failed after every attempt: ${reason}`,
          details: { reason, orderId },
          sessionId: order.sessionId,
        },
        manager,
      );
    });
  }

  /** Idempotent: an order already printed (and stored) only gets its final email queued again, which is sent once. */
  private async printOrder(orderId: string, report: JobContext['progress']): Promise<PrintResult> {
    const order = await this.orders.findById(orderId);
    const session = order && !order.expiredAt ? await this.sessions.findById(order.sessionId) : null;
    if (!order?.paidAt || !session || session.isExpired) return { status: 'gone' };
    const pagesTotal = pageCountOf(order);
    if (order.pdfStatus === 'ready') {
      const stored = await this.files.find(order.id);
      if (stored) {
        await this.emails.enqueueFinal(order);
        await report({ pagesDone: pagesTotal, pagesTotal, percent: 100 });
        return { status: 'ready', pages: pagesTotal, bytes: stored.size, reused: true };
      }
    }
    await this.orders.markPdfGenerating(order.id);
    const { pdf, pages } = await this.printer.print(await this.bookOf(order, session), report);
    try {
      await this.files.store(order.id, pdf);
    } catch (error) {
      throw new PdfFailure(PDF_FAILURE_MESSAGES.storage, `storing the PDF of order ${order.id} failed`, { cause: error });
    }
    await this.orders.markPdfReady(order.id, this.clock.now());
    await this.emails.enqueueFinal(order);
    await report({ pagesDone: pages, pagesTotal: pages, percent: 100 });
    return { status: 'ready', pages, bytes: pdf.length, reused: false };
  }

  /** The pages an order prints, by product. */
  private async bookOf(order: OrderRecord, session: SessionRecord): Promise<BookToPrint> {
    const shopUrl = this.config.publicUrl;
    if (order.product === 'single_photo') {
      const items = order.items as ItemsOf<'single_photo'>;
      const arts = await this.orderPhotos.artOf(items.map((item) => item.photoId));
      const pages = items.map((item) => {
        const art = arts.get(item.photoId);
        if (!art) throw new PdfFailure(PDF_FAILURE_MESSAGES.noPhotoArt, `photo ${item.photoId} of order ${order.id} has no art`);
        return { art, level: item.level as Level, aspect: item.aspect };
      });
      return { kind: 'photos', title: 'Your colouring pages', pages };
    }
    const portrait = await this.portraits.artOf(session.id);
    if (!portrait) throw new PdfFailure(PDF_FAILURE_MESSAGES.noPortrait, `session ${session.id} has no portrait`);
    const childName = session.childName;
    if (order.product === 'dot_to_dot') {
      const levels = (order.items as ItemsOf<'dot_to_dot'>).map((item) => item.dotsLevel as Level);
      return { kind: 'dot_to_dot', title: `${childName.trim()}'s dot-to-dot book`, childName, portrait, levels, shopUrl };
    }
    return {
      kind: 'scenes',
      title: `${childName.trim()}'s colouring pages`,
      childName,
      level: order.level as Level,
      portrait,
      scenes: (order.items as ItemsOf<'custom_scenes'>).map((item) =>
        item.custom ? { title: item.custom.title, prompt: item.custom.prompt } : { title: item.sceneId, catalogueId: item.sceneId },
      ),
      shopUrl,
    };
  }
}
