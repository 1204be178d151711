import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiErrorCode, SESSION_MESSAGES, type CheckoutOrderView } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { OrderPdfService, type PdfDownload } from './order-pdf.service.js';
import { pageCountOf } from './order.entity.js';
import { OrderStatusService } from './order-status.service.js';
import { OrdersService, type OrderRecord } from './orders.service.js';

/** The card provider's checkout session ids as they come back on the thank-you address (Stripe's, and the test provider's). */
const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

/** How long after payment the provider's id alone opens the download (docs/decisions/009); the email's link lasts 30 days. */
export const CHECKOUT_ID_DOWNLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * An order found by the card provider's checkout id: the thank-you page after paying, with or without the cookie. It
 * shows how the order is going, never who it is for (no child's name, email or code).
 */
@Injectable()
export class CheckoutOrderService {
  constructor(
    private readonly orders: OrdersService,
    private readonly sessions: SessionsService,
    private readonly status: OrderStatusService,
    private readonly pdfs: OrderPdfService,
    private readonly clock: Clock,
  ) {}

  async view(checkoutId: string, ip: string | null): Promise<CheckoutOrderView> {
    const { order } = await this.find(checkoutId, ip);
    return {
      paid: order.paidAt !== null,
      product: order.product,
      pageCount: pageCountOf(order),
      pdf: await this.status.pdfOf(order.paidAt ? order : null, pageCountOf(order)),
      downloadable: this.downloadable(order),
    };
  }

  /** The PDF, within the download window; otherwise the same 404 as a PDF not ready yet. */
  async download(checkoutId: string, ip: string | null): Promise<PdfDownload> {
    const { order, session } = await this.find(checkoutId, ip);
    if (!this.downloadable(order)) throw this.notFound();
    await this.sessions.countAccess(session.id);
    return this.pdfs.open(session, order);
  }

  private downloadable(order: OrderRecord): boolean {
    const paidAt = order.paidAt?.getTime();
    return order.pdfStatus === 'ready' && paidAt !== undefined && this.clock.now().getTime() - paidAt < CHECKOUT_ID_DOWNLOAD_WINDOW_MS;
  }

  /** Malformed, unknown and expired ids get one 404, and each counts as a failed lookup for the security scan. */
  private async find(checkoutId: string, ip: string | null): Promise<{ order: OrderRecord; session: SessionRecord }> {
    const order = CHECKOUT_ID.test(checkoutId) ? await this.orders.findByProviderSession(checkoutId) : null;
    const session = order ? await this.sessions.findLive(order.sessionId) : null;
    if (!order || !session) {
      await this.sessions.recordInvalidAccess(ip);
      throw this.notFound();
    }
    return { order, session };
  }

  private notFound(): NotFoundException {
    return new NotFoundException({ code: ApiErrorCode.SessionNotFound, message: SESSION_MESSAGES.notFoundOrExpired });
  }
}
