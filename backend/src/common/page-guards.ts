import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ACCESS_DENIED_MESSAGE, ApiErrorCode, userMessageForCode } from '@colouring/domain';
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

/** 429 with Retry-After and the catalogue's words once a client passes a page limit. */
export function pageRateLimits(storage: RedisThrottlerStorage): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      for (const rule of PAGE_LIMITS) {
        if (!rule.applies(req)) continue;
        const hits = await storage.increment(req.ip ?? '', rule.ttlMs, rule.limit, rule.ttlMs, rule.name);
        if (hits.isBlocked) {
          res
            .status(429)
            .set('Retry-After', String(Math.max(1, hits.timeToBlockExpire)))
            .type('text/plain')
            .send(userMessageForCode(ApiErrorCode.RateLimited));
          return;
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
