import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

test('an unknown page answers 404 with links to home, products, FAQ and contact', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! This page has wandered off' })).toBeVisible();
  const main = page.getByRole('main');
  for (const [name, href] of [
    ['Home', '/'],
    ['Products', '/products'],
    ['FAQ', '/faq'],
    ['Contact us', '/contact'],
  ]) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectAccessible(page);
});

test('public pages carry title, description, canonical, Open Graph and a short public cache', async ({ page }) => {
  const response = await page.goto('/faq');
  expect(response?.headers()['cache-control']).toBe('public, max-age=300');
  await expect(page).toHaveTitle(/Frequently asked questions \| Colour Me In/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/faq$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/social\/og-image3\.jpg$/);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['BreadcrumbList', 'FAQPage']));
});

test('the social image is a 1200x630 JPEG', async ({ request }) => {
  const response = await request.get('/social/og-image3.jpg');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/jpeg');
  const bytes = await response.body();
  // Find the SOF0/SOF2 marker and read height and width from it.
  let i = 2;
  let size: { width: number; height: number } | undefined;
  while (i < bytes.length) {
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      size = { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      break;
    }
    i += 2 + length;
  }
  expect(size).toEqual({ width: 1200, height: 630 });
});

test('robots.txt keeps crawlers out of private paths and points at the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const body = await response.text();
  for (const path of ['/admin', '/api', '/checkout', '/thank-you', '/continue']) expect(body).toContain(`Disallow: ${path}`);
  expect(body).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test('sitemap.xml lists the public pages and nothing private', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const body = await response.text();
  for (const path of ['/products', '/faq', '/about', '/contact']) expect(body).toContain(`${path}</loc>`);
  for (const path of ['/admin', '/checkout', '/thank-you', '/continue', '/api']) expect(body).not.toContain(`${path}</loc>`);
});

test('a request a page cannot handle gets the error page with a way back', async ({ request }) => {
  const response = await request.post('/about', { form: { anything: '1' } });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain('That request didn’t work');
  expect(html).toContain('<title>Something went wrong | Colour Me In</title>');
  for (const href of ['/', '/products', '/faq', '/contact']) expect(html).toContain(`href="${href}"`);
});
