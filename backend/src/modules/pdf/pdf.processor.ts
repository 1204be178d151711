import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { DEFAULT_BROWSER_POOL_OPTIONS } from '../../infra/browser-pool.js';
import { PdfJob, QueueName, type PdfJobData } from '../jobs/queues.js';
import { BookPrinter, safePdfError, type PrintResult } from './book-printer.service.js';

const isLastAttempt = (job: Job, attemptsDone: number): boolean => attemptsDone >= (job.opts.attempts ?? 1);

/**
 * pdf queue (job id = session id): throws on failure so Bull retries with backoff; the last failed attempt
 * marks the session failed, before the job itself is marked, so whoever sees the job failed sees the reason too.
 */
// As many jobs at once as there are print slots, so one job composes while another prints.
@Processor(QueueName.Pdf)
export class PdfProcessor {
  private readonly logger = new Logger(PdfProcessor.name);

  constructor(private readonly printer: BookPrinter) {}

  @Process({ name: PdfJob.Render, concurrency: DEFAULT_BROWSER_POOL_OPTIONS.printSlots })
  async render(job: Job<PdfJobData>): Promise<PrintResult> {
    const started = performance.now();
    try {
      const result = await this.printer.print(job.data.sessionId, (progress) => job.progress(progress));
      this.logger.log({ jobId: job.id, ...result, ms: Math.round(performance.now() - started) }, 'pdf job done');
      return result;
    } catch (error) {
      const last = isLastAttempt(job, job.attemptsMade + 1);
      this.logger.error(
        { jobId: job.id, attempt: job.attemptsMade + 1, attempts: job.opts.attempts, reason: safePdfError(error), err: error },
        last ? 'pdf job failed for good' : 'pdf job attempt failed; Bull retries it',
      );
      if (last) await this.printer.recordFailure(job.data.sessionId, error);
      throw error;
    }
  }

  // Failures the handler never sees (Bull's job timeout, a stalled job) still end in `failed` once no attempt is left.
  @OnQueueFailed()
  async onFailed(job: Job<PdfJobData>, error: Error): Promise<void> {
    if (job.name === PdfJob.Render && isLastAttempt(job, job.attemptsMade)) await this.printer.recordFailure(job.data.sessionId, error);
  }
}
