import type { OrderPrice } from '@colouring/domain';
import type { PdfStatusView } from '../pdf/pdf.service.js';
import type { PortraitStatus, ProductType, SessionRecord } from './session-records.service.js';

/** What the parent's pages see of a session (the contract's SessionView): never the magic code. */
export interface SessionView {
  id: string;
  childName: string;
  email: string;
  level: number;
  selectedScenes: string[];
  voucherCode: string | null;
  productTypes: ProductType[];
  portrait: { status: PortraitStatus; progress: number };
  price: OrderPrice;
  pdf: PdfStatusView;
  paid: boolean;
  /** The card provider's checkout of this order (the thank-you page's `session_id`), once one was started. */
  checkoutId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export function sessionView(
  session: SessionRecord,
  extra: { price: OrderPrice; portraitProgress: number; pdf: PdfStatusView },
): SessionView {
  return {
    id: session.id,
    childName: session.childName,
    email: session.email,
    level: session.level,
    selectedScenes: session.selectedScenes,
    voucherCode: session.voucherCode,
    productTypes: session.productTypes,
    portrait: { status: session.portraitStatus, progress: session.portraitStatus === 'pending' ? extra.portraitProgress : 100 },
    price: extra.price,
    pdf: extra.pdf,
    paid: session.paidAt !== null,
    checkoutId: session.paymentProviderSessionId,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  };
}
