// The dot-to-dot product bought as a parent buys it, with and without JavaScript: a photo on /dot-to-dot, the name and
// email, checkout with a voucher, the test payment provider, the thank-you page until the PDF is ready, and the book.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, fixturePhoto, insertVoucher, jsEnabled, pdfFacts, uniqueClientIp } from './support';

const PDF_READY_TIMEOUT = 240_000;

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp(testInfo) });
});

async function choosePhoto(page: Page, name: string) {
  if (jsEnabled(test.info())) await expect(page.getByText('Click to choose a photo, or drag it here')).toBeVisible();
  await page.getByLabel(/choose a photo/i).setInputFiles(fixturePhoto(name));
  if (jsEnabled(test.info())) await expect(page.getByRole('heading', { level: 2, name: /Highlight your child/ })).toBeFocused();
}

test('a photo of the child, their name and an email make a dot-to-dot book, paid with a voucher and downloaded as <name>-dot-to-dot.pdf', async ({
  page,
}, testInfo) => {
  test.setTimeout(PDF_READY_TIMEOUT + 120_000);
  const js = jsEnabled(testInfo);
  const childName = js ? 'Lily' : 'Noah';
  await page.goto('/dot-to-dot');
  await expect(page.getByRole('heading', { level: 1, name: 'Personalised dot-to-dot' })).toBeVisible();
  await expect(page.getByText('Max 5MB • JPEG, PNG, WebP only')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tips for the best pages' })).toBeVisible();
  await expectAccessible(page);

  await choosePhoto(page, 'grace-hopper.jpg');
  const submit = page.getByRole('button', { name: 'Continue to Checkout' });
  if (js) {
    // The square crop (zoom 1 to 3 in 0.1 steps); nothing is sent until every field is right.
    await expect(page.getByLabel('Zoom')).toHaveAttribute('max', '3');
    await expect(page.getByLabel('Zoom')).toHaveAttribute('step', '0.1');
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Please complete all required fields')).toBeVisible();
    // 'Upload a different photo' resets to step 1.
    await page.getByRole('button', { name: 'Upload a different photo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Upload a photo of your child/ })).toBeFocused();
    await choosePhoto(page, 'grace-hopper.jpg');
  } else {
    // Without JavaScript the server answers an empty name in dot-to-dot's words, and the photo is chosen again.
    await page.getByLabel('Your email').fill('parent@example.com');
    await submit.click();
    await expect(page.locator('#childName-error')).toHaveText('Please enter a valid name');
    await choosePhoto(page, 'grace-hopper.jpg');
  }
  await expect(page.getByLabel('Child’s name')).toHaveAttribute('maxlength', '50');
  await page.getByLabel('Child’s name').fill(childName);
  await page.getByLabel('Your email').fill(`dots-${testInfo.project.name}@example.com`);
  await submit.click();
  if (js) await expect(page.getByRole('button', { name: 'Creating secure session…' })).toBeDisabled();

  await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 75_000 });
  expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^[0-9a-f-]{36}$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('definition').first()).toHaveText(childName);
  await expect(summary).toContainText('Personalised dot-to-dot book for');
  await expect(summary).toContainText('8: a cover, three dot-to-dot pictures');
  await expect(summary).toContainText('Level 2: Easy');
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£1.49');
  await expect(page.getByRole('link', { name: 'Change the dot-to-dot details' })).toHaveAttribute('href', '/dot-to-dot');
  await expectAccessible(page);
  // For a person to look at, on a phone and on a desktop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`checkout-${width}.png`), fullPage: true });
  }

  // A voucher works on every product: 25% off £1.49 is 37p.
  const voucher = await insertVoucher();
  await page.getByLabel('Voucher code').fill(voucher.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£1.12');
  await page.getByRole('button', { name: 'Pay £1.12 securely' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay £1.12 (test)' }).click();
  await page.waitForURL((url) => url.pathname === '/thank-you');

  const ready = page.getByRole('heading', { level: 1, name: `${childName}’s dot-to-dot book is ready!` });
  await expect(ready).toBeVisible({ timeout: PDF_READY_TIMEOUT });
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Download your PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${childName}-dot-to-dot.pdf`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Cover, three dot-to-dot pages each followed by its outline, closing page: eight A4 portrait pages.
  expect(pdfFacts(bytes)).toEqual({ pages: 8, sizes: Array(8).fill('595x842') });
  await testInfo.attach('dot-to-dot.pdf', { body: bytes, contentType: 'application/pdf' });
});

test('a photo without a face is refused as on /create, and nothing is created', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/dot-to-dot');
  await choosePhoto(page, 'coffee.png');
  await page.getByLabel('Child’s name').fill('Lily');
  await page.getByLabel('Your email').fill(`dots-refused-${testInfo.project.name}@example.com`);
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page.locator('#photo-error')).toContainText("We couldn't find a face in this photo.", { timeout: 60_000 });
  await expect(page).toHaveURL(/\/dot-to-dot$/);
});
