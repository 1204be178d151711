// Cache policy, decided by each loader and passed through by the route's `headers` export.
import type { HeadersFunction } from '@remix-run/node';

/** Public pages that are the same for everyone: shared caches may keep them briefly. */
export const CACHE_PUBLIC = 'public, max-age=300';
/** Anything personal (a session, a magic code, a toast, a form answer): never cached. */
export const CACHE_NEVER = 'private, no-store';
/**
 * A personal page that holds no secret (no magic code, no email; the code stays in its httpOnly cookie): never cached,
 * but compressed like a public page (decision 018). `no-secret` is an extension directive: caches ignore it. A parent
 * route's CACHE_NEVER (a toast) still wins, and takes the compression with it.
 */
export const CACHE_NEVER_NO_SECRET = `${CACHE_NEVER}, no-secret`;

export function cacheControl(value: string): HeadersInit {
  return { 'Cache-Control': value };
}

/** A route's `headers` export: the route's own loader or action decides, and a parent that must not be cached wins. */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  const parent = parentHeaders.get('Cache-Control');
  const own = errorHeaders?.get('Cache-Control') ?? actionHeaders.get('Cache-Control') ?? loaderHeaders.get('Cache-Control');
  const chosen = parent === CACHE_NEVER ? CACHE_NEVER : (own ?? parent);
  // Left unset, the document gets CACHE_NEVER from entry.server.
  if (chosen) headers.set('Cache-Control', chosen);
  return headers;
};
