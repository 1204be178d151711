// The Featured Bundles and Share Incentives tabs' API (issue 12 §2, decision 029): create (SPEC's required fields, the
// text's length, the priority, the bundle), activate or deactivate, change priority, delete, each audit-logged; the
// catalogue shows each bundle's most prominent active row in priority order; the share vouchers' statuses at their
// boundaries, the totals and the conversion rate's advice exactly at 15% and 30%.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  FEATURED_BUNDLE_ADMIN_MESSAGES,
  FEATURED_BUNDLE_MESSAGES,
  shareConversion,
  type AdminFeaturedBundleRow,
  type AdminFeaturedBundlesView,
  type AdminShareView,
  type SceneCatalogueView,
} from '@colouring/domain';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `bundles-${RUN}@example.com`;
const ADMIN_PASSWORD = `correct horse battery ${RUN}`;
/** Every featured text this file writes carries it, so it finds and deletes only its own rows. */
const MARK = `[${RUN}]`;
/** Every voucher this file writes starts with it. */
const CODE_PREFIX = `ADMT${RUN.toUpperCase()}`;
const ROUTE = '/api/admin/featured-bundles';

describe('admin: featured bundles and share incentives', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let adminToken: string;
  /** The app's clock stands still here, so "expires now" is exact. */
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  let voucherN = 0;

  beforeAll(async () => {
    const started = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
    app.get(Clock).now = () => new Date(now);
    const answer = await http()
      .post('/api/admin/session')
      .set('x-forwarded-for', '198.51.100.77')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    adminToken = answer.body.token as string;
  });

  afterAll(async () => {
    await db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`%${MARK}%`]);
    await db.query(`DELETE FROM voucher_codes WHERE code LIKE $1`, [`${CODE_PREFIX}%`]);
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [ADMIN_EMAIL]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const as = (call: request.Test) => call.set('authorization', `Bearer ${adminToken}`).set('x-forwarded-for', '198.51.100.77');
  const list = async () => (await as(http().get(ROUTE)).expect(200)).body as AdminFeaturedBundlesView;
  const mine = async () => (await list()).rows.filter((row) => row.featuredText.includes(MARK));
  const catalogue = async () => (await http().get('/api/catalogue').expect(200)).body as SceneCatalogueView;
  const featuredOf = async (bundleId: string) => (await catalogue()).featured.filter((f) => f.bundleId === bundleId);
  const create = (body: object) => as(http().post(ROUTE).send(body));
  const audited = async (action: string) =>
    (await db.query(`SELECT details FROM admin_audit_log WHERE email = $1 AND action = $2 ORDER BY id`, [ADMIN_EMAIL, action])) as {
      details: { outcome: string; params: Record<string, string> };
    }[];

  /** A row of this file's own, made through the API; answers it as the list shows it. */
  async function feature(bundleName: string, text: string, priority: number): Promise<AdminFeaturedBundleRow> {
    await create({ bundleName, featuredText: `${text} ${MARK}`, priority }).expect(201);
    const rows = await mine();
    return rows.find((row) => row.featuredText === `${text} ${MARK}`)!;
  }

  describe('Featured Bundles', () => {
    it('refuses an empty bundle name and featured text with SPEC’s requirement, and writes nothing', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM featured_bundles`);
      for (const body of [{}, { bundleName: ' ', featuredText: '   ' }]) {
        const answer = await create(body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'validation_failed',
          errors: { bundleName: 'Bundle name is required', featuredText: 'Featured text is required' },
        });
      }
      expect(await db.query(`SELECT count(*)::int AS n FROM featured_bundles`)).toEqual(before);
    });

    it('refuses text over 120 characters, a priority not from 1 to 999, and a bundle that does not exist', async () => {
      const long = await create({ bundleName: 'farm', featuredText: `${MARK}${'a'.repeat(121 - MARK.length)}` });
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual({ featuredText: FEATURED_BUNDLE_MESSAGES.featuredTextTooLong });
      for (const priority of [0, -1, 1.5, 1000, 2 ** 31, '', 'first', null, true, [1]]) {
        const answer = await create({ bundleName: 'farm', featuredText: `Moo ${MARK}`, priority });
        expect([priority, answer.status, answer.body.errors]).toEqual([
          priority,
          400,
          { priority: 'Priority must be a whole number from 1 to 999' },
        ]);
      }
      const unknown = await create({ bundleName: 'no-such-bundle', featuredText: `Nowhere ${MARK}`, priority: 1 });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        message: FEATURED_BUNDLE_ADMIN_MESSAGES.unknownBundle,
        errors: { bundleName: FEATURED_BUNDLE_ADMIN_MESSAGES.unknownBundle },
      });
      const unexpected = await create({ bundleName: 'farm', featuredText: `Moo ${MARK}`, isActive: false });
      expect(unexpected.status).toBe(400);
      expect(await mine()).toEqual([]);
    });

    it('creates an active feature (priority 1 when none is given, a typed "3" read as 3), listed with its bundle’s name', async () => {
      const answer = await create({ bundleName: ' farm ', featuredText: `  Meet the animals ${MARK}  ` });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ message: 'Farm Friends is featured.' });
      await create({ bundleName: 'sports-day', featuredText: `Ready, steady ${MARK}`, priority: '3' }).expect(201);
      const rows = await mine();
      expect(
        rows.map(({ bundleId, bundleName, featuredText, priority, isActive, shadowed }) => ({
          bundleId,
          bundleName,
          featuredText,
          priority,
          isActive,
          shadowed,
        })),
      ).toEqual([
        {
          bundleId: 'farm',
          bundleName: 'Farm Friends',
          featuredText: `Meet the animals ${MARK}`,
          priority: 1,
          isActive: true,
          shadowed: false,
        },
        {
          bundleId: 'sports-day',
          bundleName: 'Sports Day',
          featuredText: `Ready, steady ${MARK}`,
          priority: 3,
          isActive: true,
          shadowed: false,
        },
      ]);
      expect((await list()).bundles).toContainEqual({ id: 'farm', name: 'Farm Friends' });
      // Refused or done, every attempt is in the audit log: the 15 refusals of the two tests above, then these two.
      const outcomes = (await audited('create_featured_bundle')).map((entry) => entry.details.outcome);
      expect(outcomes).toEqual([...Array(15).fill('error'), 'ok', 'ok']);
      await db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`%${MARK}%`]);
    });

    it('shows parents one text per bundle, its most prominent active row, bundles in priority order', async () => {
      // Created most prominent last: the old picker let the last row of a bundle win, whatever its priority.
      const loud = await feature('jungle-safari', 'Roar with the lions', 1);
      const quiet = await feature('jungle-safari', 'Also: monkeys', 7);
      const onMove = await feature('on-the-move', 'Trains and planes', 4);
      expect(await featuredOf('jungle-safari')).toEqual([{ bundleId: 'jungle-safari', text: loud.featuredText, priority: 1 }]);
      expect((await mine()).find((row) => row.id === quiet.id)!.shadowed).toBe(true);

      const order = (await catalogue()).featured.map((f) => f.bundleId);
      expect(order.indexOf('jungle-safari')).toBeLessThan(order.indexOf('on-the-move'));
      const priorities = (await catalogue()).featured.map((f) => f.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
      expect(new Set(order).size).toBe(order.length);

      // At the same priority the newer row wins: the admin's latest word.
      const newer = await feature('on-the-move', 'Boats too', 4);
      expect(await featuredOf('on-the-move')).toEqual([{ bundleId: 'on-the-move', text: newer.featuredText, priority: 4 }]);
      expect((await mine()).find((row) => row.id === onMove.id)!.shadowed).toBe(true);

      // Deactivated, the most prominent row steps aside for the next; moved behind it, it does too.
      await as(http().put(`${ROUTE}/${loud.id}/active`).send({ isActive: false })).expect(200);
      expect(await featuredOf('jungle-safari')).toEqual([{ bundleId: 'jungle-safari', text: quiet.featuredText, priority: 7 }]);
      await as(http().put(`${ROUTE}/${loud.id}/active`).send({ isActive: true })).expect(200);
      await as(http().put(`${ROUTE}/${loud.id}/priority`).send({ priority: 8 })).expect(200);
      expect(await featuredOf('jungle-safari')).toEqual([{ bundleId: 'jungle-safari', text: quiet.featuredText, priority: 7 }]);
      const now7 = (await catalogue()).featured.map((f) => f.bundleId);
      expect(now7.indexOf('on-the-move')).toBeLessThan(now7.indexOf('jungle-safari'));
      await db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`%${MARK}%`]);
    });

    it('activates and deactivates a feature, answering which; an unknown id is 404', async () => {
      const row = await feature('fairy-tale', 'Once upon a time', 2);
      const off = await as(http().put(`${ROUTE}/${row.id}/active`).send({ isActive: false }));
      expect([off.status, off.body]).toEqual([200, { message: 'The Fairy Tale Castle feature is inactive: parents no longer see it.' }]);
      expect(await featuredOf('fairy-tale')).toEqual([]);
      expect((await mine())[0]).toMatchObject({ isActive: false, shadowed: false });
      const on = await as(http().put(`${ROUTE}/${row.id}/active`).send({ isActive: true }));
      expect([on.status, on.body]).toEqual([200, { message: 'The Fairy Tale Castle feature is active: parents see it.' }]);
      expect(await featuredOf('fairy-tale')).toHaveLength(1);
      expect((await as(http().put(`${ROUTE}/${row.id}/active`).send({ isActive: 'yes' }))).status).toBe(400);
      for (const id of ['999999999', '0', 'abc', '1e3', '99999999999']) {
        const answer = await as(http().put(`${ROUTE}/${id}/active`).send({ isActive: true }));
        expect([id, answer.status, answer.body.message]).toEqual([id, 404, FEATURED_BUNDLE_ADMIN_MESSAGES.notFound]);
      }
      expect((await audited('set_featured_bundle_active')).filter((entry) => entry.details.params.id === String(row.id))).toHaveLength(3);
      await db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`%${MARK}%`]);
    });

    it('changes the priority to a whole number from 1 to 999, refusing anything else with its words', async () => {
      const row = await feature('fairy-tale', 'Dragons welcome', 5);
      for (const priority of [0, -3, 2.5, 1000, '', 'top', undefined]) {
        const answer = await as(
          http()
            .put(`${ROUTE}/${row.id}/priority`)
            .send(priority === undefined ? {} : { priority }),
        );
        expect([priority, answer.status, answer.body.errors]).toEqual([
          priority,
          400,
          { priority: FEATURED_BUNDLE_MESSAGES.priorityInvalid },
        ]);
      }
      expect((await mine())[0]!.priority).toBe(5);
      const moved = await as(http().put(`${ROUTE}/${row.id}/priority`).send({ priority: 1 }));
      expect([moved.status, moved.body]).toEqual([200, { message: 'The Fairy Tale Castle feature now has priority 1.' }]);
      await as(http().put(`${ROUTE}/${row.id}/priority`).send({ priority: '999' })).expect(200);
      expect((await mine())[0]!.priority).toBe(999);
      expect((await as(http().put(`${ROUTE}/424242424/priority`).send({ priority: 2 }))).status).toBe(404);
      await db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`%${MARK}%`]);
    });

    it('deletes a feature once; parents no longer see it; the delete is audit-logged', async () => {
      const row = await feature('sports-day', 'On your marks', 2);
      const gone = await as(http().delete(`${ROUTE}/${row.id}`));
      expect([gone.status, gone.body]).toEqual([200, { message: 'The Sports Day feature is deleted.' }]);
      expect(await mine()).toEqual([]);
      expect(await featuredOf('sports-day')).toEqual([]);
      const again = await as(http().delete(`${ROUTE}/${row.id}`));
      expect([again.status, again.body.message]).toEqual([404, FEATURED_BUNDLE_ADMIN_MESSAGES.notFound]);
      expect((await audited('delete_featured_bundle')).map((entry) => [entry.details.params.id, entry.details.outcome])).toEqual([
        [String(row.id), 'ok'],
        [String(row.id), 'error'],
      ]);
    });
  });

  describe('Share Incentives', () => {
    const view = async () => (await as(http().get('/api/admin/share')).expect(200)).body as AdminShareView;

    /** A share voucher of this file's own, each made a second after the last (and after any other file's), expiring as asked. */
    async function voucher(state: { used?: boolean; expiresInMs: number }): Promise<string> {
      const code = `${CODE_PREFIX}-${String(++voucherN).padStart(4, '0')}`;
      await db.query(
        `INSERT INTO voucher_codes (code, type, value, email, expires_at, used, used_at, created_at)
         VALUES ($1, 'share_incentive', 25, $2, $3, $4, $5, $6)`,
        [
          code,
          `${code.toLowerCase()}@example.com`,
          new Date(now.getTime() + state.expiresInMs),
          state.used ?? false,
          state.used ? now : null,
          new Date(now.getTime() + 3_600_000 + voucherN * 1000),
        ],
      );
      return code;
    }

    it('lists the latest 10 with Used, Expired or Active at their boundaries, and counts every one', async () => {
      const before = await view();
      const DAY = 86_400_000;
      // Oldest first: these three fall off the list of ten.
      for (let i = 0; i < 3; i++) await voucher({ expiresInMs: 30 * DAY });
      for (let i = 0; i < 5; i++) await voucher({ expiresInMs: 30 * DAY });
      const usedLate = await voucher({ used: true, expiresInMs: -DAY });
      const used = await voucher({ used: true, expiresInMs: 30 * DAY });
      const expiredBefore = await voucher({ expiresInMs: -1 });
      const expiresNow = await voucher({ expiresInMs: 0 });
      const expiresNext = await voucher({ expiresInMs: 1 });

      const after = await view();
      expect(after.latest).toHaveLength(10);
      expect(after.latest.slice(0, 5).map((row) => [row.code, row.status])).toEqual([
        [expiresNext, 'active'],
        [expiresNow, 'expired'],
        [expiredBefore, 'expired'],
        [used, 'used'],
        [usedLate, 'used'],
      ]);
      expect(after.latest.slice(5).every((row) => row.status === 'active' && row.code.startsWith(CODE_PREFIX))).toBe(true);
      expect(after.latest[0]).toEqual({
        code: expiresNext,
        email: `${expiresNext.toLowerCase()}@example.com`,
        percent: 25,
        status: 'active',
        createdAt: expect.any(String),
        expiresAt: new Date(now.getTime() + 1).toISOString(),
        usedAt: null,
      });
      expect(after.latest[3]!.usedAt).toBe(now.toISOString());
      expect({
        issued: after.totals.issued - before.totals.issued,
        used: after.totals.used - before.totals.used,
        active: after.totals.active - before.totals.active,
        expired: after.totals.expired - before.totals.expired,
      }).toEqual({ issued: 13, used: 2, active: 9, expired: 2 });
      expect(after.conversion).toEqual(shareConversion(after.totals.issued, after.totals.used));
    });

    /** Adds used and unused vouchers until used / issued is exactly `percent`; answers the totals reached. */
    async function landOn(percent: number): Promise<{ issued: number; used: number }> {
      const { issued, used } = (await view()).totals;
      for (let total = issued; ; total++) {
        const target = (total * percent) / 100;
        if (!Number.isInteger(target) || target < used || target - used > total - issued) continue;
        for (let i = used; i < target; i++) await voucher({ used: true, expiresInMs: 86_400_000 });
        for (let i = issued + (target - used); i < total; i++) await voucher({ expiresInMs: 86_400_000 });
        return { issued: total, used: target };
      }
    }

    it('advises at SPEC’s thresholds: 15% exactly is not low, 30% exactly is not high, one voucher either way tips it', async () => {
      const reached = await landOn(15);
      expect((await view()).totals).toMatchObject(reached);
      expect((await view()).conversion).toEqual({ ratePercent: 15, band: 'medium' });
      await voucher({ expiresInMs: 86_400_000 });
      expect((await view()).conversion.band).toBe('low');

      await landOn(30);
      expect((await view()).conversion).toEqual({ ratePercent: 30, band: 'medium' });
      await voucher({ used: true, expiresInMs: 86_400_000 });
      expect((await view()).conversion.band).toBe('high');
    });

    it('is the admin’s only: refused without the admin token', async () => {
      expect((await http().get('/api/admin/share')).status).toBe(401);
      expect((await http().get(ROUTE)).status).toBe(401);
    });
  });
});
