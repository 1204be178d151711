import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import {
  checkVoucher,
  normaliseVoucherCode,
  SHARE_VOUCHER_COOLDOWN_MS,
  SHARE_VOUCHER_PERCENT,
  SHARE_VOUCHER_VALID_MS,
  type ShareVerification,
  type VoucherProblem,
} from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { VoucherEntity } from './voucher.entity.js';

/** What a voucher does to an order: its code and the percent it takes off. */
export interface VoucherDiscount {
  readonly code: string;
  readonly percent: number;
}

/** A usable voucher, or why not (map the problem with VOUCHER_PICKER_MESSAGES or VOUCHER_CHECKOUT_MESSAGES). */
export type VoucherCheck = { ok: true; voucher: VoucherDiscount } | { ok: false; problem: VoucherProblem };

// The voucher_codes table allows codes of 4 to 40 characters; anything else cannot exist.
const CODE_LENGTH = { min: 4, max: 40 };

const discountOf = (voucher: VoucherEntity): VoucherDiscount => ({ code: voucher.code, percent: voucher.value });

/** A share voucher to issue: the session's address, the session it came from, the share's proof as checked. */
export interface ShareVoucherRequest {
  readonly email: string;
  readonly sessionId: string;
  readonly verification: ShareVerification;
}

/** Issued (its code), or why not: the email holds an active share voucher, or had one in the last 24 h. */
export type ShareVoucherIssue = { ok: true; code: string } | { ok: false; problem: 'active' | 'recent' };

/** A share voucher as its email tells it. */
export interface ShareVoucherRecord {
  readonly code: string;
  readonly email: string;
  readonly percent: number;
  readonly expiresAt: Date;
  readonly createdFromSession: string | null;
}

const SHARE_TYPE = 'share_incentive';

/**
 * 'SHARE-' and 12 characters drawn by the operating system's CSPRNG from 31 that cannot be misread (no I, L, O, 0, 1):
 * about 59 bits, so a guess hits one of a million live codes about once in 800,000 million tries (docs/decisions/030).
 */
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 12;
export function newShareCode(): string {
  let code = 'SHARE-';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return code;
}

@Injectable()
export class VouchersService {
  constructor(
    @InjectRepository(VoucherEntity) private readonly vouchers: Repository<VoucherEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * SPEC §5's issue rules in one transaction: one active (unused, unexpired) share voucher per email, one per 24 h; then
   * a 25% single-use voucher valid 30 days, with the share's proof. A transaction-scoped advisory lock on the email makes
   * concurrent requests for one address take turns, so they issue one voucher (docs/decisions/030).
   */
  async issueShare(request: ShareVoucherRequest): Promise<ShareVoucherIssue> {
    const email = request.email.trim().toLowerCase();
    return this.db.transaction(async (manager) => {
      // The one raw statement: a lock, not data access; TypeORM has no advisory locks.
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`share-voucher:${email}`]);
      const now = this.clock.now();
      const ofEmail = () =>
        manager
          .createQueryBuilder(VoucherEntity, 'v')
          .where('v.type = :type', { type: SHARE_TYPE })
          .andWhere('lower(v.email) = :email', { email });
      if (await ofEmail().andWhere('NOT v.used AND v.expires_at > :now', { now }).getExists()) return { ok: false, problem: 'active' };
      const dayAgo = new Date(now.getTime() - SHARE_VOUCHER_COOLDOWN_MS);
      if (await ofEmail().andWhere('v.created_at > :dayAgo', { dayAgo }).getExists()) return { ok: false, problem: 'recent' };
      const code = newShareCode();
      await manager.insert(VoucherEntity, {
        code,
        type: SHARE_TYPE,
        value: SHARE_VOUCHER_PERCENT,
        email,
        expiresAt: new Date(now.getTime() + SHARE_VOUCHER_VALID_MS),
        isSingleUse: true,
        used: false,
        usedAt: null,
        usedBySession: null,
        createdFromSession: request.sessionId,
        verificationData: { ...request.verification },
        createdAt: now,
      });
      return { ok: true, code };
    });
  }

  /** A share voucher and where it goes, or null (none, or its email is forgotten: nobody to send it to). */
  async shareVoucher(code: string): Promise<ShareVoucherRecord | null> {
    const voucher = await this.vouchers.findOneBy({ code: normaliseVoucherCode(code), type: SHARE_TYPE });
    if (!voucher?.email) return null;
    const { email, value: percent, expiresAt, createdFromSession } = voucher;
    return { code: voucher.code, email, percent, expiresAt, createdFromSession };
  }

  /**
   * Forgets (nulls) the email of every voucher that neither issue rule can count any more (docs/decisions/036): not
   * active (used, or expired) and issued more than 24 h ago. "One active per email" counts only active vouchers and
   * "one per 24 h" only those of the last 24 h, used or not, so the rules answer as before. Answers how many it forgot.
   */
  async forgetSpentEmails(): Promise<number> {
    const now = this.clock.now();
    const cooldownStart = new Date(now.getTime() - SHARE_VOUCHER_COOLDOWN_MS);
    const result = await this.vouchers
      .createQueryBuilder()
      .update(VoucherEntity)
      .set({ email: null })
      .where('email IS NOT NULL AND created_at <= :cooldownStart', { cooldownStart })
      .andWhere('(used OR expires_at <= :now)', { now })
      .execute();
    return result.affected ?? 0;
  }

  /** Takes back a voucher nobody has used yet (its email could not be queued, so the parent never got it). */
  async withdraw(code: string): Promise<void> {
    await this.vouchers.delete({ code: normaliseVoucherCode(code), used: false });
  }

  /** SPEC §5: the code (any case, spaces trimmed) must exist, be unused and be unexpired. */
  async check(code: string): Promise<VoucherCheck> {
    const normalised = normaliseVoucherCode(code);
    const known =
      normalised.length >= CODE_LENGTH.min && normalised.length <= CODE_LENGTH.max
        ? await this.vouchers.findOneBy({ code: normalised })
        : null;
    const verdict = checkVoucher(known, this.clock.now());
    return verdict.ok ? { ok: true, voucher: discountOf(verdict.value) } : { ok: false, problem: verdict.problem };
  }

  /**
   * Inside the caller's transaction: locks the voucher row and answers the discount a paid order may carry,
   * that is a voucher still unused or already consumed by this very session; null when another order took it.
   * Expiry is not checked again here: checkout checked it, and a voucher expiring while the parent pays still counts.
   */
  async lockForOrder(code: string, sessionId: string, manager: EntityManager): Promise<VoucherDiscount | null> {
    const voucher = await manager.findOne(VoucherEntity, {
      where: { code: normaliseVoucherCode(code) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!voucher) return null;
    return !voucher.used || voucher.usedBySession === sessionId ? discountOf(voucher) : null;
  }

  /**
   * Marks a single-use voucher used by this session, inside the caller's transaction. The conditional UPDATE
   * makes two concurrent payments consume it once: answers false when it was already used.
   */
  async consume(code: string, sessionId: string, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(VoucherEntity)
      .set({ used: () => 'CASE WHEN is_single_use THEN true ELSE used END', usedAt: this.clock.now(), usedBySession: sessionId })
      .where('code = :code AND NOT used', { code: normaliseVoucherCode(code) })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
