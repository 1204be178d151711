import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ACCESS_DENIED_MESSAGE, ApiErrorCode, CATALOGUE_MESSAGES, userMessageForCode } from '@colouring/domain';
import type { AppConfig } from '../config/config.js';
import type { RedisThrottlerStorage } from '../infra/redis-throttler.storage.js';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The page a request is for: Remix's data requests (`/create.data`, `/_root.data`) count as their page. */
const pageOf = (req: Request) => req.path.replace(/\.data$/, '').replace(/^\/_root$/, '/');

/**
 * Login CSRF and its kin: a page that changes state (restoring a session sets its cookie, a form saves or sends) answers
 * only requests from the shop's own pages. Browsers say where a request comes from in Sec-Fetch-Site, and older ones in
 * Origin; a request with neither (curl, a script) is no browser carrying a victim's cookies and is let through.
 */
export function sameOriginPageActions(config: AppConfig): RequestHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_ONLY.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSite =
      (site !== undefined && site !== 'same-origin') || (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin);
    if (!crossSite) return next();
    res.status(403).type('text/plain').send(ACCESS_DENIED_MESSAGE);
  };
}

interface PageLimit {
  name: string;
  applies: (req: Request) => boolean;
  /** Requests per client in `ttlMs`. */
  limit: number;
  ttlMs: number;
}

/**
 * Per client (IP address, behind the trusted proxies), in every web process at once (counted in Redis). The page refuses a
 * bad upload itself, before the API's own limit on creating sessions would count it, so uploads are limited here too;
 * every other page action (forms, autosaves) gets a roomy limit no parent reaches.
 */
export const PAGE_LIMITS: readonly PageLimit[] = [
  { name: 'page-upload', applies: (req) => req.method === 'POST' && pageOf(req) === '/create', limit: 10, ttlMs: 60_000 },
  { name: 'page-action', applies: (req) => !READ_ONLY.has(req.method), limit: 120, ttlMs: 60_000 },
];

/**
 * A page action refused by a limit, handed to the page that says so (`frontend/app/routes/rate-limited.tsx`): the page
 * it came from again with the catalogue's words in a toast. Remix's own fetch (`/page.data`, JavaScript on) can follow
 * only an answer in Remix's format, so the refusal goes through Remix; its body is never read.
 */
function toRateLimitedPage(req: Request): void {
  const from = new URL(req.originalUrl, 'http://page');
  const back = new URLSearchParams(from.search);
  back.delete('index');
  const search = back.size > 0 ? `?${back.toString()}` : '';
  const target = `/rate-limited${req.path.endsWith('.data') ? '.data' : ''}?back=${encodeURIComponent(pageOf(req) + search)}`;
  req.url = target;
  req.originalUrl = target;
}

/**
 * Once a client passes a page limit: Retry-After, and for the shop's own pages in a browser (Sec-Fetch-Site
 * same-origin, with or without JavaScript) the page again with a toast; for anything else a plain 429 with the
 * catalogue's words.
 */
export function pageRateLimits(storage: RedisThrottlerStorage): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      for (const rule of PAGE_LIMITS) {
        if (!rule.applies(req)) continue;
        const hits = await storage.increment(req.ip ?? '', rule.ttlMs, rule.limit, rule.ttlMs, rule.name);
        if (hits.isBlocked) {
          res.set('Retry-After', String(Math.max(1, hits.timeToBlockExpire)));
          if (req.get('sec-fetch-site') === 'same-origin') {
            toRateLimitedPage(req);
            return next();
          }
          res.status(429).type('text/plain').send(userMessageForCode(ApiErrorCode.RateLimited));
          return;
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A page action's body must say what it is: without a Content-Type no page can read it (`request.formData()` throws,
 * which answered 500). Refused with the catalogue's 400 instead, after the limits have counted it.
 */
export function typedPageBodies(req: Request, res: Response, next: NextFunction): void {
  if (READ_ONLY.has(req.method) || req.headers['content-type']) return next();
  res.status(400).type('text/plain').send(CATALOGUE_MESSAGES.badRequest);
}
