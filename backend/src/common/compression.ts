import compression from 'compression';
import type { Request, Response } from 'express';

const hasDirective = (res: Response, directive: string): boolean =>
  new RegExp(`(^|[\\s,])${directive}([\\s,]|$)`, 'i').test(String(res.getHeader('Cache-Control') ?? ''));

/**
 * Compresses what anyone may cache (`Cache-Control: public`: the public pages, the built JS and CSS, the catalogue's
 * JSON and SVG thumbnails), and the personal pages whose loader vouches that they hold no secret (`no-secret`, an
 * extension directive caches ignore; decision 018), when the browser accepts it and the body is worth it (1 KB or more;
 * compression's own list of compressible types, so PDFs and PNGs pass untouched).
 * Other personal responses (private, no-store: the thank-you page, anything with a magic code or an email) stay as they
 * are: a secret compressed beside text an attacker can put in the same response leaks by its size over HTTPS (BREACH).
 * Decided when the headers are written, so each page's loader decides through its Cache-Control.
 */
export const compressPublicResponses = compression({
  threshold: 1024,
  filter: (req: Request, res: Response) => (hasDirective(res, 'public') || hasDirective(res, 'no-secret')) && compression.filter(req, res),
});
