import { bearer, signup, type TestOrg } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { Call } from '../../src/features/calls/call.entity';
import { eventSubject } from '../../src/features/calls/call-lifecycle';
import { CALL_TO_ANALYZE_SQL, type CallToAnalyze } from '../../src/features/calls/call-analysis.sql';
import { buildEventBody, callEventBodySql, amdJsonSql, jsonTextSql } from '../../src/features/webhooks';
import { TASKS } from '../../src/queue/jobs';

/**
 * The carrier reports and the analysis are single statements (call-report.sql.ts,
 * call-analysis.sql.ts): these tests hold them to what the entity code guaranteed: call.ended's
 * body byte for byte as buildEventBody writes it, one change and one event for a report applied
 * twice at once, the next report queued only by the report that changed the call, one analysis.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const place = async (org: TestOrg, body: object): Promise<string> => {
  const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send(body);
  expect(res.status).toBe(201);
  return res.body.call_id as string;
};
const em = () => app.db.orm.em.fork();
const noTimestamp = (body: string) => body.replace(/"timestamp":"[^"]+"/, '"timestamp":"T"');
const deliveries = async (callId: string) =>
  (await app.db.pool.query<{ event: string; payload: string }>(`select event, payload from webhook_deliveries where call_id = $1 order by id`, [callId])).rows;
const jobsOf = async (task: string, callId: string) =>
  (await app.db.pool.query<{ payload: Record<string, unknown> }>(
    `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1 and j.payload::text like $2`,
    [task, `%${callId}%`],
  )).rows;

const ENDED_EXTRA: Array<[string, string]> = [
  ['disposition', jsonTextSql('c.disposition')],
  ['duration_seconds', jsonTextSql('c.duration_seconds')],
  ['amd', amdJsonSql('c.amd')],
  ['carrier', jsonTextSql('c.carrier')],
  ['carrier_call_id', jsonTextSql('c.carrier_call_id')],
  ['carrier_status', `coalesce(c.carrier_status::text, 'null')`],
];

describe('call.ended built in SQL', () => {
  test('is buildEventBody byte for byte: unicode, quotes, control characters, key order, campaign and inbound calls', async () => {
    const org = await signup(app);
    const metadata = { z: 'last "first"', a: 'é ü 漢字 😀 \\ / </script>', ctl: '\u0001\t\n\r\u001f', n: [1, 2.5, -0, 1e21, null, true], nested: { b: {}, a: [] } };
    const id = await place(org, { to: '+14155550150', metadata, webhook_url: 'https://example.com/h?a=1&b="2"' });
    const variants: Array<Record<string, unknown>> = [
      { status: 'completed', disposition: 'human', duration_seconds: 42, amd: '{"result":"human","ms":1200}', carrier: 'simulator', carrier_call_id: 'sim_x', carrier_status: '{"code":200,"reason":"OK \\"fine\\""}' },
      { status: 'failed', disposition: 'busy', duration_seconds: 0, amd: null, carrier: null, carrier_call_id: null, carrier_status: null },
      { status: 'canceled', disposition: 'canceled', duration_seconds: 0, campaign_id: '01a2028a-4323-71db-92b4-372958863c1f', amd: '{"ms":null,"result":"unknown"}' },
      { direction: 'inbound', from_number: '+14155550999', callback_campaign_id: '01a2028a-4323-71db-92b4-372958863c1f', callback_recipient_id: '01a2028a-43e4-7548-b881-db02f2ca2944' },
      { direction: 'inbound', from_number: null, callback_campaign_id: null, callback_recipient_id: null, metadata: '{}' },
    ];
    for (const v of variants) {
      const cols = Object.keys(v);
      await app.db.pool.query(`update calls set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [id, ...cols.map((c) => v[c])]);
      const { rows } = await app.db.pool.query<{ body: string }>(`select ${callEventBodySql('call.ended', 'c', ENDED_EXTRA)} as body from calls c where c.id = $1`, [id]);
      const call = (await em().findOneOrFail(Call, { id }))!;
      const expected = buildEventBody('call.ended', eventSubject(call), {
        disposition: call.disposition,
        duration_seconds: call.durationSeconds,
        amd: call.amd && { result: call.amd.result, ms: call.amd.ms },
        carrier: call.carrier,
        carrier_call_id: call.carrierCallId,
        carrier_status: call.carrierStatus,
      });
      expect(noTimestamp(rows[0]!.body)).toBe(noTimestamp(expected));
      expect(JSON.parse(rows[0]!.body).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    }
  });
});

describe('carrier reports as one statement', () => {
  test('the same final report twice at once: one change, one call.ended, one analysis job', async () => {
    const org = await signup(app);
    const id = await place(org, { to: '+14155550151' });
    const lc = app.services.lifecycle;
    expect(await lc.applyReport(em(), { callId: id, status: 'in_progress' })).toBe(true);
    const report = { callId: id, status: 'completed' as const, disposition: 'human' as const, durationSeconds: 30 };
    const results = await Promise.all([lc.applyReport(em(), report), lc.applyReport(em(), report), lc.applyReport(em(), report)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await deliveries(id)).map((d) => d.event)).toEqual(['call.queued', 'call.ended']);
    expect(await jobsOf(TASKS.analyze, id)).toHaveLength(1);
    const ended = JSON.parse((await deliveries(id))[1]!.payload);
    expect(ended).toMatchObject({ status: 'completed', disposition: 'human', duration_seconds: 30, amd: { result: 'unknown', ms: null }, direction: 'outbound' });
  });

  test("the next report is queued only by the report that changed the call (a repeated or late one queues nothing)", async () => {
    const org = await signup(app);
    const id = await place(org, { to: '+14155550152' });
    const lc = app.services.lifecycle;
    const next = { payload: JSON.stringify({ callId: id, status: 'in_progress', next: [] }), afterMs: 3_600_000 };
    expect(await lc.applyReport(em(), { callId: id, status: 'ringing' }, next)).toBe(true);
    expect(await lc.applyReport(em(), { callId: id, status: 'ringing' }, next)).toBe(false);
    expect(await lc.applyReport(em(), { callId: id, status: 'queued' as never }, next)).toBe(false);
    const queued = await jobsOf(TASKS.carrierReport, id);
    expect(queued.map((j) => j.payload)).toEqual([{ callId: id, status: 'in_progress', next: [] }]);
    const { rows } = await app.db.pool.query(`select status from calls where id = $1`, [id]);
    expect(rows[0].status).toBe('ringing');
  });

  test('a carrier status and machine detection already stored are kept; the first word on amd wins', async () => {
    const org = await signup(app);
    const id = await place(org, { to: '+14155550153' });
    await app.db.pool.query(`update calls set amd = '{"result":"machine","ms":3100}', status = 'in_progress' where id = $1`, [id]);
    const lc = app.services.lifecycle;
    expect(await lc.applyReport(em(), { callId: id, status: 'completed', disposition: 'voicemail', durationSeconds: 20, amd: { result: 'human', ms: 900 }, carrierStatus: { code: 200, reason: 'OK' } })).toBe(true);
    const call = await em().findOneOrFail(Call, { id });
    expect([call.status, call.disposition, call.durationSeconds, call.amd, call.carrierStatus]).toEqual(['completed', 'voicemail', 20, { result: 'machine', ms: 3100 }, { code: 200, reason: 'OK' }]);
    expect(call.endedAt).toBeInstanceOf(Date);
    const ended = JSON.parse((await deliveries(id))[1]!.payload);
    expect(ended).toMatchObject({ amd: { result: 'machine', ms: 3100 }, carrier_status: { code: 200, reason: 'OK' } });
  });
});

describe('a final report that a finished hook applies to', () => {
  test('runs the statement and the hook in one transaction: the hook sees the ended call, and a hook that fails undoes the change', async () => {
    const org = await signup(app);
    const lc = app.services.lifecycle;
    const seen: Array<{ id: string; disposition: string | null }> = [];
    lc.onFinished({
      applies: `c.to_number in ('+14155550155', '+14155550156')`,
      run: async (tx, call) => {
        const rows: Array<{ n: number }> = await tx.execute(`select count(*)::int as n from webhook_deliveries where call_id = ? and event = 'call.ended'`, [call.id]);
        seen.push({ id: call.id, disposition: call.disposition });
        expect(rows[0]!.n).toBe(1); // call.ended is already recorded, in this transaction
        if ((await tx.execute(`select to_number from calls where id = ?`, [call.id]))[0].to_number === '+14155550156') throw new Error('hook failed');
      },
    });
    const id = await place(org, { to: '+14155550155' });
    const failing = await place(org, { to: '+14155550156' });
    const other = await place(org, { to: '+14155550157' });
    for (const c of [id, failing, other]) expect(await lc.applyReport(em(), { callId: c, status: 'in_progress' })).toBe(true);
    expect(seen).toEqual([]); // not final: no hook
    expect(await lc.applyReport(em(), { callId: id, status: 'completed', disposition: 'voicemail', durationSeconds: 12 })).toBe(true);
    expect(seen).toEqual([{ id, disposition: 'voicemail' }]);
    expect(await lc.applyReport(em(), { callId: id, status: 'completed', disposition: 'human', durationSeconds: 12 })).toBe(false);
    expect(seen).toHaveLength(1);
    await expect(lc.applyReport(em(), { callId: failing, status: 'failed', disposition: 'busy' })).rejects.toThrow('hook failed');
    const { rows } = await app.db.pool.query(`select status from calls where id = $1`, [failing]);
    expect(rows[0].status).toBe('in_progress');
    expect((await deliveries(failing)).map((d) => d.event)).toEqual(['call.queued']);
    expect(await lc.applyReport(em(), { callId: other, status: 'failed', disposition: 'busy' })).toBe(true);
    expect(seen.map((x) => x.id)).toEqual([id, failing]);
    expect((await deliveries(other)).map((d) => d.event)).toEqual(['call.queued', 'call.ended']);
  });
});

describe('the analysis as one statement', () => {
  test('an opt-out (an analyzed hook applies) is stored with the analysis: the number is suppressed, call.analyzed says so', async () => {
    const org = await signup(app);
    const id = await place(org, { to: '+14155550006' });
    const lc = app.services.lifecycle;
    await lc.applyReport(em(), { callId: id, status: 'in_progress' });
    await lc.applyReport(em(), { callId: id, status: 'completed', disposition: 'human', durationSeconds: 40 });
    const call = (await app.db.pool.query<CallToAnalyze>(CALL_TO_ANALYZE_SQL, [id])).rows[0]!;
    const analysis = await app.services.carriers.get(call.carrier).analyze(call);
    expect(analysis.optOut).toBe(true);
    expect(await lc.recordAnalysis(em(), call, analysis)).toBe(true);
    const { rows } = await app.db.pool.query(`select 1 from suppressions where org_id = $1 and number = '+14155550006'`, [call.orgId]);
    expect(rows).toHaveLength(1);
    const events = await deliveries(id);
    expect(JSON.parse(events[2]!.payload)).toMatchObject({ event: 'call.analyzed', opted_out: true });
  });

  test('stored once: a second run stores nothing and emits no second call.analyzed', async () => {
    const org = await signup(app);
    const id = await place(org, { to: '+14155550154', questions: [{ key: 'ok', question: 'Is it ok?', type: 'boolean' }] });
    const lc = app.services.lifecycle;
    await lc.applyReport(em(), { callId: id, status: 'in_progress' });
    await lc.applyReport(em(), { callId: id, status: 'completed', disposition: 'human', durationSeconds: 60 });
    const read = async () => (await app.db.pool.query<CallToAnalyze>(CALL_TO_ANALYZE_SQL, [id])).rows[0]!;
    const call = await read();
    const analysis = await app.services.carriers.get(call.carrier).analyze(call);
    const [a, b] = await Promise.all([lc.recordAnalysis(em(), call, analysis), lc.recordAnalysis(em(), call, analysis)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await lc.recordAnalysis(em(), await read(), analysis)).toBe(false);
    const events = await deliveries(id);
    expect(events.map((d) => d.event)).toEqual(['call.queued', 'call.ended', 'call.analyzed']);
    const body = JSON.parse(events[2]!.payload);
    const stored = await em().findOneOrFail(Call, { id });
    expect(body).toMatchObject({ event: 'call.analyzed', status: 'completed', transcript: stored.transcript, structured_answers: stored.structuredAnswers, duration_seconds: 60, opted_out: false, callback_at: null });
    expect(body.turns).toEqual(stored.turns);
    expect(stored.analyzedAt).toBeInstanceOf(Date);
  });
});
