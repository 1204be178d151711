import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import type { Job, Queue } from 'bull';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { CoreModule } from '../src/app.module.js';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { ALL_SCENES } from '../src/artwork/scenes/catalogue.js';
import { ApiErrorFilter } from '../src/common/api-error.filter.js';
import type { PdfStatusView } from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { BrowserPool, DEFAULT_BROWSER_POOL_OPTIONS, PrintTimeout } from '../src/infra/browser-pool.js';
import { JobsWorkerModule } from '../src/infra/jobs-worker.js';
import { JOBS_SETTINGS, JobName, Jobs, QUEUES, QueueName, jobId, type JobDataOf, type Queues } from '../src/infra/jobs.js';
import { LocalFileStorage, StoredFileNotFound } from '../src/infra/storage.js';
import { EmailWorkerModule } from '../src/modules/email/index.js';
import { OrdersModule, OrdersWorkerModule } from '../src/modules/orders/index.js';
import { OrderStatusService } from '../src/modules/orders/order-status.service.js';
import { OrdersService, type OrderRecord } from '../src/modules/orders/orders.service.js';
import {
  ARTWORK_PAGE_COMPOSER,
  bookHtml,
  contentDisposition,
  fileNamePart,
  PAGE_COMPOSER,
  pdfFileName,
  pdfNameOf,
  type PageComposer,
} from '../src/modules/pdf/book.js';
import { PDF_FAILURE_MESSAGES, PdfFiles, type PrintProgress } from '../src/modules/pdf/index.js';
import { testJobsSettings, unusedJobHandlers } from './support/jobs.js';
import { binaryBody } from './support/binary.js';
import { insertOrder, orderRow, type OrderRow } from './support/orders.js';
import { testConfig } from './support/test-app.js';
import { magicCodeHash } from '../src/common/magic-code.js';

const quiet = { info: () => {}, warn: () => {} };
const scratch = mkdtempSync(join(tmpdir(), 'pdf-test-'));
const CHILD_PREFIX = 'Pdf Test';
// Jobs print real books with Chromium; on a busy 2-core machine one can take tens of seconds.
const JOB_TEST_TIMEOUT_MS = 180_000;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** pdfinfo and pdffonts on the bytes. */
function inspectPdf(bytes: Buffer, name: string): { pages: number; pageSize: string; fonts: { name: string; embedded: boolean }[] } {
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const fontLines = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => l.trim());
  const fonts = fontLines.map((line) => {
    const cells = line.trim().split(/\s+/);
    // name, type words..., encoding, emb, sub, uni, object id, generation: emb is the 5th cell from the end.
    return { name: cells[0]!, embedded: cells[cells.length - 5] === 'yes' };
  });
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), pageSize: /^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '', fonts };
}

/** Chromium processes this test process started (Debian's launcher execs the real binary, keeping the pid). */
function chromiumChildren(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'chromium')
    .map(([pid]) => Number(pid));
}

/** The real artwork, with a hook called before each scene page is composed (to crash the browser, or look around). */
const hooks: { beforeScenePage?: (childName: string, title: string) => void } = {};
const composer: PageComposer = {
  ...ARTWORK_PAGE_COMPOSER,
  composeScenePage: (input) => {
    hooks.beforeScenePage?.(input.childName, input.title);
    return ARTWORK_PAGE_COMPOSER.composeScenePage(input);
  },
};

type PrintJob = JobDataOf[JobName.PrintOrder];
const printJobId = (orderId: string): string => jobId(JobName.PrintOrder, { orderId });

