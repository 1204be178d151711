// Voucher rules of SPEC §5 and the voucher messages of §8, for the scene picker and for checkout.

/** Messages the scene picker's voucher box shows. */
export const VOUCHER_PICKER_MESSAGES = {
  onlyOne: 'You can only apply one voucher per purchase',
  notFound: 'Invalid voucher code.',
  used: 'This voucher has already been used.',
  expired: 'This voucher has expired.',
} as const;

/** Messages checkout answers for a voucher. */
export const VOUCHER_CHECKOUT_MESSAGES = {
  notFound: 'Voucher code not found',
  used: 'Voucher has already been used',
  expired: 'Voucher has expired',
  validationError: 'Error validating voucher',
} as const;

/** Codes are compared upper-case, so 'share-ab12 ' and 'SHARE-AB12' are one code. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface VoucherState {
  readonly used: boolean;
  /** null never expires. */
  readonly expiresAt: Date | null;
}

export type VoucherProblem = 'notFound' | 'used' | 'expired';

/**
 * A voucher must exist, be unused and be unexpired (expiring at `expiresAt` exactly).
 * Answers the problem's key so each screen picks its own message table.
 */
export function checkVoucher<V extends VoucherState>(
  voucher: V | null,
  now: Date,
): { ok: true; value: V } | { ok: false; problem: VoucherProblem } {
  if (!voucher) return { ok: false, problem: 'notFound' };
  if (voucher.used) return { ok: false, problem: 'used' };
  if (voucher.expiresAt && voucher.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
  return { ok: true, value: voucher };
}
