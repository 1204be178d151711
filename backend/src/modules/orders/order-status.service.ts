import { Injectable } from '@nestjs/common';
import type { PdfStatusView } from '@colouring/domain';
import { JobName, Jobs } from '../../infra/jobs.js';
import type { PrintProgress } from '../pdf/index.js';
import { pageCountOf } from './order.entity.js';
import type { OrderRecord } from './orders.service.js';

/** How an order's PDF is going, for the thank-you page: from the order row, and while generating from its print job. */
@Injectable()
export class OrderStatusService {
  constructor(private readonly jobs: Jobs) {}

  /** The paid order's PDF; before payment (no order) nothing is being made, and `pages` says how many pages it would have. */
  async pdfOf(order: OrderRecord | null, pages = 0): Promise<PdfStatusView> {
    const pagesTotal = order ? pageCountOf(order) : pages;
    const view: PdfStatusView = { status: order?.pdfStatus ?? null, progress: 0, pagesDone: 0, pagesTotal, error: null };
    if (!order) return view;
    if (order.pdfStatus === 'ready') return { ...view, progress: 100, pagesDone: pagesTotal };
    if (order.pdfStatus === 'failed') return { ...view, error: order.pdfError };
    if (order.pdfStatus !== 'generating') return view;
    const reported = (await this.jobs.progress(JobName.PrintOrder, { orderId: order.id })) as Partial<PrintProgress> | number | null;
    if (!reported || typeof reported !== 'object') return view;
    return { ...view, progress: reported.percent ?? 0, pagesDone: reported.pagesDone ?? 0, pagesTotal: reported.pagesTotal ?? pagesTotal };
  }
}
