import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/config.js';

/** A fresh nonce per response, for the page's own inline scripts (Remix hydration data, JSON-LD). */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/** Helmet's headers everywhere; a strict CSP on pages, relaxed only for the interactive API docs. */
export function securityHeaders(config: AppConfig, { devServer }: { devServer: boolean }) {
  const strict = helmet({
    contentSecurityPolicy: devServer
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'", 'https://checkout.stripe.com'],
            upgradeInsecureRequests: config.isProduction ? [] : null,
          },
        },
    strictTransportSecurity: config.isProduction,
    // helmet's default no-referrer makes Chrome send `Origin: null` on form posts, which Remix refuses as cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The share box watches the network's share window it opens (docs/decisions/030); helmet's same-origin would cut
    // that window off as soon as it leaves the shop, and it would read as closed at once.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const docs = helmet({ contentSecurityPolicy: false, strictTransportSecurity: config.isProduction });
  return (req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/docs') ? docs : strict)(req, res, next);
}
