// The magic code in the parent's browser: an httpOnly, SameSite=Lax cookie, never readable by scripts.
// Remix server code reads it and sends it to the API in the X-Magic-Code header (docs/decisions/004).
import { createCookie, redirect } from '@remix-run/node';
import { isMagicCode, SESSION_LIFETIME_MS } from '@colouring/domain';
import { env } from './env.server';

const magicCodeCookie = createCookie('colouring_session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  secure: env.cookieSecure,
});

/** The magic code this browser holds, or null. */
export async function magicCodeFrom(request: Request): Promise<string | null> {
  const value: unknown = await magicCodeCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && isMagicCode(value) ? value : null;
}

/** The magic code, or a redirect to /create (SPEC: pages of the flow need a session). */
export async function requireMagicCode(request: Request): Promise<string> {
  const code = await magicCodeFrom(request);
  if (!code) throw redirect('/create');
  return code;
}

/** A Set-Cookie header value that keeps this magic code in the browser. */
export function keepMagicCode(code: string): Promise<string> {
  return magicCodeCookie.serialize(code);
}

/** A Set-Cookie header value that forgets the magic code. */
export function forgetMagicCode(): Promise<string> {
  return magicCodeCookie.serialize('', { maxAge: 0 });
}
