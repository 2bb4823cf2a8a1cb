import { createHmac } from 'node:crypto';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({ SIMULATOR_SPEEDUP: '3000' }, { worker: true });
  await app.startWorker();
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

const ANY_TIME = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '24:00' };

async function orgWithWebhook(): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  return org;
}
const v1 = (org: TestOrg) => ({
  post: (path: string, body: object = {}, headers: Record<string, string> = {}) => app.http().post(`/v1${path}`).set(bearer(org.apiKey)).set(headers).send(body),
  get: (path: string) => app.http().get(`/v1${path}`).set(bearer(org.apiKey)),
  del: (path: string) => app.http().delete(`/v1${path}`).set(bearer(org.apiKey)),
});
const campaignEvents = (campaignId: string, event?: string) => rx.received.filter((r) => r.json.campaign_id === campaignId && (!event || r.json.event === event));
const recipientsOf = async (org: TestOrg, id: string) => (await v1(org).get(`/campaigns/${id}/recipients?limit=100`).expect(200)).body.data as Array<Record<string, unknown>>;
const callsOf = async (campaignId: string) =>
  (await app.db.pool.query(`select * from calls where campaign_id = $1 order by dial_started_at nulls last, created_at`, [campaignId])).rows as Array<Record<string, any>>;

describe('suppression list', () => {
  test('a suppressed number is refused for single and scheduled calls (422 number_suppressed) until removed', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    const added = await api.post('/suppressions', { numbers: ['+14155550777', '+14155550778', '+14155550777'] }).expect(201);
    expect(added.body).toEqual({ added: 2, numbers: 2 });
    expect((await api.post('/suppressions', { numbers: ['+14155550777'] }).expect(201)).body.added).toBe(0);
    const list = await api.get('/suppressions').expect(200);
    expect(list.body.data.map((s: { number: string }) => s.number).sort()).toEqual(['+14155550777', '+14155550778']);
    expect(list.body.data[0].source).toBe('api');

    const refused = await api.post('/calls/outbound', { to: '+14155550777' }).expect(422);
    expect(refused.body.code).toBe('number_suppressed');
    const refusedLater = await api.post('/calls/outbound', { to: '+14155550778', schedule_at: new Date(Date.now() + 3600_000).toISOString() }).expect(422);
    expect(refusedLater.body.code).toBe('number_suppressed');
    const rows = await app.db.pool.query(`select count(*)::int as n from calls where org_id = $1`, [org.orgId]);
    expect(rows.rows[0].n).toBe(0);

    // Another organization's list is its own.
    const other = await orgWithWebhook();
    await v1(other).post('/calls/outbound', { to: '+14155550777' }).expect(201);
    expect((await v1(other).get('/suppressions').expect(200)).body.data).toEqual([]);
    await v1(other).del('/suppressions/%2B14155550777').expect(404);

    await api.del('/suppressions/%2B14155550777').expect(204);
    await api.post('/calls/outbound', { to: '+14155550777' }).expect(201);
    expect((await api.post('/suppressions', { numbers: ['0123'] }).expect(422)).body.errors[0].field).toBe('numbers.0');
  });


  test('a callee who says "stop calling me" (simulator: a number ending in 0006) joins the list as opt_out', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    const call = (await api.post('/calls/outbound', { to: '+14155550006', task: 'Survey.' }).expect(201)).body;
    await rx.waitFor(() => rx.byEvent('call.analyzed', call.call_id).length === 1, 20_000, 'call.analyzed');
    expect(rx.byEvent('call.analyzed', call.call_id)[0]!.json.transcript).toContain('Please stop calling me');
    const list = await api.get('/suppressions').expect(200);
    expect(list.body.data).toEqual([{ number: '+14155550006', source: 'opt_out', created_at: expect.stringMatching(/\+00:00$/) }]);
    expect((await api.post('/calls/outbound', { to: '+14155550006' }).expect(422)).body.code).toBe('number_suppressed');
  });
});

