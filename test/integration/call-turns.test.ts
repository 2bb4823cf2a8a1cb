import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A call's turns and their latency (REST, GraphQL, call.analyzed, the Prometheus histogram), the
 * call's caller_name, and the dispositions wrong_number and callback_requested (simulator numbers
 * ending in 0007 and 0008), campaigns included.
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

async function orgWithWebhook(name?: string): Promise<TestOrg> {
  const org = await signup(app, name ? { organizationName: name } : {});
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  return org;
}
const place = (org: TestOrg, body: object) => app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send(body);
const getCall = (org: TestOrg, id: string) => app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey)).expect(200);
const analyzed = (org: TestOrg, id: string) => eventually(async () => ((await getCall(org, id)).body.turns ? (await getCall(org, id)).body : undefined), { what: 'the call analyzed' });

/** The value of the first sample of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const CALL_TURNS = `query ($id: ID!) { call(id: $id) { disposition callerName optedOut callbackAt
  turns { speaker text startMs endMs interrupted latency { endOfTurnMs recognitionMs decisionMs synthesisMs totalMs } }
  latency { p50Ms p95Ms turns } } }`;

test('a simulated call: turns and latency in REST (one call and the list), GraphQL and call.analyzed; the histogram counts them', async () => {
  const org = await orgWithWebhook('Acme Dental');
  const before = sample((await app.http().get('/metrics').expect(200)).text, 'voicegate_turn_latency_seconds_count', { carrier: 'simulator' }) ?? 0;
  const placed = await place(org, {
    to: '+14155557001',
    task: 'Confirm the appointment.',
    questions: [
      { key: 'attend', question: 'Will you attend?', type: 'boolean' },
      { key: 'guests', question: 'How many guests?', type: 'number' },
    ],
  }).expect(201);
  // Nothing measured yet: the turns are written when the call is analysed.
  expect(placed.body).toMatchObject({ turns: null, latency: null, opted_out: false, callback_at: null, caller_name: 'Acme Dental' });

  const call = await analyzed(org, placed.body.call_id);
  const turns = call.turns as Array<Record<string, any>>;
  expect(turns.length).toBeGreaterThanOrEqual(6);
  for (const t of turns) {
    expect(Object.keys(t).sort()).toEqual(expect.arrayContaining(['speaker', 'text', 'start_ms', 'end_ms', 'interrupted']));
    expect(['agent', 'callee']).toContain(t.speaker);
    expect(t.end_ms).toBeGreaterThanOrEqual(t.start_ms);
    expect(t.end_ms).toBeLessThanOrEqual(call.duration_seconds * 1000);
  }
  // In order, the intro names the organization, and each question is an agent turn.
  expect(turns.map((t) => t.start_ms)).toEqual([...turns.map((t) => t.start_ms)].sort((a, b) => a - b));
  expect(turns.find((t) => t.speaker === 'agent')!.text).toContain('on behalf of Acme Dental');
  expect(turns.filter((t) => t.speaker === 'agent').map((t) => t.text)).toEqual(expect.arrayContaining(['Will you attend?', 'How many guests?']));
  const measured = turns.filter((t) => t.latency).map((t) => t.latency.total_ms as number);
  expect(measured.length).toBeGreaterThanOrEqual(3);
  for (const t of turns.filter((x) => x.latency)) {
    expect(t.speaker).toBe('agent');
    const l = t.latency;
    expect(l.total_ms).toBeGreaterThanOrEqual(l.end_of_turn_ms + l.recognition_ms + l.decision_ms + l.synthesis_ms);
  }
  const sorted = [...measured].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1];
  expect(call.latency).toEqual({ p50_ms: rank(50), p95_ms: rank(95), turns: measured.length });

  // The list carries the same fields.
  const list = await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
  expect(list.body.data[0]).toMatchObject({ call_id: call.call_id, turns, latency: call.latency, opted_out: false, callback_at: null, caller_name: 'Acme Dental' });

  // GraphQL: the same turns, camelCase, speaker as an enum.
  const g = await rawGql(app, CALL_TURNS, { id: call.call_id }, org.token);
  expect(g.errors).toBeUndefined();
  const gc = g.data!.call as Record<string, any>;
  expect(gc.callerName).toBe('Acme Dental');
  expect(gc.latency).toEqual({ p50Ms: call.latency.p50_ms, p95Ms: call.latency.p95_ms, turns: call.latency.turns });
  expect(gc.turns).toEqual(
    turns.map((t) => ({
      speaker: t.speaker.toUpperCase(),
      text: t.text,
      startMs: t.start_ms,
      endMs: t.end_ms,
      interrupted: t.interrupted,
      latency: t.latency
        ? { endOfTurnMs: t.latency.end_of_turn_ms, recognitionMs: t.latency.recognition_ms, decisionMs: t.latency.decision_ms, synthesisMs: t.latency.synthesis_ms, totalMs: t.latency.total_ms }
        : null,
    })),
  );

  // call.analyzed carries them.
  await rx.waitFor(() => rx.byEvent('call.analyzed', call.call_id).length >= 1, { what: 'call.analyzed' });
  expect(rx.byEvent('call.analyzed', call.call_id)[0]!.json).toMatchObject({ turns, latency: call.latency, opted_out: false, callback_at: null });

  // Every measured turn observed once in the histogram, under its carrier.
  const after = sample((await app.http().get('/metrics').expect(200)).text, 'voicegate_turn_latency_seconds_count', { carrier: 'simulator' });
  expect(after! - before).toBeGreaterThanOrEqual(measured.length);
});

test('caller_name: at most 80 characters, one line; the organization name by default; REST and GraphQL', async () => {
  const org = await orgWithWebhook('Northwind Clinic');
  const long = await place(org, { to: '+14155557002', caller_name: 'x'.repeat(81) }).expect(422);
  expect(long.body.errors).toEqual([{ field: 'caller_name', message: 'must be at most 80 characters' }]);
  expect((await place(org, { to: '+14155557002', caller_name: 'A\nB' }).expect(422)).body.errors[0].field).toBe('caller_name');
  expect((await place(org, { to: '+14155557002', caller_name: '   ' }).expect(422)).body.errors[0].field).toBe('caller_name');

  const given = await place(org, { to: '+14155557002', caller_name: 'x'.repeat(80) }).expect(201);
  expect(given.body.caller_name).toBe('x'.repeat(80));
  const byDefault = await place(org, { to: '+14155557003' }).expect(201);
  expect(byDefault.body.caller_name).toBe('Northwind Clinic');
  expect((await getCall(org, byDefault.body.call_id)).body.caller_name).toBe('Northwind Clinic');
  // Scheduled calls too.
  const later = await place(org, { to: '+14155557004', schedule_at: new Date(Date.now() + 3600_000).toISOString() }).expect(201);
  expect(later.body.caller_name).toBe('Northwind Clinic');

  const placed = await rawGql(app, `mutation { placeCall(input: {to: "+14155557005", callerName: "Dr. Smith's office"}) { id callerName } }`, {}, org.token);
  expect(placed.errors).toBeUndefined();
  expect((placed.data!.placeCall as Record<string, unknown>).callerName).toBe("Dr. Smith's office");
  const refused = await rawGql(app, `mutation { placeCall(input: {to: "+14155557005", callerName: "${'y'.repeat(81)}"}) { id } }`, {}, org.token);
  expect(refused.errors?.[0]?.extensions?.errors).toEqual([{ field: 'caller_name', message: 'must be at most 80 characters' }]);
});

test('wrong_number and callback_requested: REST and GraphQL enums, callback_at on the call and in call.analyzed', async () => {
  const org = await orgWithWebhook();
  const wrong = (await place(org, { to: '+14155550007' }).expect(201)).body;
  const later = (await place(org, { to: '+14155550008' }).expect(201)).body;
  const w = await analyzed(org, wrong.call_id);
  const l = await analyzed(org, later.call_id);
  expect(w).toMatchObject({ status: 'completed', disposition: 'wrong_number', callback_at: null, opted_out: false });
  expect(l).toMatchObject({ status: 'completed', disposition: 'callback_requested', callback_at: expect.stringMatching(/T10:00:00\.000000\+00:00$/) });
  expect(Date.parse(l.callback_at)).toBeGreaterThan(Date.parse(l.ended_at));

  const gw = await rawGql(app, CALL_TURNS, { id: wrong.call_id }, org.token);
  const gl = await rawGql(app, CALL_TURNS, { id: later.call_id }, org.token);
  expect((gw.data!.call as Record<string, unknown>).disposition).toBe('WRONG_NUMBER');
  expect(gl.data!.call as Record<string, unknown>).toMatchObject({ disposition: 'CALLBACK_REQUESTED', callbackAt: expect.any(String) });
  expect(Date.parse((gl.data!.call as { callbackAt: string }).callbackAt)).toBe(Date.parse(l.callback_at));

  await rx.waitFor(() => rx.byEvent('call.analyzed', later.call_id).length >= 1 && rx.byEvent('call.ended', wrong.call_id).length >= 1, { what: 'events' });
  expect(rx.byEvent('call.analyzed', later.call_id)[0]!.json.callback_at).toBe(l.callback_at);
  expect(rx.byEvent('call.ended', wrong.call_id)[0]!.json.disposition).toBe('wrong_number');

  // An opt-out (0006) is on the call too.
  const out = (await place(org, { to: '+14155550006' }).expect(201)).body;
  expect(await analyzed(org, out.call_id)).toMatchObject({ opted_out: true, disposition: 'human' });
});

test('campaigns: a callback_requested recipient is called again at the time they gave; a wrong_number one never again', async () => {
  const org = await orgWithWebhook();
  const api = (path: string, body?: object) => (body ? app.http().post(`/v1${path}`).set(bearer(org.apiKey)).send(body) : app.http().get(`/v1${path}`).set(bearer(org.apiKey)));
  const created = await api('/campaigns', {
    name: 'callbacks',
    calling_window: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '24:00' },
    max_calls_per_second: 50,
    retry: { callback_requested: { after_seconds: 7200 }, max_attempts: 3 },
    recipients: [{ to: '+14155550007' }, { to: '+14155550008' }],
  }).expect(201);
  const id = created.body.campaign_id as string;
  expect(created.body.retry.callback_requested).toEqual({ after_seconds: 7200 });

  const recipients = async () => Object.fromEntries(((await api(`/campaigns/${id}/recipients`).expect(200)).body.data as Array<Record<string, any>>).map((r) => [r.to, r]));
  const byTo = await eventually(async () => {
    const r = await recipients();
    const call = r['+14155550008']?.last_call_id ? (await getCall(org, r['+14155550008'].last_call_id)).body : null;
    // Settled: the wrong number is done, and the callback's retry has moved to the time the callee gave.
    return r['+14155550007']?.status === 'completed' && call?.callback_at && r['+14155550008'].next_attempt_at === call.callback_at ? { r, call } : undefined;
  }, { what: 'the recipients moved on' });
  expect(byTo.r['+14155550007']).toMatchObject({ status: 'completed', attempts: 1, last_disposition: 'wrong_number', next_attempt_at: null });
  expect(byTo.r['+14155550008']).toMatchObject({ status: 'pending', attempts: 1, last_disposition: 'callback_requested' });
  expect(byTo.call.disposition).toBe('callback_requested');
  // The campaign is still running: the callback is due tomorrow.
  expect((await api(`/campaigns/${id}`).expect(200)).body.status).toBe('running');
});
