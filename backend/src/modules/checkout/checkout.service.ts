import { BadGatewayException, BadRequestException, Inject, Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, COLOURING_LEVELS, formatPence, VOUCHER_CHECKOUT_MESSAGES } from '@colouring/domain';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { CHECKOUT_SESSION_ID_TEMPLATE, PaymentsProvider, type CheckoutOrder } from '../../infra/payments.js';
import { EmailService } from '../email/email.service.js';
import { ScenesService } from '../scenes/scenes.service.js';
import { CustomScenesService } from '../sessions/custom-scenes.service.js';
import { SessionRecordsService, type SessionRecord } from '../sessions/session-records.service.js';
import { VouchersService, type VoucherCheck } from '../vouchers/vouchers.service.js';
import type { OrderPrice } from '@colouring/domain';
import { orderPrice } from './order-price.js';

export interface CheckoutSummary {
  scenes: { id: string; title: string }[];
  price: OrderPrice;
  /** Why the saved voucher no longer applies (SPEC's checkout message); the price is then without it. */
  voucherMessage: string | null;
}

/** The order built from the stored selection and priced by the server, then handed to the card provider. */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionRecordsService,
    private readonly customScenes: CustomScenesService,
    private readonly scenes: ScenesService,
    private readonly vouchers: VouchersService,
    private readonly provider: PaymentsProvider,
    private readonly emails: EmailService,
  ) {}

  async summary(session: SessionRecord): Promise<CheckoutSummary> {
    this.requireSelection(session);
    const [scenes, voucher] = await Promise.all([this.sceneTitles(session), this.checkVoucher(session)]);
    return {
      scenes,
      price: orderPrice(session.selectedScenes, voucher?.ok ? voucher.voucher : null),
      voucherMessage: voucher && !voucher.ok ? VOUCHER_CHECKOUT_MESSAGES[voucher.problem] : null,
    };
  }

  /**
   * The card provider's page for this order; a session already paid goes to its thank-you page instead. The magic code
   * is held for the final email, which is sent after payment, when no request carries it.
   */
  async start(session: SessionRecord, magicCode: string): Promise<{ url: string }> {
    if (session.paidAt && session.paymentProviderSessionId) return { url: this.thankYouUrl(session.paymentProviderSessionId) };
    this.requireSelection(session);
    const voucher = await this.checkVoucher(session);
    if (voucher && !voucher.ok) {
      const message = VOUCHER_CHECKOUT_MESSAGES[voucher.problem];
      throw new BadRequestException({ message, errors: { voucherCode: message } });
    }
    const price = orderPrice(session.selectedScenes, voucher?.ok ? voucher.voucher : null);
    let started;
    try {
      started = await this.provider.startCheckout(this.orderFor(session, price));
    } catch (error) {
      this.logger.error({ err: error, sessionId: session.id }, 'the card provider refused to start a checkout');
      throw new BadGatewayException(CHECKOUT_MESSAGES.startFailed);
    }
    // Lets the thank-you page find the session by the provider's id before the webhook arrives.
    await this.sessions.recordProviderSession(session.id, started.providerSessionId);
    // Paying matters more than the links in the final email, which still carries the PDF without them.
    await this.emails
      .holdCodeForFinalEmail(session.id, magicCode)
      .catch((error: Error) => this.logger.warn({ sessionId: session.id, reason: error.message }, 'final email code not held'));
    return { url: started.url };
  }

  private requireSelection(session: SessionRecord): void {
    if (session.selectedScenes.length === 0) throw new BadRequestException(CHECKOUT_MESSAGES.nothingChosen);
  }

  private async checkVoucher(session: SessionRecord): Promise<VoucherCheck | null> {
    if (!session.voucherCode) return null;
    try {
      return await this.vouchers.check(session.voucherCode);
    } catch (error) {
      this.logger.error({ err: error, sessionId: session.id }, 'voucher check failed');
      throw new InternalServerErrorException(VOUCHER_CHECKOUT_MESSAGES.validationError);
    }
  }

  /** Titles in the order chosen: catalogue scenes by id, the parent's own as `custom:<id>`. */
  private async sceneTitles(session: SessionRecord): Promise<{ id: string; title: string }[]> {
    const [catalogue, custom] = await Promise.all([this.scenes.catalogue(), this.customScenes.chosenIn(session)]);
    const titles = new Map<string, string>();
    for (const bundle of catalogue.bundles) for (const scene of bundle.scenes) titles.set(scene.id, scene.title);
    for (const [entry, scene] of custom) titles.set(entry, scene.title);
    return [...new Set(session.selectedScenes)].map((id) => ({ id, title: titles.get(id) ?? id }));
  }

  private orderFor(session: SessionRecord, price: OrderPrice): CheckoutOrder {
    const level = COLOURING_LEVELS.find((l) => l.id === session.level);
    const voucher = price.voucher
      ? `, voucher ${price.voucher.code}: ${price.voucher.percent}% off ${formatPence(price.subtotalPence)}`
      : '';
    const selection = JSON.stringify({
      scenes: [...new Set(session.selectedScenes)].sort(),
      level: session.level,
      voucher: price.voucher?.code ?? null,
      totalPence: price.totalPence,
      email: session.email,
    });
    return {
      sessionId: session.id,
      email: session.email,
      item: {
        name: `${price.packName} Pack: ${price.sceneCount} personalised colouring page${price.sceneCount === 1 ? '' : 's'}`,
        description: `Level ${session.level}${level ? ` (${level.name})` : ''}, A4 PDF${voucher}`,
        amountPence: price.totalPence,
      },
      idempotencyKey: `checkout-${session.id}-${createHash('sha256').update(selection).digest('hex').slice(0, 32)}`,
      successUrl: `${this.config.publicUrl}/thank-you?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
      cancelUrl: `${this.config.publicUrl}/checkout`,
    };
  }

  private thankYouUrl(providerSessionId: string): string {
    return `${this.config.publicUrl}/thank-you?session_id=${encodeURIComponent(providerSessionId)}`;
  }
}
