import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export type Role = 'all' | 'web' | 'worker';

/** An S3-compatible bucket for generated files (STORAGE=s3): AWS S3 itself, or MinIO and the like through `endpoint`. */
export interface S3Settings {
  readonly bucket: string;
  readonly region: string;
  /** Another S3-compatible server; unset for AWS S3. */
  readonly endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name: what most S3-compatible servers need. */
  readonly forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, the machine's role). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

export interface AppConfig {
  readonly env: 'development' | 'test' | 'production';
  readonly isProduction: boolean;
  readonly role: Role;
  readonly port: number;
  readonly publicUrl: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly sessionSecret: string;
  readonly stripe: { readonly secretKey?: string; readonly webhookSecret?: string };
  readonly smtpUrl?: string;
  readonly mailFrom: string;
  /** Local files: generated files when `s3` is unset, and the development mailbox beside it. */
  readonly storageDir: string;
  /** Set (STORAGE=s3): generated files live in this bucket, shared by every web and worker process. */
  readonly s3?: S3Settings;
  /** The address the HTTP server listens on: loopback only in development, every interface otherwise. */
  readonly listenHost?: string;
  readonly admin: { readonly email?: string; readonly password?: string };
  /** development only: where the generated admin password is written (never to the log) */
  readonly devAdminFile: string;
  readonly chromiumPath?: string;
  readonly trustedProxies: readonly string[];
  readonly logLevel: string;
  readonly frontendBuildDir: string;
  /** The sweep for paid orders whose PDF stopped being made: how often it runs, and how long an order waits first. */
  readonly pdfSweep: { readonly intervalMs: number; readonly stuckAfterMs: number };
}

/** One clear line naming the setting that stopped the start. */
export class ConfigError extends Error {}

const DEV_SESSION_SECRET = 'dev-only-session-secret-do-not-use-in-production';

function findOnPath(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * localhost (and names under it) or 127.0.0.1: the names a browser reaches this machine by, where development listens.
 * Development listens on 127.0.0.1 alone (the pages call the API there too), so other loopback addresses are refused.
 */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
}

function loadS3Settings(env: Readonly<Record<string, string | undefined>>, fail: (name: string, why: string) => never): S3Settings {
  const bucket = env.S3_BUCKET || fail('S3_BUCKET', 'is required when STORAGE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail('S3_BUCKET', 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !isUrl(endpoint, ['http:', 'https:'])) fail('S3_ENDPOINT', 'must be an http(s) URL');
  const pathStyle = env.S3_FORCE_PATH_STYLE || (endpoint ? 'true' : 'false');
  if (!['true', 'false'].includes(pathStyle)) fail('S3_FORCE_PATH_STYLE', 'must be true or false');
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    fail('S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY', 'must be given together (or neither: the AWS SDK then finds its own)');
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** Reads and checks the environment once, at boot. Throws ConfigError naming the first bad value. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): AppConfig {
  const fail = (name: string, why: string): never => {
    throw new ConfigError(`Configuration error: ${name} ${why}`);
  };
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'test', 'production'].includes(nodeEnv)) fail('NODE_ENV', 'must be development, test or production');
  const isProduction = nodeEnv === 'production';

  const role = (env.ROLE ?? 'all') as Role;
  if (!['all', 'web', 'worker'].includes(role)) fail('ROLE', `must be all, web or worker (got "${role}")`);

  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('PORT', 'must be a port number between 1 and 65535');

  const databaseUrl = env.DATABASE_URL ?? fail('DATABASE_URL', 'is missing (npm start provides an embedded PostgreSQL in development)');
  if (!isUrl(databaseUrl, ['postgres:', 'postgresql:'])) fail('DATABASE_URL', 'must be a postgres:// URL');
  if (isProduction && env.EMBEDDED_DATABASE === '1')
    fail('DATABASE_URL', 'must name a real PostgreSQL server in production, not the embedded one');

  const redisUrl = env.REDIS_URL ?? fail('REDIS_URL', 'is missing (npm start starts redis-server in development)');
  if (!isUrl(redisUrl, ['redis:', 'rediss:'])) fail('REDIS_URL', 'must be a redis:// URL');

