import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source.js';
import { startTestApp } from './support/test-app.js';
import { magicCodeHash } from '../src/common/magic-code.js';

describe('the public API', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  const marker = `api-test-${Date.now()}`;

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM contact_messages WHERE message LIKE $1`, [`%${marker}%`]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  // Each contact test comes from its own address, so the contact throttle (5 a minute) is tested on its own.
  const fromIp = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });

  it('reports the database, Redis and every queue up at /api/health', async () => {
    const res = await http().get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database.status).toBe('up');
    expect(res.body.info.redis.status).toBe('up');
    expect(Object.keys(res.body.info.queues)).toEqual(expect.arrayContaining(['status']));
    expect(res.body.info.queues).toHaveProperty('portrait');
    expect(res.body.info.queues).toHaveProperty('maintenance');
  });

  it('serves the catalogue from the database with real counts', async () => {
    const res = await http().get('/api/catalogue').expect(200);
    expect(res.body.levels).toHaveLength(4);
    expect(res.body.sceneCount).toBeGreaterThanOrEqual(48);
    expect(res.body.bundleCount).toBe(res.body.bundles.length);
    const total = res.body.bundles.reduce((n: number, b: { scenes: unknown[] }) => n + b.scenes.length, 0);
    expect(total).toBe(res.body.sceneCount);
  });

  it('saves a contact message with the hash of its lower-cased magic code', async () => {
    const magicCode = 'AB'.repeat(32);
    await http()
      .post('/api/contact')
      .set(fromIp(1))
      .send({ email: ' parent@example.com ', category: 'Feedback', message: `Lovely pages ${marker}`, magicCode })
      .expect(201, { ok: true });
    const rows = await db.query(`SELECT email, category, magic_code_hash FROM contact_messages WHERE message LIKE $1`, [`%${marker}%`]);
    // Kept as the hash sessions are looked up by: the message matches its order, and the table holds no code.
    expect(rows).toEqual([{ email: 'parent@example.com', category: 'Feedback', magic_code_hash: magicCodeHash(magicCode.toLowerCase()) }]);
    const acks = await db.query(`SELECT template FROM email_log WHERE to_address = 'parent@example.com' AND template = 'contact-ack'`);
    expect(acks.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad contact message with the domain messages per field, a request id, and writes nothing', async () => {
    const res = await http()
      .post('/api/contact')
      .set(fromIp(2))
      .send({ email: 'not-an-email', category: 'Complaints', message: `  ${marker}-bad`, magicCode: 'xyz' })
      .expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      errors: {
        email: 'Please enter a valid email address',
        category: expect.any(String),
        magicCode: 'Magic code format is invalid.',
      },
    });
    expect(res.body.requestId).toMatch(/\S{8,}/);
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM contact_messages WHERE message LIKE $1`, [`%${marker}-bad%`]);
    expect(count).toBe(0);
  });

  it('asks for both email and message when either is missing', async () => {
    const res = await http().post('/api/contact').set(fromIp(3)).send({ email: '', category: 'Other', message: '' }).expect(400);
    expect(res.body.errors).toEqual({ email: 'Please fill in your email and message.', message: 'Please fill in your email and message.' });
  });

  it('refuses unknown fields and wrong types with 400, never 500', async () => {
    await http().post('/api/contact').set(fromIp(4)).send({ email: 'a@b.co', category: 'Other', message: 'hi', admin: true }).expect(400);
    await http().post('/api/contact').set(fromIp(4)).send({ email: 42, category: 'Other', message: 'hi' }).expect(400);
    await http().post('/api/contact').set(fromIp(4)).set('Content-Type', 'application/json').send('{"broken').expect(400);
  });

  it('answers a honeypot submission like any other but stores nothing', async () => {
    await http()
      .post('/api/contact')
      .set(fromIp(5))
      .send({ email: 'bot@example.com', category: 'Other', message: `spam ${marker}-bot`, website: 'http://spam.example' })
      .expect(201);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM contact_messages WHERE message LIKE $1`, [`%${marker}-bot%`]);
    expect(count).toBe(0);
  });

  it('throttles the contact form per client address: the sixth message in a minute gets 429', async () => {
    const send = () => http().post('/api/contact').set(fromIp(6)).send({ email: 'x', category: 'Other', message: '' });
    for (let i = 0; i < 5; i++) await send().expect(400);
    const res = await send().expect(429);
    expect(res.body.statusCode).toBe(429);
    await http().post('/api/contact').set(fromIp(7)).send({ email: 'x', category: 'Other', message: '' }).expect(400);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await http().get('/api/nothing-here').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, requestId: expect.any(String) });
  });

  it('sends security headers', async () => {
    const res = await http().get('/api/catalogue');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes OpenAPI documentation generated from the DTOs', async () => {
    const res = await http().get('/api/docs-json').expect(200);
    expect(res.body.paths).toHaveProperty('/api/contact');
    expect(res.body.paths).toHaveProperty('/api/catalogue');
    expect(JSON.stringify(res.body.components.schemas.ContactDto)).toContain('magicCode');
  });
});
