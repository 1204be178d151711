import { expect, test } from '@playwright/test';
import { exhaustRateLimit, expectAccessible, jsEnabled, ownClientAddress } from './support';

const clientIp = ownClientAddress();

test('sending the contact form lands on the thank-you page with a confirmation', async ({ page }, testInfo) => {
  await page.goto('/contact');
  await page.getByLabel('Your email').fill('parent@example.com');
  await page.getByLabel('What is it about?').selectOption('Feedback');
  await page.getByLabel('Your message').fill(`The dinosaur pages were a hit! (${testInfo.project.name})`);
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL(/\/contact-thank-you$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for your message!' })).toBeVisible();
  await expect(page.getByText('We aim to reply within 24 hours')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your message is on its way to us.' })).toBeAttached();
});

test('past the page limit, the form answers on its own page with a toast, not an error page', async ({ page, request }) => {
  // The web layer's limit on page actions, used up for this test's address by requests that are no browser's.
  await exhaustRateLimit(request, clientIp(), 'POST', '/contact');
  await page.goto('/contact');
  await page.getByLabel('Your email').fill('parent@example.com');
  await page.getByLabel('What is it about?').selectOption('Feedback');
  await page.getByLabel('Your message').fill('Sent once too often.');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests. Please wait a moment and try again.' })).toBeAttached();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
});

test('the API’s field errors show beside their fields and the form keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Your email').fill('parent@example.com');
  await page.getByLabel('What is it about?').selectOption('Other');
  // Whitespace passes the browser's `required` but not the API's rules.
  await page.getByLabel('Your message').fill('   ');
  await page.getByLabel('Magic code (optional)').fill('not-a-magic-code');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('heading', { name: 'There’s a problem' })).toBeVisible();
  const message = page.getByLabel('Your message');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAccessibleDescription('Please fill in your email and message.');
  const code = page.getByLabel('Magic code (optional)');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Magic code format is invalid\./);
  await expect(code).toHaveValue('not-a-magic-code');
  await expect(page.getByLabel('Your email')).toHaveValue('parent@example.com');
  await expect(page.getByLabel('What is it about?')).toHaveValue('Other');
  await expect(page).toHaveURL(/\/contact$/);
  await expectAccessible(page);
});

test('the magic code and category are prefilled from the link', async ({ page }) => {
  const code = 'a'.repeat(64);
  const response = await page.goto(`/contact?magic_code=${code}&category=${encodeURIComponent('Not happy with image')}`);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByLabel('Magic code (optional)')).toHaveValue(code);
  await expect(page.getByLabel('What is it about?')).toHaveValue('Not happy with image');
});

test('the form offers the four SPEC categories and a hidden honeypot', async ({ page }) => {
  await page.goto('/contact');
  const options = await page.getByLabel('What is it about?').locator('option:not([disabled])').allTextContents();
  expect(options).toEqual(['Not happy with image', 'Feedback', 'General question', 'Other']);
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right <= 0)).toBe(true);
});

test('the thank-you page goes back home after 6 seconds', async ({ page }, testInfo) => {
  await page.goto('/contact-thank-you');
  if (!jsEnabled(testInfo)) {
    // Without JavaScript it is the <meta http-equiv="refresh"> that moves on.
    expect(await page.locator('head noscript').innerHTML()).toContain('http-equiv="refresh" content="6;url=/"');
  }
  await page.waitForURL((url) => url.pathname === '/', { timeout: 9_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Turn your photos into personalised colouring pages' })).toBeVisible();
});
