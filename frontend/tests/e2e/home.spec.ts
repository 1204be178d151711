import { expect, test } from '@playwright/test';
import { jsEnabled } from './support';

test('the home page promises what SPEC promises, with the real scene count', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/products');
  const promises = page.locator('.promise-grid');
  await expect(promises).toContainText('About 2 minutes');
  await expect(promises).toContainText('No sign-up');
  await expect(promises).toContainText('difficulty levels');
  await expect(promises).toContainText('Instant download');
  const scenes = await promises.getByRole('heading', { name: /\d+\+ scenes/ }).textContent();
  expect(Number(scenes?.match(/(\d+)\+/)?.[1])).toBeGreaterThan(0);

  await expect(page.getByRole('link', { name: 'Not 100% happy or want to share feedback?' })).toHaveAttribute('href', '/contact');
});

test('the home page shows 8 reviews, the first featured, each with avatar, name, role and stars', async ({ page }) => {
  await page.goto('/');
  const reviews = page.locator('#review-track > li');
  await expect(reviews).toHaveCount(8);
  await expect(reviews.first().getByText('Featured')).toBeVisible();
  await expect(reviews.nth(1).getByText('Featured')).toHaveCount(0);
  for (let i = 0; i < 8; i++) {
    const review = reviews.nth(i);
    await expect(review.locator('img')).toHaveAttribute('src', /\/avatars\/avatar-\d\.svg$/);
    await expect(review.locator('strong')).not.toBeEmpty();
    await expect(review.locator('.review-card__role')).not.toBeEmpty();
    await expect(review.getByRole('img', { name: /^[1-5] out of 5 stars$/ })).toHaveCount(1);
  }
  await expect(page.locator('.carousel__dots a')).toHaveCount(8);
});

test('the home page shows 5 preview images that load', async ({ page }) => {
  await page.goto('/');
  const previews = page.locator('.preview-strip img');
  await expect(previews).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    const preview = previews.nth(i);
    await preview.scrollIntoViewIfNeeded();
    await expect(preview).toHaveJSProperty('complete', true);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

test('the home page lists the Starter and Adventure packs and the other two products with domain prices in structured data', async ({
  page,
}) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const products = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).filter((b) => b['@type'] === 'Product') as {
    name: string;
    offers: unknown;
  }[];
  expect(products.map((p) => p.name)).toEqual(['Personalised colouring pages', 'Single photo conversion', 'Personalised dot-to-dot']);
  expect(products[0]!.offers).toEqual([
    expect.objectContaining({ name: 'Starter Pack (5 pages)', price: '1.99', priceCurrency: 'GBP' }),
    expect.objectContaining({ name: 'Adventure Pack (10 pages)', price: '2.99', priceCurrency: 'GBP' }),
  ]);
  expect(products[1]!.offers).toEqual(expect.objectContaining({ price: '0.99', priceCurrency: 'GBP' }));
  expect(products[2]!.offers).toEqual(expect.objectContaining({ price: '1.49', priceCurrency: 'GBP' }));
});

test.describe('review carousel', () => {
  test('previous and next step 280 px, disable at the ends and move the active dot', async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), 'the buttons need JavaScript');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const track = page.locator('#review-track');
    const previous = page.getByRole('button', { name: 'Previous review' });
    const next = page.getByRole('button', { name: 'Next review' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(page.locator('.carousel__dots a').first()).toHaveAttribute('aria-current', 'true');

    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(280);
    await expect(previous).toBeEnabled();
    await expect(page.locator('.carousel__dots a').nth(1)).toHaveAttribute('aria-current', 'true');

    // Step by step to the end, each click once the smooth scroll of the one before has arrived (on a busy machine a
    // fixed pause could end mid-scroll, and the last step's button then turns disabled under the click).
    const end = await track.evaluate((el) => el.scrollWidth - el.clientWidth);
    for (let left = Math.min(560, end); ; left = Math.min(left + 280, end)) {
      await next.click();
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(left - 1);
      if (left >= end) break;
    }
    await expect(next).toBeDisabled();
    const atEnd = await track.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft);
    expect(atEnd).toBeLessThanOrEqual(1);
    await expect(page.locator('.carousel__dots a').last()).toHaveAttribute('aria-current', 'true');

    await previous.click();
    await expect(next).toBeEnabled();
  });

  test('dragging with the mouse scrolls at double speed', async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), 'dragging needs JavaScript');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Next review' })).toBeVisible();
    const track = page.locator('#review-track');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 550, y, { steps: 5 });
    await page.mouse.move(box.x + 500, y, { steps: 5 });
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(200);
    await page.mouse.up();
  });

  test('without JavaScript the reviews still scroll, snapping card by card', async ({ page }, testInfo) => {
    test.skip(jsEnabled(testInfo), 'this is the no-JavaScript fallback');
    await page.goto('/');
    const track = page.locator('#review-track');
    await expect(page.getByRole('button', { name: 'Next review' })).toHaveCount(0);
    expect(await track.evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain('x mandatory');
    expect(await track.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByRole('link', { name: 'Show review 8 of 8' }).click();
    await expect(page.locator('#review-8')).toBeInViewport();
  });
});

test('a preview image that fails is logged and replaced by the placeholder', async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'the swap needs JavaScript; without it the alt text shows');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/previews/dinosaur*.webp', (route) => route.abort());
  await page.goto('/');
  const broken = page.locator('.preview-strip img').nth(1);
  await broken.scrollIntoViewIfNeeded();
  await expect(broken).toHaveAttribute('src', '/previews/placeholder.svg');
  expect(warnings.some((w) => w.includes('/previews/dinosaur'))).toBe(true);
});

test('a visitor without cookies gets the home page from the web process for a few seconds, each answer with its own script nonce', async ({
  page,
  request,
}) => {
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
  // A query of this test's own, so no other test's visit has filled it.
  const path = `/?cache-test=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const first = await request.get(path);
  const second = await request.get(path);
  expect(first.headers()['x-page-cache']).toBe('miss');
  expect(second.headers()['x-page-cache']).toBe('hit');
  const [firstNonce, secondNonce] = [
    nonceOf(first.headers()['content-security-policy']),
    nonceOf(second.headers()['content-security-policy']),
  ];
  expect(firstNonce).toBeTruthy();
  expect(secondNonce).not.toBe(firstNonce);
  const [firstHtml, secondHtml] = [await first.text(), await second.text()];
  expect(secondHtml).toContain(`nonce="${secondNonce}"`);
  expect(secondHtml).not.toContain(firstNonce!);
  expect(secondHtml.replaceAll(secondNonce!, '')).toBe(firstHtml.replaceAll(firstNonce!, ''));

  // Served from the cache, the page still runs its scripts under the new nonce (CSP would block any other).
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

test('every page fetches its scripts at low priority, after the stylesheets and the font (decision 018)', async ({ request }) => {
  for (const path of ['/', '/create', '/products']) {
    const html = await (await request.get(path)).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length, path).toBeGreaterThan(1);
    expect(
      preloads.filter((tag) => !tag.includes('fetchpriority="low"')),
      path,
    ).toEqual([]);
  }
});
