import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Logger, LoggerModule } from 'nestjs-pino';
import Stripe from 'stripe';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ApiErrorFilter } from '../src/common/api-error.filter.js';
import { loggerParams } from '../src/common/logging.js';
import { createValidationPipe } from '../src/common/validation.js';
import { ConfigModule } from '../src/config/config.module.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { createDataSource, dataSourceOptions } from '../src/database/data-source.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { InfraModule } from '../src/infra/infra.module.js';
import { JobName, jobId, JobsModule, QUEUES, QueueName, type Queues } from '../src/infra/jobs.js';
import { createPaymentsProvider, PaymentsProvider, StripePayments, TestPayments, webhookSigningSecret } from '../src/infra/payments.js';
import type { Redis } from 'ioredis';
import { OrdersModule } from '../src/modules/orders/index.js';
import { VouchersService } from '../src/modules/vouchers/vouchers.service.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import { insertOrder, orderRow, ordersOf } from './support/orders.js';

const quiet = { info: () => {}, warn: () => {} };
const DAY_MS = 24 * 60 * 60 * 1000;
const STRIPE_KEY = 'sk_test_fake_key_for_the_fake_stripe';
const STRIPE_WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';

function testConfig(env: Record<string, string>): AppConfig {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('run with `node scripts/test.mjs backend`');
  return loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

/** The orders module (checkout, webhook, test pay page) on the real database and Redis, built like web.ts builds the app; no worker. */
async function startApp(config: AppConfig, provider?: PaymentsProvider): Promise<{ app: NestExpressApplication; url: string }> {
  let builder = Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      LoggerModule.forRoot(loggerParams(config)),
      TypeOrmModule.forRoot({ ...dataSourceOptions(config), autoLoadEntities: true }),
      InfraModule,
      JobsModule,
      ThrottlerModule.forRoot({ throttlers: [{ name: 'default', ttl: 60_000, limit: 1000 }] }),
      OrdersModule,
    ],
    providers: [
      { provide: APP_GUARD, useClass: ThrottlerGuard },
      { provide: APP_FILTER, useClass: ApiErrorFilter },
    ],
  });
  if (provider) builder = builder.overrideProvider(PaymentsProvider).useValue(provider);
  const app = (await builder.compile()).createNestApplication<NestExpressApplication>({
    bodyParser: false,
    rawBody: true,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '1mb' });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Stripe's API as the outside world: records every request, answers a Checkout Session (or an error when told). */
async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const byIdempotencyKey = new Map<string, string>();
  const state = { failWith: null as null | number };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: new URLSearchParams(body) });
      res.setHeader('Content-Type', 'application/json');
      if (state.failWith) {
        res.writeHead(state.failWith).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the fake' } }));
        return;
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      const id = byIdempotencyKey.get(key) ?? `cs_test_fake_${randomBytes(8).toString('hex')}`;
      byIdempotencyKey.set(key, id);
      res.writeHead(200).end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, requests, state, close };
}

