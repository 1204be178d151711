import compression from 'compression';
import type { Request, Response } from 'express';

const isPublic = (res: Response): boolean => /(^|[\s,])public([\s,]|$)/i.test(String(res.getHeader('Cache-Control') ?? ''));

/**
 * Compresses what anyone may cache (`Cache-Control: public`): the public pages, the built JS and CSS, the catalogue's
 * JSON and SVG thumbnails, when the browser accepts it and the body is worth it (1 KB or more; compression's own list of
 * compressible types, so PDFs and PNGs pass untouched).
 * Personal responses (private, no-store: session pages, the thank-you page, anything with a magic code) stay as they
 * are: a secret compressed beside text an attacker can put in the same response leaks by its size over HTTPS (BREACH).
 * Decided when the headers are written, so each page's loader decides through its Cache-Control.
 */
export const compressPublicResponses = compression({
  threshold: 1024,
  filter: (req: Request, res: Response) => isPublic(res) && compression.filter(req, res),
});
