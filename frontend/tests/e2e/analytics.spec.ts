// First-party analytics with JavaScript on and off (docs/decisions/031): the first page is recorded by the server, as an
// entry with the other site's host and without its query string; the next page by the server (JavaScript off) or by
// the page's own script (on), never both; nothing under Do Not Track or Global Privacy Control; and the admin's Funnel
// tab shows the figures of a period, works as a plain GET form, passes axe and fits a phone.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { database, expectAccessible, jsEnabled, ownClientAddress } from './support';

test.describe.configure({ timeout: 60_000 });

const clientAddress = ownClientAddress();

interface ViewRow {
  path: string;
  data: Record<string, unknown>;
}

/** The page views recorded since `since` whose data names this referrer host (a visit's first page), or on `path`. */
const viewsFrom = (referrer: string) =>
  database(
    async (db) =>
      (await db.query<ViewRow>(`SELECT path, data FROM analytics_events WHERE kind = 'page_view' AND data->>'referrer' = $1`, [referrer]))
        .rows,
  );
const viewsOn = (path: string, since: Date) =>
  database(
    async (db) =>
      (
        await db.query<ViewRow>(
          `SELECT path, data FROM analytics_events WHERE kind = 'page_view' AND path = $1 AND created_at >= $2 AND NOT data ? 'entry'`,
          [path, since],
        )
      ).rows,
  );
const databaseNow = () => database(async (db) => (await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now);

/** Another site a visit comes from, of this test's own, so its rows are told from every other test's. */
const elsewhere = () => `probe-${randomBytes(5).toString('hex')}.example`;

/** The footer's 'About Us': a route change with JavaScript, a new document without; answers the analytics post's body, if any. */
async function goToAbout(page: Page, testInfo: TestInfo): Promise<{ recorded: number } | null> {
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  if (!jsEnabled(testInfo)) {
    await link.click();
    await expect(page).toHaveURL(/\/about$/);
    return null;
  }
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/analytics/events'));
  await link.click();
  await expect(page).toHaveURL(/\/about$/);
  const response = await posted;
  expect(response.status()).toBe(202);
  return (await response.json()) as { recorded: number };
}

test('the first page is recorded by the server as an entry, the next once, by whoever rendered it', async ({ page }, testInfo) => {
  const from = elsewhere();
  const since = await databaseNow();
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
  });
  await page.goto('/faq?utm_source=newsletter&code=0123', { referer: `https://${from}/some/page?q=colouring` });
  await expect.poll(() => viewsFrom(from)).toEqual([{ path: '/faq', data: { entry: true, referrer: from } }]);

  const answer = await goToAbout(page, testInfo);
  await expect.poll(async () => (await viewsOn('/about', since)).length).toBeGreaterThanOrEqual(1);
  if (jsEnabled(testInfo)) {
    // The page's script recorded the route change; the server rendered no document for it.
    expect(answer).toEqual({ recorded: 1 });
    expect(documents).toEqual(['/faq']);
  } else {
    expect(documents).toEqual(['/faq', '/about']);
  }
  // Another visit, from elsewhere: the first one is still one row.
  const marker = elsewhere();
  await page.goto('/products', { referer: `https://${marker}/` });
  await expect.poll(() => viewsFrom(marker)).toHaveLength(1);
  expect(await viewsFrom(from)).toHaveLength(1);
});

test('a marked click and the route change it makes are sent by the page; without JavaScript nothing is sent', async ({
  page,
}, testInfo) => {
  const posts: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/events')) posts.push(request.postDataJSON());
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  if (!jsEnabled(testInfo)) {
    expect(posts).toEqual([]);
    return;
  }
  await expect
    .poll(() => posts)
    .toEqual([{ events: [{ kind: 'click', path: '/', label: 'get_started' }] }, { events: [{ kind: 'page_view', path: '/products' }] }]);
});

for (const [name, header] of [
  ['Do Not Track', { DNT: '1' }],
  ['Global Privacy Control', { 'Sec-GPC': '1' }],
] as const) {
  test(`nothing is recorded under ${name}`, async ({ page, context }, testInfo) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress(), ...header });
    const from = elsewhere();
    await page.goto('/faq', { referer: `https://${from}/` });
    const answer = await goToAbout(page, testInfo);
    if (jsEnabled(testInfo)) expect(answer).toEqual({ recorded: 0 });

    // A visit without the header afterwards is recorded: the refused ones had as long to be written, and were not.
    // (Another page: the browser may answer /faq from its cache for 5 minutes, and then the server sees no request.)
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    const after = elsewhere();
    await page.goto('/products', { referer: `https://${after}/` });
    await expect.poll(() => viewsFrom(after)).toHaveLength(1);
    expect(await viewsFrom(from)).toEqual([]);
  });
}

