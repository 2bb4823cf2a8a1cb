import { bearer, signup } from '../helpers/factories';
import {
  AddSuppressionsDocument,
  CampaignDocument,
  CampaignRecipientsDocument,
  CampaignsDocument,
  CancelCampaignDocument,
  CreateCampaignDocument,
  PauseCampaignDocument,
  RemoveSuppressionDocument,
  ResumeCampaignDocument,
  SuppressionsDocument,
} from '../graphql/generated';
import { gql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';

// No worker: these are the dashboard's reads and state changes, not the dialing.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('the dashboard manages campaigns and the suppression list over GraphQL, scoped to its organization', async () => {
  const org = await signup(app);
  const added = await gql(app, AddSuppressionsDocument, { numbers: ['+14155550901', '+14155550902'] }, org.token);
  expect(added.data?.addSuppressions).toEqual({ added: 2, numbers: 2 });
  const later = new Date(Date.now() + 3600_000).toISOString();
  const created = await gql(
    app,
    CreateCampaignDocument,
    {
      input: {
        name: 'dashboard',
        startAt: later,
        timeZone: 'Europe/Berlin',
        callingWindow: { days: ['mon', 'tue'], start: '10:00', end: '12:00' },
        retry: { busyAfterSeconds: 120, maxAttempts: 4 },
        recipients: [{ to: '+14155550901' }, { to: '+14155550903', timeZone: 'Asia/Tokyo', metadata: { a: 1 } }],
        idempotencyKey: 'gql-1',
      },
    },
    org.token,
  );
  expect(created.errors).toBeUndefined();
  const c = created.data!.createCampaign;
  expect(c).toMatchObject({ name: 'dashboard', status: 'scheduled', timeZone: 'Europe/Berlin', maxConcurrentCalls: 5, maxCallsPerSecond: 1, counts: { total: 2, pending: 1, suppressed: 1 } });
  expect(c.retry).toMatchObject({ busy: { after_seconds: 120 }, no_answer: { after_seconds: 3600 }, max_attempts: 4 });
  // The same key replays; REST sees the same campaign.
  const again = await gql(app, CreateCampaignDocument, { input: { name: 'dashboard', startAt: later, timeZone: 'Europe/Berlin', callingWindow: { days: ['mon', 'tue'], start: '10:00', end: '12:00' }, retry: { busyAfterSeconds: 120, maxAttempts: 4 }, recipients: [{ to: '+14155550901' }, { to: '+14155550903', timeZone: 'Asia/Tokyo', metadata: { a: 1 } }], idempotencyKey: 'gql-1' } }, org.token);
  expect(again.data?.createCampaign.id).toBe(c.id);
  await app.http().get(`/v1/campaigns/${c.id}`).set(bearer(org.apiKey)).expect(200);

  expect((await gql(app, CampaignsDocument, {}, org.token)).data?.campaigns.nodes.map((n) => n.id)).toEqual([c.id]);
  const recips = await gql(app, CampaignRecipientsDocument, { id: c.id, status: 'pending' }, org.token);
  expect(recips.data?.campaignRecipients.nodes).toEqual([expect.objectContaining({ to: '+14155550903', timeZone: 'Asia/Tokyo', timeZoneSource: 'given', attempts: 0 })]);
  expect((await gql(app, PauseCampaignDocument, { id: c.id }, org.token)).data?.pauseCampaign.status).toBe('paused');
  expect((await gql(app, ResumeCampaignDocument, { id: c.id }, org.token)).data?.resumeCampaign.status).toBe('scheduled');
  expect((await gql(app, CancelCampaignDocument, { id: c.id }, org.token)).data?.cancelCampaign).toMatchObject({ status: 'canceled', counts: { canceled: 1 } });
  const again409 = await gql(app, CancelCampaignDocument, { id: c.id }, org.token);
  expect(again409.errors?.[0]?.extensions?.reason).toBe('invalid_state');

  const bad = await gql(app, CreateCampaignDocument, { input: { name: 'x', recipients: [{ to: 'nope' }] } }, org.token);
  expect(bad.errors?.[0]?.extensions).toMatchObject({ reason: 'validation_error' });

  // Another organization sees none of it.
  const other = await signup(app);
  expect((await gql(app, CampaignDocument, { id: c.id }, other.token)).errors?.[0]?.extensions?.reason).toBe('not_found');
  expect((await gql(app, CampaignsDocument, {}, other.token)).data?.campaigns.nodes).toEqual([]);
  expect((await gql(app, SuppressionsDocument, {}, other.token)).data?.suppressions.nodes).toEqual([]);

  const list = await gql(app, SuppressionsDocument, { first: 1 }, org.token);
  expect(list.data?.suppressions.nodes).toHaveLength(1);
  expect(list.data?.suppressions.hasNextPage).toBe(true);
  expect(list.data?.suppressions.nodes[0]!.source).toBe('dashboard');
  expect((await gql(app, RemoveSuppressionDocument, { number: '+14155550901' }, org.token)).data?.removeSuppression).toBe(true);
  expect((await gql(app, RemoveSuppressionDocument, { number: '+14155550901' }, org.token)).errors?.[0]?.extensions?.reason).toBe('not_found');
});
