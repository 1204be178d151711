import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RedisLock } from '../../infra/redis-lock.js';
import { AnalyticsService } from './analytics.service.js';

const BATCH = 10_000;
const BATCHES_PER_RUN = 50;

/** Every night, events past their 13 months are deleted, in batches, by whichever worker takes the lock (docs/decisions/031). */
@Injectable()
export class AnalyticsRetention {
  private readonly logger = new Logger(AnalyticsRetention.name);

  constructor(
    private readonly analytics: AnalyticsService,
    private readonly lock: RedisLock,
  ) {}

  @Cron(CronExpression.EVERY_DAY_AT_3AM)
  async purge(): Promise<number> {
    let purged = 0;
    await this.lock.runExclusive('analytics-retention', 10 * 60_000, async () => {
      for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
        const deleted = await this.analytics.purgeExpired(BATCH);
        purged += deleted;
        if (deleted < BATCH) break;
      }
    });
    if (purged > 0) this.logger.log({ purged }, 'analytics events past their retention deleted');
    return purged;
  }
}
