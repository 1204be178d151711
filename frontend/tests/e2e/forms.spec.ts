// The forms' schemas (frontend/app/forms/) as a parent meets them: what a form starts with, and the rule's words
// shown beside the field whether the browser's script or the server checked it.
import { expect, test } from '@playwright/test';
import { jsEnabled, uniqueClientIp } from './support';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp(testInfo) });
});

test('the contact form starts on "Choose a category", so no category is sent unless the parent picks one', async ({ page }) => {
  await page.goto('/contact');
  const category = page.getByLabel('What is it about?');
  await expect(category).toHaveValue('');
  await expect(category.locator('option:checked')).toHaveText('Choose a category');
  await expect(category).toHaveAttribute('required', '');
});

test('a contact message of spaces gets the domain’s words beside it, and nothing is sent', async ({ page }, testInfo) => {
  await page.goto('/contact');
  await page.getByLabel('Your email').fill('parent@example.com');
  await page.getByLabel('What is it about?').selectOption('Feedback');
  await page.getByLabel('Your message').fill('   ');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true;
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your message')).toHaveAccessibleDescription('Please fill in your email and message.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Please fill in your email and message.' })).toHaveAttribute(
    'href',
    '#message',
  );
  // With JavaScript the page's own copy of the schema answers, and focus goes to the list of problems; without it the server's.
  expect(posted).toBe(!jsEnabled(testInfo));
  if (jsEnabled(testInfo)) await expect(page.locator('.error-summary')).toBeFocused();
  await expect(page).toHaveURL(/\/contact$/);
});
