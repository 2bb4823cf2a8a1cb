import { Voicegate, VoicegateError } from '@voicegate/sdk';
import { CreateCampaignDocument } from '../graphql/generated';
import { bearer, signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { recordingFetch } from '../helpers/recording-fetch';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The campaign ceilings (docs/campaigns.md, "Limits"), made small through the config: at most 5
 * recipients per campaign and 8 pending per organization. No worker: nothing is dialed, so
 * pending recipients stay pending while a test counts them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_RECIPIENTS_PER_CAMPAIGN: '5', MAX_PENDING_RECIPIENTS_PER_ORG: '8' });
});
afterAll(() => app.close());

const later = () => new Date(Date.now() + 86_400_000).toISOString();
let seq = 0;
/** `n` distinct numbers, never reused across the file. */
const numbers = (n: number) => Array.from({ length: n }, () => ({ to: `+1415555${String(1000 + seq++).padStart(4, '0')}` }));
const api = (org: TestOrg) => ({
  create: (count: number) => app.http().post('/v1/campaigns').set(bearer(org.apiKey)).send({ name: 'ceiling', start_at: later(), recipients: numbers(count) }),
  append: (id: string, recipients: Array<{ to: string }>) => app.http().post(`/v1/campaigns/${id}/recipients`).set(bearer(org.apiKey)).send({ recipients }),
});
const counts = async (orgId: string) =>
  (
    await app.db.pool.query<{ campaigns: number; recipients: number; pending: number }>(
      `select (select count(*)::int from campaigns where org_id = $1) as campaigns,
              (select count(*)::int from campaign_recipients where org_id = $1) as recipients,
              (select count(*)::int from campaign_recipients where org_id = $1 and status = 'pending') as pending`,
      [orgId],
    )
  ).rows[0]!;

test('recipients per campaign: create and append past the ceiling are refused 422 campaign_too_large, and nothing is stored', async () => {
  const org = await signup(app);
  const tooBig = await api(org).create(6);
  expect([tooBig.status, tooBig.body.code]).toEqual([422, 'campaign_too_large']);
  expect(tooBig.headers['content-type']).toContain('application/problem+json');
  expect(tooBig.body.detail).toContain('at most 5 recipients');
  expect(await counts(org.orgId)).toEqual({ campaigns: 0, recipients: 0, pending: 0 });

  const created = await api(org).create(3);
  expect(created.status).toBe(201);
  const id = created.body.campaign_id as string;
  const over = await api(org).append(id, numbers(3));
  expect([over.status, over.body.code]).toEqual([422, 'campaign_too_large']);
  expect(over.body.detail).toContain('it has 3');
  expect(await counts(org.orgId)).toMatchObject({ recipients: 3 });
  // Suppressed recipients are stored too, so they count.
  const [blocked] = numbers(1);
  await app.http().post('/v1/suppressions').set(bearer(org.apiKey)).send({ numbers: [blocked!.to] }).expect(201);
  await api(org).append(id, [blocked!]).expect(201);
  await api(org).append(id, numbers(1)).expect(201);
  expect((await api(org).append(id, numbers(1))).body.code).toBe('campaign_too_large');
  expect(await counts(org.orgId)).toEqual({ campaigns: 1, recipients: 5, pending: 4 });
});

