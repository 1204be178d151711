import { CUSTOM_SCENE_PREFIX } from '@colouring/domain';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../infra/clock.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/storage.js';
import { EmailService } from '../email/email.service.js';
import { pdfStorageKey } from '../pdf/book.js';
import { PortraitsService } from '../uploads/portraits.service.js';
import { UploadsService } from '../uploads/uploads.service.js';

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
  /** Stored PDFs whose removal failed; their sessions keep `pdf_status`, so the next run tries again. */
  pdfDeleteFailures: number;
  /** True when the run stopped at the batch limit with work possibly left for the next run. */
  more: boolean;
}

interface TakenRow {
  id: string;
  newly: boolean;
  has_pdf: boolean;
}

const affected = (result: unknown): number => (Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0);

/**
 * The 30-day retention rule (docs/decisions/006): once a session's expires_at has passed, the child's artwork, the PDF and
 * the personal details go; what accounting needs (amounts, payment ids, dates, payment events) stays.
 *
 * Each batch is one transaction over rows taken with FOR UPDATE SKIP LOCKED, so two workers running at once take
 * different sessions. Files are deleted after the commit; `pdf_status` stays set until the file is gone, and a session
 * that is expired but still has a `pdf_status` is taken again by the next run: a failed or raced file deletion is retried,
 * never forgotten, and no row claims a PDF that a finished run has deleted.
 */
@Injectable()
export class SessionExpiryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly portraits: PortraitsService,
    private readonly uploads: UploadsService,
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
      total.pdfsDeleted += done.pdfsDeleted;
      total.pdfDeleteFailures += done.pdfDeleteFailures;
      // A short batch means nothing more is due; a failed file stays due, so stop rather than take it again at once.
      if (done.taken < batchSize || done.pdfDeleteFailures > 0) return total;
    }
    total.more = true;
    return total;
  }

  private async expireBatch(now: Date, batchSize: number): Promise<Omit<ExpiryResult, 'more'> & { taken: number }> {
    // Unexpired sessions first: a session another run has just expired, and whose file it is deleting now, comes last.
    const committed = await this.db.transaction(async (tx) => {
      const taken = (await tx.query(
        `SELECT id, NOT is_expired AS newly, pdf_status IS NOT NULL AS has_pdf FROM sessions
         WHERE expires_at <= $1 AND (NOT is_expired OR pdf_status IS NOT NULL)
         ORDER BY is_expired, expires_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED`,
        [now, batchSize],
      )) as TakenRow[];
      if (taken.length === 0) return { taken, stamp: null, portraitsDeleted: 0, orderPhotosCleared: 0, customScenesDeleted: 0 };
      const ids = taken.map((row) => row.id);
      return { taken, ...(await this.eraseArtworkAndPersonalData(tx, ids)) };
    });
    const { taken, stamp } = committed;
    const result = {
      taken: taken.length,
      expired: taken.filter((row) => row.newly).length,
      portraitsDeleted: committed.portraitsDeleted,
      orderPhotosCleared: committed.orderPhotosCleared,
      customScenesDeleted: committed.customScenesDeleted,
      pdfsDeleted: 0,
      pdfDeleteFailures: 0,
    };
    if (!stamp) return result;

    // After the commit: a crash from here on leaves pdf_status set, so the next run deletes the file again.
    const removed: string[] = [];
    for (const row of taken.filter((r) => r.has_pdf)) {
      try {
        await this.storage.delete(pdfStorageKey(row.id));
        removed.push(row.id);
      } catch {
        result.pdfDeleteFailures++;
      }
    }
    result.pdfsDeleted = removed.length;
    if (removed.length > 0) {
      // Only rows nobody touched since our commit: a PDF job that stored a file meanwhile left a newer updated_at,
      // so that session stays due and its file goes on the next run.
      await this.db.query(
        `UPDATE sessions SET pdf_status = NULL, pdf_error = NULL
         WHERE id = ANY($1::uuid[]) AND is_expired AND updated_at = $2::timestamptz`,
        [removed, stamp],
      );
    }
    return result;
  }

  /**
   * In the batch's transaction: the artwork rows go, the personal details are blanked, the session is marked expired.
   * Answers the transaction's updated_at stamp (as text, to keep PostgreSQL's microseconds) and the counts.
   */
  private async eraseArtworkAndPersonalData(
    tx: EntityManager,
    ids: string[],
  ): Promise<{ stamp: string; portraitsDeleted: number; orderPhotosCleared: number; customScenesDeleted: number }> {
    // Other modules' rows that hold this session's photo, art or address go through their services, in this same
    // transaction, so the rule holds all at once: uploads' portraits, staged photo (normally gone after 15 minutes) and
    // single-photo art, and the addresses in the email log.
    const portraitsDeleted = await this.portraits.eraseFor(tx, ids);
    const customScenesDeleted = affected(await tx.query(`DELETE FROM custom_scenes WHERE session_id = ANY($1::uuid[])`, [ids]));
    const orderPhotosCleared = await this.uploads.erasePhotosFor(tx, ids);
    await this.emails.forgetAddressesOf(tx, ids);
    // The audit log's actions stay, the IP addresses go.
    await tx.query(`UPDATE session_audit_log SET ip_address = NULL WHERE session_id = ANY($1::uuid[]) AND ip_address IS NOT NULL`, [ids]);
    const [rows] = (await tx.query(
      `UPDATE sessions SET
         is_expired = true,
         child_name = '',
         email = '',
         ip_address = NULL,
         user_agent = NULL,
         single_photo_data = NULL,
         pdf_url = NULL,
         selected_scenes = ARRAY(SELECT s FROM unnest(selected_scenes) AS s WHERE s NOT LIKE $2),
         updated_at = now()
       WHERE id = ANY($1::uuid[])
       RETURNING updated_at::text AS stamp`,
      [ids, `${CUSTOM_SCENE_PREFIX}%`],
    )) as [{ stamp: string }[], number];
    return { stamp: rows[0]!.stamp, portraitsDeleted, orderPhotosCleared, customScenesDeleted };
  }
}
