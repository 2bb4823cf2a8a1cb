import { isDeepStrictEqual } from 'node:util';
import {
  AddCampaignRecipientsDocument,
  AddSuppressionsDocument,
  AnalyticsDocument,
  CampaignAnswersDocument,
  CampaignProgressDocument,
  CampaignRecipientAnswersDocument,
  CampaignUpdatedDocument,
  CampaignsDocument,
  CreateCampaignDocument,
  ImportSuppressionsDocument,
  PauseCampaignDocument,
  PreviewCampaignRecipientsDocument,
  ResumeCampaignDocument,
  SearchSuppressionsDocument,
  type CampaignRecipientAnswersQuery,
} from '../graphql/generated';
import { recountAnalytics } from '../helpers/analytics-recount';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { connectWs, subscribe } from '../helpers/graphql-ws';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

// What the dashboard's campaign, do-not-call and analytics screens read, through the real stack:
// the worker dials campaign calls on the simulator, whose last four digits choose each outcome.
const MAX_SUBSCRIPTIONS = 3;
let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({ SIMULATOR_SPEEDUP: '3000', GRAPHQL_WS_MAX_SUBSCRIPTIONS: String(MAX_SUBSCRIPTIONS) }, { worker: true });
  await app.startWorker();
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

const ANY_TIME = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '24:00' };
const today = () => new Date().toISOString().slice(0, 10);
const subscribers = () => app.services.liveUpdates.subscriberCount;

async function orgWithWebhook(): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  return org;
}

type Recipient = CampaignRecipientAnswersQuery['campaignRecipients']['nodes'][number];
async function allRecipients(org: TestOrg, id: string): Promise<Recipient[]> {
  const out: Recipient[] = [];
  let after: string | null = null;
  do {
    const page: CampaignRecipientAnswersQuery = (await gql(app, CampaignRecipientAnswersDocument, { id, first: 2, after }, org.token)).data!;
    out.push(...page.campaignRecipients.nodes);
    after = page.campaignRecipients.endCursor ?? null;
  } while (after);
  return out;
}

