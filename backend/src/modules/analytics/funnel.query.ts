import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  conversionPercent,
  FUNNEL_STEPS,
  PRODUCT_START_PATHS,
  type AdminFunnel,
  type FunnelProductFigures,
  type FunnelStep,
  type ProductType,
} from '@colouring/domain';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

const PRODUCTS = Object.keys(PRODUCT_START_PATHS) as ProductType[];
const DAY_MS = 86_400_000;

interface CohortRow {
  product: ProductType;
  uploads: number;
  previews: number;
  checkouts: number;
  paid: number;
  revenue: number;
}

/**
 * The admin's funnel for a period of whole days in UTC (docs/decisions/031), by product:
 * - visits: page views of the product's start page (`PRODUCT_START_PATHS`) in the period, from `analytics_events`;
 * - then the sessions started in the period (`sessions`, by product) and how far each got: its art was drawn (the
 *   portrait, or a single photo's page), an order was frozen at checkout (`orders`), that order was paid.
 * `sessions`, `orders` and `order_photos` belong to other modules: they are read by table name, never written (decision 024).
 */
@Injectable()
export class AnalyticsFunnelService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async funnel(period: { from: string; to: string }): Promise<AdminFunnel> {
    const start = new Date(`${period.from}T00:00:00Z`);
    const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS);
    const [visits, cohorts] = await Promise.all([this.visits(start, end), this.cohorts(start, end)]);
    const products = PRODUCTS.map((product): FunnelProductFigures => {
      const cohort = cohorts.find((row) => row.product === product);
      const counts: Record<FunnelStep, number> = {
        visits: visits.get(PRODUCT_START_PATHS[product]) ?? 0,
        uploads: cohort?.uploads ?? 0,
        previews: cohort?.previews ?? 0,
        checkouts: cohort?.checkouts ?? 0,
        paid: cohort?.paid ?? 0,
      };
      const steps = FUNNEL_STEPS.map((step, index) => ({
        step,
        count: counts[step],
        conversionPercent: conversionPercent(counts[step], index === 0 ? null : counts[FUNNEL_STEPS[index - 1]]),
      }));
      return { product, steps, revenuePence: cohort?.revenue ?? 0 };
    });
    return { from: period.from, to: period.to, products };
  }

  private async visits(start: Date, end: Date): Promise<Map<string, number>> {
    const rows = await this.db
      .createQueryBuilder()
      .from(AnalyticsEventEntity, 'e')
      .select('e.path', 'path')
      .addSelect('COUNT(*)::int', 'visits')
      .where("e.kind = 'page_view'")
      .andWhere('e.path IN (:...paths)', { paths: Object.values(PRODUCT_START_PATHS) })
      .andWhere('e.created_at >= :start AND e.created_at < :end', { start, end })
      .groupBy('e.path')
      .getRawMany<{ path: string; visits: number }>();
    return new Map(rows.map((row) => [row.path, row.visits]));
  }

  private cohorts(start: Date, end: Date): Promise<CohortRow[]> {
    const product = "COALESCE(s.product_types[1], 'custom_scenes')";
    const drawn =
      `(${product} <> 'single_photo' AND s.portrait_status = 'ready') OR ` +
      `(${product} = 'single_photo' AND EXISTS (SELECT 1 FROM order_photos op WHERE op.session_id = s.id AND op.staging_id IS NULL))`;
    return (
      this.db
        .createQueryBuilder()
        .from('sessions', 's')
        // One paid order per session at most: the join counts each session once.
        .leftJoin('orders', 'p', 'p.session_id = s.id AND p.paid_at IS NOT NULL')
        .select(product, 'product')
        .addSelect('COUNT(*)::int', 'uploads')
        .addSelect(`COUNT(*) FILTER (WHERE ${drawn})::int`, 'previews')
        .addSelect('COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.session_id = s.id))::int', 'checkouts')
        .addSelect('COUNT(p.id)::int', 'paid')
        .addSelect('COALESCE(SUM(p.amount_paid_pence), 0)::int', 'revenue')
        .where('s.created_at >= :start AND s.created_at < :end', { start, end })
        .groupBy(product)
        .getRawMany<CohortRow>()
    );
  }
}
