// The pages' side of first-party analytics (SPEC §1, docs/decisions/031). The server records every page it renders
// as a whole document (the first page, and every page without JavaScript); this records what only the browser sees:
// route changes after the first page, clicks on elements marked `data-analytics-click`, and generic events. Sent to the
// shop's own API without cookies; nothing at all when the browser asks not to be tracked (DNT or GPC).
import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { analyticsPath, type AnalyticsEventInput } from '@colouring/domain';

const ENDPOINT = '/api/analytics/events';

function trackingRefusedHere(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true;
}

/** Sends the events without waiting: `keepalive` lets them leave with a page being closed, `omit` sends no cookie. */
function send(events: AnalyticsEventInput[]): void {
  // The path as it will be kept (a code in /continue/{code} masked), so no code leaves the page even to our own API.
  const kept = events.flatMap((event) => {
    const path = analyticsPath(event.path);
    return path === null ? [] : [{ ...event, path }];
  });
  if (kept.length === 0 || trackingRefusedHere()) return;
  fetch(ENDPOINT, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events: kept }),
  }).catch(() => {
    // Analytics never gets in the parent's way.
  });
}

/** SPEC's generic event: a category, a label, a value and custom fields (short words and numbers, never a name, email or code). */
export function trackEvent(event: Omit<AnalyticsEventInput, 'kind' | 'path'>): void {
  send([{ kind: 'event', path: window.location.pathname, ...event }]);
}

/** In the root: a page view for each route change after the first page, and a click for each marked element. */
export function useAnalytics(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false; // the server recorded the page it rendered
      return;
    }
    send([{ kind: 'page_view', path: pathname }]);
  }, [pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const marked = event.target instanceof Element ? event.target.closest('[data-analytics-click]') : null;
      const label = marked?.getAttribute('data-analytics-click');
      if (label) send([{ kind: 'click', path: window.location.pathname, label }]);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
