import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source.js';
import { RedisLock } from '../src/infra/redis-lock.js';
import { JobName, Jobs } from '../src/infra/jobs.js';
import { startTestApp } from './support/test-app.js';

describe('maintenance: stale staged photos and scheduled locks', () => {
  let app: NestExpressApplication;
  let db: DataSource;

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM sessions WHERE child_name = 'Staging Test'`);
    await db.destroy();
    await app.close();
  });

  it('purges staged photos older than 15 minutes through the maintenance queue, and keeps fresh ones', async () => {
    const [{ id: sessionId }] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at) VALUES ($1, 'Staging Test', 's@t.test', now() + interval '30 days') RETURNING id`,
      [randomBytes(32)],
    );
    const photo = Buffer.from('not really a photo, but bytes all the same');
    const [{ id: stale }] = await db.query(
      `INSERT INTO photo_staging (session_id, bytes, created_at) VALUES ($1, $2, now() - interval '16 minutes') RETURNING id`,
      [sessionId, photo],
    );
    const [{ id: fresh }] = await db.query(
      `INSERT INTO photo_staging (session_id, bytes, created_at) VALUES ($1, $2, now() - interval '14 minutes') RETURNING id`,
      [sessionId, photo],
    );
    const jobs = app.get(Jobs);
    // A slot of this test's own (the scheduler's slots are counts of five minutes, far smaller than this).
    const slot = Date.now();
    expect(await jobs.add(JobName.PurgeStagedPhotos, { slot })).toBe(true);
    const result = (await jobs.result(JobName.PurgeStagedPhotos, { slot }, 30_000)) as { purged: number } | undefined;
    expect(result?.purged).toBeGreaterThanOrEqual(1);
    const left: { id: string }[] = await db.query(`SELECT id FROM photo_staging WHERE id = ANY($1)`, [[stale, fresh]]);
    expect(left.map((r) => r.id)).toEqual([fresh]);
  });

  it('lets only one holder run a locked scan at a time', async () => {
    const lock = app.get(RedisLock);
    let inner: boolean | undefined;
    const outer = await lock.runExclusive('test-scan', 5000, async () => {
      inner = await lock.runExclusive('test-scan', 5000, async () => {});
    });
    expect(outer).toBe(true);
    expect(inner).toBe(false);
    expect(await lock.runExclusive('test-scan', 5000, async () => {})).toBe(true);
  });
});
