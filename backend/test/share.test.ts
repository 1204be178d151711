import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ShareVerification, ShareWindowEvent } from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import { createDataSource } from '../src/database/data-source.js';
import { EmailService } from '../src/modules/email/email.service.js';
import { VouchersService } from '../src/modules/vouchers/vouchers.service.js';
import { ordersOf } from './support/orders.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { startTestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHARE_PATH = '/api/sessions/current/share-voucher';
const MESSAGES = {
  incomplete: 'Please complete the sharing process to get your voucher',
  alreadyHasVoucher: 'You already have a share voucher! Check your email.',
  sharedRecently: "You've already shared recently...",
};

/** The proof a page sends after a real share: open `timeSpent` ms, checked every 2 s, focus events where given, then closed. */
function proof(timeSpent = 31_000, focusAt = [12_000, 30_000]): ShareVerification {
  const events: ShareWindowEvent[] = [{ type: 'open', at: 0 }];
  for (let at = 2000; at < timeSpent; at += 2000) events.push({ type: 'check', at });
  for (const at of focusAt) events.push({ type: 'focus', at });
  events.sort((a, b) => a.at - b.at);
  events.push({ type: 'close', at: timeSpent });
  return {
    timeSpent,
    focusEvents: focusAt.length,
    shareSessionId: `share_${Date.now()}_${randomBytes(3).toString('hex')}`,
    userAgent: 'Mozilla/5.0 (share test)',
    timestamp: Date.now() - timeSpent,
    windowEvents: events,
  };
}

