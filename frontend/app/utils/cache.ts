// Cache policy, decided by each loader and passed through by the route's `headers` export.
import type { HeadersFunction } from '@remix-run/node';

/** Public pages that are the same for everyone: shared caches may keep them briefly. */
export const CACHE_PUBLIC = 'public, max-age=300';
/** Anything personal (a session, a magic code, a toast, a form answer): never cached. */
export const CACHE_NEVER = 'private, no-store';

export function cacheControl(value: string): HeadersInit {
  return { 'Cache-Control': value };
}

/** A route's `headers` export: the route's own loader decides, else its parent's choice stands. */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  const chosen =
    errorHeaders?.get('Cache-Control') ??
    actionHeaders.get('Cache-Control') ??
    loaderHeaders.get('Cache-Control') ??
    parentHeaders.get('Cache-Control') ??
    CACHE_NEVER;
  // A parent that must not be cached (it set a cookie, e.g. a toast) wins over a child's public policy.
  headers.set('Cache-Control', parentHeaders.get('Cache-Control') === CACHE_NEVER ? CACHE_NEVER : chosen);
  return headers;
};
