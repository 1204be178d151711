import { Logger } from '@nestjs/common';
import type { Request, RequestHandler } from 'express';
import { trackingRefused } from '@colouring/domain';
import type { AnalyticsService } from './analytics.service.js';

const logger = new Logger('PageViews');

function hostOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

/** Another page of the shop sent the parent here; the same page again (a reload, the thank-you page's meta refresh) is `same`. */
function cameFrom(req: Request, ownHosts: ReadonlySet<string>): 'same' | 'shop' | { referrer: string | null } {
  const referer = req.get('referer');
  const host = hostOf(referer);
  if (!referer || !host) return { referrer: null };
  if (!ownHosts.has(host) && host !== req.get('host')) return { referrer: new URL(referer).hostname };
  return new URL(referer).pathname === req.path ? 'same' : 'shop';
}

/** A browser asking for a page to show, not a prefetch, an asset or Remix's data request. */
function isDocumentRequest(req: Request): boolean {
  if (req.method !== 'GET') return false;
  if (req.get('sec-purpose')?.includes('prefetch') || req.get('purpose') === 'prefetch') return false;
  const dest = req.get('sec-fetch-dest');
  return dest ? dest === 'document' : (req.get('accept') ?? '').includes('text/html');
}

/**
 * Page views recorded by the server (docs/decisions/031): every page it renders as a whole document, answered 200 in
 * HTML. Without JavaScript that is every page the parent sees; with it, the first page, and the pages' script records
 * only its own route changes, so no view is counted twice. A reload of the same page is not a new view. Nothing is
 * recorded under Do Not Track or Global Privacy Control; the answer never waits for the record, nor fails with it.
 */
export function recordPageViews(analytics: AnalyticsService, publicUrl: string): RequestHandler {
  const ownHosts = new Set([hostOf(publicUrl)].filter((host): host is string => host !== null));
  return (req, res, next) => {
    if (isDocumentRequest(req) && !trackingRefused((name) => req.get(name))) {
      const address = req.originalUrl;
      const from = cameFrom(req, ownHosts);
      res.once('finish', () => {
        if (from === 'same' || res.statusCode !== 200 || !/^text\/html/.test(String(res.get('content-type') ?? ''))) return;
        const view = from === 'shop' ? { address, entry: false, referrer: null } : { address, entry: true, referrer: from.referrer };
        analytics.recordPageView(view).catch((error: Error) => logger.warn({ reason: error.message }, 'page view not recorded'));
      });
    }
    next();
  };
}