  const publicUrl = env.PUBLIC_URL ?? (isProduction ? fail('PUBLIC_URL', 'is required in production') : `http://localhost:${port}`);
  if (!isUrl(publicUrl, ['http:', 'https:'])) fail('PUBLIC_URL', 'must be an http(s) URL');
  // Development makes orders free, signs webhooks with a published secret and shows every email at /dev/mailbox.
  const isDevelopment = nodeEnv === 'development';
  if (isDevelopment && !isLoopback(publicUrl))
    fail(
      'PUBLIC_URL',
      `must be a loopback address (localhost or 127.0.0.1) in development (got "${publicUrl}"); set NODE_ENV=production to serve others`,
    );

  const sessionSecret = env.SESSION_SECRET ?? (isProduction ? fail('SESSION_SECRET', 'is required in production') : DEV_SESSION_SECRET);
  if (sessionSecret.length < 32) fail('SESSION_SECRET', 'must be at least 32 characters');
  if (isProduction && sessionSecret === DEV_SESSION_SECRET) fail('SESSION_SECRET', 'must not be the development default in production');

  const stripe = { secretKey: env.STRIPE_SECRET_KEY || undefined, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined };
  if (isProduction && !stripe.secretKey)
    fail('STRIPE_SECRET_KEY', 'is required in production (the test payment provider is for development only)');
  if (stripe.secretKey && !stripe.webhookSecret) fail('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');

  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:'])) fail('SMTP_URL', 'must be an smtp:// or smtps:// URL');
  if (isProduction && !smtpUrl) fail('SMTP_URL', 'is required in production (the development mailbox is for development only)');

  const admin = { email: env.ADMIN_EMAIL || undefined, password: env.ADMIN_PASSWORD || undefined };
  if (admin.email && !/^[^\s@]+@[^\s@]+$/.test(admin.email)) fail('ADMIN_EMAIL', 'must be an email address');
  if (admin.password && admin.password.length < 12) fail('ADMIN_PASSWORD', 'must be at least 12 characters');
  if (isProduction && !(admin.email && admin.password)) fail('ADMIN_EMAIL/ADMIN_PASSWORD', 'are required in production');

  const storage = env.STORAGE || 'local';
  if (!['local', 's3'].includes(storage)) fail('STORAGE', `must be local or s3 (got "${storage}")`);
  const s3 = storage === 's3' ? loadS3Settings(env, fail) : undefined;

  const pdfSweep = {
    intervalMs: Number(env.PDF_SWEEP_INTERVAL_MS ?? 60_000),
    stuckAfterMs: Number(env.PDF_STUCK_AFTER_MS ?? 5 * 60_000),
  };
  if (!Number.isInteger(pdfSweep.intervalMs) || pdfSweep.intervalMs < 1000)
    fail('PDF_SWEEP_INTERVAL_MS', 'must be a whole number of milliseconds, at least 1000');
  if (!Number.isInteger(pdfSweep.stuckAfterMs) || pdfSweep.stuckAfterMs < 1000)
    fail('PDF_STUCK_AFTER_MS', 'must be a whole number of milliseconds, at least 1000');

  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

  return {
    env: nodeEnv as AppConfig['env'],
    isProduction,
    role,
    port,
    publicUrl: publicUrl.replace(/\/$/, ''),
    databaseUrl,
    redisUrl,
    sessionSecret,
    stripe,
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Colour Me In <hello@localhost>',
    storageDir: resolve(env.STORAGE_DIR ?? 'var/storage'),
    s3,
    listenHost: isDevelopment ? '127.0.0.1' : undefined,
    admin,
    devAdminFile: resolve(env.DEV_ADMIN_FILE ?? 'var/dev-admin.txt'),
    chromiumPath: env.CHROMIUM_PATH || findOnPath('chromium') || findOnPath('chromium-browser'),
    trustedProxies,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    frontendBuildDir: resolve(env.FRONTEND_BUILD_DIR ?? 'frontend/build'),
    pdfSweep,
  };
}
