// Vouchers as the parent meets them: applied and removed in the scene picker, refused with SPEC's words there, and
// checked again at checkout. The vouchers are put in the database as the share-for-voucher flow would issue them.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  bundleScenes,
  database,
  expectAccessible,
  insertSession,
  insertVoucher,
  jsEnabled,
  keepSessionCookie,
  ownClientAddress,
} from './support';

test.describe.configure({ timeout: 60_000 });

const clientIp = ownClientAddress();
let scenes: string[] = [];
test.beforeEach(async () => {
  // Six scenes: the Adventure Pack at £2.99; 25% off makes £2.24.
  scenes = await bundleScenes('dinosaurs');
});

const priceBar = (page: Page) => page.locator('#price-bar');
const voucherBox = (page: Page) => page.locator('details#voucher');

async function openPicker(page: Page, testInfo: TestInfo) {
  await page.goto('/choose-scenes');
  if (jsEnabled(testInfo)) await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
  await expect(priceBar(page)).toContainText('6 scenes');
}

/** The voucher box is a <details>, closed on load unless a code is waiting. */
async function openVoucherBox(page: Page) {
  if (!(await voucherBox(page).evaluate((details: HTMLDetailsElement) => details.open))) await voucherBox(page).locator('summary').click();
  await expect(page.getByLabel('Voucher code')).toBeVisible();
}

async function applyVoucher(page: Page, code: string) {
  await openVoucherBox(page);
  await page.getByLabel('Voucher code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('a voucher takes 25% off, locks the box until Remove, and checkout charges the discounted price', async ({
  page,
  context,
}, testInfo) => {
  const session = await insertSession({ selectedScenes: scenes });
  await keepSessionCookie(context, testInfo, session.magicCode);
  const code = await insertVoucher();
  await openPicker(page, testInfo);

  // Codes are upper-cased: typed in lower case, it still applies.
  await applyVoucher(page, code.toLowerCase());
  await expect(voucherBox(page).locator('summary')).toHaveText(`Voucher ${code} applied: 25% off`);
  await expect(page.locator('.toaster').getByText('Voucher applied: 25% off.')).toBeAttached();
  await expect(priceBar(page)).toContainText('£2.24');
  await openVoucherBox(page);
  await expect(page.getByLabel('Voucher code')).toHaveValue(code);
  await expect(page.getByLabel('Voucher code')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Voucher code')).toHaveAccessibleDescription('25% off: you save £0.75.');
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 30_000 });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('row', { name: `Voucher ${code} (25% off)` })).toContainText('−£0.75');
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£2.24');
  await expect(page.getByRole('button', { name: 'Pay £2.24 securely' })).toBeVisible();

  // Back to the picker: Remove unlocks the box and the full price returns.
  await page.getByRole('link', { name: 'Update Scene Selection' }).click();
  await page.waitForURL((url) => url.pathname === '/choose-scenes');
  if (jsEnabled(testInfo)) await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
  await openVoucherBox(page);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(voucherBox(page).locator('summary')).toHaveText('Have a voucher code?');
  await expect(page.locator('.toaster').getByText('Voucher removed.')).toBeAttached();
  await expect(priceBar(page)).toContainText('£2.99');
  await openVoucherBox(page);
  await expect(page.getByLabel('Voucher code')).not.toHaveAttribute('readonly', '');
});

test('a second voucher is refused with "You can only apply one voucher per purchase"', async ({ page, context, request }, testInfo) => {
  const session = await insertSession({ selectedScenes: scenes });
  await keepSessionCookie(context, testInfo, session.magicCode);
  const [first, second] = [await insertVoucher(), await insertVoucher()];
  await openPicker(page, testInfo);

  // Meanwhile the first voucher is applied to this order somewhere else (another tab, another device).
  const saved = await request.put('/api/sessions/current/selection', {
    headers: { 'x-magic-code': session.magicCode, 'x-forwarded-for': clientIp() },
    data: { level: 2, selectedScenes: scenes, voucherCode: first },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // This page, out of date, tries another one.
  await applyVoucher(page, second);
  await expect(page.locator('#voucher-error')).toHaveText('You can only apply one voucher per purchase');
  await expect(page.getByLabel('Voucher code')).toHaveAttribute('aria-invalid', 'true');
  const view = await request.get('/api/sessions/current', {
    headers: { 'x-magic-code': session.magicCode, 'x-forwarded-for': clientIp() },
  });
  expect(((await view.json()) as { voucherCode: string }).voucherCode).toBe(first);
});

for (const [state, message] of [
  ['used', 'This voucher has already been used.'],
  ['expired', 'This voucher has expired.'],
] as const) {
  test(`a voucher that is ${state} is refused with "${message}"`, async ({ page, context }, testInfo) => {
    const session = await insertSession({ selectedScenes: scenes });
    await keepSessionCookie(context, testInfo, session.magicCode);
    const code = await insertVoucher({ [state]: true });
    await openPicker(page, testInfo);
    await applyVoucher(page, code);
    await expect(page.getByLabel('Voucher code')).toHaveAccessibleDescription(message);
    await expect(priceBar(page)).toContainText('£2.99');
    await expect(voucherBox(page).locator('summary')).toHaveText('Have a voucher code?');
  });
}

for (const [change, message] of [
  ['used by another order', 'Voucher has already been used'],
  ['expired', 'Voucher has expired'],
  ['withdrawn', 'Voucher code not found'],
] as const) {
  test(`checkout prices without a voucher ${change} since it was applied, and says "${message}"`, async ({ page, context }, testInfo) => {
    const code = await insertVoucher();
    const session = await insertSession({ selectedScenes: scenes, voucherCode: code });
    await keepSessionCookie(context, testInfo, session.magicCode);
    await database((db) =>
      change === 'used by another order'
        ? db.query(`UPDATE voucher_codes SET used = true, used_at = now() WHERE code = $1`, [code])
        : change === 'expired'
          ? db.query(`UPDATE voucher_codes SET expires_at = now() - interval '1 minute' WHERE code = $1`, [code])
          : db.query(`DELETE FROM voucher_codes WHERE code = $1`, [code]),
    );

    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('alert')).toContainText(`${message}. The price above is without it`);
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£2.99');

    // Paying is refused with the same words, on the checkout page.
    await page.getByRole('button', { name: 'Pay £2.99 securely' }).click();
    await expect(page.locator('.toaster').getByText(message, { exact: true })).toBeAttached();
    await expect(page).toHaveURL(/\/checkout$/);
  });
}
