// The thank-you page's states other than 'ready' (journey.spec.ts reaches that one the whole way round):
// generating with its estimate, a poll that fails, and a PDF that could not be made.
import { expect, test } from '@playwright/test';
import {
  bundleScenes,
  exhaustRateLimit,
  expectAccessible,
  hasDatabase,
  insertSession,
  jsEnabled,
  keepSessionCookie,
  NEEDS_DATABASE,
  ownClientAddress,
} from './support';

test.skip(!hasDatabase, NEEDS_DATABASE);
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
