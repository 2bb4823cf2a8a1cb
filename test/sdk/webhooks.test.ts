import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { Voicegate, verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventName, type WebhookVerificationReason } from '@voicegate/sdk';
import type { EVENT_TYPES } from '../../src/features/webhooks/webhook-delivery.entity';
import { createWebhookApp } from '../../sdk/examples/express-receiver';
import { createWebhookServer } from '../../sdk/examples/node-http-receiver';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { Receiver, type Received } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * verifyWebhook on deliveries the real service made (worker, simulator, signing) to real local
 * receivers, and the two copy-paste receivers of docs/receiving-webhooks.md run as they are.
 */
let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000' }, { worker: true });
  rx = await Receiver.start();
});
afterAll(async () => {
  await rx?.close();
  await app?.close();
});

async function orgWithReceiver(): Promise<{ org: TestOrg; vg: Voicegate }> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  return { org, vg: new Voicegate({ apiKey: org.apiKey, baseUrl: app.url }) };
}

async function delivery(event: string, callId: string): Promise<Received> {
  await rx.waitFor(() => rx.byEvent(event, callId).length > 0, 30_000, `${event} of ${callId}`);
  return rx.byEvent(event, callId)[0]!;
}

function reason(fn: () => unknown): WebhookVerificationReason {
  try {
    fn();
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    throw e;
  }
  throw new Error('verification passed');
}

const timestampOf = (r: Received): number => Number(r.headers['webhook-timestamp']);

