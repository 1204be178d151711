// A single-photo order from checkout to the PDF, with and without JavaScript: the draft the /single-photo page builds
// (single-photo.spec.ts drives that page) is paid through the test provider, the thank-you page waits until the PDF is
// ready, and the PDF has a page per photo, each the way round its crop.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, fixturePhoto, keepSessionCookie, pdfFacts, uniqueClientIp } from './support';

const PDF_READY_TIMEOUT = 240_000;

/** The draft as the page leaves it: the email and two photos, a portrait cat and a landscape cup. */
async function draftWithTwoPhotos(request: APIRequestContext, clientIp: string, email: string): Promise<string> {
  const headers = { 'x-forwarded-for': clientIp };
  const started = await request.post('/api/single-photo', { headers, data: { email } });
  expect(started.status(), await started.text()).toBe(201);
  const { magicCode } = (await started.json()) as { magicCode: string };
  for (const [name, aspect] of [
    ['chelsea.png', 'portrait'],
    ['coffee.png', 'landscape'],
  ] as const) {
    const added = await request.post('/api/single-photo/photos', {
      headers: { ...headers, 'x-magic-code': magicCode },
      multipart: { photo: fixturePhoto(name), level: '2', aspect },
      timeout: 75_000,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return magicCode;
}

test('a two-photo order is paid, made and downloaded as colouring-photos.pdf with a portrait and a landscape page', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(PDF_READY_TIMEOUT + 120_000);
  const clientIp = uniqueClientIp(testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
  const magicCode = await draftWithTwoPhotos(request, clientIp, `photos-${testInfo.project.name}@example.com`);
  await keepSessionCookie(context, testInfo, magicCode);

  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('2 photos, one A4 colouring page each (£1.00 per photo)');
  // Two photos cost £1.99, a penny more than two at £0.99: no saving is claimed.
  await expect(summary).not.toContainText('You save');
  await expect(summary.getByRole('img')).toHaveCount(2);
  await expect(summary).toContainText('Photo 2: Level 2: Easy, Landscape 4:3');
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('£1.99');
  await expect(page.getByRole('link', { name: 'Change your photos' })).toHaveAttribute('href', '/single-photo');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay £1.99 securely' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay £1.99 (test)' }).click();
  await page.waitForURL((url) => url.pathname === '/thank-you');
  // Nobody is named for a single-photo order.
  await expect(page.getByRole('heading', { level: 1, name: 'Your colouring pages are ready!' })).toBeVisible({
    timeout: PDF_READY_TIMEOUT,
  });

  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Download your PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('colouring-photos.pdf');
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfFacts(bytes)).toEqual({ pages: 2, sizes: ['595x842', '842x595'] });
  await testInfo.attach('colouring-photos.pdf', { body: bytes, contentType: 'application/pdf' });
});
