import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { SessionExpiryService, type ExpiryResult } from '../sessions/session-expiry.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { MaintenanceJob, QueueName } from '../jobs/queues.js';

/** Housekeeping jobs; a throw lets Bull retry with the queue's backoff. */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly uploads: UploadsService,
    private readonly sessionExpiry: SessionExpiryService,
  ) {}

  @Process(MaintenanceJob.PurgeStagedPhotos)
  async purgeStagedPhotos(): Promise<{ purged: number }> {
    const purged = await this.uploads.purgeStale();
    if (purged > 0) this.logger.warn({ purged }, 'purged staged photos that no portrait job consumed');
    return { purged };
  }

  /** Counts only in the log: never a code, name or address. A PDF that could not be deleted fails the job (Bull retries; the next run does too). */
  @Process(MaintenanceJob.ExpireSessions)
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
