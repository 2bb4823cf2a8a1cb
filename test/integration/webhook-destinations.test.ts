import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { WebhookDeliveryDocument } from '../graphql/generated';

/**
 * Destinations follow the owner: each attempt of an undelivered event goes to the organization's
 * default URL as it is at that attempt; a per-call webhook_url stays bound to its call; a removed
 * default ends the retries with no_destination; a manual redelivery uses the current URL; every
 * attempt in the log shows the URL it went to (REST and GraphQL).
 */
let app: TestApp;
const receivers: Receiver[] = [];
/** A receiver that refuses call.queued (so it is retried) and accepts everything else. */
const refusing = async () => {
  const r = await Receiver.start((req) => (req.json.event === 'call.queued' ? { status: 503 } : { status: 200 }));
  receivers.push(r);
  return r;
};
const accepting = async () => {
  const r = await Receiver.start();
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  // Retries 2 s apart: room to change the settings between two attempts, even on a loaded machine.
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000', WEBHOOK_RETRY_SCHEDULE: '2s,2s,2s,2s,2s,2s', WEBHOOK_TIMEOUT_SECONDS: '2' }, { worker: true });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

/** Receivers' addresses with a path, as the service stores them (a bare origin gains a trailing slash). */
const hook = (r: Receiver) => `${r.url}/hooks`;
const setDefault = (org: TestOrg, url: string | null) => app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url }).expect(200);
const place = async (org: TestOrg, body: object = {}) => (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550100', ...body }).expect(201)).body as { call_id: string };
async function queuedDelivery(org: TestOrg, callId: string) {
  const list = await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}&event=call.queued`).set(bearer(org.token)).expect(200);
  const id = list.body.data[0].id as string;
  return (await app.http().get(`/dashboard/webhook-deliveries/${id}`).set(bearer(org.token)).expect(200)).body as {
    id: string;
    url: string | null;
    state: string;
    delivered: boolean;
    next_attempt_at: string | null;
    last_error: string | null;
    attempt_log: Array<{ url: string | null; error: string | null; response_code: number | null; trigger: string }>;
  };
}

test('a new default URL set while an event is being retried receives the later attempts; the log shows each URL', async () => {
  const [oldRx, newRx] = [await refusing(), await accepting()];
  const org = await signup(app);
  await setDefault(org, hook(oldRx));
  const call = await place(org);
  await oldRx.waitFor(() => oldRx.byEvent('call.queued', call.call_id).length >= 1, 15_000, 'the first attempt');
  await setDefault(org, hook(newRx));
  await newRx.waitFor(() => newRx.byEvent('call.queued', call.call_id).length === 1, 20_000, 'a later attempt at the new URL');

  const d = await eventually(async () => {
    const x = await queuedDelivery(org, call.call_id);
    return x.delivered ? x : undefined;
  });
  expect(d).toMatchObject({ state: 'delivered', url: hook(newRx) });
  const urls = d.attempt_log.map((a) => a.url);
  expect(urls[urls.length - 1]).toBe(hook(newRx));
  expect(urls.slice(0, -1).every((u) => u === hook(oldRx))).toBe(true);
  expect(urls.filter((u) => u === hook(oldRx))).toHaveLength(oldRx.byEvent('call.queued', call.call_id).length);
  // The same byte-identical event, whatever the destination.
  expect(newRx.byEvent('call.queued', call.call_id)[0]!.raw.equals(oldRx.byEvent('call.queued', call.call_id)[0]!.raw)).toBe(true);

  const g = await gql(app, WebhookDeliveryDocument, { id: d.id }, org.token);
  expect(g.errors).toBeUndefined();
  expect(g.data!.webhookDelivery.url).toBe(hook(newRx));
  expect(g.data!.webhookDelivery.attemptLog.map((a) => a.url)).toEqual(urls);
});

test('removing the default URL stops the retries with no_destination', async () => {
  const rx = await refusing();
  const org = await signup(app);
  await setDefault(org, hook(rx));
  const call = await place(org);
  await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length >= 1, 15_000, 'the first attempt');
  await setDefault(org, null);

  const d = await eventually(async () => {
    const x = await queuedDelivery(org, call.call_id);
    return x.state !== 'pending' ? x : undefined;
  });
  expect(d).toMatchObject({ state: 'undeliverable', delivered: false, next_attempt_at: null, last_error: 'no_destination' });
  const last = d.attempt_log[d.attempt_log.length - 1]!;
  expect(last).toMatchObject({ url: null, error: 'no_destination', response_code: null, trigger: 'scheduled' });
  // Every attempt that had a URL reached the receiver, and nothing further is scheduled.
  expect(d.attempt_log.filter((a) => a.url === hook(rx))).toHaveLength(rx.byEvent('call.queued', call.call_id).length);
  // No retry waits in the queue. The last attempt's own job (done once the attempt started) may
  // still be locked while its completion is written after the attempt was recorded: wait for it to go.
  const jobsFor = async (waitingOnly: boolean) =>
    (await app.db.pool.query(`select 1 from graphile_worker._private_jobs where payload->>'deliveryId' = $1 and ($2::boolean is false or locked_at is null)`, [d.id, waitingOnly])).rowCount;
  expect(await jobsFor(true)).toBe(0);
  await eventually(async () => (await jobsFor(false)) === 0, { what: 'the last attempt’s job to be done' });
  expect(await jobsFor(false)).toBe(0);
  // Nor parked, where retries wait.
  expect((await app.db.pool.query(`select 1 from webhook_parked where delivery_id = $1`, [d.id])).rowCount).toBe(0);
});

test("a call's own webhook_url stays bound to the call when the default changes", async () => {
  let refused = 0;
  const callRx = await Receiver.start((req) => (req.json.event === 'call.queued' && refused++ === 0 ? { status: 503 } : { status: 200 }));
  receivers.push(callRx);
  const [orgRx, otherRx] = [await accepting(), await accepting()];
  const org = await signup(app);
  await setDefault(org, hook(orgRx));
  const call = await place(org, { webhook_url: `${callRx.url}/mine` });
  await callRx.waitFor(() => callRx.byEvent('call.queued', call.call_id).length >= 1, 15_000, 'the first attempt');
  await setDefault(org, hook(otherRx));
  await callRx.waitFor(() => callRx.byEvent('call.queued', call.call_id).length === 2, 20_000, 'the retry at the call URL');
  await callRx.waitFor(() => callRx.byEvent('call.analyzed', call.call_id).length === 1, 20_000, "the call's later events");
  const d = await eventually(async () => {
    const x = await queuedDelivery(org, call.call_id);
    return x.delivered ? x : undefined;
  });
  expect(d.attempt_log.map((a) => a.url)).toEqual([`${callRx.url}/mine`, `${callRx.url}/mine`]);
  expect(orgRx.received.filter((r) => r.json.call_id === call.call_id)).toHaveLength(0);
  expect(otherRx.received.filter((r) => r.json.call_id === call.call_id)).toHaveLength(0);
});

test('a manual redelivery goes to the current default URL', async () => {
  const [oldRx, newRx] = [await accepting(), await accepting()];
  const org = await signup(app);
  await setDefault(org, hook(oldRx));
  const call = await place(org);
  await oldRx.waitFor(() => oldRx.byEvent('call.queued', call.call_id).length === 1, 15_000, 'the delivery');
  const first = await eventually(async () => {
    const x = await queuedDelivery(org, call.call_id);
    return x.delivered ? x : undefined;
  });
  await setDefault(org, hook(newRx));
  await app.http().post(`/dashboard/webhook-deliveries/${first.id}/redeliver`).set(bearer(org.token)).expect(202);
  await newRx.waitFor(() => newRx.byEvent('call.queued', call.call_id).length === 1, 15_000, 'the manual attempt at the new URL');
  const d = await eventually(async () => {
    const x = await queuedDelivery(org, call.call_id);
    return x.attempt_log.length === 2 ? x : undefined;
  });
  expect(d.attempt_log.map((a) => [a.trigger, a.url])).toEqual([
    ['scheduled', hook(oldRx)],
    ['manual', hook(newRx)],
  ]);
  expect(oldRx.byEvent('call.queued', call.call_id)).toHaveLength(1);
});
