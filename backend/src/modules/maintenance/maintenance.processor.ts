import { Injectable, Logger } from '@nestjs/common';
import { JobName, OnJob } from '../../infra/jobs.js';
import { SessionExpiryService, type ExpiryResult } from '../orders/index.js';
import { UploadsService } from '../uploads/index.js';

/** Housekeeping jobs; a throw lets the queue retry with its backoff. */
@Injectable()
export class MaintenanceProcessor {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly uploads: UploadsService,
    private readonly sessionExpiry: SessionExpiryService,
  ) {}

  @OnJob(JobName.PurgeStagedPhotos)
  async purgeStagedPhotos(): Promise<{ purged: number }> {
    const purged = await this.uploads.purgeStale();
    if (purged > 0) this.logger.warn({ purged }, 'purged staged photos that no portrait job consumed');
    return { purged };
  }

  /** Counts only in the log: never a code, name or address. A PDF that could not be deleted fails the job (Bull retries; the next run does too). */
  @OnJob(JobName.ExpireSessions)
  async expireSessions(): Promise<ExpiryResult> {
    const result = await this.sessionExpiry.expireDue();
    const { pdfDeleteFailures, ...counts } = result;
    if (pdfDeleteFailures > 0) {
      this.logger.error({ ...counts, pdfDeleteFailures }, 'expired sessions, but some stored PDFs could not be deleted');
      throw new Error(`${pdfDeleteFailures} stored PDF(s) of expired sessions could not be deleted`);
    }
    if (result.expired > 0 || result.pdfsDeleted > 0 || result.more) this.logger.log(counts, 'expired sessions past their 30 days');
    return result;
  }
}
