// /admin/bundles and /admin/share with JavaScript on and off: feature bundles (SPEC's required fields inline), see them
// on the parent's /choose-scenes in priority order with each bundle's most prominent text, deactivate, change the
// priority, delete after a second step, each answered with a toast; the share vouchers' statuses, totals and advice.
// axe on both tabs, screenshots at 390 and 1280 px. The two projects run at once on one database, so each features
// bundles of its own and checks only the order of its own.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { expect, test, type Page } from '@playwright/test';
import { database, expectAccessible, insertSession, jsEnabled, keepSessionCookie, ownClientAddress } from './support';

test.describe.configure({ timeout: 90_000 });

ownClientAddress();

/** An admin account of this test's own, as the seed makes one (argon2id). */
async function insertAdmin(): Promise<{ email: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = `bundles-${tag}@example.com`;
  const password = `a long admin password ${tag}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await database((db) => db.query(`INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)`, [email, hash]));
  return { email, password };
}

async function signInAt(page: Page, path: string): Promise<void> {
  const admin = await insertAdmin();
  await page.goto(path);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.goto(path);
}

const success = (page: Page, text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('feature bundles, see them on the scene picker in priority order, deactivate, change priority, delete', async ({
  browser,
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const tag = randomBytes(3).toString('hex');
  // Each project its own two bundles, so the two runs at once never change what the other checks.
  const [first, second] = js
    ? [
        { id: 'farm', name: 'Farm Friends' },
        { id: 'sports-day', name: 'Sports Day' },
      ]
    : [
        { id: 'fairy-tale', name: 'Fairy Tale Castle' },
        { id: 'on-the-move', name: 'On the Move' },
      ];
  const text = (words: string) => `${words} ${tag}`;

  // The parent's scene picker, in a browser of its own (the same JavaScript setting as this project).
  const parentContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'en-GB',
    javaScriptEnabled: js,
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${js ? 1 : 2}.${Number.parseInt(tag.slice(0, 2), 16)}` },
  });
  const parentSession = await insertSession({ childName: 'Mia' });
  await keepSessionCookie(parentContext, testInfo, parentSession.magicCode);
  const parent = await parentContext.newPage();
  const picker = async () => {
    await parent.goto('/choose-scenes');
    return parent.getByRole('group', { name: 'Bundles' }).getByRole('button');
  };
  const buttonOf = (bundle: { name: string }) =>
    parent.getByRole('group', { name: 'Bundles' }).getByRole('button', { name: new RegExp(bundle.name) });
  const positionOf = async (bundle: { name: string }) =>
    (await (await picker()).allInnerTexts()).findIndex((t) => t.startsWith(bundle.name));

  try {
    await signInAt(page, '/admin/bundles');
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Bundles' })).toBeVisible();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add featured bundle' }) });

    // Nothing chosen, nothing written: SPEC's requirement under each field (the browser's own check is off for this).
    await form.evaluate((element) => element.setAttribute('novalidate', ''));
    await form.getByLabel('Priority').fill('0');
    await form.getByRole('button', { name: 'Add featured bundle' }).click();
    await expect(form.getByText('Bundle name is required')).toBeVisible();
    await expect(form.getByText('Featured text is required')).toBeVisible();
    await expect(form.getByText('Priority must be a whole number from 1 to 999')).toBeVisible();
    await expect(form.getByLabel('Featured text')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    // Two features: the second bundle first (priority 1), the first bundle after it (priority 2).
    const create = async (bundle: { name: string }, words: string, priority: number) => {
      await form.getByLabel('Bundle name').selectOption({ label: bundle.name });
      await form.getByLabel('Featured text').fill(text(words));
      await form.getByLabel('Priority').fill(String(priority));
      await form.getByRole('button', { name: 'Add featured bundle' }).click();
      await success(page, `${bundle.name} is featured.`);
    };
    await create(first, 'Loud and proud', 2);
    await create(second, 'Top of the list', 1);
    // A second, less prominent text for the first bundle, created last: the old picker let it win.
    await create(first, 'Quiet one', 5);
    const rows = page.locator('.featured-rows tbody tr');
    const rowOf = (words: string) => rows.filter({ hasText: text(words) });
    await expect(rowOf('Quiet one')).toContainText('Not shown: this bundle has a more prominent active feature.');
    await expectAccessible(page);
    await screenshots(page, 'admin-bundles');

    await picker();
    await expect(buttonOf(second)).toContainText(text('Top of the list'));
    await expect(buttonOf(first)).toContainText(text('Loud and proud'));
    await expect(buttonOf(first)).not.toContainText(text('Quiet one'));
    expect(await positionOf(second)).toBeLessThan(await positionOf(first));
    // Featured bundles lead the picker: ours come before every bundle that is not featured.
    expect(await positionOf(first)).toBeLessThan(await positionOf({ name: 'Jungle Safari' }));

    // Deactivated: the parent no longer sees it; activated again, it is back.
    await rowOf('Top of the list')
      .getByRole('button', { name: /^Deactivate/ })
      .click();
    await success(page, `The ${second.name} feature is inactive: parents no longer see it.`);
    await expect(rowOf('Top of the list')).toContainText('Inactive');
    await picker();
    await expect(buttonOf(second)).not.toContainText(text('Top of the list'));
    await rowOf('Top of the list')
      .getByRole('button', { name: /^Activate/ })
      .click();
    await success(page, `The ${second.name} feature is active: parents see it.`);

    // A priority out of range is refused with its words; moved behind the quiet one, the loud text steps aside.
    const loud = rowOf('Loud and proud');
    await loud.getByRole('spinbutton').evaluate((input) => input.removeAttribute('min'));
    await loud.getByRole('spinbutton').fill('0');
    await loud.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Priority must be a whole number from 1 to 999' })).toBeAttached();
    await rowOf('Loud and proud').getByRole('spinbutton').fill('9');
    await rowOf('Loud and proud').getByRole('button', { name: /^Save/ }).click();
    await success(page, `The ${first.name} feature now has priority 9.`);
    await expect(rowOf('Loud and proud').getByRole('spinbutton')).toHaveValue('9');
    await picker();
    await expect(buttonOf(first)).toContainText(text('Quiet one'));

    // Delete asks once more (a disclosure, so without JavaScript too); then the next text shows.
    const quiet = rowOf('Quiet one');
    await expect(quiet.getByRole('button', { name: /^Yes, delete/ })).toBeHidden();
    await quiet.getByText('Delete…').click();
    await quiet.getByRole('button', { name: /^Yes, delete/ }).click();
    await success(page, `The ${first.name} feature is deleted.`);
    await expect(rowOf('Quiet one')).toHaveCount(0);
    await picker();
    await expect(buttonOf(first)).toContainText(text('Loud and proud'));
  } finally {
    await parentContext.close();
    await database((db) => db.query(`DELETE FROM featured_bundles WHERE featured_text LIKE $1`, [`% ${tag}`]));
  }
});

