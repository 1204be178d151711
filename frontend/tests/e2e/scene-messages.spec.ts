// The scene picker's and checkout's remaining SPEC labels and messages: tabs, 'Create Your Own Bundle', the unlock
// messages at 10 and 20 scenes, 'Random Ideas', the prompt checker's words, a custom scene changed elsewhere, and
// checkout failing to load or to start. Sessions are put in the database (no photo needed for these pages).
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { bundleScenes, exhaustRateLimit, insertSession, jsEnabled, keepSessionCookie, ownClientAddress } from './support';

test.describe.configure({ timeout: 60_000 });

const clientIp = ownClientAddress();

const priceBar = (page: Page) => page.locator('#price-bar');

async function openPicker(page: Page, testInfo: TestInfo) {
  await page.goto('/choose-scenes');
  if (jsEnabled(testInfo)) await expect(page.getByRole('tablist', { name: 'Kinds of scenes' })).toBeVisible();
}

async function addCustomScene(request: APIRequestContext, magicCode: string, title: string): Promise<string> {
  const response = await request.post('/api/sessions/current/custom-scenes', {
    headers: { 'x-magic-code': magicCode, 'x-forwarded-for': clientIp() },
    data: { title, userPrompt: 'exploring the jungle with a happy monkey' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function deleteCustomScene(request: APIRequestContext, magicCode: string, id: string) {
  const response = await request.delete(`/api/sessions/current/custom-scenes/${id}`, {
    headers: { 'x-magic-code': magicCode, 'x-forwarded-for': clientIp() },
  });
  expect(response.status()).toBe(204);
}

test.describe('choose scenes', () => {
  test('the tabs, the unlock messages at 10 and 20 scenes, and Create Your Own Bundle', async ({ page, context }, testInfo) => {
    const session = await insertSession();
    await keepSessionCookie(context, testInfo, session.magicCode);
    await openPicker(page, testInfo);
    if (jsEnabled(testInfo)) {
      await expect(page.getByRole('tab', { name: 'Pre-made Bundles' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: /Create Custom Scenes/ })).toHaveAttribute('aria-selected', 'false');
    } else {
      // Without JavaScript both panels show, with links to each.
      const kinds = page.getByRole('navigation', { name: 'Kinds of scenes' });
      await expect(kinds.getByRole('link', { name: 'Pre-made Bundles' })).toHaveAttribute('href', '#premade');
      await expect(kinds.getByRole('link', { name: 'Create Custom Scenes' })).toHaveAttribute('href', '#custom-scenes');
    }

    // Six scenes a bundle: two make 12 (past 10), four make 24 (past 20).
    for (const bundle of [/Space Adventure/, /Dinosaur World/]) await page.getByRole('button', { name: bundle }).click();
    await expect(priceBar(page)).toContainText('12 scenes');
    await expect(
      page.getByRole('status').filter({ hasText: 'Adventure Pack unlocked! 10 pages for £2.99 – just £0.30 a page.' }),
    ).toBeVisible();
    for (const bundle of [/Under the Sea/, /Fairy Tale Castle/]) await page.getByRole('button', { name: bundle }).click();
    await expect(priceBar(page)).toContainText('24 scenes');
    await expect(
      page.getByRole('status').filter({ hasText: 'Ultimate Pack unlocked! 20 pages for £3.99 – just £0.20 a page.' }),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Pack progress' })).toHaveAttribute('aria-valuenow', '100');

    // Create Your Own Bundle starts from nothing, with every bundle's scenes open to pick from.
    await page.getByRole('button', { name: /Create Your Own Bundle/ }).click();
    await expect(page.getByRole('button', { name: /Create Your Own Bundle/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(priceBar(page)).toContainText('0 scenes');
    await expect(page.locator('details.bundle-list:not([open])')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Coral Reef' }).check();
    if (!jsEnabled(testInfo)) await page.getByRole('button', { name: 'Update price' }).click();
    await expect(priceBar(page)).toContainText('1 scene');
  });

  test('Random Ideas fills the guided builder; a description too short is scored and refused with the checker’s words', async ({
    page,
    context,
  }, testInfo) => {
    const session = await insertSession();
    await keepSessionCookie(context, testInfo, session.magicCode);
    await openPicker(page, testInfo);
    const js = jsEnabled(testInfo);
    if (js) await page.getByRole('tab', { name: /Create Custom Scenes/ }).click();
    await page.getByRole('button', { name: 'Add a custom scene' }).click();
    const form = js ? page.getByRole('dialog', { name: 'Create a custom scene' }) : page.locator('form.custom-scene-form');
    if (!js) await expect(page).toHaveURL(/\/choose-scenes\/custom$/);

    await expect(form.getByText('Pick from the lists, or try Random Ideas.')).toBeVisible();
    await form.getByRole('button', { name: 'Random Ideas' }).click();
    await expect(form.getByText('Your scene:')).toBeVisible();
    await expect(form.getByLabel('What is your child doing?')).not.toHaveValue('');
    await expect(form.getByLabel('Where are they?')).not.toHaveValue('');
    await expect(form.getByText(/Scene score: \d+\/100/)).toBeVisible();

    // In free writing, eight characters are too few.
    await form.getByLabel('Scene title').fill('Moon');
    await form.getByRole('radio', { name: 'Free writing' }).check();
    await form.getByLabel('Describe the scene in your own words').fill('the moon');
    if (!js) await form.getByRole('button', { name: 'Check my scene' }).click();
    await expect(form.locator('.prompt-score__list--issues')).toContainText('Description is too short');
    await form.getByRole('button', { name: 'Add scene' }).click();
    await expect(form.getByLabel('Describe the scene in your own words')).toHaveAccessibleDescription(/Description is too short/);
    await expect(form.getByLabel('Describe the scene in your own words')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a custom scene deleted elsewhere: "Failed to create/update custom scene", "Failed to delete custom scene", "Failed to save your selection"', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const session = await insertSession();
    await keepSessionCookie(context, testInfo, session.magicCode);
    const id = await addCustomScene(request, session.magicCode, 'Jungle fun');
    const js = jsEnabled(testInfo);
    await openPicker(page, testInfo);
    if (js) await page.getByRole('tab', { name: /Create Custom Scenes/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Jungle fun' })).toBeChecked();
    // The page is now out of date: the scene goes in another tab.
    await deleteCustomScene(request, session.magicCode, id);

    if (js) {
      await page.getByRole('button', { name: 'Edit Jungle fun' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit your scene' });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Failed to create/update custom scene: not found');
      await page.keyboard.press('Escape');
      // The next autosave still carries the scene that is gone.
      await page.getByRole('tab', { name: 'Pre-made Bundles' }).click();
      await page.getByRole('button', { name: /Farm Friends/ }).click();
      await expect(page.locator('#selection-error')).toHaveText('Failed to save your selection', { timeout: 10_000 });
      // Deleting one that went meanwhile says so above the scenes.
      const second = await addCustomScene(request, session.magicCode, 'Castle fun');
      await page.goto('/choose-scenes');
      await page.getByRole('tab', { name: /Create Custom Scenes/ }).click();
      await deleteCustomScene(request, session.magicCode, second);
      await page.getByRole('button', { name: 'Delete Castle fun' }).click();
      await expect(page.locator('#custom-scene-error')).toHaveText('Failed to delete custom scene');
      await expect(page.getByRole('checkbox', { name: 'Castle fun' })).toHaveCount(0);
    } else {
      // Saving the out-of-date selection, with the scene that is gone, is refused.
      await page.getByRole('button', { name: 'Update price' }).click();
      await expect(page.locator('#selection-error')).toHaveText('Failed to save your selection');
      // A link to edit it, kept from before, comes back to the picker with the message.
      await page.goto(`/choose-scenes/custom?edit=${id}`);
      await expect(page).toHaveURL(/\/choose-scenes(#custom-scenes)?$/);
      await expect(page.locator('.toaster').getByText('Failed to create/update custom scene: not found')).toBeAttached();
      // And deleting one that went meanwhile.
      const second = await addCustomScene(request, session.magicCode, 'Castle fun');
      await page.goto('/choose-scenes');
      await deleteCustomScene(request, session.magicCode, second);
      await page.getByRole('button', { name: 'Delete Castle fun' }).click();
      await expect(page.locator('#selection-error')).toHaveText('Failed to delete custom scene');
      await expect(page.getByRole('checkbox', { name: 'Castle fun' })).toHaveCount(0);
    }
  });
});

test.describe('checkout', () => {
  test('when the order cannot be loaded the parent starts again at /create: "Unable to load your session. Please try again."', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const session = await insertSession({ selectedScenes: await bundleScenes('farm') });
    await keepSessionCookie(context, testInfo, session.magicCode);
    await exhaustRateLimit(request, clientIp(), 'GET', '/api/checkout/summary');
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.locator('.toaster').getByText('Unable to load your session. Please try again.')).toBeAttached();
  });

  test('when the payment cannot be started the checkout page says "Failed to start checkout. Please try again."', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const session = await insertSession({ selectedScenes: await bundleScenes('farm') });
    await keepSessionCookie(context, testInfo, session.magicCode);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    // The API refuses to start a payment for this parent (its rate limit), as it does when the card provider fails.
    await exhaustRateLimit(request, clientIp(), 'POST', '/api/checkout');
    await page.getByRole('button', { name: 'Pay £2.99 securely' }).click();
    await expect(page.locator('.toaster').getByText('Failed to start checkout. Please try again.')).toBeAttached();
    await expect(page).toHaveURL(/\/checkout$/);
  });
});