describe('payments', () => {
  let config: AppConfig;
  let app: NestExpressApplication;
  let baseUrl: string;
  let db: DataSource;
  let pdfQueue: Queue;
  let vouchers: VouchersService;
  let sceneIds: string[];
  const sessionIds: string[] = [];
  const voucherCodes: string[] = [];

  beforeAll(async () => {
    config = testConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    await prepareDatabase(config, quiet);
    ({ app, url: baseUrl } = await startApp(config));
    pdfQueue = app.get<Queues>(QUEUES)[QueueName.Pdf];
    vouchers = app.get(VouchersService);
    db = createDataSource(config);
    await db.initialize();
    sceneIds = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order`)).map((row: { id: string }) => row.id);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    const orderIds = (await db.query(`SELECT id FROM orders WHERE session_id = ANY($1::uuid[])`, [sessionIds])).map(
      (o: { id: string }) => o.id,
    );
    for (const orderId of orderIds) await (await printJob(orderId))?.remove();
    await db.query(`DELETE FROM payment_events WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
    await db.query(`DELETE FROM security_alerts WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
    await db.query(`DELETE FROM voucher_codes WHERE code = ANY($1)`, [voucherCodes]);
    await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [sessionIds]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(baseUrl);
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');

  async function createSession(sceneCount: number, voucherCode: string | null = null) {
    const magicCode = hex(32);
    const [row] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, selected_scenes, voucher_code)
       VALUES ($1, 'Lily', 'parent@example.com', 2, $2, $3, $4) RETURNING id`,
      [magicCodeHash(magicCode), new Date(Date.now() + 30 * DAY_MS), sceneIds.slice(0, sceneCount), voucherCode],
    );
    sessionIds.push(row.id);
    return { id: row.id as string, magicCode };
  }

  async function createVoucher() {
    const code = `SHARE-${hex(4).toUpperCase()}`;
    await db.query(`INSERT INTO voucher_codes (code, type, value, email, expires_at) VALUES ($1, 'share_incentive', 25, $2, $3)`, [
      code,
      `${code.toLowerCase()}@example.com`,
      new Date(Date.now() + 30 * DAY_MS),
    ]);
    voucherCodes.push(code);
    return code;
  }

  /**
   * The order checkout would have frozen for this session's selection (level 2, as createSession makes it), at the
   * price given: e.g. 5 scenes 199, with a 25% voucher total 149 of subtotal 199; 6 scenes 299, with the voucher 224.
   */
  async function createOrder(session: { id: string }, price: { totalPence: number; subtotalPence?: number; voucherCode?: string }) {
    const subtotalPence = price.subtotalPence ?? price.totalPence;
    return insertOrder(db, session.id, {
      level: 2,
      voucherCode: price.voucherCode ?? null,
      subtotalPence,
      discountPence: subtotalPence - price.totalPence,
      totalPence: price.totalPence,
    });
  }

  /** What the webhook changes on an order: its payment and its PDF. */
  async function paymentOf(orderId: string) {
    const { amount_paid_pence, paid_at, provider_session_id, pdf_status } = await orderRow(db, orderId);
    return { amount_paid_pence, paid_at, provider_session_id, pdf_status };
  }

  /** When the session's selection was frozen by a payment (null while unpaid). */
  async function sessionPaidAt(id: string): Promise<Date | null> {
    const [row] = await db.query(`SELECT paid_at FROM sessions WHERE id = $1`, [id]);
    return (row as { paid_at: Date | null }).paid_at;
  }

  const printJob = (orderId: string) => pdfQueue.getJob(jobId(JobName.PrintOrder, { orderId }));

  async function voucherRow(code: string) {
    const [row] = await db.query(`SELECT used, used_by_session FROM voucher_codes WHERE code = $1`, [code]);
    return row as { used: boolean; used_by_session: string | null };
  }

  async function eventCount(eventId: string): Promise<number> {
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM payment_events WHERE event_id = $1`, [eventId]);
    return count;
  }

  async function alerts(sessionId: string) {
    return db.query(`SELECT kind, severity, details FROM security_alerts WHERE session_id = $1`, [sessionId]) as Promise<
      { kind: string; severity: string; details: Record<string, unknown> }[]
    >;
  }

  interface EventOptions {
    eventId?: string;
    amount?: number | null;
    currency?: string;
    providerSessionId?: string;
    paymentStatus?: string;
  }

  /** A Checkout Session event for an order as Stripe sends it; answers the JSON body and its event id. */
  function checkoutEvent(type: string, order: { id: string; session_id: string }, options: EventOptions = {}) {
    const id = options.eventId ?? `evt_${hex(12)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: options.providerSessionId ?? `cs_test_${hex(12)}`,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: options.amount === undefined ? 199 : options.amount,
          currency: options.currency ?? 'gbp',
          payment_status: options.paymentStatus ?? 'paid',
          client_reference_id: order.id,
          metadata: { orderId: order.id, sessionId: order.session_id },
        },
      },
    });
    return { id, payload };
  }

  const sign = (payload: string, secret = webhookSigningSecret(config), timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  const deliver = (payload: string, signature: string | null = sign(payload), to = baseUrl) => {
    const call = request(to).post('/api/payments/webhook').set('Content-Type', 'application/json');
    return (signature === null ? call : call.set('Stripe-Signature', signature)).send(payload);
  };

  describe('the local test provider', () => {
    it("shows a pay page with 'Pay £x.xx (test)' and 'Cancel' that allows only 'self' and works without JavaScript", async () => {
      const session = await createSession(5);
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const path = new URL(body.url).pathname;
      const page = await http().get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'(;|$)/);
      expect(page.headers['content-security-policy']).not.toMatch(/unsafe|\*|https?:/);
      expect(page.text).toContain('<html lang="en-GB">');
      expect(page.text).toContain(`<form method="post" action="${path}/pay">`);
      expect(page.text).toContain('<button type="submit">Pay £1.99 (test)</button>');
      expect(page.text).toContain(`<form method="post" action="${path}/cancel">`);
      expect(page.text).toContain('<button type="submit">Cancel</button>');
      expect(page.text).not.toContain('<script');
    });

    it('pays through the signed webhook path: order paid, event recorded, PDF job queued, browser sent to thank-you', async () => {
      const session = await createSession(5);
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const path = new URL(body.url).pathname;
      const checkoutId = path.split('/').pop()!;
      const verified = jest.spyOn(Stripe.webhooks, 'constructEvent');

      const paid = await http().post(`${path}/pay`).type('form').send('').expect(303);

      expect(paid.headers.location).toBe(`${config.publicUrl}/thank-you?session_id=${checkoutId}`);
      expect(verified).toHaveBeenCalledTimes(1);
      const orders = await ordersOf(db, session.id);
      expect(orders).toHaveLength(1);
      const order = orders[0]!;
      expect(order).toMatchObject({ amount_paid_pence: 199, provider_session_id: checkoutId, pdf_status: 'generating' });
      expect(order.paid_at).toBeInstanceOf(Date);
      expect(await sessionPaidAt(session.id)).toEqual(order.paid_at);
      const [event] = await db.query(`SELECT event_id, type, order_id FROM payment_events WHERE session_id = $1`, [session.id]);
      expect(event).toMatchObject({ type: 'checkout.session.completed', order_id: order.id });
      const job = await printJob(order.id);
      expect(job?.name).toBe(JobName.PrintOrder);
      expect(job?.data).toEqual({ orderId: order.id });

      // Paying twice (a double click) is the same event again: nothing more happens.
      await http().post(`${path}/pay`).type('form').send('').expect(303);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM payment_events WHERE session_id = $1`, [session.id]);
      expect(count).toBe(1);
      expect(await orderRow(db, order.id)).toEqual(order);
    });

    it('cancels back to /checkout and leaves the order and the session unpaid', async () => {
      const session = await createSession(5);
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const res = await http()
        .post(`${new URL(body.url).pathname}/cancel`)
        .type('form')
        .send('')
        .expect(303);
      expect(res.headers.location).toBe(`${config.publicUrl}/checkout`);
      const orders = await ordersOf(db, session.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.paid_at).toBeNull();
      expect(await sessionPaidAt(session.id)).toBeNull();
    });

    it('answers 404 for a pay page that does not exist', async () => {
      await http()
        .get(`/api/payments/test-checkout/cs_test_${hex(24)}`)
        .expect(404);
      await http().post('/api/payments/test-checkout/nonsense/pay').expect(404);
    });
  });

  describe('the webhook', () => {
    it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      const { id, payload } = checkoutEvent('checkout.session.completed', order);
      const wrongSecret = await deliver(payload, sign(payload, 'whsec_somebody_else')).expect(400);
      expect(wrongSecret.body.message).toBe('Webhook signature verification failed');
      await deliver(payload, sign(payload.replace('"amount_total":199', '"amount_total":1'))).expect(400);
      await deliver(payload, null).expect(400);
      await deliver(payload, sign(payload, undefined, Math.floor(Date.now() / 1000) - 10 * 60)).expect(400);
      expect(await eventCount(id)).toBe(0);
      expect(await orderRow(db, order.id)).toEqual(order);
      expect(await paymentOf(order.id)).toMatchObject({ paid_at: null, pdf_status: null });
      expect(await sessionPaidAt(session.id)).toBeNull();
      expect(await printJob(order.id)).toBeNull();
    });

    it('answers a duplicate or a replayed delivery with 200 and changes nothing', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const order = await createOrder(session, { totalPence: 149, subtotalPence: 199, voucherCode: code });
      const event = checkoutEvent('checkout.session.completed', order, { amount: 149 });
      const signature = sign(event.payload);
      await deliver(event.payload, signature).expect(200, { received: true });
      const first = await orderRow(db, order.id);
      expect(first).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      const paidAt = await sessionPaidAt(session.id);
      expect(paidAt).toEqual(first.paid_at);
      const consumed = jest.spyOn(vouchers, 'consume');

      await deliver(event.payload, signature).expect(200, { received: true });
      await deliver(event.payload).expect(200, { received: true });

      expect(await orderRow(db, order.id)).toEqual(first);
      expect(await sessionPaidAt(session.id)).toEqual(paidAt);
      expect(await eventCount(event.id)).toBe(1);
      expect(consumed).not.toHaveBeenCalled();
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      expect(await alerts(session.id)).toEqual([]);
    });

    it('fulfils once when two identical events arrive at the same moment', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const order = await createOrder(session, { totalPence: 149, subtotalPence: 199, voucherCode: code });
      const event = checkoutEvent('checkout.session.completed', order, { amount: 149 });
      const consumed = jest.spyOn(vouchers, 'consume');

      const answers = await Promise.all([deliver(event.payload), deliver(event.payload)]);

      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(consumed).toHaveBeenCalledTimes(1);
      expect(await eventCount(event.id)).toBe(1);
      expect(await paymentOf(order.id)).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      expect(await sessionPaidAt(session.id)).toBeInstanceOf(Date);
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      const jobs = await pdfQueue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
      expect(jobs.filter((job) => job.id === jobId(JobName.PrintOrder, { orderId: order.id }))).toHaveLength(1);
    });

    it('consumes a voucher once when two different events for one order arrive at the same moment', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const order = await createOrder(session, { totalPence: 149, subtotalPence: 199, voucherCode: code });
      const providerSessionId = `cs_test_${hex(12)}`;
      const completed = checkoutEvent('checkout.session.completed', order, { amount: 149, providerSessionId });
      const succeeded = checkoutEvent('checkout.session.async_payment_succeeded', order, { amount: 149, providerSessionId });
      const consumed = jest.spyOn(vouchers, 'consume');

      await Promise.all([deliver(completed.payload).expect(200), deliver(succeeded.payload).expect(200)]);

      expect(consumed).toHaveBeenCalledTimes(1);
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      expect(await eventCount(completed.id)).toBe(1);
      expect(await eventCount(succeeded.id)).toBe(1);
      expect(await paymentOf(order.id)).toMatchObject({ amount_paid_pence: 149, provider_session_id: providerSessionId });
      expect(await alerts(session.id)).toEqual([]);
    });

    it('consumes a voucher once when two orders paid with it arrive at the same moment, and holds back the other with an alert', async () => {
      const code = await createVoucher();
      const first = await createSession(5, code);
      const second = await createSession(5, code);
      const orders = await Promise.all(
        [first, second].map((s) => createOrder(s, { totalPence: 149, subtotalPence: 199, voucherCode: code })),
      );
      const events = orders.map((o) => checkoutEvent('checkout.session.completed', o, { amount: 149 }));

      await Promise.all(events.map((e) => deliver(e.payload).expect(200)));

      const voucher = await voucherRow(code);
      expect(voucher.used).toBe(true);
      const [winner, loser] = voucher.used_by_session === first.id ? [orders[0]!, orders[1]!] : [orders[1]!, orders[0]!];
      expect(await paymentOf(winner.id)).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      expect(await sessionPaidAt(winner.session_id)).toBeInstanceOf(Date);
      expect(await paymentOf(loser.id)).toMatchObject({ paid_at: null, pdf_status: null });
      expect(await sessionPaidAt(loser.session_id)).toBeNull();
      expect(await printJob(loser.id)).toBeNull();
      expect(await alerts(loser.session_id)).toEqual([
        {
          kind: 'payment_amount_mismatch',
          severity: 'critical',
          details: expect.objectContaining({
            orderId: loser.id,
            amountPence: 149,
            expectedPence: 199,
            voucherCode: code,
            voucherApplied: false,
          }),
        },
      ]);
    });

    it('does not fulfil an amount that is not the order’s price: it raises one admin alert, even when replayed', async () => {
      const session = await createSession(6);
      const order = await createOrder(session, { totalPence: 299 });
      const event = checkoutEvent('checkout.session.completed', order, { amount: 199 });
      await deliver(event.payload).expect(200);
      await deliver(event.payload).expect(200);
      expect(await paymentOf(order.id)).toMatchObject({ paid_at: null, amount_paid_pence: null, pdf_status: null });
      expect(await sessionPaidAt(session.id)).toBeNull();
      expect(await eventCount(event.id)).toBe(1);
      expect(await printJob(order.id)).toBeNull();
      expect(await alerts(session.id)).toEqual([
        {
          kind: 'payment_amount_mismatch',
          severity: 'critical',
          details: expect.objectContaining({ eventId: event.id, orderId: order.id, amountPence: 199, expectedPence: 299 }),
        },
      ]);
    });

    it('does not fulfil the right number of pence in another currency', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      await deliver(checkoutEvent('checkout.session.completed', order, { currency: 'usd' }).payload).expect(200);
      expect((await paymentOf(order.id)).paid_at).toBeNull();
      expect(await sessionPaidAt(session.id)).toBeNull();
      expect((await alerts(session.id)).map((a) => a.kind)).toEqual(['payment_amount_mismatch']);
    });

    it('waits for a delayed payment: async_payment_failed leaves the order unpaid', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      const providerSessionId = `cs_test_${hex(12)}`;
      await deliver(checkoutEvent('checkout.session.completed', order, { paymentStatus: 'unpaid', providerSessionId }).payload).expect(200);
      expect((await paymentOf(order.id)).paid_at).toBeNull();
      await deliver(
        checkoutEvent('checkout.session.async_payment_failed', order, { paymentStatus: 'unpaid', providerSessionId }).payload,
      ).expect(200);
      expect(await paymentOf(order.id)).toMatchObject({ paid_at: null, amount_paid_pence: null, pdf_status: null });
      expect(await sessionPaidAt(session.id)).toBeNull();
      expect(await printJob(order.id)).toBeNull();
    });

    it('fulfils a delayed payment on async_payment_succeeded', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      const providerSessionId = `cs_test_${hex(12)}`;
      await deliver(checkoutEvent('checkout.session.completed', order, { paymentStatus: 'unpaid', providerSessionId }).payload).expect(200);
      await deliver(checkoutEvent('checkout.session.async_payment_succeeded', order, { providerSessionId }).payload).expect(200);
      expect(await paymentOf(order.id)).toMatchObject({
        amount_paid_pence: 199,
        provider_session_id: providerSessionId,
        pdf_status: 'generating',
      });
      expect(await sessionPaidAt(session.id)).toBeInstanceOf(Date);
      expect(await printJob(order.id)).not.toBeNull();
    });

    it('alerts the admin when an order already paid is paid again through another checkout', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      await deliver(checkoutEvent('checkout.session.completed', order).payload).expect(200);
      const paid = await orderRow(db, order.id);
      expect(paid.paid_at).toBeInstanceOf(Date);
      await deliver(checkoutEvent('checkout.session.completed', order).payload).expect(200);
      expect(await orderRow(db, order.id)).toEqual(paid);
      expect((await alerts(session.id)).map((a) => a.kind)).toEqual(['duplicate_payment']);

      // Another order of the same session (a second tab's checkout) paid as well: still one paid order, one more alert.
      const other = await createOrder(session, { totalPence: 199 });
      await deliver(checkoutEvent('checkout.session.completed', other).payload).expect(200);
      expect(await orderRow(db, other.id)).toEqual(other);
      expect(await orderRow(db, order.id)).toEqual(paid);
      expect(await printJob(other.id)).toBeNull();
      expect((await alerts(session.id)).map((a) => a.kind)).toEqual(['duplicate_payment', 'duplicate_payment']);
    });

    it('records an event for no known order, or of a type it does not act on, and answers 200', async () => {
      const stranger = checkoutEvent('checkout.session.completed', {
        id: '00000000-0000-4000-8000-000000000000',
        session_id: '00000000-0000-4000-8000-000000000001',
      });
      await deliver(stranger.payload).expect(200);
      expect(await eventCount(stranger.id)).toBe(1);
      const other = {
        id: `evt_${hex(12)}`,
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      };
      await deliver(JSON.stringify(other)).expect(200);
      expect(await eventCount(other.id)).toBe(1);
      await db.query(`DELETE FROM payment_events WHERE event_id = ANY($1)`, [[stranger.id, other.id]]);
    });
  });

  describe('an order frozen at checkout', () => {
    const save = (session: { magicCode: string }, scenes: number) =>
      http()
        .put('/api/sessions/current/selection')
        .set('X-Magic-Code', session.magicCode)
        .send({ level: 2, selectedScenes: sceneIds.slice(0, scenes) })
        .expect(200);

    it('is what is paid and printed, whatever selection is saved after checkout started', async () => {
      const session = await createSession(5);
      await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const [order] = await ordersOf(db, session.id);
      expect(order).toMatchObject({ total_pence: 199, items: sceneIds.slice(0, 5).map((sceneId) => ({ sceneId })) });

      // Another tab saves 9 scenes (£2.99) while the card provider takes £1.99 for the order checkout froze.
      const saved = await save(session, 9);
      expect(saved.body.price).toMatchObject({ sceneCount: 9, totalPence: 299 });
      await deliver(checkoutEvent('checkout.session.completed', order!, { amount: 199 }).payload).expect(200);

      const paid = await orderRow(db, order!.id);
      expect(paid).toMatchObject({ amount_paid_pence: 199, pdf_status: 'generating', total_pence: 199 });
      expect(paid.paid_at).toBeInstanceOf(Date);
      expect(paid.items).toEqual(sceneIds.slice(0, 5).map((sceneId) => ({ sceneId })));
      expect(await sessionPaidAt(session.id)).toEqual(paid.paid_at);
      expect(await alerts(session.id)).toEqual([]);
      expect((await printJob(order!.id))?.data).toEqual({ orderId: order!.id });
    });

    it('starts a new order when checkout is started again after the selection changed, leaving the first as it was', async () => {
      const session = await createSession(5);
      const first = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const [frozen] = await ordersOf(db, session.id);

      await save(session, 9);
      const again = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);

      expect(again.body.url).not.toBe(first.body.url);
      const orders = await ordersOf(db, session.id);
      expect(orders).toHaveLength(2);
      expect(orders[0]).toEqual(frozen);
      expect(orders[1]).toMatchObject({
        items: sceneIds.slice(0, 9).map((sceneId) => ({ sceneId })),
        subtotal_pence: 299,
        total_pence: 299,
        paid_at: null,
      });
      expect(orders[1]!.id).not.toBe(frozen!.id);

      // The first order's payment still pays the first order's price, for its scenes.
      await deliver(checkoutEvent('checkout.session.completed', frozen!, { amount: 199 }).payload).expect(200);
      expect(await paymentOf(frozen!.id)).toMatchObject({ amount_paid_pence: 199, pdf_status: 'generating' });
      expect(await orderRow(db, orders[1]!.id)).toEqual(orders[1]);
      expect(await alerts(session.id)).toEqual([]);
    });
  });

  describe('with Stripe', () => {
    let stripeApp: NestExpressApplication;
    let stripeUrl: string;
    let fake: Awaited<ReturnType<typeof startFakeStripe>>;

    beforeAll(async () => {
      fake = await startFakeStripe();
      const stripeConfig = testConfig({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET });
      const adapter = new StripePayments(STRIPE_KEY, STRIPE_WEBHOOK_SECRET, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
      ({ app: stripeApp, url: stripeUrl } = await startApp(stripeConfig, adapter));
    });

    afterAll(async () => {
      await stripeApp.close();
      await fake.close();
    });

    beforeEach(() => {
      fake.requests.length = 0;
      fake.state.failWith = null;
    });

    it('creates a Checkout Session in pence and GBP, with the order and session ids as metadata and an idempotency key per order', async () => {
      const code = await createVoucher();
      const session = await createSession(6, code);
      const res = await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);

      const [order] = await ordersOf(db, session.id);
      expect(order).toMatchObject({ voucher_code: code, subtotal_pence: 299, discount_pence: 75, total_pence: 224 });
      expect(fake.requests).toHaveLength(1);
      const [sent] = fake.requests;
      expect(sent.method).toBe('POST');
      expect(sent.path).toBe('/v1/checkout/sessions');
      expect(sent.headers.authorization).toBe(`Bearer ${STRIPE_KEY}`);
      expect(sent.headers['idempotency-key']).toMatch(new RegExp(`^checkout-${session.id}-[0-9a-f]{32}$`));
      const form = Object.fromEntries(sent.form);
      expect(form).toMatchObject({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'gbp',
        'line_items[0][price_data][unit_amount]': '224',
        'line_items[0][price_data][product_data][name]': 'Adventure Pack: 6 personalised colouring pages',
        'metadata[orderId]': order!.id,
        'metadata[sessionId]': session.id,
        'payment_intent_data[metadata][orderId]': order!.id,
        'payment_intent_data[metadata][sessionId]': session.id,
        client_reference_id: order!.id,
        customer_email: 'parent@example.com',
        success_url: `${config.publicUrl}/thank-you?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.publicUrl}/checkout`,
      });
      expect(form['line_items[0][price_data][product_data][description]']).toContain(`voucher ${code}: 25% off £2.99`);
      // Wallets come with Checkout's own payment method choice, so no method list is sent.
      expect(Object.keys(form).some((key) => key.startsWith('payment_method_types'))).toBe(false);
      expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);
      expect((await orderRow(db, order!.id)).provider_session_id).toBe(res.body.url.split('/').pop());

      // The same order (a double click, a second try) carries the same key; a changed selection is a new order and key.
      await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      expect(fake.requests[1].headers['idempotency-key']).toBe(sent.headers['idempotency-key']);
      expect(await ordersOf(db, session.id)).toHaveLength(1);
      await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [session.id, sceneIds.slice(0, 7)]);
      await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      expect(fake.requests[2].headers['idempotency-key']).not.toBe(sent.headers['idempotency-key']);
      const orders = await ordersOf(db, session.id);
      expect(orders).toHaveLength(2);
      expect(Object.fromEntries(fake.requests[2].form)['metadata[orderId]']).toBe(orders[1]!.id);
    });

    it('answers 502 "Failed to start checkout. Please try again." when Stripe refuses', async () => {
      fake.state.failWith = 400;
      const session = await createSession(5);
      const res = await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(502);
      expect(res.body.message).toBe('Failed to start checkout. Please try again.');
      // The order was frozen before the provider was asked; it has no payment page and stays unpaid.
      const orders = await ordersOf(db, session.id);
      expect(orders.map((o) => ({ provider: o.provider_session_id, paid: o.paid_at }))).toEqual([{ provider: null, paid: null }]);
    });

    it('fulfils an event signed with STRIPE_WEBHOOK_SECRET and refuses one signed with the test provider’s secret', async () => {
      const session = await createSession(5);
      const order = await createOrder(session, { totalPence: 199 });
      const forged = checkoutEvent('checkout.session.completed', order);
      await deliver(forged.payload, sign(forged.payload, webhookSigningSecret({ ...config, stripe: {} })), stripeUrl).expect(400);
      expect(await orderRow(db, order.id)).toEqual(order);
      const real = checkoutEvent('checkout.session.completed', order);
      await deliver(real.payload, sign(real.payload, STRIPE_WEBHOOK_SECRET), stripeUrl).expect(200);
      expect(await paymentOf(order.id)).toMatchObject({ amount_paid_pence: 199, pdf_status: 'generating' });
      expect(await sessionPaidAt(session.id)).toBeInstanceOf(Date);
    });

    it('hides the test provider’s pages', async () => {
      await request(stripeUrl)
        .get(`/api/payments/test-checkout/cs_test_${hex(24)}`)
        .expect(404);
    });
  });

  describe('choosing the provider', () => {
    const redis = {} as Redis;

    it('uses Stripe when STRIPE_SECRET_KEY is set', () => {
      expect(
        createPaymentsProvider({ ...config, stripe: { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET } }, redis),
      ).toBeInstanceOf(StripePayments);
    });

    it('uses the test provider without Stripe keys outside production, signing with a secret derived from SESSION_SECRET', () => {
      expect(createPaymentsProvider({ ...config, stripe: {} }, redis)).toBeInstanceOf(TestPayments);
      const secret = webhookSigningSecret({ ...config, stripe: {} });
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toContain(config.sessionSecret);
      expect(webhookSigningSecret({ ...config, sessionSecret: 'x'.repeat(40), stripe: {} })).not.toBe(secret);
    });

    it('never uses the test provider in production', () => {
      expect(() => createPaymentsProvider({ ...config, isProduction: true, stripe: {} }, redis)).toThrow('STRIPE_SECRET_KEY');
    });
  });
});
