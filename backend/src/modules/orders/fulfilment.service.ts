import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiErrorCode, formatPence } from '@colouring/domain';
import { isUuid } from '../../common/uuid.js';
import { Clock } from '../../infra/clock.js';
import { JobName, Jobs } from '../../infra/jobs.js';
import { PaymentsProvider, type PaymentEvent } from '../../infra/payments.js';
import { AnalyticsService } from '../analytics/index.js';
import { PaymentEventsService } from '../payments/index.js';
import { SecurityAlertsService, type AlertSeverity } from '../security/index.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { VouchersService } from '../vouchers/index.js';
import { OrdersService, type OrderRecord } from './orders.service.js';

export const WEBHOOK_SIGNATURE_INVALID = 'Webhook signature verification failed';

type Checkout = NonNullable<PaymentEvent['checkout']>;

/**
 * The card provider's webhook: the one place an order becomes paid. It pays the order frozen at checkout, checking the
 * amount against that order's price, and never depends on the browser coming back.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger(FulfilmentService.name);

  constructor(
    private readonly provider: PaymentsProvider,
    private readonly orders: OrdersService,
    private readonly sessions: SessionsService,
    private readonly events: PaymentEventsService,
    private readonly vouchers: VouchersService,
    private readonly alerts: SecurityAlertsService,
    private readonly analytics: AnalyticsService,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Verifies and takes in one webhook delivery. The event id is recorded in the same transaction as its effect,
   * so a duplicate or a replay changes nothing; a bad signature is a 400 and changes nothing.
   */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!rawBody || !signature) throw this.badSignature();
    let event: PaymentEvent;
    try {
      event = this.provider.parseWebhook(rawBody, signature);
    } catch {
      throw this.badSignature();
    }
    const printOrderId = await this.db.transaction((manager) => this.record(event, manager));
    // Redis is outside the transaction: if this add fails the answer is a 500, the provider delivers the event
    // again, and the duplicate path below adds the job for a paid order still waiting for its PDF.
    if (printOrderId) await this.jobs.add(JobName.PrintOrder, { orderId: printOrderId });
  }

  /** In the webhook's transaction; answers the order whose print job must exist, if any. */
  async record(event: PaymentEvent, manager: EntityManager): Promise<string | null> {
    const orderId = event.checkout?.orderId;
    // Order, then session: the session row lock makes selection changes wait for the payment, and then find it paid.
    const order = orderId && isUuid(orderId) ? await this.orders.lockForPayment(manager, orderId) : null;
    const session = order ? await this.sessions.lockForPayment(manager, order.sessionId) : null;
    const fresh = await this.events.recordOnce(manager, event, { sessionId: session?.id ?? null, orderId: order?.id ?? null });
    if (!fresh) return order?.paidAt && order.pdfStatus === 'generating' ? order.id : null;
    if (!event.checkout) return null;
    if (!order || !session) {
      this.logger.warn({ eventId: event.id, type: event.type }, 'payment event for no known order');
      return null;
    }
    switch (event.outcome) {
      case 'paid':
        return this.fulfil(order, session, event.checkout, event, manager);
      case 'payment_failed':
        this.logger.warn({ eventId: event.id, orderId: order.id }, 'delayed payment failed: the order stays unpaid');
        return null;
      default:
        return null;
    }
  }

  /** Marks the order paid, consumes its voucher and freezes the session, if the amount is the order's price. */
  private async fulfil(
    order: OrderRecord,
    session: SessionRecord,
    checkout: Checkout,
    event: PaymentEvent,
    manager: EntityManager,
  ): Promise<string | null> {
    if (order.paidAt || session.paidAt) {
      if (order.providerSessionId !== checkout.providerSessionId || !order.paidAt) {
        await this.raiseAlert(
          manager,
          order,
          checkout.providerSessionId,
          'duplicate_payment',
          'warning',
          `Session ${order.sessionId} was paid a second time: refund one payment`,
          {
            eventId: event.id,
            orderId: order.id,
            providerSessionId: checkout.providerSessionId,
            paidProviderSessionId: order.providerSessionId,
            amountPence: checkout.amountPence,
          },
        );
      }
      return null;
    }
    const voucher = order.voucherCode ? await this.vouchers.lockForOrder(order.voucherCode, order.sessionId, manager) : null;
    // A voucher another order took meanwhile no longer discounts this one: the full price is then what was due.
    const expected = order.voucherCode && !voucher ? order.subtotalPence : order.totalPence;
    const paid = checkout.amountPence;
    if (paid !== expected || checkout.currency !== 'gbp') {
      const received =
        paid === null
          ? 'no amount'
          : checkout.currency === 'gbp'
            ? formatPence(paid)
            : `${paid} minor units of ${checkout.currency ?? 'no currency'}`;
      await this.raiseAlert(
        manager,
        order,
        checkout.providerSessionId,
        'payment_amount_mismatch',
        'critical',
        `Payment of ${received} for session ${order.sessionId} does not match the order price ${formatPence(expected)}: not fulfilled`,
        {
          eventId: event.id,
          orderId: order.id,
          providerSessionId: checkout.providerSessionId,
          amountPence: paid,
          currency: checkout.currency,
          expectedPence: expected,
          voucherCode: order.voucherCode,
          voucherApplied: voucher !== null,
        },
      );
      return null;
    }
    if (voucher) await this.vouchers.consume(voucher.code, order.sessionId, manager);
    const paidAt = this.clock.now();
    await this.orders.markPaid(manager, order.id, { amountPaidPence: paid, paidAt, providerSessionId: checkout.providerSessionId });
    await this.sessions.markPaid(manager, order.sessionId, paidAt);
    // SPEC's purchase event, from the amount the provider paid and this order's product: never a figure from the browser.
    await this.analytics.recordPurchase(manager, { orderId: order.id, product: order.product, amountPence: expected });
    this.logger.log({ eventId: event.id, orderId: order.id, sessionId: order.sessionId, amountPence: paid }, 'order paid');
    return order.id;
  }

  /** Each payment is a cause of its own (`payment`: the provider's checkout id), so a second one is never hidden behind the first's open alert. */
  private async raiseAlert(
    manager: EntityManager,
    order: OrderRecord,
    payment: string,
    kind: string,
    severity: AlertSeverity,
    message: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    if (severity === 'critical') this.logger.error({ orderId: order.id, kind }, message);
    else this.logger.warn({ orderId: order.id, kind }, message);
    await this.alerts.raise({ kind, severity, message, details, sessionId: order.sessionId, subject: payment }, manager);
  }

  private badSignature(): BadRequestException {
    return new BadRequestException({ code: ApiErrorCode.BadRequest, message: WEBHOOK_SIGNATURE_INVALID });
  }
}
