// /admin/security with JavaScript on and off: signed in, the figures, an open alert and a flagged session; Acknowledge
// answered with a toast and the alert shown acknowledged; the 5-minute refresh; axe, screenshots at 390 and 1280 px.
// Without an admin session the tab is SPEC's sign-in form and nothing of it is drawn. The two projects run at once on
// one database, so each checks only the alert and session of its own.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { expect, test, type Page } from '@playwright/test';
import { database, expectAccessible, insertSession, jsEnabled, ownClientAddress } from './support';

test.describe.configure({ timeout: 60_000 });

ownClientAddress();

/** An admin account of this test's own, as the seed makes one (argon2id). */
async function insertAdmin(): Promise<{ email: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = `security-${tag}@example.com`;
  const password = `a long admin password ${tag}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await database((db) => db.query(`INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)`, [email, hash]));
  return { email, password };
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('see the figures, an alert and a flagged session; acknowledge the alert; the page refreshes every 5 minutes', async ({ page }) => {
  const tag = `Sec${randomBytes(3)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
  const flagged = await insertSession({ childName: tag });
  const message = `Session ${flagged.id} was accessed 140 times (${tag})`;
  await database(async (db) => {
    await db.query(
      `UPDATE sessions SET access_count = 140, security_flags = '{"rate_limited": true, "multiple_ips": true}' WHERE id = $1`,
      [flagged.id],
    );
    await db.query(
      `INSERT INTO security_alerts (kind, severity, message, details, session_id) VALUES ('rate_limit', 'warning', $1, '{"accessCount": 140}', $2)`,
      [message, flagged.id],
    );
  });

  // Without the admin session: the sign-in form, nothing of the tab.
  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);

  const admin = await insertAdmin();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin tabs' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible();

  const figures = page.locator('.security-figures');
  for (const label of ['Sessions today', 'Paid orders today', 'Failed PDFs', 'Invalid accesses', 'Flagged sessions', 'Open alerts'])
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  const openAlerts = Number(await figures.locator('div', { hasText: 'Open alerts' }).locator('.security-figure__value').textContent());
  expect(openAlerts).toBeGreaterThanOrEqual(1);

  const alert = page.locator('.security-alert').filter({ hasText: message });
  await expect(alert).toContainText('Rate limit');
  await expect(alert).toContainText('warning');
  const row = page.locator('.security-flagged tbody tr').filter({ hasText: tag });
  await expect(row).toContainText('Rate limited');
  await expect(row).toContainText('Multiple IPs');
  await expect(row).toContainText('140');
  // Without JavaScript the page reloads itself every 5 minutes; with it, the loader is asked again.
  // (React leaves a <noscript> empty once hydrated, so the page as the server sends it is read.)
  const served = await (await page.request.get('/admin/security')).text();
  expect(served).toMatch(/<noscript><meta http-equiv="refresh" content="300;url=\/admin\/security"\s*\/?><\/noscript>/);
  await expectAccessible(page);
  await screenshots(page, `admin-security-${jsEnabled(test.info()) ? 'js' : 'nojs'}`);

  await alert.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert acknowledged.' })).toBeAttached();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(alert).toContainText('Acknowledged');
  await expect(alert.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  const resolved = await database(
    async (db) => (await db.query(`SELECT resolved_at FROM security_alerts WHERE message = $1`, [message])).rows[0],
  );
  expect(resolved.resolved_at).not.toBeNull();
  await expectAccessible(page);

  await database(async (db) => {
    await db.query(`DELETE FROM security_alerts WHERE session_id = $1`, [flagged.id]);
    await db.query(`DELETE FROM sessions WHERE id = $1`, [flagged.id]);
    await db.query(`DELETE FROM admin_users WHERE email = $1`, [admin.email]);
  });
});
