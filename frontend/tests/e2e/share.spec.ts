// Share-for-voucher as the parent meets it (SPEC §2 share boxes, §4 Share voucher, §8 share messages): with JavaScript a
// share window watched until it closes, the voucher in the mailbox, applied in the picker and charged at checkout; the
// refusals in SPEC's words; without JavaScript plain links and an honest note. Every network's page is answered here,
// so nothing leaves the machine; the page's clock is Playwright's, moved past SPEC's 30 s.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { bundleScenes, database, expectAccessible, insertSession, jsEnabled, keepSessionCookie, ownClientAddress } from './support';

test.describe.configure({ timeout: 120_000 });

ownClientAddress();
const NETWORKS = [
  { name: 'Facebook', page: 'https://www.facebook.com/sharer/sharer.php' },
  { name: 'WhatsApp', page: 'https://api.whatsapp.com/send' },
  { name: 'Pinterest', page: 'https://www.pinterest.com/pin/create/button/' },
  { name: 'X', page: 'https://x.com/intent/tweet' },
] as const;
const SUBJECT = 'Thanks for sharing! Here’s 25% off';

let scenes: string[] = [];
test.beforeEach(async ({ context }) => {
  // Six scenes: the Adventure Pack at £2.99; 25% off makes £2.24.
  scenes = await bundleScenes('dinosaurs');
  for (const network of NETWORKS) {
    await context.route(`${network.page}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><title>${network.name} share</title><p>Post</p>` }),
    );
  }
});

const shareBox = (page: Page) => page.getByRole('region', { name: 'Share us and get 25% off' });
const shareLink = (page: Page, name: string) => shareBox(page).getByRole('link', { name: `Share on ${name} (opens a new window)` });
const shareStatus = (page: Page) => shareBox(page).getByRole('status');

async function openPicker(page: Page) {
  await page.goto('/choose-scenes');
  await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
}

/** The page gets the focus back, as when the parent clicks back to it from the share window. */
const focusPage = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** Opens the share window, keeps it open `seconds` on the page's clock with focus events at the given seconds, then closes it. */
async function shareFor(page: Page, network: string, seconds: number, focusAtSeconds: number[]) {
  const popupOpened = page.waitForEvent('popup');
  await shareLink(page, network).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await expect(shareStatus(page)).toHaveText(`Sharing on ${network}: finish your post in the share window, then close it.`);
  for (let second = 2; second <= seconds; second += 2) {
    await page.clock.runFor(2000);
    if (focusAtSeconds.includes(second)) await focusPage(page);
  }
  await popup.close();
  await page.clock.runFor(2000);
  return popup;
}

/** The share box on a phone and on a desktop, kept with the test's results to look at. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shareBox(page).screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

/** The development mailbox (the app runs without SMTP_URL in tests): the share email to this address. */
async function shareEmail(request: APIRequestContext, to: string): Promise<{ text: string }> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/api/dev/mailbox')).json()) as {
          messages: { id: string; to: string; subject: string }[];
        };
        id = messages.find((m) => m.to === to && m.subject === SUBJECT)?.id;
        return id;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBeTruthy();
  return (await (await request.get(`/api/dev/mailbox/${id}`)).json()) as { text: string };
}

const emailOf = (sessionId: string) =>
  database(async (db) => (await db.query<{ email: string }>(`SELECT email FROM sessions WHERE id = $1`, [sessionId])).rows[0]!.email);

