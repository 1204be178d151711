import type { Request, Response } from 'express';
import { PublicPageCache } from './page-cache.js';

/** A GET for `path` as Express gives it, with the given headers. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  const lower = Object.fromEntries(Object.entries({ host: 'shop.example', ...headers }).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method,
    path: path.split('?')[0]!,
    originalUrl: path,
    protocol: 'https',
    headers: lower,
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
}

/** What the cache writes to an Express response. */
function answer(): { res: Response; sent: { status?: number; headers: Record<string, string>; body?: string } } {
  const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
  const res = {
    status: (code: number) => ((sent.status = code), res),
    append: (name: string, value: string) => ((sent.headers[name.toLowerCase()] = value), res),
    setHeader: (name: string, value: string) => ((sent.headers[name.toLowerCase()] = value), res),
    end: (body: string) => ((sent.body = body), res),
  };
  return { res: res as unknown as Response, sent };
}

const page = (nonce: string, init: { cacheControl?: string; cookie?: boolean; status?: number; type?: string } = {}) => {
  const headers = new Headers({
    'content-type': init.type ?? 'text/html; charset=utf-8',
    'cache-control': init.cacheControl ?? 'public, max-age=300',
  });
  if (init.cookie) headers.set('set-cookie', 'cmi_toast=; Max-Age=0');
  return new Response(`<html><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></html>`, {
    status: init.status ?? 200,
    headers,
  });
};

describe('PublicPageCache', () => {
  it('serves a public page again with the new answer’s nonce in every place, until its time is up', async () => {
    let now = 1_000;
    const cache = new PublicPageCache(10_000, () => now);
    expect(await cache.keep(get('/'), page('first'), 'first')).toContain('nonce="first"');

    const again = answer();
    expect(cache.serve(get('/'), again.res, 'second')).toBe(true);
    expect(again.sent.body).toBe('<html><script nonce="second">1</script><script nonce="second">2</script></html>');
    expect(again.sent.headers['cache-control']).toBe('public, max-age=300');
    expect(again.sent.headers['x-page-cache']).toBe('hit');

    now += 10_000;
    expect(cache.serve(get('/'), answer().res, 'third')).toBe(false);
  });

  it('keeps only what anyone may have: 200, public, HTML, no cookie set', async () => {
    const cache = new PublicPageCache();
    const refused = [
      page('n', { cacheControl: 'private, no-store' }),
      page('n', { cookie: true }),
      page('n', { status: 404 }),
      page('n', { type: 'text/plain' }),
    ];
    for (const response of refused) {
      expect(await cache.keep(get('/faq'), response, 'n')).toBeUndefined();
      expect(cache.serve(get('/faq'), answer().res, 'm')).toBe(false);
    }
  });

  it('applies only to GET documents without any cookie, and keeps each address (host and query) apart', async () => {
    expect(PublicPageCache.applies(get('/'))).toBe(true);
    expect(PublicPageCache.applies(get('/', { cookie: 'colouring_session=x' }))).toBe(false);
    expect(PublicPageCache.applies(get('/', {}, 'POST'))).toBe(false);
    expect(PublicPageCache.applies(get('/_root.data'))).toBe(false);

    const cache = new PublicPageCache();
    await cache.keep(get('/products?a=1'), page('n'), 'n');
    expect(cache.serve(get('/products?a=2'), answer().res, 'm')).toBe(false);
    expect(cache.serve(get('/products?a=1', { host: 'evil.example' }), answer().res, 'm')).toBe(false);
    expect(cache.serve(get('/products?a=1', { 'x-forwarded-host': 'evil.example' }), answer().res, 'm')).toBe(false);
    expect(cache.serve(get('/products?a=1'), answer().res, 'm')).toBe(true);
  });
});
