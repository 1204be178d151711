import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bull';
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
import { createPaymentsProvider, PaymentsProvider, StripePayments, TestPayments, webhookSigningSecret } from '../src/infra/payments.js';
import type { Redis } from 'ioredis';
import { CheckoutModule } from '../src/modules/checkout/checkout.module.js';
import { JobsModule } from '../src/modules/jobs/jobs.module.js';
import { QueueName } from '../src/modules/jobs/queues.js';
import { PaymentsModule } from '../src/modules/payments/payments.module.js';
import { VouchersModule } from '../src/modules/vouchers/vouchers.module.js';
import { VouchersService } from '../src/modules/vouchers/vouchers.service.js';
import { magicCodeHash } from '../src/common/magic-code.js';

const quiet = { info: () => {}, warn: () => {} };
const DAY_MS = 24 * 60 * 60 * 1000;
const STRIPE_KEY = 'sk_test_fake_key_for_the_fake_stripe';
const STRIPE_WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';

function testConfig(env: Record<string, string>): AppConfig {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('run with `node scripts/test.mjs backend`');
  return loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

/** The payments, checkout and vouchers modules on the real database and Redis, built like web.ts builds the app. */
async function startApp(config: AppConfig, provider?: PaymentsProvider): Promise<{ app: NestExpressApplication; url: string }> {
  let builder = Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      LoggerModule.forRoot(loggerParams(config)),
      TypeOrmModule.forRoot({ ...dataSourceOptions(config), autoLoadEntities: true }),
      InfraModule,
      JobsModule,
      ThrottlerModule.forRoot({ throttlers: [{ name: 'default', ttl: 60_000, limit: 1000 }] }),
      VouchersModule,
      PaymentsModule,
      CheckoutModule,
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
    pdfQueue = app.get<Queue>(getQueueToken(QueueName.Pdf));
    vouchers = app.get(VouchersService);
    db = createDataSource(config);
    await db.initialize();
    sceneIds = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order`)).map((row: { id: string }) => row.id);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    for (const id of sessionIds) await (await pdfQueue.getJob(id))?.remove();
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

  async function sessionRow(id: string) {
    const [row] = await db.query(`SELECT amount_paid_pence, paid_at, payment_provider_session_id, pdf_status FROM sessions WHERE id = $1`, [
      id,
    ]);
    return row as {
      amount_paid_pence: number | null;
      paid_at: Date | null;
      payment_provider_session_id: string | null;
      pdf_status: string | null;
    };
  }

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

  /** A Checkout Session event as Stripe sends it; answers the JSON body and its event id. */
  function checkoutEvent(type: string, sessionId: string, options: EventOptions = {}) {
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
          client_reference_id: sessionId,
          metadata: { sessionId },
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

    it('pays through the signed webhook path: session paid, event recorded, PDF job queued, browser sent to thank-you', async () => {
      const session = await createSession(5);
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const path = new URL(body.url).pathname;
      const checkoutId = path.split('/').pop()!;
      const verified = jest.spyOn(Stripe.webhooks, 'constructEvent');

      const paid = await http().post(`${path}/pay`).type('form').send('').expect(303);

      expect(paid.headers.location).toBe(`${config.publicUrl}/thank-you?session_id=${checkoutId}`);
      expect(verified).toHaveBeenCalledTimes(1);
      expect(await sessionRow(session.id)).toMatchObject({
        amount_paid_pence: 199,
        payment_provider_session_id: checkoutId,
        pdf_status: 'generating',
      });
      expect((await sessionRow(session.id)).paid_at).toBeInstanceOf(Date);
      const [event] = await db.query(`SELECT event_id, type FROM payment_events WHERE session_id = $1`, [session.id]);
      expect(event.type).toBe('checkout.session.completed');
      const job = await pdfQueue.getJob(session.id);
      expect(job?.name).toBe('render');
      expect(job?.data).toEqual({ sessionId: session.id });

      // Paying twice (a double click) is the same event again: nothing more happens.
      await http().post(`${path}/pay`).type('form').send('').expect(303);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM payment_events WHERE session_id = $1`, [session.id]);
      expect(count).toBe(1);
    });

    it('cancels back to /checkout and leaves the session unpaid', async () => {
      const session = await createSession(5);
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const res = await http()
        .post(`${new URL(body.url).pathname}/cancel`)
        .type('form')
        .send('')
        .expect(303);
      expect(res.headers.location).toBe(`${config.publicUrl}/checkout`);
      expect((await sessionRow(session.id)).paid_at).toBeNull();
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
      const { id, payload } = checkoutEvent('checkout.session.completed', session.id);
      const wrongSecret = await deliver(payload, sign(payload, 'whsec_somebody_else')).expect(400);
      expect(wrongSecret.body.message).toBe('Webhook signature verification failed');
      await deliver(payload, sign(payload.replace('"amount_total":199', '"amount_total":1'))).expect(400);
      await deliver(payload, null).expect(400);
      await deliver(payload, sign(payload, undefined, Math.floor(Date.now() / 1000) - 10 * 60)).expect(400);
      expect(await eventCount(id)).toBe(0);
      expect(await sessionRow(session.id)).toMatchObject({ paid_at: null, pdf_status: null });
      expect(await pdfQueue.getJob(session.id)).toBeNull();
    });

    it('answers a duplicate or a replayed delivery with 200 and changes nothing', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const event = checkoutEvent('checkout.session.completed', session.id, { amount: 149 });
      const signature = sign(event.payload);
      await deliver(event.payload, signature).expect(200, { received: true });
      const first = await sessionRow(session.id);
      expect(first).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      const consumed = jest.spyOn(vouchers, 'consume');

      await deliver(event.payload, signature).expect(200, { received: true });
      await deliver(event.payload).expect(200, { received: true });

      expect(await sessionRow(session.id)).toEqual(first);
      expect(await eventCount(event.id)).toBe(1);
      expect(consumed).not.toHaveBeenCalled();
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      expect(await alerts(session.id)).toEqual([]);
    });

    it('fulfils once when two identical events arrive at the same moment', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const event = checkoutEvent('checkout.session.completed', session.id, { amount: 149 });
      const consumed = jest.spyOn(vouchers, 'consume');

      const answers = await Promise.all([deliver(event.payload), deliver(event.payload)]);

      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(consumed).toHaveBeenCalledTimes(1);
      expect(await eventCount(event.id)).toBe(1);
      expect(await sessionRow(session.id)).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      const jobs = await pdfQueue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
      expect(jobs.filter((job) => job.id === session.id)).toHaveLength(1);
    });

    it('consumes a voucher once when two different events for one order arrive at the same moment', async () => {
      const code = await createVoucher();
      const session = await createSession(5, code);
      const providerSessionId = `cs_test_${hex(12)}`;
      const completed = checkoutEvent('checkout.session.completed', session.id, { amount: 149, providerSessionId });
      const succeeded = checkoutEvent('checkout.session.async_payment_succeeded', session.id, { amount: 149, providerSessionId });
      const consumed = jest.spyOn(vouchers, 'consume');

      await Promise.all([deliver(completed.payload).expect(200), deliver(succeeded.payload).expect(200)]);

      expect(consumed).toHaveBeenCalledTimes(1);
      expect(await voucherRow(code)).toEqual({ used: true, used_by_session: session.id });
      expect(await eventCount(completed.id)).toBe(1);
      expect(await eventCount(succeeded.id)).toBe(1);
      expect(await sessionRow(session.id)).toMatchObject({ amount_paid_pence: 149, payment_provider_session_id: providerSessionId });
      expect(await alerts(session.id)).toEqual([]);
    });

    it('consumes a voucher once when two orders paid with it arrive at the same moment, and holds back the other with an alert', async () => {
      const code = await createVoucher();
      const first = await createSession(5, code);
      const second = await createSession(5, code);
      const events = [first, second].map((s) => checkoutEvent('checkout.session.completed', s.id, { amount: 149 }));

      await Promise.all(events.map((e) => deliver(e.payload).expect(200)));

      const voucher = await voucherRow(code);
      expect(voucher.used).toBe(true);
      const [winner, loser] = voucher.used_by_session === first.id ? [first, second] : [second, first];
      expect(await sessionRow(winner.id)).toMatchObject({ amount_paid_pence: 149, pdf_status: 'generating' });
      expect(await sessionRow(loser.id)).toMatchObject({ paid_at: null, pdf_status: null });
      expect(await pdfQueue.getJob(loser.id)).toBeNull();
      expect(await alerts(loser.id)).toEqual([
        {
          kind: 'payment_amount_mismatch',
          severity: 'critical',
          details: expect.objectContaining({ amountPence: 149, expectedPence: 199, voucherCode: code, voucherApplied: false }),
        },
      ]);
    });

    it('does not fulfil an amount that is not the server’s price: it raises one admin alert, even when replayed', async () => {
      const session = await createSession(6);
      const event = checkoutEvent('checkout.session.completed', session.id, { amount: 199 });
      await deliver(event.payload).expect(200);
      await deliver(event.payload).expect(200);
      expect(await sessionRow(session.id)).toMatchObject({ paid_at: null, amount_paid_pence: null, pdf_status: null });
      expect(await eventCount(event.id)).toBe(1);
      expect(await pdfQueue.getJob(session.id)).toBeNull();
      expect(await alerts(session.id)).toEqual([
        {
          kind: 'payment_amount_mismatch',
          severity: 'critical',
          details: expect.objectContaining({ eventId: event.id, amountPence: 199, expectedPence: 299 }),
        },
      ]);
    });

    it('does not fulfil the right number of pence in another currency', async () => {
      const session = await createSession(5);
      await deliver(checkoutEvent('checkout.session.completed', session.id, { currency: 'usd' }).payload).expect(200);
      expect((await sessionRow(session.id)).paid_at).toBeNull();
      expect((await alerts(session.id)).map((a) => a.kind)).toEqual(['payment_amount_mismatch']);
    });

    it('waits for a delayed payment: async_payment_failed leaves the session unpaid', async () => {
      const session = await createSession(5);
      const providerSessionId = `cs_test_${hex(12)}`;
      await deliver(checkoutEvent('checkout.session.completed', session.id, { paymentStatus: 'unpaid', providerSessionId }).payload).expect(
        200,
      );
      expect((await sessionRow(session.id)).paid_at).toBeNull();
      await deliver(
        checkoutEvent('checkout.session.async_payment_failed', session.id, { paymentStatus: 'unpaid', providerSessionId }).payload,
      ).expect(200);
      expect(await sessionRow(session.id)).toMatchObject({ paid_at: null, amount_paid_pence: null, pdf_status: null });
      expect(await pdfQueue.getJob(session.id)).toBeNull();
    });

    it('fulfils a delayed payment on async_payment_succeeded', async () => {
      const session = await createSession(5);
      const providerSessionId = `cs_test_${hex(12)}`;
      await deliver(checkoutEvent('checkout.session.completed', session.id, { paymentStatus: 'unpaid', providerSessionId }).payload).expect(
        200,
      );
      await deliver(checkoutEvent('checkout.session.async_payment_succeeded', session.id, { providerSessionId }).payload).expect(200);
      expect(await sessionRow(session.id)).toMatchObject({
        amount_paid_pence: 199,
        payment_provider_session_id: providerSessionId,
        pdf_status: 'generating',
      });
      expect(await pdfQueue.getJob(session.id)).not.toBeNull();
    });

    it('alerts the admin when an order already paid is paid again through another checkout', async () => {
      const session = await createSession(5);
      await deliver(checkoutEvent('checkout.session.completed', session.id).payload).expect(200);
      const paid = await sessionRow(session.id);
      await deliver(checkoutEvent('checkout.session.completed', session.id).payload).expect(200);
      expect(await sessionRow(session.id)).toEqual(paid);
      expect((await alerts(session.id)).map((a) => a.kind)).toEqual(['duplicate_payment']);
    });

    it('records an event for no known session, or of a type it does not act on, and answers 200', async () => {
      const stranger = checkoutEvent('checkout.session.completed', '00000000-0000-4000-8000-000000000000');
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

    it('creates a Checkout Session in pence and GBP, with the session id as metadata and an idempotency key per selection', async () => {
      const code = await createVoucher();
      const session = await createSession(6, code);
      const res = await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);

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
        'metadata[sessionId]': session.id,
        'payment_intent_data[metadata][sessionId]': session.id,
        client_reference_id: session.id,
        customer_email: 'parent@example.com',
        success_url: `${config.publicUrl}/thank-you?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.publicUrl}/checkout`,
      });
      expect(form['line_items[0][price_data][product_data][description]']).toContain(`voucher ${code}: 25% off £2.99`);
      // Wallets come with Checkout's own payment method choice, so no method list is sent.
      expect(Object.keys(form).some((key) => key.startsWith('payment_method_types'))).toBe(false);
      expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);

      await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      expect(fake.requests[1].headers['idempotency-key']).toBe(sent.headers['idempotency-key']);
      await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [session.id, sceneIds.slice(0, 7)]);
      await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      expect(fake.requests[2].headers['idempotency-key']).not.toBe(sent.headers['idempotency-key']);
    });

    it('answers 502 "Failed to start checkout. Please try again." when Stripe refuses', async () => {
      fake.state.failWith = 400;
      const session = await createSession(5);
      const res = await request(stripeUrl).post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(502);
      expect(res.body.message).toBe('Failed to start checkout. Please try again.');
      expect((await sessionRow(session.id)).payment_provider_session_id).toBeNull();
    });

    it('fulfils an event signed with STRIPE_WEBHOOK_SECRET and refuses one signed with the test provider’s secret', async () => {
      const session = await createSession(5);
      const forged = checkoutEvent('checkout.session.completed', session.id);
      await deliver(forged.payload, sign(forged.payload, webhookSigningSecret({ ...config, stripe: {} })), stripeUrl).expect(400);
      const real = checkoutEvent('checkout.session.completed', session.id);
      await deliver(real.payload, sign(real.payload, STRIPE_WEBHOOK_SECRET), stripeUrl).expect(200);
      expect(await sessionRow(session.id)).toMatchObject({ amount_paid_pence: 199, pdf_status: 'generating' });
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
