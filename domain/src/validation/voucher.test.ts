import { checkVoucher, normaliseVoucherCode, VOUCHER_CHECKOUT_MESSAGES, VOUCHER_PICKER_MESSAGES } from './voucher.js';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('normaliseVoucherCode', () => {
  it('trims and upper-cases a typed code', () => {
    expect(normaliseVoucherCode('  share-ab12cd \n')).toBe('SHARE-AB12CD');
  });
});

describe('checkVoucher', () => {
  const fresh = { code: 'SHARE-1', used: false, expiresAt: new Date('2026-07-01T12:00:00Z') };

  it('accepts an unused voucher before its expiry and hands it back', () => {
    expect(checkVoucher(fresh, NOW)).toEqual({ ok: true, value: fresh });
  });

  it('accepts a voucher that never expires', () => {
    expect(checkVoucher({ ...fresh, expiresAt: null }, NOW).ok).toBe(true);
  });

  it('names a missing voucher notFound', () => {
    expect(checkVoucher(null, NOW)).toEqual({ ok: false, problem: 'notFound' });
  });

  it('names a used voucher used, even when it has also expired', () => {
    expect(checkVoucher({ ...fresh, used: true, expiresAt: new Date('2020-01-01') }, NOW)).toEqual({ ok: false, problem: 'used' });
  });

  it('names a voucher expired from the instant of its expiry', () => {
    expect(checkVoucher({ ...fresh, expiresAt: NOW }, NOW)).toEqual({ ok: false, problem: 'expired' });
    expect(checkVoucher({ ...fresh, expiresAt: new Date(NOW.getTime() + 1) }, NOW).ok).toBe(true);
  });

  it('has a scene-picker and a checkout message for every problem', () => {
    const pickerText = {
      notFound: 'Invalid voucher code.',
      used: 'This voucher has already been used.',
      expired: 'This voucher has expired.',
    };
    const checkoutText = { notFound: 'Voucher code not found', used: 'Voucher has already been used', expired: 'Voucher has expired' };
    for (const problem of ['notFound', 'used', 'expired'] as const) {
      expect(VOUCHER_PICKER_MESSAGES[problem]).toBe(pickerText[problem]);
      expect(VOUCHER_CHECKOUT_MESSAGES[problem]).toBe(checkoutText[problem]);
    }
  });

  it('words the one-voucher rule and the checkout failure as SPEC does', () => {
    expect(VOUCHER_PICKER_MESSAGES.onlyOne).toBe('You can only apply one voucher per purchase');
    expect(VOUCHER_CHECKOUT_MESSAGES.validationError).toBe('Error validating voucher');
  });
});
