import { connect, type Socket } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { userMessageFor } from '@colouring/domain';
import { createDataSource } from '../src/database/data-source.js';
import { RECIPIENT_DAILY_LIMIT } from '../src/modules/email/email.service.js';
import { MAX_UPLOADS_IN_PROGRESS, MAX_UPLOADS_WAITING, UPLOAD_SLOT_WAIT_MS } from '../src/modules/orders/upload-slots.guard.js';
import { startPageApp, startTestApp } from './support/test-app.js';

/** Polls `check` until it answers true, failing after `ms`: for states another process reaches in its own time. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the expected state was not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('abuse that costs us: the API', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let port: number;
  let ipCounter = 0;
  // Every request its own client, unless a test is about one client.
  const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
    db = createDataSource(started.config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());

  it('limits each client to 30 previews a minute (each is rasterised in the web process)', async () => {
    const ip = freshIp();
    const preview = () => http().get('/api/sessions/current/preview.png').set('X-Forwarded-For', ip).set('X-Magic-Code', 'cd'.repeat(32));
    for (let n = 0; n < 30; n += 1) expect((await preview()).status).toBe(404);
    const limited = await preview();
    expect(limited.status).toBe(429);
    expect((await http().get('/api/sessions/current/preview.png').set('X-Forwarded-For', freshIp())).status).toBe(404);
  });

  it(`holds at most ${MAX_UPLOADS_IN_PROGRESS} uploads in progress; more wait for a slot unread, and past ${MAX_UPLOADS_WAITING} waiting are refused`, async () => {
    // Slow uploads: the headers and a first piece of the body, then nothing, each from its own client.
    const slowUpload = () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshIp()}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n--x\r\n`,
      );
      return socket;
    };
    const answerOf = (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n')[0]!)));
    const attempt = () => http().post('/api/sessions').set('X-Forwarded-For', freshIp()).field('childName', 'Lily');
    const sockets: Socket[] = [];
    try {
      for (let n = 0; n < MAX_UPLOADS_IN_PROGRESS; n += 1) sockets.push(slowUpload());
      await new Promise((resolve) => setTimeout(resolve, 300));
      // One more upload waits, unread, while every slot is held ...
      let answered = false;
      const waiting = attempt().then((res) => ((answered = true), res));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(answered).toBe(false);
      // ... and is read as soon as one slow upload gives up (then refused for its missing photo).
      sockets.pop()!.destroy();
      expect((await waiting).status).toBe(400);

      // Every slot held and the queue full: the next upload is refused at once.
      sockets.push(slowUpload());
      const queued = Array.from({ length: MAX_UPLOADS_WAITING }, () => slowUpload());
      sockets.push(...queued);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const startedAt = Date.now();
      const refused = await attempt();
      expect(refused.status).toBe(503);
      expect(Date.now() - startedAt).toBeLessThan(UPLOAD_SLOT_WAIT_MS / 2);
      expect(refused.headers['retry-after']).toBe('5');
      expect(userMessageFor(refused.body.message)).toBe(userMessageFor('Rate limit exceeded'));
      // A waiting upload that no slot reaches in time is refused too, still unread.
      expect(await answerOf(queued[0]!)).toBe('HTTP/1.1 503 Service Unavailable');
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // Every slot is given back: an upload is read again at once.
    await eventually(async () => (await attempt()).status === 400);
  }, 30_000);

  it(`emails one address at most ${RECIPIENT_DAILY_LIMIT} contact acknowledgements a day, and keeps every message`, async () => {
    const address = `limit-${Date.now()}@example.com`;
    for (let n = 0; n < RECIPIENT_DAILY_LIMIT + 2; n += 1) {
      // The same address, written differently, is the same recipient.
      const email = n % 2 ? address.toUpperCase() : address;
      await http()
        .post('/api/contact')
        .set('X-Forwarded-For', freshIp())
        .send({ email, category: 'Feedback', message: `Message ${n}` })
        .expect(201);
    }
    const [{ messages }] = await db.query(`SELECT count(*)::int AS messages FROM contact_messages WHERE lower(email) = $1`, [address]);
    const [{ acks }] = await db.query(
      `SELECT count(*)::int AS acks FROM email_log WHERE lower(to_address) = $1 AND template = 'contact-ack'`,
      [address],
    );
    expect(messages).toBe(RECIPIENT_DAILY_LIMIT + 2);
    expect(acks).toBe(RECIPIENT_DAILY_LIMIT);
  });
});

describe('abuse that costs us: Redis down', () => {
  let app: NestExpressApplication;
  let baseUrl: string;

  beforeAll(async () => {
    // Nothing listens on port 1: Redis is unreachable from the start, for the queues and the rate limits alike.
    ({ app, baseUrl } = await startPageApp({ REDIS_URL: 'redis://127.0.0.1:1/0' }));
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('keeps serving the pages and API calls that need no queue, and /api/health says degraded', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const report = (await health.json()) as { status: string; details: Record<string, { status: string }> };
    expect(report.status).toBe('degraded');
    expect(report.details.database.status).toBe('up');
    expect(report.details.redis.status).toBe('degraded');
    expect(report.details.queues.status).toBe('degraded');

    expect((await fetch(`${baseUrl}/api/catalogue`)).status).toBe(200);
    for (const page of ['/', '/products', '/contact', '/faq'])
      expect({ page, status: (await fetch(`${baseUrl}${page}`)).status }).toEqual({ page, status: 200 });

    // A page action, under rate limits counted in this process: the contact message is kept, its acknowledgement waits.
    const sent = await fetch(`${baseUrl}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'parent@example.com', category: 'Feedback', message: 'Redis is down, we are not' }),
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact-thank-you');
  });
});
