import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplicationContext } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Job } from 'bull';
import type { DataSource } from 'typeorm';
import { CoreModule } from '../src/app.module.js';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { ALL_SCENES } from '../src/artwork/scenes/catalogue.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import type { AppConfig } from '../src/config/config.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { JobName, Jobs, QUEUES, QueueName, jobId, type JobDataOf, type Queues } from '../src/infra/jobs.js';
import { OrdersWorkerModule } from '../src/modules/orders/index.js';
import { PdfSweep } from '../src/modules/orders/pdf-sweep.service.js';
import { PDF_FAILURE_MESSAGES, type PrintProgress } from '../src/modules/pdf/index.js';
import { insertOrder } from './support/orders.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { testConfig } from './support/test-app.js';

const quiet = { info: () => {}, warn: () => {} };
const BACKEND = fileURLToPath(new URL('..', import.meta.url));
const CHILD = 'Sweep Test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

type PrintJob = JobDataOf[JobName.PrintOrder];
const printJobId = (orderId: string): string => jobId(JobName.PrintOrder, { orderId });

/** A session with its paid order, `generating` since it was paid that many minutes ago, as the webhook leaves it. */
async function paidOrder(
  db: DataSource,
  options: { scenes: number; paidMinutesAgo: number; email: string },
): Promise<{ sessionId: string; orderId: string }> {
  const [{ id }] = await db.query(
    `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, portrait_status, selected_scenes)
     VALUES ($1, $2, $3, 4, now() + interval '30 days', 'ready', $4) RETURNING id`,
    [magicCodeHash(randomBytes(32).toString('hex')), CHILD, options.email, ALL_SCENES.slice(0, options.scenes).map((s) => s.id)],
  );
  await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [id, JSON.stringify(fixturePortrait())]);
  const order = await insertOrder(db, id, { paid: true, pdfStatus: 'generating', totalPence: 599 });
  await db.query(`UPDATE orders SET paid_at = now() - $2::interval WHERE id = $1`, [order.id, `${options.paidMinutesAgo} minutes`]);
  await db.query(`UPDATE sessions SET paid_at = now() - $2::interval WHERE id = $1`, [id, `${options.paidMinutesAgo} minutes`]);
  return { sessionId: id as string, orderId: order.id };
}

const orderPdf = async (db: DataSource, id: string) =>
  (await db.query(`SELECT pdf_status, pdf_error FROM orders WHERE id = $1`, [id]))[0] as { pdf_status: string; pdf_error: string | null };
const alertsOf = async (db: DataSource, sessionId: string) =>
  (await db.query(`SELECT kind, details FROM security_alerts WHERE session_id = $1`, [sessionId])) as {
    kind: string;
    details: Record<string, unknown>;
  }[];

async function cleanUp(db: DataSource, app: INestApplicationContext): Promise<void> {
  const ids: { id: string }[] = await db.query(`SELECT o.id FROM orders o JOIN sessions s ON s.id = o.session_id WHERE s.child_name = $1`, [
    CHILD,
  ]);
  // A job still locked by a worker that is gone cannot be removed; its lock expires on its own.
  for (const { id } of ids)
    await app
      .get(Jobs)
      .remove(JobName.PrintOrder, { orderId: id })
      .catch(() => undefined);
  await db.query(`DELETE FROM security_alerts WHERE session_id IN (SELECT id FROM sessions WHERE child_name = $1)`, [CHILD]);
  await db.query(`DELETE FROM sessions WHERE child_name = $1`, [CHILD]);
}