/** An admin account of this test's own, as the seed makes one (argon2id). */
async function insertAdmin(): Promise<{ email: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = `funnel-${tag}@example.com`;
  const password = `a long admin password ${tag}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await database((db) => db.query(`INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)`, [email, hash]));
  return { email, password };
}

/**
 * A day of this test's own, far from every other row (a random day of 2060-2099): 4 page views of /create and 1 of
 * /single-photo; 3 custom-pages sessions, 2 with their portrait drawn, 2 at checkout, 1 paid (£2.99).
 */
async function feedDay(): Promise<{ day: string; clear: () => Promise<void> }> {
  const year = 2060 + Math.floor(Math.random() * 40);
  const dayOfYear = Math.floor(Math.random() * 360);
  const day = new Date(Date.UTC(year, 0, 1 + dayOfYear, 12)).toISOString().slice(0, 10);
  const at = `${day}T12:00:00Z`;
  const ids: string[] = [];
  await database(async (db) => {
    await db.query(`DELETE FROM analytics_events WHERE created_at::date = $1`, [day]);
    for (const path of ['/create', '/create', '/create', '/create', '/single-photo']) {
      await db.query(`INSERT INTO analytics_events (kind, path, created_at) VALUES ('page_view', $1, $2)`, [path, at]);
    }
    for (const portrait of ['ready', 'ready', 'failed']) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, selected_scenes, portrait_status, created_at)
         VALUES ($1, 'Funnel', 'funnel@fixture.test', now() + interval '30 days', '{}', $2, $3) RETURNING id`,
        [randomBytes(32), portrait, at],
      );
      ids.push(rows[0]!.id);
    }
    const order = `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence, amount_paid_pence, paid_at, pdf_status)
                   VALUES ($1, 'custom_scenes', '[]', 2, 299, 0, 299, $2, $3, $4)`;
    await db.query(order, [ids[0], 299, at, 'ready']);
    await db.query(order, [ids[1], null, null, null]);
  });
  // Gone afterwards, so no other test's list meets sessions from the future.
  const clear = () =>
    database(async (db) => {
      await db.query(`DELETE FROM orders WHERE session_id = ANY($1)`, [ids]);
      await db.query(`DELETE FROM sessions WHERE id = ANY($1)`, [ids]);
      await db.query(`DELETE FROM analytics_events WHERE created_at = $1`, [at]);
    });
  return { day, clear };
}

test('the Funnel tab shows a chosen period’s figures by product, says why a period is refused, and passes axe', async ({
  page,
}, testInfo) => {
  const admin = await insertAdmin();
  const { day, clear } = await feedDay();
  try {
    await funnelTab(page, testInfo, admin, day);
  } finally {
    await clear();
  }
});

async function funnelTab(page: Page, testInfo: TestInfo, admin: { email: string; password: string }, day: string): Promise<void> {
  await page.goto('/admin/funnel');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Admin tabs' }).getByRole('link', { name: 'Funnel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Funnel' })).toBeVisible();
  // The last 7 days to today by default, one table per product.
  await expect(page.getByRole('table')).toHaveCount(3);
  for (const product of ['Custom colouring pages', 'Single photo conversion', 'Personalised dot-to-dot']) {
    await expect(page.getByRole('table', { name: product })).toBeVisible();
  }

  await page.getByLabel('From').fill(day);
  await page.getByLabel('To').fill(day);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/funnel\\?from=${day}&to=${day}$`));
  const custom = page.getByRole('table', { name: 'Custom colouring pages' });
  const row = (step: string) => custom.getByRole('row', { name: new RegExp(`^${step}`) });
  await expect(row('Visits')).toHaveText(/Visits\s*4\s*—/);
  await expect(row('Uploads')).toHaveText(/Uploads\s*3\s*75%/);
  await expect(row('Previews')).toHaveText(/Previews\s*2\s*66\.7%/);
  await expect(row('Checkouts started')).toHaveText(/Checkouts started\s*2\s*100%/);
  await expect(row('Paid orders')).toHaveText(/Paid orders\s*1\s*50%/);
  await expect(row('Paid in')).toHaveText(/£2\.99/);
  await expect(page.getByRole('table', { name: 'Single photo conversion' }).getByRole('row', { name: /^Visits/ })).toHaveText(/Visits\s*1/);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: testInfo.outputPath(`admin-funnel-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(0);
  }

  // A period that runs backwards: the API's words under the form, the fields marked.
  await page.goto(`/admin/funnel?from=${day}&to=2059-01-01`);
  const error = page.getByRole('alert').filter({ hasText: 'Choose a period of whole days' });
  await expect(error).toHaveText('Choose a period of whole days, the first on or before the last, at most 400 days.');
  await expect(page.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
}

test('the Funnel tab and its figures are the admin’s only', async ({ page, request }) => {
  await page.goto('/admin/funnel?from=2060-01-01&to=2060-01-07');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect((await request.get('/api/admin/funnel')).status()).toBe(401);
});
