// `npm run bench:flow [-- --level 1-4] [--photo <file>] [--runs n] [--keep <dir>]`: the time from "paid" to a ready PDF
// for 1, 10 and 40 scenes, single-photo orders of 1 and 12 photos and the dot-to-dot book, and pages per second; --keep
// copies the last PDF of each kind there, to look at. A session's order is frozen as checkout leaves it, then marked paid and its print job
// queued exactly as the payment webhook does; the clock stops when the order row says `ready`. The worker is the
// production one (every job handler, as ROLE=worker runs it). Uses DATABASE_URL and REDIS_URL when both are set,
// otherwise starts a throwaway PostgreSQL and Redis. The child is the stand-in portrait, or the portrait engine's art of --photo.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { WorkerAppModule } from '../src/app.module.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { drawPhotoArt, type PhotoArt } from '../src/artwork/photo/index.js';
import { createPortraitEngine, type Portrait } from '../src/artwork/portrait/index.js';
import { ALL_SCENES } from '../src/artwork/scenes/catalogue.js';
import { loadConfig } from '../src/config/config.js';
import { benchServices } from './bench-services.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { BrowserPool } from '../src/infra/browser-pool.js';
import { DOT_TO_DOT_BOOK_LEVELS } from '@colouring/domain';
import { JobName, Jobs, QUEUES, QueueName, jobId, type Queues } from '../src/infra/jobs.js';
import type { PrintProgress } from '../src/modules/pdf/index.js';

const SIZES = [1, 10, 40];
const PHOTO_SIZES = [1, 12];
const TARGET_MS_FOR_10 = 3000;

const { values: args } = parseArgs({
  options: {
    level: { type: 'string', default: '4' },
    photo: { type: 'string' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'string' },
  },
});
const level = Number(args.level);
const runs = Math.max(1, Number(args.runs));
if (![1, 2, 3, 4].includes(level)) throw new Error('--level must be 1, 2, 3 or 4');

const stops: (() => Promise<void>)[] = [];

async function portraitArt(): Promise<Portrait> {
  if (!args.photo) return fixturePortrait();
  const engine = await createPortraitEngine();
  try {
    return await engine.render(readFileSync(args.photo));
  } finally {
    await engine.close();
  }
}

/** The repository's fixture photos (a cat, a cup, a cameraman, an astronaut, a person) as single-photo pages. */
async function photoArts(): Promise<{ art: PhotoArt; aspect: 'portrait' | 'landscape' }[]> {
  const dir = new URL('../../fixtures/photos/', import.meta.url);
  const names = ['chelsea.png', 'coffee.png', 'camera.png', 'astronaut.png', 'grace-hopper.jpg'];
  const sharp = (await import('sharp')).default;
  return Promise.all(
    names.map(async (name, k) => {
      const aspect = k % 2 ? 'landscape' : 'portrait';
      const [w, h] = aspect === 'landscape' ? [800, 600] : [600, 800];
      const cropped = await sharp(readFileSync(new URL(name, dir)))
        .resize(w, h, { fit: 'cover' })
        .jpeg()
        .toBuffer();
      return { art: await drawPhotoArt(cropped), aspect } as const;
    }),
  );
}