test('sharing for 30 s earns a 25% voucher by email, which the picker applies and checkout charges, once', async ({
  page,
  context,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'the share window is watched by JavaScript; without it the links are plain (tested below)');
  const session = await insertSession({ selectedScenes: scenes });
  await keepSessionCookie(context, testInfo, session.magicCode);
  // What the page asks of window.open, kept to check the window's size (Playwright gives popups the page's viewport).
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const opened: string[][] = [];
    Object.assign(window, { opened });
    window.open = (...args: Parameters<typeof window.open>) => {
      opened.push(args.map(String));
      return open(...args);
    };
  });
  await page.clock.install();
  await openPicker(page);
  await expect(shareBox(page)).toContainText('keep the share window open for at least 30 seconds');

  const popup = await shareFor(page, 'Facebook', 32, [10, 30]);
  // The network's own share page for the shop's address, in SPEC's 626x436 window.
  expect(new URL(popup.url()).searchParams.get('u')).toMatch(/^https?:\/\/[^/]+\/$/);
  const [[url, name, features]] = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
  expect(url).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
  expect(name).toBe('share_facebook');
  expect(features).toMatch(/^width=626,height=436,/);
  await expect(shareStatus(page)).toHaveText('Shared! Check Your Email');
  await expectAccessible(page);
  await lookAt(page, testInfo, 'shared');

  const email = await emailOf(session.id);
  const mail = await shareEmail(page.request, email);
  const code = /SHARE-[A-Z0-9]{12}/.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();
  expect(mail.text).toContain('Lily’s 6 scenes');

  // Shared again while the voucher is unused: the server says so in SPEC's words.
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
  await shareFor(page, 'X', 32, [10, 30]);
  await expect(shareStatus(page)).toHaveText('You already have a share voucher! Check your email.');

  // The code from the email in the picker's voucher box, then checkout at the discounted price.
  await page.clock.resume();
  const voucherBox = page.locator('details#voucher');
  await voucherBox.locator('summary').click();
  await page.getByLabel('Voucher code').fill(code!);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(voucherBox.locator('summary')).toHaveText(`Voucher ${code} applied: 25% off`);
  await expect(page.locator('#price-bar')).toContainText('£2.24');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay £2.24 securely' }).click();
  await expect(page.getByRole('button', { name: 'Pay £2.24 (test)' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay £2.24 (test)' }).click();
  await page.waitForURL((url) => url.pathname === '/thank-you', { timeout: 30_000 });
  const voucher = await database(
    async (db) =>
      (
        await db.query<{ used: boolean; used_by_session: string }>(`SELECT used, used_by_session FROM voucher_codes WHERE code = $1`, [
          code,
        ])
      ).rows[0],
  );
  expect(voucher).toEqual({ used: true, used_by_session: session.id });
  const paid = await database(
    async (db) =>
      (
        await db.query<{ amount_paid_pence: number }>(
          `SELECT amount_paid_pence FROM orders WHERE session_id = $1 AND paid_at IS NOT NULL`,
          [session.id],
        )
      ).rows,
  );
  expect(paid).toEqual([{ amount_paid_pence: 224 }]);
});

test('a blocked share window says "Please allow popups to share and get your voucher"', async ({ page, context }, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'only a script opens a share window');
  const session = await insertSession({ selectedScenes: scenes });
  await keepSessionCookie(context, testInfo, session.magicCode);
  // The browser's popup blocker: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openPicker(page);
  await shareLink(page, 'Pinterest').click();
  await expect(shareStatus(page)).toHaveText('Please allow popups to share and get your voucher');
  await expectAccessible(page);
});

test('a share window closed within seconds says "Please complete the sharing process to get your voucher"', async ({
  page,
  context,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'only a script watches the share window');
  const session = await insertSession({ selectedScenes: scenes });
  await keepSessionCookie(context, testInfo, session.magicCode);
  await page.clock.install();
  await openPicker(page);
  await shareFor(page, 'WhatsApp', 4, []);
  await expect(shareStatus(page)).toHaveText('Please complete the sharing process to get your voucher');
  const vouchers = await database(
    async (db) => (await db.query(`SELECT 1 FROM voucher_codes WHERE created_from_session = $1`, [session.id])).rowCount,
  );
  expect(vouchers).toBe(0);
});

for (const where of ['the scene picker', 'the thank-you page'] as const) {
  test(`the share box on ${where}: each network's share page for the shop, and the voucher (a note without JavaScript)`, async ({
    page,
    context,
  }, testInfo) => {
    if (where === 'the scene picker') {
      const session = await insertSession({ selectedScenes: scenes });
      await keepSessionCookie(context, testInfo, session.magicCode);
      await page.goto('/choose-scenes');
    } else {
      const session = await insertSession({ selectedScenes: scenes, paid: { pdfStatus: 'ready' } });
      await keepSessionCookie(context, testInfo, session.magicCode);
      await page.goto(`/thank-you?session_id=${session.checkoutId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lily’s colouring pages are ready!' })).toBeVisible();
    }
    const box = shareBox(page);
    for (const network of NETWORKS) {
      const link = shareLink(page, network.name);
      await expect(link).toHaveAttribute('href', new RegExp(`^${network.page.replace(/[.?/]/g, '\\$&')}\\?`));
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    if (jsEnabled(testInfo)) {
      await expect(page.getByRole('tablist', { name: 'Kinds of scenes' }).or(page.locator('.magic-code'))).toBeVisible();
      await expect(box).toContainText('keep the share window open for at least 30 seconds');
    } else {
      // Without JavaScript: plain links that open the network's page, and the box says plainly the voucher needs JavaScript.
      await expect(box).toContainText(
        'The 25% voucher needs JavaScript, which is off in this browser: these links still open each site so you can share us, but we can’t check the share or send a voucher without it.',
      );
      const opened = page.waitForEvent('popup');
      await shareLink(page, 'Facebook').click();
      const tab = await opened;
      await expect(tab).toHaveTitle('Facebook share');
      await tab.close();
    }
    await expectAccessible(page);
    await lookAt(page, testInfo, 'share-box');
  });
}
