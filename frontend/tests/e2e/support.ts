import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';

/**
 * A PDF as poppler's pdfinfo reads it (poppler-utils is a test requirement, see README): its page count and each page's
 * size in points, rounded ('595x842' is A4 portrait, '842x595' A4 landscape).
 */
export function pdfFacts(bytes: Buffer): { pages: number; sizes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  try {
    const file = join(dir, 'book.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
    const pages = /^Pages:\s+(\d+)$/m.exec(info);
    if (!pages) throw new Error(`pdfinfo named no page count:\n${info}`);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
      (m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`,
    );
    return { pages: Number(pages[1]), sizes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fixture photograph from the repository's fixtures/photos, ready for `setInputFiles`. */
export function fixturePhoto(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const mimeType = name.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  return { name, mimeType, buffer: readFileSync(new URL(`../../../fixtures/photos/${name}`, import.meta.url)) };
}

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Fails on any serious or critical accessibility violation, listing each with its nodes.
 * axe runs as a script, so for a page loaded without JavaScript it checks a copy of that page's HTML,
 * its own scripts removed, in a scratch page where axe may run.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let target = page;
  let scratch: BrowserContext | undefined;
  if (!jsEnabled(test.info())) {
    const html = (await page.content()).replace(/<script(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/gi, '');
    const browser = page.context().browser()!;
    scratch = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
    target = await scratch.newPage();
    const url = page.url();
    await target.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await target.route('**/*.js', (route) => route.abort());
    await target.goto(url);
  }
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  await scratch?.close();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, 'serious or critical accessibility violations').toEqual([]);
}

/** A different client address per test, so the API's per-IP rate limits don't couple tests together. */
export function uniqueClientIp(testInfo: TestInfo): string {
  const n = (Date.now() + testInfo.workerIndex * 7919 + testInfo.retry * 131) % 60_000;
  return `10.${testInfo.project.name === 'js-off' ? 2 : 1}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Gives each test of the file its own client address (its own rate-limit counters), sent with every request of the
 * page and of `request` calls that pass it on; answers the current test's address.
 */
export function ownClientAddress(): () => string {
  let ip = '';
  test.beforeEach(async ({ context }, testInfo) => {
    ip = uniqueClientIp(testInfo);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  });
  return () => ip;
}

// ---------- Sessions, vouchers and failures the tests set up without a parent's long way round ----------

/** Remix's createCookie (no secrets) stores base64 of the JSON value: the session cookie as the create page writes it. */
export async function keepSessionCookie(context: BrowserContext, testInfo: TestInfo, magicCode: string): Promise<void> {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(magicCode)).toString('base64'));
  const baseURL = testInfo.project.use.baseURL ?? 'http://127.0.0.1:3000';
  await context.addCookies([{ name: 'colouring_session', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * The app's own database. `node scripts/test.mjs e2e` always passes DATABASE_URL to the tests; it is used only for
 * states a parent cannot reach quickly or at all (a voucher to apply, a PDF that failed), never to check what a page
 * shows. Without it a test that needs it fails, naming what is missing: it is never skipped, so it cannot pass unrun.
 */
export async function database<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  if (!process.env.DATABASE_URL) throw new Error('The e2e tests need DATABASE_URL: run them with `node scripts/test.mjs e2e`.');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The scene ids of one pre-made bundle, in order. */
export async function bundleScenes(bundle: string): Promise<string[]> {
  const { rows } = await database((db) =>
    db.query<{ id: string }>(`SELECT id FROM scenes WHERE bundle = $1 ORDER BY sort_order`, [bundle]),
  );
  return rows.map((row) => row.id);
}

interface SessionRow {
  childName?: string;
  level?: number;
  selectedScenes?: string[];
  voucherCode?: string | null;
  /** Paid through the test provider, with the PDF in this state. */
  paid?: { pdfStatus: 'generating' | 'ready' | 'failed' };
}

/**
 * A session as the create page leaves it (but without a portrait), put straight into the database; `paid` adds its
 * order as checkout freezes it and the webhook pays it (the selection as items, £1.99, the provider's id `checkoutId`).
 */
export async function insertSession(
  row: SessionRow = {},
): Promise<{ id: string; magicCode: string; checkoutId: string; orderId: string | null }> {
  const magicCode = randomBytes(32).toString('hex');
  const checkoutId = `cs_test_${randomBytes(8).toString('hex')}`;
  const selectedScenes = row.selectedScenes ?? [];
  return database(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, selected_scenes, voucher_code, paid_at)
       VALUES ($1, $2, $3, $4, now() + interval '30 days', $5, $6, $7) RETURNING id`,
      [
        // The shop keeps only the code's SHA-256 and looks sessions up by it.
        createHash('sha256').update(magicCode).digest(),
        row.childName ?? 'Lily',
        `parent-${magicCode.slice(0, 8)}@example.com`,
        row.level ?? 2,
        selectedScenes,
        row.voucherCode ?? null,
        row.paid ? new Date() : null,
      ],
    );
    const id = rows[0]!.id;
    if (!row.paid) return { id, magicCode, checkoutId, orderId: null };
    const order = await db.query<{ id: string }>(
      `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence,
         provider_session_id, amount_paid_pence, paid_at, pdf_status)
       VALUES ($1, 'custom_scenes', $2, $3, 199, 0, 199, $4, 199, now(), $5) RETURNING id`,
      [id, JSON.stringify(selectedScenes.map((sceneId) => ({ sceneId }))), row.level ?? 2, checkoutId, row.paid.pdfStatus],
    );
    return { id, magicCode, checkoutId, orderId: order.rows[0]!.id };
  });
}

/** A share voucher of 25% off, as the share-for-voucher flow would issue it; used or expired on request. */
export async function insertVoucher(state: { used?: boolean; expired?: boolean } = {}): Promise<string> {
  const code = `SHARE-${randomBytes(4).toString('hex').toUpperCase()}`;
  await database((db) =>
    db.query(`INSERT INTO voucher_codes (code, type, value, email, expires_at, used) VALUES ($1, 'share_incentive', 25, $2, $3, $4)`, [
      code,
      `${code.toLowerCase()}@example.com`,
      new Date(Date.now() + (state.expired ? -60_000 : 30 * 24 * 60 * 60 * 1000)),
      state.used ?? false,
    ]),
  );
  return code;
}

/**
 * Uses up the API's per-client rate limit of one endpoint for this client address, so the page's next call to it is
 * refused (429): the way these tests make the API fail for one parent without touching anyone else's requests.
 * The API counts each endpoint separately; the requests carry no magic code, so they change no session.
 */
export async function exhaustRateLimit(request: APIRequestContext, ip: string, method: 'GET' | 'POST', path: string): Promise<void> {
  const BATCH = 25;
  for (let sent = 0; sent < 1_000; sent += BATCH) {
    const statuses = await Promise.all(
      Array.from({ length: BATCH }, () =>
        request.fetch(path, { method, headers: { 'x-forwarded-for': ip }, failOnStatusCode: false }).then((r) => r.status()),
      ),
    );
    if (statuses.includes(429)) return;
  }
  throw new Error(`${method} ${path} never answered 429`);
}
