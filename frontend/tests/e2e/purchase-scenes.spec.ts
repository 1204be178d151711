import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, fixturePhoto, jsEnabled, uniqueClientIp } from './support';

// The shared sample photos, as purchase-create.spec.ts and the backend's tests read them.

/** A fresh session made through the API, its magic code put in the browser's cookie the way Remix writes it. */
async function startSession(request: APIRequestContext, context: BrowserContext, testInfo: TestInfo): Promise<string> {
  const ip = uniqueClientIp(testInfo);
  const response = await request.post('/api/sessions', {
    headers: { 'x-forwarded-for': ip },
    multipart: {
      photo: fixturePhoto('astronaut.png'),
      childName: 'Lily',
      email: 'parent@example.com',
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { magicCode } = (await response.json()) as { magicCode: string };
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  // Remix's createCookie (no secrets) stores base64 of the JSON value.
  const value = encodeURIComponent(Buffer.from(JSON.stringify(magicCode)).toString('base64'));
  const baseURL = testInfo.project.use.baseURL ?? 'http://127.0.0.1:3000';
  await context.addCookies([{ name: 'colouring_session', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return magicCode;
}

async function savedSelection(request: APIRequestContext, magicCode: string, testInfo: TestInfo) {
  const response = await request.get('/api/sessions/current', {
    headers: { 'x-magic-code': magicCode, 'x-forwarded-for': uniqueClientIp(testInfo) },
  });
  return (await response.json()) as { level: number; selectedScenes: string[]; voucherCode: string | null; price: { totalPence: number } };
}

const priceBar = (page: Page) => page.locator('#price-bar');

/** Opens the scene picker; with JavaScript, waits until it is hydrated (the tabs only exist then). */
async function openPicker(page: Page, testInfo: TestInfo) {
  const response = await page.goto('/choose-scenes');
  if (jsEnabled(testInfo)) await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
  return response;
}

/** With JavaScript the selection saves itself after 1 s; the bar says so. */
async function waitForAutosave(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await expect(page.getByText('All changes saved')).toBeVisible();
}

test.describe.configure({ timeout: 90_000 });

test('choosing a level and a bundle updates the pack and the price, and the server keeps it', async ({
  page,
  context,
  request,
}, testInfo) => {
  const code = await startSession(request, context, testInfo);
  const response = await openPicker(page, testInfo);
  // Never cached; compressed, as a personal page that holds no secret (decision 018).
  expect(response?.headers()['cache-control']).toBe('private, no-store, no-secret');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Lily’s scenes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your cartoon preview' })).toHaveAttribute('href', '/preview');

  // Four levels with their descriptions; level 2 is chosen to begin with.
  for (const name of ['Simple', 'Easy', 'Medium', 'Advanced']) await expect(page.getByRole('radio', { name })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Easy' })).toBeChecked();
  await expect(page.getByText('Ages 4-6. Basic outlines.')).toBeVisible();
  await expect(priceBar(page)).toContainText('0 scenes');
  await expect(priceBar(page)).toContainText('£0.00');

  await page.getByRole('radio', { name: 'Medium' }).check();
  await page.getByRole('button', { name: /Space Adventure/ }).click();
  await expect(page.getByRole('button', { name: /Space Adventure/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(priceBar(page)).toContainText('6 scenes');
  await expect(priceBar(page)).toContainText('Adventure Pack');
  await expect(priceBar(page)).toContainText('£2.99');
  await expect(priceBar(page)).toContainText('£0.50 per page');
  await expect(page.getByRole('progressbar', { name: 'Pack progress' })).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByRole('status').filter({ hasText: 'Starter Pack unlocked!' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked();

  // The scene list of the chosen bundle is open, its thumbnails drawn at the chosen level.
  const firstScene = page.getByRole('checkbox', { name: 'Blast Off!' });
  await expect(firstScene).toBeChecked();
  await expect(page.locator('#bundle-space img').first()).toHaveAttribute('src', /thumbnail\.svg\?level=3$/);

  // One scene out: back to the Starter Pack.
  await firstScene.uncheck();
  if (!jsEnabled(testInfo)) await page.getByRole('button', { name: 'Update price' }).click();
  await expect(priceBar(page)).toContainText('5 scenes');
  await expect(priceBar(page)).toContainText('Starter Pack');
  await expect(priceBar(page)).toContainText('£1.99');
  await waitForAutosave(page, testInfo);

  const saved = await savedSelection(request, code, testInfo);
  expect(saved.level).toBe(3);
  expect(saved.selectedScenes).toHaveLength(5);
  expect(saved.selectedScenes).not.toContain('space-rocket-launch');
  expect(saved.price.totalPence).toBe(199);

  await page.reload();
  await expect(priceBar(page)).toContainText('5 scenes');
  await expect(page.getByRole('checkbox', { name: 'Blast Off!' })).not.toBeChecked();
  await expectAccessible(page);
});

test('a voucher code that does not exist is refused with "Invalid voucher code."', async ({ page, context, request }, testInfo) => {
  const code = await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  await page.getByRole('button', { name: /Dinosaur World/ }).click();
  await expect(priceBar(page)).toContainText('6 scenes');

  await page.getByText('Have a voucher code?').click();
  const voucher = page.getByLabel('Voucher code');
  await voucher.fill('share-nope');
  if (jsEnabled(testInfo)) await expect(voucher).toHaveValue('SHARE-NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Voucher code')).toHaveAccessibleDescription('Invalid voucher code.');
  await expect(page.getByLabel('Voucher code')).toHaveAttribute('aria-invalid', 'true');
  // The selection is kept and the price has no discount.
  await expect(priceBar(page)).toContainText('£2.99');
  const saved = await savedSelection(request, code, testInfo);
  expect(saved.voucherCode).toBeNull();
});

test('Continue to Checkout needs at least one scene', async ({ page, context, request }, testInfo) => {
  await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a difficulty level and at least one scene' })).toBeVisible();
  await expect(page).toHaveURL(/\/choose-scenes/);
});

test('a custom scene is added and selected, then deleted and unselected', async ({ page, context, request }, testInfo) => {
  const code = await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  if (jsEnabled(testInfo)) await page.getByRole('tab', { name: /Create Custom Scenes/ }).click();
  const addButton = page.getByRole('button', { name: 'Add a custom scene' });
  await addButton.click();

  // With JavaScript a dialog; without, a page of its own.
  const form = jsEnabled(testInfo) ? page.getByRole('dialog', { name: 'Create a custom scene' }) : page.locator('form.custom-scene-form');
  if (jsEnabled(testInfo)) {
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Scene title')).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\/choose-scenes\/custom$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a custom scene' })).toBeVisible();
    await expectAccessible(page);
  }

  await form.getByLabel('Scene title').fill('Moon party');
  await form.getByLabel('What is your child doing?').selectOption('flying');
  await form.getByLabel('Where are they?').selectOption('moon');
  await form.getByLabel('Who is with them?').selectOption('alien');
  if (jsEnabled(testInfo)) {
    await expect(form.getByText('Your scene:')).toContainText('Flying a rocket on the Moon with a friendly alien.');
    await expect(form.getByText(/Scene score: \d+\/100/)).toBeVisible();
    // Switching to free writing composes the text; back to the builder reads it again.
    await form.getByRole('radio', { name: 'Free writing' }).check();
    const text = form.getByLabel('Describe the scene in your own words');
    await expect(text).toHaveValue('Flying a rocket on the Moon with a friendly alien.');
    await text.fill('A happy party on the moon with a friendly dragon and balloons, dancing');
    await expect(form.getByText(/Scene score: \d+\/100 – Great scene!/)).toBeVisible();
    await form.getByRole('radio', { name: 'Guided builder' }).check();
    await expect(form.getByLabel('Who is with them?')).toHaveValue('dragon');
    await expect(form.getByLabel('What else is in the picture?')).toHaveValue('balloon');
  } else {
    await form.getByRole('button', { name: 'Check my scene' }).click();
    await expect(page.getByText(/Scene score: \d+\/100/)).toBeVisible();
    await expect(page.getByLabel('Describe the scene in your own words')).toHaveValue('Flying a rocket on the Moon with a friendly alien.');
  }
  await page.getByRole('button', { name: 'Add scene' }).click();

  await expect(page).toHaveURL(/\/choose-scenes(#custom-scenes)?$/);
  const scene = page.getByRole('checkbox', { name: 'Moon party' });
  await expect(scene).toBeChecked();
  await expect(priceBar(page)).toContainText('1 scene');
  await expect(priceBar(page)).toContainText('Starter Pack');
  if (jsEnabled(testInfo)) {
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(addButton).toBeFocused();
  }
  let saved = await savedSelection(request, code, testInfo);
  expect(saved.selectedScenes).toEqual([expect.stringMatching(/^custom:/)]);

  await page.getByRole('button', { name: 'Delete Moon party' }).click();
  await expect(page.getByRole('checkbox', { name: 'Moon party' })).toHaveCount(0);
  await expect(priceBar(page)).toContainText('0 scenes');
  await waitForAutosave(page, testInfo);
  await expect.poll(async () => (await savedSelection(request, code, testInfo)).selectedScenes).toEqual([]);
  saved = await savedSelection(request, code, testInfo);
  expect(saved.price.totalPence).toBe(0);
});

test('the custom scene dialog closes with Esc and gives focus back', async ({ page, context, request }, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'The dialog needs JavaScript; without it the form is a page.');
  await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  await page.getByRole('tab', { name: /Create Custom Scenes/ }).click();
  const addButton = page.getByRole('button', { name: 'Add a custom scene' });
  await addButton.click();
  const dialog = page.getByRole('dialog', { name: 'Create a custom scene' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Scene title').fill('x');
  await dialog.getByRole('button', { name: 'Add scene' }).click();
  await expect(dialog.getByText('Please fill in both title and description')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
});

test('reaching 5 scenes fires 150 pieces of confetti, and none for people who ask for reduced motion', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'Confetti is drawn by JavaScript.');
  await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  await page.getByRole('button', { name: /Space Adventure/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Starter Pack unlocked!' })).toBeVisible();
  await expect(page.locator('canvas.confetti-canvas')).toBeAttached();
  await expect(page.locator('canvas.confetti-canvas')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('canvas.confetti-canvas')).toHaveAttribute('data-particles', '150');
  await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0, { timeout: 6_000 });

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: /Space Adventure/ }).click();
  await expect(priceBar(page)).toContainText('0 scenes');
  await page.getByRole('button', { name: /Dinosaur World/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Starter Pack unlocked!' })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0);
});

test('from a bundle to the order summary, then paid through the test provider, landing on the thank-you page', async ({
  page,
  context,
  request,
}, testInfo) => {
  await startSession(request, context, testInfo);
  await openPicker(page, testInfo);
  await page.getByRole('button', { name: /Under the Sea/ }).click();
  await expect(priceBar(page)).toContainText('Adventure Pack');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();

  // Continue saves the selection first; on a loaded machine that takes a while.
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Level 2: Easy (ages 4-6)');
  await expect(summary).toContainText('Adventure Pack: 6 pages');
  await expect(summary.getByRole('listitem')).toHaveCount(6);
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£2.99');
  await expect(page.getByRole('link', { name: 'Update Scene Selection' })).toHaveAttribute('href', '/choose-scenes');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay £2.99 securely' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay £2.99 (test)' }).click();
  await page.waitForURL((url) => url.pathname === '/thank-you');
  expect(new URL(page.url()).searchParams.get('session_id')).toBeTruthy();
});

test('checkout with nothing chosen goes to the products page and says so', async ({ page, context, request }, testInfo) => {
  await startSession(request, context, testInfo);
  const response = await page.goto('/checkout');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Please select some products first.' })).toBeAttached();
});

test('without a session the scene picker and checkout send the parent to /create', async ({ page }) => {
  for (const path of ['/choose-scenes', '/choose-scenes/custom', '/checkout']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/create$/);
  }
});
