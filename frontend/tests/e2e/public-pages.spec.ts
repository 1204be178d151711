import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

// Every public page renders its key content (in both projects: JavaScript on and off) and passes axe.
const PAGES = [
  { path: '/', heading: 'Turn your photos into personalised colouring pages', text: 'Takes just 2 minutes – no sign-up required!' },
  { path: '/products', heading: 'Choose what to make', text: 'Custom colouring pages' },
  { path: '/faq', heading: 'Frequently asked questions', text: 'How does it work?' },
  { path: '/about', heading: 'About us', text: 'Our mission' },
  { path: '/contact', heading: 'Contact us', text: 'We read every message' },
  { path: '/contact-thank-you', heading: 'Thanks for your message!', text: 'We aim to reply within 24 hours' },
];

for (const { path, heading, text } of PAGES) {
  test(`${path} shows "${heading}", the shared layout and no serious accessibility problem`, async ({ page }) => {
    test.slow(); // axe runs twice, at desktop and phone width
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Colour Me In home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    await expect(page.getByRole('contentinfo')).toContainText('Your photo is never stored');

    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
  });
}

test('the footer makes every customer promise', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const promise of [
    'Your photo is never stored. It is used once to personalise the artwork and is deleted after processing.',
    'Your session expires in 30 days.',
    'Your colouring pages are emailed to you.',
    'Your download link arrives within 5-10 minutes.',
    'Your magic code retrieves your link',
    'refund or a fix within 7 days',
    'including digital wallets',
    'Bulk pricing for schools is available on request.',
  ]) {
    await expect(footer).toContainText(promise);
  }
});

test('the products page offers the three products with their prices and links', async ({ page }) => {
  await page.goto('/products');
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  const custom = cards.filter({ hasText: 'Custom colouring pages' });
  await expect(custom).toContainText('from £1.99');
  await expect(custom).toContainText('Most popular');
  await expect(custom.getByRole('link', { name: 'Create colouring pages' })).toHaveAttribute('href', '/create');

  const single = cards.filter({ hasText: 'Single photo conversion' });
  await expect(single).toContainText('£0.99');
  await expect(single).toContainText(/available now/i);
  await expect(single.getByRole('link', { name: 'Convert a photo' })).toHaveAttribute('href', '/single-photo');

  const dots = cards.filter({ hasText: 'Personalised dot-to-dot' });
  await expect(dots).toContainText('£1.49');
  // We sell it: the card says it is new and its button leads to the working flow.
  await expect(dots).toContainText('New');
  await expect(dots).not.toContainText('SOON');
  const dotsLink = dots.getByRole('link', { name: 'Make a dot-to-dot' });
  await expect(dotsLink).toHaveAttribute('href', '/dot-to-dot');
  await expect(dotsLink).not.toHaveClass(/button--disabled/);

  await expect(page.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/create');
});

test('the FAQ has 15 questions that open without JavaScript, breadcrumbs and links to contact and home', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.locator('details.faq');
  await expect(questions).toHaveCount(15);
  const first = questions.first();
  await expect(first.getByText('Upload a photo of your child')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.getByText('Upload a photo of your child')).toBeVisible();

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('FAQ')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' }).last()).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
});

test('the about page tells the story, mission and four values, with links to create and contact', async ({ page }) => {
  await page.goto('/about');
  for (const heading of ['Our story', 'Our mission', 'Why choose us', 'Our values']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const value of ['Family First', 'Quality & Care', 'Innovation', 'Accessibility']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Create colouring pages' })).toHaveAttribute('href', '/create');
  await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
});
