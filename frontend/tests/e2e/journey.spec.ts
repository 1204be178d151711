// The whole purchase as a parent makes it, with and without JavaScript: a photo on /create, scenes, checkout, the
// test payment provider, the thank-you page waiting for the PDF, the download, the final email, and the magic code
// bringing the paid order back.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, fixturePhoto, jsEnabled, pdfFacts, uniqueClientIp } from './support';

// The shared sample photos, as purchase-create.spec.ts and the backend's tests read them.
const PHOTO = fixturePhoto('astronaut.png');

// Making the PDF draws every page in Chromium; on a loaded 2-core machine that can take a few minutes.
const PDF_READY_TIMEOUT = 240_000;
const MAGIC_CODE = /^[0-9a-f]{64}$/;

// Three scenes of one bundle: the bundle is chosen, then three of its six scenes are taken out again.
const BUNDLE = /Under the Sea/;
const DROPPED_SCENES = ['Fishy Friends', 'Shell Collector', 'Underwater Story Time'];
const KEPT_SCENES = ['Swimming with Dolphins', 'Sunken Treasure', 'Coral Reef'];

const pdfPageCount = (bytes: Buffer): number => pdfFacts(bytes).pages;

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
}

/** The development mailbox (the app runs without SMTP_URL in tests): the newest email to this address with this subject. */
async function findEmail(request: APIRequestContext, to: string, subject: string): Promise<MailboxEntry | undefined> {
  const response = await request.get('/api/dev/mailbox');
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: MailboxEntry[] };
  return messages.find((m) => m.to === to && m.subject === subject);
}

/** Step 1 and 2 of /create: the photo, then (with JavaScript) the crop, the name and the email. */
async function startOnCreate(page: Page, childName: string, email: string) {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your colouring pages' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Continue to Scene Selection' });

  if (jsEnabled(test.info())) {
    // The page has taken over the drop zone once its wording changes.
    await expect(page.getByText('Click to choose a photo, or drag it here')).toBeVisible();
    await page.getByLabel(/choose a photo/i).setInputFiles(PHOTO);
    await expect(page.getByRole('heading', { level: 2, name: /Highlight your child/ })).toBeFocused();
    // Crop: zoom in, then nudge the square with the arrow keys.
    const zoom = page.getByLabel('Zoom');
    await zoom.fill('1.5');
    await expect(zoom).toHaveAttribute('aria-valuetext', '1.5 times');
    await page.getByRole('group', { name: 'Crop frame' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Please complete all required fields')).toBeVisible();
    await page.getByLabel('Child’s name').fill(childName);
    await page.getByLabel('Your email').fill(email);
    await expect(submit).toBeEnabled();
  } else {
    // Without JavaScript: one form with the photo, the name and the email.
    await page.getByLabel(/choose a photo/i).setInputFiles(PHOTO);
    await page.getByLabel('Child’s name').fill(childName);
    await page.getByLabel('Your email').fill(email);
  }
  await submit.click();
  // The API checks the face in the photo before it answers.
  await page.waitForURL((url) => url.pathname === '/choose-scenes', { timeout: 75_000 });
}

/** A level, a bundle, three of its scenes taken out again; then on to checkout. */
async function chooseScenes(page: Page, childName: string) {
  const js = jsEnabled(test.info());
  await expect(page.getByRole('heading', { level: 1, name: `Choose ${childName}’s scenes` })).toBeVisible();
  if (js) await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
  const priceBar = page.locator('#price-bar');

  await page.getByRole('radio', { name: 'Medium' }).check();
  await page.getByRole('button', { name: BUNDLE }).click();
  await expect(page.getByRole('button', { name: BUNDLE })).toHaveAttribute('aria-pressed', 'true');
  await expect(priceBar).toContainText('6 scenes');
  await expect(priceBar).toContainText('Adventure Pack');
  await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked();

  for (const title of DROPPED_SCENES) await page.getByRole('checkbox', { name: title }).uncheck();
  if (!js) await page.getByRole('button', { name: 'Update price' }).click();
  await expect(priceBar).toContainText('3 scenes');
  await expect(priceBar).toContainText('Starter Pack');
  await expect(priceBar).toContainText('£1.99');
  for (const title of KEPT_SCENES) await expect(page.getByRole('checkbox', { name: title })).toBeChecked();
  // With JavaScript the selection saves itself a second after the last change; Continue saves again anyway, but
  // racing the autosave on a loaded machine makes the way to checkout slower than it needs to be.
  if (js) await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  // Continue saves the selection first; on a loaded machine that takes a while.
  await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 30_000 });
}

test.describe.configure({ timeout: 420_000 });

