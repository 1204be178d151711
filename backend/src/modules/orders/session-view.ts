import type { LevelId, OrderPrice, PdfStatusView, SessionView } from '@colouring/domain';
import type { SessionRecord } from '../sessions/index.js';
import type { OrderRecord } from './orders.service.js';

/** What the parent's pages see of a session and its current order (the contract's SessionView): never the magic code. */
export function sessionView(
  session: SessionRecord,
  order: OrderRecord | null,
  extra: { price: OrderPrice; portraitProgress: number; pdf: PdfStatusView },
): SessionView {
  return {
    id: session.id,
    childName: session.childName,
    email: session.email,
    level: session.level as LevelId,
    selectedScenes: session.selectedScenes,
    voucherCode: session.voucherCode,
    productTypes: session.productTypes,
    portrait: { status: session.portraitStatus, progress: session.portraitStatus === 'pending' ? extra.portraitProgress : 100 },
    price: extra.price,
    pdf: extra.pdf,
    paid: order?.paidAt != null,
    checkoutId: order?.providerSessionId ?? null,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}
