import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { Clock } from '../../infra/clock.js';
import { JobName, Jobs, type JobState } from '../../infra/jobs.js';
import { RedisLock } from '../../infra/redis-lock.js';
import { EmailService } from '../email/index.js';
import { PDF_FAILURE_MESSAGES, PdfFailure } from '../pdf/index.js';
import { OrdersService } from './orders.service.js';
import { PrintOrderProcessor } from './print-order.processor.js';

const SWEEP = 'pdf-sweep';
const SWEEP_LOCK_MS = 60_000;
const SWEEP_BATCH = 50;
/** After Bull has given up on a job (a worker killed twice under it), the sweep queues it once more, then fails the order. */
export const PDF_MAX_REQUEUES = 1;
// Bull still holds the job: its own retries and stall check (a dead worker's lock expires) will move it on.
export const IN_BULLS_HANDS: ReadonlySet<JobState> = new Set<JobState>(['active', 'waiting', 'delayed', 'paused']);

/** How far back the sweep looks for a made PDF whose final email never left: a week late is better than never. */
export const FINAL_EMAIL_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

export interface PdfSweepResult {
  requeued: string[];
  failed: string[];
  /** Orders made `ready` whose final email had not been queued, queued now. */
  emailed: string[];
}

/**
 * A paid order never stays `generating` (docs/decisions/010): every PDF_SWEEP_INTERVAL_MS, under a Redis lock so one
 * worker runs it, paid orders generating for longer than PDF_STUCK_AFTER_MS whose job Bull no longer works on (failed
 * by stalling, completed without marking the order, or gone) are queued again, or failed with one alert once the
 * re-queue is spent. An order whose PDF was made that long ago but whose final email was never queued (its worker died
 * between the two) gets it queued. Running it twice changes nothing more than running it once.
 */
@Injectable()
export class PdfSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger(PdfSweep.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly printer: PrintOrderProcessor,
    private readonly emails: EmailService,
    private readonly jobs: Jobs,
    private readonly lock: RedisLock,
    private readonly clock: Clock,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => {
      this.run().catch((error: unknown) => this.logger.error({ err: error }, 'pdf sweep failed'));
    }, this.config.pdfSweep.intervalMs);
    this.scheduler.addInterval(SWEEP, timer);
  }

  async run(): Promise<PdfSweepResult> {
    const result: PdfSweepResult = { requeued: [], failed: [], emailed: [] };
    await this.lock.runExclusive(SWEEP, SWEEP_LOCK_MS, async () => {
      const now = this.clock.now().getTime();
      const before = new Date(now - this.config.pdfSweep.stuckAfterMs);
      for (const order of await this.orders.findPdfsGeneratingSince(before, SWEEP_BATCH)) {
        const outcome = await this.sweep(order.id);
        if (outcome !== 'left') result[outcome].push(order.id);
      }
      const since = new Date(now - FINAL_EMAIL_LOOKBACK_MS);
      for (const order of await this.orders.findReadyWithoutFinalEmail(since, before, SWEEP_BATCH)) {
        if (await this.emails.enqueueFinal(order)) result.emailed.push(order.id);
      }
    });
    if (result.requeued.length + result.failed.length + result.emailed.length > 0)
      this.logger.warn(result, 'pdf sweep moved stuck orders on');
    return result;
  }

  private async sweep(orderId: string): Promise<'left' | 'requeued' | 'failed'> {
    const state = await this.jobs.state(JobName.PrintOrder, { orderId });
    if (IN_BULLS_HANDS.has(state)) return 'left';
    const requeues = (await this.jobs.data(JobName.PrintOrder, { orderId }))?.requeues ?? 0;
    if (requeues >= PDF_MAX_REQUEUES) {
      await this.printer.recordFailure(
        orderId,
        new PdfFailure(PDF_FAILURE_MESSAGES.stalled, `the pdf job ended ${state} after ${requeues} re-queue(s)`),
      );
      return 'failed';
    }
    // The job id comes from the order id: the ended job must go before the new one can take its id.
    await this.jobs.remove(JobName.PrintOrder, { orderId });
    await this.jobs.add(JobName.PrintOrder, { orderId, requeues: requeues + 1 });
    this.logger.warn({ orderId, previousState: state, requeues: requeues + 1 }, 'pdf job queued again by the sweep');
    return 'requeued';
  }
}
