import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export { expectDashboardBuilt, findChromium } from '../setup/dashboard-build';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Screenshots, the accessibility reports and the paint timings of a run (gitignored). */
export const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'dashboard');

export async function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    // Root on CI has no user namespace for the sandbox; autoplay lets the test press play.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** A browser profile of its own; CSP violations and page errors are collected to be asserted on. */
export async function newContext(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, timezoneId: 'Europe/Paris', locale: 'en-GB' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  return { context, page, problems };
}

/** Screenshot of the page as it is now, for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** axe-core on the page as it is now: no serious or critical violation; the full report is kept. */
export async function audit(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, `${name}.axe.json`), JSON.stringify(result.violations, null, 2));
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/** Both: every page a journey visits is audited and photographed. */
export async function visit(page: Page, name: string): Promise<void> {
  await audit(page, name);
  await shot(page, name);
}

/** axe-core with no violation at all (not only the serious ones), then a screenshot. */
export async function visitStrict(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  writeArtifact(`${name}.axe.json`, result.violations);
  expect(result.violations.map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await shot(page, name);
}

/** Signs in through the login page and waits for the first screen. */
export async function login(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Calls' }).waitFor();
}

export function writeArtifact(name: string, data: unknown): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, name), JSON.stringify(data, null, 2));
}
