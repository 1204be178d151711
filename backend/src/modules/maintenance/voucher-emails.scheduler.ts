import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RedisLock } from '../../infra/redis-lock.js';
import { VouchersService } from '../vouchers/index.js';

/** Longer than the one UPDATE takes; the lock ends with the run, or after this if the process dies holding it. */
const LOCK_MS = 60_000;

/**
 * Every 10 minutes, as sessions expire: the emails of share vouchers that no issue rule counts any more are forgotten
 * (docs/decisions/036), by whichever worker takes the lock. The run is idempotent, so a failed one is logged and the
 * next slot does its work. Counts only in the log: never an address or a code.
 */
@Injectable()
export class VoucherEmailsScheduler {
  private readonly logger = new Logger(VoucherEmailsScheduler.name);

  constructor(
    private readonly vouchers: VouchersService,
    private readonly lock: RedisLock,
  ) {}

  /** Answers how many emails this run forgot (0 when another worker holds the lock, or the run failed and was logged). */
  @Cron(CronExpression.EVERY_10_MINUTES)
  async forgetSpent(): Promise<number> {
    let forgotten = 0;
    try {
      await this.lock.runExclusive('forget-voucher-emails', LOCK_MS, async () => {
        forgotten = await this.vouchers.forgetSpentEmails();
      });
    } catch (error) {
      this.logger.error({ err: error }, "forgetting spent vouchers' emails failed; the next slot runs it again");
      return 0;
    }
    if (forgotten > 0) this.logger.log({ forgotten }, 'emails of used or expired share vouchers forgotten');
    return forgotten;
  }
}
