import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  checkShareVerification,
  SHARE_MESSAGES,
  SHARE_SESSION_ID_PREFIX,
  SHARE_WINDOW,
  SHARE_WINDOW_CHECK_INTERVAL_MS,
  SHARE_WINDOW_TIMEOUT_MS,
  type ShareEnding,
  type ShareVoucherInput,
  type ShareWindowEvent,
} from '@colouring/domain';
import type { ShareLink } from './networks';

/** Where the page posts the share's proof (routes/share.voucher.tsx), which asks the API with the session's code. */
export const SHARE_VOUCHER_PATH = '/share/voucher';

/** What the share resource route answers. */
export type ShareVoucherResult = { ok: true } | { ok: false; message: string };

export type SharePhase =
  | { phase: 'idle' }
  /** The share window is open and watched. */
  | { phase: 'open'; network: string }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'refused'; message: string };

// Focus and blur beyond this many are not recorded (the API takes 1000 events; 10 minutes of checks are 300).
const MAX_PAGE_EVENTS = 600;

function newShareSessionId(): string {
  const random = new Uint8Array(8);
  crypto.getRandomValues(random);
  return `${SHARE_SESSION_ID_PREFIX}${Date.now()}_${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The share window's features: SPEC's 626x436, centred over the page. */
function windowFeatures(): string {
  const { width, height } = SHARE_WINDOW;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},menubar=no,toolbar=no,resizable=yes,scrollbars=yes`;
}

/**
 * Share-for-voucher in the page (SPEC §4 Share voucher): a click opens the network's share page in a 626x436 window,
 * watched every 2 s while the page's focus and blur are recorded; when it closes (or after 10 minutes open) the proof is
 * checked with the domain's rule and, if it passes, posted for the server to check again and issue the voucher.
 * Off (`enabled` false) the links stay plain links.
 */
export function useShareVoucher(enabled: boolean) {
  const fetcher = useFetcher<ShareVoucherResult>({ key: 'share-voucher' });
  const [state, setState] = useState<SharePhase>({ phase: 'idle' });
  const watching = useRef<{ popup: Window; stop: () => void } | null>(null);

  useEffect(() => () => watching.current?.stop(), []);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    setState(fetcher.data.ok ? { phase: 'sent' } : { phase: 'refused', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);

  const finish = useCallback(
    (proof: ShareVoucherInput) => {
      if (!checkShareVerification(proof).ok) {
        setState({ phase: 'refused', message: SHARE_MESSAGES.incomplete });
        return;
      }
      setState({ phase: 'sending' });
      fetcher.submit(proof as never, { method: 'post', action: SHARE_VOUCHER_PATH, encType: 'application/json' });
    },
    [fetcher],
  );

  const watch = useCallback(
    (popup: Window) => {
      const startedAt = Date.now();
      const shareSessionId = newShareSessionId();
      const events: ShareWindowEvent[] = [{ type: 'open', at: 0 }];
      let pageEvents = 0;
      let focusEvents = 0;
      const since = () => Date.now() - startedAt;
      const onFocus = () => {
        if (++pageEvents > MAX_PAGE_EVENTS) return;
        focusEvents += 1;
        events.push({ type: 'focus', at: since() });
      };
      const onBlur = () => {
        if (++pageEvents <= MAX_PAGE_EVENTS) events.push({ type: 'blur', at: since() });
      };
      const end = (ending: ShareEnding, at: number) => {
        stop();
        finish({
          timeSpent: at,
          focusEvents,
          shareSessionId,
          userAgent: navigator.userAgent,
          timestamp: startedAt,
          windowEvents: [...events, { type: ending, at }],
        });
      };
      const check = () => {
        const at = since();
        let closed: boolean;
        try {
          closed = popup.closed;
        } catch {
          end('cross_origin', at);
          return;
        }
        if (closed) end('close', at);
        else if (at >= SHARE_WINDOW_TIMEOUT_MS) end('timeout', at);
        else events.push({ type: 'check', at });
      };
      const timer = window.setInterval(check, SHARE_WINDOW_CHECK_INTERVAL_MS);
      window.addEventListener('focus', onFocus);
      window.addEventListener('blur', onBlur);
      function stop() {
        window.clearInterval(timer);
        window.removeEventListener('focus', onFocus);
        window.removeEventListener('blur', onBlur);
        watching.current = null;
      }
      watching.current = { popup, stop };
    },
    [finish],
  );

  /** The share link's click: with the voucher on, the watched window instead of a plain new tab. */
  const onShare = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, link: ShareLink) => {
      // Without the voucher (off, or already sent) the link does what links do.
      if (!enabled || state.phase === 'sent') return;
      event.preventDefault();
      if (watching.current) {
        watching.current.popup.focus();
        return;
      }
      if (state.phase === 'sending') return;
      // Not 'noopener': this page must keep the window to watch it (docs/decisions/030).
      const popup = window.open(link.href, `share_${link.network}`, windowFeatures());
      if (!popup) {
        setState({ phase: 'refused', message: SHARE_MESSAGES.allowPopups });
        return;
      }
      setState({ phase: 'open', network: link.name });
      watch(popup);
    },
    [enabled, state.phase, watch],
  );

  return { state, onShare };
}
