import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../infra/clock.js';
import { CustomScenesService } from '../custom-scenes/index.js';
import { EmailService } from '../email/index.js';
import { PdfFiles } from '../pdf/index.js';
import { SessionsService } from '../sessions/index.js';
import { PortraitsService, OrderPhotosService, UploadsService } from '../uploads/index.js';
import { OrdersService } from './orders.service.js';

/** Sessions taken per transaction: small enough that a batch never holds its row locks for long. */
export const EXPIRY_BATCH_SIZE = 100;
/** Batches per run: a school's thousands of sessions expiring on one day are spread over a few runs. */
export const EXPIRY_MAX_BATCHES_PER_RUN = 20;

export interface ExpiryOptions {
  batchSize?: number;
  maxBatches?: number;
}

/** Counts only: what a run did, for the job's result and the log. */
export interface ExpiryResult {
  /** Sessions marked expired (and their personal data blanked) by this run. */
  expired: number;
  /** `portraits` rows (the child's line art) deleted. */
  portraitsDeleted: number;
  /** Single-photo order rows whose art was cleared. */
  orderPhotosCleared: number;
  /** Custom scenes (the parent's free text) deleted. */
  customScenesDeleted: number;
  /** Stored PDFs removed (a file already missing counts as removed). */
  pdfsDeleted: number;
  /** Stored PDFs whose removal failed; their orders keep `pdf_status`, so the next run tries again. */
  pdfDeleteFailures: number;
  /** True when the run stopped at the batch limit with work possibly left for the next run. */
  more: boolean;
}

/**
 * The 30-day retention rule (docs/decisions/006): once a session's expires_at has passed, the child's artwork, the PDF and
 * the personal details go; what accounting needs (amounts, payment ids, dates, payment events) stays.
 *
 * Each batch is one transaction over sessions taken with FOR UPDATE SKIP LOCKED, so two workers running at once take
 * different sessions; their orders are marked expired in it. PDF files are deleted after the commit, and an expired
 * order keeps its `pdf_status` until its file is gone: a failed or raced deletion is retried by the next run, never
 * forgotten, and no order claims a PDF that a finished run has deleted.
 */
@Injectable()
export class SessionExpiryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly orders: OrdersService,
    private readonly files: PdfFiles,
    private readonly portraits: PortraitsService,
    private readonly customScenes: CustomScenesService,
    private readonly uploads: UploadsService,
    private readonly orderPhotos: OrderPhotosService,
    private readonly emails: EmailService,
    private readonly clock: Clock,
  ) {}

  /** Expires every due session, a batch at a time, up to the run's limit. Idempotent: a second run finds nothing to do. */
  async expireDue(options: ExpiryOptions = {}): Promise<ExpiryResult> {
    const batchSize = options.batchSize ?? EXPIRY_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? EXPIRY_MAX_BATCHES_PER_RUN;
    const now = this.clock.now();
    const total: ExpiryResult = {
      expired: 0,
      portraitsDeleted: 0,
      orderPhotosCleared: 0,
      customScenesDeleted: 0,
      pdfsDeleted: 0,
      pdfDeleteFailures: 0,
      more: false,
    };
    for (let batch = 0; batch < maxBatches; batch++) {
      const done = await this.expireBatch(now, batchSize);
      total.expired += done.expired;
      total.portraitsDeleted += done.portraitsDeleted;
      total.orderPhotosCleared += done.orderPhotosCleared;
      total.customScenesDeleted += done.customScenesDeleted;
      const files = await this.deletePdfs(batchSize);
      total.pdfsDeleted += files.deleted;
      total.pdfDeleteFailures += files.failures;
      // A short batch means nothing more is due; a failed file stays due, so stop rather than take it again at once.
      if ((done.expired < batchSize && files.taken < batchSize) || files.failures > 0) return total;
    }
    total.more = true;
    return total;
  }

  /** One transaction: up to `batchSize` due sessions lose their artwork and personal data, and their orders are marked. */
  private async expireBatch(now: Date, batchSize: number): Promise<Omit<ExpiryResult, 'more' | 'pdfsDeleted' | 'pdfDeleteFailures'>> {
    return this.db.transaction(async (tx) => {
      const ids = await this.sessions.takeDueForExpiry(tx, now, batchSize);
      if (ids.length === 0) return { expired: 0, portraitsDeleted: 0, orderPhotosCleared: 0, customScenesDeleted: 0 };
      // Every row that holds this session's photo, art, words or address goes through its owner, in this one transaction.
      const portraitsDeleted = await this.portraits.eraseFor(tx, ids);
      const customScenesDeleted = await this.customScenes.eraseFor(tx, ids);
      await this.uploads.discardAllOf(tx, ids);
      const orderPhotosCleared = await this.orderPhotos.eraseArtFor(tx, ids);
      await this.emails.forgetAddressesOf(tx, ids);
      await this.orders.expireFor(tx, ids);
      await this.sessions.expire(tx, ids);
      return { expired: ids.length, portraitsDeleted, orderPhotosCleared, customScenesDeleted };
    });
  }

  /** The stored PDFs of expired orders, deleted; an order's status is cleared only if no job touched it since it was taken. */
  private async deletePdfs(limit: number): Promise<{ taken: number; deleted: number; failures: number }> {
    const due = await this.orders.pdfsToDelete(limit);
    let deleted = 0;
    let failures = 0;
    for (const order of due) {
      try {
        await this.files.remove(order.id);
      } catch {
        failures++;
        continue;
      }
      await this.orders.clearDeletedPdf(order.id, order.stamp);
      deleted++;
    }
    return { taken: due.length, deleted, failures };
  }
}