describe('share-for-voucher API (SPEC §4 Share voucher, §5 issue rules, §7 send-share-voucher-email)', () => {
  const smtp = new TestSmtpServer();
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let sceneIds: string[];
  const marker = `share-test-${Date.now()}`;
  const oldCodes: string[] = [];
  let sequence = 0;
  let ipSequence = 0;

  beforeAll(async () => {
    await smtp.start();
    // The whole app with its worker: the email really goes through the queue to an SMTP server.
    ({ app, config } = await startTestApp({ SMTP_URL: smtp.url, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    db = createDataSource(config);
    await db.initialize();
    sceneIds = (await db.query(`SELECT id FROM scenes ORDER BY bundle, sort_order LIMIT 6`)).map((row: { id: string }) => row.id);
  });

  afterAll(async () => {
    // By code too: the app's clean-up may have forgotten the email of a voucher a test made old (decision 036).
    await db.query(`DELETE FROM voucher_codes WHERE email LIKE $1 OR code = ANY($2)`, [`%${marker}%`, oldCodes]);
    await db.query(`DELETE FROM security_alerts WHERE session_id IN (SELECT id FROM sessions WHERE email LIKE $1)`, [`%${marker}%`]);
    await db.query(`DELETE FROM sessions WHERE email LIKE $1`, [`%${marker}%`]);
    await db.destroy();
    await app.close();
    await smtp.stop();
  });

  const http = () => request(app.getHttpServer());
  const newEmail = () => `parent-${++sequence}-${marker}@example.com`;
  /** Each test's requests come from a client of its own, so the per-client count starts at nought. */
  const newIp = () => `198.51.100.${(++ipSequence % 250) + 1}`;

  async function createSession(email: string, scenes = sceneIds.slice(0, 6)) {
    const magicCode = randomBytes(32).toString('hex');
    const [row] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, selected_scenes)
       VALUES ($1, 'Lily', $2, 2, now() + interval '30 days', $3) RETURNING id`,
      [magicCodeHash(magicCode), email, scenes],
    );
    return { id: row.id as string, magicCode, email };
  }

  const share = (magicCode: string, ip: string, body: unknown = proof()) =>
    http()
      .post(SHARE_PATH)
      .set('X-Magic-Code', magicCode)
      .set('X-Forwarded-For', ip)
      .send(body as object);

  const vouchersOf = (email: string) =>
    db.query(
      `SELECT code, type, value, email, expires_at, is_single_use, used, created_from_session, verification_data, created_at
       FROM voucher_codes WHERE lower(email) = lower($1) ORDER BY created_at`,
      [email],
    );
  const alertsOf = (sessionIds: string[]) =>
    db.query(`SELECT kind, severity, message, details, session_id FROM security_alerts WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
  const emailLogOf = (sessionId: string) =>
    db.query(`SELECT to_address, template, status FROM email_log WHERE session_id = $1 AND template = 'share-voucher'`, [sessionId]);

  async function delivered(address: string, count = 1, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (smtp.to(address).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return smtp.to(address);
  }

  it('issues a 25% single-use voucher for 30 days with the proof stored, and emails it once (logged in email_log)', async () => {
    const session = await createSession(newEmail());
    const sent = proof();
    const before = Date.now();
    const res = await share(session.magicCode, newIp(), sent).expect(200);
    expect(res.body).toEqual({ sent: true });

    const [voucher, ...more] = await vouchersOf(session.email);
    expect(more).toEqual([]);
    expect(voucher).toMatchObject({
      type: 'share_incentive',
      value: 25,
      email: session.email,
      is_single_use: true,
      used: false,
      created_from_session: session.id,
      verification_data: sent,
    });
    // Upper case, 'SHARE-' and 12 characters of an alphabet without look-alikes, from the CSPRNG.
    expect(voucher.code).toMatch(/^SHARE-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{12}$/);
    const validFor = new Date(voucher.expires_at).getTime() - before;
    expect(validFor).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * DAY_MS + 60_000);

    const [mail, ...again] = await delivered(session.email);
    expect(again).toEqual([]);
    expect(mail.subject).toBe('Thanks for sharing! Here’s 25% off');
    expect(mail.text).toContain(voucher.code);
    expect(mail.text).toContain('Lily’s 6 scenes');
    expect(mail.html).toContain(voucher.code);
    // The worker records the send just after the server accepted it.
    const deadline = Date.now() + 10_000;
    while ((await emailLogOf(session.id))[0]?.status !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await emailLogOf(session.id)).toEqual([{ to_address: session.email, template: 'share-voucher', status: 'sent' }]);
  });

  it('refuses a second share while the first voucher is active: "You already have a share voucher! Check your email."', async () => {
    const email = newEmail();
    const [first, second] = [await createSession(email), await createSession(email.toUpperCase())];
    const ip = newIp();
    await share(first.magicCode, ip).expect(200);
    const res = await share(second.magicCode, ip).expect(409);
    expect(res.body).toMatchObject({ code: 'share_voucher_exists', message: MESSAGES.alreadyHasVoucher });
    expect(await vouchersOf(email)).toHaveLength(1);
  });

  it('refuses a share within 24 h of the last voucher, even once it is used: "You\'ve already shared recently..."', async () => {
    const session = await createSession(newEmail());
    const ip = newIp();
    await share(session.magicCode, ip).expect(200);
    await db.query(`UPDATE voucher_codes SET used = true, used_at = now() WHERE email = $1`, [session.email]);
    const res = await share(session.magicCode, ip).expect(429);
    expect(res.body).toMatchObject({ code: 'shared_recently', message: MESSAGES.sharedRecently });
    expect(await vouchersOf(session.email)).toHaveLength(1);
  });

  it('lets an expired voucher (and a used one from days ago) not block a new one', async () => {
    const session = await createSession(newEmail());
    for (const [code, used, createdDaysAgo] of [
      [`SHARE-OLD${randomBytes(4).toString('hex').toUpperCase()}`, false, 31],
      [`SHARE-USED${randomBytes(4).toString('hex').toUpperCase()}`, true, 3],
    ] as const) {
      oldCodes.push(code);
      await db.query(
        `INSERT INTO voucher_codes (code, type, value, email, expires_at, used, created_at)
         VALUES ($1, 'share_incentive', 25, $2, now() - interval '1 day' * ($3::int - 30), $4, now() - interval '1 day' * $3::int)`,
        [code, session.email, createdDaysAgo, used],
      );
    }
    await share(session.magicCode, newIp()).expect(200);
    const vouchers = await vouchersOf(session.email);
    expect(vouchers).toHaveLength(3);
    expect(vouchers[2]).toMatchObject({ used: false, created_from_session: session.id });
  });

  it('issues one voucher when one email asks from several places at the same moment', async () => {
    const emails = [newEmail(), newEmail(), newEmail(), newEmail()];
    const requests = [];
    for (const email of emails) {
      const [a, b] = [await createSession(email), await createSession(email)];
      requests.push(share(a.magicCode, newIp()), share(b.magicCode, newIp()));
    }
    const statuses = (await Promise.all(requests)).map((res) => res.status);
    for (let i = 0; i < emails.length; i++) {
      expect([statuses[2 * i], statuses[2 * i + 1]].sort()).toEqual([200, 409]);
      expect(await vouchersOf(emails[i]!)).toHaveLength(1);
    }
  });

  it.each([
    ['open 29.9 s', proof(29_900, [12_000, 29_000])],
    ['1 focus event', proof(45_000, [40_000])],
    ['a session id without share_', { ...proof(), shareSessionId: 'sess_123' }],
    ['focus events the events do not hold', { ...proof(), focusEvents: 5 }],
  ])('refuses weak proof (%s) as suspicious: 422, one alert, no voucher', async (_, weak) => {
    const session = await createSession(newEmail());
    const res = await share(session.magicCode, newIp(), weak).expect(422);
    expect(res.body).toMatchObject({ code: 'share_incomplete', message: MESSAGES.incomplete });
    expect(await vouchersOf(session.email)).toEqual([]);
    const alerts = await alertsOf([session.id]);
    expect(alerts).toEqual([expect.objectContaining({ kind: 'share_weak_verification', severity: 'warning', session_id: session.id })]);
  });

  it('flags more than 2 shares in 24 h from one email once, and refuses every one after', async () => {
    const email = newEmail();
    const sessions = [await createSession(email), await createSession(email), await createSession(email), await createSession(email)];
    await share(sessions[0]!.magicCode, newIp()).expect(200);
    await share(sessions[1]!.magicCode, newIp()).expect(409);
    const third = await share(sessions[2]!.magicCode, newIp()).expect(429);
    expect(third.body).toMatchObject({ code: 'shared_recently', message: MESSAGES.sharedRecently });
    await share(sessions[3]!.magicCode, newIp()).expect(429);
    const alerts = await alertsOf(sessions.map((s) => s.id));
    expect(alerts).toEqual([expect.objectContaining({ kind: 'share_too_many', session_id: sessions[2]!.id, details: { attempts: 3 } })]);
    expect(await vouchersOf(email)).toHaveLength(1);
  });

  it('flags more than 2 shares in 24 h from one client with new addresses', async () => {
    const ip = newIp();
    const sessions = [await createSession(newEmail()), await createSession(newEmail()), await createSession(newEmail())];
    await share(sessions[0]!.magicCode, ip).expect(200);
    await share(sessions[1]!.magicCode, ip).expect(200);
    await share(sessions[2]!.magicCode, ip).expect(429);
    expect(await vouchersOf(sessions[2]!.email)).toEqual([]);
    expect(await alertsOf(sessions.map((s) => s.id))).toEqual([expect.objectContaining({ kind: 'share_too_many' })]);
  });

  it('answers "Unable to generate voucher. Please contact support." and keeps no voucher when its email cannot be queued', async () => {
    const session = await createSession(newEmail());
    const queue = jest.spyOn(app.get(EmailService), 'enqueueShareVoucher').mockRejectedValueOnce(new Error('Redis unreachable'));
    const res = await share(session.magicCode, newIp()).expect(503);
    expect(res.body).toMatchObject({ message: 'Unable to generate voucher. Please contact support.' });
    expect(queue).toHaveBeenCalledTimes(1);
    queue.mockRestore();
    // Nothing half-written: the parent never got the code, so the next share is not refused for it.
    expect(await vouchersOf(session.email)).toEqual([]);
    await share(session.magicCode, newIp()).expect(200);
  });

  it('asks for the session: 404 without a magic code, 400 for a body that is not a proof', async () => {
    await http().post(SHARE_PATH).send(proof()).expect(404);
    const session = await createSession(newEmail());
    const res = await share(session.magicCode, newIp(), { ...proof(), windowEvents: [{ type: 'teleport', at: 0 }] }).expect(400);
    expect(res.body.code).toBe('validation_failed');
    await share(session.magicCode, newIp(), { ...proof(), extra: 1 }).expect(400);
    expect(await vouchersOf(session.email)).toEqual([]);
  });

  it('the voucher then takes 25% off at checkout, once', async () => {
    const sharer = await createSession(newEmail());
    await share(sharer.magicCode, newIp()).expect(200);
    const [{ code }] = await vouchersOf(sharer.email);
    const [mail] = await delivered(sharer.email);
    expect(mail.text).toContain(code);

    const buyer = await createSession(newEmail(), sceneIds.slice(0, 6));
    const summary = await http()
      .put('/api/checkout/voucher')
      .set('X-Magic-Code', buyer.magicCode)
      .send({ voucherCode: code.toLowerCase() })
      .expect(200);
    expect(summary.body.price).toMatchObject({ voucher: { code, percent: 25 }, subtotalPence: 299, discountPence: 75, totalPence: 224 });
    await http().post('/api/checkout').set('X-Magic-Code', buyer.magicCode).expect(200);
    const [order] = await ordersOf(db, buyer.id);
    expect(order).toMatchObject({ voucher_code: code, total_pence: 224 });

    // Payment consumes it (the webhook's path, tested with the provider in payments.test.ts); another order cannot.
    const vouchers = app.get(VouchersService);
    expect(await app.get(DataSource).transaction((manager) => vouchers.consume(code, buyer.id, manager))).toBe(true);
    const other = await createSession(newEmail());
    const refused = await http().put('/api/checkout/voucher').set('X-Magic-Code', other.magicCode).send({ voucherCode: code }).expect(400);
    expect(refused.body.message).toBe('Voucher has already been used');
  });
});
