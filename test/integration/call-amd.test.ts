import { simulatedAmd } from '../../src/carriers/simulator/simulator-carrier';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * `amd` on simulated calls: REST (one call and the list), GraphQL (enum), call.ended and
 * call.analyzed; null for a call never answered.
 */
let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({ SIMULATOR_SPEEDUP: '3000' }, { worker: true });
  await app.startWorker();
});
afterAll(async () => {
  await app?.close();
  await rx?.close();
});

async function orgWithWebhook(): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  return org;
}
const place = (org: TestOrg, to: string) => app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to }).expect(201);
const ended = (org: TestOrg, id: string) =>
  eventually(async () => {
    const c = (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey)).expect(200)).body;
    return c.ended_at ? c : undefined;
  }, { what: 'the call to end' });

test('a person, a voicemail, a busy line: amd human, machine, null; in REST, GraphQL, call.ended and call.analyzed', async () => {
  const org = await orgWithWebhook();
  const placed = await place(org, '+14155557011');
  expect(placed.body.amd).toBeNull();
  const [human, machine, busy] = await Promise.all([placed, await place(org, '+14155550004'), await place(org, '+14155550001')].map((p) => ended(org, p.body.call_id)));

  expect(human).toMatchObject({ disposition: 'human', amd: simulatedAmd({ id: human.call_id, to: human.to }) });
  expect(human.amd.result).toBe('human');
  expect(human.amd.ms).toBeGreaterThanOrEqual(800);
  expect(human.amd.ms).toBeLessThanOrEqual(2200);
  expect(machine).toMatchObject({ disposition: 'voicemail', amd: { result: 'machine' } });
  expect(machine.amd.ms).toBeGreaterThanOrEqual(2500);
  expect(busy).toMatchObject({ status: 'failed', disposition: 'busy', amd: null });

  const list = (await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200)).body.data as Array<{ call_id: string; amd: unknown }>;
  expect(Object.fromEntries(list.map((c) => [c.call_id, c.amd]))).toEqual({ [human.call_id]: human.amd, [machine.call_id]: machine.amd, [busy.call_id]: null });

  const g = await rawGql(app, 'query ($a: ID!, $b: ID!, $c: ID!) { a: call(id: $a) { amd { result ms } } b: call(id: $b) { amd { result ms } } c: call(id: $c) { amd { result } } }', { a: human.call_id, b: machine.call_id, c: busy.call_id }, org.token);
  expect(g.errors).toBeUndefined();
  expect(g.data).toEqual({ a: { amd: { result: 'HUMAN', ms: human.amd.ms } }, b: { amd: { result: 'MACHINE', ms: machine.amd.ms } }, c: { amd: null } });

  await rx.waitFor(() => [human, machine].every((c) => rx.byEvent('call.analyzed', c.call_id).length >= 1) && rx.byEvent('call.ended', busy.call_id).length >= 1, { what: 'the events' });
  for (const c of [human, machine]) {
    expect(rx.byEvent('call.ended', c.call_id)[0]!.json.amd).toEqual(c.amd);
    expect(rx.byEvent('call.analyzed', c.call_id)[0]!.json.amd).toEqual(c.amd);
  }
  expect(rx.byEvent('call.ended', busy.call_id)[0]!.json.amd).toBeNull();
});
