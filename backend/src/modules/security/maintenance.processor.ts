import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { UploadsService } from '../uploads/uploads.service.js';
import { MaintenanceJob, QueueName } from '../jobs/queues.js';

/** Housekeeping jobs; a throw lets Bull retry with the queue's backoff. */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(private readonly uploads: UploadsService) {}

  @Process(MaintenanceJob.PurgeStagedPhotos)
  async purgeStagedPhotos(): Promise<{ purged: number }> {
    const purged = await this.uploads.purgeStale();
    if (purged > 0) this.logger.warn({ purged }, 'purged staged photos that no portrait job consumed');
    return { purged };
  }
}
