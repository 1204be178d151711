import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Clock } from '../../infra/clock.js';
import { JobName, Jobs } from '../../infra/jobs.js';
import { RedisLock } from '../../infra/redis-lock.js';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const TEN_MINUTES_MS = 10 * 60 * 1000;

/** Scheduled scans: whichever worker takes the lock enqueues the job, once per slot. */
@Injectable()
export class MaintenanceScheduler {
  constructor(
    private readonly jobs: Jobs,
    private readonly lock: RedisLock,
    private readonly clock: Clock,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES)
  async purgeStagedPhotos(): Promise<void> {
    const slot = Math.floor(this.clock.now().getTime() / FIVE_MINUTES_MS);
    await this.lock.runExclusive(JobName.PurgeStagedPhotos, 60_000, async () => {
      await this.jobs.add(JobName.PurgeStagedPhotos, { slot });
    });
  }

  /** Sessions past their 30 days lose their art, PDF and personal details (a batch-limited run per slot). */
  @Cron(CronExpression.EVERY_10_MINUTES)
  async expireSessions(): Promise<void> {
    const slot = Math.floor(this.clock.now().getTime() / TEN_MINUTES_MS);
    await this.lock.runExclusive(JobName.ExpireSessions, 60_000, async () => {
      await this.jobs.add(JobName.ExpireSessions, { slot });
    });
  }
}
