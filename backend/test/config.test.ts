import { ConfigError, loadConfig } from '../src/config/config.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };
const production = {
  ...base,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SESSION_SECRET: 'x'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SMTP_URL: 'smtp://mail.example:587',
  ADMIN_EMAIL: 'owner@shop.example',
  ADMIN_PASSWORD: 'a-long-admin-password',
};

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('starts in development with only the database and Redis given', () => {
    const config = loadConfig(base);
    expect(config.role).toBe('all');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.stripe.secretKey).toBeUndefined();
  });

  it('names a missing DATABASE_URL in one line', () => {
    expect(failure({ REDIS_URL: base.REDIS_URL })).toMatch(/^Configuration error: DATABASE_URL is missing/);
  });

  it('names a bad value: ROLE, PORT, REDIS_URL', () => {
    expect(failure({ ...base, ROLE: 'both' })).toContain('ROLE');
    expect(failure({ ...base, PORT: '70000' })).toContain('PORT');
    expect(failure({ ...base, REDIS_URL: 'http://nope' })).toContain('REDIS_URL');
  });

  describe('the PDF sweep (decision 010)', () => {
    it('runs every minute and takes orders generating for five minutes unless told otherwise', () => {
      expect(loadConfig(base).pdfSweep).toEqual({ intervalMs: 60_000, stuckAfterMs: 300_000 });
      expect(loadConfig({ ...base, PDF_SWEEP_INTERVAL_MS: '2000', PDF_STUCK_AFTER_MS: '1000' }).pdfSweep).toEqual({
        intervalMs: 2000,
        stuckAfterMs: 1000,
      });
    });

    it.each(['999', '1.5', 'soon', '-60000', ''])('refuses %j for either setting, naming it', (value) => {
      expect(failure({ ...base, PDF_SWEEP_INTERVAL_MS: value })).toContain(
        'PDF_SWEEP_INTERVAL_MS must be a whole number of milliseconds, at least 1000',
      );
      expect(failure({ ...base, PDF_STUCK_AFTER_MS: value })).toContain(
        'PDF_STUCK_AFTER_MS must be a whole number of milliseconds, at least 1000',
      );
    });
  });

  describe('development answers only this machine', () => {
    // Development makes orders free, signs webhooks with a published secret and shows every email at /dev/mailbox.
    it.each(['http://localhost:3000', 'http://127.0.0.1:4000', 'http://shop.localhost:3000'])(
      'starts with PUBLIC_URL %s, listening on loopback only',
      (url) => {
        expect(loadConfig({ ...base, PUBLIC_URL: url }).listenHost).toBe('127.0.0.1');
      },
    );

    it.each([
      'https://shop.example',
      'http://192.168.1.20:3000',
      'http://0.0.0.0:3000',
      'http://127.0.0.1.example.com',
      'http://127.0.0.2:3000',
    ])('refuses PUBLIC_URL %s, naming it and the way out', (url) => {
      const message = failure({ ...base, PUBLIC_URL: url });
      expect(message).toMatch(/^Configuration error: PUBLIC_URL must be a loopback address .* in development/);
      expect(message).toContain(url);
      expect(message).toContain('NODE_ENV=production');
    });

    it('refuses it with NODE_ENV unset, as well as with NODE_ENV=development', () => {
      expect(failure({ ...base, NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example' })).toContain('PUBLIC_URL');
    });

    it('leaves production on every interface, at any public address', () => {
      expect(loadConfig(production).listenHost).toBeUndefined();
    });
  });

  describe('file storage', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'colouring-pdfs' };

    it('is the local folder unless STORAGE=s3', () => {
      expect(loadConfig(base).s3).toBeUndefined();
      expect(loadConfig({ ...base, STORAGE: 'local' }).s3).toBeUndefined();
    });

    it('reads the bucket, with AWS S3 defaults when no endpoint is given', () => {
      expect(loadConfig({ ...base, ...s3 }).s3).toEqual({
        bucket: 'colouring-pdfs',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      });
    });

    it('puts the bucket in the path for another S3-compatible server, with its keys', () => {
      const config = loadConfig({
        ...base,
        ...s3,
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-2',
        S3_ACCESS_KEY_ID: 'shop',
        S3_SECRET_ACCESS_KEY: 'shop-secret-key',
      });
      expect(config.s3).toEqual({
        bucket: 'colouring-pdfs',
        region: 'eu-west-2',
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'shop', secretAccessKey: 'shop-secret-key' },
      });
    });

    it.each([
      ['an unknown storage', { STORAGE: 'ftp' }, 'STORAGE must be local or s3'],
      ['no bucket', { STORAGE: 's3' }, 'S3_BUCKET is required when STORAGE=s3'],
      ['a bad bucket name', { ...s3, S3_BUCKET: 'Colouring_PDFs' }, 'S3_BUCKET must be a bucket name'],
      ['an endpoint that is no URL', { ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
      ['a path style that is not true or false', { ...s3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
      ['a key id without its secret', { ...s3, S3_ACCESS_KEY_ID: 'shop' }, 'S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY must be given together'],
    ])('refuses %s', (_what, change, message) => {
      expect(failure({ ...base, ...change }).startsWith(`Configuration error: ${message}`)).toBe(true);
    });
  });

  it('accepts a complete production configuration', () => {
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it.each([
    ['the embedded database', { EMBEDDED_DATABASE: '1' }, 'DATABASE_URL'],
    ['the test payment provider', { STRIPE_SECRET_KEY: '' }, 'STRIPE_SECRET_KEY'],
    ['the default session secret', { SESSION_SECRET: '' }, 'SESSION_SECRET'],
    ['the development mailbox', { SMTP_URL: '' }, 'SMTP_URL'],
    ['a generated admin password', { ADMIN_PASSWORD: '' }, 'ADMIN_EMAIL/ADMIN_PASSWORD'],
  ])('refuses %s in production', (_what, change, named) => {
    const env: Record<string, string> = { ...production, ...change };
    for (const key of Object.keys(change)) if (env[key] === '') delete env[key];
    expect(failure(env)).toContain(named);
  });
});
