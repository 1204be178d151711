// The Share Incentives tab's rules: a share voucher's status (SPEC §4: Used, Expired or Active) and the conversion
// rate (vouchers used / issued) with its advice band at SPEC §9's thresholds, 15% and 30%.
import { CONVERSION_RATE_THRESHOLDS } from './constants.js';
import { checkVoucher, type VoucherState } from './validation/voucher.js';

export type ShareVoucherStatus = 'used' | 'expired' | 'active';

export const SHARE_VOUCHER_STATUS_LABELS: Record<ShareVoucherStatus, string> = {
  used: 'Used',
  expired: 'Expired',
  active: 'Active',
};

/** Used wins over Expired (a voucher used and since past its date was used); expired at `expiresAt` exactly, as at checkout. */
export function shareVoucherStatus(voucher: VoucherState, now: Date): ShareVoucherStatus {
  const verdict = checkVoucher(voucher, now);
  if (verdict.ok) return 'active';
  return verdict.problem === 'used' ? 'used' : 'expired';
}

/** 'none' before any voucher is issued; below 15% 'low'; from 15% to 30% 'medium'; above 30% 'high'. */
export type ConversionBand = 'none' | 'low' | 'medium' | 'high';

export interface ShareConversion {
  /** Vouchers used / issued in percent, one decimal; null before any is issued. */
  ratePercent: number | null;
  band: ConversionBand;
}

/** Compared in whole numbers (used × 100 against issued × threshold), so 3 of 20 is 15% exactly, not a float's 14.99…. */
export function shareConversion(issued: number, used: number): ShareConversion {
  if (issued <= 0) return { ratePercent: null, band: 'none' };
  const ratePercent = Math.round((used * 1000) / issued) / 10;
  const hundredfold = used * 100;
  const band =
    hundredfold < issued * CONVERSION_RATE_THRESHOLDS.low
      ? 'low'
      : hundredfold > issued * CONVERSION_RATE_THRESHOLDS.high
        ? 'high'
        : 'medium';
  return { ratePercent, band };
}
