import {
  checkShareVerification,
  shareEnding,
  shareSuspicions,
  type ShareEnding,
  type ShareVerification,
  type ShareWindowEvent,
} from './share.js';

const INCOMPLETE = { ok: false, message: 'Please complete the sharing process to get your voucher' };

/** A share as the page records it: opened at 0, checked every 2 s, focus events where given, then its ending. */
function share(timeSpent: number, focusAt: number[], ending: ShareEnding = 'close', checkEvery = 2000): ShareVerification {
  const events: ShareWindowEvent[] = [{ type: 'open', at: 0 }];
  for (let at = checkEvery; at < timeSpent; at += checkEvery) events.push({ type: 'check', at });
  for (const at of focusAt) events.push({ type: 'focus', at });
  events.sort((a, b) => a.at - b.at);
  events.push({ type: ending, at: timeSpent });
  return {
    timeSpent,
    focusEvents: focusAt.length,
    shareSessionId: 'share_1732233600000_ab12cd',
    userAgent: 'Mozilla/5.0',
    timestamp: Date.UTC(2026, 10, 23, 12),
    windowEvents: events,
  };
}

describe('checkShareVerification (SPEC §4 Share voucher, §5 issue rules)', () => {
  it('passes a window closed after 30 s with 2 focus events, and hands the data back', () => {
    const data = share(30_000, [12_000, 30_000]);
    expect(checkShareVerification(data)).toEqual({ ok: true, value: data });
  });

  it.each([
    ['29.9 s open', share(29_900, [12_000, 29_900])],
    ['only 1 focus event on a close', share(45_000, [44_000])],
    ['a session id without share_', { ...share(30_000, [12_000, 30_000]), shareSessionId: 'sess_123' }],
  ])('refuses %s with "Please complete the sharing process to get your voucher"', (_, data) => {
    expect(checkShareVerification(data)).toEqual(INCOMPLETE);
  });

  it('a cross-origin close needs 30 s and 1 focus event', () => {
    expect(checkShareVerification(share(30_000, [30_000], 'cross_origin')).ok).toBe(true);
    expect(checkShareVerification(share(29_900, [29_900], 'cross_origin'))).toEqual(INCOMPLETE);
    expect(checkShareVerification(share(45_000, [], 'cross_origin'))).toEqual(INCOMPLETE);
  });

  it('validates a window still open at 10 minutes, not a moment before', () => {
    expect(checkShareVerification(share(600_000, [], 'timeout')).ok).toBe(true);
    expect(checkShareVerification(share(599_999, [], 'timeout'))).toEqual(INCOMPLETE);
  });

  it('refuses a close with a suspicious gap over 60 s between checks, even with time and focus enough', () => {
    const gap = share(90_000, [50_000, 89_000], 'close', 61_000);
    expect(shareSuspicions(gap)).toEqual(['check_gap']);
    expect(checkShareVerification(gap)).toEqual(INCOMPLETE);
    const sixtyExactly = share(120_000, [50_000, 119_000], 'close', 60_000);
    expect(shareSuspicions(sixtyExactly)).toEqual([]);
    expect(checkShareVerification(sixtyExactly).ok).toBe(true);
  });

  it.each([
    ['a summary that claims more focus events than it recorded', (d: ShareVerification) => ({ ...d, focusEvents: 3 })],
    ['a summary that claims more time than its ending', (d: ShareVerification) => ({ ...d, timeSpent: 60_000 })],
    ['events without the opening', (d: ShareVerification) => ({ ...d, windowEvents: d.windowEvents.slice(1) })],
    ['events without an ending', (d: ShareVerification) => ({ ...d, windowEvents: d.windowEvents.slice(0, -1) })],
    ['events running backwards', (d: ShareVerification) => ({ ...d, windowEvents: [...d.windowEvents].reverse() })],
  ])('refuses %s', (_, tamper) => {
    expect(checkShareVerification(tamper(share(40_000, [12_000, 39_000])))).toEqual(INCOMPLETE);
  });
});

describe('shareSuspicions', () => {
  it('flags a close under 5 s, not one at 5 s', () => {
    expect(shareSuspicions(share(4_900, []))).toEqual(['closed_too_soon']);
    expect(shareSuspicions(share(5_000, []))).toEqual([]);
    expect(shareSuspicions(share(4_900, [], 'cross_origin'))).toEqual(['closed_too_soon']);
  });

  it('flags fewer than 2 focus events only after more than 10 s', () => {
    expect(shareSuspicions(share(10_000, [5_000]))).toEqual([]);
    expect(shareSuspicions(share(10_001, [5_000]))).toEqual(['too_few_focus_events']);
    expect(shareSuspicions(share(10_001, [5_000, 10_001]))).toEqual([]);
  });

  it('flags a gap over 60 s between two checks', () => {
    expect(shareSuspicions(share(60_001, [20_000, 60_001], 'close', 60_001))).toEqual(['check_gap']);
    expect(shareSuspicions(share(60_000, [20_000, 60_000], 'close', 60_000))).toEqual([]);
  });

  it('reads the ending from the last event', () => {
    expect(shareEnding(share(30_000, [], 'timeout'))).toBe('timeout');
    expect(shareEnding({ windowEvents: [{ type: 'open', at: 0 }] })).toBeNull();
  });
});
