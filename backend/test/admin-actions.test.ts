import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ADMIN_ACTION_MESSAGES, EMAIL_MESSAGES, type PdfStatusView } from '@colouring/domain';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { ALL_SCENES } from '../src/artwork/scenes/catalogue.js';
import { createDataSource } from '../src/database/data-source.js';
import { JobName, Jobs } from '../src/infra/jobs.js';
import { PdfRetryService } from '../src/modules/orders/index.js';
import { PDF_FAILURE_MESSAGES, PdfFiles } from '../src/modules/pdf/index.js';
import { SessionsService } from '../src/modules/sessions/index.js';
import { insertOrder, orderRow } from './support/orders.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `actions-${RUN}@example.com`;
const ADMIN_PASSWORD = `correct horse battery ${RUN}`;
const CHILD = `Actions ${RUN}`;
// The PDF is printed for real (Chromium) by the worker inside the test app, after a job that fails three times with
// the production backoff (5 s, then 10 s): on a busy 2-core machine that takes a while.
const PRINT_TIMEOUT_MS = 240_000;

const scratch = mkdtempSync(join(tmpdir(), 'admin-actions-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SCENE = ALL_SCENES[0]!.id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pdfPages = (pdf: Buffer): number => {
  const file = join(scratch, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
};

describe("admin actions on a parent's session: correct the email, retry the PDF", () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let jobs: Jobs;
  let clientN = 0;

  beforeAll(async () => {
    // The sweep stays out of the way: these tests move orders through their states themselves.
    const started = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, PDF_SWEEP_INTERVAL_MS: '3600000' });
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
    jobs = app.get(Jobs);
  });

  afterAll(async () => {
    const ofTheseSessions = `(SELECT id FROM sessions WHERE child_name = $1)`;
    await db.query(`DELETE FROM security_alerts WHERE session_id IN ${ofTheseSessions}`, [CHILD]);
    await db.query(`DELETE FROM email_log WHERE session_id IN ${ofTheseSessions}`, [CHILD]);
    await db.query(`DELETE FROM sessions WHERE child_name = $1`, [CHILD]);
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [ADMIN_EMAIL]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const newClient = () => `198.19.${Number.parseInt(RUN.slice(0, 2), 16)}.${++clientN}`;

  async function token(ip: string): Promise<string> {
    const answer = await http()
      .post('/api/admin/session')
      .set('x-forwarded-for', ip)
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  }

  /** A session of this test's own; with `pdf`, paid and its order's PDF in that state; `expired` as the 30-day expiry leaves it. */
  async function paidSession(pdf: 'generating' | 'ready' | 'failed' | null, options: { expired?: boolean; portrait?: boolean } = {}) {
    const session = await insertSession(db, { childName: CHILD, email: `parent-${randomUUID()}@example.com`, selectedScenes: [SCENE] });
    if (options.portrait)
      await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [session.id, JSON.stringify(fixturePortrait())]);
    const order = pdf ? await insertOrder(db, session.id, { paid: true, pdfStatus: pdf }) : null;
    if (pdf === 'failed') await db.query(`UPDATE orders SET pdf_error = $2 WHERE id = $1`, [order!.id, PDF_FAILURE_MESSAGES.noPortrait]);
    if (options.expired) {
      await db.query(`UPDATE sessions SET is_expired = true WHERE id = $1`, [session.id]);
      if (order) await db.query(`UPDATE orders SET expired_at = now() WHERE id = $1`, [order.id]);
    }
    return { ...session, orderId: order?.id ?? null };
  }

  const emailOf = async (id: string): Promise<string> => (await db.query(`SELECT email FROM sessions WHERE id = $1`, [id]))[0].email;

  const auditOf = async (ip: string) =>
    (await db.query(`SELECT action, details FROM admin_audit_log WHERE ip_address = $1 ORDER BY id`, [ip])) as {
      action: string;
      details: Record<string, unknown>;
    }[];

  describe('correcting the email', () => {
    const correct = async (id: string, email: unknown, ip = newClient()) =>
      http()
        .put(`/api/admin/sessions/${id}/email`)
        .set('authorization', `Bearer ${await token(ip)}`)
        .set('x-forwarded-for', ip)
        .send({ email });

    it("changes a paid session's address (trimmed), and writes the action to the audit log without the address", async () => {
      const session = await paidSession('ready');
      const ip = newClient();
      const answer = await correct(session.id, `  fixed-${RUN}@example.co.uk `, ip);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: ADMIN_ACTION_MESSAGES.emailCorrected(`fixed-${RUN}@example.co.uk`) });
      expect(await emailOf(session.id)).toBe(`fixed-${RUN}@example.co.uk`);
      const audit = await auditOf(ip);
      expect(audit.map((a) => a.action)).toEqual(['sign_in', 'correct_email']);
      expect(audit[1]!.details).toEqual({ outcome: 'ok', params: { id: session.id } });

      // The resend then goes to the corrected address.
      const resent = await http()
        .post(`/api/admin/sessions/${session.id}/final-email`)
        .set('authorization', `Bearer ${await token(ip)}`);
      expect(resent.body).toEqual({ message: ADMIN_ACTION_MESSAGES.finalEmailQueued(`fixed-${RUN}@example.co.uk`) });
    });

    it("refuses what the domain's rule refuses, with its words under errors.email, and changes nothing", async () => {
      const session = await paidSession('ready');
      const before = await emailOf(session.id);
      const cases: [unknown, string][] = [
        ['', EMAIL_MESSAGES.required],
        ['   ', EMAIL_MESSAGES.required],
        ['not an address', EMAIL_MESSAGES.invalid],
        [`kid-${RUN}@mailinator.com`, EMAIL_MESSAGES.disposable],
        [`${'a'.repeat(250)}@example.com`, EMAIL_MESSAGES.tooLong],
        [42, EMAIL_MESSAGES.required],
      ];
      for (const [email, message] of cases) {
        const answer = await correct(session.id, email);
        expect({ email, status: answer.status, body: answer.body }).toEqual({
          email,
          status: 400,
          body: { statusCode: 400, code: 'validation_failed', message, errors: { email: message }, requestId: expect.any(String) },
        });
      }
      expect(await emailOf(session.id)).toBe(before);
    });

    it('refuses an expired session (409) and an unknown id (404); an unpaid session can be corrected', async () => {
      const expired = await paidSession('ready', { expired: true });
      const refused = await correct(expired.id, `late-${RUN}@example.com`);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: ADMIN_ACTION_MESSAGES.expired });
      expect(await emailOf(expired.id)).not.toBe(`late-${RUN}@example.com`);
      const unknown = await correct(randomUUID(), `nobody-${RUN}@example.com`);
      expect({ status: unknown.status, message: unknown.body.message }).toEqual({
        status: 404,
        message: ADMIN_ACTION_MESSAGES.sessionNotFound,
      });
      const unpaid = await paidSession(null);
      expect((await correct(unpaid.id, `early-${RUN}@example.com`)).status).toBe(200);
      expect(await emailOf(unpaid.id)).toBe(`early-${RUN}@example.com`);
    });

    it('SessionsService.correctEmail: a paid session yes (no paid_at condition), an expired one no', async () => {
      const sessions = app.get(SessionsService);
      const paid = await paidSession('failed');
      await db.query(`UPDATE sessions SET paid_at = now() WHERE id = $1`, [paid.id]);
      expect(await sessions.correctEmail(paid.id, `direct-${RUN}@example.com`)).toBe(true);
      expect(await emailOf(paid.id)).toBe(`direct-${RUN}@example.com`);
      const expired = await paidSession('ready', { expired: true });
      expect(await sessions.correctEmail(expired.id, `direct-${RUN}@example.com`)).toBe(false);
      expect(await emailOf(expired.id)).not.toBe(`direct-${RUN}@example.com`);
    });
  });

  describe('retrying the PDF', () => {
    const retry = async (id: string, ip = newClient()) =>
      http()
        .post(`/api/admin/sessions/${id}/pdf`)
        .set('authorization', `Bearer ${await token(ip)}`)
        .set('x-forwarded-for', ip);

    /** What the thank-you page reads: the parent's own view of the session's PDF. */
    const parentsView = async (magicCode: string): Promise<PdfStatusView> =>
      (await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).expect(200)).body.pdf as PdfStatusView;

    async function waitWhileGenerating(orderId: string) {
      let row = await orderRow(db, orderId);
      while (row.pdf_status === 'generating') {
        await sleep(500);
        row = await orderRow(db, orderId);
      }
      return row;
    }

    it(
      'a PDF that failed for good is printed again under the same job id: the order ends ready, its PDF stored; refused while the last job is still in Bull',
      async () => {
        // The real failure: a paid order whose portrait is missing; its print job fails three times and stays in Bull
        // (failed jobs are kept a week), holding the order's job id.
        const session = await paidSession('generating');
        const orderId = session.orderId!;
        expect(await jobs.add(JobName.PrintOrder, { orderId })).toBe(true);

        // While Bull still holds that job (waiting for its next attempt), a retry would race it: refused.
        while ((await jobs.state(JobName.PrintOrder, { orderId })) !== 'delayed') await sleep(100);
        await db.query(`UPDATE orders SET pdf_status = 'failed', pdf_error = $2 WHERE id = $1`, [orderId, PDF_FAILURE_MESSAGES.noPortrait]);
        const busy = await retry(session.id);
        expect({ status: busy.status, message: busy.body.message }).toEqual({ status: 409, message: ADMIN_ACTION_MESSAGES.pdfBusy });
        expect(await jobs.data(JobName.PrintOrder, { orderId })).toEqual({ orderId });

        await jobs.result(JobName.PrintOrder, { orderId }, PRINT_TIMEOUT_MS);
        expect(await jobs.state(JobName.PrintOrder, { orderId })).toBe('failed');
        expect(await orderRow(db, orderId)).toMatchObject({ pdf_status: 'failed', pdf_error: PDF_FAILURE_MESSAGES.noPortrait });
        expect(await parentsView(session.magicCode)).toMatchObject({ status: 'failed', error: PDF_FAILURE_MESSAGES.noPortrait });

        // The admin sees why, puts the portrait back, and retries.
        await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [session.id, JSON.stringify(fixturePortrait())]);
        const ip = newClient();
        const answer = await retry(session.id, ip);
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ message: ADMIN_ACTION_MESSAGES.pdfQueued });
        // In one step: generating again, the reason gone, a new job of the order's id (the failed one removed).
        const queued = await orderRow(db, orderId);
        expect(queued.pdf_status === 'generating' || queued.pdf_status === 'ready').toBe(true);
        expect(queued.pdf_error).toBeNull();
        expect(['waiting', 'active', 'completed']).toContain(await jobs.state(JobName.PrintOrder, { orderId }));
        const view = await parentsView(session.magicCode);
        expect(view.error).toBeNull();
        expect(view.status === 'generating' || view.status === 'ready').toBe(true);

        const printed = await waitWhileGenerating(orderId);
        expect(printed).toMatchObject({ pdf_status: 'ready', pdf_error: null });
        const pdf = await app.get(PdfFiles).find(orderId);
        expect(pdf).not.toBeNull();
        expect(pdfPages(await pdf!.read())).toBe(3); // cover, one scene, back page
        expect(await parentsView(session.magicCode)).toMatchObject({ status: 'ready', progress: 100, error: null });
        const audit = await auditOf(ip);
        expect(audit.map((a) => a.action)).toEqual(['sign_in', 'retry_pdf']);
        expect(audit[1]!.details).toEqual({ outcome: 'ok', params: { id: session.id } });
      },
      PRINT_TIMEOUT_MS,
    );

    it('refuses an unpaid session, a PDF ready or being made, an expired order and an unknown id, and queues nothing', async () => {
      const unpaid = await paidSession(null);
      const ready = await paidSession('ready', { portrait: true });
      const generating = await paidSession('generating', { portrait: true });
      const expired = await paidSession('failed', { expired: true, portrait: true });
      const cases: [string, number, string][] = [
        [unpaid.id, 409, ADMIN_ACTION_MESSAGES.notPaid],
        [ready.id, 409, ADMIN_ACTION_MESSAGES.pdfNotFailed],
        [generating.id, 409, ADMIN_ACTION_MESSAGES.pdfNotFailed],
        [expired.id, 409, ADMIN_ACTION_MESSAGES.expired],
        [randomUUID(), 404, ADMIN_ACTION_MESSAGES.sessionNotFound],
      ];
      for (const [id, status, message] of cases) {
        const answer = await retry(id);
        expect({ id, status: answer.status, message: answer.body.message }).toEqual({ id, status, message });
      }
      for (const [session, pdf] of [
        [ready, 'ready'],
        [generating, 'generating'],
        [expired, 'failed'],
      ] as const) {
        expect((await orderRow(db, session.orderId!)).pdf_status).toBe(pdf);
        expect(await jobs.state(JobName.PrintOrder, { orderId: session.orderId! })).toBe('missing');
      }
      expect((await retry('not-a-uuid')).status).toBe(400);
    });

    it("PdfRetryService.retryPdf: an order that is not paid is 'not_paid' and stays as it was", async () => {
      const session = await insertSession(db, { childName: CHILD, selectedScenes: [SCENE] });
      const order = await insertOrder(db, session.id, { paid: false });
      expect(await app.get(PdfRetryService).retryPdf(order.id)).toBe('not_paid');
      expect(await app.get(PdfRetryService).retryPdf(randomUUID())).toBe('not_paid');
      expect((await orderRow(db, order.id)).pdf_status).toBeNull();
      expect(await jobs.state(JobName.PrintOrder, { orderId: order.id })).toBe('missing');
    });
  });
});
