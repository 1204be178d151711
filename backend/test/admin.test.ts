import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  ADMIN_ACTION_MESSAGES,
  ADMIN_MESSAGES,
  ADMIN_SESSIONS_PAGE_SIZE,
  adminLockedMessage,
  type AdminSessionsPage,
} from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { Clock } from '../src/infra/clock.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import { captureStdout } from './support/logs.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const RUN = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `owner-${RUN}@example.com`;
const ADMIN_PASSWORD = `correct horse battery ${RUN}`;
const SESSION_HOURS = 12;
const LOCK_MINUTES = 15;

/** The routes anyone may call: signing in. Every other route under /api/admin must refuse without an admin session. */
const PUBLIC_ADMIN_ROUTES = ['POST /api/admin/session'];

/** Every route Nest put on Express's router under /api/admin, as "METHOD /path". */
function adminRoutesOf(app: NestExpressApplication): string[] {
  type Router = { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  const express = app.getHttpAdapter().getInstance() as unknown as { router?: Router; _router?: Router };
  const router = (express.router ?? express._router)!;
  const routes = router.stack.flatMap((layer) =>
    layer.route && layer.route.path.startsWith('/api/admin')
      ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
  return [...new Set(routes)].sort();
}

describe('admin: sign-in, sessions, the guard and the audit log', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  let offsetMs = 0;
  let clientN = 0;
  const logs = captureStdout();

  beforeAll(async () => {
    logs.start();
    ({ app, config } = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'info' }));
    db = createDataSource(config);
    await db.initialize();
    // The one clock every service reads: moving it moves the whole app's time.
    app.get(Clock).now = () => new Date(Date.now() + offsetMs);
  });

  afterAll(async () => {
    logs.stop();
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [ADMIN_EMAIL]);
    await db.destroy();
    await app.close();
  });

  /** Time only moves forward, as it does for the app: locks and sessions of one test end for the next ones too. */
  const advance = (ms: number) => {
    offsetMs += ms;
  };
  const http = () => request(app.getHttpServer());
  /** A client address of this test's own, so lockouts and rate limits of one test never reach another. */
  const newClient = () => `198.18.${(Number.parseInt(RUN.slice(0, 2), 16) + clientN) % 256}.${++clientN}`;

  const signIn = (ip: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) =>
    http().post('/api/admin/session').set('x-forwarded-for', ip).send({ email, password });

  async function token(ip = newClient()): Promise<string> {
    const answer = await signIn(ip);
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  }

  const auditOf = async (ip: string) =>
    (await db.query(`SELECT action, email, admin_user_id, details FROM admin_audit_log WHERE ip_address = $1 ORDER BY id`, [ip])) as {
      action: string;
      email: string | null;
      admin_user_id: string | null;
      details: { outcome?: string };
    }[];

  describe('signing in and out', () => {
    it('answers an opaque token kept only as its SHA-256 with a 12-hour expiry; who am I; sign-out deletes the row', async () => {
      const ip = newClient();
      const answer = await signIn(ip, `  ${ADMIN_EMAIL.toUpperCase()} `);
      expect(answer.status).toBe(200);
      const { token: adminToken, email, expiresAt } = answer.body as { token: string; email: string; expiresAt: string };
      expect(adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(email).toBe(ADMIN_EMAIL);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(SESSION_HOURS * 3_600_000 - 60_000);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(SESSION_HOURS * 3_600_000);

      const rows = (await db.query(`SELECT token_hash, expires_at FROM admin_sessions WHERE token_hash = $1`, [
        createHash('sha256').update(adminToken).digest('hex'),
      ])) as { token_hash: string; expires_at: Date }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expires_at.toISOString()).toBe(expiresAt);
      const [{ holding }] = await db.query(`SELECT count(*)::int AS holding FROM admin_sessions WHERE token_hash = $1`, [adminToken]);
      expect(holding).toBe(0);

      const me = await http().get('/api/admin/session').set('authorization', `Bearer ${adminToken}`);
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ email: ADMIN_EMAIL, expiresAt });

      const out = await http().delete('/api/admin/session').set('authorization', `Bearer ${adminToken}`).set('x-forwarded-for', ip);
      expect(out.status).toBe(204);
      expect(rows[0] && (await db.query(`SELECT 1 FROM admin_sessions WHERE token_hash = $1`, [rows[0].token_hash]))).toEqual([]);
      const after = await http().get('/api/admin/session').set('authorization', `Bearer ${adminToken}`);
      expect(after.status).toBe(401);

      const audit = await auditOf(ip);
      expect(audit.map((a) => a.action)).toEqual(['sign_in', 'sign_out']);
      expect(audit.every((a) => a.email === ADMIN_EMAIL && a.admin_user_id !== null)).toBe(true);
      expect(audit[1]!.details.outcome).toBe('ok');
    });

    it('refuses a wrong password and an unknown email with the same 401 and words, verifying a hash either way', async () => {
      const ip = newClient();
      const verify = jest.spyOn(argon2, 'verify');
      try {
        const wrong = await signIn(ip, ADMIN_EMAIL, 'not the password at all');
        const unknown = await signIn(ip, `nobody-${RUN}@example.com`, 'not the password at all');
        for (const answer of [wrong, unknown]) {
          expect(answer.status).toBe(401);
          expect(answer.body).toEqual({
            statusCode: 401,
            code: 'unauthorized',
            message: ADMIN_MESSAGES.invalidCredentials,
            requestId: expect.any(String),
          });
        }
        // An unknown email is verified against an argon2id hash too, so it costs what a wrong password costs.
        expect(verify).toHaveBeenCalledTimes(2);
        for (const [hash] of verify.mock.calls) expect(hash).toMatch(/^\$argon2id\$/);
      } finally {
        verify.mockRestore();
      }
      expect((await auditOf(ip)).map((a) => [a.action, a.email])).toEqual([
        ['sign_in_failed', ADMIN_EMAIL],
        ['sign_in_failed', `nobody-${RUN}@example.com`],
      ]);
    });

    it('refuses a form without email or password with a 400 naming the field', async () => {
      const answer = await http().post('/api/admin/session').set('x-forwarded-for', newClient()).send({ email: '', password: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ email: ADMIN_MESSAGES.emailRequired, password: ADMIN_MESSAGES.passwordRequired });
    });

    it('locks an email after 5 wrong passwords of 20, explains it, and lets the right password in once the lock ends', async () => {
      // A right password forgets the email's earlier failures (the test before left one).
      await token();
      const ip = newClient();
      const statuses: number[] = [];
      let last: { code?: string; message?: string } = {};
      for (let attempt = 1; attempt <= 20; attempt++) {
        const answer = await signIn(ip, ADMIN_EMAIL, `wrong password ${attempt}`);
        statuses.push(answer.status);
        last = answer.body;
      }
      expect(statuses).toEqual([401, 401, 401, 401, ...Array(16).fill(429)]);
      expect(last).toMatchObject({ code: 'admin_locked', message: adminLockedMessage(LOCK_MINUTES) });

      // Locked, the right password is refused too, from this client and from any other.
      expect((await signIn(ip)).status).toBe(429);
      expect((await signIn(newClient())).status).toBe(429);
      advance((LOCK_MINUTES - 1) * 60_000);
      const almost = await signIn(ip);
      expect(almost.status).toBe(429);
      expect(almost.body.message).toBe(adminLockedMessage(1));

      advance(60_000 + 1_000);
      expect((await signIn(ip)).status).toBe(200);

      const actions = (await auditOf(ip)).map((a) => a.action);
      expect(actions.filter((a) => a === 'sign_in_failed')).toHaveLength(5);
      expect(actions.filter((a) => a === 'sign_in_locked')).toHaveLength(17);
      expect(actions.at(-1)).toBe('sign_in');
    });

    it('locks a client after 10 failures whatever emails it tries; another client signs in meanwhile', async () => {
      const ip = newClient();
      const statuses: number[] = [];
      for (let n = 1; n <= 10; n++) statuses.push((await signIn(ip, `guess-${n}-${RUN}@example.com`, 'a guess')).status);
      expect(statuses).toEqual([...Array(9).fill(401), 429]);
      expect((await signIn(ip)).status).toBe(429);
      expect((await signIn(newClient())).status).toBe(200);
      advance(LOCK_MINUTES * 60_000 + 1_000);
      expect((await signIn(ip)).status).toBe(200);
    });
  });

  describe('the guard on every admin route', () => {
    it('refuses every admin route without a session, with a magic code, an expired or a signed-out token', async () => {
      const routes = adminRoutesOf(app);
      // The list comes from Nest's router: a new admin route is in it without anyone adding it here.
      expect(routes).toEqual(
        expect.arrayContaining([
          'DELETE /api/admin/session',
          'GET /api/admin/session',
          'GET /api/admin/sessions',
          'POST /api/admin/sessions/:id/final-email',
          'POST /api/admin/sessions/:id/pdf',
          'PUT /api/admin/sessions/:id/email',
        ]),
      );
      const guarded = routes.filter((route) => !PUBLIC_ADMIN_ROUTES.includes(route));

      const parent = await insertSession(db, { childName: `Guard ${RUN}` });
      const expired = await token();
      advance(SESSION_HOURS * 3_600_000 + 1_000);
      const signedOut = await token();
      expect((await http().delete('/api/admin/session').set('authorization', `Bearer ${signedOut}`)).status).toBe(204);

      const refusals: [string, Record<string, string>][] = [
        ['no session', {}],
        ['a malformed token', { authorization: 'Bearer not-a-token' }],
        ["a parent's magic code in its header", { 'x-magic-code': parent.magicCode }],
        ["a parent's magic code as the token", { authorization: `Bearer ${parent.magicCode}`, 'x-magic-code': parent.magicCode }],
        ['a signed-out token', { authorization: `Bearer ${signedOut}` }],
        ['an expired token', { authorization: `Bearer ${expired}` }],
      ];
      const live = await token();
      for (const route of guarded) {
        const [method, path] = route.split(' ') as [string, string];
        const call = (headers: Record<string, string>) =>
          http()
            [method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
              path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
            )
            .set(headers);
        for (const [label, headers] of refusals) {
          const answer = await call(headers);
          expect({ route, label, status: answer.status, body: answer.body }).toEqual({
            route,
            label,
            status: 401,
            body: { statusCode: 401, code: 'unauthorized', message: ADMIN_MESSAGES.accessDenied, requestId: expect.any(String) },
          });
        }
        // The same call with a live admin session passes the guard (the control: the refusals above are the guard's).
        if (method !== 'DELETE')
          expect({ route, status: (await call({ authorization: `Bearer ${live}` })).status }).not.toEqual({ route, status: 401 });
      }
      // Still open after all that: the refusals did not sign it out.
      expect((await http().get('/api/admin/session').set('authorization', `Bearer ${live}`)).status).toBe(200);
      await db.query(`DELETE FROM sessions WHERE id = $1`, [parent.id]);
    });

    it('an admin token on a parent route is no magic code', async () => {
      const answer = await http()
        .get('/api/sessions/current')
        .set('authorization', `Bearer ${await token()}`);
      expect(answer.status).toBe(404);
    });
  });

  describe('the sessions list', () => {
    const tag = `Zq${RUN}`;
    const made: { id: string; magicCode: string }[] = [];
    const base = Date.parse('2026-03-01T10:00:00Z');

    beforeAll(async () => {
      // 30 sessions: the first 28 paid a minute apart (the later, the newer), of which every 7th PDF failed and every
      // 5th still generating; the last two unpaid.
      for (let n = 0; n < 30; n++) {
        const session = await insertSession(db, { childName: `${tag} Child ${n}`, email: `parent-${n}-${RUN}@example.com` });
        made.push(session);
        if (n >= 28) continue;
        const paidAt = new Date(base + n * 60_000);
        const pdf = n % 7 === 0 ? 'failed' : n % 5 === 0 ? 'generating' : 'ready';
        await db.query(`UPDATE sessions SET paid_at = $2 WHERE id = $1`, [session.id, paidAt]);
        await db.query(
          `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence, amount_paid_pence, paid_at,
             pdf_status, pdf_error)
           VALUES ($1, 'custom_scenes', $2, 2, $3, 0, $3, $3, $4, $5, $6)`,
          [
            session.id,
            JSON.stringify(Array.from({ length: (n % 4) + 1 }, (_, i) => ({ sceneId: `scene-${i}` }))),
            199 + n,
            paidAt,
            pdf,
            pdf === 'failed' ? 'The PDF could not be made.' : null,
          ],
        );
      }
    });

    afterAll(async () => {
      await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [made.map((m) => m.id)]);
    });

    async function list(query: Record<string, string | number>, adminToken?: string): Promise<AdminSessionsPage> {
      const answer = await http()
        .get('/api/admin/sessions')
        .query(query)
        .set('authorization', `Bearer ${adminToken ?? (await token())}`);
      expect(answer.status).toBe(200);
      return answer.body as AdminSessionsPage;
    }

    it('searches by part of a name, newest payment first, unpaid last, paginated on the server', async () => {
      const first = await list({ q: tag.toLowerCase() });
      expect(first.total).toBe(30);
      expect(first.pageSize).toBe(ADMIN_SESSIONS_PAGE_SIZE);
      expect(first.rows).toHaveLength(ADMIN_SESSIONS_PAGE_SIZE);
      expect(first.rows.map((r) => r.childName).slice(0, 3)).toEqual([`${tag} Child 27`, `${tag} Child 26`, `${tag} Child 25`]);
      const second = await list({ q: tag, page: 2 });
      expect(second.page).toBe(2);
      expect(second.rows.map((r) => r.childName)).toEqual([
        `${tag} Child 2`,
        `${tag} Child 1`,
        `${tag} Child 0`,
        `${tag} Child 29`,
        `${tag} Child 28`,
      ]);
      expect(second.rows.at(-1)).toMatchObject({ orderId: null, product: null, paidAt: null, pdfStatus: null, amountPaidPence: null });
    });

    it('shows the product, the scene count, the amount, the payment date, the PDF status and its failure reason', async () => {
      const { rows } = await list({ q: `parent-14-${RUN}@EXAMPLE.com` });
      expect(rows).toEqual([
        {
          id: made[14]!.id,
          childName: `${tag} Child 14`,
          email: `parent-14-${RUN}@example.com`,
          createdAt: expect.any(String),
          orderId: expect.any(String),
          product: 'custom_scenes',
          itemCount: 3,
          amountPaidPence: 213,
          paidAt: new Date(base + 14 * 60_000).toISOString(),
          pdfStatus: 'failed',
          pdfError: 'The PDF could not be made.',
        },
      ]);
    });

    it('finds a session by its whole magic code, matched by hash; part of a code finds nothing', async () => {
      const { magicCode, id } = made[9]!;
      expect((await list({ q: magicCode })).rows.map((r) => r.id)).toEqual([id]);
      expect((await list({ q: magicCode.toUpperCase() })).rows.map((r) => r.id)).toEqual([id]);
      expect((await list({ q: magicCode.slice(0, 20) })).total).toBe(0);
      const [{ stored }] = await db.query(`SELECT magic_code_hash = $2 AS stored FROM sessions WHERE id = $1`, [
        id,
        magicCodeHash(magicCode),
      ]);
      expect(stored).toBe(true);
    });

    it('filters by PDF status, and by unpaid', async () => {
      const failed = await list({ q: tag, pdf: 'failed' });
      expect(failed.rows.map((r) => r.childName)).toEqual([21, 14, 7, 0].map((n) => `${tag} Child ${n}`));
      expect(failed.rows.every((r) => r.pdfError === 'The PDF could not be made.')).toBe(true);
      const generating = await list({ q: tag, pdf: 'generating' });
      expect(generating.rows.map((r) => r.childName)).toEqual([25, 20, 15, 10, 5].map((n) => `${tag} Child ${n}`));
      const unpaid = await list({ q: tag, pdf: 'unpaid' });
      expect(unpaid.rows.map((r) => r.childName)).toEqual([`${tag} Child 29`, `${tag} Child 28`]);
      expect((await list({ q: tag, pdf: 'ready' })).total).toBe(28 - 4 - 5);
    });

    it("treats % and _ typed in a search as letters, and refuses a filter it doesn't know", async () => {
      expect((await list({ q: `${tag}%Child` })).total).toBe(0);
      expect((await list({ q: '_'.repeat(3) + RUN })).total).toBe(0);
      const answer = await http()
        .get('/api/admin/sessions')
        .query({ pdf: 'lost' })
        .set('authorization', `Bearer ${await token()}`);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    });

    it('writes each list to the audit log: who, what, when, from where (never what was searched)', async () => {
      const ip = newClient();
      const adminToken = await token(ip);
      const { magicCode } = made[3]!;
      await http()
        .get('/api/admin/sessions')
        .query({ q: magicCode })
        .set('authorization', `Bearer ${adminToken}`)
        .set('x-forwarded-for', ip);
      const rows = (await db.query(`SELECT * FROM admin_audit_log WHERE ip_address = $1 ORDER BY id`, [ip])) as Record<string, unknown>[];
      expect(rows.map((r) => r.action)).toEqual(['sign_in', 'list_sessions']);
      expect(rows[1]).toMatchObject({ email: ADMIN_EMAIL, admin_user_id: expect.any(String), created_at: expect.any(Date) });
      expect(JSON.stringify(rows)).not.toContain(magicCode);
    });
  });

  describe('resending the final email', () => {
    const made: string[] = [];

    /** A session of this test's own, paid with its PDF in this state unless `paid` is false. */
    async function paidSession(pdf: 'generating' | 'ready' | 'failed' | null, expired = false): Promise<string> {
      const session = await insertSession(db, { childName: `Resend ${RUN}`, email: `resend-${made.length}-${RUN}@example.com` });
      made.push(session.id);
      if (pdf) {
        await db.query(`UPDATE sessions SET paid_at = now(), is_expired = $2 WHERE id = $1`, [session.id, expired]);
        await db.query(
          `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence, amount_paid_pence, paid_at,
             pdf_status, expired_at)
           VALUES ($1, 'custom_scenes', '[{"sceneId":"space-1"}]', 2, 199, 0, 199, 199, now(), $2, $3)`,
          [session.id, pdf, expired ? new Date() : null],
        );
      }
      return session.id;
    }

    afterAll(async () => {
      await db.query(`DELETE FROM email_log WHERE session_id = ANY($1::uuid[])`, [made]);
      await db.query(`DELETE FROM sessions WHERE id = ANY($1::uuid[])`, [made]);
    });

    const resend = async (id: string, ip = newClient()) =>
      http()
        .post(`/api/admin/sessions/${id}/final-email`)
        .set('authorization', `Bearer ${await token(ip)}`)
        .set('x-forwarded-for', ip);

    it('queues the final email to the current address, logged in email_log, each time it is asked', async () => {
      const id = await paidSession('ready');
      await db.query(`UPDATE sessions SET email = $2 WHERE id = $1`, [id, `corrected-${RUN}@example.com`]);
      const ip = newClient();
      const first = await resend(id, ip);
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ message: ADMIN_ACTION_MESSAGES.finalEmailQueued(`corrected-${RUN}@example.com`) });
      expect((await resend(id)).status).toBe(202);
      const logged = (await db.query(`SELECT to_address FROM email_log WHERE session_id = $1 AND template = 'final'`, [id])) as {
        to_address: string;
      }[];
      expect(logged.map((row) => row.to_address)).toEqual([`corrected-${RUN}@example.com`, `corrected-${RUN}@example.com`]);
      const audit = await auditOf(ip);
      expect(audit.map((a) => a.action)).toEqual(['sign_in', 'resend_final_email']);
      expect(audit[1]!.details).toEqual({ outcome: 'ok', params: { id } });
    });

    it('refuses an unpaid session, a PDF not ready, an expired session and an unknown id, and queues nothing', async () => {
      const cases: [string | null, number, string][] = [
        [await paidSession(null), 409, ADMIN_ACTION_MESSAGES.notPaid],
        [await paidSession('generating'), 409, ADMIN_ACTION_MESSAGES.pdfNotReady],
        [await paidSession('failed'), 409, ADMIN_ACTION_MESSAGES.pdfNotReady],
        [await paidSession('ready', true), 409, ADMIN_ACTION_MESSAGES.expired],
        [randomUUID(), 404, ADMIN_ACTION_MESSAGES.sessionNotFound],
      ];
      for (const [id, status, message] of cases) {
        const answer = await resend(id!);
        expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message });
      }
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM email_log WHERE session_id = ANY($1::uuid[])`, [
        made.slice(1),
      ]);
      expect(count).toBe(0);
      expect((await resend('not-a-uuid')).status).toBe(400);
    });
  });

  it('never logs an admin token, a password or a searched magic code', () => {
    const output = logs.text();
    expect(output).not.toContain(ADMIN_PASSWORD);
    expect(output).not.toMatch(/Bearer [A-Za-z0-9_-]{43}/);
    expect(output).not.toMatch(/[0-9a-f]{64}/);
  });
});
