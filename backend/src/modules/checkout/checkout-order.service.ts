import { Injectable, NotFoundException } from '@nestjs/common';
import { SESSION_MESSAGES } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { PdfService, type PdfDownload, type PdfStatusView } from '../pdf/pdf.service.js';
import { SessionAccessService } from '../sessions/session-access.service.js';
import { SessionRecordsService, type SessionRecord } from '../sessions/session-records.service.js';

/** The card provider's checkout session ids as they come back on the thank-you address (Stripe's, and the test provider's). */
const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

/** How long after payment the provider's id alone opens the download (docs/decisions/009); the email's link lasts 30 days. */
export const CHECKOUT_ID_DOWNLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * What the thank-you page may show to whoever holds the card provider's id but not the magic code: how the order is
 * going, never who it is for (no child's name, email or code).
 */
export interface CheckoutOrderView {
  paid: boolean;
  sceneCount: number;
  pdf: PdfStatusView;
  /** The PDF is ready and was paid for less than 24 hours ago, so `GET /api/checkout/order/pdf` gives it. */
  downloadable: boolean;
}

/** An order found by the card provider's checkout id: the thank-you page after paying, with or without the cookie. */
@Injectable()
export class CheckoutOrderService {
  constructor(
    private readonly sessions: SessionRecordsService,
    private readonly access: SessionAccessService,
    private readonly pdf: PdfService,
    private readonly clock: Clock,
  ) {}

  async view(checkoutId: string, ip: string | null): Promise<CheckoutOrderView> {
    const session = await this.find(checkoutId, ip);
    return {
      paid: session.paidAt !== null,
      sceneCount: session.selectedScenes.length,
      pdf: await this.pdf.statusOf(session),
      downloadable: this.downloadable(session),
    };
  }

  /** The PDF, within the download window; otherwise the same 404 as a PDF not ready yet. */
  async download(checkoutId: string, ip: string | null): Promise<PdfDownload> {
    const session = await this.find(checkoutId, ip);
    if (!this.downloadable(session)) throw new NotFoundException(SESSION_MESSAGES.notFoundOrExpired);
    return this.pdf.openDownload(session);
  }

  private downloadable(session: SessionRecord): boolean {
    const paidAt = session.paidAt?.getTime();
    return session.pdfStatus === 'ready' && paidAt !== undefined && this.clock.now().getTime() - paidAt < CHECKOUT_ID_DOWNLOAD_WINDOW_MS;
  }

  /** Malformed, unknown and expired ids get one 404, and each counts as a failed lookup for the security scan. */
  private async find(checkoutId: string, ip: string | null): Promise<SessionRecord> {
    const session = CHECKOUT_ID.test(checkoutId) ? await this.sessions.findLiveByProviderSession(checkoutId, this.clock.now()) : null;
    if (!session) {
      await this.access.recordInvalidAccess(ip);
      throw new NotFoundException(SESSION_MESSAGES.notFoundOrExpired);
    }
    return session;
  }
}
