// /admin with JavaScript on and off: SPEC's 'Access denied' sign-in form, a wrong then a right password, the
// admin-only header and tabs, the Sessions tab's search and filter, signing out, the lockout's words, and refusals:
// a parent's cookie opens nothing, and a session the API no longer knows (expired, signed out elsewhere) shows the form.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { expect, test, type Page } from '@playwright/test';
import { database, expectAccessible, insertSession, jsEnabled, keepSessionCookie, ownClientAddress } from './support';

test.describe.configure({ timeout: 60_000 });

ownClientAddress();

/** An admin account of this test's own, as the seed makes one (argon2id); answers its email and password. */
async function insertAdmin(): Promise<{ email: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = `owner-${tag}@example.com`;
  const password = `a long admin password ${tag}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await database((db) => db.query(`INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)`, [email, hash]));
  return { email, password };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const accessDenied = (page: Page) => page.getByRole('heading', { level: 1, name: 'Access denied' });

test('sign in (wrong, then right), search the sessions, filter by PDF status, sign out', async ({ page, context }, testInfo) => {
  const admin = await insertAdmin();
  const tag = `Zed${randomBytes(3).toString('hex')}`;
  const ready = await insertSession({ childName: `${tag} Ready`, paid: { pdfStatus: 'ready' } });
  const failed = await insertSession({ childName: `${tag} Failed`, paid: { pdfStatus: 'failed' } });
  await insertSession({ childName: `${tag} Unpaid` });
  await database((db) => db.query(`UPDATE orders SET pdf_error = 'The PDF could not be made.' WHERE id = $1`, [failed.orderId]));

  await page.goto('/admin');
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expectAccessible(page);

  await signIn(page, admin.email, 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`admin-sign-in-${width}.png`) });
  }

  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const header = page.getByRole('navigation', { name: 'Admin', exact: true });
  await expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();
  // The token lives in a cookie of its own that scripts cannot read and other sites' requests do not carry.
  const cookie = (await context.cookies()).find((c) => c.name === 'colouring_admin');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  const tabs = page.getByRole('navigation', { name: 'Admin tabs' });
  for (const name of ['Sessions', 'Security', 'Share Incentives', 'Featured Bundles']) await expect(tabs.getByText(name)).toBeVisible();

  // By part of the child's name: the two paid first, newest payment first, the unpaid one last.
  await page.getByLabel('Search by name, email or code').fill(tag.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}`));
  const rows = page.locator('.admin-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('th')).toHaveText([`${tag} Failed`, `${tag} Ready`, `${tag} Unpaid`]);
  await expect(rows.nth(0)).toContainText('Custom scenes');
  await expect(rows.nth(0)).toContainText('£1.99');
  await expect(rows.nth(0)).toContainText('The PDF could not be made.');
  await expect(rows.nth(2)).toContainText('Not paid');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`admin-sessions-${width}.png`), fullPage: true });
  }

  // Resend the final email: the PDF that failed cannot go (the API says why); the ready one goes, to its address.
  await rows
    .nth(0)
    .getByRole('button', { name: /Resend final email/ })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'The PDF is not ready yet' })).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}`));
  await rows
    .nth(1)
    .getByRole('button', { name: /Resend final email/ })
    .click();
  const readyEmail = await database(async (db) => (await db.query(`SELECT email FROM sessions WHERE id = $1`, [ready.id])).rows[0].email);
  await expect(page.getByRole('status').filter({ hasText: `The final email is on its way to ${readyEmail}.` })).toBeAttached();
  const logged = await database((db) => db.query(`SELECT 1 FROM email_log WHERE session_id = $1 AND template = 'final'`, [ready.id]));
  expect(logged.rowCount).toBe(1);

  // By the whole magic code: exactly that session.
  await page.getByLabel('Search by name, email or code').fill(ready.magicCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows.locator('th')).toHaveText([`${tag} Ready`]);

  // The name again, only failed PDFs.
  await page.getByLabel('Search by name, email or code').fill(tag);
  await page.getByLabel('PDF status').selectOption('failed');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows.locator('th')).toHaveText([`${tag} Failed`]);
  await expect(page.getByText('Showing 1–1 of 1 sessions, newest payment first.')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeAttached();
  // The same address again: the session is gone on the server, so the list is not shown.
  await page.goto(`/admin?q=${tag}`);
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.locator('.admin-table')).toHaveCount(0);
});

test("correct a parent's email and retry a failed PDF, each answered with a toast", async ({ page }, testInfo) => {
  const admin = await insertAdmin();
  const tag = `Yan${randomBytes(3).toString('hex')}`;
  const failed = await insertSession({ childName: `${tag} Failed`, paid: { pdfStatus: 'failed' } });
  await page.goto(`/admin?q=${tag}`);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.goto(`/admin?q=${tag}`);
  const row = page.locator('.admin-table tbody tr');
  await expect(row.locator('th')).toHaveText([`${tag} Failed`]);

  // A wrong address: the domain's rule answers, in an error toast; nothing changes.
  const emailOf = () => database(async (db) => (await db.query(`SELECT email FROM sessions WHERE id = $1`, [failed.id])).rows[0].email);
  const before = await emailOf();
  // A disclosure, so it opens without JavaScript; with JavaScript it stays open across the answer.
  const editEmail = async () => {
    if ((await row.locator('details').getAttribute('open')) === null) await row.getByText('Edit email').click();
  };
  await editEmail();
  await row.getByLabel('New email address').fill('parent@example');
  await row.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeAttached();
  expect(await emailOf()).toBe(before);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));

  const corrected = `corrected-${tag.toLowerCase()}@example.com`;
  await editEmail();
  await row.getByLabel('New email address').fill(corrected);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`admin-edit-email-${width}.png`), fullPage: true });
  }
  await row.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The email address is now ${corrected}.` })).toBeAttached();
  await expect(row.locator('.admin-table__email')).toHaveText(corrected);
  expect(await emailOf()).toBe(corrected);

  // Retry the failed PDF: queued again, so the order is being made (or made) again, not failed as it was.
  await row.getByRole('button', { name: /Retry PDF/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The PDF is being made again. The thank-you page shows its progress.' }),
  ).toBeAttached();
  const audit = await database((db) =>
    db.query(
      `SELECT action, details->>'outcome' AS outcome FROM admin_audit_log
       WHERE email = $1 AND action IN ('correct_email', 'retry_pdf') ORDER BY id`,
      [admin.email],
    ),
  );
  expect(audit.rows.map((r) => `${r.action} ${r.outcome}`)).toEqual(['correct_email error', 'correct_email ok', 'retry_pdf ok']);
});

