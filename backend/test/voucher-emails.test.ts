import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { SHARE_VOUCHER_COOLDOWN_MS, SHARE_VOUCHER_VALID_MS, type ShareVerification } from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { RedisLock } from '../src/infra/redis-lock.js';
import { VoucherEmailsScheduler } from '../src/modules/maintenance/voucher-emails.scheduler.js';
import { ShareVouchersQuery, VouchersService } from '../src/modules/vouchers/index.js';
import { captureStdout } from './support/logs.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A share's proof as the share module stores it; its contents play no part here. */
const PROOF: ShareVerification = {
  timeSpent: 31_000,
  focusEvents: 2,
  shareSessionId: `share_${RUN}`,
  userAgent: 'Mozilla/5.0 (voucher emails test)',
  timestamp: 0,
  windowEvents: [],
};

describe("a voucher's email is forgotten once no issue rule needs it (docs/decisions/036)", () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let vouchers: VouchersService;
  let scheduler: VoucherEmailsScheduler;
  /** The app's time, stopped: each step sets it, so a rule's edge can be met to the millisecond. */
  let now = new Date();
  const sessionIds: string[] = [];
  const codes: string[] = [];
  const logs = captureStdout();

  beforeAll(async () => {
    logs.start();
    ({ app, config } = await startTestApp({ LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    db = createDataSource(config);
    await db.initialize();
    vouchers = app.get(VouchersService);
    scheduler = app.get(VoucherEmailsScheduler);
    // The one clock every service reads, the database's created_at and expires_at included (the service writes them).
    app.get(Clock).now = () => now;
  });

  afterAll(async () => {
    logs.stop();
    await db.query(`DELETE FROM voucher_codes WHERE code = ANY($1) OR email LIKE $2`, [codes, `%-${RUN}@vouchers.test`]);
    await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [sessionIds]);
    await db.destroy();
    await app.close();
  });

  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const newEmail = (name: string) => `${name}-${RUN}@vouchers.test`;

  async function issue(email: string): Promise<{ code: string; sessionId: string }> {
    const { id: sessionId } = await insertSession(db, { email });
    sessionIds.push(sessionId);
    const issued = await vouchers.issueShare({ email, sessionId, verification: PROOF });
    if (!issued.ok) throw new Error(`no voucher for ${email}: ${issued.problem}`);
    codes.push(issued.code);
    return { code: issued.code, sessionId };
  }
  const emailOf = async (code: string) =>
    ((await db.query(`SELECT email FROM voucher_codes WHERE code = $1`, [code])) as { email: string | null }[])[0]!.email;
  const issueAgain = async (email: string, sessionId: string) => {
    const answer = await vouchers.issueShare({ email, sessionId, verification: PROOF });
    if (answer.ok) codes.push(answer.code);
    return answer.ok ? 'issued' : answer.problem;
  };

  it("forgets an expired voucher's email and keeps a live one's, which still holds its address to one active voucher", async () => {
    const expiring = newEmail('expiring');
    const live = newEmail('live');
    const old = await issue(expiring);
    advance(SHARE_VOUCHER_VALID_MS - DAY_MS);
    const current = await issue(live);

    // One millisecond before the old voucher expires it is active: its address stays.
    advance(DAY_MS - 1);
    await scheduler.forgetSpent();
    expect(await emailOf(old.code)).toBe(expiring);

    // At its expiry exactly (the rule checkout uses), it goes; the live one, a day old, stays.
    advance(1);
    expect(await scheduler.forgetSpent()).toBeGreaterThanOrEqual(1);
    expect(await emailOf(old.code)).toBeNull();
    expect(await emailOf(current.code)).toBe(live);

    // "One active share voucher per email" still refuses the live one's address, and a forgotten address may share again.
    expect(await issueAgain(live, current.sessionId)).toBe('active');
    expect(await issueAgain(expiring, old.sessionId)).toBe('issued');

    // Nobody to send a forgotten voucher to; the live one still goes to its address.
    expect(await vouchers.shareVoucher(old.code)).toBeNull();
    expect(await vouchers.shareVoucher(current.code)).toMatchObject({ code: current.code, email: live });
    // The Share Incentives tab keeps the voucher and says the address is gone.
    const { latest } = await app.get(ShareVouchersQuery).adminView();
    expect(latest.find((row) => row.code === old.code)).toMatchObject({ email: null, status: 'expired' });
    expect(latest.find((row) => row.code === current.code)).toMatchObject({ email: live, status: 'active' });
  });

  it("keeps a used voucher's email for its 24 h, so one voucher a day still holds, then forgets it", async () => {
    const email = newEmail('used');
    const voucher = await issue(email);
    advance(HOUR_MS);
    expect(await app.get(DataSource).transaction((manager) => vouchers.consume(voucher.code, voucher.sessionId, manager))).toBe(true);

    // Used an hour after it was issued: no longer active, but "one per 24 h" still counts it, so the address stays.
    advance(HOUR_MS);
    await scheduler.forgetSpent();
    expect(await emailOf(voucher.code)).toBe(email);
    expect(await issueAgain(email, voucher.sessionId)).toBe('recent');

    advance(SHARE_VOUCHER_COOLDOWN_MS - 2 * HOUR_MS - 1);
    await scheduler.forgetSpent();
    expect(await emailOf(voucher.code)).toBe(email);
    expect(await issueAgain(email, voucher.sessionId)).toBe('recent');

    // 24 h after it was issued neither rule counts it: the address goes, and may earn a new voucher.
    advance(1);
    expect(await scheduler.forgetSpent()).toBeGreaterThanOrEqual(1);
    expect(await emailOf(voucher.code)).toBeNull();
    expect(await issueAgain(email, voucher.sessionId)).toBe('issued');
  });

  it('runs on one worker at a time, and logs a count, never an address or a code', async () => {
    const email = newEmail('locked');
    const voucher = await issue(email);
    advance(SHARE_VOUCHER_VALID_MS);
    logs.clear();
    // Another worker holds the run's lock: this one forgets nothing.
    await app.get(RedisLock).runExclusive('forget-voucher-emails', 10_000, async () => {
      expect(await scheduler.forgetSpent()).toBe(0);
    });
    expect(await emailOf(voucher.code)).toBe(email);

    expect(await scheduler.forgetSpent()).toBeGreaterThanOrEqual(1);
    expect(await emailOf(voucher.code)).toBeNull();
    const logged = logs.text();
    expect(logged).toContain('emails of used or expired share vouchers forgotten');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(voucher.code);
  });
});
