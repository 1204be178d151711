import { createHash } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  ApiErrorCode,
  checkShareVerification,
  SHARE_MESSAGES,
  SHARE_VOUCHER_COOLDOWN_MS,
  SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY,
  shareEnding,
  shareSuspicions,
  type ShareVoucherInput,
  type ShareVoucherSent,
} from '@colouring/domain';
import { REDIS } from '../../infra/redis.js';
import { EmailService } from '../email/index.js';
import { SecurityAlertsService } from '../security/index.js';
import type { SessionRecord } from '../sessions/index.js';
import { VouchersService } from '../vouchers/index.js';

/** Why a share was flagged: each is its own alert kind, so the admin sees one open alert per reason and session. */
export const SHARE_ALERT = {
  tooMany: 'share_too_many',
  weakProof: 'share_weak_verification',
} as const;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Share-for-voucher (SPEC §4, §5, §7): the page's proof checked again with the domain's rule, the attempts counted,
 * the voucher issued by its owner under the email's lock, and its email queued once (docs/decisions/030).
 */
@Injectable()
export class ShareService {
  private readonly logger = new Logger(ShareService.name);

  constructor(
    private readonly vouchers: VouchersService,
    private readonly emails: EmailService,
    private readonly alerts: SecurityAlertsService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async requestVoucher(session: SessionRecord, proof: ShareVoucherInput, ip: string | null): Promise<ShareVoucherSent> {
    const email = session.email.trim().toLowerCase();
    if (!email) throw new BadRequestException({ code: ApiErrorCode.BadRequest, message: SHARE_MESSAGES.generateFailed });

    // SPEC §5: more than 2 shares in 24 h is suspicious, counted for the address and for the client (new addresses, one
    // browser). Flagged once, when the count first passes 2; refused every time after.
    const attempts = await this.countAttempt(email, ip);
    if (attempts > SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY) {
      if (attempts === SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY + 1) {
        await this.flag(session, SHARE_ALERT.tooMany, `More than ${SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY} share requests in 24 hours`, {
          attempts,
        });
      }
      throw new HttpException({ code: ApiErrorCode.SharedRecently, message: SHARE_MESSAGES.sharedRecently }, HttpStatus.TOO_MANY_REQUESTS);
    }

    // The browser's verdict is not trusted: the same rule, on the data it sent.
    if (!checkShareVerification(proof).ok) {
      await this.flag(session, SHARE_ALERT.weakProof, 'Share voucher asked for with weak verification data', {
        ending: shareEnding(proof),
        suspicions: shareSuspicions(proof),
        timeSpent: proof.timeSpent,
        focusEvents: proof.focusEvents,
      });
      throw new UnprocessableEntityException({ code: ApiErrorCode.ShareIncomplete, message: SHARE_MESSAGES.incomplete });
    }

    const issued = await this.vouchers.issueShare({ email, sessionId: session.id, verification: proof });
    if (!issued.ok) {
      if (issued.problem === 'active') {
        throw new ConflictException({ code: ApiErrorCode.ShareVoucherExists, message: SHARE_MESSAGES.alreadyHasVoucher });
      }
      throw new HttpException({ code: ApiErrorCode.SharedRecently, message: SHARE_MESSAGES.sharedRecently }, HttpStatus.TOO_MANY_REQUESTS);
    }
    try {
      await this.emails.enqueueShareVoucher(issued.code);
    } catch {
      // Nobody was told the code: take it back, so the next share is not refused for a voucher the parent never got.
      await this.vouchers.withdraw(issued.code);
      throw new ServiceUnavailableException({ code: ApiErrorCode.Unavailable, message: SHARE_MESSAGES.generateFailed });
    }
    this.logger.log({ sessionId: session.id }, 'share voucher issued');
    return { sent: true };
  }

  /** Counts this request for the address and the client over 24 h; answers the larger count. */
  private async countAttempt(email: string, ip: string | null): Promise<number> {
    const keys = [`share-attempts:email:${sha256(email)}`, ...(ip ? [`share-attempts:ip:${sha256(ip)}`] : [])];
    const counts = await Promise.all(
      keys.map(async (key) => {
        const count = await this.redis.incr(key);
        if (count === 1) await this.redis.pexpire(key, SHARE_VOUCHER_COOLDOWN_MS);
        return count;
      }),
    );
    return Math.max(...counts);
  }

  private async flag(session: SessionRecord, kind: string, message: string, details: Record<string, unknown>): Promise<void> {
    this.logger.warn({ sessionId: session.id, kind }, 'suspicious share');
    await this.alerts.raise({ kind, severity: 'warning', message, details, sessionId: session.id });
  }
}
