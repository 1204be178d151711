import { analyticsPath, conversionPercent, FUNNEL_PERIOD_MESSAGE, funnelPeriod, isPersonalText, trackingRefused } from './analytics.js';

describe('analyticsPath', () => {
  it.each([
    ['/', '/'],
    ['/create', '/create'],
    ['/thank-you?session_id=cs_test_123', '/thank-you'],
    ['/faq#refunds', '/faq'],
    [`/continue/${'a1'.repeat(32)}`, '/continue/:code'],
    [`/download/${'F'.repeat(64)}?x=1`, '/download/:code'],
    ['/create/', '/create/'],
    ['/x/0b6f1f8e-9a3c-4c4e-8d6e-1f2a3b4c5d6e', '/x/:id'],
  ])('keeps %s as %s', (address, kept) => {
    expect(analyticsPath(address)).toBe(kept);
  });

  it.each([
    'https://elsewhere.example/create',
    '//elsewhere.example/create',
    'create',
    '/contact/parent@example.com',
    '/contact/parent%40example.com',
    '/%E0%A4%A',
    '/admin',
    '/admin/funnel',
    '/dev/mailbox',
    `/${'a'.repeat(200)}`,
    '/\\evil',
  ])('refuses %s', (address) => {
    expect(analyticsPath(address)).toBeNull();
  });
});

describe('isPersonalText', () => {
  it.each(['parent@example.com', 'write to me @ home', `code ${'0'.repeat(64)}`, 'ABCDEF0123456789abcdef0123456789'])(
    'refuses %s',
    (text) => expect(isPersonalText(text)).toBe(true),
  );
  it.each(['Get Started', 'copy_magic_code', 'cta', 'Adventure Pack 10'])('keeps %s', (text) => expect(isPersonalText(text)).toBe(false));
});

describe('trackingRefused', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(trackingRefused(headers({ dnt: '1' }))).toBe(true);
    expect(trackingRefused(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(trackingRefused(headers({ dnt: '0' }))).toBe(false);
    expect(trackingRefused(headers({}))).toBe(false);
  });
});

describe('funnelPeriod', () => {
  const today = new Date('2026-11-23T17:00:00Z');
  it('defaults to the last 7 days to today', () => {
    expect(funnelPeriod({}, today)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(funnelPeriod({ to: '2026-01-03' }, today)).toEqual({ from: '2025-12-28', to: '2026-01-03' });
  });
  it('takes a chosen period, one day included', () => {
    expect(funnelPeriod({ from: '2026-11-01', to: '2026-11-01' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });
  it.each([
    { from: '2026-11-10', to: '2026-11-01' },
    { from: '2026-02-30' },
    { to: 'yesterday' },
    { from: '2024-01-01', to: '2026-01-01' },
  ])('refuses %j', (query) => expect(funnelPeriod(query, today)).toBeNull());
  it('says why in the tab’s words', () => {
    expect(FUNNEL_PERIOD_MESSAGE).toBe('Choose a period of whole days, the first on or before the last, at most 400 days.');
  });
});

describe('conversionPercent', () => {
  it('is the share of the step before, one decimal, and null with nothing before', () => {
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(5, 5)).toBe(100);
    expect(conversionPercent(0, 0)).toBeNull();
    expect(conversionPercent(4, null)).toBeNull();
  });
});
