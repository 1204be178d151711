// The thank-you page's states other than 'ready' (journey.spec.ts reaches that one the whole way round):
// generating with its estimate, a poll that fails, and a PDF that could not be made.
import { expect, test } from '@playwright/test';
import {
  bundleScenes,
  database,
  exhaustRateLimit,
  expectAccessible,
  insertSession,
  jsEnabled,
  keepSessionCookie,
  ownClientAddress,
} from './support';

// Using up a rate limit and waiting for the page's own 5 s reload take a while on a loaded machine.
test.describe.configure({ timeout: 60_000 });

const clientIp = ownClientAddress();

test('while the PDF is made the page shows the estimate; a poll that fails stops and says "Something went wrong: …"', async ({
  page,
  context,
  request,
}, testInfo) => {
  // Paid, three scenes, the PDF being made (no job is queued, so it stays that way).
  const scenes = (await bundleScenes('farm')).slice(0, 3);
  const session = await insertSession({ childName: 'Rosie', selectedScenes: scenes, paid: { pdfStatus: 'generating' } });
  await keepSessionCookie(context, testInfo, session.magicCode);

  await page.goto(`/thank-you?session_id=${session.checkoutId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We’re making Rosie’s colouring pages' })).toBeVisible();
  // 5 s a scene: three scenes, nothing done yet.
  await expect(page.getByText('Page 0 of 5 done. Estimated time: about 15 seconds.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Your colouring book' })).toHaveAttribute('value', '0');
  await expectAccessible(page);

  if (jsEnabled(testInfo)) {
    // The page polls every 5 s; the next poll cannot reach the server.
    await page.route('**/thank-you.data*', (route) => route.abort('internetdisconnected'));
    await expect(page.getByRole('alert')).toHaveText(
      'Something went wrong: Connection problem. Please check your internet and try again.',
      {
        timeout: 15_000,
      },
    );
  } else {
    // Without JavaScript the page reloads itself every 5 s; the API refuses the next one.
    await exhaustRateLimit(request, clientIp(), 'GET', '/api/sessions/current');
    await expect(page.getByRole('alert')).toHaveText('Something went wrong: Too many requests. Please wait a moment and try again.', {
      timeout: 15_000,
    });
    // Polling has stopped: the error page asks for no more reloads.
    await expect(page.locator('head noscript meta[http-equiv="refresh"]')).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t show your order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('a PDF that could not be made says "PDF generation failed. Please contact support." with the way to support', async ({
  page,
  context,
}, testInfo) => {
  const scenes = (await bundleScenes('farm')).slice(0, 2);
  const session = await insertSession({ selectedScenes: scenes, paid: { pdfStatus: 'failed' } });
  await keepSessionCookie(context, testInfo, session.magicCode);

  await page.goto(`/thank-you?session_id=${session.checkoutId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('PDF generation failed. Please contact support.');
  const support = page.getByRole('link', { name: 'Contact support' });
  await expect(support).toHaveAttribute('href', `/contact?magic_code=${session.magicCode}&category=Not%20happy%20with%20image`);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // Nothing left to wait for: no polling without JavaScript either.
  await expect(page.locator('head noscript meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page);

  await support.click();
  await expect(page.getByLabel('Magic code (optional)')).toHaveValue(session.magicCode);
  await expect(page.getByLabel('What is it about?')).toHaveValue('Not happy with image');
});

// A parent who paid in another browser, an in-app browser or with cookies blocked comes back with the card provider's
// id alone: the page shows how the order is going and, for a day, the download; nobody's name and no magic code.
test.describe('without the session cookie (a fresh browser context)', () => {
  test('the provider’s id alone shows the order being made, without the child’s name', async ({ page, context }) => {
    const scenes = (await bundleScenes('farm')).slice(0, 3);
    const session = await insertSession({ childName: 'Rosie', selectedScenes: scenes, paid: { pdfStatus: 'generating' } });
    expect(await context.cookies()).toEqual([]);

    await page.goto(`/thank-you?session_id=${session.checkoutId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We’re making your colouring pages' })).toBeVisible();
    await expect(page.getByText('Page 0 of 5 done. Estimated time: about 15 seconds.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Your colouring book' })).toHaveAttribute('value', '0');
    await expect(page.locator('body')).not.toContainText('Rosie');
    await expectAccessible(page);
  });

  test('a ready order offers the download but no magic code, and the PDF comes from the provider’s id', async ({ page }, testInfo) => {
    const session = await insertSession({
      childName: 'Rosie',
      selectedScenes: (await bundleScenes('farm')).slice(0, 2),
      paid: { pdfStatus: 'ready' },
    });

    await page.goto(`/thank-you?session_id=${session.checkoutId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your colouring pages are ready!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download your PDF' })).toHaveAttribute(
      'href',
      `/thank-you/pdf?session_id=${session.checkoutId}`,
    );
    await expect(page.getByText('We’ve emailed you the download link and your magic code')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your magic code' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(session.magicCode);
    await expect(page.locator('body')).not.toContainText('Rosie');
    await expect(page.getByRole('link', { name: 'tell us about it' })).toHaveAttribute(
      'href',
      '/contact?category=Not%20happy%20with%20image',
    );
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const screenshot = testInfo.outputPath(`thank-you-ready-no-cookie-${width}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
      await testInfo.attach(`thank-you-ready-no-cookie-${width}`, { path: screenshot, contentType: 'image/png' });
    }
  });

  test('a day after payment the provider’s id no longer opens the download: the email’s link does', async ({ page, request }) => {
    const session = await insertSession({ selectedScenes: (await bundleScenes('farm')).slice(0, 2), paid: { pdfStatus: 'ready' } });
    await database((db) => db.query(`UPDATE orders SET paid_at = now() - interval '25 hours' WHERE id = $1`, [session.orderId]));

    await page.goto(`/thank-you?session_id=${session.checkoutId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your colouring pages are ready!' })).toBeVisible();
    await expect(page.getByText('Please use the download link in the email we sent you when they were ready.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download your PDF' })).toHaveCount(0);
    const direct = await request.get(`/thank-you/pdf?session_id=${session.checkoutId}`);
    expect(direct.status()).toBe(404);
    expect(await direct.text()).toContain('This download isn’t available');
  });

  test('a failed PDF points to support without a code, and an unknown id says "Session not found or expired."', async ({ page }) => {
    const session = await insertSession({ selectedScenes: (await bundleScenes('farm')).slice(0, 2), paid: { pdfStatus: 'failed' } });
    await page.goto(`/thank-you?session_id=${session.checkoutId}`);
    await expect(page.getByRole('alert')).toHaveText('PDF generation failed. Please contact support.');
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact?category=Not%20happy%20with%20image',
    );

    const response = await page.goto('/thank-you?session_id=cs_test_0000000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Session not found or expired.');
  });

  test('a cookie for another session does not hide the order on the address', async ({ page, context }, testInfo) => {
    const older = await insertSession({ childName: 'Oscar' });
    await keepSessionCookie(context, testInfo, older.magicCode);
    const paid = await insertSession({
      childName: 'Rosie',
      selectedScenes: (await bundleScenes('farm')).slice(0, 2),
      paid: { pdfStatus: 'generating' },
    });

    await page.goto(`/thank-you?session_id=${paid.checkoutId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We’re making your colouring pages' })).toBeVisible();
    await expect(page.getByText('Page 0 of 4 done.')).toBeVisible();
  });
});