describe('recipients previewed before a campaign exists', () => {
  test('each row is checked on its own: errors by index, canonical number, zones and their source, first call time, suppressed and repeated numbers; nothing is created', async () => {
    const org = await signup(app);
    await gql(app, AddSuppressionsDocument, { numbers: ['+14155550999'] }, org.token);
    // Monday 2026-11-30 at 08:00 UTC: a weekday window of 09:00-17:00 opens at 09:00 in London,
    // at 14:00 UTC in New York (09:00 EST), and at once in Tokyo (17:00 local is past: next day).
    const startAt = '2026-11-30T08:00:00Z';
    const window = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' };
    const res = await gql(
      app,
      PreviewCampaignRecipientsDocument,
      {
        input: {
          startAt,
          timeZone: 'Europe/Paris',
          callingWindow: window,
          recipients: [
            { to: '+4402071234567' },
            { to: 'not a number' },
            { to: '+12125550123' },
            { to: '+14155550999' },
            { to: '+442071234567' },
            { to: '+14155550123', timeZone: 'Asia/Tokyo' },
            { to: '+12125550124', timeZone: 'Mars/Olympus' },
          ],
        },
      },
      org.token,
    );
    expect(res.errors).toBeUndefined();
    const p = res.data!.previewCampaignRecipients;
    expect(p).toMatchObject({ total: 7, valid: 5, invalid: 2, suppressed: 1, duplicates: 1 });
    const [london, bad, newYork, listed, again, tokyo, mars] = p.rows;
    expect(london).toMatchObject({ index: 0, to: '+442071234567', errors: [], timeZones: ['Europe/London'], timeZoneSource: 'NUMBER'.toLowerCase(), suppressed: false, duplicate: false });
    expect(new Date(london!.firstCallAt!).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(bad).toMatchObject({ index: 1, to: null, timeZones: [], firstCallAt: null });
    expect(bad!.errors.map((e) => e.field)).toEqual(['recipients.1.to']);
    expect(newYork).toMatchObject({ to: '+12125550123', timeZones: ['America/New_York'], timeZoneSource: 'number' });
    expect(new Date(newYork!.firstCallAt!).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(listed).toMatchObject({ to: '+14155550999', suppressed: true, firstCallAt: null });
    expect(again).toMatchObject({ to: '+442071234567', duplicate: true });
    expect(tokyo).toMatchObject({ timeZones: ['Asia/Tokyo'], timeZoneSource: 'given' });
    expect(new Date(tokyo!.firstCallAt!).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(mars!.errors.map((e) => e.field)).toEqual(['recipients.6.time_zone']);

    // A bad window is refused as a whole, in words.
    const refused = await gql(app, PreviewCampaignRecipientsDocument, { input: { callingWindow: { days: ['mon'], start: '18:00', end: '09:00' }, recipients: [{ to: '+12125550123' }] } }, org.token);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'validation_error' });
    // Nothing was created.
    expect((await gql(app, CampaignsDocument, {}, org.token)).data?.campaigns.nodes).toEqual([]);
    const rows = await app.db.pool.query('select count(*)::int as n from campaign_recipients where org_id = $1', [org.orgId]);
    expect(rows.rows[0].n).toBe(0);
  });
});

describe('a running campaign as the dashboard sees it', () => {
  test('progress (reached, opted out, retrying, failed, suppressed) moves live over campaignUpdated; recipients carry answers; answer distributions match them; analytics count the calls', async () => {
    const org = await orgWithWebhook();
    await gql(app, AddSuppressionsDocument, { numbers: ['+14155550911'] }, org.token);
    const conn = connectWs(app, { authorization: `Bearer ${org.token}` });
    await conn.acked;
    const before = subscribers();
    const all = subscribe(conn, CampaignUpdatedDocument, {});
    await eventually(async () => subscribers() === before + 1, { what: 'the organization-wide subscription to be registered' });
    const created = await gql(
      app,
      CreateCampaignDocument,
      {
        input: {
          name: 'live progress',
          timeZone: 'UTC',
          callingWindow: ANY_TIME,
          maxConcurrentCalls: 5,
          maxCallsPerSecond: 50,
          // The busy number is tried again only after an hour: it stays "retrying", and the campaign running.
          retry: { busyAfterSeconds: 3600, maxAttempts: 2 },
          questions: [
            { key: 'coming', question: 'Will you come?', type: 'boolean' },
            { key: 'rating', question: 'From 1 to 10?', type: 'number' },
            { key: 'slot', question: 'Morning or afternoon?', type: 'enum', options: ['morning', 'afternoon'] },
          ],
          recipients: [{ to: '+14155550101' }, { to: '+14155550102' }, { to: '+14155550103' }, { to: '+14155550006' }, { to: '+14155550001' }, { to: '+14155550003' }, { to: '+14155550911' }],
        },
      },
      org.token,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCampaign.id;
    type P = { total: number; reached: number; optedOut: number; retrying: number; failed: number; suppressed: number; calling: number; pending: number; canceled: number };
    // Every recipient settled: reached, 1 opted out, 1 busy waiting for its retry, 1 invalid, 1 suppressed.
    const settled = (reached: number) => (p: P) => p.reached === reached && p.optedOut === 1 && p.retrying === 1 && p.failed === 1 && p.suppressed === 1 && p.calling === 0 && p.pending === 0;
    const events = (await all.until((ev) => ev.some((e) => e.campaignUpdated.id === id && settled(3)(e.campaignUpdated.progress)), 'the campaign to settle, live')).filter((e) => e.campaignUpdated.id === id);
    // Progress moved through calls in flight before settling, and its parts always add up.
    expect(events.some((e) => e.campaignUpdated.progress.calling > 0)).toBe(true);
    const addsUp = (p: P) => p.reached + p.optedOut + p.pending + p.retrying + p.calling + p.failed + p.suppressed + p.canceled === p.total;
    expect(events.every((e) => addsUp(e.campaignUpdated.progress))).toBe(true);

    // Following this campaign alone: a recipient added later is called, and heard of.
    const mine = subscribe(conn, CampaignUpdatedDocument, { id });
    await eventually(async () => subscribers() === before + 2, { what: "the campaign's own subscription to be registered" });
    await gql(app, AddCampaignRecipientsDocument, { id, recipients: [{ to: '+14155550104' }] }, org.token);
    const own = await mine.until((ev) => ev.some((e) => e.campaignUpdated.progress.total === 8 && settled(4)(e.campaignUpdated.progress)), 'the added recipient to be reached');
    expect(own.every((e) => e.campaignUpdated.id === id && addsUp(e.campaignUpdated.progress))).toBe(true);

    const q = await gql(app, CampaignProgressDocument, { id }, org.token);
    expect(q.data?.campaign.progress).toEqual({ total: 8, reached: 4, optedOut: 1, pending: 0, retrying: 1, calling: 0, failed: 1, suppressed: 1, canceled: 0 });
    expect(q.data?.campaign.counts).toMatchObject({ total: 8, pending: 1, completed: 5, failed: 1, suppressed: 1 });

    // Recipients, page by page: answers of the answered ones (after analysis), the opt-out flagged.
    const recipients = await eventually(async () => {
      const r = await allRecipients(org, id);
      return r.filter((x) => x.answers).length === 5 ? r : undefined;
    }, { what: 'the five answered calls to be analyzed' });
    expect(recipients).toHaveLength(8);
    const byNumber = new Map(recipients.map((r) => [r.to, r]));
    expect(byNumber.get('+14155550006')).toMatchObject({ optedOut: true, status: 'completed' });
    expect(byNumber.get('+14155550001')).toMatchObject({ status: 'pending', attempts: 1, lastDisposition: 'busy', answers: null, optedOut: false });
    expect(byNumber.get('+14155550001')!.nextAttemptAt).not.toBeNull();
    expect(byNumber.get('+14155550911')).toMatchObject({ status: 'suppressed', attempts: 0, answers: null });

    // The distributions are the recipients' answers counted.
    const answers = (await gql(app, CampaignAnswersDocument, { id }, org.token)).data!.campaignAnswers;
    expect(answers.map((a) => [a.key, a.type, a.truncated])).toEqual([
      ['coming', 'boolean', false],
      ['rating', 'number', false],
      ['slot', 'enum', false],
    ]);
    expect(answers[2]!.options).toEqual(['morning', 'afternoon']);
    for (const a of answers) {
      // The four who simply answered did answer every question (the one who opted out may not have).
      expect(a.answered).toBe(recipients.filter((r) => r.answers?.[a.key] != null).length);
      expect(a.answered).toBeGreaterThanOrEqual(4);
      const expected = new Map<string, number>();
      for (const r of recipients) if (r.answers && r.answers[a.key] != null) expected.set(JSON.stringify(r.answers[a.key]), (expected.get(JSON.stringify(r.answers[a.key])) ?? 0) + 1);
      expect(new Map(a.values.map((v) => [JSON.stringify(v.value), v.count]))).toEqual(expected);
    }

    // The callee who opted out is on the do-not-call list, marked as such.
    const listed = (await gql(app, SearchSuppressionsDocument, { search: '5550006' }, org.token)).data!.suppressions.nodes;
    expect(listed).toEqual([expect.objectContaining({ number: '+14155550006', source: 'opt_out' })]);

    // Analytics of today, for this campaign: 7 calls ended (the suppressed number is never called).
    const day = today();
    const stats = await eventually(async () => {
      const r = (await gql(app, AnalyticsDocument, { from: day, to: day, campaignId: id }, org.token)).data?.analytics;
      return r && r.deliveries[0]!.attempts > 0 ? r : undefined;
    }, { what: 'webhook attempts of the campaign' });
    expect(stats.calls).toHaveLength(1);
    const d = stats.calls[0]!;
    expect(d.calls).toBe(7);
    expect(new Map(d.outcomes.map((o) => [o.outcome, o.count]))).toEqual(new Map([['human', 5], ['busy', 1], ['invalid_number', 1]]));
    expect(d).toMatchObject({ answered: 5, answerRate: Number((5 / 7).toFixed(4)) });
    expect(d.averageDurationSeconds).toBeGreaterThan(0);
    expect(stats.deliveries[0]!.successRate).toBe(1);
    // What the lifecycle and the worker kept in the roll-ups is what a recount of the rows gives
    // (read again while the worker may still record attempts: until both reads agree).
    for (const scope of [id, null]) {
      await eventually(async () => {
        const got = (await gql(app, AnalyticsDocument, { from: day, to: day, campaignId: scope }, org.token)).data!.analytics;
        const want = await recountAnalytics(app.db.pool, org.orgId, scope, day, day);
        return isDeepStrictEqual({ calls: got.calls, deliveries: got.deliveries }, want) ? true : undefined;
      }, { what: `analytics equal to a recount (${scope ? 'campaign' : 'organization'})` });
    }

    // Another organization can neither follow nor read it.
    const other = await signup(app);
    const otherConn = connectWs(app, { authorization: `Bearer ${other.token}` });
    const peek = subscribe(otherConn, CampaignUpdatedDocument, { id });
    await peek.ended;
    expect(peek.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ reason: 'not_found' }) })]);
    expect((await gql(app, CampaignAnswersDocument, { id }, other.token)).errors?.[0]?.extensions?.reason).toBe('not_found');
    expect((await gql(app, AnalyticsDocument, { from: day, to: day, campaignId: id }, other.token)).errors?.[0]?.extensions?.reason).toBe('not_found');
    const otherStats = (await gql(app, AnalyticsDocument, { from: day, to: day }, other.token)).data!.analytics;
    expect(otherStats.calls[0]).toMatchObject({ calls: 0, outcomes: [], answerRate: null });
    await otherConn.client.dispose();
    await conn.client.dispose();
  });

  test('pause and resume reach subscribers at once; an operation past the per-socket cap is refused and the socket stays', async () => {
    const org = await signup(app);
    const later = new Date(Date.now() + 3600_000).toISOString();
    const id = (await gql(app, CreateCampaignDocument, { input: { name: 'paused', startAt: later, recipients: [{ to: '+14155550121' }] } }, org.token)).data!.createCampaign.id;
    const conn = connectWs(app, { authorization: `Bearer ${org.token}` });
    await conn.acked;
    const before = subscribers();
    const subs = Array.from({ length: MAX_SUBSCRIPTIONS }, () => subscribe(conn, CampaignUpdatedDocument, { id }));
    await eventually(async () => subscribers() === before + MAX_SUBSCRIPTIONS, { what: 'the subscriptions to be registered' });
    const extra = subscribe(conn, CampaignUpdatedDocument, { id });
    await extra.ended;
    expect(extra.errors).toEqual([expect.objectContaining({ extensions: { code: 'RATE_LIMITED', reason: 'rate_limited' } })]);
    await gql(app, PauseCampaignDocument, { id }, org.token);
    for (const s of subs) await s.until((ev) => ev.at(-1)?.campaignUpdated.status === 'paused', 'the pause on every subscription');
    await gql(app, ResumeCampaignDocument, { id }, org.token);
    for (const s of subs) await s.until((ev) => ev.at(-1)?.campaignUpdated.status === 'scheduled', 'the resume on every subscription');
    await gql(app, PauseCampaignDocument, { id }, org.token);
    await subs[0]!.until((ev) => ev.at(-1)?.campaignUpdated.status === 'paused', 'the second pause');
    // Recipients added through GraphQL move the progress too.
    const added = await gql(app, AddCampaignRecipientsDocument, { id, recipients: [{ to: '+14155550122' }], idempotencyKey: 'more-1' }, org.token);
    expect(added.data?.addCampaignRecipients.counts).toEqual({ total: 2, pending: 2 });
    await subs[0]!.until((ev) => ev.at(-1)?.campaignUpdated.progress.total === 2, 'the new recipient');
    await conn.client.dispose();
  });
});

