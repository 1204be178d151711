import { SHARE_CONVERSION_ADVICE } from './errors.js';
import { shareConversion, shareVoucherStatus, SHARE_VOUCHER_STATUS_LABELS } from './share-stats.js';

const now = new Date('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('shareVoucherStatus (SPEC §4: Used, Expired or Active)', () => {
  it('is Active until the moment it expires, then Expired', () => {
    expect(shareVoucherStatus({ used: false, expiresAt: at(1) }, now)).toBe('active');
    expect(shareVoucherStatus({ used: false, expiresAt: at(0) }, now)).toBe('expired');
    expect(shareVoucherStatus({ used: false, expiresAt: at(-1) }, now)).toBe('expired');
  });

  it('is Used once used, even past its date', () => {
    expect(shareVoucherStatus({ used: true, expiresAt: at(60_000) }, now)).toBe('used');
    expect(shareVoucherStatus({ used: true, expiresAt: at(-60_000) }, now)).toBe('used');
  });

  it("shows SPEC's words", () => {
    expect(Object.values(SHARE_VOUCHER_STATUS_LABELS)).toEqual(['Used', 'Expired', 'Active']);
  });
});

describe('shareConversion (vouchers used / issued; advice at 15% and 30%)', () => {
  it('has no rate before any voucher is issued', () => {
    expect(shareConversion(0, 0)).toEqual({ ratePercent: null, band: 'none' });
  });

  it.each([
    [100, 0, 0, 'low'],
    [100, 14, 14, 'low'],
    [1000, 149, 14.9, 'low'],
    [20, 3, 15, 'medium'],
    [100, 15, 15, 'medium'],
    [10, 3, 30, 'medium'],
    [100, 30, 30, 'medium'],
    [1000, 301, 30.1, 'high'],
    [3, 1, 33.3, 'high'],
    [4, 4, 100, 'high'],
  ] as const)('%i issued, %i used: %p%%, %p', (issued, used, ratePercent, band) => {
    expect(shareConversion(issued, used)).toEqual({ ratePercent, band });
  });

  it('has advice for every band', () => {
    for (const band of ['none', 'low', 'medium', 'high'] as const) expect(SHARE_CONVERSION_ADVICE[band]).toMatch(/\.$/);
    expect(SHARE_CONVERSION_ADVICE.low).toMatch(/^Below 15%/);
    expect(SHARE_CONVERSION_ADVICE.medium).toMatch(/^Between 15% and 30%/);
    expect(SHARE_CONVERSION_ADVICE.high).toMatch(/^Above 30%/);
  });
});