describe('the PDF sweep, step by step', () => {
  let app: INestApplicationContext;
  let db: DataSource;
  let jobs: Jobs;
  let sweep: PdfSweep;

  beforeAll(async () => {
    // Long enough that the sweep runs only when the test says so.
    const config = testConfig({ PDF_SWEEP_INTERVAL_MS: '3600000', PDF_STUCK_AFTER_MS: '120000' });
    await prepareDatabase(config, quiet);
    // No JobsWorkerModule: this process runs no job, so the sweep's decisions stay where the test can see them.
    const moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot(config), ScheduleModule.forRoot(), OrdersWorkerModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    db = app.get(getDataSourceToken());
    jobs = app.get(Jobs);
    sweep = app.get(PdfSweep);
  });

  afterAll(async () => {
    try {
      await cleanUp(db, app);
    } finally {
      await app.close();
    }
  });

  /** Takes the order's waiting job as a worker would; a job another suite left waiting is set aside as failed. */
  async function takeJob(orderId: string): Promise<Job<PrintJob>> {
    const queue = app.get<Queues>(QUEUES)[QueueName.Pdf];
    for (let i = 0; i < 20; i++) {
      const job = (await queue.getNextJob()) as Job<PrintJob> | undefined;
      if (job?.id === printJobId(orderId)) return job;
      if (job) {
        await job.discard();
        await job.moveToFailed({ message: 'left over by another test, set aside by the sweep test' }, true);
      }
    }
    throw new Error(`the job of order ${orderId} was never taken`);
  }

  it('queues a paid order again whose job is gone, then fails it with one alert when that job ends too; a fresh order is left alone', async () => {
    const stuck = await paidOrder(db, { scenes: 1, paidMinutesAgo: 10, email: 'sweep-a@example.com' });
    const fresh = await paidOrder(db, { scenes: 1, paidMinutesAgo: 0, email: 'sweep-b@example.com' });

    const first = await sweep.run();
    expect(first.requeued).toContain(stuck.orderId);
    expect(first.requeued).not.toContain(fresh.orderId);
    expect(await jobs.data(JobName.PrintOrder, { orderId: stuck.orderId })).toEqual({ orderId: stuck.orderId, requeues: 1 });
    expect(await jobs.state(JobName.PrintOrder, { orderId: stuck.orderId })).toBe('waiting');

    // Idempotent: the job is waiting now, so a second run leaves it be; so it does while a worker has it.
    expect((await sweep.run()).requeued).not.toContain(stuck.orderId);
    const taken = await takeJob(stuck.orderId);
    expect(await sweep.run()).toEqual({ requeued: [], failed: [], emailed: [] });

    // Bull fails the job as it fails one stalled twice (a worker killed under it each time), here with no worker to
    // hear of it (its failure handler never ran): failed, no retry left.
    await taken.discard();
    await taken.moveToFailed({ message: 'job stalled more than allowable limit' }, true);
    expect(await taken.getState()).toBe('failed');
    const third = await sweep.run();
    expect(third.failed).toEqual([stuck.orderId]);
    expect(await orderPdf(db, stuck.orderId)).toEqual({ pdf_status: 'failed', pdf_error: PDF_FAILURE_MESSAGES.stalled });
    expect(await alertsOf(db, stuck.sessionId)).toEqual([
      { kind: 'pdf_failed', details: expect.objectContaining({ orderId: stuck.orderId }) },
    ]);

    // Once failed it is no longer the sweep's: no second alert, however often it runs.
    await sweep.run();
    await sweep.run();
    expect(await alertsOf(db, stuck.sessionId)).toHaveLength(1);
    expect(await orderPdf(db, fresh.orderId)).toEqual({ pdf_status: 'generating', pdf_error: null });
  });
  it('queues the final email of an order made ready long enough ago whose email never left, once; a fresh one and one already emailed are left alone', async () => {
    const madeReady = async (email: string, minutesAgo: number) => {
      const order = await paidOrder(db, { scenes: 1, paidMinutesAgo: minutesAgo + 1, email });
      await db.query(`UPDATE orders SET pdf_status = 'ready', pdf_generated_at = now() - $2::interval WHERE id = $1`, [
        order.orderId,
        `${minutesAgo} minutes`,
      ]);
      return order;
    };
    const finalEmails = async (sessionId: string) =>
      (await db.query(`SELECT status FROM email_log WHERE session_id = $1 AND template = 'final'`, [sessionId])) as { status: string }[];
    // Its worker died between marking the PDF ready and queueing the email.
    const silent = await madeReady('sweep-c@example.com', 10);
    // Its print job is finishing right now: not the sweep's yet.
    const finishing = await madeReady('sweep-d@example.com', 0);
    // Its email went out as it should.
    const emailed = await madeReady('sweep-e@example.com', 10);
    await db.query(`INSERT INTO email_log (to_address, template, session_id, status, attempts) VALUES ($1, 'final', $2, 'sent', 1)`, [
      'sweep-e@example.com',
      emailed.sessionId,
    ]);

    const first = await sweep.run();
    expect(first.emailed).toContain(silent.orderId);
    expect(first.emailed).not.toContain(finishing.orderId);
    expect(first.emailed).not.toContain(emailed.orderId);
    expect(await finalEmails(silent.sessionId)).toEqual([{ status: 'queued' }]);
    expect(await jobs.state(JobName.SendFinalEmail, { orderId: silent.orderId })).toBe('waiting');
    expect(await finalEmails(finishing.sessionId)).toEqual([]);
    expect(await finalEmails(emailed.sessionId)).toEqual([{ status: 'sent' }]);

    // Once queued, never again.
    expect((await sweep.run()).emailed).not.toContain(silent.orderId);
    expect(await finalEmails(silent.sessionId)).toHaveLength(1);
    await jobs.remove(JobName.SendFinalEmail, { orderId: silent.orderId });
  });
});

