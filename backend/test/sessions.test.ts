import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PHOTO_MESSAGES, PORTRAIT_MESSAGES, SESSION_MESSAGES } from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { decompressionBomb, fixturePhoto, resizedFixture, solidImage } from './support/photos.js';
import { captureStdout } from './support/logs.js';
import { expectNoPhotoBytes } from './support/no-photo-bytes.js';
import { startTestApp } from './support/test-app.js';

describe('sessions: upload, portrait and the magic code', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  const logs = captureStdout();

  beforeAll(async () => {
    // Capture every log line the app writes, to prove no photo byte or magic code is among them.
    logs.start();
    ({ app, config } = await startTestApp({ LOG_LEVEL: 'debug' }));
    db = createDataSource(config);
    await db.initialize();
  });

  afterAll(async () => {
    logs.stop();
    await db.query(`DELETE FROM sessions WHERE email LIKE '%@sessions.test'`);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  // The first portrait of a process also loads the models, which can outlast the upload's own wait.
  async function portraitSettled(sessionId: string): Promise<void> {
    for (let i = 0; i < 120; i++) {
      const [row] = await db.query(`SELECT portrait_status FROM sessions WHERE id = $1`, [sessionId]);
      if (row.portrait_status !== 'pending') return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  let ip = 10;
  const create = (photo: Buffer, filename: string, contentType: string, fields: Record<string, string> = {}) =>
    http()
      .post('/api/sessions')
      .set('X-Forwarded-For', `198.51.100.${ip++}`)
      .field('childName', fields.childName ?? 'Lily')
      .field('email', fields.email ?? 'parent@sessions.test')
      .field('crop', fields.crop ?? '')
      .attach('photo', photo, { filename, contentType });

  describe('a real photo of one child', () => {
    let magicCode: string;
    let sessionId: string;

    beforeAll(async () => {
      const res = await create(fixturePhoto('astronaut.png'), 'astronaut.png', 'image/png', {
        crop: JSON.stringify({ x: 100, y: 20, width: 320, height: 320 }),
      });
      expect(res.status).toBe(201);
      magicCode = res.body.magicCode;
      sessionId = res.body.session.id;
      await portraitSettled(sessionId);
    });

    it('answers a 256-bit magic code and creates the session', async () => {
      expect(magicCode).toMatch(/^[0-9a-f]{64}$/);
      const [row] = await db.query(`SELECT child_name, email, level, portrait_status FROM sessions WHERE id = $1`, [sessionId]);
      expect(row).toEqual({ child_name: 'Lily', email: 'parent@sessions.test', level: 2, portrait_status: 'ready' });
    });

    it('stores the line art for all four levels and writes the audit log', async () => {
      const [{ art }] = await db.query(`SELECT art FROM portraits WHERE session_id = $1`, [sessionId]);
      expect(Object.keys(art.levels).sort()).toEqual(['1', '2', '3', '4']);
      for (const svg of Object.values(art.levels) as string[]) expect(svg).toMatch(/^<svg/);
      const audit = await db.query(`SELECT action FROM session_audit_log WHERE session_id = $1`, [sessionId]);
      expect(audit.map((a: { action: string }) => a.action)).toContain('created');
    });

    it('leaves no photo bytes anywhere once the portrait job is done: database, Redis, disk, logs', async () => {
      const [{ art }] = await db.query(`SELECT art::text AS art FROM portraits WHERE session_id = $1`, [sessionId]);
      await expectNoPhotoBytes({ db, config, sessionId, art: [art], logs: logs.text() });
      // the capture did see the app's logs (the upload's request line), and none of them holds the code
      expect(logs.text()).toContain('"url":"/api/sessions"');
      expect(logs.text()).not.toContain(magicCode);
    });

    it('opens the session with its magic code in the X-Magic-Code header; only a new client counts as an access', async () => {
      const res = await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).expect(200);
      expect(res.body).toMatchObject({ childName: 'Lily', level: 2, portrait: { status: 'ready', progress: 100 }, paid: false });
      const accessCount = async () => (await db.query(`SELECT access_count FROM sessions WHERE id = $1`, [sessionId]))[0].access_count;
      const first = await accessCount();
      await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).expect(200);
      expect(await accessCount()).toBe(first);
      await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).set('User-Agent', 'another browser').expect(200);
      expect(await accessCount()).toBe(first + 1);
    });

    it('answers the same 404 for a missing, malformed, unknown or expired code', async () => {
      for (const code of [undefined, 'nope', 'f'.repeat(64)]) {
        const req = http().get('/api/sessions/current');
        const res = await (code ? req.set('X-Magic-Code', code) : req).expect(404);
        expect(res.body.message).toBe(SESSION_MESSAGES.notFound);
      }
      await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sessionId]);
      const res = await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).expect(404);
      expect(res.body.message).toBe(SESSION_MESSAGES.notFound);
      await db.query(`UPDATE sessions SET expires_at = now() + interval '30 days' WHERE id = $1`, [sessionId]);
    });

    it('keeps only the SHA-256 of the code: no table holds the code, and no text column any 64-hex run', async () => {
      // The code reaches the database three ways: the session, a contact message quoting it, the preview email.
      await http()
        .post('/api/contact')
        .set('X-Forwarded-For', '198.51.100.200')
        .send({ email: 'parent@sessions.test', category: 'Feedback', message: 'About my order', magicCode })
        .expect(201);
      await http().post('/api/sessions/current/preview-email').set('X-Magic-Code', magicCode).expect(200);
      const [{ hash }] = await db.query(`SELECT magic_code_hash AS hash FROM sessions WHERE id = $1`, [sessionId]);
      expect(hash).toEqual(createHash('sha256').update(magicCode).digest());

      const tables: { table_name: string }[] = await db.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      const byteaColumns: { table_name: string; column_name: string }[] = await db.query(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'bytea'`,
      );
      let rowsSeen = 0;
      for (const { table_name: table } of tables) {
        const rows: { row: Record<string, unknown> }[] = await db.query(`SELECT to_jsonb(t) AS row FROM "${table}" t`);
        rowsSeen += rows.length;
        for (const { row } of rows) {
          expect(JSON.stringify(row)).not.toContain(magicCode);
          for (const { column_name } of byteaColumns.filter((c) => c.table_name === table)) delete row[column_name];
          expect({ table, row: JSON.stringify(row) }).toEqual({ table, row: expect.not.stringMatching(/[0-9a-f]{64}/i) });
        }
      }
      expect(rowsSeen).toBeGreaterThan(50);
    });

    it('logs a failing guard query without its parameters or any 64-hex run', async () => {
      // A trigger makes the guard's own UPDATE fail for this session only, as a broken database would.
      await db.query(`CREATE FUNCTION forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id = '${sessionId}' THEN RAISE EXCEPTION 'forced database failure'; END IF; RETURN NEW; END $$`);
      await db.query(`CREATE TRIGGER forced_failure BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION forced_failure()`);
      logs.clear();
      try {
        // A browser the session has not seen, so the guard writes its access.
        await http().get('/api/sessions/current').set('X-Magic-Code', magicCode).set('User-Agent', 'a failing browser').expect(500);
      } finally {
        await db.query(`DROP TRIGGER forced_failure ON sessions; DROP FUNCTION forced_failure()`);
      }
      const failure = logs
        .text()
        .split('\n')
        .find((line) => line.includes('forced database failure'));
      expect(failure).toBeDefined();
      expect(failure).toContain('"msg":"request failed"');
      // The query is logged as TypeORM's query builder wrote it (identifiers quoted), without its parameters.
      expect((JSON.parse(failure!) as { err: { query: string } }).err.query).toMatch(
        /^UPDATE "sessions" SET "access_count" = "access_count" \+ CASE WHEN/,
      );
      expect(failure).not.toContain('"parameters"');
      expect(failure).not.toContain(magicCode);
      expect(logs.text()).not.toMatch(/[0-9a-f]{64}/i);
    });

    it('restores a session by its code, upper-case or with spaces too, and refuses an unknown one', async () => {
      await http()
        .post('/api/sessions/restore')
        .send({ magicCode: ` ${magicCode.toUpperCase()} ` })
        .expect(200, { paid: false, product: 'custom_scenes' });
      const res = await http()
        .post('/api/sessions/restore')
        .send({ magicCode: 'a'.repeat(64) })
        .expect(404);
      expect(res.body.message).toBe(SESSION_MESSAGES.notFoundOrExpired);
    });
  });

  it('crops without a rectangle too (a form sent without JavaScript)', async () => {
    const res = await create(fixturePhoto('astronaut.png'), 'me.png', 'image/png');
    expect(res.status).toBe(201);
  });

  it('refuses a photo with no person in it, leaving no session and no photo behind', async () => {
    const before = await db.query(`SELECT (SELECT count(*) FROM sessions)::int s, (SELECT count(*) FROM photo_staging)::int p`);
    const res = await create(fixturePhoto('coffee.png'), 'coffee.png', 'image/png').expect(422);
    expect(res.body.message).toBe(PORTRAIT_MESSAGES.noFace);
    const after = await db.query(`SELECT (SELECT count(*) FROM sessions)::int s, (SELECT count(*) FROM photo_staging)::int p`);
    expect(after).toEqual(before);
  });

  it('refuses bad fields with the domain messages and stores nothing', async () => {
    const res = await create(fixturePhoto('astronaut.png'), 'a.png', 'image/png', {
      childName: '<script>',
      email: 'x@mailinator.com',
    }).expect(400);
    expect(res.body.errors).toEqual({
      childName: 'Child name contains invalid characters',
      email: 'Please use a permanent email address',
    });
  });

  it('refuses a missing or too long name and email with the domain messages', async () => {
    const empty = await create(fixturePhoto('astronaut.png'), 'a.png', 'image/png', { childName: ' ', email: '' }).expect(400);
    expect(empty.body.errors).toEqual({ childName: 'Child name is required', email: 'Email is required' });
    const long = await create(fixturePhoto('astronaut.png'), 'a.png', 'image/png', {
      childName: 'L'.repeat(51),
      email: `${'a'.repeat(64)}@${'b'.repeat(185)}.test`,
    }).expect(400);
    expect(long.body.errors).toEqual({ childName: 'Child name must be 50 characters or less', email: 'Email address is too long' });
  });

  describe('every photo rule, in order, with its message', () => {
    it.each([
      ['a GIF', async () => [await solidImage(300, 300, 'png'), 'a.gif', 'image/gif'], PHOTO_MESSAGES.invalidType],
      ['a file over 5 MB', async () => [Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg'], PHOTO_MESSAGES.tooLarge],
      ['a truncated 400-byte JPEG', async () => [fixturePhoto('truncated.jpg'), 'truncated.jpg', 'image/jpeg'], PHOTO_MESSAGES.tooSmall],
      ['a PNG named .gif', async () => [await solidImage(300, 300), 'photo.gif', 'image/png'], PHOTO_MESSAGES.invalidExtension],
      ['a text file named .png', async () => [Buffer.from('hello '.repeat(400)), 'notes.png', 'image/png'], PHOTO_MESSAGES.invalidContent],
      [
        'a PNG whose header cannot be read',
        async () => [Buffer.concat([fixturePhoto('astronaut.png').subarray(0, 8), Buffer.alloc(2000, 7)]), 'broken.png', 'image/png'],
        PHOTO_MESSAGES.unreadableDimensions,
      ],
      [
        'a 150x150 photo',
        async () => [await resizedFixture('astronaut.png', 150, 150), 'small.png', 'image/png'],
        PHOTO_MESSAGES.dimensionsTooSmall,
      ],
      ['a 4100x300 photo', async () => [await solidImage(4100, 300), 'wide.png', 'image/png'], PHOTO_MESSAGES.dimensionsTooLarge],
      [
        'a decompression bomb (a small PNG claiming 30000x30000)',
        async () => [await decompressionBomb(), 'bomb.png', 'image/png'],
        PHOTO_MESSAGES.dimensionsTooLarge,
      ],
      // The header reads (512x512), the pixels do not: the crop fails with the catch-all message.
      [
        'a PNG cut off half way',
        async () => [fixturePhoto('astronaut.png').subarray(0, 20_000), 'cut.png', 'image/png'],
        PHOTO_MESSAGES.validationFailed,
      ],
    ])('refuses %s', async (_what, make, message) => {
      const [bytes, name, type] = (await make()) as [Buffer, string, string];
      const res = await create(bytes, name, type).expect(400);
      expect(res.body.errors.photo).toBe(message);
    });
  });
});
