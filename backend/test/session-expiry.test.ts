import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SESSION_LIFETIME_MS, SESSION_MESSAGES } from '@colouring/domain';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { JobName, Jobs, QUEUES, QueueName, jobId, type Queues } from '../src/infra/jobs.js';
import { MaintenanceScheduler } from '../src/modules/maintenance/maintenance.scheduler.js';
import { SessionExpiryService, type ExpiryResult } from '../src/modules/orders/index.js';
import { PdfFiles } from '../src/modules/pdf/index.js';
import { captureStdout } from './support/logs.js';
import { binaryBody } from './support/binary.js';
import { insertOrder } from './support/orders.js';
import { startTestApp } from './support/test-app.js';
import { magicCodeHash } from '../src/common/magic-code.js';

const MINUTE_MS = 60_000;
const SLOT_MS = 10 * MINUTE_MS;
const CHILD = 'Expiry Test';
const EMAIL = 'parent@expiry.test';

interface Made {
  id: string;
  orderId: string;
  magicCode: string;
  pdf: Buffer;
  paymentEventId: string;
}

describe('session expiry: after 30 days the art, the PDF and the personal details go; the accounts stay', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let files: PdfFiles;
  let jobs: Jobs;
  let scheduler: MaintenanceScheduler;
  let expiry: SessionExpiryService;
  let offsetMs = 0;
  const made: Made[] = [];
  const logs = captureStdout();

  beforeAll(async () => {
    logs.start();
    ({ app, config } = await startTestApp({ LOG_LEVEL: 'info' }));
    db = createDataSource(config);
    await db.initialize();
    files = app.get(PdfFiles);
    jobs = app.get(Jobs);
    scheduler = app.get(MaintenanceScheduler);
    expiry = app.get(SessionExpiryService);
    // The one clock every service reads: moving it moves the whole app's time.
    const clock = app.get(Clock);
    clock.now = () => new Date(Date.now() + offsetMs);
  });

  afterAll(async () => {
    logs.stop();
    const ids = made.map((m) => m.id);
    await db.query(`DELETE FROM payment_events WHERE event_id = ANY($1)`, [made.map((m) => m.paymentEventId)]);
    await db.query(`DELETE FROM email_log WHERE session_id = ANY($1::uuid[])`, [ids]);
    await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [ids]);
    for (const { orderId } of made) await files.remove(orderId);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const now = () => app.get(Clock).now();

  /** A paid session with everything a session can hold: portrait, custom scene, staged photo, single-photo art, its paid order with a stored PDF, emails, audit. */
  async function paidSession(name: string, expiresAt: Date): Promise<Made> {
    const magicCode = randomBytes(32).toString('hex');
    const [{ id }] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, portrait_status, voucher_code, ip_address, user_agent,
         single_photo_data)
       VALUES ($1, $2, $3, $4, 'ready', 'SHARE25', '203.0.113.7', 'Test Browser', '{"photos": []}') RETURNING id`,
      [magicCodeHash(magicCode), `${CHILD} ${name}`, EMAIL, expiresAt],
    );
    await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [id, JSON.stringify(fixturePortrait())]);
    const [{ id: customId }] = await db.query(
      `INSERT INTO custom_scenes (session_id, title, user_prompt) VALUES ($1, 'At Nana''s', 'having tea at Nana''s house') RETURNING id`,
      [id],
    );
    await db.query(`INSERT INTO photo_staging (session_id, bytes) VALUES ($1, $2)`, [id, Buffer.from('left-over photo bytes')]);
    await db.query(`INSERT INTO order_photos (session_id, position, level, aspect, art) VALUES ($1, 0, 2, 'portrait', $2)`, [
      id,
      JSON.stringify(fixturePortrait()),
    ]);
    await db.query(`INSERT INTO session_audit_log (session_id, action, ip_address) VALUES ($1, 'created', '203.0.113.7')`, [id]);
    await db.query(`INSERT INTO email_log (to_address, template, session_id, status, attempts) VALUES ($1, 'final', $2, 'sent', 1)`, [
      EMAIL,
      id,
    ]);
    const selected = ['space-rocket-launch', `custom:${customId}`];
    await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [id, selected]);
    // Its order as checkout froze it (the parent's own scene with its words) and the webhook paid it.
    const order = await insertOrder(db, id, {
      items: [{ sceneId: selected[0]! }, { sceneId: selected[1]!, custom: { title: "At Nana's", prompt: "having tea at Nana's house" } }],
      voucherCode: 'SHARE25',
      totalPence: 999,
      discountPence: 333,
      providerSessionId: `cs_test_${randomBytes(8).toString('hex')}`,
      paid: true,
      pdfStatus: 'ready',
    });
    const paymentEventId = `evt_test_${randomBytes(8).toString('hex')}`;
    await db.query(`INSERT INTO payment_events (event_id, type, session_id, order_id) VALUES ($1, 'checkout.session.completed', $2, $3)`, [
      paymentEventId,
      id,
      order.id,
    ]);
    const pdf = Buffer.from(`%PDF-1.7 the colouring book of ${name}`);
    await files.store(order.id, pdf);
    await db.query(`UPDATE orders SET pdf_generated_at = now() WHERE id = $1`, [order.id]);
    const session = { id, orderId: order.id, magicCode, pdf, paymentEventId };
    made.push(session);
    return session;
  }

  /** Everything the scan could touch for one session, to compare before and after. */
  async function snapshot(id: string) {
    const [session] = await db.query(`SELECT *, updated_at::text AS updated_at FROM sessions WHERE id = $1`, [id]);
    const orders = await db.query(`SELECT *, updated_at::text AS updated_at FROM orders WHERE session_id = $1 ORDER BY created_at`, [id]);
    if (orders.length !== 1) throw new Error(`session ${id} has ${orders.length} orders, not its one paid order`);
    const stored = await files.find(orders[0].id);
    return {
      session,
      orders,
      portraits: await db.query(`SELECT session_id, art FROM portraits WHERE session_id = $1`, [id]),
      customScenes: await db.query(`SELECT id, title, user_prompt FROM custom_scenes WHERE session_id = $1`, [id]),
      staged: await db.query(`SELECT id FROM photo_staging WHERE session_id = $1`, [id]),
      orderPhotos: await db.query(`SELECT id, art FROM order_photos WHERE session_id = $1`, [id]),
      audit: await db.query(`SELECT id, action, ip_address FROM session_audit_log WHERE session_id = $1`, [id]),
      emails: await db.query(`SELECT id, to_address, template, status FROM email_log WHERE session_id = $1`, [id]),
      payments: await db.query(`SELECT event_id, type, order_id FROM payment_events WHERE session_id = $1`, [id]),
      pdf: stored ? await stored.read() : null,
    };
  }

  /** When the slot's expiry job finished, as Bull recorded it. */
  const finishedOn = async (slot: number): Promise<number | undefined> =>
    (await app.get<Queues>(QUEUES)[QueueName.Maintenance].getJob(jobId(JobName.ExpireSessions, { slot })))?.finishedOn;

  /** The real path: the cron's method takes the lock and enqueues this slot's job; the in-process worker runs it. */
  async function scheduledRun(): Promise<{ slot: number; result: ExpiryResult; finishedOn: number | undefined }> {
    await scheduler.expireSessions();
    const slot = Math.floor(now().getTime() / SLOT_MS);
    expect(await jobs.state(JobName.ExpireSessions, { slot })).not.toBe('missing');
    const result = (await jobs.result(JobName.ExpireSessions, { slot }, 60_000)) as ExpiryResult;
    expect(result).toBeDefined();
    return { slot, result, finishedOn: await finishedOn(slot) };
  }

  let old: Made;
  let fresh: Made;
  let freshBefore: Awaited<ReturnType<typeof snapshot>>;
  let firstRun: { slot: number; result: ExpiryResult; finishedOn: number | undefined };

  it('leaves a session alone until its 30 days are up', async () => {
    const start = Date.now();
    old = await paidSession('Old', new Date(start + SESSION_LIFETIME_MS));
    // Created 30 days after the old one.
    fresh = await paidSession('Fresh', new Date(start + 2 * SESSION_LIFETIME_MS));
    offsetMs = SESSION_LIFETIME_MS - MINUTE_MS;
    const oldBefore = await snapshot(old.id);
    await expiry.expireDue();
    expect(await snapshot(old.id)).toEqual(oldBefore);
    await http().get('/api/sessions/current/pdf').set('X-Magic-Code', old.magicCode).expect(200);
  });

  it('on the scheduled scan after 30 days, deletes the art, the PDF and the personal details, and keeps what accounting needs', async () => {
    offsetMs = SESSION_LIFETIME_MS + MINUTE_MS;
    freshBefore = await snapshot(fresh.id);
    logs.clear();
    firstRun = await scheduledRun();
    expect(firstRun.result.expired).toBeGreaterThanOrEqual(1);
    expect(firstRun.result.portraitsDeleted).toBeGreaterThanOrEqual(1);
    expect(firstRun.result.pdfsDeleted).toBeGreaterThanOrEqual(1);
    expect(firstRun.result).toMatchObject({ pdfDeleteFailures: 0, more: false });

    const after = await snapshot(old.id);
    expect(after.portraits).toEqual([]);
    expect(after.customScenes).toEqual([]);
    expect(after.staged).toEqual([]);
    expect(after.orderPhotos).toEqual([{ id: expect.any(String), art: null }]);
    expect(after.pdf).toBeNull();
    expect(after.session).toMatchObject({
      is_expired: true,
      child_name: '',
      email: '',
      ip_address: null,
      user_agent: null,
      single_photo_data: null,
      // The catalogue scenes stay (what was bought); the pointer to the deleted custom scene goes.
      selected_scenes: ['space-rocket-launch'],
      voucher_code: 'SHARE25',
      magic_code_hash: magicCodeHash(old.magicCode),
    });
    expect(after.session.paid_at).toBeInstanceOf(Date);
    const [order] = after.orders;
    expect(order).toMatchObject({
      id: old.orderId,
      // The PDF is gone, and the order no longer claims one.
      pdf_status: null,
      pdf_error: null,
      // What was bought stays, without the parent's own words.
      items: [{ sceneId: 'space-rocket-launch' }, { sceneId: expect.stringMatching(/^custom:/) }],
      // Accounting: amount, payment reference, dates, voucher.
      amount_paid_pence: 999,
      total_pence: 999,
      discount_pence: 333,
      provider_session_id: expect.stringMatching(/^cs_test_/),
      voucher_code: 'SHARE25',
    });
    expect(JSON.stringify(order.items)).not.toMatch(/Nana|title|prompt/);
    expect(order.expired_at).toBeInstanceOf(Date);
    expect(order.paid_at).toBeInstanceOf(Date);
    expect(order.pdf_generated_at).toBeInstanceOf(Date);
    expect(after.payments).toEqual([{ event_id: old.paymentEventId, type: 'checkout.session.completed', order_id: old.orderId }]);
    expect(after.emails).toEqual([{ id: expect.any(String), to_address: '', template: 'final', status: 'sent' }]);
    expect(after.audit).toEqual([{ id: expect.any(String), action: 'created', ip_address: null }]);

    // The session 30 days younger is untouched, row for row and byte for byte.
    expect(await snapshot(fresh.id)).toEqual(freshBefore);

    // Counts only in the log: no code, name or address.
    expect(logs.text()).toContain('expired sessions past their 30 days');
    for (const secret of [old.magicCode, `${CHILD} Old`, EMAIL, '203.0.113.7']) expect(logs.text()).not.toContain(secret);
  });

  it('refuses the expired code at the download with the same 404 as an unknown one, and still serves the fresh one', async () => {
    const refused = await http().get('/api/sessions/current/pdf').set('X-Magic-Code', old.magicCode).expect(404);
    expect(refused.body).toMatchObject({ statusCode: 404, message: SESSION_MESSAGES.notFound });
    await http().get('/api/sessions/current').set('X-Magic-Code', old.magicCode).expect(404);
    await http().post('/api/sessions/restore').send({ magicCode: old.magicCode }).expect(404);
    const served = await http()
      .get('/api/sessions/current/pdf')
      .set('X-Magic-Code', fresh.magicCode)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(Buffer.compare(served.body as Buffer, fresh.pdf)).toBe(0);
  });

  it('runs once per slot, and a second run changes nothing', async () => {
    const oldBefore = await snapshot(old.id);
    const freshNow = await snapshot(fresh.id);
    // The same slot: the job id is taken, so no second job runs (two workers' crons end the same way).
    await Promise.all([scheduler.expireSessions(), scheduler.expireSessions()]);
    expect(await finishedOn(firstRun.slot)).toBe(firstRun.finishedOn);
    // The next slot runs again, and finds nothing to do.
    offsetMs += SLOT_MS;
    const second = await scheduledRun();
    expect(second.slot).not.toBe(firstRun.slot);
    expect(second.result).toEqual({
      expired: 0,
      portraitsDeleted: 0,
      orderPhotosCleared: 0,
      customScenesDeleted: 0,
      pdfsDeleted: 0,
      pdfDeleteFailures: 0,
      more: false,
    });
    expect(await snapshot(old.id)).toEqual(oldBefore);
    expect(await snapshot(fresh.id)).toEqual(freshNow);
  });

  it('lets two workers run at once on different sessions, a batch at a time, leaving the rest for the next run', async () => {
    const due = new Date(now().getTime() - MINUTE_MS);
    const school: Made[] = [];
    // The first two are the oldest, so a run that did not skip held rows would have to wait for them.
    for (let i = 0; i < 5; i++) school.push(await paidSession(`School ${i}`, new Date(due.getTime() - (i < 2 ? MINUTE_MS : 0))));
    const [{ waiting }] = await db.query(`SELECT count(*)::int AS waiting FROM sessions WHERE expires_at <= $1 AND NOT is_expired`, [
      now(),
    ]);
    expect(waiting).toBe(5);

    // Another worker is in the middle of a batch: it holds the first two sessions' rows.
    const other = db.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query(`SELECT id FROM sessions WHERE id = ANY($1::uuid[]) FOR UPDATE`, [school.slice(0, 2).map((s) => s.id)]);
      let timer: NodeJS.Timeout | undefined;
      const run = await Promise.race([
        expiry.expireDue({ batchSize: 2, maxBatches: 1 }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the run waited for rows another worker holds')), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      // It skipped the held rows, took one batch of two others, and says more is left.
      expect(run).toMatchObject({ expired: 2, portraitsDeleted: 2, pdfsDeleted: 2, pdfDeleteFailures: 0, more: true });
      const states = await Promise.all(school.map((s) => snapshot(s.id)));
      expect(states.slice(0, 2).every((s) => !s.session.is_expired && s.portraits.length === 1 && s.pdf !== null)).toBe(true);
      expect(states.slice(2).filter((s) => s.session.is_expired && s.portraits.length === 0 && s.pdf === null)).toHaveLength(2);
    } finally {
      await other.rollbackTransaction();
      await other.release();
    }

    // Two runs at once: each session is expired by exactly one of them, and every file goes.
    const [a, b] = await Promise.all([expiry.expireDue(), expiry.expireDue()]);
    expect(a.expired + b.expired).toBe(3);
    expect(a.portraitsDeleted + b.portraitsDeleted).toBe(3);
    expect(a.pdfDeleteFailures + b.pdfDeleteFailures).toBe(0);
    for (const s of school) {
      const state = await snapshot(s.id);
      expect(state.session).toMatchObject({ is_expired: true, child_name: '' });
      expect(state.orders).toEqual([expect.objectContaining({ pdf_status: null, expired_at: expect.any(Date) })]);
      expect(state.pdf).toBeNull();
      expect(state.portraits).toEqual([]);
    }
    expect(await expiry.expireDue()).toMatchObject({ expired: 0, pdfsDeleted: 0 });
  });

  it('deletes a PDF that a late PDF job stored for an already expired session on the next run', async () => {
    // What a print job that finished after the expiry leaves: the file stored and the order marked ready (markPdfReady).
    await files.store(old.orderId, Buffer.from('%PDF-1.7 printed too late'));
    await db.query(`UPDATE orders SET pdf_status = 'ready', pdf_generated_at = now(), updated_at = now() WHERE id = $1`, [old.orderId]);
    expect(await expiry.expireDue()).toMatchObject({ expired: 0, pdfsDeleted: 1, pdfDeleteFailures: 0 });
    const after = await snapshot(old.id);
    expect(after.pdf).toBeNull();
    expect(after.session).toMatchObject({ is_expired: true });
    expect(after.orders).toEqual([expect.objectContaining({ pdf_status: null, expired_at: expect.any(Date) })]);
    // A file already gone is no error.
    await db.query(`UPDATE orders SET pdf_status = 'ready' WHERE id = $1`, [old.orderId]);
    expect(await expiry.expireDue()).toMatchObject({ expired: 0, pdfsDeleted: 1, pdfDeleteFailures: 0 });
    expect((await snapshot(old.id)).orders[0].pdf_status).toBeNull();
  });
});
