// The admin's token in the browser: its own cookie, apart from the parent's magic-code cookie (session.server.ts).
// httpOnly, SameSite=Strict, signed, Secure unless the page is served from a loopback host. Path=/ since Remix fetches
// a page's data from `/admin.data`, which a cookie of Path=/admin would not reach.
// Remix server code sends it to the API only as `Authorization: Bearer` (docs/decisions/026).
import { createCookie } from '@remix-run/node';
import { env } from './env.server';

/** The API's admin session lasts 12 hours; the cookie no longer. */
const ADMIN_COOKIE_MAX_AGE_S = 12 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const adminCookie = createCookie('colouring_admin', {
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
  maxAge: ADMIN_COOKIE_MAX_AGE_S,
  secrets: env.cookieSecrets,
});

/** Secure outside localhost: a browser on a plain-http loopback address would otherwise never send it back. */
function secureFor(request: Request): boolean {
  return env.cookieSecure || !LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}

/** The admin token this browser holds, or null. Whether it still opens anything is the API's to say. */
export async function adminTokenFrom(request: Request): Promise<string | null> {
  const value: unknown = await adminCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && TOKEN_PATTERN.test(value) ? value : null;
}

/** A Set-Cookie header value that keeps the admin's token. */
export function keepAdminToken(request: Request, token: string): Promise<string> {
  return adminCookie.serialize(token, { secure: secureFor(request) });
}

/** A Set-Cookie header value that forgets it. */
export function forgetAdminToken(request: Request): Promise<string> {
  return adminCookie.serialize('', { maxAge: 0, secure: secureFor(request) });
}
