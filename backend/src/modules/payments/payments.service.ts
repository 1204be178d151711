import { InjectQueue } from '@nestjs/bull';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { formatPence } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { PaymentsProvider } from '../../infra/payments.js';
import { orderPrice } from '../checkout/order-price.js';
import { PdfJob, QueueName, type PdfJobData } from '../jobs/queues.js';
import { SecurityAlertsService, type AlertSeverity } from '../security/security-alerts.service.js';
import { SessionRecordsService, type SessionRecord } from '../sessions/session-records.service.js';
import { VouchersService } from '../vouchers/vouchers.service.js';
import { PaymentEventEntity } from './payment-event.entity.js';

export const WEBHOOK_SIGNATURE_INVALID = 'Webhook signature verification failed';

const CHECKOUT_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What happens once the event's transaction has committed. */
interface Recorded {
  /** The session whose PDF job must exist (added with jobId = session id, so adding it again is harmless). */
  printSessionId: string | null;
}

const NOTHING_TO_PRINT: Recorded = { printSessionId: null };

/** Our session id, from the metadata checkout put on the Checkout Session (or its client reference). */
function sessionIdOf(checkout: Stripe.Checkout.Session): string | null {
  const id = checkout.metadata?.sessionId ?? checkout.client_reference_id ?? null;
  return id && UUID.test(id) ? id : null;
}

/** The card provider's webhook: the one place a session becomes paid. It never depends on the browser coming back. */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly provider: PaymentsProvider,
    private readonly sessions: SessionRecordsService,
    private readonly vouchers: VouchersService,
    private readonly alerts: SecurityAlertsService,
    private readonly clock: Clock,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.Pdf) private readonly pdfQueue: Queue<PdfJobData>,
  ) {}

  /**
   * Verifies and takes in one webhook delivery. The event id is recorded in the same transaction as its effect,
   * so a duplicate or a replay changes nothing; a bad signature is a 400 and changes nothing.
   */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!rawBody || !signature) throw new BadRequestException(WEBHOOK_SIGNATURE_INVALID);
    let event: Stripe.Event;
    try {
      event = this.provider.parseWebhook(rawBody, signature);
    } catch {
      throw new BadRequestException(WEBHOOK_SIGNATURE_INVALID);
    }
    const { printSessionId } = await this.dataSource.transaction((manager) => this.record(event, manager));
    // Redis is outside the transaction: if this add fails the answer is a 500, the provider delivers the event
    // again, and the duplicate path below adds the job for a paid session still waiting for its PDF.
    if (printSessionId) await this.pdfQueue.add(PdfJob.Render, { sessionId: printSessionId }, { jobId: printSessionId });
  }

  private async record(event: Stripe.Event, manager: EntityManager): Promise<Recorded> {
    const checkout = CHECKOUT_EVENTS.has(event.type) ? (event.data.object as Stripe.Checkout.Session) : null;
    const sessionId = checkout ? sessionIdOf(checkout) : null;
    // The session row lock makes concurrent events for one order take turns.
    const session = sessionId ? await this.sessions.lockForPayment(manager, sessionId) : null;
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(PaymentEventEntity)
      .values({ eventId: event.id, type: event.type, sessionId: session?.id ?? null })
      .orIgnore()
      .returning('event_id')
      .execute();
    if ((inserted.raw as unknown[]).length === 0) {
      const waitingForPdf = session?.paidAt && session.pdfStatus === 'generating';
      return { printSessionId: waitingForPdf ? session.id : null };
    }
    if (!checkout) return NOTHING_TO_PRINT;
    if (!session) {
      this.logger.warn({ eventId: event.id, type: event.type }, 'payment event for no known session');
      return NOTHING_TO_PRINT;
    }
    switch (event.type) {
      case 'checkout.session.completed':
        // Bank debits and the like complete unpaid; async_payment_succeeded or _failed follows.
        return checkout.payment_status === 'unpaid' ? NOTHING_TO_PRINT : this.fulfil(session, checkout, event, manager);
      case 'checkout.session.async_payment_succeeded':
        return this.fulfil(session, checkout, event, manager);
      case 'checkout.session.async_payment_failed':
        this.logger.warn({ eventId: event.id, sessionId: session.id }, 'delayed payment failed: the session stays unpaid');
        return NOTHING_TO_PRINT;
      default:
        return NOTHING_TO_PRINT;
    }
  }

  /** Marks the session paid, consumes its voucher and asks for the PDF, if the amount is the server's price. */
  private async fulfil(
    session: SessionRecord,
    checkout: Stripe.Checkout.Session,
    event: Stripe.Event,
    manager: EntityManager,
  ): Promise<Recorded> {
    if (session.paidAt) {
      if (session.paymentProviderSessionId !== checkout.id) {
        await this.raiseAlert(
          manager,
          session.id,
          'duplicate_payment',
          'warning',
          `Session ${session.id} was paid a second time: refund one payment`,
          {
            eventId: event.id,
            providerSessionId: checkout.id,
            paidProviderSessionId: session.paymentProviderSessionId,
            amountPence: checkout.amount_total,
          },
        );
      }
      return NOTHING_TO_PRINT;
    }
    const voucher = session.voucherCode ? await this.vouchers.lockForOrder(session.voucherCode, session.id, manager) : null;
    const price = orderPrice(session.selectedScenes, voucher);
    const paid = checkout.amount_total;
    if (paid !== price.totalPence || checkout.currency !== 'gbp') {
      const received =
        paid === null
          ? 'no amount'
          : checkout.currency === 'gbp'
            ? formatPence(paid)
            : `${paid} minor units of ${checkout.currency ?? 'no currency'}`;
      await this.raiseAlert(
        manager,
        session.id,
        'payment_amount_mismatch',
        'critical',
        `Payment of ${received} for session ${session.id} does not match the order price ${formatPence(price.totalPence)}: not fulfilled`,
        {
          eventId: event.id,
          providerSessionId: checkout.id,
          amountPence: paid,
          currency: checkout.currency,
          expectedPence: price.totalPence,
          voucherCode: session.voucherCode,
          voucherApplied: voucher !== null,
        },
      );
      return NOTHING_TO_PRINT;
    }
    if (voucher) await this.vouchers.consume(voucher.code, session.id, manager);
    await this.sessions.recordPayment(manager, session.id, {
      amountPaidPence: paid,
      paidAt: this.clock.now(),
      providerSessionId: checkout.id,
    });
    this.logger.log({ eventId: event.id, sessionId: session.id, amountPence: paid }, 'session paid');
    return { printSessionId: session.id };
  }

  private async raiseAlert(
    manager: EntityManager,
    sessionId: string,
    kind: string,
    severity: AlertSeverity,
    message: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    if (severity === 'critical') this.logger.error({ sessionId, kind }, message);
    else this.logger.warn({ sessionId, kind }, message);
    await this.alerts.raise({ kind, severity, message, details, sessionId }, manager);
  }
}