test('pending recipients per organization: past the ceiling 429 too_many_pending_recipients with Retry-After; suppressed and ended ones do not count; other organizations are unaffected', async () => {
  const org = await signup(app);
  const first = await api(org).create(5).expect(201);
  const refused = await api(org).create(4);
  expect([refused.status, refused.body.code]).toEqual([429, 'too_many_pending_recipients']);
  expect(refused.headers['retry-after']).toBe('60');
  expect(refused.headers['ratelimit-policy']).toBe('"pending_recipients";q=8');
  expect(refused.headers.ratelimit).toBe('"pending_recipients";r=3;t=60');
  expect(await counts(org.orgId)).toEqual({ campaigns: 1, recipients: 5, pending: 5 });

  const fillUp = { name: 'fill up', start_at: later(), recipients: numbers(3) };
  const createKeyed = () => app.http().post('/v1/campaigns').set(bearer(org.apiKey)).set('Idempotency-Key', 'fill-up').send(fillUp);
  const second = await createKeyed().expect(201);
  const id = second.body.campaign_id as string;
  expect((await api(org).append(id, numbers(1))).body.code).toBe('too_many_pending_recipients');
  // A suppressed number adds no pending recipient.
  const [blocked] = numbers(1);
  await app.http().post('/v1/suppressions').set(bearer(org.apiKey)).send({ numbers: [blocked!.to] }).expect(201);
  expect((await api(org).append(id, [blocked!]).expect(201)).body.counts).toMatchObject({ suppressed: 1, pending: 3 });
  // An accepted request's replay is its stored answer, not a new insert.
  const replay = await createKeyed();
  expect([replay.status, replay.headers['idempotent-replayed'], replay.body.campaign_id]).toEqual([201, 'true', id]);

  // Another organization has its own ceiling.
  const other = await signup(app);
  await api(other).create(5).expect(201);

  // Canceling a campaign frees its pending recipients.
  await app.http().post(`/v1/campaigns/${first.body.campaign_id}/cancel`).set(bearer(org.apiKey)).expect(200);
  await api(org).create(5).expect(201);
  expect(await counts(org.orgId)).toMatchObject({ pending: 8 });
});

test('concurrent creates and appends cannot overshoot either ceiling', async () => {
  const org = await signup(app);
  // Four creates of 3 at once: 3 + 3 fit under 8, a third would not.
  const creates = await Promise.all([1, 2, 3, 4].map(() => api(org).create(3)));
  expect(creates.map((r) => r.status).sort()).toEqual([201, 201, 429, 429]);
  expect(await counts(org.orgId)).toEqual({ campaigns: 2, recipients: 6, pending: 6 });

  // Three appends of 2 at once to a campaign of 3 (ceiling 5; 2 pending places left): one fits.
  const id = creates.find((r) => r.status === 201)!.body.campaign_id as string;
  const appends = await Promise.all([1, 2, 3].map(() => api(org).append(id, numbers(2))));
  expect(appends.map((r) => r.body.code ?? r.status).sort()).toEqual([201, 'campaign_too_large', 'campaign_too_large']);
  expect(await counts(org.orgId)).toEqual({ campaigns: 2, recipients: 8, pending: 8 });
});

test('GraphQL createCampaign is refused with the same reasons', async () => {
  const org = await signup(app);
  const input = (n: number) => ({ name: 'gql ceiling', startAt: later(), recipients: numbers(n) });
  const tooBig = await gql(app, CreateCampaignDocument, { input: input(6) }, org.token);
  expect(tooBig.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'campaign_too_large' });
  expect((await gql(app, CreateCampaignDocument, { input: input(5) }, org.token)).errors).toBeUndefined();
  const tooMany = await gql(app, CreateCampaignDocument, { input: input(4) }, org.token);
  expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', reason: 'too_many_pending_recipients' });
  expect(await counts(org.orgId)).toEqual({ campaigns: 1, recipients: 5, pending: 5 });
});

test('the SDK throws the typed refusals at once: too_many_pending_recipients is not retried', async () => {
  const org = await signup(app);
  const rec = recordingFetch();
  const vg = new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, fetch: rec.fetch });
  const tooBig = await vg.campaigns.create({ name: 'sdk', start_at: later(), recipients: numbers(6) }).catch((e: unknown) => e);
  expect(tooBig).toBeInstanceOf(VoicegateError);
  expect([(tooBig as VoicegateError).status, (tooBig as VoicegateError).code]).toEqual([422, 'campaign_too_large']);

  await vg.campaigns.create({ name: 'sdk', start_at: later(), recipients: numbers(5) });
  const before = rec.exchanges.length;
  const tooMany = await vg.campaigns.create({ name: 'sdk', start_at: later(), recipients: numbers(4) }).catch((e: unknown) => e);
  expect(tooMany).toBeInstanceOf(VoicegateError);
  const e = tooMany as VoicegateError;
  expect([e.status, e.code, e.retryAfterSeconds]).toEqual([429, 'too_many_pending_recipients', 60]);
  expect(rec.exchanges.length - before).toBe(1);
});
