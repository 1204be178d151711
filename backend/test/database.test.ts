import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { COLOURING_LEVELS } from '@colouring/domain';
import { createDataSource } from '../src/database/data-source.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { testConfig } from './support/test-app.js';
import { magicCodeHash } from '../src/common/magic-code.js';

const quiet = { info: () => {}, warn: () => {} };
const code = (n: number) => n.toString(16).padStart(64, '0');

describe('database: migrations and seed', () => {
  const config = testConfig({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'first-password-123' });
  let db: DataSource;

  beforeAll(async () => {
    // Two processes starting at once: the advisory lock makes them take turns instead of racing.
    await Promise.all([prepareDatabase(config, quiet), prepareDatabase(config, quiet)]);
    db = createDataSource(config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM sessions WHERE child_name = 'Constraint Test'`);
    await db.destroy();
  });

  it('creates every table of the architecture', async () => {
    const rows: { table_name: string }[] = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      'sessions',
      'scenes',
      'colouring_levels',
      'bundles',
      'featured_bundles',
      'custom_scenes',
      'voucher_codes',
      'session_audit_log',
      'contact_messages',
      'portraits',
      'photo_staging',
      'order_photos',
      'admin_users',
      'admin_sessions',
      'orders',
      'payment_events',
      'email_log',
      'security_alerts',
      'analytics_events',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("counts a recipient's emails of the last day (the daily cap) through an index, not by reading the whole log", async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(
        `EXPLAIN SELECT count(*) FROM email_log
         WHERE lower(to_address) = lower($1) AND template IN ('preview', 'contact-ack') AND created_at > now() - interval '1 day'`,
        ['parent@example.com'],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('email_log_recipient_day_idx');
  });

  it('seeds the four levels, at least 48 scenes in at least 8 bundles, and featured bundles', async () => {
    const levels = await db.query(`SELECT id, name, description FROM colouring_levels ORDER BY id`);
    expect(levels).toEqual(COLOURING_LEVELS.map(({ id, name, description }) => ({ id, name, description })));
    const [{ scenes, bundles }] = await db.query(`SELECT count(*)::int AS scenes, count(DISTINCT bundle)::int AS bundles FROM scenes`);
    expect(scenes).toBeGreaterThanOrEqual(48);
    expect(bundles).toBeGreaterThanOrEqual(8);
    const [{ featured }] = await db.query(`SELECT count(*)::int AS featured FROM featured_bundles WHERE is_active`);
    expect(featured).toBeGreaterThan(0);
  });

  it('seeds again without duplicating or overwriting what the admin changed', async () => {
    await db.query(`UPDATE featured_bundles SET featured_text = 'Changed by the admin' WHERE priority = 1`);
    const before = await db.query(`SELECT (SELECT count(*) FROM scenes) s, (SELECT count(*) FROM featured_bundles) f`);
    await prepareDatabase(config, quiet);
    const after = await db.query(`SELECT (SELECT count(*) FROM scenes) s, (SELECT count(*) FROM featured_bundles) f`);
    expect(after).toEqual(before);
    const [{ featured_text }] = await db.query(`SELECT featured_text FROM featured_bundles WHERE priority = 1 LIMIT 1`);
    expect(featured_text).toBe('Changed by the admin');
  });

  it('stores the admin password only as an argon2id hash, and follows a changed ADMIN_PASSWORD', async () => {
    const [admin] = await db.query(`SELECT password_hash FROM admin_users WHERE email = 'owner@shop.test'`);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(admin.password_hash).not.toContain('first-password-123');
    await prepareDatabase(testConfig({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'second-password-456' }), quiet);
    const [changed] = await db.query(`SELECT password_hash FROM admin_users WHERE email = 'owner@shop.test'`);
    expect(changed.password_hash).not.toBe(admin.password_hash);
  });

  it('generates a development admin when none is configured: its password goes to a private file, never to the log', async () => {
    await db.query(`DELETE FROM admin_users`);
    const file = join(mkdtempSync(join(tmpdir(), 'dev-admin-')), 'dev-admin.txt');
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    await prepareDatabase(testConfig({ DEV_ADMIN_FILE: file, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }), log);
    const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [row] = await db.query(`SELECT password_hash FROM admin_users WHERE email = $1`, [email]);
    expect(await argon2.verify(row.password_hash, password!)).toBe(true);
    expect(lines.join('\n')).toContain(file);
    expect(lines.join('\n')).not.toContain(password);
  });

  describe('constraints that protect the data', () => {
    const insertSession = (values: Record<string, unknown>) => {
      const row = {
        magic_code_hash: magicCodeHash(code(Math.floor(Math.random() * 1e12))),
        child_name: 'Constraint Test',
        email: 'c@t.test',
        level: 2,
        ...values,
      };
      const keys = Object.keys(row);
      return db.query(
        `INSERT INTO sessions (${keys.join(', ')}, expires_at) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}, now() + interval '30 days')`,
        Object.values(row),
      );
    };

    it('accepts a valid session', async () => {
      await expect(insertSession({})).resolves.toBeDefined();
    });
    it('refuses a level outside 1-4', async () => {
      await expect(insertSession({ level: 5 })).rejects.toThrow(/check constraint/);
    });
    /** An order of a new session: valid unless `values` make it not. */
    const insertOrder = async (values: Record<string, unknown>) => {
      const [{ id }] = await db.query(
        `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at) VALUES ($1, 'Constraint Test', 'c@t.test', now() + interval '30 days') RETURNING id`,
        [magicCodeHash(code(Math.floor(Math.random() * 1e12)))],
      );
      const row = {
        session_id: id,
        product: 'custom_scenes',
        items: '[]',
        level: 2,
        subtotal_pence: 199,
        discount_pence: 0,
        total_pence: 199,
        ...values,
      };
      const keys = Object.keys(row);
      return db.query(`INSERT INTO orders (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
    };

    it('accepts a valid order', async () => {
      await expect(insertOrder({})).resolves.toBeDefined();
    });
    it('refuses an unknown pdf_status', async () => {
      await expect(insertOrder({ pdf_status: 'done' })).rejects.toThrow(/check constraint/);
    });
    it('refuses a negative amount paid', async () => {
      await expect(insertOrder({ amount_paid_pence: -1 })).rejects.toThrow(/check constraint/);
    });
    it('refuses a magic code hash that is not 32 bytes (a SHA-256)', async () => {
      await expect(insertSession({ magic_code_hash: Buffer.from('abc') })).rejects.toThrow(/check constraint/);
    });
    it('refuses a duplicate magic code', async () => {
      await insertSession({ magic_code_hash: magicCodeHash(code(42)) });
      await expect(insertSession({ magic_code_hash: magicCodeHash(code(42)) })).rejects.toThrow(/duplicate key/);
    });
    it('refuses a featured bundle with priority below 1 or an unknown bundle', async () => {
      await expect(
        db.query(`INSERT INTO featured_bundles (bundle_name, featured_text, priority) VALUES ('space', 'x', 0)`),
      ).rejects.toThrow(/check constraint/);
      await expect(db.query(`INSERT INTO featured_bundles (bundle_name, featured_text, priority) VALUES ('nope', 'x', 1)`)).rejects.toThrow(
        /foreign key/,
      );
    });
    it('refuses a duplicate voucher code and a lower-case one', async () => {
      await db.query(`DELETE FROM voucher_codes WHERE code = 'DUPLICATE1'`);
      const insert = (c: string, email: string) =>
        db.query(
          `INSERT INTO voucher_codes (code, type, value, email, expires_at) VALUES ($1, 'share_incentive', 25, $2, now() + interval '30 days')`,
          [c, email],
        );
      await insert('DUPLICATE1', 'one@t.test');
      await expect(insert('DUPLICATE1', 'two@t.test')).rejects.toThrow(/duplicate key/);
      await expect(insert('lower1234', 'three@t.test')).rejects.toThrow(/check constraint/);
      await db.query(`DELETE FROM voucher_codes WHERE code = 'DUPLICATE1'`);
    });
  });
});