describe('canonical numbers and closed bodies on campaigns', () => {
  test('a recipient written with the trunk 0 is the suppressed number: suppressed, never dialed, listed canonical', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    await api.post('/suppressions', { numbers: ['+442071234567'] }).expect(201);
    const created = await api.post('/campaigns', { name: 'uk', calling_window: ANY_TIME, recipients: [{ to: '+4402071234567' }, { to: '+14155550301' }] }).expect(201);
    expect(created.body.counts).toMatchObject({ total: 2, suppressed: 1 });
    const recipients = await recipientsOf(org, created.body.campaign_id);
    expect(recipients.map((r) => [r.to, r.status]).sort()).toEqual([
      ['+14155550301', expect.any(String)],
      ['+442071234567', 'suppressed'],
    ]);
    // Appended later, likewise; and an impossible number is refused by index.
    const appended = await api.post(`/campaigns/${created.body.campaign_id}/recipients`, { recipients: [{ to: '+4402071234567' }] }).expect(201);
    expect(appended.body.counts).toMatchObject({ total: 3, suppressed: 2 });
    const impossible = await api.post(`/campaigns/${created.body.campaign_id}/recipients`, { recipients: [{ to: '+14155550302' }, { to: '+999123456789' }] }).expect(422);
    expect([impossible.body.code, impossible.body.errors]).toEqual(['validation_error', [{ field: 'recipients.1.to', message: 'is not a phone number: no country uses its country calling code' }]]);
    await eventually(async () => (await api.get(`/campaigns/${created.body.campaign_id}`).expect(200)).body.status === 'completed', { what: 'the campaign to complete' });
    expect((await app.db.pool.query('select count(*)::int as n from calls where org_id = $1 and to_number = $2', [org.orgId, '+442071234567'])).rows[0].n).toBe(0);
  });

  test('unknown fields, nested ones included, are 422 unknown_field naming their path; metadata stays open; nothing is created', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    const body = {
      name: 'typos',
      retry: { busy: { after_secs: 60 }, max_attempt: 2 },
      calling_window: { ...ANY_TIME, timezone: 'Europe/Paris' },
      recipients: [{ to: '+14155550303', metadata: { anything: { goes: true } } }, { to: '+14155550304', timeZone: 'Europe/Paris' }],
      metadata: { free: 'form', scheduled_at: 'is just data here' },
    };
    const res = await api.post('/campaigns', body).expect(422);
    expect(res.body.code).toBe('unknown_field');
    expect(res.body.errors).toEqual([
      // The window has no zone of its own (the campaign has): nothing close enough to suggest.
      { field: 'calling_window.timezone', message: 'is not a known field' },
      { field: 'retry.busy.after_secs', message: 'is not a known field; did you mean after_seconds?' },
      { field: 'retry.max_attempt', message: 'is not a known field; did you mean max_attempts?' },
      { field: 'recipients.1.timeZone', message: 'is not a known field; did you mean time_zone?' },
      // The field the typo missed is named too.
      { field: 'retry.busy.after_seconds', message: 'Invalid input: expected number, received undefined' },
    ]);
    expect((await app.db.pool.query('select count(*)::int as n from campaigns where org_id = $1', [org.orgId])).rows[0].n).toBe(0);
    const ok = await api.post('/campaigns', { ...body, retry: { busy: { after_seconds: 60 }, max_attempts: 2 }, calling_window: ANY_TIME, recipients: [body.recipients[0]], start_at: new Date(Date.now() + 3600_000).toISOString() }).expect(201);
    expect(ok.body.metadata).toEqual(body.metadata);
    const append = await api.post(`/campaigns/${ok.body.campaign_id}/recipients`, { recipients: [{ to: '+14155550305' }], recipient: [] }).expect(422);
    expect([append.body.code, append.body.errors]).toEqual(['unknown_field', [{ field: 'recipient', message: 'is not a known field; did you mean recipients?' }]]);
  });
});

