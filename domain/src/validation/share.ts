// The share-for-voucher proof of SPEC §4 (Share voucher) and §5 (share voucher issue rules): the page collects it while
// the share window is open, and the server checks it again with this same rule before it issues a voucher.
import {
  SHARE_MIN_FOCUS_EVENTS,
  SHARE_MIN_FOCUS_EVENTS_CROSS_ORIGIN,
  SHARE_MIN_OPEN_MS,
  SHARE_SESSION_ID_PREFIX,
  SHARE_SUSPICIOUS_CHECK_GAP_MS,
  SHARE_SUSPICIOUS_CLOSE_MS,
  SHARE_SUSPICIOUS_FOCUS_AFTER_MS,
  SHARE_WINDOW_TIMEOUT_MS,
} from '../constants.js';
import { SHARE_MESSAGES } from '../errors.js';
import { accept, type Checked, refuse } from './result.js';

/** The networks the share box offers. */
export const SHARE_NETWORKS = ['facebook', 'whatsapp', 'pinterest', 'x'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/**
 * What happened to the share window, in order: `open` first; a `check` every 2 s; the page's `focus` and `blur`; and one
 * ending: `close` (the window was seen closed), `cross_origin` (the browser would not say, so it counts as closed),
 * `timeout` (still open after 10 minutes).
 */
export const SHARE_WINDOW_EVENT_TYPES = ['open', 'check', 'focus', 'blur', 'close', 'cross_origin', 'timeout'] as const;
export type ShareWindowEventType = (typeof SHARE_WINDOW_EVENT_TYPES)[number];
export type ShareEnding = Extract<ShareWindowEventType, 'close' | 'cross_origin' | 'timeout'>;
const ENDINGS: readonly ShareWindowEventType[] = ['close', 'cross_origin', 'timeout'];
/** Events that show the page was checking the window (the gap between two of them is measured). */
const CHECKS: readonly ShareWindowEventType[] = ['open', 'check', ...ENDINGS];

export interface ShareWindowEvent {
  readonly type: ShareWindowEventType;
  /** Milliseconds since the window opened. */
  readonly at: number;
}

/** SPEC §3's verification_data: what the page saw while the share window was open. */
export interface ShareVerification {
  /** Milliseconds from opening the window to its ending. */
  readonly timeSpent: number;
  /** How many times the page got the focus back while the window was open. */
  readonly focusEvents: number;
  /** A fresh id per share, starting 'share_'. */
  readonly shareSessionId: string;
  readonly userAgent: string;
  /** When the window opened, in the browser's clock (ms since 1970). */
  readonly timestamp: number;
  readonly windowEvents: readonly ShareWindowEvent[];
}

/** SPEC §4's suspicious signs: closed under 5 s, fewer than 2 focus events after more than 10 s, a check gap over 60 s. */
export type ShareSuspicion = 'closed_too_soon' | 'too_few_focus_events' | 'check_gap';

/** How the share ended: its last window event, or null when the events do not end in one. */
export function shareEnding(data: Pick<ShareVerification, 'windowEvents'>): ShareEnding | null {
  const last = data.windowEvents.at(-1);
  return last && ENDINGS.includes(last.type) ? (last.type as ShareEnding) : null;
}

export function shareSuspicions(data: ShareVerification): ShareSuspicion[] {
  const flags: ShareSuspicion[] = [];
  const ending = shareEnding(data);
  if ((ending === 'close' || ending === 'cross_origin') && data.timeSpent < SHARE_SUSPICIOUS_CLOSE_MS) flags.push('closed_too_soon');
  if (data.timeSpent > SHARE_SUSPICIOUS_FOCUS_AFTER_MS && data.focusEvents < SHARE_MIN_FOCUS_EVENTS) flags.push('too_few_focus_events');
  const checks = data.windowEvents.filter((event) => CHECKS.includes(event.type));
  if (checks.some((event, i) => i > 0 && event.at - checks[i - 1]!.at > SHARE_SUSPICIOUS_CHECK_GAP_MS)) flags.push('check_gap');
  return flags;
}

/**
 * The events tell one story with the summary: they open at 0, run forward, end in one ending at `timeSpent`, and hold
 * as many focus events as `focusEvents` says. A page that sends anything else did not collect them.
 */
function consistent(data: ShareVerification): boolean {
  const events = data.windowEvents;
  const first = events[0];
  const last = events.at(-1);
  return (
    first?.type === 'open' &&
    first.at === 0 &&
    events.every((event, i) => Number.isFinite(event.at) && (i === 0 || event.at >= events[i - 1]!.at)) &&
    events.filter((event) => ENDINGS.includes(event.type)).length === 1 &&
    shareEnding(data) !== null &&
    last!.at === data.timeSpent &&
    events.filter((event) => event.type === 'focus').length === data.focusEvents
  );
}

/**
 * SPEC §4 and §5: a share counts when the window was seen closed after at least 30 s with at least 2 focus events and
 * no suspicious sign; when the browser would not say (cross-origin) after at least 30 s with at least 1 focus event; or
 * when it is still open after 10 minutes. Always with a 'share_' session id and events that agree with the summary.
 */
export function checkShareVerification(data: ShareVerification): Checked<ShareVerification> {
  if (!data.shareSessionId.startsWith(SHARE_SESSION_ID_PREFIX) || !consistent(data)) return refuse(SHARE_MESSAGES.incomplete);
  const ending = shareEnding(data);
  const passes =
    ending === 'close'
      ? data.timeSpent >= SHARE_MIN_OPEN_MS && data.focusEvents >= SHARE_MIN_FOCUS_EVENTS && shareSuspicions(data).length === 0
      : ending === 'cross_origin'
        ? data.timeSpent >= SHARE_MIN_OPEN_MS && data.focusEvents >= SHARE_MIN_FOCUS_EVENTS_CROSS_ORIGIN
        : data.timeSpent >= SHARE_WINDOW_TIMEOUT_MS;
  return passes ? accept(data) : refuse(SHARE_MESSAGES.incomplete);
}