interface Run {
  scenes: number;
  pages: number;
  /** ms from "paid" to: the job starting, every page composed, the PDF printed, the order ready. */
  started: number;
  composed: number;
  printed: number;
  ready: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (v: number): string => `${Math.round(v)} ms`.padStart(8);

async function main(): Promise<void> {
  const { databaseUrl, redisUrl, storageDir } = await benchServices(stops);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ROLE: 'worker',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    STORAGE_DIR: storageDir,
  });
  await prepareDatabase(config, { info: () => {}, warn: () => {} });
  const art = await portraitArt();
  const app = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(config), { logger: ['error', 'warn'] });
  stops.unshift(() => app.close());
  const db = app.get<DataSource>(getDataSourceToken());
  const jobs = app.get(Jobs);
  const pdfQueue = app.get<Queues>(QUEUES)[QueueName.Pdf];
  const sessionIds: string[] = [];
  stops.unshift(async () => {
    await db.query(`DELETE FROM sessions WHERE id = ANY($1)`, [sessionIds]);
  });

  const progressAt = new Map<string, { composed?: number; printed?: number; started?: number }>();
  // Marks by print job id.
  pdfQueue.on('progress', (job: { id: unknown }, p: PrintProgress) => {
    const marks = progressAt.get(String(job.id));
    if (!marks) return;
    const now = performance.now();
    if (p.pagesDone === 0) marks.started ??= now;
    if (p.pagesDone === p.pagesTotal && p.percent < 90) marks.composed ??= now;
    if (p.percent >= 90 && p.percent < 100) marks.printed ??= now;
  });

  async function newSession(product: string): Promise<string> {
    const [{ id }] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, portrait_status, product_types)
       VALUES ($1, 'Lily', 'bench@example.com', $2, now() + interval '30 days', 'ready', ARRAY[$3]) RETURNING id`,
      [magicCodeHash(randomBytes(32).toString('hex')), level, product],
    );
    sessionIds.push(id);
    return id;
  }

  /** A custom-pages order of this many scenes (one of them the parent's own from 10 up), as checkout froze it. */
  async function scenesOrder(sceneCount: number): Promise<{ id: string; orderId: string; pages: number }> {
    const id = await newSession('custom_scenes');
    await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [id, JSON.stringify(art)]);
    const items: { sceneId: string; custom?: { title: string; prompt: string } }[] = Array.from({ length: sceneCount }, (_, k) => ({
      sceneId: ALL_SCENES[k % ALL_SCENES.length]!.id,
    }));
    if (sceneCount >= 10) {
      // One of them custom, as parents write them.
      const custom = { title: 'Tea with a dragon', prompt: 'having a tea party with a dragon in the castle' };
      const [{ id: customId }] = await db.query(
        `INSERT INTO custom_scenes (session_id, title, user_prompt) VALUES ($1, $2, $3) RETURNING id`,
        [id, custom.title, custom.prompt],
      );
      items[items.length - 1] = { sceneId: `custom:${customId}`, custom };
    }
    await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [id, items.map((item) => item.sceneId)]);
    return { id, orderId: await insertOrder(id, 'custom_scenes', items), pages: sceneCount + 2 };
  }

  /** A single-photo order of this many photos, their art already drawn (the upload does that before checkout). */
  async function photosOrder(photoCount: number): Promise<{ id: string; orderId: string; pages: number }> {
    const id = await newSession('single_photo');
    const items = [];
    for (let k = 0; k < photoCount; k++) {
      const page = photos[k % photos.length]!;
      const [{ id: photoId }] = await db.query(
        `INSERT INTO order_photos (session_id, position, level, aspect, art) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [id, k, level, page.aspect, JSON.stringify(page.art)],
      );
      items.push({ photoId, level, aspect: page.aspect });
    }
    return { id, orderId: await insertOrder(id, 'single_photo', items), pages: photoCount };
  }

  /** The dot-to-dot book of the portrait. */
  async function dotsOrder(): Promise<{ id: string; orderId: string; pages: number }> {
    const id = await newSession('dot_to_dot');
    await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [id, JSON.stringify(art)]);
    const items = DOT_TO_DOT_BOOK_LEVELS.map((dotsLevel) => ({ dotsLevel }));
    return { id, orderId: await insertOrder(id, 'dot_to_dot', items), pages: 2 * items.length + 2 };
  }

  async function insertOrder(sessionId: string, product: string, items: unknown[]): Promise<string> {
    const [{ id: orderId }] = await db.query(
      `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence, provider_session_id)
       VALUES ($1, $2, $3, $4, 999, 0, 999, $5) RETURNING id`,
      [sessionId, product, JSON.stringify(items), level, `cs_bench_${sessionId}`],
    );
    return orderId;
  }

  const kept = new Map<string, string>();
  async function paidToReady(kind: string, size: number, made: Promise<{ id: string; orderId: string; pages: number }>): Promise<Run> {
    const { id, orderId, pages } = await made;
    const marks: { composed?: number; printed?: number; started?: number } = {};
    progressAt.set(jobId(JobName.PrintOrder, { orderId }), marks);

    // What the webhook does: the order paid and generating and the session's selection frozen in one transaction, then
    // the print job (its id from the order's).
    const paidAt = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE orders SET paid_at = now(), amount_paid_pence = 999, pdf_status = 'generating', pdf_error = NULL WHERE id = $1`,
        [orderId],
      );
      await tx.query(`UPDATE sessions SET paid_at = now() WHERE id = $1`, [id]);
    });
    await jobs.add(JobName.PrintOrder, { orderId });
    for (;;) {
      const [{ pdf_status: status, pdf_error: error }] = await db.query(`SELECT pdf_status, pdf_error FROM orders WHERE id = $1`, [
        orderId,
      ]);
      if (status === 'ready') break;
      if (status === 'failed') throw new Error(`the PDF failed: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const readyAt = performance.now();
    // The job goes on to queue the final email once the order is ready: let it end before the next run (or the cleanup).
    if ((await jobs.result(JobName.PrintOrder, { orderId }, 60_000)) === undefined) throw new Error('the print job did not end');
    const since = (t: number | undefined): number => (t ?? Number.NaN) - paidAt;
    kept.set(`${kind}-${size}`, orderId);
    return {
      scenes: size,
      pages,
      started: since(marks.started),
      composed: since(marks.composed),
      printed: since(marks.printed),
      ready: readyAt - paidAt,
    };
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`bench:flow — paid → ready, level ${level}, ${args.photo ? `portrait of ${args.photo}` : 'stand-in portrait'}`);
  console.log(
    `machine: ${availableParallelism()} cores (${cpu}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const photos = await photoArts();
  const cold = await paidToReady('scenes', 1, scenesOrder(1));
  console.log(`cold start (first job, Chromium launched): ${Math.round(cold.ready)} ms for ${cold.pages} pages\n`);
  console.log('order          pages   started  composed   printed     ready   pages/s   (median of ' + runs + ')');
  const results: Run[] = [];
  const kinds: { kind: string; size: number; label: string; make: () => Promise<{ id: string; orderId: string; pages: number }> }[] = [
    ...SIZES.map((size) => ({ kind: 'scenes', size, label: `${size} scenes`, make: () => scenesOrder(size) })),
    ...PHOTO_SIZES.map((size) => ({ kind: 'photos', size, label: `${size} photo${size === 1 ? '' : 's'}`, make: () => photosOrder(size) })),
    { kind: 'dot-to-dot', size: 1, label: 'dot-to-dot', make: dotsOrder },
  ];
  for (const { kind, size, label, make } of kinds) {
    const all: Run[] = [];
    for (let r = 0; r < runs; r++) all.push(await paidToReady(kind, size, make()));
    const m: Run = {
      scenes: kind === 'scenes' ? size : 0,
      pages: all[0]!.pages,
      started: median(all.map((x) => x.started)),
      composed: median(all.map((x) => x.composed)),
      printed: median(all.map((x) => x.printed)),
      ready: median(all.map((x) => x.ready)),
    };
    results.push(m);
    const rate = (m.pages / m.ready) * 1000;
    console.log(
      `${label.padEnd(13)}  ${String(m.pages).padStart(5)}  ${ms(m.started)}  ${ms(m.composed)}  ${ms(m.printed)}  ${ms(m.ready)}  ${rate.toFixed(1).padStart(8)}`,
    );
  }
  if (args.keep) {
    mkdirSync(args.keep, { recursive: true });
    const files = readdirSync(join(storageDir, 'pdfs'));
    for (const [name, orderId] of kept) {
      const file = files.find((f) => f.startsWith(orderId));
      if (file) copyFileSync(join(storageDir, 'pdfs', file), join(args.keep, `${name}.pdf`));
    }
    console.log(`PDFs kept in ${args.keep}`);
  }
  const ten = results.find((r) => r.scenes === 10)!;
  const allPages = results.reduce((n, r) => n + r.pages, 0);
  const allMs = results.reduce((n, r) => n + r.ready, 0);
  console.log(`\noverall: ${((allPages / allMs) * 1000).toFixed(1)} pages/s; Chromium launches: ${app.get(BrowserPool).stats().launches}`);
  console.log(
    `10 scenes: ${Math.round(ten.ready)} ms (target under ${TARGET_MS_FOR_10} ms: ${ten.ready < TARGET_MS_FOR_10 ? 'met' : 'NOT met'})`,
  );
}

try {
  await main();
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.warn(`cleanup: ${String(error)}`));
}
