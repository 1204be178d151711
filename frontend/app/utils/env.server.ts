// The page server's environment, read and checked once (the API checks its own in backend/src/config).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  INTERNAL_API_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  COOKIE_SECRET: z.string().min(1).optional(),
  GOOGLE_SITE_VERIFICATION: z.string().min(1).optional(),
  BING_SITE_VERIFICATION: z.string().min(1).optional(),
  TWITTER_HANDLE: z.string().min(1).optional(),
});

function read() {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  const secrets = (env.COOKIE_SECRET ?? env.SESSION_SECRET)?.split(',');
  if (!secrets && env.NODE_ENV === 'production') throw new Error('SESSION_SECRET (or COOKIE_SECRET) is required in production');
  return {
    ...env,
    /** Where the shop is reached; without PUBLIC_URL, each request's own origin. */
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    apiBaseUrl: (env.INTERNAL_API_URL ?? `http://127.0.0.1:${env.PORT}/api`).replace(/\/+$/, ''),
    /** Cookies are Secure whenever the shop is served over https. */
    cookieSecure: env.PUBLIC_URL?.startsWith('https://') ?? false,
    /**
     * Signs the page server's own cookies (toasts). Outside production without a secret, one made at start: no
     * published fallback, and a restart only drops messages not yet shown.
     */
    cookieSecrets: secrets ?? [randomBytes(32).toString('hex')],
  };
}

export const env = read();

/** The shop's public origin: PUBLIC_URL, or the request's own when it is not set. */
export function publicUrlFor(request: Request): string {
  return env.publicUrl ?? new URL(request.url).origin;
}
