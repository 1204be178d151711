import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RedisLock } from '../../infra/redis-lock.js';
import { SecurityScansService } from './security-scans.service.js';

/** Longer than any run takes; the lock ends with the run, or after this if the process dies holding it. */
const LOCK_MS = 4 * 60 * 1000;

/**
 * The security scans on schedule. Each runs under its Redis lock, so one worker runs it however many there are; each is
 * idempotent, so a run another worker makes just after finds nothing new. A run that fails is logged, and the next
 * slot runs it again (docs/decisions/028). Counts only in the log: never an address or a code.
 */
@Injectable()
export class SecurityScansScheduler {
  private readonly logger = new Logger(SecurityScansScheduler.name);

  constructor(
    private readonly scans: SecurityScansService,
    private readonly lock: RedisLock,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES)
  async accessCounts(): Promise<boolean> {
    return this.run('security-scan:access-counts', async () => {
      const raised = await this.scans.scanAccessCounts();
      if (raised > 0) this.logger.warn({ raised }, 'sessions over the access limit: rate-limit alerts raised');
    });
  }

  @Cron(CronExpression.EVERY_5_MINUTES)
  async invalidAccesses(): Promise<boolean> {
    return this.run('security-scan:invalid-accesses', async () => {
      const raised = await this.scans.scanInvalidAccesses();
      if (raised > 0) this.logger.warn({ raised }, 'addresses guessing codes: failed-validation alerts raised');
    });
  }

  /** Once a day, at a quiet hour. */
  @Cron(CronExpression.EVERY_DAY_AT_3AM)
  async retention(): Promise<boolean> {
    return this.run('security-scan:retention', async () => {
      this.logger.log(await this.scans.purgeOldAudit(), 'audit rows past their 90 days purged');
    });
  }

  /** Answers whether this process ran the scan (false: another holds its lock, or it failed and was logged). */
  private async run(name: string, work: () => Promise<void>): Promise<boolean> {
    try {
      return await this.lock.runExclusive(name, LOCK_MS, work);
    } catch (error) {
      this.logger.error({ err: error, scan: name }, 'security scan failed; the next slot runs it again');
      return false;
    }
  }
}
