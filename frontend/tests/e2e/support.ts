import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Fails on any serious or critical accessibility violation, listing each with its nodes.
 * axe runs as a script, so for a page loaded without JavaScript it checks a copy of that page's HTML,
 * its own scripts removed, in a scratch page where axe may run.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let target = page;
  let scratch: BrowserContext | undefined;
  if (!jsEnabled(test.info())) {
    const html = (await page.content()).replace(/<script(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/gi, '');
    const browser = page.context().browser()!;
    scratch = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
    target = await scratch.newPage();
    const url = page.url();
    await target.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await target.route('**/*.js', (route) => route.abort());
    await target.goto(url);
  }
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  await scratch?.close();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, 'serious or critical accessibility violations').toEqual([]);
}

/** A different client address per test, so the API's per-IP rate limits don't couple tests together. */
export function uniqueClientIp(testInfo: TestInfo): string {
  const n = (Date.now() + testInfo.workerIndex * 7919 + testInfo.retry * 131) % 60_000;
  return `10.${testInfo.project.name === 'js-off' ? 2 : 1}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}
