import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/db/free-port';
import { recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { expectDashboardBuilt, findChromium, launch, login, newContext, shot, visitStrict } from './browser';

/**
 * The organization settings pages (agent, inbound) in a real Chromium against the real stack (HTTP,
 * GraphQL, PostgreSQL). Every page is checked with axe-core (no violation of any impact) and
 * photographed.
 */
const CHROMIUM = findChromium();
const suite = CHROMIUM ? describe : describe.skip;

const KEY = 'sk-browser-llm-key-0123456789abcdef';
const SECOND_KEY = 'sk-browser-llm-key-second-9876543210';
recordSecret(KEY, SECOND_KEY);

/** Everything the API sends the page over /graphql, to show a key never comes back. */
function recordResponses(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/graphql')) bodies.push(r.text().catch(() => ''));
  });
  return bodies;
}

async function addMember(owner: TestOrg): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('settings-member');
  const password = 'settings member password';
  recordSecret(password);
  const added = await rawGql(app, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { email, password, role: 'MEMBER' } }, owner.token);
  expect(added.errors).toBeUndefined();
  return { email, password };
}

let app: TestApp;

suite('settings pages in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    expectDashboardBuilt();
    const port = await freePort();
    app = await startTestApp({ PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }, { port });
    browser = await launch(CHROMIUM!);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  test('an owner edits the agent settings, reads an unsupported language refused beside its field, saves, reloads and sees them; the key is write-only; a member sees them read-only', async () => {
    const owner = await signup(app, { organizationName: 'Agent Org' });
    const { page, problems } = await newContext(browser);
    const bodies = recordResponses(page);
    await login(page, app.url, owner.email, owner.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agent' }).waitFor();
    const current = page.getByTestId('agent-current');
    // The defaults: en-US, no model configured in this deployment, so the script leads.
    await current.getByText('the organization\'s name (Agent Org)').waitFor();
    expect(await page.getByTestId('agent-language').textContent()).toBe('en-US');
    expect(await page.getByTestId('agent-llm').textContent()).toContain('Not used');
    await page.getByText('The speech engines can both speak and hear: en-US.').waitFor();
    await visitStrict(page, 'agent-default');

    // Every field, with a language the offline recognizer cannot hear: refused beside the field.
    await page.getByLabel('Caller name', { exact: true }).fill('Acme Dental');
    await page.getByLabel('Language', { exact: true }).fill('fr-FR');
    await page.getByLabel('Voice', { exact: true }).fill('slt');
    await page.getByLabel('Language model', { exact: true }).selectOption('on');
    await page.getByLabel('Instructions for the language model', { exact: true }).fill('Be brief and friendly.\nPatients may call us back on +1 415 555 0100.');
    expect(await page.getByTestId('agent-instructions-count').textContent()).toBe('68');
    await page.getByLabel('Endpoint URL', { exact: true }).fill('http://127.0.0.1:9/v1');
    await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
    await page.getByLabel('API key', { exact: true }).fill(KEY);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').getByText('The speech engines cannot both speak and hear this language').waitFor();
    const language = page.getByLabel('Language', { exact: true });
    expect(await language.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await language.getAttribute('aria-describedby'))!.split(' ');
    const errorId = describedBy.find((id) => id.startsWith('error-'))!;
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('is not a language the configured speech engines can both speak and hear');
    await visitStrict(page, 'agent-language-error');
    // Nothing was stored.
    const untouched = await rawGql(app, '{ agentSettings { callerName updatedAt } }', {}, owner.token);
    expect(untouched.data).toEqual({ agentSettings: { callerName: null, updatedAt: null } });

    // A language it holds: saved, the page shows the stored values and the key only as "set".
    await language.fill('en-US');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await current.getByText('Acme Dental').waitFor();
    await page.getByTestId('agent-key').getByText('key set (never shown)').waitFor();
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');

    // Reload: the same values, from the API.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Agent' }).waitFor();
    await current.getByText('Acme Dental').waitFor();
    expect(await page.getByTestId('agent-language').textContent()).toBe('en-US');
    expect(await page.getByTestId('agent-llm').textContent()).toBe('Leads the calls (on)');
    expect(await page.getByTestId('agent-llm-url').textContent()).toBe('http://127.0.0.1:9/v1');
    expect(await page.getByTestId('agent-instructions').textContent()).toBe('Be brief and friendly.\nPatients may call us back on +1 415 555 0100.');
    expect(await page.getByLabel('Caller name', { exact: true }).inputValue()).toBe('Acme Dental');
    expect(await page.getByLabel('Voice', { exact: true }).inputValue()).toBe('slt');
    expect(await page.getByLabel('Language model', { exact: true }).inputValue()).toBe('on');
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('gpt-4o-mini');
    await page.getByTestId('agent-key-hint').getByText('A key is stored (never shown)').waitFor();
    await visitStrict(page, 'agent');

    // A new URL without its key: the stored key does not follow it; the error is beside the key.
    await page.getByLabel('Endpoint URL', { exact: true }).fill('http://127.0.0.1:10/v1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const keyError = page.locator('[id="error-llm.api_key"]');
    await keyError.getByText('is required when the URL changes').waitFor();
    expect(await page.getByLabel('API key', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // With its key (replacing the stored one): saved.
    await page.getByLabel('API key', { exact: true }).fill(SECOND_KEY);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByTestId('agent-llm-url').getByText('http://127.0.0.1:10/v1').waitFor();
    await page.getByTestId('agent-key').getByText('key set (never shown)').waitFor();

    // Keyboard only: from the key field, tick "Remove the stored key", then save with Enter.
    await page.getByLabel('API key', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('llm.clear_key');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save settings');
    await page.keyboard.press('Enter');
    await page.getByTestId('agent-key').getByText('not set').waitFor();
    await page.getByTestId('agent-key-hint').getByText('No key is stored.').waitFor();

    // The key never came back in any answer.
    const seen = await Promise.all(bodies);
    expect(seen.some((b) => b.includes('agentSettings'))).toBe(true);
    for (const body of seen) {
      expect(body).not.toContain(KEY);
      expect(body).not.toContain(SECOND_KEY);
    }

    // 360 px wide: the form fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'agent-360px');
    expect(problems).toEqual([]);

    // A member sees the same settings, read-only.
    const m = await addMember(owner);
    const member = await newContext(browser);
    await login(member.page, app.url, m.email, m.password);
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent' }).click();
    await member.page.getByTestId('agent-current').getByText('Acme Dental').waitFor();
    expect(await member.page.getByTestId('agent-llm-url').textContent()).toBe('http://127.0.0.1:10/v1');
    await member.page.getByText('Only an organization owner can change the agent settings.').waitFor();
    expect(await member.page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await member.page.getByLabel('Caller name', { exact: true }).count()).toBe(0);
    await visitStrict(member.page, 'agent-member');
    expect(member.problems).toEqual([]);
    await member.context.close();
  }, 180_000);

  test('an owner edits the inbound settings, reads a bad webhook URL refused beside its field, saves, reloads and sees them, removes them; a member sees them read-only', async () => {
    const owner = await signup(app, { organizationName: 'Inbound Org' });
    // The numbers calls arrive on are the organization's own connection's.
    const connected = await rawGql(
      app,
      'mutation($input: CarrierConnectionInput!) { updateCarrier(input: $input) { numbers } }',
      { input: { type: 'TWILIO', accountSid: `AC${'0123456789abcdef'.repeat(2)}`, authToken: 'inbound-browser-token-0123456789', numbers: ['+14155550100', '+14155550101'] } },
      owner.token,
    );
    expect(connected.errors).toBeUndefined();
    const { page, problems } = await newContext(browser);
    await login(page, app.url, owner.email, owner.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbound' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbound' }).waitFor();
    const numbers = page.getByTestId('inbound-numbers');
    await page.getByTestId('inbound-number-list').locator('li').nth(1).waitFor(); // the carrier connection's own query
    expect(await page.getByTestId('inbound-number-list').locator('li').allTextContents()).toEqual(['+14155550100', '+14155550101']);
    expect(await page.getByTestId('inbound-state').textContent()).toBe('Inbound calls are off: calls to these numbers are refused.');
    expect(await page.getByTestId('inbound-enabled').textContent()).toBe('Off: calls are refused');
    await page.getByTestId('inbound-current').getByText('the default: "Hello, you have reached Inbound Org. This is an automated assistant."').waitFor();
    await visitStrict(page, 'inbound-default');

    // Every field, with a webhook URL holding credentials: refused beside the field (the only error), nothing stored.
    await page.getByLabel('Answer calls to our numbers').check();
    await page.getByLabel('Greeting', { exact: true }).fill('Hello, you have reached Acme Dental.');
    await page.getByLabel('Task', { exact: true }).fill('I can confirm or move your appointment.');
    await page.getByRole('button', { name: 'Add a question' }).click();
    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Key').fill('keep');
    await first.getByLabel('Question').fill('Would you like to keep your appointment?');
    await page.getByRole('button', { name: 'Add a question' }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Key').fill('day');
    await second.getByLabel('Question').fill('Which day suits you?');
    await second.getByLabel('Answer type').selectOption('enum');
    await second.getByLabel('Options').fill('Monday, Tuesday');
    await page.getByLabel('Webhook URL', { exact: true }).fill('https://user:secret@hooks.example.com/voicegate/inbound');
    await page.getByLabel('Transfer to', { exact: true }).fill('+14155550199');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').getByText('Some fields need attention.').waitFor();
    const webhook = page.getByLabel('Webhook URL', { exact: true });
    expect(await webhook.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await webhook.getAttribute('aria-describedby'))!.split(' ').find((id) => id.startsWith('error-'))!;
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('must not contain credentials');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
    await visitStrict(page, 'inbound-webhook-error');
    const untouched = await rawGql(app, '{ inboundSettings { enabled updatedAt } }', {}, owner.token);
    expect(untouched.data).toEqual({ inboundSettings: { enabled: false, updatedAt: null } });

    // Fixed: saved, the page shows what is stored.
    await webhook.fill('https://hooks.example.com/voicegate/inbound');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await page.getByTestId('inbound-enabled').textContent()).toBe('On: the agent answers');
    expect(await page.getByTestId('inbound-state').textContent()).toBe('Calls to these numbers are answered by the agent.');

    // Reload: the same values, from the API.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Inbound' }).waitFor();
    await page.getByTestId('inbound-greeting').getByText('Hello, you have reached Acme Dental.').waitFor();
    expect(await page.getByTestId('inbound-task').textContent()).toBe('I can confirm or move your appointment.');
    expect(await page.getByTestId('inbound-questions').locator('li').allTextContents()).toEqual([
      'Would you like to keep your appointment? (keep: yes / no)',
      'Which day suits you? (day: one of Monday, Tuesday)',
    ]);
    expect(await page.getByTestId('inbound-webhook').textContent()).toBe('https://hooks.example.com/voicegate/inbound');
    expect(await page.getByTestId('inbound-transfer').textContent()).toBe('+14155550199');
    expect(await page.getByLabel('Answer calls to our numbers').isChecked()).toBe(true);
    expect(await page.getByLabel('Greeting', { exact: true }).inputValue()).toBe('Hello, you have reached Acme Dental.');
    expect(await page.getByRole('group', { name: 'Question 2' }).getByLabel('Options').inputValue()).toBe('Monday, Tuesday');
    expect(await page.getByLabel('Transfer to', { exact: true }).inputValue()).toBe('+14155550199');
    await visitStrict(page, 'inbound');

    // 360 px wide: the form fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'inbound-360px');
    await page.setViewportSize({ width: 1280, height: 860 });

    // A member sees the same settings, read-only.
    const m = await addMember(owner);
    const member = await newContext(browser);
    await login(member.page, app.url, m.email, m.password);
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbound' }).click();
    await member.page.getByTestId('inbound-greeting').getByText('Hello, you have reached Acme Dental.').waitFor();
    // The numbers come from the carrier connection, a query of their own that may answer after the settings.
    await member.page.getByTestId('inbound-number-list').locator('li').nth(1).waitFor();
    expect(await member.page.getByTestId('inbound-number-list').locator('li').count()).toBe(2);
    await member.page.getByText('Only an organization owner can change the inbound settings.').waitFor();
    expect(await member.page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await member.page.getByRole('button', { name: 'Remove inbound settings' }).count()).toBe(0);
    expect(await member.page.getByLabel('Greeting', { exact: true }).count()).toBe(0);
    await visitStrict(member.page, 'inbound-member');
    expect(member.problems).toEqual([]);
    await member.context.close();

    // Keyboard only: the owner removes the settings, confirming with Enter.
    await page.getByRole('button', { name: 'Remove inbound settings' }).focus();
    await page.keyboard.press('Enter');
    const yes = page.getByRole('button', { name: 'Yes, remove inbound settings' });
    await yes.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, remove inbound settings');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Removed: calls to your numbers are refused.').waitFor();
    expect(await page.getByTestId('inbound-enabled').textContent()).toBe('Off: calls are refused');
    expect(await page.getByLabel('Greeting', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Remove inbound settings' }).count()).toBe(0);
    expect(await numbers.getByTestId('inbound-state').textContent()).toBe('Inbound calls are off: calls to these numbers are refused.');
    const removed = await rawGql(app, '{ inboundSettings { enabled greeting updatedAt } }', {}, owner.token);
    expect(removed.data).toEqual({ inboundSettings: { enabled: false, greeting: null, updatedAt: null } });
    await visitStrict(page, 'inbound-removed');
    expect(problems).toEqual([]);
  }, 180_000);
});
