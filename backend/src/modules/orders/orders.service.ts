import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Not, type EntityManager, type Repository } from 'typeorm';
import { FINAL_EMAIL_TEMPLATE } from '../email/index.js';
import type { ProductType } from '../sessions/index.js';
import { OrderEntity, type OrderItem } from './order.entity.js';

/** An order as the flows see it: read only; every change goes through OrdersService. */
export type OrderRecord = Readonly<OrderEntity>;

export interface NewOrder {
  sessionId: string;
  product: ProductType;
  items: OrderItem[];
  level: number;
  voucherCode: string | null;
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
}

export interface OrderPayment {
  amountPaidPence: number;
  paidAt: Date;
  providerSessionId: string;
}

/** The `orders` table: the only code that writes it. */
@Injectable()
export class OrdersService {
  constructor(@InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>) {}

  findById(id: string): Promise<OrderRecord | null> {
    return this.orders.findOneBy({ id });
  }

  /**
   * The order checkout hands to the card provider: the session's newest unpaid order when it holds exactly this
   * (a double click or a second try opens the same payment), else a new one.
   */
  async openFor(input: NewOrder): Promise<OrderRecord> {
    const latest = await this.orders.findOne({ where: { sessionId: input.sessionId, paidAt: IsNull() }, order: { createdAt: 'DESC' } });
    if (latest && sameContent(latest, input)) return latest;
    return this.orders.save(this.orders.create({ ...input, downloadCount: 0 }));
  }

  async recordProviderSession(id: string, providerSessionId: string): Promise<void> {
    await this.orders.update({ id }, { providerSessionId });
  }

  /** The session's paid order, else its newest one; null before any checkout. */
  async currentOf(sessionId: string): Promise<OrderRecord | null> {
    return this.orders.findOne({ where: { sessionId }, order: { paidAt: { direction: 'ASC', nulls: 'LAST' }, createdAt: 'DESC' } });
  }

  findByProviderSession(providerSessionId: string): Promise<OrderRecord | null> {
    return this.orders.findOneBy({ providerSessionId });
  }

  /** In the webhook's transaction: the order, its row locked so concurrent events for it take turns; null when unknown. */
  lockForPayment(manager: EntityManager, id: string): Promise<OrderRecord | null> {
    return manager.findOne(OrderEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** In the webhook's transaction: the order is paid, and its PDF is on the way. */
  async markPaid(manager: EntityManager, id: string, payment: OrderPayment): Promise<void> {
    await manager.update(OrderEntity, { id }, { ...payment, pdfStatus: 'generating', pdfError: null });
  }

  async markPdfGenerating(id: string): Promise<void> {
    await this.orders.update({ id }, { pdfStatus: 'generating', pdfError: null });
  }

  /** In the retry's transaction: the PDF is being made again, its last failure forgotten. */
  async markPdfGeneratingAgain(manager: EntityManager, id: string): Promise<void> {
    await manager.update(OrderEntity, { id }, { pdfStatus: 'generating', pdfError: null });
  }

  /** The PDF is stored; an order expired meanwhile keeps its mark, so the expiry deletes this file too. */
  async markPdfReady(id: string, generatedAt: Date): Promise<void> {
    await this.orders.update({ id }, { pdfStatus: 'ready', pdfError: null, pdfGeneratedAt: generatedAt });
  }

  /**
   * In the caller's transaction: the PDF failed for good, with a reason safe to show. Answers the order it marked, or
   * null (and changes nothing) when it is already ready or failed.
   */
  async markPdfFailed(manager: EntityManager, id: string, reason: string): Promise<OrderRecord | null> {
    const marked = await manager
      .createQueryBuilder()
      .update(OrderEntity)
      .set({ pdfStatus: 'failed', pdfError: reason })
      .where(`id = :id AND pdf_status IS DISTINCT FROM 'ready' AND pdf_status IS DISTINCT FROM 'failed'`, { id })
      .execute();
    return marked.affected ? manager.findOneBy(OrderEntity, { id }) : null;
  }

  /** Paid orders whose PDF has been `generating` since before this moment, longest waiting first. */
  findPdfsGeneratingSince(before: Date, limit: number): Promise<OrderRecord[]> {
    return this.orders.find({
      where: { pdfStatus: 'generating', paidAt: LessThan(before), expiredAt: IsNull() },
      order: { paidAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Paid orders whose PDF was made between `since` and `before` but whose session never had its final email queued (the
   * worker died between the two, or the queue was down then), oldest first.
   */
  findReadyWithoutFinalEmail(since: Date, before: Date, limit: number): Promise<OrderRecord[]> {
    return this.orders
      .createQueryBuilder('o')
      .where(`o.pdf_status = 'ready' AND o.paid_at IS NOT NULL AND o.expired_at IS NULL`)
      .andWhere('o.pdf_generated_at > :since AND o.pdf_generated_at < :before', { since, before })
      .andWhere('NOT EXISTS (SELECT 1 FROM email_log l WHERE l.session_id = o.session_id AND l.template = :template)', {
        template: FINAL_EMAIL_TEMPLATE,
      })
      .orderBy('o.pdf_generated_at', 'ASC')
      .take(limit)
      .getMany();
  }

  async countDownload(id: string): Promise<void> {
    await this.orders.increment({ id }, 'downloadCount', 1);
  }

  /**
   * In the expiry's transaction: the orders of these sessions are marked expired and lose the parent's own words
   * (custom scene titles and texts); ids, prices and payment stay for the accounts.
   */
  async expireFor(manager: EntityManager, sessionIds: string[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(OrderEntity)
      .set({
        expiredAt: () => 'now()',
        items: () => `(SELECT COALESCE(jsonb_agg(item - 'custom'), '[]'::jsonb) FROM jsonb_array_elements(items) AS item)`,
      })
      .where({ sessionId: In(sessionIds) })
      .execute();
  }

  /** Expired orders whose PDF is still stored, with the moment each was last changed (as PostgreSQL's text, to the microsecond). */
  async pdfsToDelete(limit: number): Promise<{ id: string; stamp: string }[]> {
    return this.orders
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .addSelect('o.updated_at::text', 'stamp')
      .where({ expiredAt: Not(IsNull()), pdfStatus: Not(IsNull()) })
      .orderBy('o.expired_at')
      .limit(limit)
      .getRawMany();
  }

  /**
   * The order's PDF is deleted: its status goes, but only if nothing changed the order since `stamp` (a PDF job that
   * stored a file meanwhile left a newer one, so that order stays due and its file goes on the next run).
   */
  async clearDeletedPdf(id: string, stamp: string): Promise<boolean> {
    const cleared = await this.orders
      .createQueryBuilder()
      .update()
      .set({ pdfStatus: null, pdfError: null })
      .where('id = :id AND updated_at = :stamp::timestamptz', { id, stamp })
      .execute();
    return Boolean(cleared.affected);
  }
}

function sameContent(order: OrderRecord, input: NewOrder): boolean {
  return (
    order.product === input.product &&
    order.level === input.level &&
    order.voucherCode === input.voucherCode &&
    order.totalPence === input.totalPence &&
    order.subtotalPence === input.subtotalPence &&
    JSON.stringify(order.items.map(itemKey)) === JSON.stringify(input.items.map(itemKey))
  );
}

// jsonb keeps an object's keys in its own order: items are compared by their values, keys sorted.
const itemKey = (item: unknown): unknown =>
  item && typeof item === 'object'
    ? Object.entries(item)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, value]) => [key, itemKey(value)])
    : item;
