import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/db/free-port';
import { promoteToPlatformAdmin } from '../../src/features/admin/promote';
import { signup, uniqueEmail, recordSecret, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { Mailbox } from '../helpers/mailbox';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TwilioFarEnd } from '../helpers/twilio-far-end';
import { audit, expectDashboardBuilt, findChromium, launch, newContext, shot, visit, writeArtifact } from './browser';

/**
 * The dashboard in a real Chromium against the real stack (HTTP server, GraphQL, worker,
 * simulator carrier, PostgreSQL), with a real webhook receiver and a real SMTP server as the far
 * ends. Every page a journey reaches is checked with axe-core and photographed.
 */
const CHROMIUM = findChromium();
if (!CHROMIUM) {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH).\n${line}\n`);
}
const suite = CHROMIUM ? describe : describe.skip;
const DEADLINE = 60_000;

suite('dashboard in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let receiver: Receiver;
  let mailbox: Mailbox;
  let twilio: TwilioFarEnd;

  beforeAll(async () => {
    expectDashboardBuilt();
    receiver = await Receiver.start();
    mailbox = await Mailbox.start();
    const port = await freePort();
    // Twilio accounts an organization connects live in a local far end (its REST API).
    twilio = new TwilioFarEnd(`http://127.0.0.1:${port}`, () => app.url);
    await twilio.start();
    // Signed recording links and mailed links must name this server; calls take a few seconds
    // (SIMULATOR_SPEEDUP 60) so the list is seen changing.
    app = await startTestApp(
      { PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, SIMULATOR_SPEEDUP: '60', SMTP_URL: mailbox.url, TWILIO_API_BASE_URL: twilio.url },
      { worker: true, port },
    );
    browser = await launch(CHROMIUM!);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
    await mailbox?.close();
    await twilio?.close();
  });

  test('an owner signs up, creates a key, sets the webhook, places a test call, watches it complete live, plays the recording and redelivers its webhook', async () => {
    const { context, page, problems } = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });

    // `/` leads to the app, which asks for a login; the app's document carries the strict policy.
    const first = page.waitForResponse((r) => r.url() === `${app.url}/app/`);
    await page.goto(`${app.url}/`);
    const csp = (await first).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.title()).toBe('Log in · voicegate');
    await visit(page, '01-login');

    await page.getByRole('link', { name: 'Sign up' }).click();
    const email = uniqueEmail('browser-owner');
    const password = 'correct horse battery';
    recordSecret(password);
    await page.getByLabel('Organization name').fill('Browser Org');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await visit(page, '02-signup');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Welcome to voicegate' }).waitFor();
    const signupKey = (await page.getByTestId('secret-api-key').textContent())!;
    recordSecret(signupKey, (await page.getByTestId('secret-webhook-signing-secret').textContent())!);
    expect(signupKey).toMatch(/^sk_/);
    await visit(page, '03-signup-secrets');
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await page.getByText('No calls yet').waitFor();
    await visit(page, '04-calls-empty');

    // The verification mail links to /verify-email, which lands on the dashboard's screen.
    const mail = await mailbox.waitFor(email, /confirm your e-mail/i);
    await page.goto(mail.link!);
    expect(new URL(page.url()).pathname).toBe('/app/verify-email');
    await visit(page, '05-verify-email');
    await page.getByRole('button', { name: 'Verify my e-mail' }).click();
    await page.getByText('Your e-mail address is verified').waitFor();

    // API keys: create (secret shown once, copy button), then revoke the sign-up key with confirmation.
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
    await page.getByText('Verify your e-mail address: check your inbox.').waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('browser key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('New key created').waitFor();
    const newKey = (await page.getByTestId('secret-secret').textContent())!;
    recordSecret(newKey);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newKey);
    await visit(page, '06-api-keys-created');
    const signupRow = page.getByRole('row').filter({ hasText: signupKey.slice(0, 16) });
    await signupRow.getByRole('button', { name: /^Revoke key/ }).click();
    await signupRow.getByRole('button', { name: 'Yes, revoke' }).click();
    await signupRow.getByText('revoked').waitFor();
    await visit(page, '07-api-keys');

    // Webhook: destination and a rotation with its dual-signing window.
    await page.getByRole('link', { name: 'Webhook' }).click();
    await page.getByLabel('Default destination URL').fill(`${receiver.url}/hooks`);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Yes, rotate' }).click();
    await page.getByText('The previous secret keeps signing until').waitFor();
    recordSecret((await page.getByTestId('secret-new-signing-secret').textContent())!);
    await visit(page, '08-webhook');

    // A test call, placed through GraphQL's placeCall with the session's token.
    await page.getByRole('link', { name: 'Calls', exact: true }).click();
    // Live updates come over the GraphQL WebSocket, not by polling.
    await page.locator('[data-live="socket"]').waitFor({ timeout: DEADLINE });
    await page.getByRole('link', { name: 'Place a test call' }).click();
    await page.getByRole('heading', { name: 'Place a test call' }).waitFor();
    await visit(page, '09-place-call');
    await page.getByRole('button', { name: 'Place call' }).click();
    await page.waitForURL(/\/app\/calls\/[0-9a-f-]{36}$/);
    const callId = page.url().split('/').pop()!;

    // The list updates by itself (subscription events): no reload (a marker on window survives) until `completed`.
    await page.getByRole('link', { name: '← All calls' }).click();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const row = page.locator(`tr[data-call-id="${callId}"]`);
    await row.waitFor();
    await page.locator('[data-live="socket"]').waitFor({ timeout: DEADLINE });
    const seenFirst = await row.locator('.badge').textContent();
    await row.locator('.badge', { hasText: 'completed' }).waitFor({ timeout: DEADLINE });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    writeArtifact('live-list.json', { firstStatusSeen: seenFirst, finalStatus: 'completed' });
    await visit(page, '10-calls');

    // The calls page from a cold load: paint timings from the browser's performance API (not asserted).
    await page.reload();
    await row.waitFor();
    const timings = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
      return { ...paint, callsTableVisible: Math.round(performance.now()), domContentLoaded: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd) };
    });
    writeArtifact('calls-page-paint.json', { url: page.url(), measuredAt: new Date().toISOString(), milliseconds: timings });

    // Detail: timeline, transcript, structured answers, and the recording plays.
    await row.getByRole('link').click();
    const audio = page.getByTestId('recording');
    await audio.waitFor({ timeout: DEADLINE });
    await page.getByTestId('transcript').waitFor();
    await page.getByTestId('answers').waitFor();
    await page.getByText(/^Answered/).waitFor();
    await audio.evaluate((el: HTMLAudioElement) => el.play());
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && a.currentTime > 0 && a.duration > 0;
    }, undefined, { timeout: DEADLINE });
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    // The turns under the player: agent and callee, measured agent turns show their latency, and a
    // turn's button plays the recording from where the turn starts.
    const turns = page.getByTestId('turns');
    await turns.waitFor();
    expect(await turns.locator('[data-speaker="agent"]').count()).toBeGreaterThan(0);
    expect(await turns.locator('[data-speaker="callee"]').count()).toBeGreaterThan(0);
    expect(await turns.locator('.turn-latency').count()).toBeGreaterThan(0);
    const stored = (await app.db.pool.query<{ turns: Array<{ start_ms: number }> }>('select turns from calls where id = $1', [callId])).rows[0]!.turns;
    const target = stored[stored.length - 1]!.start_ms / 1000;
    await turns.getByRole('button').last().click();
    await page.waitForFunction((t) => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.currentTime >= t - 0.05;
    }, target, { timeout: DEADLINE });
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await visit(page, '11-call-detail');

    // Deliveries of this call: delivered to the receiver, attempts shown, and a redelivery arrives again.
    await receiver.waitFor(() => receiver.byEvent('call.analyzed', callId).length > 0, DEADLINE, 'call.analyzed delivered');
    await page.getByRole('link', { name: 'Webhook deliveries for this call' }).click();
    const ended = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'call.ended', exact: true }) });
    await ended.getByText('delivered').waitFor({ timeout: DEADLINE });
    await ended.getByRole('button', { name: 'call.ended', exact: true }).click();
    const attempts = page.getByRole('table', { name: 'Attempts' });
    await attempts.getByRole('cell', { name: '200' }).waitFor();
    await visit(page, '12-deliveries');
    const before = receiver.byEvent('call.ended', callId).length;
    await ended.getByRole('button', { name: 'Redeliver call.ended' }).click();
    await receiver.waitFor(() => receiver.byEvent('call.ended', callId).length > before, DEADLINE, 'redelivered call.ended');
    await attempts.getByRole('cell', { name: 'manual' }).waitFor({ timeout: DEADLINE });
    await shot(page, '13-deliveries-redelivered');
    await page.getByLabel('Since (your local time)').fill('2020-01-01T00:00');
    await page.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Replay started in the background').waitFor();

    // Members (owner only): an invitation is sent and listed.
    await page.getByRole('link', { name: 'Members' }).click();
    const invitee = uniqueEmail('invitee');
    await page.getByLabel('Invite by e-mail').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('cell', { name: new RegExp(invitee) }).waitFor();
    await visit(page, '14-members');

    // The invitation link opens the dashboard's screen, where the invitee chooses a password.
    const invitation = await mailbox.waitFor(invitee, /invit/i);
    const { context: c2, page: p2 } = await newContext(browser);
    await p2.goto(invitation.link!);
    await p2.getByRole('heading', { name: 'Join your organization' }).waitFor();
    await visit(p2, '15-accept-invitation');
    await p2.getByLabel(/^New password/).fill('invited member password');
    await p2.getByRole('button', { name: 'Accept invitation' }).click();
    await p2.getByRole('heading', { name: 'Calls' }).waitFor();
    await c2.close();

    // Narrow screens: the calls page fits 360 px without sideways scrolling of the page.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('link', { name: 'Calls', exact: true }).click();
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, '16-calls-360px');

    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  test('a member sees no owner actions', async () => {
    const owner = await signup(app, { organizationName: 'Member Org' });
    await rawGql(app, 'mutation { updateWebhook(webhookUrl: "http://127.0.0.1:9/x") { webhookUrl } }', {}, owner.token);
    const email = uniqueEmail('member');
    const password = 'member password 1';
    recordSecret(password);
    const added = await rawGql(app, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { email, password, role: 'MEMBER' } }, owner.token);
    expect(added.errors).toBeUndefined();

    const { context, page, problems } = await newContext(browser);
    await page.goto(`${app.url}/app/login`);
    // Keyboard only: the form is reachable and submits with Enter.
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Calls' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Deliveries' }).waitFor();
    await page.getByText(/· member$/).waitFor();
    expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    await visit(page, '20-member-api-keys');

    await nav.getByRole('link', { name: 'Webhook' }).click();
    await page.getByTestId('secret-last4').waitFor();
    expect(await page.getByRole('button', { name: 'Save URL' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    expect(await page.getByLabel('Default destination URL').getAttribute('readonly')).not.toBeNull();

    await nav.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByText('No deliveries match.').waitFor();
    expect(await page.getByRole('heading', { name: 'Replay undelivered events' }).count()).toBe(0);
    await visit(page, '21-member-deliveries');

    // The owners' page itself refuses a member, in words.
    await page.goto(`${app.url}/app/members`);
    await page.getByText('Only an organization owner can manage members.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('an owner connects a Twilio account, tests it, rotates its token, gets field errors beside the fields and removes it; a member sees it read-only', async () => {
    const owner = await signup(app, { organizationName: 'Carrier Org' });
    const account = twilio.addAccount();
    recordSecret(account.authToken);
    const { context, page, problems } = await newContext(browser);
    // Everything the API sent the page, to show the token never comes back.
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/graphql')) bodies.push(r.text().catch(() => ''));
    });
    await login(page, app.url, owner.email, owner.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Carrier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Carrier' }).waitFor();
    const current = page.getByTestId('carrier-current');
    await current.getByText('Built-in simulator', { exact: true }).waitFor();
    await current.getByText('The deployment default', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove connection' }).count()).toBe(0);
    await visit(page, '50-carrier-default');

    // Connect the Twilio account.
    await page.getByLabel('Carrier type').selectOption('TWILIO');
    await page.getByLabel('Account SID').fill(account.accountSid);
    await page.getByLabel(/^Auth token/).fill(account.authToken);
    await page.getByLabel(/^Caller-ID numbers/).fill('+14155550100\n+14155550101');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByText('Saved.').waitFor();
    await current.getByText("This organization's own connection").waitFor();
    await current.getByText('Twilio', { exact: true }).waitFor();
    await current.getByText(account.accountSid).waitFor();
    expect(await page.getByTestId('carrier-secret').textContent()).toBe('secret set (never shown)');
    expect(await page.getByTestId('carrier-numbers').textContent()).toContain('+14155550101');
    // The form starts afresh from what is stored: the token field is empty, its hint says one is kept.
    expect(await page.getByLabel(/^Auth token/).inputValue()).toBe('');
    await page.getByText(/a secret is stored: leave empty to keep it/).waitFor();

    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('carrier-test-result');
    await result.getByText('Connected to the Twilio account "Far end test account"').waitFor();
    await result.getByText('Connection works.').waitFor();
    await visit(page, '51-carrier-twilio');

    // A member sees the same connection, read-only.
    const memberEmail = uniqueEmail('carrier-member');
    const memberPassword = 'carrier member password';
    recordSecret(memberPassword);
    const added = await rawGql(app, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { email: memberEmail, password: memberPassword, role: 'MEMBER' } }, owner.token);
    expect(added.errors).toBeUndefined();
    const member = await newContext(browser);
    await login(member.page, app.url, memberEmail, memberPassword);
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Carrier' }).click();
    await member.page.getByTestId('carrier-current').getByText(account.accountSid).waitFor();
    expect(await member.page.getByTestId('carrier-secret').textContent()).toBe('secret set (never shown)');
    await member.page.getByText('Only an organization owner can change the carrier connection.').waitFor();
    for (const name of ['Test connection', 'Remove connection', 'Save connection']) expect(await member.page.getByRole('button', { name }).count()).toBe(0);
    expect(await member.page.getByLabel('Account SID').count()).toBe(0);
    await visit(member.page, '52-member-carrier');
    expect(member.problems).toEqual([]);
    await member.context.close();

    // Rotating the token: a wrong one is stored, and the test says so in words.
    await page.getByLabel(/^Auth token/).fill('not-the-token');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await result.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await result.getByText('Connection failed.').waitFor();
    await result.getByText(/refused the credentials/).waitFor();

    // A bad number: the API's field error is shown beside the numbers, and nothing changes.
    await page.getByLabel(/^Caller-ID numbers/).fill('+14155550100\n12345');
    await page.getByRole('button', { name: 'Save connection' }).click();
    const numbersError = page.locator('#error-numbers');
    await numbersError.getByText('number 2: must be an E.164 number: + then 8 to 15 digits, no leading 0').waitFor();
    expect(await page.getByLabel(/^Caller-ID numbers/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(/^Caller-ID numbers/).getAttribute('aria-describedby')).toBe('error-numbers');
    // The summary says why the save failed without repeating what is shown beside the field.
    expect(await page.getByRole('alert').textContent()).toBe('Some fields need attention.');
    await visit(page, '53-carrier-field-error');

    // Switching to a SIP trunk on a loopback address: refused on the host field; the Twilio connection stays.
    await page.getByLabel('Carrier type').selectOption('SIP');
    await page.getByLabel('Trunk host').fill('127.0.0.1');
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe('5060');
    await page.getByLabel(/^Caller-ID numbers/).fill('+14155550100');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.locator('#error-host').getByText(/private, loopback or link-local address/).waitFor();
    expect(await page.getByLabel('Trunk host').getAttribute('aria-invalid')).toBe('true');
    await current.getByText(account.accountSid).waitFor();
    await visit(page, '54-carrier-sip-error');

    // Remove, with a confirmation: back to the deployment default.
    await page.getByRole('button', { name: 'Remove connection' }).click();
    await page.getByRole('group', { name: 'Confirm removal' }).getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByText('Removed: calls use the deployment default again.').waitFor();
    await current.getByText('Built-in simulator', { exact: true }).waitFor();
    await current.getByText('The deployment default', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove connection' }).count()).toBe(0);

    const sent = await Promise.all(bodies);
    expect(sent.some((b) => b.includes(account.accountSid))).toBe(true);
    expect(sent.filter((b) => b.includes(account.authToken))).toEqual([]);
    expect(await page.content()).not.toContain(account.authToken);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('an admin deactivates an organization and its owner is logged out', async () => {
    const owner: TestOrg = await signup(app, { organizationName: `Doomed Org ${Date.now()}` });
    const adminEmail = uniqueEmail('admin');
    const adminPassword = 'platform admin password';
    recordSecret(adminPassword);
    await promoteToPlatformAdmin(app.db.orm.em.fork(), app.config, { email: adminEmail, password: adminPassword });

    const ownerSide = await newContext(browser);
    await login(ownerSide.page, app.url, owner.email, owner.password);
    await ownerSide.page.getByText('No calls yet').waitFor();

    const adminSide = await newContext(browser);
    await login(adminSide.page, app.url, adminEmail, adminPassword);
    const page = adminSide.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Platform stats' }).waitFor();
    await page.getByText(/active of/).first().waitFor();
    await visit(page, '30-admin-stats');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('row').filter({ hasText: owner.email }).waitFor();
    await visit(page, '31-admin-users');
    await page.getByRole('link', { name: 'Organizations' }).click();
    await page.getByLabel(/Search by name/).fill('Doomed Org');
    const row = page.locator(`tr[data-org-id="${owner.orgId}"]`);
    await row.waitFor();
    await visit(page, '32-admin-organizations');
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    await row.getByText('deactivated').waitFor();

    // The owner's open dashboard learns it on its next request and returns to the login page.
    await ownerSide.page.getByText(/You were signed out/).waitFor({ timeout: DEADLINE });
    await ownerSide.page.getByRole('heading', { name: 'Log in' }).waitFor();
    await shot(ownerSide.page, '33-owner-signed-out');

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'organization.deactivate' }).first().waitFor();
    await visit(page, '34-admin-audit');
    expect([...ownerSide.problems, ...adminSide.problems]).toEqual([]);
    await ownerSide.context.close();
    await adminSide.context.close();
  }, 120_000);

  test('without the WebSocket (refused by a proxy), the list falls back to polling and still follows a call to its end', async () => {
    const owner = await signup(app, { organizationName: 'No Socket Org' });
    const { context, page, problems } = await newContext(browser);
    // Every WebSocket to /graphql is closed at once, as by a proxy that does not pass them.
    await page.routeWebSocket(/\/graphql$/, (ws) => ws.close({ code: 1011, reason: 'no websockets here' }));
    await login(page, app.url, owner.email, owner.password);
    await page.locator('[data-live="polling"]').waitFor();
    const placed = await app.http().post('/v1/calls/outbound').set('Authorization', `Bearer ${owner.apiKey}`).send({ to: '+15550100001' });
    expect(placed.status).toBe(201);
    const row = page.locator(`tr[data-call-id="${placed.body.call_id}"]`);
    await row.locator('.badge', { hasText: 'failed' }).waitFor({ timeout: DEADLINE });
    await row.getByText('busy').waitFor();
    expect(await page.locator('[data-live="socket"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('password reset and error wording, through the mailed link', async () => {
    const owner = await signup(app);
    const { context, page, problems } = await newContext(browser);
    await page.goto(`${app.url}/app/login`);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('That e-mail and password do not match an account.').waitFor();
    await audit(page, '40-login-error');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('a reset link is on its way').waitFor();
    await visit(page, '41-reset-requested');
    const mail = await mailbox.waitFor(owner.email, /reset/i);
    await page.goto(mail.link!);
    expect(new URL(page.url()).pathname).toBe('/app/reset-password');
    await page.getByLabel(/^New password/).fill('a brand new password');
    await visit(page, '42-reset-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Calls' }).waitFor();

    // A used link is refused in words, to whoever opens it again (a browser without the new
    // session: the one above is signed in now, and the app may send it on to its calls).
    const again = await newContext(browser);
    await again.page.goto(mail.link!);
    await again.page.getByLabel(/^New password/).fill('yet another password');
    await again.page.getByRole('button', { name: 'Set password' }).click();
    await again.page.getByText('This link is invalid, already used or expired.').waitFor();
    expect([...problems, ...again.problems]).toEqual([]);
    await again.context.close();
    await context.close();
  }, 120_000);
});

async function login(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Calls' }).waitFor();
}
