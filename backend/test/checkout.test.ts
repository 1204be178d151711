import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { REDIS } from '../src/infra/redis.js';
import { VouchersService } from '../src/modules/vouchers/vouchers.service.js';
import { insertOrder, ordersOf } from './support/orders.js';
import { startTestApp } from './support/test-app.js';
import { magicCodeHash } from '../src/common/magic-code.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('checkout API (local test provider)', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let sceneIds: string[];
  const sessionIds: string[] = [];
  const voucherCodes: string[] = [];

  beforeAll(async () => {
    // The whole app as web.ts builds it, with the local test provider (no Stripe keys).
    ({ app, config } = await startTestApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    db = createDataSource(config);
    await db.initialize();
    sceneIds = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order`)).map((row: { id: string }) => row.id);
  });

  afterAll(async () => {
    await db.query(`DELETE FROM voucher_codes WHERE code = ANY($1)`, [voucherCodes]);
    await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [sessionIds]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());

  async function createSession(scenes: string[], voucherCode: string | null = null, expiresInMs = 30 * DAY_MS) {
    const magicCode = randomBytes(32).toString('hex');
    const [row] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, selected_scenes, voucher_code)
       VALUES ($1, 'Lily', 'parent@example.com', 3, $2, $3, $4) RETURNING id`,
      [magicCodeHash(magicCode), new Date(Date.now() + expiresInMs), scenes, voucherCode],
    );
    sessionIds.push(row.id);
    return { id: row.id as string, magicCode };
  }

  async function createVoucher(state: { used?: boolean; expiresInMs?: number } = {}) {
    const code = `SHARE-${randomBytes(4).toString('hex').toUpperCase()}`;
    await db.query(
      `INSERT INTO voucher_codes (code, type, value, email, expires_at, used) VALUES ($1, 'share_incentive', 25, $2, $3, $4)`,
      [code, `${code.toLowerCase()}@example.com`, new Date(Date.now() + (state.expiresInMs ?? 30 * DAY_MS)), state.used ?? false],
    );
    voucherCodes.push(code);
    return code;
  }

  it('answers 404 "Session not found" alike for a missing, malformed, unknown or expired magic code', async () => {
    const expired = await createSession(sceneIds.slice(0, 5), null, -1000);
    for (const code of [undefined, 'not-a-code', 'f'.repeat(64), expired.magicCode]) {
      const call = http().get('/api/checkout/summary');
      const res = await (code ? call.set('X-Magic-Code', code) : call).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: 'Session not found' });
    }
    await http().post('/api/checkout').set('X-Magic-Code', expired.magicCode).expect(404);
  });

  it('refuses a session with nothing chosen with "Please select some products first."', async () => {
    const { magicCode } = await createSession([]);
    const summary = await http().get('/api/checkout/summary').set('X-Magic-Code', magicCode).expect(400);
    expect(summary.body.message).toBe('Please select some products first.');
    const start = await http().post('/api/checkout').set('X-Magic-Code', magicCode).expect(400);
    expect(start.body.message).toBe('Please select some products first.');
  });

  it('summarises the order from the server: scene titles, pack, voucher and total', async () => {
    const code = await createVoucher();
    const chosen = sceneIds.slice(0, 6);
    const { magicCode } = await createSession(chosen, code.toLowerCase());
    const res = await http().get('/api/checkout/summary').set('X-Magic-Code', magicCode).expect(200);
    const titles = await db.query(`SELECT id, title FROM scenes WHERE id = ANY($1)`, [chosen]);
    expect(res.body.scenes).toEqual(chosen.map((id) => ({ id, title: titles.find((t: { id: string }) => t.id === id).title })));
    expect(res.body.price).toMatchObject({
      sceneCount: 6,
      packName: 'Adventure',
      subtotalPence: 299,
      voucher: { code, percent: 25 },
      discountPence: 75,
      totalPence: 224,
    });
    expect(res.body.voucherMessage).toBeNull();
    expect(res.body.product).toBe('custom_scenes');
  });

  it("lists the parent's own scenes by their title", async () => {
    const session = await createSession([]);
    const [custom] = await db.query(
      `INSERT INTO custom_scenes (session_id, title, user_prompt) VALUES ($1, 'Lily the pirate', 'Lily sails a ship on the sea') RETURNING id`,
      [session.id],
    );
    await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [session.id, [sceneIds[0], `custom:${custom.id}`]]);
    const res = await http().get('/api/checkout/summary').set('X-Magic-Code', session.magicCode).expect(200);
    expect(res.body.scenes[1]).toEqual({ id: `custom:${custom.id}`, title: 'Lily the pirate' });
    expect(res.body.price).toMatchObject({ sceneCount: 2, totalPence: 199 });
  });

  it.each([
    ['used', 'Voucher has already been used', { used: true }],
    ['expired', 'Voucher has expired', { expiresInMs: -1000 }],
  ])('prices without a voucher that has been %s and refuses to start checkout with "%s"', async (_state, message, voucherState) => {
    const code = await createVoucher(voucherState);
    const { magicCode } = await createSession(sceneIds.slice(0, 5), code);
    const summary = await http().get('/api/checkout/summary').set('X-Magic-Code', magicCode).expect(200);
    expect(summary.body.price).toMatchObject({ voucher: null, discountPence: 0, totalPence: 199 });
    expect(summary.body.voucherMessage).toBe(message);
    const start = await http().post('/api/checkout').set('X-Magic-Code', magicCode).expect(400);
    expect(start.body).toMatchObject({ message, errors: { voucherCode: message } });
  });

  it('refuses a voucher that does not exist with "Voucher code not found"', async () => {
    const { magicCode } = await createSession(sceneIds.slice(0, 5), 'NO-SUCH-CODE');
    const start = await http().post('/api/checkout').set('X-Magic-Code', magicCode).expect(400);
    expect(start.body.errors).toEqual({ voucherCode: 'Voucher code not found' });
  });

  it('answers "Error validating voucher" when the voucher cannot be checked at all, for the summary and for paying', async () => {
    const code = await createVoucher();
    const { magicCode } = await createSession(sceneIds.slice(0, 5), code);
    const check = jest.spyOn(app.get(VouchersService), 'check').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    try {
      const summary = await http().get('/api/checkout/summary').set('X-Magic-Code', magicCode).expect(500);
      expect(summary.body.message).toBe('Error validating voucher');
      const start = await http().post('/api/checkout').set('X-Magic-Code', magicCode).expect(500);
      expect(start.body.message).toBe('Error validating voucher');
    } finally {
      check.mockRestore();
    }
  });

  it("starts a checkout on the test provider's pay page, the same page for the same selection", async () => {
    const session = await createSession(sceneIds.slice(0, 5));
    const first = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
    expect(first.body.url).toMatch(new RegExp(`^${config.publicUrl}/api/payments/test-checkout/cs_test_[0-9a-f]{48}$`));
    const again = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
    expect(again.body.url).toBe(first.body.url);
    // One order, frozen as the selection stood, handed to the provider under its own id.
    const [order] = await ordersOf(db, session.id);
    expect(await ordersOf(db, session.id)).toHaveLength(1);
    expect(order).toMatchObject({
      items: sceneIds.slice(0, 5).map((sceneId) => ({ sceneId })),
      level: 3,
      subtotal_pence: 199,
      discount_pence: 0,
      total_pence: 199,
      paid_at: null,
    });
    expect(first.body.url.endsWith(order!.provider_session_id!)).toBe(true);
    // The last request with the code before payment holds it for the final email (the database has only its hash).
    const redis = app.get<Redis>(REDIS);
    expect(await redis.get(`final-email-code:${session.id}`)).toBe(session.magicCode);
    expect(await redis.ttl(`final-email-code:${session.id}`)).toBeGreaterThan(47 * 60 * 60);

    await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [session.id, sceneIds.slice(0, 6)]);
    const changed = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
    expect(changed.body.url).not.toBe(first.body.url);
    const page = await http().get(new URL(changed.body.url).pathname).expect(200);
    expect(page.text).toContain('Pay £2.99 (test)');
    // The changed selection is a new order; the first stays as it was frozen.
    const orders = await ordersOf(db, session.id);
    expect(orders).toHaveLength(2);
    expect(orders[0]).toEqual(order);
    expect(orders[1]).toMatchObject({ items: sceneIds.slice(0, 6).map((sceneId) => ({ sceneId })), total_pence: 299, paid_at: null });
    expect(changed.body.url.endsWith(orders[1]!.provider_session_id!)).toBe(true);
  });

  it('sends a parent whose order is already paid to the thank-you page instead of paying twice', async () => {
    const session = await createSession(sceneIds.slice(0, 5));
    await insertOrder(db, session.id, { totalPence: 199, paid: true, providerSessionId: `cs_test_paid_${session.id}` });
    const res = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
    expect(res.body.url).toBe(`${config.publicUrl}/thank-you?session_id=cs_test_paid_${session.id}`);
    expect(await ordersOf(db, session.id)).toHaveLength(1);
  });
});