describe('the PDF job and the download', () => {
  let config: AppConfig;
  let app: INestApplication;
  let db: DataSource;
  let jobs: Jobs;
  let pdfQueue: Queue<PrintJob>;
  let emailQueue: Queue;
  let files: PdfFiles;
  let pool: BrowserPool;
  let orders: OrdersService;
  let orderStatus: OrderStatusService;

  beforeAll(async () => {
    // The sweep runs only when a test says so (none here does).
    config = testConfig({ STORAGE_DIR: join(scratch, 'storage'), PUBLIC_URL: 'https://shop.test', PDF_SWEEP_INTERVAL_MS: '3600000' });
    await prepareDatabase(config, quiet);
    // Queues of this test's own, retries a tenth of a second apart.
    const settings = testJobsSettings('pdf', QueueName.Pdf);
    const moduleRef = await Test.createTestingModule({
      imports: [
        CoreModule.forRoot(config),
        ScheduleModule.forRoot(),
        OrdersModule,
        OrdersWorkerModule,
        EmailWorkerModule,
        JobsWorkerModule,
      ],
      providers: [
        unusedJobHandlers('PDF', [JobName.RenderPortrait, JobName.RenderPhotoArt, JobName.PurgeStagedPhotos, JobName.ExpireSessions]),
      ],
    })
      .overrideProvider(PAGE_COMPOSER)
      .useValue(composer)
      .overrideProvider(JOBS_SETTINGS)
      .useValue(settings)
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ApiErrorFilter());
    await app.init();
    db = app.get(getDataSourceToken());
    jobs = app.get(Jobs);
    pdfQueue = app.get<Queues>(QUEUES)[QueueName.Pdf];
    emailQueue = app.get<Queues>(QUEUES)[QueueName.Email];
    files = app.get(PdfFiles);
    pool = app.get(BrowserPool);
    orders = app.get(OrdersService);
    orderStatus = app.get(OrderStatusService);
  });

  afterAll(async () => {
    const ofTheseSessions = `(SELECT id FROM sessions WHERE child_name LIKE $1)`;
    await db.query(`DELETE FROM security_alerts WHERE session_id IN ${ofTheseSessions}`, [`${CHILD_PREFIX}%`]);
    await db.query(`DELETE FROM email_log WHERE session_id IN ${ofTheseSessions}`, [`${CHILD_PREFIX}%`]);
    await db.query(`DELETE FROM sessions WHERE child_name LIKE $1`, [`${CHILD_PREFIX}%`]);
    await app.close();
  });

  /** A session with its portrait and its paid order, as the webhook leaves it: the order `generating`, its print job not yet queued. */
  async function createPaidSession(
    childName: string,
    options: {
      scenes?: string[];
      customPrompts?: { title: string; userPrompt: string }[];
      level?: number;
      expiresIn?: string;
      portrait?: boolean;
    } = {},
  ): Promise<{ id: string; orderId: string; magicCode: string; selected: string[] }> {
    const magicCode = randomBytes(32).toString('hex');
    const level = options.level ?? 2;
    const [{ id }] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, portrait_status)
       VALUES ($1, $2, 'parent@example.com', $3, now() + $4::interval, 'ready') RETURNING id`,
      [magicCodeHash(magicCode), `${CHILD_PREFIX} ${childName}`.slice(0, 50), level, options.expiresIn ?? '30 days'],
    );
    if (options.portrait !== false)
      await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [id, JSON.stringify(fixturePortrait())]);
    const items: OrderRow['items'] = (options.scenes ?? []).map((sceneId) => ({ sceneId }));
    for (const custom of options.customPrompts ?? []) {
      const [{ id: customId }] = await db.query(
        `INSERT INTO custom_scenes (session_id, title, user_prompt) VALUES ($1, $2, $3) RETURNING id`,
        [id, custom.title, custom.userPrompt],
      );
      items.push({ sceneId: `custom:${customId}`, custom: { title: custom.title, prompt: custom.userPrompt } });
    }
    const selected = items.map((item) => item.sceneId);
    await db.query(`UPDATE sessions SET selected_scenes = $2 WHERE id = $1`, [id, selected]);
    const order = await insertOrder(db, id, { items, level, totalPence: 999, paid: true });
    return { id, orderId: order.id, magicCode, selected };
  }

  /** Exactly what the payment webhook does once the order is paid: one print job, its id from the order's; answers Bull's job. */
  async function enqueuePdf(orderId: string): Promise<Job<PrintJob>> {
    expect(await jobs.add(JobName.PrintOrder, { orderId })).toBe(true);
    return (await pdfQueue.getJob(printJobId(orderId)))!;
  }

  const orderOf = (orderId: string) => orderRow(db, orderId);

  /** The order as the services read it. */
  const orderRecord = async (orderId: string): Promise<OrderRecord> => (await orders.findById(orderId))!;

  /** The stored PDF's bytes. */
  const storedPdf = async (orderId: string): Promise<Buffer> => {
    const stored = await files.find(orderId);
    if (!stored) throw new Error(`no PDF is stored for order ${orderId}`);
    return stored.read();
  };

  /** The order once its job's failure handler has marked it (it runs just after Bull marks the job failed). */
  const failedOrder = async (orderId: string): Promise<OrderRow> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await orderOf(orderId);
      if (row.pdf_status === 'failed' || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  const tenScenes = ALL_SCENES.slice(0, 9).map((s) => s.id);

  it(
    'prints cover, one page per scene (pre-made and custom) and the closing page to one A4 PDF, stores it, marks it ready and queues the final email',
    async () => {
      const session = await createPaidSession('Lily', {
        scenes: tenScenes,
        customPrompts: [{ title: 'Tea with a dragon', userPrompt: 'having a tea party with a dragon in the castle' }],
        level: 3,
      });
      const progress: PrintProgress[] = [];
      const onProgress = (job: { id: unknown }, value: PrintProgress) => {
        if (job.id === printJobId(session.orderId)) progress.push(value);
      };
      pdfQueue.on('progress', onProgress);
      const job = await enqueuePdf(session.orderId);
      const result = await job.finished();
      pdfQueue.off('progress', onProgress);

      expect(result).toMatchObject({ status: 'ready', pages: 12, reused: false });
      const row = await orderOf(session.orderId);
      expect(row).toMatchObject({ pdf_status: 'ready', pdf_error: null });
      expect(row.pdf_generated_at).toBeInstanceOf(Date);

      // Stored under the order; the download link needs the code, which the shop does not keep.
      const pdf = await storedPdf(session.orderId);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const info = inspectPdf(pdf, 'lily');
      // A printed book gets handed around: no magic code on any page, nor anywhere in the file.
      const text = execFileSync('pdftotext', [join(scratch, 'lily.pdf'), '-'], { encoding: 'utf8' });
      expect(text).not.toMatch(/[0-9a-f]{64}/i);
      expect(pdf.includes(session.magicCode)).toBe(false);
      expect(info.pages).toBe(10 + 2);
      expect(info.pageSize).toMatch(/^59[45]\.\d+ x 84[12]\.\d+ pts \(A4\)$/);
      for (const font of info.fonts) expect(font).toEqual({ name: font.name, embedded: true });
      // Line art stays vector: no page was printed as a bitmap (pdfimages lists a header of two lines, then one line per image).
      const images = execFileSync('pdfimages', ['-list', join(scratch, 'lily.pdf')], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2);
      expect(images).toEqual([]);

      const email = await emailQueue.getJob(jobId(JobName.SendFinalEmail, { orderId: session.orderId }));
      expect(email?.name).toBe(JobName.SendFinalEmail);
      expect(email?.data).toEqual({ orderId: session.orderId, product: 'custom_scenes', emailLogId: expect.any(String) });

      // Page k of n, in order, then done.
      const composed = progress.filter((p) => p.percent < 90).map((p) => p.pagesDone);
      expect(composed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(progress.every((p) => p.pagesTotal === 12)).toBe(true);
      expect(progress[progress.length - 1]).toEqual({ pagesDone: 12, pagesTotal: 12, percent: 100 });
      expect(await orderStatus.pdfOf(await orderRecord(session.orderId))).toEqual({
        status: 'ready',
        progress: 100,
        pagesDone: 12,
        pagesTotal: 12,
        error: null,
      });

      // A look at the pages (kept when PDF_TEST_PNG_DIR is set).
      const pngDir = process.env.PDF_TEST_PNG_DIR ?? join(scratch, 'png');
      execFileSync('mkdir', ['-p', pngDir]);
      execFileSync('pdftoppm', ['-png', '-r', '30', join(scratch, 'lily.pdf'), join(pngDir, 'lily')]);
      expect(readdirSync(pngDir).filter((f) => f.startsWith('lily'))).toHaveLength(12);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'lets the API read "page k of n" while the job is composing',
    async () => {
      const session = await createPaidSession('Progress', { scenes: ALL_SCENES.slice(0, 6).map((s) => s.id) });
      // The order as the thank-you page reads it while the job works: generating.
      const generating = await orderRecord(session.orderId);
      expect(generating.pdfStatus).toBe('generating');
      let seen: Promise<PdfStatusView> | undefined;
      hooks.beforeScenePage = (childName, title) => {
        // Asked as page 3 (the second scene) is composed.
        if (childName.endsWith('Progress') && title === ALL_SCENES[1]!.title) seen = orderStatus.pdfOf(generating);
      };
      try {
        await (await enqueuePdf(session.orderId)).finished();
      } finally {
        hooks.beforeScenePage = undefined;
      }
      // Pages 1 and 2 were reported before the look; page 3 may land before the read does.
      const view = await seen;
      expect(view).toMatchObject({ status: 'generating', pagesTotal: 8, error: null });
      expect([2, 3]).toContain(view?.pagesDone);
      expect(view?.progress).toBe(Math.round((view!.pagesDone / 8) * 80));
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'serves the PDF to the holder of the magic code, named after the child, and counts each download',
    async () => {
      const session = await createPaidSession('Zoë Mae', { scenes: [ALL_SCENES[0]!.id] });
      await (await enqueuePdf(session.orderId)).finished();
      const stored = await storedPdf(session.orderId);
      const http = () => request(app.getHttpServer());

      const res = await http()
        .get('/api/sessions/current/pdf')
        .set('X-Magic-Code', session.magicCode)
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Pdf-Test-Zoe-Mae-colouring-pages.pdf"; filename*=UTF-8''Pdf-Test-Zo%C3%AB-Mae-colouring-pages.pdf`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Number(res.headers['content-length'])).toBe(stored.length);
      expect(Buffer.compare(res.body as Buffer, stored)).toBe(0);
      await http().get('/api/sessions/current/pdf').set('X-Magic-Code', session.magicCode).expect(200);
      expect((await orderOf(session.orderId)).download_count).toBe(2);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'answers 404 "Session not found" for a missing, malformed, unknown or expired code, and 404 before the PDF is ready',
    async () => {
      const http = () => request(app.getHttpServer());
      const expired = await createPaidSession('Expired', { expiresIn: '-1 minute' });
      const waiting = await createPaidSession('Waiting');
      for (const code of [undefined, 'not-a-code', randomBytes(32).toString('hex'), expired.magicCode, expired.magicCode.toUpperCase()]) {
        const req = http().get('/api/sessions/current/pdf');
        const res = await (code === undefined ? req : req.set('X-Magic-Code', code)).expect(404);
        expect(res.body).toMatchObject({ statusCode: 404, message: 'Session not found' });
      }
      const res = await http().get('/api/sessions/current/pdf').set('X-Magic-Code', waiting.magicCode).expect(404);
      expect(res.body.message).toBe('Your colouring pages are not ready yet.');
      expect((await orderOf(waiting.orderId)).download_count).toBe(0);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'restarts Chromium on the next attempt after it is killed mid-job, and the retry succeeds',
    async () => {
      const session = await createPaidSession('Crash Once', { scenes: ALL_SCENES.slice(0, 3).map((s) => s.id) });
      const launchesBefore = pool.stats().launches;
      let killed = 0;
      hooks.beforeScenePage = (childName) => {
        if (!childName.endsWith('Crash Once') || killed > 0) return;
        for (const pid of chromiumChildren()) process.kill(pid, 'SIGKILL');
        killed++;
      };
      const failures: string[] = [];
      const onFailed = (job: { id: unknown }, error: Error) => {
        if (job.id === printJobId(session.orderId)) failures.push(error.name);
      };
      pdfQueue.on('failed', onFailed);
      try {
        const job = await enqueuePdf(session.orderId);
        expect(await job.finished()).toMatchObject({ status: 'ready', pages: 5 });
      } finally {
        hooks.beforeScenePage = undefined;
        pdfQueue.off('failed', onFailed);
      }
      expect(killed).toBe(1);
      expect(failures).toEqual(['BrowserCrashed']);
      expect(pool.stats()).toMatchObject({ launches: launchesBefore + 1, connected: true });
      expect(inspectPdf(await storedPdf(session.orderId), 'crash-once').pages).toBe(5);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'marks the order failed with a safe reason when the last attempt fails, and the next job still prints',
    async () => {
      const doomed = await createPaidSession('Crash Always', { scenes: [ALL_SCENES[0]!.id] });
      hooks.beforeScenePage = (childName) => {
        if (childName.endsWith('Crash Always')) for (const pid of chromiumChildren()) process.kill(pid, 'SIGKILL');
      };
      try {
        const job = await enqueuePdf(doomed.orderId);
        await expect(job.finished()).rejects.toThrow(/Chromium stopped/);
        const failed = await pdfQueue.getJob(printJobId(doomed.orderId));
        expect(failed?.attemptsMade).toBe(3);
      } finally {
        hooks.beforeScenePage = undefined;
      }
      const row = await failedOrder(doomed.orderId);
      expect(row).toMatchObject({ pdf_status: 'failed', pdf_error: PDF_FAILURE_MESSAGES.printerStopped });
      expect(await files.find(doomed.orderId)).toBeNull();
      expect(row.pdf_error).not.toMatch(/chromium|\/|pid|[0-9a-f]{64}/i);
      const alerts = await db.query(`SELECT kind, severity, message, details FROM security_alerts WHERE session_id = $1`, [doomed.id]);
      expect(alerts).toEqual([
        {
          kind: 'pdf_failed',
          severity: 'critical',
          message: expect.stringContaining(PDF_FAILURE_MESSAGES.printerStopped),
          details: expect.objectContaining({ orderId: doomed.orderId }),
        },
      ]);

      const next = await createPaidSession('After Crash', { scenes: [ALL_SCENES[1]!.id] });
      expect(await (await enqueuePdf(next.orderId)).finished()).toMatchObject({ status: 'ready', pages: 3 });
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'fails with a reason (no retry can help) when a chosen scene or the portrait is missing',
    async () => {
      const unknown = await createPaidSession('Unknown Scene', { scenes: ['no-such-scene'] });
      await expect((await enqueuePdf(unknown.orderId)).finished()).rejects.toThrow(/unknown scene/);
      expect(await failedOrder(unknown.orderId)).toMatchObject({ pdf_status: 'failed', pdf_error: PDF_FAILURE_MESSAGES.unknownScene });

      const noPortrait = await createPaidSession('No Portrait', { scenes: [ALL_SCENES[0]!.id], portrait: false });
      await expect((await enqueuePdf(noPortrait.orderId)).finished()).rejects.toThrow(/no portrait/);
      const row = await failedOrder(noPortrait.orderId);
      expect(row).toMatchObject({ pdf_status: 'failed', pdf_error: PDF_FAILURE_MESSAGES.noPortrait });
      const view = await orderStatus.pdfOf(await orderRecord(noPortrait.orderId));
      expect(view).toEqual({ status: 'failed', progress: 0, pagesDone: 0, pagesTotal: 3, error: PDF_FAILURE_MESSAGES.noPortrait });
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'does not print a ready order twice: a repeated job only queues the final email again',
    async () => {
      const session = await createPaidSession('Twice', { scenes: [ALL_SCENES[2]!.id] });
      await (await enqueuePdf(session.orderId)).finished();
      const first = await orderOf(session.orderId);
      await jobs.remove(JobName.PrintOrder, { orderId: session.orderId });
      const again = await (await enqueuePdf(session.orderId)).finished();
      expect(again).toMatchObject({ status: 'ready', reused: true });
      expect((await orderOf(session.orderId)).pdf_generated_at).toEqual(first.pdf_generated_at);
    },
    JOB_TEST_TIMEOUT_MS,
  );
});

describe('the browser pool', () => {
  const options = { ...DEFAULT_BROWSER_POOL_OPTIONS, executablePath: testConfig().chromiumPath, printSlots: 2 };
  const page = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${body}</svg>`;

  it(
    'replaces the browser every N jobs, with a fresh context per job',
    async () => {
      const pool = new BrowserPool({ ...options, jobsPerBrowser: 2 });
      try {
        for (let i = 0; i < 5; i++) await pool.withContext((printer) => printer.printPdf(bookHtml('t', [page('')])));
        expect(pool.stats()).toMatchObject({ launches: 3, jobsOnBrowser: 1, connected: true });
      } finally {
        await pool.onApplicationShutdown();
      }
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'embeds the shipped font for live text, and the fallback font too',
    async () => {
      const pool = new BrowserPool(options);
      try {
        const text = page(
          `<text x="20" y="40" font-family="Quicksand" font-size="14">Lily's colouring book</text>` +
            `<text x="20" y="80" font-family="serif" font-size="10">and a fallback font</text>`,
        );
        const pdf = await pool.withContext((printer) => printer.printPdf(bookHtml('Fonts', [text, page('')])));
        const info = inspectPdf(pdf, 'fonts');
        expect(info.pages).toBe(2);
        expect(info.fonts.length).toBeGreaterThanOrEqual(2);
        expect(info.fonts.map((f) => f.name)).toContainEqual(expect.stringMatching(/Quicksand-Bold$/));
        for (const font of info.fonts) expect(font).toEqual({ name: font.name, embedded: true });
      } finally {
        await pool.onApplicationShutdown();
      }
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    'gives up on a print that takes longer than its time limit',
    async () => {
      const pool = new BrowserPool({ ...options, printTimeoutMs: 1, printTimeoutPerPageMs: 0 });
      try {
        await expect(pool.withContext((printer) => printer.printPdf(bookHtml('t', [page('')])))).rejects.toBeInstanceOf(PrintTimeout);
      } finally {
        await pool.onApplicationShutdown();
      }
    },
    JOB_TEST_TIMEOUT_MS,
  );
});

