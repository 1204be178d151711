import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { analyticsPath, type AnalyticsEventInput, type ProductType } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

/** How long events are kept (docs/decisions/031): 13 months, so a month compares with the same month a year before. */
export const ANALYTICS_RETENTION_MONTHS = 13;

/** A page view the server saw: a document it rendered. `referrer` is another site's host name, for a visit's first page. */
export interface ServerPageView {
  address: string;
  entry: boolean;
  referrer: string | null;
}

/** The `analytics_events` table: the only code that writes it. Every path passes `analyticsPath` first. */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** A page's events, already checked by the API's DTO; those on a path that may not be kept are dropped. Answers how many were kept. */
  async recordFromPage(events: readonly AnalyticsEventInput[]): Promise<number> {
    const createdAt = this.clock.now();
    const rows = events.flatMap((event) => {
      const path = analyticsPath(event.path);
      if (path === null) return [];
      return [
        {
          kind: event.kind,
          path,
          category: event.category ?? null,
          label: event.label ?? null,
          value: event.value === undefined ? null : String(event.value),
          data: event.data ?? {},
          createdAt,
        },
      ];
    });
    if (rows.length > 0) await this.db.manager.insert(AnalyticsEventEntity, rows);
    return rows.length;
  }

  /** A page the server rendered (every document request: with JavaScript off, every page the parent sees). */
  async recordPageView(view: ServerPageView): Promise<boolean> {
    const path = analyticsPath(view.address);
    if (path === null) return false;
    const data: Record<string, string | boolean> = {};
    if (view.entry) data.entry = true;
    if (view.referrer) data.referrer = view.referrer;
    await this.db.manager.insert(AnalyticsEventEntity, { kind: 'page_view', path, data, createdAt: this.clock.now() });
    return true;
  }

  /** In the webhook's transaction: the order paid, for the amount the provider paid (never the browser's figure), in GBP. */
  async recordPurchase(manager: EntityManager, purchase: { orderId: string; product: ProductType; amountPence: number }): Promise<void> {
    await manager.insert(AnalyticsEventEntity, {
      kind: 'purchase',
      category: purchase.product,
      value: (purchase.amountPence / 100).toFixed(2),
      currency: 'GBP',
      transactionId: purchase.orderId,
      data: {},
      createdAt: this.clock.now(),
    });
  }

  /** A paid order's PDF downloaded: its product and order (the purchase's transaction id), never the file's name (it names the child). */
  async recordDownload(download: { orderId: string; product: ProductType }): Promise<void> {
    await this.db.manager.insert(AnalyticsEventEntity, {
      kind: 'file_download',
      category: download.product,
      label: 'pdf',
      transactionId: download.orderId,
      data: {},
      createdAt: this.clock.now(),
    });
  }

  /** Deletes up to `limit` events older than the retention period; answers how many went. */
  async purgeExpired(limit: number): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime());
    cutoff.setUTCMonth(cutoff.getUTCMonth() - ANALYTICS_RETENTION_MONTHS);
    const oldest = await this.db
      .createQueryBuilder()
      .select('e.id', 'id')
      .from(AnalyticsEventEntity, 'e')
      .where('e.created_at < :cutoff', { cutoff })
      .orderBy('e.created_at')
      .limit(limit)
      .getRawMany<{ id: string }>();
    if (oldest.length === 0) return 0;
    const result = await this.db
      .createQueryBuilder()
      .delete()
      .from(AnalyticsEventEntity)
      .whereInIds(oldest.map((row) => row.id))
      .execute();
    return result.affected ?? 0;
  }
}
