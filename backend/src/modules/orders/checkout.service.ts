import { createHash } from 'node:crypto';
import { BadGatewayException, BadRequestException, Inject, Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import {
  ApiErrorCode,
  CHECKOUT_MESSAGES,
  COLOURING_LEVELS,
  DEFAULT_LEVEL,
  DOT_TO_DOT_BOOK_LEVELS,
  DOT_TO_DOT_LEVEL,
  dotToDotOrderPrice,
  formatPence,
  normaliseVoucherCode,
  orderPrice,
  photoOrderPrice,
  SESSION_MESSAGES,
  SINGLE_PHOTO_MESSAGES,
  validateEmail,
  VOUCHER_CHECKOUT_MESSAGES,
  type CheckoutSummary,
  type ProductType,
} from '@colouring/domain';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { CHECKOUT_SESSION_ID_TEMPLATE, PaymentsProvider, type CheckoutOrder } from '../../infra/payments.js';
import { CustomScenesService } from '../custom-scenes/index.js';
import { EmailService } from '../email/index.js';
import { ScenesService } from '../scenes/index.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { VouchersService, type VoucherCheck } from '../vouchers/index.js';
import { pageCountOf, type OrderItem, type SceneItem } from './order.entity.js';
import { OrdersService, type OrderRecord } from './orders.service.js';
import { SinglePhotoService } from './single-photo.service.js';

type AppliedVoucher = { code: string; percent: number } | null;

/** What checkout would freeze for a session: by product, with the summary the page shows and the card provider's line. */
interface Draft {
  items: OrderItem[];
  level: number;
  summary: DistributiveOmit<CheckoutSummary, 'voucherMessage'>;
  line: { name: string; description: string };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The product a session is for (a session is made for one). */
const productOf = (session: SessionRecord): ProductType => session.productTypes[0] ?? 'custom_scenes';

/**
 * Checkout: the stored selection priced by the server, frozen into an order (items, level, voucher, price), and that
 * order handed to the card provider. The webhook pays that order and the PDF prints it, whatever the selection does after.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orders: OrdersService,
    private readonly customScenes: CustomScenesService,
    private readonly scenes: ScenesService,
    private readonly vouchers: VouchersService,
    private readonly provider: PaymentsProvider,
    private readonly emails: EmailService,
    private readonly sessions: SessionsService,
    private readonly singlePhoto: SinglePhotoService,
  ) {}

  async summary(session: SessionRecord): Promise<CheckoutSummary> {
    const voucher = await this.checkVoucher(session);
    const draft = await this.draftOf(session, voucher?.ok ? voucher.voucher : null);
    return {
      ...draft.summary,
      voucherMessage: voucher && !voucher.ok ? VOUCHER_CHECKOUT_MESSAGES[voucher.problem] : null,
    } as CheckoutSummary;
  }

  /** Checkout's voucher box, for every product: checked in SPEC's checkout words, saved, and the new summary answered. */
  async saveVoucher(session: SessionRecord, code: string | null): Promise<CheckoutSummary> {
    const voucherCode = code ? normaliseVoucherCode(code) : null;
    if (voucherCode) {
      const check = await this.vouchers.check(voucherCode);
      if (!check.ok) {
        const message = VOUCHER_CHECKOUT_MESSAGES[check.problem];
        throw new BadRequestException({ code: ApiErrorCode.VoucherUnusable, message, errors: { voucherCode: message } });
      }
    }
    if (!(await this.sessions.saveVoucher(session.id, voucherCode))) {
      throw new BadRequestException({ code: ApiErrorCode.AlreadyPaid, message: SESSION_MESSAGES.alreadyPaid });
    }
    return this.summary({ ...session, voucherCode });
  }

  /**
   * The card provider's page for this session's order; a session already paid goes to its thank-you page instead. The
   * magic code is held for the final email, which is sent after payment, when no request carries it.
   */
  async start(session: SessionRecord, magicCode: string): Promise<{ url: string }> {
    if (session.paidAt) {
      const paid = await this.orders.currentOf(session.id);
      if (paid?.paidAt && paid.providerSessionId) return { url: this.thankYouUrl(paid.providerSessionId) };
    }
    const voucher = await this.checkVoucher(session);
    if (voucher && !voucher.ok) {
      const message = VOUCHER_CHECKOUT_MESSAGES[voucher.problem];
      throw new BadRequestException({ code: ApiErrorCode.VoucherUnusable, message, errors: { voucherCode: message } });
    }
    const draft = await this.draftOf(session, voucher?.ok ? voucher.voucher : null);
    const { price } = draft.summary;
    const order = await this.orders.openFor({
      sessionId: session.id,
      product: draft.summary.product,
      items: draft.items,
      level: draft.level,
      voucherCode: price.voucher?.code ?? null,
      subtotalPence: price.subtotalPence,
      discountPence: price.discountPence,
      totalPence: price.totalPence,
    });
    let started;
    try {
      started = await this.provider.startCheckout(this.checkoutOf(session, order, draft));
    } catch (error) {
      this.logger.error({ err: error, sessionId: session.id, orderId: order.id }, 'the card provider refused to start a checkout');
      throw new BadGatewayException({ code: ApiErrorCode.ProviderFailed, message: CHECKOUT_MESSAGES.startFailed });
    }
    // Lets the thank-you page find the order by the provider's id before the webhook arrives.
    await this.orders.recordProviderSession(order.id, started.providerSessionId);
    // Paying matters more than the links in the final email, which still carries the PDF without them.
    await this.emails
      .holdCodeForFinalEmail(session.id, magicCode)
      .catch((error: Error) => this.logger.warn({ sessionId: session.id, reason: error.message }, 'final email code not held'));
    return { url: started.url };
  }

  /** What the session would buy now, by its product: the items an order freezes, its level, the summary and its price. */
  private async draftOf(session: SessionRecord, voucher: AppliedVoucher): Promise<Draft> {
    switch (productOf(session)) {
      case 'custom_scenes': {
        this.requireSelection(session);
        const price = orderPrice(session.selectedScenes, voucher);
        const level = COLOURING_LEVELS.find((l) => l.id === session.level);
        return {
          items: await this.itemsOf(session),
          level: session.level,
          summary: { product: 'custom_scenes', scenes: await this.sceneTitles(session), price },
          line: {
            name: `${price.packName} Pack: ${price.sceneCount} personalised colouring page${price.sceneCount === 1 ? '' : 's'}`,
            description: `Level ${session.level}${level ? ` (${level.name})` : ''}, A4 PDF`,
          },
        };
      }
      case 'single_photo': {
        const pages = await this.singlePhoto.pagesOf(session);
        if (pages.length === 0) throw this.nothingChosen();
        if (!validateEmail(session.email).ok) {
          const message = SINGLE_PHOTO_MESSAGES.enterValidEmail;
          throw new BadRequestException({ code: ApiErrorCode.ValidationFailed, message, errors: { email: message } });
        }
        const price = photoOrderPrice(pages.length, voucher);
        return {
          items: pages.map((page) => ({ photoId: page.id, level: page.level, aspect: page.aspect })),
          level: DEFAULT_LEVEL,
          summary: {
            product: 'single_photo',
            photos: pages.map((page, k) => ({ id: page.id, number: k + 1, level: page.level, aspect: page.aspect })),
            price,
          },
          line: {
            name: `Single photo conversion: ${pages.length} colouring page${pages.length === 1 ? '' : 's'}`,
            description: 'One A4 colouring page per photo, PDF',
          },
        };
      }
      case 'dot_to_dot': {
        const items = DOT_TO_DOT_BOOK_LEVELS.map((dotsLevel) => ({ dotsLevel }));
        const pageCount = pageCountOf({ product: 'dot_to_dot', items });
        return {
          items,
          level: DOT_TO_DOT_LEVEL,
          summary: { product: 'dot_to_dot', childName: session.childName, pageCount, price: dotToDotOrderPrice(voucher) },
          line: { name: `Personalised dot-to-dot book: ${pageCount} pages`, description: 'A4 PDF' },
        };
      }
    }
  }

  private requireSelection(session: SessionRecord): void {
    if (session.selectedScenes.length === 0) throw this.nothingChosen();
  }

  private nothingChosen(): BadRequestException {
    return new BadRequestException({ code: ApiErrorCode.NothingChosen, message: CHECKOUT_MESSAGES.nothingChosen });
  }

  private async checkVoucher(session: SessionRecord): Promise<VoucherCheck | null> {
    if (!session.voucherCode) return null;
    try {
      return await this.vouchers.check(session.voucherCode);
    } catch (error) {
      this.logger.error({ err: error, sessionId: session.id }, 'voucher check failed');
      throw new InternalServerErrorException({ code: ApiErrorCode.VoucherCheckFailed, message: VOUCHER_CHECKOUT_MESSAGES.validationError });
    }
  }

  /** The selection as the order keeps it: each scene once, in the order chosen, the parent's own with their words. */
  private async itemsOf(session: SessionRecord): Promise<SceneItem[]> {
    const custom = await this.customScenes.chosenIn(session);
    return [...new Set(session.selectedScenes)].map((sceneId) => {
      const own = custom.get(sceneId);
      return own ? { sceneId, custom: { title: own.title, prompt: own.userPrompt } } : { sceneId };
    });
  }

  /** Titles in the order chosen: catalogue scenes by id, the parent's own as `custom:<id>`. */
  private async sceneTitles(session: SessionRecord): Promise<{ id: string; title: string }[]> {
    const [catalogue, custom] = await Promise.all([this.scenes.catalogue(), this.customScenes.chosenIn(session)]);
    const titles = new Map<string, string>();
    for (const bundle of catalogue.bundles) for (const scene of bundle.scenes) titles.set(scene.id, scene.title);
    for (const [entry, scene] of custom) titles.set(entry, scene.title);
    return [...new Set(session.selectedScenes)].map((id) => ({ id, title: titles.get(id) ?? id }));
  }

  private checkoutOf(session: SessionRecord, order: OrderRecord, draft: Draft): CheckoutOrder {
    const { price } = draft.summary;
    const voucher = price.voucher
      ? `, voucher ${price.voucher.code}: ${price.voucher.percent}% off ${formatPence(price.subtotalPence)}`
      : '';
    return {
      orderId: order.id,
      sessionId: session.id,
      email: session.email,
      item: { name: draft.line.name, description: `${draft.line.description}${voucher}`, amountPence: order.totalPence },
      // One order, one payment page: the same order always carries the same key.
      idempotencyKey: `checkout-${session.id}-${createHash('sha256').update(order.id).digest('hex').slice(0, 32)}`,
      successUrl: `${this.config.publicUrl}/thank-you?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
      cancelUrl: `${this.config.publicUrl}/checkout`,
    };
  }

  private thankYouUrl(providerSessionId: string): string {
    return `${this.config.publicUrl}/thank-you?session_id=${encodeURIComponent(providerSessionId)}`;
  }
}
