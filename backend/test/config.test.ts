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