test('share incentives: the latest share vouchers, Used, Expired or Active, totals and the advice', async ({ page }) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  // Made an hour ahead, so they are the newest whatever else the other tests issue meanwhile. The expired one's email is
  // forgotten, as the clean-up leaves it (decision 036).
  const insert = async (n: number, state: 'used' | 'expired' | 'active') => {
    const code = `SHARE-E2E${tag}${n}`;
    await database((db) =>
      db.query(
        `INSERT INTO voucher_codes (code, type, value, email, expires_at, used, created_at)
         VALUES ($1, 'share_incentive', 25, $2, now() + $3::interval, $4, now() + interval '1 hour' + $5::interval)`,
        [
          code,
          state === 'expired' ? null : `${code.toLowerCase()}@example.com`,
          state === 'expired' ? '-1 minute' : '30 days',
          state === 'used',
          `${n} seconds`,
        ],
      ),
    );
    return code;
  };
  const used = await insert(1, 'used');
  const expired = await insert(2, 'expired');
  const active = await insert(3, 'active');

  await signInAt(page, '/admin/share');
  await expect(page.getByRole('heading', { level: 2, name: 'Share Incentives' })).toBeVisible();
  const rowOf = (code: string) => page.locator('.share-vouchers tbody tr').filter({ hasText: code });
  await expect(rowOf(active)).toContainText('Active');
  await expect(rowOf(expired)).toContainText('Expired');
  await expect(rowOf(used)).toContainText('Used');
  await expect(rowOf(active)).toContainText(`${active.toLowerCase()}@example.com`);
  await expect(rowOf(expired).locator('td[data-label="Email"]')).toHaveText('Forgotten');
  await expect(rowOf(active)).toContainText('25%');
  expect(await page.locator('.share-vouchers tbody tr').count()).toBeLessThanOrEqual(10);

  // The figures add up, and the advice is the one for the rate shown.
  const figure = async (label: string) =>
    (await page.locator('.share-figures__item').filter({ hasText: label }).locator('dd').innerText()).trim();
  const issued = Number(await figure('Issued'));
  const usedCount = Number(await figure('Used'));
  expect(issued).toBeGreaterThanOrEqual(3);
  expect(Number(await figure('Active')) + Number(await figure('Expired')) + usedCount).toBe(issued);
  const rate = (usedCount * 100) / issued;
  await expect(page.locator('.share-advice')).toContainText(rate < 15 ? 'Below 15%' : rate > 30 ? 'Above 30%' : 'Between 15% and 30%');
  expect(await figure('Conversion rate')).toBe(`${Math.round(rate * 10) / 10}%`);
  await expectAccessible(page);
  await screenshots(page, 'admin-share');

  await database((db) => db.query(`DELETE FROM voucher_codes WHERE code LIKE $1`, [`SHARE-E2E${tag}%`]));
});