test('real deliveries of every event verify, parse to the typed event, and agree with a Standard Webhooks library', async () => {
  const { org, vg } = await orgWithReceiver();
  const call = await vg.calls.place({ to: '+14155550180', questions: [{ key: 'ok', question: 'Fine?', type: 'boolean' }] });
  for (const name of ['call.queued', 'call.ended', 'call.analyzed'] as const) {
    const r = await delivery(name, call.call_id);
    // Node's IncomingHttpHeaders, a Buffer body.
    const event: WebhookEvent = verifyWebhook(r.raw, r.headers, org.webhookSecret);
    expect(event).toEqual(r.json);
    expect(event.event).toBe(name);
    // A fetch Headers object and a string body work too.
    const asFetch = new Headers(Object.entries(r.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    expect(verifyWebhook(r.raw.toString('utf8'), asFetch, [org.webhookSecret])).toEqual(r.json);
    expect(new Webhook(org.webhookSecret).verify(r.raw.toString('utf8'), r.headers as Record<string, string>)).toEqual(r.json);
    if (event.event === 'call.ended') expect([event.status, event.disposition]).toEqual(['completed', 'human']);
    if (event.event === 'call.analyzed') expect(event.structured_answers).toEqual({ ok: expect.any(Boolean) });
  }
});

test('campaign events verify and narrow too: the SDK knows exactly the events the service sends', async () => {
  // Compile-time: the SDK's event names are the service's, no more, no fewer.
  type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
  const exact: Same<WebhookEventName, (typeof EVENT_TYPES)[number]> = true;
  expect(exact).toBe(true);

  const { org, vg } = await orgWithReceiver();
  const running = await vg.campaigns.create({ name: 'sdk events', recipients: [{ to: '+14155550182' }] });
  const later = await vg.campaigns.create({ name: 'sdk pause', start_at: new Date(Date.now() + 86_400_000).toISOString() });
  await vg.campaigns.pause(later.campaign_id);
  const ofCampaign = (event: string, id: string) => rx.received.filter((r) => r.json.event === event && r.json.campaign_id === id);
  const wanted: Array<[WebhookEventName, string]> = [
    ['campaign.started', running.campaign_id],
    ['campaign.completed', running.campaign_id],
    ['campaign.paused', later.campaign_id],
  ];
  for (const [name, id] of wanted) {
    await rx.waitFor(() => ofCampaign(name, id).length > 0, 30_000, `${name} of ${id}`);
    const r = ofCampaign(name, id)[0]!;
    const event = verifyWebhook(r.raw, r.headers, org.webhookSecret);
    expect(event).toEqual(r.json);
    switch (event.event) {
      case 'campaign.started':
      case 'campaign.paused':
      case 'campaign.completed':
        expect([event.event, event.campaign_id, 'call_id' in event]).toEqual([name, id, false]);
        expect(event.counts.total).toBe(id === running.campaign_id ? 1 : 0);
        break;
      default:
        throw new Error(`unexpected ${event.event}`);
    }
  }
  const completed = verifyWebhook(ofCampaign('campaign.completed', running.campaign_id)[0]!.raw, ofCampaign('campaign.completed', running.campaign_id)[0]!.headers, org.webhookSecret);
  if (completed.event !== 'campaign.completed') throw new Error('not narrowed');
  expect([completed.status, completed.counts.pending, completed.counts.calling]).toEqual(['completed', 0, 0]);
});

test('tampering, a wrong secret, a stale or future timestamp and missing headers are refused', async () => {
  const { org, vg } = await orgWithReceiver();
  const call = await vg.calls.place({ to: '+14155550181', metadata: { amount: 100 } });
  const r = await delivery('call.queued', call.call_id);
  const tampered = Buffer.from(r.raw.toString('utf8').replace('"amount":100', '"amount":900'));
  expect(tampered.equals(r.raw)).toBe(false);
  expect(reason(() => verifyWebhook(tampered, r.headers, org.webhookSecret))).toBe('invalid_signature');
  // A body re-serialized by a JSON parser is not the signed bytes.
  expect(reason(() => verifyWebhook(JSON.stringify(r.json, null, 1), r.headers, org.webhookSecret))).toBe('invalid_signature');
  // Only X-Voice-Signature altered (the Standard Webhooks signature still good): refused too.
  const badVoice = { ...r.headers, 'x-voice-signature': `sha256=${'0'.repeat(64)}` };
  expect(reason(() => verifyWebhook(r.raw, badVoice, org.webhookSecret))).toBe('invalid_signature');
  const other = await signup(app);
  expect(reason(() => verifyWebhook(r.raw, r.headers, other.webhookSecret))).toBe('invalid_signature');
  // Replayed later: five minutes and one second after it was signed it is stale; so is the far future.
  const sent = timestampOf(r) * 1000;
  expect(verifyWebhook(r.raw, r.headers, org.webhookSecret, { now: sent + 300_000 })).toEqual(r.json);
  expect(reason(() => verifyWebhook(r.raw, r.headers, org.webhookSecret, { now: sent + 301_000 }))).toBe('timestamp_out_of_tolerance');
  expect(reason(() => verifyWebhook(r.raw, r.headers, org.webhookSecret, { now: sent - 301_000 }))).toBe('timestamp_out_of_tolerance');
  expect(reason(() => verifyWebhook(r.raw, r.headers, org.webhookSecret, { now: sent + 61_000, toleranceSeconds: 60 }))).toBe('timestamp_out_of_tolerance');
  // A timestamp moved forward to pass the check breaks the signature.
  const moved = { ...r.headers, 'webhook-timestamp': String(timestampOf(r) + 400) };
  expect(reason(() => verifyWebhook(r.raw, moved, org.webhookSecret, { now: sent + 400_000 }))).toBe('invalid_signature');
  for (const h of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-voice-signature']) {
    const without = { ...r.headers };
    delete without[h];
    expect([h, reason(() => verifyWebhook(r.raw, without, org.webhookSecret))]).toEqual([h, 'missing_header']);
  }
  // A body some middleware already parsed is not the signed bytes.
  expect(reason(() => verifyWebhook(r.json as unknown as string, r.headers, org.webhookSecret))).toBe('invalid_payload');
  expect(reason(() => verifyWebhook(r.raw, r.headers, 'not-a-secret'))).toBe('invalid_secret');
  expect(reason(() => verifyWebhook(r.raw, r.headers, []))).toBe('invalid_secret');
});

test('secret rotation: deliveries verify with the new and old secrets together, and with either alone', async () => {
  const { org, vg } = await orgWithReceiver();
  const before = await vg.calls.place({ to: '+14155550182' });
  const old = await delivery('call.queued', before.call_id);

  const rotated = await app.http().post('/dashboard/webhook/rotate-secret').set(bearer(org.token)).expect(200);
  const newSecret: string = rotated.body.webhook_secret;
  recordSecret(newSecret);
  const after = await vg.calls.place({ to: '+14155550183' });
  const r = await delivery('call.queued', after.call_id);
  expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);

  expect(verifyWebhook(r.raw, r.headers, [newSecret, org.webhookSecret])).toEqual(r.json);
  expect(verifyWebhook(r.raw, r.headers, newSecret)).toEqual(r.json);
  // A receiver that has not installed the new secret yet keeps working (the old secret's v1 entry).
  expect(verifyWebhook(r.raw, r.headers, org.webhookSecret)).toEqual(r.json);
  // A delivery signed before the rotation still verifies with both secrets configured.
  expect(verifyWebhook(old.raw, old.headers, [newSecret, org.webhookSecret])).toEqual(old.json);
  expect(reason(() => verifyWebhook(old.raw, old.headers, newSecret))).toBe('invalid_signature');
  // Tampering is refused whichever secrets are configured.
  const tampered = Buffer.from(r.raw.toString('utf8').replace(after.call_id, before.call_id));
  for (const secrets of [[newSecret, org.webhookSecret], [org.webhookSecret], [newSecret]]) {
    expect(reason(() => verifyWebhook(tampered, r.headers, secrets))).toBe('invalid_signature');
  }
  // With only the old secret, X-Voice-Signature (made with the new one) cannot be checked; the
  // Standard Webhooks entry carries the proof, so a forged X-Voice-Signature changes nothing…
  const forgedVoice = { ...r.headers, 'x-voice-signature': `sha256=${'0'.repeat(64)}` };
  expect(verifyWebhook(r.raw, forgedVoice, org.webhookSecret)).toEqual(r.json);
  // …but with the new secret, which signs it, a wrong X-Voice-Signature is refused.
  expect(reason(() => verifyWebhook(r.raw, forgedVoice, [newSecret, org.webhookSecret]))).toBe('invalid_signature');
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/voicegate`;
}

test.each([
  ['Express', (secrets: string[], handle: (e: WebhookEvent) => Promise<void>) => createServer(createWebhookApp(secrets, handle))],
  ['node:http', (secrets: string[], handle: (e: WebhookEvent) => Promise<void>) => createWebhookServer(secrets, handle)],
])('the %s receiver of docs/receiving-webhooks.md accepts real deliveries and refuses forged ones', async (name, make) => {
  const { org, vg } = await orgWithReceiver();
  const events: WebhookEvent[] = [];
  const server = make([org.webhookSecret], async (e) => {
    events.push(e);
  });
  try {
    const url = await listen(server);
    const call = await vg.calls.place({ to: '+14155550184', webhook_url: url });
    // The service records each attempt once the receiver has answered: wait for the three.
    const deliveries = await eventually(
      async () => {
        const log = await app.http().get(`/dashboard/webhook-deliveries?call_id=${call.call_id}`).set(bearer(org.token)).expect(200);
        const rows = log.body.data as Array<{ event: string; delivered: boolean; response_code: number; attempts: number }>;
        return rows.length === 3 && rows.every((d) => d.delivered) ? rows : null;
      },
      { timeoutMs: 30_000, what: 'three deliveries acknowledged by the example receiver' },
    );
    // Each was acknowledged with the receiver's 204 on the first attempt, and handled.
    expect(deliveries.map((d) => [d.response_code, d.attempts]).sort()).toEqual([
      [204, 1],
      [204, 1],
      [204, 1],
    ]);
    expect(events.filter((e) => 'call_id' in e && e.call_id === call.call_id).map((e) => e.event).sort()).toEqual(['call.analyzed', 'call.ended', 'call.queued']);

    // A forged request (a real delivery's headers on another body) is answered 400 and not handled.
    const real = await delivery('call.queued', (await vg.calls.place({ to: '+14155550185' })).call_id);
    const count = events.length;
    const headers = Object.fromEntries(['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-voice-signature'].map((h) => [h, String(real.headers[h])]));
    const forged = await fetch(url, { method: 'POST', headers, body: real.raw.toString('utf8').replace('+14155550185', '+14155550999') });
    expect([forged.status, await forged.text()]).toEqual([400, 'invalid_signature']);
    if (name === 'Express') {
      // express.raw only reads application/json: anything else never reaches verifyWebhook.
      const notJson = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: real.raw });
      expect(notJson.status).toBe(415);
    }
    const genuine = await fetch(url, { method: 'POST', headers, body: real.raw });
    expect(genuine.status).toBe(204);
    expect(events.length).toBe(count + 1);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
