import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobName, Jobs } from '../../infra/jobs.js';
import { SessionsService } from '../sessions/index.js';
import { OrdersService } from './orders.service.js';
import { IN_BULLS_HANDS } from './pdf-sweep.service.js';

/**
 * What a retry did: `queued`; or why not: nothing paid, the session or order expired, the PDF not failed (ready, or
 * being made), or `busy` when the last print job has not ended yet (its failure is still being recorded).
 */
export type PdfRetryOutcome = 'queued' | 'not_paid' | 'not_failed' | 'expired' | 'busy';

/**
 * The admin's "retry PDF": a paid, live order whose PDF failed (or was never made) is printed again. The job id comes
 * from the order id (jobs.ts), so the ended job is removed and a new one takes the same id: the thank-you page
 * (OrderStatusService) and the PDF sweep find the running job as they find the webhook's. The new job starts with no
 * sweep re-queue spent.
 */
@Injectable()
export class PdfRetryService {
  private readonly logger = new Logger(PdfRetryService.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly sessions: SessionsService,
    private readonly jobs: Jobs,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * In one step, under the order's row lock: the order is marked generating again (its reason cleared) and its print
   * job queued; if queueing fails the order stays as it was.
   */
  async retryPdf(orderId: string): Promise<PdfRetryOutcome> {
    const outcome = await this.db.transaction(async (manager): Promise<PdfRetryOutcome> => {
      const order = await this.orders.lockForPayment(manager, orderId);
      if (!order?.paidAt) return 'not_paid';
      const session = await this.sessions.findById(order.sessionId);
      if (order.expiredAt || !session || session.isExpired) return 'expired';
      if (order.pdfStatus === 'ready' || order.pdfStatus === 'generating') return 'not_failed';
      if (IN_BULLS_HANDS.has(await this.jobs.state(JobName.PrintOrder, { orderId }))) return 'busy';
      await this.orders.markPdfGeneratingAgain(manager, orderId);
      await this.jobs.remove(JobName.PrintOrder, { orderId });
      // Under the row lock nobody else queues this order (the webhook and the sweep queue only generating orders).
      if (!(await this.jobs.add(JobName.PrintOrder, { orderId }))) throw new Error(`the print job of order ${orderId} is already queued`);
      return 'queued';
    });
    if (outcome === 'queued') this.logger.warn({ orderId }, 'pdf job queued again by an admin');
    return outcome;
  }
}
