import type { Readable } from 'node:stream';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiErrorCode } from '@colouring/domain';
import { AnalyticsService } from '../analytics/index.js';
import { contentDisposition, pdfNameOf, PdfFiles } from '../pdf/index.js';
import type { SessionRecord } from '../sessions/index.js';
import { OrdersService, type OrderRecord } from './orders.service.js';

export const PDF_NOT_READY = 'Your colouring pages are not ready yet.';

export interface PdfDownload {
  stream: Readable;
  size: number;
  contentDisposition: string;
}

/** The download of a paid order's PDF, named after the child, counted, and recorded as SPEC's file-download event. */
@Injectable()
export class OrderPdfService {
  constructor(
    private readonly orders: OrdersService,
    private readonly files: PdfFiles,
    private readonly analytics: AnalyticsService,
  ) {}

  /** The session's paid order's PDF; 404 until it is ready. */
  async openFor(session: SessionRecord): Promise<PdfDownload> {
    const order = await this.orders.currentOf(session.id);
    if (!order?.paidAt) throw notReady();
    return this.open(session, order);
  }

  async open(session: SessionRecord, order: OrderRecord): Promise<PdfDownload> {
    const stored = order.pdfStatus === 'ready' ? await this.files.find(order.id) : null;
    if (!stored) throw notReady();
    const stream = await stored.stream();
    await this.orders.countDownload(order.id);
    await this.analytics.recordDownload({ orderId: order.id, product: order.product });
    return { stream, size: stored.size, contentDisposition: contentDisposition(pdfNameOf(order.product, session.childName)) };
  }
}

const notReady = (): NotFoundException => new NotFoundException({ code: ApiErrorCode.NotReady, message: PDF_NOT_READY });