describe('the book document', () => {
  it('gives each inline page its own ids, so a clip or mask on one page never applies to another', () => {
    const page = (r: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><clipPath id="area"><circle r="${r}"/></clipPath><path id="p" d="M0 0"/></defs>` +
      `<g clip-path="url(#area)" mask="url('#area')"><use href="#p"/><use xlink:href="#p"/><use href="#elsewhere"/></g></svg>`;
    const html = bookHtml('Two pages', [page(1), page(2)]);
    expect(html).toContain(
      `<clipPath id="p1-area"><circle r="1"/></clipPath><path id="p1-p" d="M0 0"/></defs><g clip-path="url(#p1-area)" mask="url('#p1-area')"><use href="#p1-p"/><use xlink:href="#p1-p"/><use href="#elsewhere"/></g>`,
    );
    expect(html).toContain(`<clipPath id="p2-area"><circle r="2"/></clipPath>`);
    expect(html.match(/<section>/g)).toHaveLength(2);
    expect(html).toContain('<title>Two pages</title>');
  });
});

describe('file storage and file names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  const storage = new LocalFileStorage(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores, reads, streams, sizes, replaces and deletes a file, leaving no temporary files', async () => {
    await storage.put('pdfs/a.pdf', Buffer.from('first'), 'application/pdf');
    await storage.put('pdfs/a.pdf', Buffer.from('second!'), 'application/pdf');
    expect((await storage.read('pdfs/a.pdf')).toString()).toBe('second!');
    expect(await storage.size('pdfs/a.pdf')).toBe(7);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.stream('pdfs/a.pdf')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('second!');
    expect(readdirSync(join(dir, 'pdfs'))).toEqual(['a.pdf']);
    await storage.delete('pdfs/a.pdf');
    await storage.delete('pdfs/a.pdf');
    await expect(storage.read('pdfs/a.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(storage.stream('pdfs/a.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(storage.size('pdfs/a.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
  });

  it.each(['../escape.pdf', '/etc/passwd', 'pdfs/../../x', 'pdfs//x', 'a\\b', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });

  it.each([
    ['Lily', 'Lily', 'attachment; filename="Lily-colouring-pages.pdf"'],
    ['Zoë Mae', 'Zoe-Mae', `attachment; filename="Zoe-Mae-colouring-pages.pdf"; filename*=UTF-8''Zo%C3%AB-Mae-colouring-pages.pdf`],
    [
      'O\'Brien "Jr"',
      'O-Brien-Jr',
      `attachment; filename="O-Brien-Jr-colouring-pages.pdf"; filename*=UTF-8''O%27Brien-Jr-colouring-pages.pdf`,
    ],
    ['李小龙', 'My', `attachment; filename="My-colouring-pages.pdf"; filename*=UTF-8''%E6%9D%8E%E5%B0%8F%E9%BE%99-colouring-pages.pdf`],
    ['../../etc', 'etc', 'attachment; filename="etc-colouring-pages.pdf"'],
    ['   ', 'My', 'attachment; filename="My-colouring-pages.pdf"'],
  ])('names the download of %j after the child', (name, part, disposition) => {
    expect(fileNamePart(name)).toBe(part);
    expect(contentDisposition({ childName: name, book: 'colouring-pages' })).toBe(disposition);
  });

  it("names each product's PDF: the dot-to-dot book after the child, a single-photo order after nobody", () => {
    expect(pdfFileName(pdfNameOf('dot_to_dot', 'Lily'))).toBe('Lily-dot-to-dot.pdf');
    expect(pdfFileName(pdfNameOf('single_photo', 'Customer'))).toBe('colouring-photos.pdf');
    expect(pdfFileName(pdfNameOf('custom_scenes', 'Zoë'))).toBe('Zoe-colouring-pages.pdf');
    expect(contentDisposition(pdfNameOf('single_photo', 'Customer'))).toBe('attachment; filename="colouring-photos.pdf"');
    expect(contentDisposition(pdfNameOf('dot_to_dot', 'Zoë'))).toBe(
      `attachment; filename="Zoe-dot-to-dot.pdf"; filename*=UTF-8''Zo%C3%AB-dot-to-dot.pdf`,
    );
  });
});
