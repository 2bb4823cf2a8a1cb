import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { logLines, startTestApp, type TestApp } from '../helpers/test-app';
import { CallDocument, CallsDocument, CancelCallDocument } from '../graphql/generated';
import { addJobs, job } from '../../src/queue';
import { Sweeper } from '../../src/worker/sweeper';
import { simulatedTimeline } from '../../src/carriers/simulator/simulator-carrier';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const place = (org: TestOrg, body: object, headers: Record<string, string> = {}) =>
  app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set(headers).send(body);

describe('POST /v1/calls/outbound', () => {
  test('201 with Location and the call object; the row and its call.queued event are committed', async () => {
    const org = await signup(app);
    const body = {
      to: '+14155550100',
      from: '+14155550199',
      task: 'Confirm the appointment for Tuesday.',
      questions: [
        { key: 'confirmed', question: 'Can you make it on Tuesday?', type: 'boolean' },
        { key: 'slot', question: 'Morning or afternoon?', type: 'enum', options: ['morning', 'afternoon'] },
      ],
      max_duration_seconds: 120,
      metadata: { customer_id: 'c_42', nested: { z: 1, a: [1, 'two', null, true] } },
    };
    const res = await place(org, body);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/v1/calls/${res.body.call_id}`);
    expect(res.body).toEqual({
      call_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: '+14155550100',
      from: '+14155550199',
      direction: 'outbound',
      status: 'queued',
      disposition: null,
      duration_seconds: null,
      metadata: body.metadata,
      webhook_url: null,
      task: body.task,
      questions: body.questions,
      max_duration_seconds: 120,
      ring_timeout_seconds: 30,
      voicemail_message: null,
      carrier: null,
      carrier_call_id: null,
      carrier_status: null,
      transcript: null,
      structured_answers: null,
      recording_url: null,
      caller_name: expect.any(String),
      turns: null,
      latency: null,
      opted_out: false,
      callback_at: null,
      language: null,
      voice: null,
      llm: null,
      instructions: null,
      agent_log: null,
      transfer_to: null,
      transfer_when: null,
      transfer: null,
      callback_of: null,
      amd: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
      started_at: null,
      ended_at: null,
    });
    expect(JSON.stringify(res.body.metadata)).toBe(JSON.stringify(body.metadata)); // key order kept
    const { rows } = await app.db.pool.query(`select event, state, payload from webhook_deliveries where call_id = $1`, [res.body.call_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].event).toBe('call.queued');
    const jobs = await app.db.pool.query(
      `select t.identifier from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where j.payload->>'callId' = $1`,
      [res.body.call_id],
    );
    expect(jobs.rows.map((j) => j.identifier)).toEqual(['dial_call']);
  });

  test('defaults: max_duration_seconds 600, empty metadata, no questions', async () => {
    const org = await signup(app);
    const res = await place(org, { to: '+4930123456' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ max_duration_seconds: 600, metadata: {}, questions: [], task: null, from: null });
  });

  test('validation: every bad field is a 422 naming it', async () => {
    const org = await signup(app);
    const bad: Array<[object, string]> = [
      [{}, 'to'],
      [{ to: '14155550100' }, 'to'],
      [{ to: '+04155550100' }, 'to'],
      [{ to: '+1234567' }, 'to'],
      [{ to: '+1234567890123456' }, 'to'],
      [{ to: '+1 415 555 0100' }, 'to'],
      [{ to: 14155550100 }, 'to'],
      [{ to: '+14155550100', from: 'me' }, 'from'],
      [{ to: '+14155550100', task: 'x'.repeat(8001) }, 'task'],
      [{ to: '+14155550100', max_duration_seconds: 9 }, 'max_duration_seconds'],
      [{ to: '+14155550100', max_duration_seconds: 3601 }, 'max_duration_seconds'],
      [{ to: '+14155550100', max_duration_seconds: 60.5 }, 'max_duration_seconds'],
      [{ to: '+14155550100', metadata: ['a'] }, 'metadata'],
      [{ to: '+14155550100', metadata: 'text' }, 'metadata'],
      [{ to: '+14155550100', metadata: { blob: 'x'.repeat(16 * 1024) } }, 'metadata'],
      [{ to: '+14155550100', webhook_url: 'not a url' }, 'webhook_url'],
      [{ to: '+14155550100', questions: 'q' }, 'questions'],
      [{ to: '+14155550100', questions: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, question: 'q?', type: 'string' })) }, 'questions'],
      [{ to: '+14155550100', questions: [{ key: 'a', question: 'q?', type: 'date' }] }, 'questions.0.type'],
      [{ to: '+14155550100', questions: [{ key: 'a', question: 'q?', type: 'enum' }] }, 'questions.0.options'],
      [{ to: '+14155550100', questions: [{ key: 'a', question: 'q?', type: 'string', options: ['x'] }] }, 'questions.0.options'],
      [{ to: '+14155550100', questions: [{ key: 'a', question: 'q?', type: 'string' }, { key: 'a', question: 'again?', type: 'number' }] }, 'questions.1.key'],
      [{ to: '+14155550100', questions: [{ key: 'bad key', question: 'q?', type: 'string' }] }, 'questions.0.key'],
    ];
    for (const [body, field] of bad) {
      const res = await place(org, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.code, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
        JSON.stringify(body).slice(0, 60),
        422,
        'validation_error',
        expect.arrayContaining([field]),
      ]);
    }
    const { rows } = await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId]);
    expect(rows[0].n).toBe(0);
  });

  test('metadata up to 16 KiB is kept verbatim, unicode and key order included', async () => {
    const org = await signup(app);
    const metadata = { 'z-last': 'first', émoji: '📞 ☎', n: 1.5, deep: { b: { c: [{ d: 'e' }] }, a: false }, big: 'y'.repeat(15_000) };
    const res = await place(org, { to: '+14155550100', metadata });
    expect(res.status).toBe(201);
    const got = await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey));
    expect(JSON.stringify(got.body.metadata)).toBe(JSON.stringify(metadata));
  });
});

describe('phone numbers: parsed at the boundary, one canonical E.164 form', () => {
  test('a trunk 0 kept after the country code is the same number: suppressed either way, stored and returned canonical', async () => {
    const org = await signup(app);
    const v1 = (path: string) => app.http().post(`/v1${path}`).set(bearer(org.apiKey));
    await v1('/suppressions').send({ numbers: ['+442071234567'] }).expect(201);
    const refused = await place(org, { to: '+4402071234567' });
    expect([refused.status, refused.body.code]).toEqual([422, 'number_suppressed']);
    expect((await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId])).rows[0].n).toBe(0);
    // The other way round: listing the written-with-0 form lists the canonical one (already there).
    expect((await v1('/suppressions').send({ numbers: ['+4402071234567'] }).expect(201)).body).toEqual({ added: 0, numbers: 1 });
    // Any form of the number removes its entry; then the call goes through, stored canonical.
    await app.http().delete('/v1/suppressions/%2B4402071234567').set(bearer(org.apiKey)).expect(204);
    const placed = await place(org, { to: '+4402071234567' }).expect(201);
    expect(placed.body.to).toBe('+442071234567');
    const got = await app.http().get(`/v1/calls/${placed.body.call_id}`).set(bearer(org.apiKey)).expect(200);
    expect(got.body.to).toBe('+442071234567');
    const { rows } = await app.db.pool.query('select to_number from calls where id = $1', [placed.body.call_id]);
    expect(rows[0].to_number).toBe('+442071234567');
  });

  test('a number that cannot be one of its country is a 422 naming the field; the simulator\'s test numbers are accepted', async () => {
    const org = await signup(app);
    const impossible: Array<[object, string, string]> = [
      [{ to: '+44123456' }, 'to', 'is too short for a phone number of its country (+44)'],
      [{ to: '+4412345678' }, 'to', 'has a length no phone number of its country (+44) has'],
      [{ to: '+14155550100123' }, 'to', 'is too long for a phone number of its country (+1)'],
      [{ to: '+999123456789' }, 'to', 'is not a phone number: no country uses its country calling code'],
      [{ to: '+14155550100', from: '+3312345678' }, 'from', 'is too short for a phone number of its country (+33)'],
    ];
    for (const [body, field, message] of impossible) {
      const res = await place(org, body);
      expect([res.status, res.body.code, res.body.errors]).toEqual([422, 'validation_error', [{ field, message }]]);
    }
    const suppress = await app.http().post('/v1/suppressions').set(bearer(org.apiKey)).send({ numbers: ['+14155550100', '+999123456789'] });
    expect([suppress.status, suppress.body.errors]).toEqual([422, [{ field: 'numbers.1', message: 'is not a phone number: no country uses its country calling code' }]]);
    expect((await app.db.pool.query('select (select count(*) from calls where org_id = $1)::int as c, (select count(*) from suppressions where org_id = $1)::int as s', [org.orgId])).rows[0]).toEqual({ c: 0, s: 0 });
    // Possible, not necessarily assigned: the fictional ranges test numbers live in pass.
    for (const to of ['+14155550001', '+14155550003', '+15555550100', '+15550100001']) expect((await place(org, { to })).status).toBe(201);
  });

  test("caller IDs of a carrier connection are canonical: two forms of one number are one, and `from` matches either form", async () => {
    const org = await signup(app);
    const put = (numbers: string[]) =>
      app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: `AC${'a'.repeat(32)}`, auth_token: 'twilio-token-1', numbers });
    const twice = await put(['+4402071234567', '+442071234567']).expect(422);
    expect(twice.body.errors).toEqual([{ field: 'numbers', message: 'numbers must be distinct' }]);
    expect((await put(['+4402071234567']).expect(200)).body.numbers).toEqual(['+442071234567']);
    const placed = await place(org, { to: '+14155550100', from: '+4402071234567' }).expect(201);
    expect(placed.body.from).toBe('+442071234567');
    expect((await place(org, { to: '+14155550100', from: '+442071234568' }).expect(422)).body.code).toBe('from_not_allowed');
  });
});

describe('unknown request fields are refused (422 unknown_field), never dropped', () => {
  test('a typo (scheduled_at for schedule_at) names the field and the one meant, and places nothing', async () => {
    const org = await signup(app);
    const res = await place(org, { to: '+14155550100', scheduled_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      code: 'unknown_field',
      detail: 'Unknown field scheduled_at (did you mean schedule_at?).',
      errors: [{ field: 'scheduled_at', message: 'is not a known field; did you mean schedule_at?' }],
    });
    // Nested and alongside invalid fields: every problem in one answer, unknown fields first.
    const nested = await place(org, { to: 'x', questions: [{ key: 'a', question: 'q?', type: 'string', optoins: ['x'] }], maxDurationSeconds: 60, zzz: 1 });
    expect([nested.status, nested.body.code, nested.body.errors]).toEqual([
      422,
      'unknown_field',
      [
        { field: 'questions.0.optoins', message: 'is not a known field; did you mean options?' },
        { field: 'maxDurationSeconds', message: 'is not a known field; did you mean max_duration_seconds?' },
        { field: 'zzz', message: 'is not a known field' },
        { field: 'to', message: 'must be an E.164 number: + then 8 to 15 digits, no leading 0' },
      ],
    ]);
    expect((await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId])).rows[0].n).toBe(0);
  });

  test('metadata is the caller\'s own map: any keys are accepted and returned', async () => {
    const org = await signup(app);
    const metadata = { scheduled_at: 'x', 'any key': { nested_unknown: [1, { deeper: true }] }, org_id: 'not ours' };
    const res = await place(org, { to: '+14155550100', metadata }).expect(201);
    expect(res.body.metadata).toEqual(metadata);
  });
});

describe('Idempotency-Key', () => {
  test('same key and body replays the original response; a different body is 409', async () => {
    const org = await signup(app);
    const body = { to: '+14155550111', metadata: { order: 7 } };
    const first = await place(org, body, { 'Idempotency-Key': 'order-7' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await place(org, { metadata: { order: 7 }, to: '+14155550111' }, { 'Idempotency-Key': 'order-7' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).toEqual(first.body);
    const conflict = await place(org, { to: '+14155550112' }, { 'Idempotency-Key': 'order-7' });
    expect([conflict.status, conflict.body.code]).toEqual([409, 'idempotency_conflict']);
    const { rows } = await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId]);
    expect(rows[0].n).toBe(1);
  });

  test('concurrent duplicates create exactly one call', async () => {
    const org = await signup(app);
    const results = await Promise.all(Array.from({ length: 8 }, () => place(org, { to: '+14155550113' }, { 'Idempotency-Key': 'burst' })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.call_id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    const { rows } = await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId]);
    expect(rows[0].n).toBe(1);
    const ev = await app.db.pool.query(`select count(*)::int as n from webhook_deliveries where org_id = $1`, [org.orgId]);
    expect(ev.rows[0].n).toBe(1);
  });

  test('keys are per organization; bad keys are 422; keys expire after 24 h', async () => {
    const a = await signup(app);
    const b = await signup(app);
    const ra = await place(a, { to: '+14155550114' }, { 'Idempotency-Key': 'shared-name' });
    const rb = await place(b, { to: '+14155550115' }, { 'Idempotency-Key': 'shared-name' });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.call_id).not.toBe(rb.body.call_id);
    const long = await place(a, { to: '+14155550114' }, { 'Idempotency-Key': 'k'.repeat(256) });
    expect([long.status, long.body.errors?.[0]?.field]).toEqual([422, 'Idempotency-Key']);
    await app.db.pool.query(`update idempotency_keys set created_at = now() - interval '25 hours' where org_id = $1`, [a.orgId]);
    const fresh = await place(a, { to: '+14155550199' }, { 'Idempotency-Key': 'shared-name' });
    expect(fresh.status).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.body.call_id).not.toBe(ra.body.call_id);
  });
});

describe('reading and canceling calls', () => {
  test('GET one, list with cursor and status filter; another organization sees 404', async () => {
    const a = await signup(app);
    const b = await signup(app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await place(a, { to: `+1415555020${i}` })).body.call_id);
    await app.http().post(`/v1/calls/${ids[1]}/cancel`).set(bearer(a.apiKey)).expect(200);
    const one = await app.http().get(`/v1/calls/${ids[0]}`).set(bearer(a.apiKey));
    expect(one.body.call_id).toBe(ids[0]);
    const p1 = await app.http().get('/v1/calls?limit=2').set(bearer(a.apiKey));
    expect(p1.body.data.map((c: { call_id: string }) => c.call_id)).toEqual([ids[4], ids[3]]);
    const p2 = await app.http().get(`/v1/calls?limit=2&cursor=${p1.body.next_cursor}`).set(bearer(a.apiKey));
    const p3 = await app.http().get(`/v1/calls?limit=2&cursor=${p2.body.next_cursor}`).set(bearer(a.apiKey));
    expect([...p1.body.data, ...p2.body.data, ...p3.body.data].map((c: { call_id: string }) => c.call_id)).toEqual([...ids].reverse());
    expect(p3.body.next_cursor).toBeNull();
    // The list reads rows without managed entities: each item is exactly what GET one returns.
    expect(p3.body.data.find((c: { call_id: string }) => c.call_id === ids[0])).toEqual(one.body);
    const canceledOne = (await app.http().get(`/v1/calls/${ids[1]}`).set(bearer(a.apiKey))).body;
    expect(p2.body.data.concat(p3.body.data).find((c: { call_id: string }) => c.call_id === ids[1])).toEqual(canceledOne);
    const canceled = await app.http().get('/v1/calls?status=canceled').set(bearer(a.apiKey));
    expect(canceled.body.data.map((c: { call_id: string }) => c.call_id)).toEqual([ids[1]]);
    for (const q of ['status=done', 'limit=0', 'limit=101', 'cursor=garbage']) {
      expect([q, (await app.http().get(`/v1/calls?${q}`).set(bearer(a.apiKey))).status]).toEqual([q, 422]);
    }
    const cross = await app.http().get(`/v1/calls/${ids[0]}`).set(bearer(b.apiKey));
    expect([cross.status, cross.body.code]).toEqual([404, 'not_found']);
    expect((await app.http().get('/v1/calls').set(bearer(b.apiKey))).body.data).toEqual([]);
    expect((await app.http().post(`/v1/calls/${ids[0]}/cancel`).set(bearer(b.apiKey))).status).toBe(404);
    expect((await app.http().get('/v1/calls/not-a-uuid').set(bearer(a.apiKey))).status).toBe(404);
    // GraphQL: the same isolation.
    const gB = await gql(app, CallDocument, { id: ids[0]! }, b.token);
    expect(gB.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', reason: 'not_found' });
    const gA = await gql(app, CallsDocument, { first: 10, status: 'QUEUED' }, a.token);
    expect(gA.data?.calls.nodes.map((c) => c.id).sort()).toEqual([ids[0], ids[2], ids[3], ids[4]].sort());
  });

  test('cancel: only while queued or ringing; emits call.ended with disposition canceled', async () => {
    const org = await signup(app);
    const call = (await place(org, { to: '+14155550300', metadata: { k: 'v' } })).body;
    const res = await app.http().post(`/v1/calls/${call.call_id}/cancel`).set(bearer(org.apiKey));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', disposition: 'canceled', duration_seconds: 0, ended_at: expect.any(String) });
    const again = await app.http().post(`/v1/calls/${call.call_id}/cancel`).set(bearer(org.apiKey));
    expect([again.status, again.body.code]).toEqual([409, 'invalid_state']);
    const { rows } = await app.db.pool.query(`select event, payload from webhook_deliveries where call_id = $1 order by id`, [call.call_id]);
    expect(rows.map((r) => r.event)).toEqual(['call.queued', 'call.ended']);
    expect(JSON.parse(rows[1].payload)).toMatchObject({ event: 'call.ended', status: 'canceled', disposition: 'canceled', duration_seconds: 0, metadata: { k: 'v' } });
    const viaGraphql = await gql(app, CancelCallDocument, { id: call.call_id }, org.token);
    expect(viaGraphql.errors?.[0]?.extensions).toEqual({ code: 'CONFLICT', reason: 'invalid_state' });
  });

  test('a call in progress cannot be canceled', async () => {
    const org = await signup(app);
    const call = (await place(org, { to: '+14155550301' })).body;
    await app.db.pool.query(`update calls set status = 'in_progress' where id = $1`, [call.call_id]);
    const res = await app.http().post(`/v1/calls/${call.call_id}/cancel`).set(bearer(org.apiKey));
    expect([res.status, res.body.code]).toEqual([409, 'invalid_state']);
  });
});

describe('state machine and queue guarantees', () => {
  test('a status never moves back from a final status, whatever order reports arrive in', async () => {
    const org = await signup(app);
    const call = (await place(org, { to: '+14155550400' })).body;
    const em = () => app.db.orm.em.fork();
    const lc = app.services.lifecycle;
    expect(await lc.applyReport(em(), { callId: call.call_id, status: 'in_progress' })).toBe(true);
    expect(await lc.applyReport(em(), { callId: call.call_id, status: 'ringing' })).toBe(false); // late, older
    expect(await lc.applyReport(em(), { callId: call.call_id, status: 'completed', disposition: 'human', durationSeconds: 42 })).toBe(true);
    expect(await lc.applyReport(em(), { callId: call.call_id, status: 'failed', disposition: 'carrier_error' })).toBe(false);
    expect(await lc.applyReport(em(), { callId: call.call_id, status: 'in_progress' })).toBe(false);
    const got = await app.http().get(`/v1/calls/${call.call_id}`).set(bearer(org.apiKey));
    expect(got.body).toMatchObject({ status: 'completed', disposition: 'human', duration_seconds: 42 });
    const { rows } = await app.db.pool.query(`select event from webhook_deliveries where call_id = $1 order by id`, [call.call_id]);
    expect(rows.map((r) => r.event)).toEqual(['call.queued', 'call.ended']); // one call.ended only
  });

  test('a job added in a rolled-back transaction does not exist', async () => {
    const marker = `rollback-${Date.now()}`;
    await expect(
      app.db.orm.em.fork().transactional(async (em) => {
        await addJobs(em, job('analyze', { callId: marker }));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const none = await app.db.pool.query(`select 1 from graphile_worker._private_jobs where payload->>'callId' = $1`, [marker]);
    expect(none.rowCount).toBe(0);
    await app.db.orm.em.fork().transactional(async (em) => addJobs(em, job('analyze', { callId: marker })));
    const one = await app.db.pool.query(`select 1 from graphile_worker._private_jobs where payload->>'callId' = $1`, [marker]);
    expect(one.rowCount).toBe(1);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where payload->>'callId' = $1`, [marker]);
  });

  test('jobs added together: one per key as if added one after the other; key-less ones all kept', async () => {
    const id = (n: number) => `00000000-0000-7000-8000-${String(Date.now() % 1e9).padStart(9, '0')}${n}00`;
    const [a, b, c] = [id(1), id(2), id(3)];
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const runAt = async (key: string) =>
      (await app.db.pool.query<{ run_at: Date }>(`select run_at from graphile_worker._private_jobs where key = $1`, [key])).rows.map((r) => Math.round((r.run_at.getTime() - Date.now()) / 60_000));
    await addJobs(
      app.db.pool,
      job('analyze', { callId: a }, { runAt: at(60) }),
      job('analyze', { callId: a }, { runAt: at(120) }), // replace: the later call wins
      job('dial', { callId: b }, { runAt: at(120), keyMode: 'earliest' }),
      job('dial', { callId: b }, { runAt: at(60), keyMode: 'earliest' }), // earliest: the sooner wins
      job('carrierReport', { callId: c }, { runAt: at(60) }),
      job('carrierReport', { callId: c }, { runAt: at(60) }),
    );
    expect(await runAt(`analyze:${a}`)).toEqual([120]);
    expect(await runAt(`dial:${b}`)).toEqual([60]);
    // A later `earliest` only ever moves a waiting job sooner.
    await addJobs(app.db.pool, job('dial', { callId: b }, { runAt: at(180), keyMode: 'earliest' }));
    expect(await runAt(`dial:${b}`)).toEqual([60]);
    await addJobs(app.db.pool, job('dial', { callId: b }, { runAt: at(30), keyMode: 'earliest' }));
    expect(await runAt(`dial:${b}`)).toEqual([30]);
    const reports = await app.db.pool.query(`select 1 from graphile_worker._private_jobs where key is null and payload->>'callId' = $1`, [c]);
    expect(reports.rowCount).toBe(2);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where payload->>'callId' = any($1::text[])`, [[a, b, c]]);
  });

  test('the sweeper ends calls stuck past max_duration_seconds plus the margin', async () => {
    const org = await signup(app);
    const call = (await place(org, { to: '+14155550500', max_duration_seconds: 10 })).body;
    await app.db.pool.query(`update calls set status = 'in_progress', created_at = now() - interval '1 hour' where id = $1`, [call.call_id]);
    const result = await new Sweeper(app.services).sweep();
    expect(result.stuckCalls).toBeGreaterThanOrEqual(1);
    const got = await app.http().get(`/v1/calls/${call.call_id}`).set(bearer(org.apiKey));
    expect(got.body).toMatchObject({ status: 'failed', disposition: 'carrier_error' });
  });

  test('the sweeper queues at once a due delivery that has no job of its own (not leased, not parked), without the lease\'s grace', async () => {
    const org = await signup(app);
    // Nothing listens there: no worker runs in this app, the job is only looked at.
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: 'http://127.0.0.1:9/hook' }).expect(200);
    const call = (await place(org, { to: '+14155550501' })).body;
    const { rows } = await app.db.pool.query<{ id: string }>(`select id from webhook_deliveries where call_id = $1 and event = 'call.queued'`, [call.call_id]);
    expect(rows).toHaveLength(1);
    const key = `delivery:${rows[0]!.id}`;
    const job = () => app.db.pool.query(`select 1 from graphile_worker._private_jobs where key = $1`, [key]).then((r) => r.rowCount);
    expect(await job()).toBe(1);
    // Its job gone (as two were after a host crash), the delivery due a second ago: far inside the grace.
    await app.db.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [key]);
    await app.db.pool.query(`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1`, [rows[0]!.id]);
    await new Sweeper(app.services).sweep();
    expect(await job()).toBe(1);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [key]);
  });
});

describe('the simulator, end to end through the worker', () => {
  let worker: TestApp;
  beforeAll(async () => {
    worker = await startTestApp({ SIMULATOR_SPEEDUP: '1000' }, { worker: true });
  });
  afterAll(() => worker.close());

  const outcomes: Array<[string, string, string, boolean]> = [
    ['+14155550001', 'failed', 'busy', false],
    ['+14155550002', 'failed', 'no_answer', false],
    ['+14155550003', 'failed', 'invalid_number', false],
    ['+14155550004', 'completed', 'voicemail', true],
    ['+14155550005', 'failed', 'carrier_error', false],
    ['+14155557777', 'completed', 'human', true],
  ];

  test.each(outcomes)('%s ends %s/%s', async (to, status, disposition, analyzed) => {
    const org = await signup(worker);
    const questions = [
      { key: 'likes_it', question: 'Do you like the product?', type: 'boolean' },
      { key: 'score', question: 'How would you rate us from 1 to 10?', type: 'number' },
      { key: 'plan', question: 'Which plan do you use?', type: 'enum', options: ['basic', 'pro'] },
      { key: 'comment', question: 'Anything else?', type: 'string' },
    ];
    const placed = await worker.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to, task: 'Run the satisfaction survey.', questions, max_duration_seconds: 300 });
    const id = placed.body.call_id;
    const final = await eventually(async () => {
      const c = (await worker.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
      return c.status === status && (!analyzed || c.transcript) ? c : undefined;
    }, { what: `${to} to end` });
    expect(final.disposition).toBe(disposition);
    expect(final.ended_at).toEqual(expect.any(String));
    const events = await eventually(async () => {
      const { rows } = await worker.db.pool.query(`select event, payload from webhook_deliveries where call_id = $1 order by id`, [id]);
      return rows.length === (analyzed ? 3 : 2) ? rows : undefined;
    });
    expect(events.map((r) => r.event)).toEqual(analyzed ? ['call.queued', 'call.ended', 'call.analyzed'] : ['call.queued', 'call.ended']);
    const ended = JSON.parse(events[1].payload);
    expect(ended).toMatchObject({ status, disposition, duration_seconds: final.duration_seconds });
    if (!analyzed) {
      expect(final.duration_seconds).toBe(0);
      expect(final.transcript).toBeNull();
      return;
    }
    expect(final.duration_seconds).toBeGreaterThan(0);
    expect(final.duration_seconds).toBeLessThanOrEqual(300);
    expect(final.transcript).toContain('Run the satisfaction survey.');
    const answers = final.structured_answers as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual(['comment', 'likes_it', 'plan', 'score']);
    if (disposition === 'human') {
      expect(typeof answers.likes_it).toBe('boolean');
      expect(typeof answers.score).toBe('number');
      expect(['basic', 'pro']).toContain(answers.plan);
      expect(typeof answers.comment).toBe('string');
      // Each answer is what the callee says right after the question in the transcript.
      const lines = (final.transcript as string).split('\n');
      const after = (q: string) => lines[lines.indexOf(`Agent: ${q}`) + 1]!;
      expect(after(questions[0]!.question)).toBe(answers.likes_it ? 'Callee: Yes, that is right.' : 'Callee: No, not really.');
      expect(after(questions[1]!.question)).toBe(`Callee: I'd say ${answers.score}.`);
      expect(after(questions[2]!.question)).toBe(`Callee: ${answers.plan}.`);
      expect(after(questions[3]!.question).toLowerCase()).toBe(`callee: ${String(answers.comment).toLowerCase()}.`);
    } else {
      expect(Object.values(answers).every((v) => v === null)).toBe(true);
      expect(final.transcript).toMatch(/voicemail/i);
    }
    const analyzedEvent = JSON.parse(events[2].payload);
    expect(analyzedEvent).toMatchObject({ transcript: final.transcript, structured_answers: answers, duration_seconds: final.duration_seconds });
    // The recording: a real WAV of the call's duration at a signed, expiring URL.
    const rec = new URL(final.recording_url);
    expect(rec.searchParams.get('expires')).toMatch(/^\d+$/);
    const wav = await worker.http().get(rec.pathname + rec.search).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(wav.status).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    const buf = wav.body as Buffer;
    expect(buf.subarray(0, 4).toString()).toBe('RIFF');
    expect(buf.subarray(8, 12).toString()).toBe('WAVE');
    const byteRate = buf.readUInt32LE(28);
    const dataBytes = buf.readUInt32LE(40);
    expect(dataBytes / byteRate).toBe(final.duration_seconds);
    expect(buf.length).toBe(44 + dataBytes);
    expect(wav.headers['accept-ranges']).toBe('bytes');
    // A player seeking (click a turn to hear it) asks for a byte range: exactly those bytes come back.
    const fetchRange = (range: string) =>
      worker
        .http()
        .get(rec.pathname + rec.search)
        .set('Range', range)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
    const part = await fetchRange('bytes=40-1039');
    expect([part.status, part.headers['content-range'], part.headers['content-length']]).toEqual([206, `bytes 40-1039/${buf.length}`, '1000']);
    expect(Buffer.compare(part.body as Buffer, buf.subarray(40, 1040))).toBe(0);
    const tail = await fetchRange(`bytes=${buf.length - 10}-`);
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.body as Buffer, buf.subarray(buf.length - 10))).toBe(0);
    const past = await fetchRange(`bytes=${buf.length}-`);
    expect([past.status, past.headers['content-range']]).toEqual([416, `bytes */${buf.length}`]);
    // Several ranges at once: the whole file (allowed by HTTP), never a wrong part.
    const several = await fetchRange('bytes=0-9,100-109');
    expect([several.status, (several.body as Buffer).length]).toEqual([200, buf.length]);
    const tampered = rec.search.replace(/signature=([0-9a-f])/, (_m, c) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await worker.http().get(rec.pathname + tampered)).status).toBe(401);
    expect((await worker.http().get(rec.pathname)).status).toBe(401);
  });

  test('durations are deterministic per call, and statuses move queued → ringing → in_progress → final', async () => {
    // Each status may last a millisecond here (SIMULATOR_SPEEDUP 1000), so polling the call could
    // miss one: the test reads what the service records instead, once the last event has arrived.
    const rx = await Receiver.start();
    try {
      const org = await signup(worker);
      await worker.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
      const placed = (await worker.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155558888', max_duration_seconds: 600 })).body;
      const id: string = placed.call_id;
      // Each event is its own delivery (call.analyzed may overtake call.ended): wait for all three.
      await rx.waitFor(() => ['call.queued', 'call.ended', 'call.analyzed'].every((e) => rx.byEvent(e, id).length >= 1), { what: 'the three events' });

      // The status history: every change the lifecycle made to this call, in the order it made them.
      const history = (await logLines(worker)).filter((l) => l.msg === 'call status changed' && l.call_id === id).map((l) => `${l.from} → ${l.to}`);
      expect(history).toEqual(['queued → ringing', 'ringing → in_progress', 'in_progress → completed']);

      // The events it emitted, in the order it recorded them, each delivered once with the status of its moment.
      const { rows } = await worker.db.pool.query(`select event from webhook_deliveries where call_id = $1 order by id`, [id]);
      expect(rows.map((r) => r.event)).toEqual(['call.queued', 'call.ended', 'call.analyzed']);
      // At-least-once delivery: a retry after a slow answer repeats the same bytes, so read the first of each.
      expect(['call.queued', 'call.ended', 'call.analyzed'].map((e) => rx.byEvent(e, id)[0]!.json.status)).toEqual(['queued', 'completed', 'completed']);

      // What in_progress and the end leave on the call: started_at between creation and the end.
      const call = (await worker.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
      expect(call).toMatchObject({ status: 'completed', disposition: 'human', started_at: expect.any(String), ended_at: expect.any(String) });
      const at = (k: string) => new Date(call[k]).getTime();
      expect(at('created_at')).toBeLessThanOrEqual(at('started_at'));
      expect(at('started_at')).toBeLessThanOrEqual(at('ended_at'));
      // The duration is the simulator's, computed from the call alone.
      expect(call.duration_seconds).toBe(simulatedTimeline({ id, to: '+14155558888', maxDurationSeconds: 600 }).talkSeconds);
      expect(rx.byEvent('call.ended', id)[0]!.json.duration_seconds).toBe(call.duration_seconds);
    } finally {
      await rx.close();
    }
    const call = { id: '01900000-0000-7000-8000-000000000001', to: '+14155551234', maxDurationSeconds: 600 };
    expect(simulatedTimeline(call)).toEqual(simulatedTimeline(call));
    expect(simulatedTimeline({ ...call, maxDurationSeconds: 10 }).talkSeconds).toBeLessThanOrEqual(10);
  });
});

describe('SIP call fields on placement', () => {
  test('ring_timeout_seconds (5..120) and voicemail_message are validated and returned', async () => {
    const org = await signup(app);
    const ok = await place(org, { to: '+14155550100', ring_timeout_seconds: 5, voicemail_message: 'Please call us back.' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ ring_timeout_seconds: 5, voicemail_message: 'Please call us back.', carrier: null, carrier_status: null });
    const bad = await place(org, { to: '+14155550100', ring_timeout_seconds: 121, voicemail_message: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['ring_timeout_seconds', 'voicemail_message']);
  });
});
