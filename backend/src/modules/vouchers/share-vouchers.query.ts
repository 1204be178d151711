import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ADMIN_SHARE_LIST_SIZE, shareConversion, shareVoucherStatus, type AdminShareView } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { VoucherEntity } from './voucher.entity.js';

const SHARE = 'share_incentive';

/**
 * The Share Incentives tab's read of `voucher_codes` (a read only: `VouchersService` alone writes the table): the latest
 * share vouchers with their status, the totals and the conversion rate, all at the app's clock.
 */
@Injectable()
export class ShareVouchersQuery {
  constructor(
    @InjectRepository(VoucherEntity) private readonly vouchers: Repository<VoucherEntity>,
    private readonly clock: Clock,
  ) {}

  async adminView(): Promise<AdminShareView> {
    const now = this.clock.now();
    const [latest, counts] = await Promise.all([
      this.vouchers.find({ where: { type: SHARE }, order: { createdAt: 'DESC', code: 'ASC' }, take: ADMIN_SHARE_LIST_SIZE }),
      // The same rule as shareVoucherStatus: used wins; expired at expires_at exactly.
      this.vouchers
        .createQueryBuilder('v')
        .select('count(*)::int', 'issued')
        .addSelect('(count(*) FILTER (WHERE v.used))::int', 'used')
        .addSelect('(count(*) FILTER (WHERE NOT v.used AND v.expires_at <= :now))::int', 'expired')
        .where('v.type = :type', { type: SHARE, now })
        .getRawOne<{ issued: number; used: number; expired: number }>(),
    ]);
    const { issued, used, expired } = counts ?? { issued: 0, used: 0, expired: 0 };
    return {
      latest: latest.map((voucher) => ({
        code: voucher.code,
        email: voucher.email,
        percent: voucher.value,
        status: shareVoucherStatus(voucher, now),
        createdAt: voucher.createdAt.toISOString(),
        expiresAt: voucher.expiresAt.toISOString(),
        usedAt: voucher.usedAt?.toISOString() ?? null,
      })),
      totals: { issued, used, active: issued - used - expired, expired },
      conversion: shareConversion(issued, used),
    };
  }
}