test('the form explains the lockout after repeated wrong passwords', async ({ page }) => {
  const admin = await insertAdmin();
  await page.goto('/admin');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signIn(page, admin.email, `wrong ${attempt}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  }
  await signIn(page, admin.email, 'wrong 5');
  const locked = 'Too many failed sign-ins. For your safety sign-in is paused: try again in 15 minutes.';
  await expect(page.getByRole('alert').filter({ hasText: locked })).toBeVisible();
  // Locked, even the right password waits.
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('alert').filter({ hasText: locked })).toBeVisible();
  await expect(accessDenied(page)).toBeVisible();
});

test("refusals: a parent's cookie, and admin sessions the API no longer knows, show only the sign-in form", async ({
  page,
  context,
  request,
}, testInfo) => {
  const parent = await insertSession({ childName: 'Parent', paid: { pdfStatus: 'ready' } });
  await keepSessionCookie(context, testInfo, parent.magicCode);
  await page.goto('/admin');
  await expect(accessDenied(page)).toBeVisible();

  // The API itself, without the admin's token: refused, whatever else is sent.
  const refused: Record<string, string>[] = [{}, { 'x-magic-code': parent.magicCode }, { authorization: `Bearer ${parent.magicCode}` }];
  for (const headers of refused) {
    const answer = await request.get('/api/admin/sessions', { headers });
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'unauthorized', message: 'Access denied' });
  }

  const admin = await insertAdmin();
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  // Expired on the server: the page asks the API, which refuses, and shows the form again.
  await database((db) =>
    db.query(
      `UPDATE admin_sessions SET expires_at = now() - interval '1 second'
       WHERE admin_user_id = (SELECT id FROM admin_users WHERE email = $1)`,
      [admin.email],
    ),
  );
  await page.reload();
  await expect(accessDenied(page)).toBeVisible();

  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  // Signed out elsewhere (the row is gone): the same.
  await database((db) =>
    db.query(`DELETE FROM admin_sessions WHERE admin_user_id = (SELECT id FROM admin_users WHERE email = $1)`, [admin.email]),
  );
  await page.goto('/admin');
  await expect(accessDenied(page)).toBeVisible();
  if (!jsEnabled(testInfo)) await expect(page.locator('form[action="/admin"] input[name="email"]')).toHaveAttribute('required', '');
});
