import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { checkVoucher, normaliseVoucherCode, type VoucherProblem } from '@colouring/domain';
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

@Injectable()
export class VouchersService {
  constructor(
    @InjectRepository(VoucherEntity) private readonly vouchers: Repository<VoucherEntity>,
    private readonly clock: Clock,
  ) {}

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