describe('the do-not-call list as the dashboard manages it', () => {
  test('search by digits, entries imported from a file marked as such, an imported number refused for a call', async () => {
    const org = await signup(app);
    await gql(app, AddSuppressionsDocument, { numbers: ['+14155550131'] }, org.token);
    const imported = await gql(app, ImportSuppressionsDocument, { numbers: ['+14155550132', '+442071234500', '+14155550131'] }, org.token);
    expect(imported.data?.importSuppressions).toEqual({ added: 2, numbers: 3 });
    const bySource = async (search?: string) =>
      Object.fromEntries((await gql(app, SearchSuppressionsDocument, { search: search ?? null }, org.token)).data!.suppressions.nodes.map((n) => [n.number, n.source]));
    expect(await bySource()).toEqual({ '+14155550131': 'dashboard', '+14155550132': 'import', '+442071234500': 'import' });
    expect(await bySource('555 013')).toEqual({ '+14155550131': 'dashboard', '+14155550132': 'import' });
    expect(await bySource('+44')).toEqual({ '+442071234500': 'import' });
    expect(await bySource('999')).toEqual({});
    const bad = await gql(app, SearchSuppressionsDocument, { search: 'abc' }, org.token);
    expect(bad.errors?.[0]?.extensions?.errors).toEqual([{ field: 'search', message: 'must be digits' }]);
    // REST shows the same sources and searches the same way.
    const rest = await app.http().get('/v1/suppressions?search=44').set(bearer(org.apiKey)).expect(200);
    expect(rest.body.data).toEqual([expect.objectContaining({ number: '+442071234500', source: 'import' })]);
    // An imported number is never called.
    const refused = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550132' }).expect(422);
    expect(refused.body.code).toBe('number_suppressed');
  });

  test('analytics refuse a range that is backwards or longer than a year, in words', async () => {
    const org = await signup(app);
    const back = await gql(app, AnalyticsDocument, { from: '2026-02-01', to: '2026-01-01' }, org.token);
    expect(back.errors?.[0]?.extensions?.errors).toEqual([{ field: 'to', message: 'must not be before from' }]);
    const long = await gql(app, AnalyticsDocument, { from: '2025-01-01', to: '2026-06-01' }, org.token);
    expect(long.errors?.[0]?.extensions?.errors).toEqual([{ field: 'to', message: 'must be at most 366 days after from' }]);
    const week = (await gql(app, AnalyticsDocument, { from: '2026-01-01', to: '2026-01-07' }, org.token)).data!.analytics;
    expect(week.calls.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07']);
    expect(week.deliveries.every((d) => d.attempts === 0 && d.successRate === null)).toBe(true);
  });
  test('analytics of a day are kept for its roll-up\'s version; a day whose calls change is computed again; latency percentiles over the calls measured', async () => {
    const org = await signup(app);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const insertCall = (endedAt: string, disposition: string, duration: number, latency: object | null) =>
      app.db.pool.query(
        `insert into calls (id, org_id, to_number, status, disposition, duration_seconds, max_duration_seconds, created_at, ended_at, latency)
         values (gen_random_uuid(), $1, '+14155550100', $2, $3, $4, 600, $5, $5, $6)`,
        [org.orgId, disposition === 'human' || disposition === 'voicemail' ? 'completed' : 'failed', disposition, duration, endedAt, latency && JSON.stringify(latency)],
      );
    const past = day(3);
    await insertCall(`${past}T10:00:00Z`, 'human', 30, { p50_ms: 400, p95_ms: 900, turns: 3 });
    await insertCall(`${past}T11:00:00Z`, 'human', 50, { p50_ms: 600, p95_ms: 1100, turns: 4 });
    await insertCall(`${past}T12:00:00Z`, 'human', 40, { p50_ms: 500, p95_ms: 1000, turns: 2 });
    await insertCall(`${past}T13:00:00Z`, 'busy', 0, null);
    const now = new Date().toISOString();
    await insertCall(now, 'no_answer', 0, null);

    const read = async () => (await gql(app, AnalyticsDocument, { from: day(3), to: day(0) }, org.token)).data!.analytics;
    const first = await read();
    expect(first.calls.map((d) => d.calls)).toEqual([4, 0, 0, 1]);
    expect(first.calls[0]).toMatchObject({
      day: past,
      outcomes: [{ outcome: 'human', count: 3 }, { outcome: 'busy', count: 1 }],
      answered: 3,
      answerRate: 0.75,
      averageDurationSeconds: 40,
      latencyP50Ms: 500,
      latencyP95Ms: 1090,
      latencyCalls: 3,
    });
    // The days that had calls were kept (with their roll-up's version); the empty ones need nothing kept.
    const kept = await app.db.pool.query(`select to_char(day, 'YYYY-MM-DD') as day from analytics_days where org_id = $1 order by day`, [org.orgId]);
    expect(kept.rows.map((r) => r.day)).toEqual([day(3), day(0)]);

    // A call ending now counts at once; the days that did not change are read as kept.
    await insertCall(new Date().toISOString(), 'human', 20, null);
    const second = await read();
    expect(second.calls[3]).toMatchObject({ calls: 2, answered: 1 });
    expect(second.calls.slice(0, 3)).toEqual(first.calls.slice(0, 3));
    // Another organization's kept days are its own.
    const other = await signup(app);
    expect((await gql(app, AnalyticsDocument, { from: day(3), to: day(0) }, other.token)).data!.analytics.calls.map((d) => d.calls)).toEqual([0, 0, 0, 0]);
  });
});
