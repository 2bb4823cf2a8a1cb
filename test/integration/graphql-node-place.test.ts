import { bearer, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { MembersDocument, NodeDocument, NodesDocument, PlaceCallDocument } from '../graphql/generated';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const jobsFor = async (callId: string) =>
  (await app.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'callId' = $1`, [callId])).rows[0].n as number;

test('placeCall places a call like POST /v1/calls/outbound: same validation, events, idempotency; members may, and REST shows it', async () => {
  const org = await signup(app);
  const input = {
    to: '+14155550100',
    from: '+14155559999',
    task: 'Confirm the appointment',
    questions: [
      { key: 'confirmed', text: 'Will you come?', type: 'BOOLEAN' as const },
      { key: 'slot', text: 'Morning or afternoon?', type: 'ENUM' as const, options: ['morning', 'afternoon'] },
    ],
    maxDurationSeconds: 120,
    metadata: { ticket: 7 },
    idempotencyKey: 'gql-place-1',
  };
  const placed = await gql(app, PlaceCallDocument, { input }, org.token);
  expect(placed.errors).toBeUndefined();
  const call = placed.data!.placeCall;
  expect(call).toMatchObject({
    to: '+14155550100',
    from: '+14155559999',
    status: 'QUEUED',
    disposition: null,
    maxDurationSeconds: 120,
    metadata: { ticket: 7 },
    questions: [
      { key: 'confirmed', text: 'Will you come?', type: 'BOOLEAN', options: null },
      { key: 'slot', text: 'Morning or afternoon?', type: 'ENUM', options: ['morning', 'afternoon'] },
    ],
  });
  // The same call over REST, with its lower-case strings and the REST field names.
  const rest = (await app.http().get(`/v1/calls/${call.id}`).set(bearer(org.apiKey)).expect(200)).body;
  expect(rest).toMatchObject({ status: 'queued', questions: [{ key: 'confirmed', question: 'Will you come?', type: 'boolean' }, { key: 'slot', type: 'enum', options: ['morning', 'afternoon'] }] });
  // Its call.queued event and its dial job, as for REST.
  const events = (await app.db.pool.query(`select event from webhook_deliveries where call_id = $1`, [call.id])).rows.map((r) => r.event);
  expect(events).toEqual(['call.queued']);
  expect(await jobsFor(call.id)).toBe(1);

  // Idempotency: the same key and input replay the first call; another input is a conflict.
  const again = await gql(app, PlaceCallDocument, { input }, org.token);
  expect(again.data?.placeCall.id).toBe(call.id);
  expect((await app.db.pool.query(`select count(*)::int as n from calls where org_id = $1`, [org.orgId])).rows[0].n).toBe(1);
  const conflict = await gql(app, PlaceCallDocument, { input: { ...input, to: '+14155550101' } }, org.token);
  expect(conflict.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'idempotency_conflict' });

  // Validation is the service's: field errors named as in REST.
  const invalid = await gql(app, PlaceCallDocument, { input: { to: '4155550100', maxDurationSeconds: 5, questions: [{ key: 'x', text: 'Pick', type: 'ENUM' }] } }, org.token);
  expect(invalid.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(invalid.errors?.[0]?.extensions?.reason).toBe('validation_error');
  expect(invalid.errors?.[0]?.extensions?.errors?.map((e) => e.field).sort()).toEqual(['max_duration_seconds', 'questions.0.options', 'to']);
  // A question type outside the enum never reaches the service.
  const badEnum = await gql(app, PlaceCallDocument, { input: { to: '+14155550100', questions: [{ key: 'x', text: 'Pick', type: 'COLOR' as never }] } }, org.token);
  expect(badEnum.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

  // A member may place calls; without a token nobody may.
  const email = uniqueEmail('placer');
  const password = 'placer password';
  await app.http().post('/dashboard/members').set(bearer(org.token)).send({ email, password, role: 'member' }).expect(201);
  const memberToken = (await app.http().post('/auth/login').send({ email, password }).expect(200)).body.access_token as string;
  recordSecret(password, memberToken);
  const byMember = await gql(app, PlaceCallDocument, { input: { to: '+14155550102' } }, memberToken);
  expect(byMember.data?.placeCall.status).toBe('QUEUED');
  const anonymous = await gql(app, PlaceCallDocument, { input: { to: '+14155550102' } });
  expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });

  const members = await gql(app, MembersDocument, { first: 1 }, org.token);
  expect(members.data?.members).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
});

test('node(id:) and nodes(ids:) fetch any Call, ApiKey, User or WebhookDelivery of the organization; foreign or unknown ids are null', async () => {
  const a = await signup(app);
  const b = await signup(app);
  const call = (await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550100' }).expect(201)).body;
  const delivery = (await app.db.pool.query(`select id from webhook_deliveries where call_id = $1`, [call.call_id])).rows[0].id as string;
  const foreignCall = (await app.http().post('/v1/calls/outbound').set(bearer(b.apiKey)).send({ to: '+14155550100' }).expect(201)).body;

  const n = async (id: string, token = a.token) => (await gql(app, NodeDocument, { id }, token)).data?.node;
  expect(await n(call.call_id)).toMatchObject({ __typename: 'Call', id: call.call_id, status: 'QUEUED', to: '+14155550100' });
  expect(await n(a.apiKeyId)).toMatchObject({ __typename: 'ApiKey', id: a.apiKeyId, keyStatus: 'ACTIVE' });
  expect(await n(a.userId)).toMatchObject({ __typename: 'User', id: a.userId, email: a.email, role: 'OWNER' });
  expect(await n(delivery)).toMatchObject({ __typename: 'WebhookDelivery', id: delivery, event: 'CALL_QUEUED', callId: call.call_id });
  // Another organization's objects do not exist for this token.
  for (const id of [foreignCall.call_id, b.apiKeyId, b.userId]) expect(await n(id)).toBeNull();
  expect(await n(call.call_id, b.token)).toBeNull();
  expect(await n('not-a-uuid')).toBeNull();

  const many = await gql(app, NodesDocument, { ids: [a.userId, foreignCall.call_id, call.call_id.toUpperCase(), 'nope'] }, a.token);
  expect(many.data?.nodes).toEqual([{ __typename: 'User', id: a.userId }, null, { __typename: 'Call', id: call.call_id }, null]);
  const tooMany = await gql(app, NodesDocument, { ids: Array.from({ length: 101 }, () => a.userId) }, a.token);
  expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_error' });
  expect((await gql(app, NodeDocument, { id: a.userId })).errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
});
