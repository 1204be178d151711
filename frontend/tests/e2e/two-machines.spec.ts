// The shop as it runs on more than one machine: a web process (ROLE=web: pages and API) and a worker process
// (ROLE=worker: portraits, PDFs, emails) on one PostgreSQL and one Redis, with an S3-compatible bucket as the only
// place they share files (each has its own, separate STORAGE_DIR). A parent's purchase goes from the photo to the
// download through the web process while the worker makes everything; the PDF reaches the web process via the bucket.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { TestS3Server } from '../../../backend/test/support/s3-server';
import { freePort, root, startPostgres, startRedis, waitForHttp } from '../../../scripts/lib/services.mjs';
import { fixturePhoto, jsEnabled } from './support';

const PDF_READY_TIMEOUT = 240_000;
const BUCKET = 'colouring-two-machines';

interface Shop {
  role: 'web' | 'worker';
  child: ChildProcess;
  storageDir: string;
  output: string[];
}

test.describe.configure({ timeout: 420_000 });

test.describe('two machines: ROLE=web and ROLE=worker sharing PostgreSQL, Redis and an S3 bucket', () => {
  const stops: (() => Promise<unknown>)[] = [];
  const shops: Shop[] = [];
  const s3 = new TestS3Server(BUCKET);
  let scratch = '';
  let web = '';

  test.beforeAll(async () => {
    const testInfo = test.info();
    if (!jsEnabled(testInfo)) return; // an API journey: once is enough
    testInfo.setTimeout(180_000);
    mkdirSync(join(root, 'var'), { recursive: true });
    scratch = mkdtempSync(join(root, 'var', 'two-machines-'));
    chmodSync(scratch, 0o755); // PostgreSQL runs as its own user when we are root
    const pg = await startPostgres({ dataDir: join(scratch, 'postgres'), port: await freePort(), persistent: false, database: 'shop' });
    stops.unshift(() => pg.stop());
    const redis = await startRedis({ dir: join(scratch, 'redis'), port: await freePort(), persistent: false });
    stops.unshift(() => redis.stop());
    await s3.start();
    stops.unshift(() => s3.stop());

    const port = await freePort();
    web = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      PORT: String(port),
      PUBLIC_URL: web,
      LOG_LEVEL: 'warn',
      DEV_ADMIN_FILE: join(scratch, 'dev-admin.txt'),
      ...s3.env(),
    };
    delete env.INTERNAL_API_URL;
    // The worker first: both migrate under one advisory lock, so whichever comes second waits for the first.
    for (const role of ['worker', 'web'] as const) {
      const storageDir = join(scratch, `${role}-disk`);
      const child = spawn(process.execPath, ['backend/dist/main.js'], {
        cwd: root,
        env: { ...env, ROLE: role, STORAGE_DIR: storageDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const shop: Shop = { role, child, storageDir, output: [] };
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => shop.output.push(chunk.toString()));
      shops.push(shop);
      stops.unshift(
        () =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      );
    }
    await waitForHttp(`${web}/api/health`, 90_000);
    const worker = shops.find((shop) => shop.role === 'worker')!;
    await expect.poll(() => worker.output.join(''), { timeout: 90_000 }).toContain('worker started');
  });

  test.afterAll(async () => {
    const testInfo = test.info();
    for (const stop of stops) await stop().catch(() => {});
    for (const shop of shops) await testInfo.attach(`${shop.role}.log`, { body: shop.output.join(''), contentType: 'text/plain' });
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test('a purchase from the photo to the download: the worker makes the PDF, the web process serves it from the bucket', async () => {
    test.skip(!jsEnabled(test.info()), 'an API journey with no page to render: run once, in the js-on project');
    const api = async (path: string, init: RequestInit & { code?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.code) headers.set('X-Magic-Code', init.code);
      return fetch(`${web}${path}`, { ...init, headers, redirect: 'manual' });
    };
    const json = (body: unknown) => ({ method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    // Neither process can make a portrait or a PDF alone: the web process has no queue processors, the worker no HTTP.
    const webOnly = await (await api('/api/health')).json();
    expect(webOnly.status).toBe('ok');

    const photo = fixturePhoto('astronaut.png');
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
    form.set('childName', 'Robin');
    form.set('email', `two-machines-${Date.now()}@example.com`);
    const created = await api('/api/sessions', { method: 'POST', body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const { magicCode } = (await created.json()) as { magicCode: string };

    await expect
      .poll(async () => (await (await api('/api/sessions/current', { code: magicCode })).json()).portrait.status, { timeout: 90_000 })
      .toBe('ready');

    const catalogue = (await (await api('/api/catalogue')).json()) as { bundles: { scenes: { id: string }[] }[] };
    const scenes = catalogue.bundles[0]!.scenes.slice(0, 3).map((scene) => scene.id);
    const saved = await api('/api/sessions/current/selection', { ...json({ level: 2, selectedScenes: scenes }), code: magicCode });
    expect(saved.status).toBe(200);

    const checkout = await api('/api/checkout', { method: 'POST', code: magicCode });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    expect(url.startsWith(`${web}/api/payments/test-checkout/`)).toBe(true);
    const paid = await api(`${new URL(url).pathname}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/thank-you?session_id=');

    await expect
      .poll(async () => (await (await api('/api/sessions/current', { code: magicCode })).json()).pdf.status, {
        timeout: PDF_READY_TIMEOUT,
        intervals: [1_000, 2_000, 5_000],
      })
      .toBe('ready');

    // The page's download link, served by the web process's Remix route from the API.
    const download = await api(`/download/${magicCode}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('filename="Robin-colouring-pages.pdf"');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The PDF is in the bucket, the same bytes, and on neither process's own disk.
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: TestS3Server.credentials,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    // The bucket is this test's own: the one PDF in it is this order's (`pdfs/<order id>.pdf`).
    const pdfs = listed.Contents?.filter((object) => /^pdfs\/[0-9a-f-]{36}\.pdf$/.test(object.Key ?? '')) ?? [];
    expect(pdfs, `objects in the bucket: ${listed.Contents?.map((object) => object.Key).join(', ')}`).toHaveLength(1);
    const stored = pdfs[0];
    expect(stored!.Size).toBe(bytes.length);
    const filesOnDisk = (dir: string): string[] => {
      try {
        return readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.pdf'))
          .map((entry) => entry.name);
      } catch {
        return [];
      }
    };
    for (const shop of shops) expect(filesOnDisk(shop.storageDir), `${shop.role}'s own disk`).toEqual([]);
  });
});
