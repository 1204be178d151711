import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SECURITY_TAB_MESSAGES, type AdminSecurityView } from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { RedisLock } from '../src/infra/redis-lock.js';
import { SecurityScansScheduler } from '../src/modules/maintenance/security-scans.scheduler.js';
import { SecurityScansService } from '../src/modules/maintenance/security-scans.service.js';
import { SecurityAlertsService } from '../src/modules/security/index.js';
import { SessionsService } from '../src/modules/sessions/index.js';
import { fixturePhoto } from './support/photos.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `security-${RUN}@example.com`;
const ADMIN_PASSWORD = `security tab password ${RUN}`;
/** A child's name of this run's own, letters only as the name rule wants. */
const CHILD = `Scan${RUN.replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

describe('security scans, alerts and the Security tab', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let scans: SecurityScansService;
  let alerts: SecurityAlertsService;
  let offsetMs = 0;
  let clientN = 0;

  beforeAll(async () => {
    ({ app, config } = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    db = createDataSource(config);
    await db.initialize();
    // The one clock every service reads: moving it moves the whole app's time.
    app.get(Clock).now = () => new Date(Date.now() + offsetMs);
    scans = app.get(SecurityScansService);
    alerts = app.get(SecurityAlertsService);
  });

  afterAll(async () => {
    await db.query(`DELETE FROM security_alerts WHERE session_id IN (SELECT id FROM sessions WHERE child_name = $1) OR subject LIKE $2`, [
      CHILD,
      `%${RUN}%`,
    ]);
    await db.query(`DELETE FROM sessions WHERE child_name = $1`, [CHILD]);
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [ADMIN_EMAIL]);
    await db.destroy();
    await app.close();
  });

  /** Time only moves forward, as it does for the app. */
  const advance = (ms: number) => {
    offsetMs += ms;
  };
  const now = () => app.get(Clock).now();
  const http = () => request(app.getHttpServer());
  /** An address of this test's own (TEST-NET-3), and a browser to go with it. */
  const newClient = () => ({ ip: `203.0.113.${++clientN}`, userAgent: `ScanTest/${RUN} (device ${clientN})` });
  type Client = ReturnType<typeof newClient>;
  const as = (client: Client, call: request.Test) => call.set('x-forwarded-for', client.ip).set('user-agent', client.userAgent);

  const sessionRow = async (id: string) =>
    (
      (await db.query(`SELECT access_count, security_flags, cardinality(known_clients)::int AS clients FROM sessions WHERE id = $1`, [
        id,
      ])) as {
        access_count: number;
        security_flags: Record<string, boolean>;
        clients: number;
      }[]
    )[0]!;
  const alertsOf = async (where: string, params: unknown[]) =>
    (await db.query(`SELECT id, kind, subject, details, resolved_at FROM security_alerts WHERE ${where} ORDER BY created_at`, params)) as {
      id: string;
      kind: string;
      subject: string;
      details: Record<string, unknown>;
      resolved_at: Date | null;
    }[];

  async function adminToken(): Promise<string> {
    const answer = await http()
      .post('/api/admin/session')
      .set('x-forwarded-for', newClient().ip)
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  }

  describe('what counts as an access', () => {
    it('counts restores, downloads and first uses from a new client, not polls and saves from a known one', async () => {
      const { id, magicCode } = await insertSession(db, { childName: CHILD });
      const phone = newClient();
      const laptop = newClient();
      for (let i = 0; i < 5; i++) await as(phone, http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      expect((await sessionRow(id)).access_count).toBe(1);
      for (let i = 0; i < 5; i++)
        await as(phone, http().put('/api/sessions/current/selection').set('X-Magic-Code', magicCode))
          .send({ level: 2, selectedScenes: [], voucherCode: null })
          .expect(200);
      expect((await sessionRow(id)).access_count).toBe(1);
      await as(laptop, http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      expect((await sessionRow(id)).access_count).toBe(2);
      await as(phone, http().post('/api/sessions/restore')).send({ magicCode }).expect(200);
      await as(phone, http().post('/api/sessions/restore')).send({ magicCode }).expect(200);
      expect((await sessionRow(id)).access_count).toBe(4);
      // A download counts each time, found or not yet ready.
      await as(phone, http().get('/api/sessions/current/pdf').set('X-Magic-Code', magicCode)).expect(404);
      expect((await sessionRow(id)).access_count).toBe(5);
      expect(await sessionRow(id)).toMatchObject({ clients: 2, security_flags: {} });
    });

    it('counts concurrent first calls from one new client once', async () => {
      const { id, magicCode } = await insertSession(db, { childName: CHILD });
      const client = newClient();
      await Promise.all(
        Array.from({ length: 8 }, () => as(client, http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200)),
      );
      expect(await sessionRow(id)).toMatchObject({ access_count: 1, clients: 1 });
    });

    it('flags a second address multiple_ips and a sixth client suspicious_activity, and still lets each in', async () => {
      const { id, magicCode } = await insertSession(db, { childName: CHILD });
      const maker = newClient();
      await db.query(`UPDATE sessions SET ip_address = $2 WHERE id = $1`, [id, maker.ip]);
      await as(maker, http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      // The same address with another browser is a new client, not a new address.
      await as(
        { ...maker, userAgent: `${maker.userAgent} tablet` },
        http().get('/api/sessions/current').set('X-Magic-Code', magicCode),
      ).expect(200);
      expect((await sessionRow(id)).security_flags).toEqual({});
      for (let i = 0; i < 3; i++) await as(newClient(), http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      expect((await sessionRow(id)).security_flags).toEqual({ multiple_ips: true });
      await as(newClient(), http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      expect(await sessionRow(id)).toMatchObject({ clients: 6, security_flags: { multiple_ips: true, suspicious_activity: true } });
    });

    it('forgets the clients a session has seen when it expires, with its other personal details', async () => {
      const { id, magicCode } = await insertSession(db, { childName: CHILD });
      await as(newClient(), http().get('/api/sessions/current').set('X-Magic-Code', magicCode)).expect(200);
      expect((await sessionRow(id)).clients).toBe(1);
      await app.get(DataSource).transaction((manager) => app.get(SessionsService).expire(manager, [id]));
      expect(await sessionRow(id)).toMatchObject({ clients: 0 });
      await db.query(`DELETE FROM sessions WHERE id = $1`, [id]); // its name is gone, so the cleanup by name would miss it
    });

    it('does not trip the access alert on a whole purchase with polling: create, choose, pay, poll until ready, download', async () => {
      const parent = newClient();
      const created = await as(parent, http().post('/api/sessions'))
        .field('childName', CHILD)
        .field('email', `parent-${RUN}@scans.test`)
        .field('crop', '')
        .attach('photo', fixturePhoto('astronaut.png'), { filename: 'astronaut.png', contentType: 'image/png' });
      expect(created.status).toBe(201);
      const { magicCode } = created.body as { magicCode: string };
      const sessionId = created.body.session.id as string;
      const code = () => ({ 'X-Magic-Code': magicCode });
      const scenes = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order LIMIT 5`)).map((row: { id: string }) => row.id);
      // The picker autosaves on every change, and the pages poll the session.
      for (let n = 1; n <= scenes.length; n++)
        await as(parent, http().put('/api/sessions/current/selection').set(code()))
          .send({ level: 2, selectedScenes: scenes.slice(0, n), voucherCode: null })
          .expect(200);
      await as(parent, http().get('/api/checkout/summary').set(code())).expect(200);
      const started = await as(parent, http().post('/api/checkout').set(code())).expect(200);
      const payPath = new URL(started.body.url as string).pathname;
      await http().post(`${payPath}/pay`).type('form').send('').expect(303);
      let polls = 0;
      for (; polls < 240; polls++) {
        const view = await as(parent, http().get('/api/sessions/current').set(code())).expect(200);
        if (view.body.pdf?.status === 'ready' && polls >= 120) break;
        if (view.body.pdf?.status === 'failed') throw new Error('the PDF failed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(polls).toBeGreaterThanOrEqual(120);
      await as(parent, http().get('/api/sessions/current/pdf').set(code())).expect(200);
      // The email's link on another device, and that device polling too.
      const other = newClient();
      await as(other, http().post('/api/sessions/restore')).send({ magicCode }).expect(200);
      for (let i = 0; i < 20; i++) await as(other, http().get('/api/sessions/current').set(code())).expect(200);

      const row = await sessionRow(sessionId);
      expect(row.access_count).toBe(2); // the download and the restore
      await scans.scanAccessCounts();
      expect(await alertsOf('session_id = $1', [sessionId])).toEqual([]);
      expect((await sessionRow(sessionId)).security_flags.rate_limited).toBeUndefined();
    }, 180_000);
  });

  describe('the rate-limit alert (SPEC: access_count over 100)', () => {
    it('raises one alert and flags rate_limited above 100, once however often the scan runs, never at 100 or once expired', async () => {
      const over = await insertSession(db, { childName: CHILD });
      const at = await insertSession(db, { childName: CHILD });
      const expired = await insertSession(db, { childName: CHILD });
      await db.query(`UPDATE sessions SET access_count = 101 WHERE id = $1`, [over.id]);
      await db.query(`UPDATE sessions SET access_count = 100 WHERE id = $1`, [at.id]);
      await db.query(`UPDATE sessions SET access_count = 500, is_expired = true WHERE id = $1`, [expired.id]);

      await Promise.all([scans.scanAccessCounts(), scans.scanAccessCounts(), scans.scanAccessCounts()]);
      await scans.scanAccessCounts();
      const raised = await alertsOf('session_id = ANY($1::uuid[])', [[over.id, at.id, expired.id]]);
      expect(raised.map((alert) => [alert.kind, alert.details])).toEqual([['rate_limit', { accessCount: 101 }]]);
      expect((await sessionRow(over.id)).security_flags).toEqual({ rate_limited: true });
      expect((await sessionRow(at.id)).security_flags).toEqual({});

      // Acknowledged, it stays so: the session is already flagged.
      expect(await alerts.acknowledge(raised[0]!.id)).toBe(true);
      await db.query(`UPDATE sessions SET access_count = 300 WHERE id = $1`, [over.id]);
      await scans.scanAccessCounts();
      expect(await alertsOf('session_id = $1 AND resolved_at IS NULL', [over.id])).toEqual([]);
    });

    it('runs under its Redis lock: not while another holder has it', async () => {
      const scheduler = app.get(SecurityScansScheduler);
      let inner: boolean | undefined;
      await app.get(RedisLock).runExclusive('security-scan:access-counts', 5000, async () => {
        inner = await scheduler.accessCounts();
      });
      expect(inner).toBe(false);
      expect(await scheduler.accessCounts()).toBe(true);
    });
  });

  describe('alerts: one open per cause', () => {
    it('adds nothing while one of the same kind, session and subject is open, even raised at once; again once acknowledged', async () => {
      const { id } = await insertSession(db, { childName: CHILD });
      const alert = { kind: 'test_alert', severity: 'info' as const, message: 'Test alert', details: {}, sessionId: id };
      const added = await Promise.all(Array.from({ length: 6 }, () => alerts.raise(alert)));
      expect(added.filter(Boolean)).toHaveLength(1);
      expect(await alerts.raise(alert)).toBe(false);
      expect(await alerts.raise({ ...alert, subject: `payment-${RUN}` })).toBe(true);
      expect(await alerts.raise({ ...alert, kind: 'other_test_alert' })).toBe(true);
      const [first] = await alertsOf(`session_id = $1 AND kind = 'test_alert' AND subject = ''`, [id]);
      expect(await alerts.acknowledge(first!.id)).toBe(true);
      expect(await alerts.acknowledge(first!.id)).toBe(false);
      expect(await alerts.raise(alert)).toBe(true);
      expect(await alertsOf('session_id = $1', [id])).toHaveLength(4);
    });
  });

  describe('the failed-validation alert (SPEC: more than 10 invalid accesses in an hour, more than 5 from one address)', () => {
    const guesser = () => `198.51.100.${(clientN += 1) % 250}-${RUN}`;
    const feed = (ip: string, count: number, minutesAgo = 1) =>
      db.query(
        `INSERT INTO session_audit_log (session_id, action, ip_address, created_at)
         SELECT NULL, 'invalid_access', $1, $2::timestamptz FROM generate_series(1, $3)`,
        [ip, new Date(now().getTime() - minutesAgo * MINUTE_MS), count],
      );
    const failedValidation = (ip: string) => alertsOf(`kind = 'failed_validation' AND subject = $1`, [ip]);

    beforeAll(() => {
      // A day on, so only the rows fed here are within the hour.
      advance(DAY_MS);
    });

    it('records a wrong code, a wrong restore and a wrong checkout id as invalid accesses', async () => {
      const client = newClient();
      const before = Number(
        (await db.query(`SELECT count(*) AS n FROM session_audit_log WHERE action = 'invalid_access' AND ip_address = $1`, [client.ip]))[0]
          .n,
      );
      await as(client, http().get('/api/sessions/current').set('X-Magic-Code', 'f'.repeat(64))).expect(404);
      await as(client, http().post('/api/sessions/restore'))
        .send({ magicCode: 'e'.repeat(64) })
        .expect(404);
      await as(
        client,
        http()
          .get('/api/checkout/order')
          .query({ session_id: `cs_test_${'0'.repeat(48)}` }),
      ).expect(404);
      const after = Number(
        (await db.query(`SELECT count(*) AS n FROM session_audit_log WHERE action = 'invalid_access' AND ip_address = $1`, [client.ip]))[0]
          .n,
      );
      expect(after - before).toBe(3);
    });

    it('stays quiet at 10 in the hour, or with no address over 5', async () => {
      advance(2 * HOUR_MS);
      const a = guesser();
      const b = guesser();
      await feed(a, 6);
      await feed(b, 4);
      expect(await scans.scanInvalidAccesses()).toBe(0);
      advance(2 * HOUR_MS);
      const c = guesser();
      const d = guesser();
      await feed(c, 5);
      await feed(d, 5);
      await feed(guesser(), 5);
      expect(await scans.scanInvalidAccesses()).toBe(0);
      expect([...(await failedValidation(a)), ...(await failedValidation(c))]).toEqual([]);
    });

    it('raises one alert for the address with more than 5, once; not again within the hour after acknowledging; again after', async () => {
      advance(2 * HOUR_MS);
      const guessing = guesser();
      const other = guesser();
      await feed(guessing, 6);
      await feed(other, 5);
      await feed(guesser(), 3, 90); // more than an hour ago: not counted
      await Promise.all([scans.scanInvalidAccesses(), scans.scanInvalidAccesses()]);
      await scans.scanInvalidAccesses();
      const raised = await failedValidation(guessing);
      expect(raised.map((alert) => alert.details)).toEqual([{ address: guessing, count: 6, total: 11 }]);
      expect(await failedValidation(other)).toEqual([]);

      await alerts.acknowledge(raised[0]!.id);
      await feed(guessing, 3);
      await scans.scanInvalidAccesses();
      expect(await failedValidation(guessing)).toHaveLength(1);

      advance(HOUR_MS + MINUTE_MS);
      await feed(guessing, 6);
      await feed(other, 5);
      await scans.scanInvalidAccesses();
      expect((await failedValidation(guessing)).map((alert) => alert.resolved_at === null)).toEqual([false, true]);
    });
  });

  describe('retention: 90 days', () => {
    it('purges audit rows and acknowledged alerts older than 90 days, and keeps newer ones and every open alert', async () => {
      const ago = (days: number) => new Date(now().getTime() - days * DAY_MS);
      const action = `retention_test_${RUN}`;
      for (const days of [91, 89]) {
        await db.query(`INSERT INTO session_audit_log (action, created_at) VALUES ($1, $2)`, [action, ago(days)]);
        await db.query(`INSERT INTO admin_audit_log (action, created_at) VALUES ($1, $2)`, [action, ago(days)]);
        await db.query(
          `INSERT INTO security_alerts (kind, severity, message, subject, created_at, resolved_at) VALUES ($1, 'info', 'old', $2, $3, $3)`,
          [action, `resolved-${days}-${RUN}`, ago(days)],
        );
      }
      await db.query(
        `INSERT INTO security_alerts (kind, severity, message, subject, created_at) VALUES ($1, 'info', 'old but open', $2, $3)`,
        [action, `open-${RUN}`, ago(400)],
      );
      const result = await scans.purgeOldAudit();
      expect(result.sessionAudit).toBeGreaterThanOrEqual(1);
      const left = async (table: string) =>
        (await db.query(`SELECT created_at FROM ${table} WHERE action = $1`, [action])).map((row: { created_at: Date }) =>
          Math.round((now().getTime() - row.created_at.getTime()) / DAY_MS),
        );
      expect(await left('session_audit_log')).toEqual([89]);
      expect(await left('admin_audit_log')).toEqual([89]);
      const kept = await alertsOf('kind = $1', [action]);
      expect(kept.map((alert) => alert.subject).sort()).toEqual([`open-${RUN}`, `resolved-89-${RUN}`]);
      await db.query(`DELETE FROM session_audit_log WHERE action = $1`, [action]);
      await db.query(`DELETE FROM admin_audit_log WHERE action = $1`, [action]);
      await db.query(`DELETE FROM security_alerts WHERE kind = $1`, [action]);
    });
  });

  describe('the Security tab API', () => {
    it('refuses the figures and acknowledging without an admin session, and leaves the alert open', async () => {
      const { id } = await insertSession(db, { childName: CHILD });
      await alerts.raise({
        kind: 'test_alert',
        severity: 'warning',
        message: 'Refusal test',
        details: {},
        sessionId: id,
        subject: `refusal-${RUN}`,
      });
      const [alert] = await alertsOf('subject = $1', [`refusal-${RUN}`]);
      await http().get('/api/admin/security').expect(401);
      await http().post(`/api/admin/security/alerts/${alert!.id}/acknowledge`).expect(401);
      await http().post(`/api/admin/security/alerts/${alert!.id}/acknowledge`).set('X-Magic-Code', 'a'.repeat(64)).expect(401);
      expect((await alertsOf('id = $1', [alert!.id]))[0]!.resolved_at).toBeNull();
    });

    it('answers the figures, the alerts and the flagged sessions; acknowledges an alert once, audit-logged', async () => {
      const token = await adminToken();
      const view = async () =>
        (await http().get('/api/admin/security').set('authorization', `Bearer ${token}`).expect(200)).body as AdminSecurityView;
      const before = await view();
      const flagged = await insertSession(db, { childName: CHILD });
      await db.query(`UPDATE sessions SET security_flags = '{"rate_limited": true, "multiple_ips": true}' WHERE id = $1`, [flagged.id]);
      await alerts.raise({ kind: 'test_alert', severity: 'critical', message: `Tab test ${RUN}`, details: {}, sessionId: flagged.id });
      const guessing = `192.0.2.77-${RUN}`;
      await db.query(
        `INSERT INTO session_audit_log (action, ip_address, created_at) SELECT 'invalid_access', $1, $2 FROM generate_series(1, 3)`,
        [guessing, new Date(now().getTime() - MINUTE_MS)],
      );
      const after = await view();
      expect(after.metrics.at).toBe(new Date(Date.parse(after.metrics.at)).toISOString());
      expect(after.metrics.flaggedSessions - before.metrics.flaggedSessions).toBe(1);
      expect(after.metrics.flags.rate_limited - before.metrics.flags.rate_limited).toBe(1);
      expect(after.metrics.flags.multiple_ips - before.metrics.flags.multiple_ips).toBe(1);
      expect(after.metrics.flags.suspicious_activity - before.metrics.flags.suspicious_activity).toBe(0);
      expect(after.metrics.openAlerts - before.metrics.openAlerts).toBe(1);
      expect(after.metrics.invalidAccessesLastHour - before.metrics.invalidAccessesLastHour).toBe(3);
      for (const figure of ['sessionsToday', 'sessionsThisWeek', 'paidOrdersToday', 'paidOrdersThisWeek', 'failedPdfs'] as const)
        expect(after.metrics[figure]).toEqual(expect.any(Number));
      expect(after.metrics.sessionsThisWeek).toBeGreaterThanOrEqual(after.metrics.sessionsToday);
      expect(after.flagged[0]).toMatchObject({ id: flagged.id, childName: CHILD, flags: ['multiple_ips', 'rate_limited'] });
      const alert = after.alerts.find((row) => row.message === `Tab test ${RUN}`)!;
      expect(alert).toMatchObject({ kind: 'test_alert', severity: 'critical', sessionId: flagged.id, resolvedAt: null });

      const acknowledged = await http()
        .post(`/api/admin/security/alerts/${alert.id}/acknowledge`)
        .set('authorization', `Bearer ${token}`)
        .expect(200);
      expect(acknowledged.body).toEqual({ message: SECURITY_TAB_MESSAGES.acknowledged });
      const [row] = await alertsOf('id = $1', [alert.id]);
      expect(row!.resolved_at?.getTime()).toBeCloseTo(now().getTime(), -4);
      const again = await http()
        .post(`/api/admin/security/alerts/${alert.id}/acknowledge`)
        .set('authorization', `Bearer ${token}`)
        .expect(404);
      expect(again.body.message).toBe(SECURITY_TAB_MESSAGES.alertNotOpen);
      const logged = await db.query(
        `SELECT details->>'outcome' AS outcome FROM admin_audit_log WHERE action = 'acknowledge_alert' AND details->'params'->>'id' = $1 ORDER BY id`,
        [alert.id],
      );
      expect(logged).toEqual([{ outcome: 'ok' }, { outcome: 'error' }]);
      expect((await view()).metrics.openAlerts).toBe(after.metrics.openAlerts - 1);
    });
  });
});