/** A worker process of its own (`ROLE=worker`), as production runs it, in its own process group with its Chromium. */
class WorkerProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', '--import', 'reflect-metadata', 'src/worker.ts'], {
      cwd: BACKEND,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  /** SIGKILL to the whole group: the worker and the Chromium it started die at once, as in an out-of-memory kill. */
  async kill(): Promise<void> {
    process.kill(-this.child.pid!, 'SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    process.kill(-this.child.pid!, 'SIGTERM');
    await Promise.race([this.exited, sleep(15_000).then(() => this.kill())]);
  }
}

describe('a paid order whose worker is killed twice while its PDF is printed', () => {
  const smtp = new TestSmtpServer();
  const scratch = mkdtempSync(join(tmpdir(), 'pdf-sweep-'));
  const email = `sweep-${Date.now()}@example.com`;
  const workers: WorkerProcess[] = [];
  let config: AppConfig;
  let app: INestApplicationContext;
  let db: DataSource;
  let jobs: Jobs;
  let workerEnv: Record<string, string>;

  beforeAll(async () => {
    await smtp.start();
    config = testConfig({ STORAGE_DIR: join(scratch, 'storage') });
    await prepareDatabase(config, quiet);
    // The test's own view of the database and the queues; it processes nothing.
    const moduleRef = await Test.createTestingModule({ imports: [CoreModule.forRoot(config)] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    db = app.get(getDataSourceToken());
    jobs = app.get(Jobs);
    workerEnv = {
      NODE_ENV: 'test',
      ROLE: 'worker',
      LOG_LEVEL: 'info',
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      STORAGE_DIR: join(scratch, 'storage'),
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shop.test',
      // Moved through configuration, so the test need not wait minutes: the sweep runs every 2 s and takes
      // orders paid more than 2 s ago. Bull's own stall check keeps its production timing (30 s locks).
      PDF_SWEEP_INTERVAL_MS: '2000',
      PDF_STUCK_AFTER_MS: '2000',
    };
  });

  afterAll(async () => {
    try {
      for (const worker of workers) await worker.stop();
      await cleanUp(db, app);
    } finally {
      await app.close();
      await smtp.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  const startWorker = (): WorkerProcess => {
    const worker = new WorkerProcess(workerEnv);
    workers.push(worker);
    return worker;
  };

  /** The print job as Bull stores it. */
  const printJob = async (orderId: string): Promise<Job<PrintJob> | null> =>
    (await app.get<Queues>(QUEUES)[QueueName.Pdf].getJob(printJobId(orderId))) as Job<PrintJob> | null;

  /** The job's progress once a worker has taken it (again) and printed at least two pages in this run. */
  const printingAgain = (orderId: string, previous: { processedOn: number; progress: string }) =>
    waitFor('a worker to be printing the book', 180_000, async () => {
      const job = await printJob(orderId);
      if (!job || (await job.getState()) !== 'active' || !job.processedOn || job.processedOn === previous.processedOn) return null;
      const progress = job.progress() as PrintProgress | number;
      const text = JSON.stringify(progress);
      if (typeof progress !== 'object' || text === previous.progress || progress.pagesDone < 2) return null;
      if (progress.pagesDone >= progress.pagesTotal) throw new Error('the book was printed before the worker could be killed');
      return { processedOn: job.processedOn, progress: text };
    });

  it('ends ready within the sweep interval after Bull gives up on it, and the parent gets exactly one final email', async () => {
    const { sessionId, orderId } = await paidOrder(db, { scenes: 40, paidMinutesAgo: 0, email });
    // What the payment webhook does: one print job, its id from the order's.
    expect(await jobs.add(JobName.PrintOrder, { orderId })).toBe(true);

    const first = startWorker();
    const run1 = await printingAgain(orderId, { processedOn: 0, progress: '' });
    await first.kill();

    // Bull notices the dead worker once its lock expires, hands the job to the next worker (stalled once)...
    const second = startWorker();
    await printingAgain(orderId, run1);
    await second.kill();

    // ...and fails it when that one dies too (stalled twice): no attempt used up, so the order is left to the sweep.
    const third = startWorker();
    const failedAt = await waitFor('Bull to fail the job stalled twice', 180_000, async () => {
      // Failed, or (if the sweep was quicker than this look) already queued again by the sweep.
      const state = await jobs.state(JobName.PrintOrder, { orderId });
      const data = await jobs.data(JobName.PrintOrder, { orderId });
      return state === 'failed' || data?.requeues === 1 ? Date.now() : null;
    });
    expect(await orderPdf(db, orderId)).toEqual({ pdf_status: 'generating', pdf_error: null });
    await waitFor('the order to be ready', 180_000, async () => (await orderPdf(db, orderId)).pdf_status === 'ready');
    const readyAfterMs = Date.now() - failedAt;

    await waitFor('the final email', 60_000, async () => smtp.to(email).length > 0);
    // Three more sweeps: nothing more is sent.
    await sleep(3 * 2000 + 500);
    const finals = smtp.to(email).filter((mail) => mail.subject === `${CHILD}’s colouring pages are ready`);
    expect(finals).toHaveLength(1);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await alertsOf(db, sessionId)).toEqual([]);
    expect(await orderPdf(db, orderId)).toEqual({ pdf_status: 'ready', pdf_error: null });

    expect(await jobs.data(JobName.PrintOrder, { orderId })).toEqual({ orderId, requeues: 1 });
    const sweepLine = third.output
      .join('')
      .split('\n')
      .find((line) => line.includes('pdf job queued again by the sweep') && line.includes(orderId));
    expect(sweepLine).toContain('"previousState":"failed"');
    // Queued again within one sweep interval of Bull giving up (a little slack for the look that saw it).
    const requeuedAt = (JSON.parse(sweepLine!) as { time: number }).time;
    expect(requeuedAt - failedAt).toBeLessThan(2000 + 500);
    console.log(`pdf-sweep: queued again ${requeuedAt - failedAt} ms after Bull failed the job; ready ${readyAfterMs} ms after`);
    // No magic code and no 64-hex run in any worker's log.
    for (const worker of workers) expect(worker.output.join('')).not.toMatch(/[0-9a-f]{64}/i);
  }, 600_000);
});
