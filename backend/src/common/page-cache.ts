import type { Request, Response } from 'express';

/** How long a public page is served again without being rendered: short beside its `max-age` of 5 minutes. */
export const PAGE_CACHE_TTL_MS = 10_000;
/** Public pages kept at once; a query string makes a new address, so the count is capped, oldest first out. */
const MAX_PAGES = 200;
/** A page bigger than this is not kept. */
const MAX_PAGE_BYTES = 512 * 1024;
/** Stands for the response's CSP nonce in a kept page; a fresh nonce takes its place in each answer. */
const NONCE_MARK = '\u0000nonce\u0000';

interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The HTML with each occurrence of the nonce it was rendered with replaced by NONCE_MARK. */
  body: string;
  until: number;
}

const isPublic = (cacheControl: string | null): boolean => /(^|[\s,])public([\s,]|$)/i.test(cacheControl ?? '');

/**
 * The public pages (home, products, FAQ…) rendered once and served again for a few seconds by this web process, as
 * any shared cache may already do with their `Cache-Control: public` (decision 018). Only what anyone would get is
 * kept and served: a GET document request carrying no cookie at all (so no toast, no session), answered 200 with
 * `public`, HTML and no Set-Cookie. Each answer still gets its own CSP nonce: the kept page holds a mark where the
 * nonce was, filled with the new response's nonce.
 */
export class PublicPageCache {
  private readonly pages = new Map<string, KeptPage>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this request may be answered from, and may fill, the cache. */
  static applies(req: Request): boolean {
    return req.method === 'GET' && !req.path.endsWith('.data') && req.headers.cookie === undefined;
  }

  /**
   * A page's address as the page sees it (scheme, host, forwarded host, path and query): a page built from the request's
   * own address (a canonical link without PUBLIC_URL) is never served to a request for another.
   */
  private static keyOf(req: Request): string {
    return `${req.protocol}://${req.get('x-forwarded-host') ?? ''}@${req.get('host') ?? ''}${req.originalUrl}`;
  }

  /** Answers the request from the cache when a live copy is kept; false when the page must be rendered. */
  serve(req: Request, res: Response, nonce: string): boolean {
    const key = PublicPageCache.keyOf(req);
    const kept = this.pages.get(key);
    if (!kept) return false;
    if (kept.until <= this.now()) {
      this.pages.delete(key);
      return false;
    }
    res.status(kept.status);
    for (const [name, value] of kept.headers) res.append(name, value);
    res.setHeader('X-Page-Cache', 'hit');
    res.end(kept.body.replaceAll(NONCE_MARK, nonce));
    return true;
  }

  /**
   * Keeps a rendered page when anyone may have it, and answers its HTML (the response's body is read here). Undefined,
   * body untouched, when the page is not one to keep.
   */
  async keep(req: Request, response: globalThis.Response, nonce: string): Promise<string | undefined> {
    const headers = response.headers;
    const keepable =
      response.status === 200 &&
      isPublic(headers.get('cache-control')) &&
      !headers.has('set-cookie') &&
      /^text\/html\b/i.test(headers.get('content-type') ?? '') &&
      nonce.length > 0;
    if (!keepable) return undefined;
    const html = await response.text();
    if (Buffer.byteLength(html) <= MAX_PAGE_BYTES) {
      if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(PublicPageCache.keyOf(req), {
        status: response.status,
        headers: [...headers.entries()].filter(([name]) => name !== 'content-length'),
        body: html.replaceAll(nonce, NONCE_MARK),
        until: this.now() + this.ttlMs,
      });
    }
    return html;
  }
}