describe('scheduled calls', () => {
  test('scheduled until due, then call.queued, call.ended, call.analyzed; nothing is sent before it is due', async () => {
    const org = await orgWithWebhook();
    const scheduleAt = new Date(Date.now() + 1500);
    const res = await v1(org).post('/calls/outbound', { to: '+14155551234', schedule_at: scheduleAt.toISOString() }).expect(201);
    expect(res.body.status).toBe('scheduled');
    expect(res.body.schedule_at).toBe(scheduleAt.toISOString().replace('Z', '000+00:00'));
    const id = res.body.call_id as string;
    // Each event is its own delivery (order of arrival is not guaranteed): wait for all three.
    await rx.waitFor(() => ['call.queued', 'call.ended', 'call.analyzed'].every((e) => rx.byEvent(e, id).length >= 1), 20_000, 'the scheduled call to run');
    const events = rx.received.filter((r) => r.json.call_id === id);
    // Each event once (a retry repeats the same delivery: one per webhook-id)...
    const firstOfEach = events.filter((e, i) => events.findIndex((x) => x.headers['webhook-id'] === e.headers['webhook-id']) === i);
    expect(firstOfEach.map((e) => e.json.event).sort()).toEqual(['call.analyzed', 'call.ended', 'call.queued']);
    // ...recorded by the service in this order...
    const { rows } = await app.db.pool.query(`select event from webhook_deliveries where call_id = $1 order by id`, [id]);
    expect(rows.map((r) => r.event)).toEqual(['call.queued', 'call.ended', 'call.analyzed']);
    // ...and none sent before the call was due.
    expect(Math.min(...events.map((e) => e.at))).toBeGreaterThanOrEqual(scheduleAt.getTime());
  });

  test('cancel while scheduled: canceled, one call.ended, never queued or dialed; a past time places at once; > 90 days is 422', async () => {
    const org = await orgWithWebhook();
    const res = await v1(org).post('/calls/outbound', { to: '+14155551235', schedule_at: new Date(Date.now() + 3600_000).toISOString() }).expect(201);
    const canceled = await v1(org).post(`/calls/${res.body.call_id}/cancel`).expect(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', disposition: 'canceled' });
    await rx.waitFor(() => rx.byEvent('call.ended', res.body.call_id).length === 1, 10_000, 'call.ended');
    expect(rx.received.filter((r) => r.json.call_id === res.body.call_id).map((r) => r.json.event)).toEqual(['call.ended']);
    const now = await v1(org).post('/calls/outbound', { to: '+14155551236', schedule_at: new Date(Date.now() - 1000).toISOString() }).expect(201);
    expect(now.body.status).toBe('queued');
    const far = await v1(org).post('/calls/outbound', { to: '+14155551236', schedule_at: new Date(Date.now() + 91 * 86_400_000).toISOString() }).expect(422);
    expect(far.body.errors[0].field).toBe('schedule_at');
  });
});

describe('campaigns', () => {
  test('retries by outcome with the simulator numbers, suppression, signed events with counts and campaign_id', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    await api.post('/suppressions', { numbers: ['+14155550999'] }).expect(201);
    const created = await api
      .post('/campaigns', {
        name: 'reminders',
        task: 'Remind about the appointment.',
        calling_window: ANY_TIME,
        time_zone: 'Europe/Paris',
        max_concurrent_calls: 10,
        max_calls_per_second: 20,
        metadata: { batch: 'b1' },
        retry: { busy: { after_seconds: 1 }, no_answer: { after_seconds: 1 }, voicemail: { after_seconds: 1 }, carrier_error: { after_seconds: 1 }, max_attempts: 2 },
        recipients: [
          { to: '+14155550001', metadata: { who: 'busy' } },
          { to: '+14155550002' },
          { to: '+14155550003' },
          { to: '+14155550004' },
          { to: '+14155550005' },
          { to: '+14155551111', time_zone: 'America/Chicago' },
          { to: '+14155550999' },
        ],
      })
      .expect(201);
    const id = created.body.campaign_id as string;
    expect(created.headers.location).toBe(`/v1/campaigns/${id}`);
    expect(created.body.status).toBe('running');
    expect(created.body.counts).toEqual({ total: 7, pending: 6, calling: 0, completed: 0, failed: 0, suppressed: 1, canceled: 0 });

    await rx.waitFor(() => campaignEvents(id, 'campaign.completed').length === 1, 60_000, 'campaign.completed');
    const byTo = Object.fromEntries((await recipientsOf(org, id)).map((r) => [r.to, r]));
    expect(byTo['+14155550001']).toMatchObject({ status: 'failed', attempts: 2, last_disposition: 'busy' });
    expect(byTo['+14155550002']).toMatchObject({ status: 'failed', attempts: 2, last_disposition: 'no_answer' });
    expect(byTo['+14155550003']).toMatchObject({ status: 'failed', attempts: 1, last_disposition: 'invalid_number' });
    expect(byTo['+14155550004']).toMatchObject({ status: 'completed', attempts: 2, last_disposition: 'voicemail' });
    expect(byTo['+14155550005']).toMatchObject({ status: 'failed', attempts: 2, last_disposition: 'carrier_error' });
    expect(byTo['+14155551111']).toMatchObject({ status: 'completed', attempts: 1, last_disposition: 'human', time_zone: 'America/Chicago', time_zone_source: 'given' });
    expect(byTo['+14155550999']).toMatchObject({ status: 'suppressed', attempts: 0, last_call_id: null });
    expect(byTo['+14155550002']!.time_zones).toEqual(['America/Los_Angeles']);

    // Each attempt is a real call with its own events, all carrying campaign_id; the suppressed number was never dialed.
    const calls = await callsOf(id);
    expect(calls).toHaveLength(10);
    expect(calls.some((c) => c.to_number === '+14155550999')).toBe(false);
    const busyCalls = calls.filter((c) => c.to_number === '+14155550001');
    expect(busyCalls.map((c) => c.attempt).sort()).toEqual([1, 2]);
    for (const c of calls) {
      // call.queued and call.ended are separate deliveries: either may arrive first.
      await rx.waitFor(() => rx.byEvent('call.queued', c.id).length >= 1 && rx.byEvent('call.ended', c.id).length >= 1, 15_000, 'call.queued and call.ended of every attempt');
      for (const e of rx.received.filter((r) => r.json.call_id === c.id)) expect(e.json.campaign_id).toBe(id);
    }
    expect(rx.byEvent('call.queued', busyCalls[0]!.id)[0]!.json.metadata).toEqual({ batch: 'b1', who: 'busy' });
    const get = await api.get(`/calls/${busyCalls[0]!.id}`).expect(200);
    expect(get.body.campaign_id).toBe(id);

    // campaign.started is its own delivery: it may arrive after campaign.completed, and more than
    // once (at least once); the campaign started once: one event recorded, one webhook-id received.
    await rx.waitFor(() => campaignEvents(id, 'campaign.started').length >= 1, { what: 'campaign.started' });
    const started = campaignEvents(id, 'campaign.started');
    const completed = campaignEvents(id, 'campaign.completed');
    expect(new Set(started.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const startedRows = await app.db.pool.query(`select count(*)::int as n from webhook_deliveries where campaign_id = $1 and event = 'campaign.started'`, [id]);
    expect(startedRows.rows[0].n).toBe(1);
    expect(Object.keys(completed[0]!.json)).toEqual(['event', 'org_id', 'campaign_id', 'timestamp', 'status', 'counts']);
    expect(completed[0]!.json).toMatchObject({ org_id: org.orgId, status: 'completed', counts: { total: 7, pending: 0, calling: 0, completed: 2, failed: 4, suppressed: 1, canceled: 0 } });
    const sig = createHmac('sha256', Buffer.from(org.webhookSecret, 'utf8')).update(completed[0]!.raw).digest('hex');
    expect(completed[0]!.headers['x-voice-signature']).toBe(`sha256=${sig}`);
    expect(completed[0]!.headers['x-voice-event']).toBe('campaign.completed');
    // Logged like call events. The receiver answers before the worker records the outcome, so wait for the record.
    const logged = await eventually(async () => {
      const log = await app.http().get(`/dashboard/webhook-deliveries?event=campaign.completed`).set(bearer(org.token)).expect(200);
      const row = log.body.data[0] as Record<string, unknown> | undefined;
      return row?.delivered ? row : undefined;
    }, { what: 'campaign.completed recorded as delivered' });
    expect(logged).toMatchObject({ call_id: null, campaign_id: id, event: 'campaign.completed', delivered: true });
    const final = await api.get(`/campaigns/${id}`).expect(200);
    expect(final.body).toMatchObject({ status: 'completed', counts: completed[0]!.json.counts });
    expect(final.body.completed_at).toMatch(/\+00:00$/);
  });

  test('pacing: starts never closer than 1 / max_calls_per_second, never more than max_concurrent_calls open', async () => {
    const org = await orgWithWebhook();
    const rate = 8;
    const concurrent = 3;
    const recipients = Array.from({ length: 16 }, (_, i) => ({ to: `+1415555${String(2000 + i)}` }));
    const { body } = await v1(org).post('/campaigns', { name: 'paced', calling_window: ANY_TIME, max_calls_per_second: rate, max_concurrent_calls: concurrent, recipients }).expect(201);
    await rx.waitFor(() => campaignEvents(body.campaign_id, 'campaign.completed').length === 1, 60_000, 'campaign.completed');
    const calls = await callsOf(body.campaign_id);
    expect(calls).toHaveLength(16);
    const starts = calls.map((c) => new Date(c.dial_started_at).getTime());
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000 / rate - 1);
    // Open calls over time: each call is open from its creation to its end.
    const edges = calls.flatMap((c) => [
      { t: new Date(c.created_at).getTime(), d: +1 },
      { t: new Date(c.ended_at).getTime(), d: -1 },
    ]);
    edges.sort((a, b) => a.t - b.t || a.d - b.d);
    let open = 0;
    let max = 0;
    for (const e of edges) max = Math.max(max, (open += e.d));
    expect(max).toBeLessThanOrEqual(concurrent);
  });

  test('pause stops starting calls at once, resume finishes, cancel ends the rest; other organizations see nothing', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    const recipients = Array.from({ length: 6 }, (_, i) => ({ to: `+1415555${String(3000 + i)}` }));
    const { body } = await api.post('/campaigns', { name: 'slow', calling_window: ANY_TIME, max_calls_per_second: 2, max_concurrent_calls: 2, recipients }).expect(201);
    const id = body.campaign_id as string;

    const other = await orgWithWebhook();
    await v1(other).get(`/campaigns/${id}`).expect(404);
    await v1(other).post(`/campaigns/${id}/pause`).expect(404);
    await v1(other).get(`/campaigns/${id}/recipients`).expect(404);
    await v1(other).post(`/campaigns/${id}/recipients`, { recipients: [{ to: '+14155559999' }] }).expect(404);
    expect((await v1(other).get('/campaigns').expect(200)).body.data).toEqual([]);

    await eventually(async () => (await callsOf(id)).some((c) => c.dial_started_at), { what: 'a first dial' });
    const paused = await api.post(`/campaigns/${id}/pause`).expect(200);
    const pausedAt = Date.now();
    expect(paused.body.status).toBe('paused');
    await api.post(`/campaigns/${id}/pause`).expect(409);
    await rx.waitFor(() => campaignEvents(id, 'campaign.paused').length === 1, 10_000, 'campaign.paused');
    // Every call either started before the pause answered, or was withdrawn without a dial.
    await eventually(async () => (await callsOf(id)).every((c) => ['completed', 'failed', 'canceled'].includes(c.status)), { what: 'open calls to end', timeoutMs: 20_000 });
    for (const c of await callsOf(id)) {
      if (c.dial_started_at) expect(new Date(c.dial_started_at).getTime()).toBeLessThanOrEqual(pausedAt);
      else expect(c).toMatchObject({ status: 'canceled', disposition: 'canceled', carrier_call_id: null });
    }
    const whilePaused = (await api.get(`/campaigns/${id}`).expect(200)).body;
    expect(whilePaused.counts.pending).toBeGreaterThan(0);
    expect(whilePaused.counts.calling).toBe(0);

    await api.post(`/campaigns/${id}/resume`).expect(200);
    await rx.waitFor(() => campaignEvents(id, 'campaign.completed').length === 1, 60_000, 'campaign.completed after resume');
    const done = (await api.get(`/campaigns/${id}`).expect(200)).body;
    expect(done.counts).toMatchObject({ total: 6, completed: 6 });
    const dialed = (await callsOf(id)).filter((c) => c.dial_started_at);
    expect(new Set(dialed.map((c) => c.recipient_id)).size).toBe(6);
    expect(dialed).toHaveLength(6);
    await api.post(`/campaigns/${id}/resume`).expect(409);
    await api.post(`/campaigns/${id}/cancel`).expect(409);

    // Cancel: a campaign that has not started yet ends with everyone canceled and nobody called.
    const later = await api.post('/campaigns', { name: 'later', start_at: new Date(Date.now() + 3600_000).toISOString(), recipients }).expect(201);
    expect(later.body.status).toBe('scheduled');
    const canceled = await api.post(`/campaigns/${later.body.campaign_id}/cancel`).expect(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', counts: { total: 6, pending: 0, canceled: 6 } });
    expect(await callsOf(later.body.campaign_id)).toEqual([]);
    await api.post(`/campaigns/${later.body.campaign_id}/recipients`, { recipients: [{ to: '+14155559999' }] }).expect(409);
  });

  test('one 422 names every invalid field at once (campaign, recipients by index, header); a malformed date is one error', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    type Res = { body: { errors: Array<{ field: string; message: string }> } };
    const fields = (res: Res) => res.body.errors.map((e) => e.field);
    const recipients = [{ to: '+14155554100' }, { to: '12' }, { to: '+14155554102', time_zone: 'Mars/Olympus', metadata: 5 }];

    const all = await api.post('/campaigns', { name: ' ', max_concurrent_calls: 0, start_at: 'tomorrow', end_at: 'later', recipients }, { 'Idempotency-Key': 'has space' }).expect(422);
    expect(fields(all)).toEqual(['name', 'start_at', 'end_at', 'max_concurrent_calls', 'recipients.1.to', 'recipients.2.metadata', 'recipients.2.time_zone', 'Idempotency-Key']);
    expect(all.body.errors.find((e: { field: string }) => e.field === 'start_at').message).toBe('must be an RFC 3339 date-time with an offset');

    // A well-formed start_at too far ahead: its range error, once; end_at before it: named as well, with the other fields.
    const ahead = new Date(Date.now() + 91 * 86_400_000).toISOString();
    const range = await api.post('/campaigns', { name: '', start_at: ahead, end_at: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: 'x' }] }).expect(422);
    expect(range.body.errors).toEqual([
      { field: 'name', message: 'must not be empty' },
      { field: 'start_at', message: 'must be at most 90 days ahead' },
      { field: 'end_at', message: 'must be after start_at' },
      { field: 'recipients.0.to', message: expect.any(String) },
    ]);
    // Without an offset, start_at is malformed (one error) and end_at is not compared with it.
    const noOffset = await api.post('/campaigns', { name: 'n', start_at: '2030-01-01T00:00:00', end_at: '2020-01-01T00:00:00Z' }).expect(422);
    expect(fields(noOffset)).toEqual(['start_at']);

    // The list itself being wrong is one error; its items are then not examined.
    const notList = await api.post('/campaigns', { name: ' ', recipients: 'all of them' }).expect(422);
    expect(fields(notList)).toEqual(['name', 'recipients']);

    // Append: every recipient and the header in one answer, before the campaign is even looked up.
    const made = await api.post('/campaigns', { name: 'ok', start_at: new Date(Date.now() + 3600_000).toISOString() }).expect(201);
    const append = await api.post(`/campaigns/${made.body.campaign_id}/recipients`, { recipients: [{ to: '1' }, { to: '+14155554103' }, { to: '+1', time_zone: 'Nowhere' }] }, { 'Idempotency-Key': 'a b' }).expect(422);
    expect(fields(append)).toEqual(['recipients.0.to', 'recipients.2.to', 'recipients.2.time_zone', 'Idempotency-Key']);
    const unknown = await api.post('/campaigns/0190a000-0000-7000-8000-000000000000/recipients', { recipients: [{ to: '1' }] }).expect(422);
    expect(fields(unknown)).toEqual(['recipients.0.to']);
    expect((await api.get(`/campaigns/${made.body.campaign_id}`).expect(200)).body.counts.total).toBe(0);

    // Single calls and the suppression list follow the same rule.
    const call = await api.post('/calls/outbound', { to: '12', max_duration_seconds: 1, schedule_at: 'soon' }, { 'Idempotency-Key': 'a b' }).expect(422);
    expect(fields(call)).toEqual(['to', 'max_duration_seconds', 'schedule_at', 'Idempotency-Key']);
    const late = await api.post('/calls/outbound', { to: '+14155554104', schedule_at: ahead }).expect(422);
    expect(late.body.errors).toEqual([{ field: 'schedule_at', message: 'must be at most 90 days ahead' }]);
    const numbers = await api.post('/suppressions', { numbers: ['+14155554105', 'x', '12'] }).expect(422);
    expect(fields(numbers)).toEqual(['numbers.1', 'numbers.2']);
    expect((await app.db.pool.query('select (select count(*) from campaigns where org_id = $1)::int as c, (select count(*) from calls where org_id = $1)::int as k, (select count(*) from suppressions where org_id = $1)::int as s', [org.orgId])).rows[0]).toEqual({ c: 1, k: 0, s: 0 });
  });

  test('Idempotency-Key on create and append; validation by index; append', async () => {
    const org = await orgWithWebhook();
    const api = v1(org);
    const req = { name: 'idem', start_at: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: '+14155554000' }] };
    const a = await api.post('/campaigns', req, { 'Idempotency-Key': 'camp-1' }).expect(201);
    const b = await api.post('/campaigns', req, { 'Idempotency-Key': 'camp-1' }).expect(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.campaign_id).toBe(a.body.campaign_id);
    expect((await api.post('/campaigns', { ...req, name: 'other' }, { 'Idempotency-Key': 'camp-1' }).expect(409)).body.code).toBe('idempotency_conflict');
    const id = a.body.campaign_id as string;
    const more = { recipients: [{ to: '+14155554001' }, { to: '+14155554002', time_zone: 'Asia/Tokyo', metadata: { k: 1 } }] };
    const x = await api.post(`/campaigns/${id}/recipients`, more, { 'Idempotency-Key': 'append-1' }).expect(201);
    const y = await api.post(`/campaigns/${id}/recipients`, more, { 'Idempotency-Key': 'append-1' }).expect(201);
    expect(y.headers['idempotent-replayed']).toBe('true');
    expect(x.body).toMatchObject({ recipients_added: 2, counts: { total: 3, pending: 3 } });
    expect((await api.get(`/campaigns/${id}`).expect(200)).body.counts.total).toBe(3);
    const pending = await api.get(`/campaigns/${id}/recipients?status=pending&limit=2`).expect(200);
    expect(pending.body.data).toHaveLength(2);
    const rest = await api.get(`/campaigns/${id}/recipients?status=pending&limit=2&cursor=${pending.body.next_cursor}`).expect(200);
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.next_cursor).toBeNull();

    const bad = await api.post('/campaigns', { name: 'bad', recipients: [{ to: '+14155554000' }, { to: '12' }, { to: '+14155554000', time_zone: 'Mars/Olympus' }] }).expect(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['recipients.1.to', 'recipients.2.time_zone']);
    const tooMany = await api.post('/campaigns', { name: 'big', recipients: Array.from({ length: 10_001 }, () => ({ to: '+14155554000' })) }).expect(422);
    expect(tooMany.body.errors[0].field).toBe('recipients');
    await api.post('/campaigns', { name: 'w', calling_window: { days: ['mon'], start: '20:00', end: '09:00' } }).expect(422);
    expect((await app.db.pool.query('select count(*)::int as n from campaigns where org_id = $1', [org.orgId])).rows[0].n).toBe(1);
  });
});