test('a parent goes from a photo to the printed PDF, the email and back again with the magic code', async ({
  browser,
  page,
  context,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const clientIp = uniqueClientIp(testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
  const childName = js ? 'Maisie' : 'Arlo';
  const email = `journey-${testInfo.project.name}-${Date.now()}@example.com`;

  await test.step('create: photo, crop, name and email', () => startOnCreate(page, childName, email));
  await test.step('choose scenes: a level and three scenes of a bundle', () => chooseScenes(page, childName));

  await test.step('checkout: the order summary, then pay through the test provider', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible({ timeout: 20_000 });
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(childName);
    await expect(summary).toContainText('Level 3: Medium (ages 6-8)');
    await expect(summary).toContainText('Starter Pack: 3 pages');
    await expect(summary.getByRole('listitem')).toHaveText(KEPT_SCENES);
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£1.99');
    await page.getByRole('button', { name: 'Pay £1.99 securely' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//);
    await page.getByRole('button', { name: 'Pay £1.99 (test)' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you');
    expect(new URL(page.url()).searchParams.get('session_id')).toBeTruthy();
  });
  const thankYouAddress = page.url();

  const ready = page.getByRole('heading', { level: 1, name: `${childName}’s colouring pages are ready!` });
  await test.step('thank-you: waits (polling, or a meta refresh without JavaScript) until the PDF is ready', async () => {
    // Either still being made, or (on a fast machine) already made.
    await expect(
      page.getByRole('heading', { level: 1, name: `Thank you! We’re making ${childName}’s colouring pages` }).or(ready),
    ).toBeVisible();
    await expect(ready).toBeVisible({ timeout: PDF_READY_TIMEOUT });
  });

  const magicCode = (await page.locator('#magic-code').textContent())?.trim() ?? '';
  expect(magicCode).toMatch(MAGIC_CODE);

  await test.step('the ready state: download link, magic code, help link and share box', async () => {
    const download = page.getByRole('link', { name: 'Download your PDF' });
    await expect(download).toHaveAttribute('href', `/download/${magicCode}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Your magic code' })).toBeVisible();
    const help = page.getByRole('link', { name: 'tell us about it' });
    const helpHref = new URL((await help.getAttribute('href')) ?? '', baseURL);
    expect(helpHref.pathname).toBe('/contact');
    expect(helpHref.searchParams.get('magic_code')).toBe(magicCode);
    expect(helpHref.searchParams.get('category')).toBe('Not happy with image');
    await expect(page.getByRole('heading', { level: 2, name: 'Share us and get 25% off' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /facebook\.com\/sharer/);
    await expectAccessible(page);
    // For a person to look at: the report keeps it beside the trace.
    const screenshot = testInfo.outputPath('thank-you-ready.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach('thank-you-ready', { path: screenshot, contentType: 'image/png' });
  });

  await test.step('the download link gives the real PDF: cover, one page per scene, closing page', async () => {
    // The headers, through the browser's own cookies and address.
    const response = await page.request.get(`/download/${magicCode}`, { timeout: 60_000 });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain(`filename="${childName}-colouring-pages.pdf"`);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const bytes = await response.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(KEPT_SCENES.length + 2);
    // For a person to look at (pdftoppm -r 50 -png …): the book the parent bought.
    await testInfo.attach('colouring-pages.pdf', { body: bytes, contentType: 'application/pdf' });

    // And as the parent gets it: clicking the link downloads the file under that name.
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('link', { name: 'Download your PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${childName}-colouring-pages.pdf`);
    const saved = await download.path();
    expect(pdfPageCount(readFileSync(saved))).toBe(KEPT_SCENES.length + 2);
  });

  await test.step('the thank-you address alone, in a fresh browser without the cookie, shows the order and downloads the PDF', async () => {
    // As after paying in a banking app's own browser: the card provider's id, no session cookie.
    const elsewhere = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    try {
      const other = await elsewhere.newPage();
      await other.goto(thankYouAddress);
      await expect(other.getByRole('heading', { level: 1, name: 'Your colouring pages are ready!' })).toBeVisible();
      await expect(other.locator('body')).not.toContainText(magicCode);
      await expect(other.locator('body')).not.toContainText(childName);
      const downloading = other.waitForEvent('download', { timeout: 60_000 });
      await other.getByRole('link', { name: 'Download your PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${childName}-colouring-pages.pdf`);
      expect(pdfPageCount(readFileSync(await download.path()))).toBe(KEPT_SCENES.length + 2);
    } finally {
      await elsewhere.close();
    }
  });

  if (js) {
    await test.step('the copy button copies the magic code and says Copied! for 2 seconds', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
      const copy = page.getByRole('button', { name: 'Copy code' });
      await copy.click();
      const copiedAt = Date.now();
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Copied!' })).toBeAttached();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(magicCode);
      await expect(page.getByRole('button', { name: 'Copy code' })).toBeVisible({ timeout: 10_000 });
      // The confirmation stayed about 2 s (measured from after the click, so a little less).
      expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1_500);
    });
  }

  await test.step('the help link opens the contact form with the order’s code and category', async () => {
    await page.getByRole('link', { name: 'tell us about it' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expect(page.getByLabel('Magic code (optional)')).toHaveValue(magicCode);
    await expect(page.getByLabel('What is it about?')).toHaveValue('Not happy with image');
  });

  await test.step('the final email arrives with the download link and the magic code', async () => {
    const subject = `${childName}’s colouring pages are ready`;
    let entry: MailboxEntry | undefined;
    await expect
      .poll(async () => (entry = await findEmail(page.request, email, subject)), { timeout: 60_000, intervals: [500, 1_000, 2_000] })
      .toBeTruthy();
    const message = (await (await page.request.get(`/api/dev/mailbox/${entry!.id}`)).json()) as {
      text: string;
      attachments: { filename: string; contentType: string }[];
    };
    expect(message.text).toContain(`/download/${magicCode}`);
    expect(message.text).toContain(`/continue/${magicCode}`);
    expect(message.text).toContain(magicCode);
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: `${childName}-colouring-pages.pdf`, contentType: 'application/pdf' }),
    ]);
  });

  await test.step('the magic code brings the paid order back to the thank-you page in a browser without the cookie', async () => {
    await context.clearCookies();
    await page.goto('/thank-you');
    await expect(page.getByRole('alert')).toHaveText('Missing session ID');
    await page.goto(`/continue/${magicCode}`);
    if (!js) {
      await expect(page.getByRole('heading', { name: 'Restoring your session…' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue where I left off' }).click();
    }
    await page.waitForURL((url) => url.pathname === '/thank-you');
    await expect(ready).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download your PDF' })).toHaveAttribute('href', `/download/${magicCode}`);
  });
});
