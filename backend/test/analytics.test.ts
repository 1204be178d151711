// First-party analytics (issue 12 §4, docs/decisions/031): the pages' endpoint (validation, rate limit, DNT and GPC,
// nothing personal kept), the server's own page views, the purchase from the webhook, the download, the admin's funnel,
// and the retention purge; on the real PostgreSQL and Redis, the clock moved.
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { FUNNEL_PERIOD_MESSAGE, type AdminFunnel, type FunnelStep } from '@colouring/domain';
import { magicCodeHash } from '../src/common/magic-code.js';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { RedisLock } from '../src/infra/redis-lock.js';
import { AnalyticsRetention, AnalyticsService, recordPageViews } from '../src/modules/analytics/index.js';
import { PdfFiles } from '../src/modules/pdf/index.js';
import { insertOrder } from './support/orders.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `funnel-${RUN}@example.com`;
const ADMIN_PASSWORD = `funnel password ${RUN}`;

interface EventRow {
  kind: string;
  path: string | null;
  category: string | null;
  label: string | null;
  value: string | null;
  currency: string | null;
  transaction_id: string | null;
  session_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}

describe('analytics', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let now: () => Date = () => new Date();
  let clientN = 0;

  beforeAll(async () => {
    // ROLE=web: the payment queues a print job that no worker of this app takes; nothing here needs the PDF printed.
    ({ app, config } = await startTestApp({ ROLE: 'web', ADMIN_EMAIL, ADMIN_PASSWORD }));
    db = createDataSource(config);
    await db.initialize();
    app.get(Clock).now = () => now();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [ADMIN_EMAIL]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const newClient = () => `198.19.${Number.parseInt(RUN.slice(0, 2), 16)}.${++clientN}`;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    http()
      .post('/api/analytics/events')
      .set('x-forwarded-for', newClient())
      .set(headers)
      .send(body as object);
  const rowsAt = (path: string): Promise<EventRow[]> => db.query(`SELECT * FROM analytics_events WHERE path = $1 ORDER BY id`, [path]);

  describe('POST /api/analytics/events', () => {
    it('records page views, SPEC’s generic events with custom fields and clicks, and answers how many', async () => {
      const path = `/probe-${RUN}-a`;
      const answer = await post({
        events: [
          { kind: 'page_view', path },
          {
            kind: 'event',
            path,
            category: 'thank_you',
            label: 'copy_magic_code',
            value: 1,
            data: { step: 2, ready: true, pack: 'adventure' },
          },
          { kind: 'click', path, label: 'get_started' },
        ],
      }).expect(202);
      expect(answer.body).toEqual({ recorded: 3 });
      const rows = await rowsAt(path);
      expect(rows.map((row) => row.kind)).toEqual(['page_view', 'event', 'click']);
      expect(rows[1]).toMatchObject({
        category: 'thank_you',
        label: 'copy_magic_code',
        value: '1',
        data: { step: 2, ready: true, pack: 'adventure' },
      });
      expect(rows.every((row) => row.session_id === null && row.currency === null && row.transaction_id === null)).toBe(true);
    });

    it('keeps no query string, code or id of a path, and drops the admin’s pages', async () => {
      const code = randomBytes(32).toString('hex');
      const answer = await post({
        events: [
          { kind: 'page_view', path: `/thank-you-${RUN}?session_id=cs_test_123&code=${code}` },
          { kind: 'page_view', path: `/continue-${RUN}/${code}` },
          { kind: 'page_view', path: '/admin/funnel' },
          { kind: 'page_view', path: `/contact-${RUN}/parent%40example.com` },
        ],
      }).expect(202);
      expect(answer.body).toEqual({ recorded: 2 });
      expect(await rowsAt(`/thank-you-${RUN}`)).toHaveLength(1);
      expect(await rowsAt(`/continue-${RUN}/:code`)).toHaveLength(1);
      const [{ leaks }] = await db.query(
        `SELECT count(*)::int AS leaks FROM analytics_events WHERE path LIKE '%?%' OR path LIKE '%' || $1 || '%' OR data::text LIKE '%@%'`,
        [code],
      );
      expect(leaks).toBe(0);
    });

    const BAD = `/bad-${RUN}`;
    it.each([
      ['no events', {}, 'events'],
      ['an empty batch', { events: [] }, 'events'],
      ['eleven events', { events: Array.from({ length: 11 }, () => ({ kind: 'page_view', path: BAD })) }, 'events'],
      ['a kind the server keeps for itself', { events: [{ kind: 'purchase', path: BAD, value: 0.01 }] }, 'events.0.kind'],
      ['another site’s address', { events: [{ kind: 'page_view', path: 'https://elsewhere.example/' }] }, 'events.0.path'],
      ['a protocol-relative address', { events: [{ kind: 'page_view', path: '//elsewhere.example/' }] }, 'events.0.path'],
      ['a path too long', { events: [{ kind: 'page_view', path: `/${'a'.repeat(200)}` }] }, 'events.0.path'],
      ['a label too long', { events: [{ kind: 'click', path: BAD, label: 'x'.repeat(101) }] }, 'events.0.label'],
      ['an email as a label', { events: [{ kind: 'event', path: BAD, label: 'parent@example.com' }] }, 'events.0.label'],
      [
        'a magic code as a category',
        { events: [{ kind: 'event', path: BAD, category: randomBytes(32).toString('hex') }] },
        'events.0.category',
      ],
      ['an email in a custom field', { events: [{ kind: 'event', path: BAD, data: { to: 'parent@example.com' } }] }, 'events.0.data'],
      ['a custom field of an object', { events: [{ kind: 'event', path: BAD, data: { nested: { a: 1 } } }] }, 'events.0.data'],
      [
        'nine custom fields',
        { events: [{ kind: 'event', path: BAD, data: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, i])) }] },
        'events.0.data',
      ],
      ['a value that is text', { events: [{ kind: 'event', path: BAD, value: '12' }] }, 'events.0.value'],
      ['an unknown field', { events: [{ kind: 'event', path: BAD, email: 'x' }] }, 'events.0.email'],
    ])('refuses %s with 400 naming the field, and records nothing', async (_name, body, field) => {
      const answer = await post(body).expect(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(Object.keys(answer.body.errors)).toContain(field);
      expect(await rowsAt(BAD)).toEqual([]);
    });

    it('honours Do Not Track and Global Privacy Control: 202, nothing kept', async () => {
      const path = `/probe-${RUN}-dnt`;
      for (const header of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[]) {
        const answer = await post({ events: [{ kind: 'page_view', path }] }, header).expect(202);
        expect(answer.body).toEqual({ recorded: 0 });
      }
      expect(await rowsAt(path)).toEqual([]);
      await post({ events: [{ kind: 'page_view', path }] }, { DNT: '0' }).expect(202, { recorded: 1 });
    });

    it('refuses another site’s page (403) and a body that is not JSON (400)', async () => {
      await post({ events: [{ kind: 'page_view', path: `/probe-${RUN}-x` }] }, { 'Sec-Fetch-Site': 'cross-site' }).expect(403);
      await post({ events: [{ kind: 'page_view', path: `/probe-${RUN}-x` }] }, { 'Sec-Fetch-Site': 'same-site' }).expect(403);
      await http()
        .post('/api/analytics/events')
        .set('x-forwarded-for', newClient())
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ events: [{ kind: 'page_view', path: `/probe-${RUN}-x` }] }))
        .expect(400);
      expect(await rowsAt(`/probe-${RUN}-x`)).toEqual([]);
      await post({ events: [{ kind: 'page_view', path: `/probe-${RUN}-x` }] }, { 'Sec-Fetch-Site': 'same-origin' }).expect(202);
    });

    it('limits one client to 60 posts a minute (429), others unaffected', async () => {
      const ip = newClient();
      const send = (from: string) =>
        http()
          .post('/api/analytics/events')
          .set('x-forwarded-for', from)
          .set('DNT', '1')
          .send({ events: [{ kind: 'page_view', path: '/' }] });
      for (let i = 0; i < 60; i += 1) await send(ip).expect(202);
      const refused = await send(ip).expect(429);
      expect(refused.body.code).toBe('rate_limited');
      await send(newClient()).expect(202);
    });
  });

  describe('page views the server records when it renders a page', () => {
    /** The real middleware and service in front of a stand-in page: 200 HTML, or what `status` says. */
    function pages() {
      const site = express();
      site.use(recordPageViews(app.get(AnalyticsService), config.publicUrl));
      site.use((req, res) => {
        const status = Number(req.query.status ?? 200);
        if (req.path.endsWith('.data')) return void res.status(status).type('text/x-script').send('[]');
        res.status(status).type('html').send('<!doctype html><title>page</title>');
      });
      return site;
    }
    const visit = (address: string, headers: Record<string, string> = {}) =>
      request(pages())
        .get(address)
        .set({ 'Sec-Fetch-Dest': 'document', ...headers });
    /** The record is written after the answer: wait for it. */
    async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      for (let i = 0; i < 50; i += 1) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return read();
    }

    it('records a document with its path only: an entry with the other site’s host, or a step from a shop page', async () => {
      const code = randomBytes(32).toString('hex');
      await visit(`/srv-${RUN}/${code}?magic=${code}`, { Referer: 'https://www.search.example/results?q=colouring' }).expect(200);
      await visit(`/srv-${RUN}/next`, { Referer: `${config.publicUrl}/srv-${RUN}/elsewhere` }).expect(200);
      const entry = await eventually(
        () => rowsAt(`/srv-${RUN}/:code`),
        (rows) => rows.length > 0,
      );
      expect(entry).toEqual([expect.objectContaining({ kind: 'page_view', data: { entry: true, referrer: 'www.search.example' } })]);
      const step = await eventually(
        () => rowsAt(`/srv-${RUN}/next`),
        (rows) => rows.length > 0,
      );
      expect(step).toEqual([expect.objectContaining({ kind: 'page_view', data: {} })]);
    });

    it('does not count a reload, a data request, an error page, a prefetch, an image or a page under DNT or GPC', async () => {
      const path = `/srv-${RUN}/quiet`;
      await visit(path, { Referer: `${config.publicUrl}${path}?refresh=1` }).expect(200);
      await visit(`${path}.data`).expect(200);
      await visit(`${path}?status=404`).expect(404);
      await visit(path, { 'Sec-Purpose': 'prefetch' }).expect(200);
      await visit(path, { 'Sec-Fetch-Dest': 'image' }).expect(200);
      await visit(path, { DNT: '1' }).expect(200);
      await visit(path, { 'Sec-GPC': '1' }).expect(200);
      await request(pages()).post(path).set('Sec-Fetch-Dest', 'document').expect(200);
      // One counted view after them all, so the quiet ones had their chance to be written first.
      await visit(`${path}/last`).expect(200);
      await eventually(
        () => rowsAt(`${path}/last`),
        (rows) => rows.length > 0,
      );
      expect(await rowsAt(path)).toEqual([]);
      expect(await rowsAt(`${path}.data`)).toEqual([]);
    });
  });

  describe('recorded by the server', () => {
    async function paidSession() {
      const scenes = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order LIMIT 5`)) as { id: string }[];
      const magicCode = randomBytes(32).toString('hex');
      const [row] = await db.query(
        `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, selected_scenes, portrait_status)
         VALUES ($1, 'Lily', $2, 2, now() + interval '30 days', $3, 'ready') RETURNING id`,
        [magicCodeHash(magicCode), `parent-${RUN}@example.com`, scenes.map((scene) => scene.id)],
      );
      return { id: row.id as string, magicCode };
    }

    it('a purchase from the webhook: the order as transaction id, the amount the provider paid, GBP; nothing about the parent', async () => {
      const session = await paidSession();
      const { body } = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
      const pay = new URL(body.url).pathname;
      // What a browser might claim is not asked for: the page sends no purchase, and cannot (kind refused above).
      await http().post(`${pay}/pay`).type('form').send('').expect(303);
      const [order] = await db.query(`SELECT id, amount_paid_pence FROM orders WHERE session_id = $1`, [session.id]);
      expect(order.amount_paid_pence).toBe(199);
      const purchases = (await db.query(`SELECT * FROM analytics_events WHERE kind = 'purchase' AND transaction_id = $1`, [
        order.id,
      ])) as EventRow[];
      expect(purchases).toEqual([
        expect.objectContaining({ category: 'custom_scenes', value: '1.99', currency: 'GBP', session_id: null, path: null, data: {} }),
      ]);
      // The same payment delivered again records nothing more.
      await http().post(`${pay}/pay`).type('form').send('').expect(303);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM analytics_events WHERE transaction_id = $1`, [order.id]);
      expect(count).toBe(1);
      expect(JSON.stringify(purchases)).not.toMatch(new RegExp(`Lily|@|${session.magicCode}`));
    });

    it('a download of the PDF, by its product and order, never the file’s name', async () => {
      const session = await paidSession();
      const order = await insertOrder(db, session.id, { paid: true, pdfStatus: 'ready' });
      await app.get(PdfFiles).store(order.id, Buffer.from('%PDF-1.4\n% analytics test\n%%EOF\n'));
      const downloads = () => db.query(`SELECT * FROM analytics_events WHERE kind = 'file_download' AND transaction_id = $1`, [order.id]);
      expect(await downloads()).toEqual([]);
      await http().get('/api/sessions/current/pdf').set('X-Magic-Code', session.magicCode).expect(200);
      expect(await downloads()).toEqual([
        expect.objectContaining({ category: 'custom_scenes', label: 'pdf', path: null, session_id: null }),
      ]);
      await http().get('/api/sessions/current/pdf').set('X-Magic-Code', session.magicCode).expect(200);
      expect(await downloads()).toHaveLength(2);
    });
  });

  describe('the admin’s funnel', () => {
    // A week of its own, far from every other test's rows: 2051-06-01 to 2051-06-07.
    const day = (n: number, hour = 12) => new Date(Date.UTC(2051, 5, n, hour));

    async function feed() {
      const analytics = app.get(AnalyticsService);
      const viewOn = async (n: number, path: string, times: number) => {
        now = () => day(n);
        for (let i = 0; i < times; i += 1) await analytics.recordPageView({ address: path, entry: false, referrer: null });
      };
      await viewOn(2, '/create', 6);
      await viewOn(3, '/create?from=products', 4);
      await viewOn(4, '/single-photo', 5);
      await viewOn(5, '/dot-to-dot', 2);
      await viewOn(8, '/create', 50); // the day after the period
      await viewOn(3, '/products', 9); // not a product's start page
      now = () => new Date();

      const session = async (n: number, product: string, portrait: string, hour = 12) => {
        const [row] = await db.query(
          `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, selected_scenes, portrait_status, product_types, created_at)
           VALUES ($1, 'Funnel', 'funnel@fixture.test', now() + interval '30 days', '{}', $2, $3, $4) RETURNING id`,
          [magicCodeHash(randomBytes(32).toString('hex')), portrait, `{${product}}`, day(n, hour)],
        );
        return row.id as string;
      };
      const order = (sessionId: string, paid: boolean, totalPence = 199) => insertOrder(db, sessionId, { paid, totalPence });
      // Custom pages: 5 sessions, 4 drawn, 3 at checkout, 2 paid (£1.99 and £2.99).
      const c = [
        await session(1, 'custom_scenes', 'ready', 0),
        await session(2, 'custom_scenes', 'ready'),
        await session(3, 'custom_scenes', 'ready'),
        await session(7, 'custom_scenes', 'ready', 23),
        await session(7, 'custom_scenes', 'failed'),
      ];
      await order(c[0]!, true);
      await order(c[1]!, true, 299);
      await order(c[2]!, false);
      await order(c[2]!, false, 299); // a second checkout of the same session: still one session at checkout
      // Single photo: 2 sessions, 1 with a drawn photo, which checked out unpaid.
      const s = [await session(4, 'single_photo', 'pending'), await session(4, 'single_photo', 'pending')];
      // The first photo's art was drawn; the second session's photo never was (refused: no row).
      await db.query(`INSERT INTO order_photos (session_id, position, level, aspect, art) VALUES ($1, 0, 2, 'portrait', '{}'::jsonb)`, [
        s[0],
      ]);
      await order(s[0]!, false);
      // Outside the period: the day before and the day after.
      await order(await session(8, 'custom_scenes', 'ready', 0), true);
      await session(0, 'dot_to_dot', 'ready', 23);
    }

    beforeAll(feed);
    /** The tab's call, by an admin signed in at the app's time (a session of 2051 outlives every earlier one). */
    async function funnel(query: Record<string, string> = {}, status = 200): Promise<request.Response> {
      const signedIn = await http()
        .post('/api/admin/session')
        .set('x-forwarded-for', newClient())
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(signedIn.status).toBe(200);
      return http().get('/api/admin/funnel').set('Authorization', `Bearer ${signedIn.body.token}`).query(query).expect(status);
    }
    const figures = (answer: AdminFunnel) =>
      Object.fromEntries(
        answer.products.map((p) => [p.product, Object.fromEntries(p.steps.map((s) => [s.step, [s.count, s.conversionPercent]]))]),
      ) as Record<string, Record<FunnelStep, [number, number | null]>>;

    it('counts each step of the period by product, with the conversion from the step before', async () => {
      const { body } = await funnel({ from: '2051-06-01', to: '2051-06-07' });
      expect(body).toMatchObject({ from: '2051-06-01', to: '2051-06-07' });
      expect(figures(body)).toEqual({
        custom_scenes: { visits: [10, null], uploads: [5, 50], previews: [4, 80], checkouts: [3, 75], paid: [2, 66.7] },
        single_photo: { visits: [5, null], uploads: [2, 40], previews: [1, 50], checkouts: [1, 100], paid: [0, 0] },
        dot_to_dot: { visits: [2, null], uploads: [0, 0], previews: [0, null], checkouts: [0, null], paid: [0, null] },
      });
      expect(body.products.map((p: { revenuePence: number }) => p.revenuePence)).toEqual([498, 0, 0]);
    });

    it('defaults to the 7 days to today on the app’s clock, and takes a single day', async () => {
      now = () => day(7, 18);
      try {
        const { body } = await funnel();
        expect(body).toMatchObject({ from: '2051-06-01', to: '2051-06-07' });
        expect(figures(body).custom_scenes.uploads[0]).toBe(5);
      } finally {
        now = () => new Date();
      }
      const { body } = await funnel({ from: '2051-06-08', to: '2051-06-08' });
      expect(figures(body).custom_scenes).toMatchObject({ visits: [50, null], uploads: [1, 2], paid: [1, 100] });
    });

    it.each([
      [{ from: '2051-06-07', to: '2051-06-01' }],
      [{ from: '2051-02-30', to: '2051-03-01' }],
      [{ from: 'last week' }],
      [{ from: '2049-01-01', to: '2051-01-01' }],
    ])('refuses the period %j with 400 and the tab’s words', async (query) => {
      const answer = await funnel(query, 400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: FUNNEL_PERIOD_MESSAGE,
        errors: { from: FUNNEL_PERIOD_MESSAGE },
      });
    });

    it('is the admin’s only', async () => {
      await http().get('/api/admin/funnel').expect(401);
    });
  });

  describe('retention', () => {
    it('deletes the events older than 13 months, oldest first, and keeps the rest', async () => {
      const analytics = app.get(AnalyticsService);
      const at = async (date: Date, path: string) => {
        now = () => date;
        await analytics.recordPageView({ address: path, entry: false, referrer: null });
      };
      // Before every other row of the database: 2001.
      await at(new Date(Date.UTC(2001, 0, 1)), `/old-${RUN}/1`);
      await at(new Date(Date.UTC(2001, 0, 2)), `/old-${RUN}/2`);
      await at(new Date(Date.UTC(2002, 1, 4)), `/old-${RUN}/kept`); // the cutoff: 2002-02-03
      now = () => new Date(Date.UTC(2003, 2, 3));
      try {
        expect(await analytics.purgeExpired(1)).toBe(1);
        expect(await rowsAt(`/old-${RUN}/1`)).toEqual([]);
        expect(await rowsAt(`/old-${RUN}/2`)).toHaveLength(1);
        // The nightly job (a worker's provider; this app is ROLE=web), under the Redis lock.
        expect(await new AnalyticsRetention(analytics, app.get(RedisLock)).purge()).toBe(1);
        expect(await rowsAt(`/old-${RUN}/2`)).toEqual([]);
        expect(await rowsAt(`/old-${RUN}/kept`)).toHaveLength(1);
      } finally {
        now = () => new Date();
      }
    });
  });
});
