import { Voicegate, VoicegateConnectionError, VoicegateError, type Campaign, type CampaignRecipient, type Suppression } from '@voicegate/sdk';
import { createInBatches } from '../../sdk/examples/campaign-batches';
import { eventually, signup } from '../helpers/factories';
import { recordingFetch } from '../helpers/recording-fetch';
import { sdkFailure as failure } from '../helpers/sdk-failure';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The campaigns and suppressions resources of the SDK against the real service (real HTTP,
 * PostgreSQL, worker, dispatcher and simulator).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000' }, { worker: true });
});
afterAll(() => app?.close());

async function client(opts: Partial<ConstructorParameters<typeof Voicegate>[0]> = {}): Promise<Voicegate> {
  const org = await signup(app);
  return new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, ...opts });
}


/** A start far enough ahead that the campaign stays `scheduled` and nobody is dialed during the test. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('campaigns', () => {
  test('create, get, append, list recipients, pause, resume and cancel a scheduled campaign', async () => {
    const rec = recordingFetch();
    const vg = await client({ fetch: rec.fetch });
    await vg.suppressions.add({ numbers: ['+14155550999'] });

    const created = await vg.campaigns
      .create({
        name: 'Reminders',
        task: 'Remind about the appointment.',
        start_at: tomorrow(),
        time_zone: 'Europe/Paris',
        metadata: { batch: 'b1' },
        recipients: [{ to: '+14155550101', metadata: { patient: 'p1' } }, { to: '+442071234567', time_zone: 'Europe/London' }, { to: '+14155550999' }],
      })
      .withResponse();
    expect(created.status).toBe(201);
    expect(created.idempotentReplayed).toBe(false);
    expect(created.headers.get('location')).toBe(`/v1/campaigns/${created.data.campaign_id}`);
    expect(created.data).toMatchObject({ name: 'Reminders', status: 'scheduled', time_zone: 'Europe/Paris', metadata: { batch: 'b1' } });
    expect(created.data.counts).toEqual({ total: 3, pending: 2, calling: 0, completed: 0, failed: 0, suppressed: 1, canceled: 0 });
    // Like calls.place, a creation always carries an Idempotency-Key.
    expect(rec.exchanges.at(-1)!.headers.get('idempotency-key')).toMatch(UUID4);
    const id = created.data.campaign_id;

    const fetched: Campaign = await vg.campaigns.get(id);
    expect(fetched).toEqual(created.data);

    // An append with its own key; the same append again is replayed, not added twice.
    const batch = { recipients: [{ to: '+14155550102' }, { to: '+14155550103' }, { to: '+14155550104' }] };
    const appended = await vg.campaigns.appendRecipients(id, batch, { idempotencyKey: `batch-2-${id}` }).withResponse();
    expect([appended.status, appended.idempotentReplayed, appended.data.recipients_added, appended.data.counts.total]).toEqual([201, false, 3, 6]);
    const again = await vg.campaigns.appendRecipients(id, batch, { idempotencyKey: `batch-2-${id}` }).withResponse();
    expect([again.idempotentReplayed, again.data.recipients_added, again.data.counts.total]).toEqual([true, 3, 6]);
    expect((await vg.campaigns.get(id)).counts.total).toBe(6);
    // Without a key of the caller's, each append gets a fresh one.
    await vg.campaigns.appendRecipients(id, { recipients: [{ to: '+14155550105' }] });
    expect(rec.exchanges.at(-1)!.headers.get('idempotency-key')).toMatch(UUID4);

    // Recipients, newest first, page after page; and by status.
    rec.exchanges.length = 0;
    const all: CampaignRecipient[] = [];
    for await (const r of vg.campaigns.listRecipients(id, { limit: 3 })) all.push(r);
    expect(all.map((r) => r.to)).toEqual(['+14155550105', '+14155550104', '+14155550103', '+14155550102', '+14155550999', '+442071234567', '+14155550101']);
    expect(rec.exchanges.map((e) => [e.url.pathname, e.url.searchParams.get('limit'), e.url.searchParams.has('cursor')])).toEqual([
      [`/v1/campaigns/${id}/recipients`, '3', false],
      [`/v1/campaigns/${id}/recipients`, '3', true],
      [`/v1/campaigns/${id}/recipients`, '3', true],
    ]);
    expect(all.find((r) => r.to === '+442071234567')).toMatchObject({ status: 'pending', time_zone: 'Europe/London', time_zone_source: 'given', attempts: 0, last_call_id: null });
    expect(all.find((r) => r.to === '+14155550101')!.metadata).toEqual({ patient: 'p1' });
    const suppressed = await vg.campaigns.listRecipients(id, { status: 'suppressed' }).toArray();
    expect(suppressed.map((r) => r.to)).toEqual(['+14155550999']);

    // pause → resume (back to scheduled: start_at is ahead) → cancel; a second cancel is a typed 409.
    expect((await vg.campaigns.pause(id)).status).toBe('paused');
    const twice = await failure(vg.campaigns.pause(id));
    expect([twice.status, twice.code]).toEqual([409, 'invalid_state']);
    expect((await vg.campaigns.resume(id)).status).toBe('scheduled');
    const canceled = await vg.campaigns.cancel(id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.counts).toMatchObject({ total: 7, pending: 0, suppressed: 1, canceled: 6 });
    expect((await failure(vg.campaigns.cancel(id))).code).toBe('invalid_state');
    const late = await failure(vg.campaigns.appendRecipients(id, { recipients: [{ to: '+14155550106' }] }));
    expect([late.status, late.code]).toEqual([409, 'invalid_state']);
    expect((await vg.campaigns.listRecipients(id, { status: 'canceled' }).toArray()).length).toBe(6);
  });

  test('list walks every campaign of the organization, newest first', async () => {
    const rec = recordingFetch();
    const vg = await client({ fetch: rec.fetch });
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await vg.campaigns.create({ name, start_at: tomorrow() })).campaign_id);

    rec.exchanges.length = 0;
    const seen: string[] = [];
    for await (const c of vg.campaigns.list({ limit: 2 })) seen.push(c.campaign_id);
    expect(seen).toEqual([...ids].reverse());
    expect(rec.exchanges.map((e) => e.url.searchParams.has('cursor'))).toEqual([false, true]);
    const first = await vg.campaigns.list({ limit: 2 }).firstPage();
    expect([first.data.map((c) => c.name), typeof first.next_cursor]).toEqual([['c', 'b'], 'string']);
    expect((await vg.campaigns.list({ cursor: first.next_cursor! }).toArray()).map((c) => c.name)).toEqual(['a']);
    // Another organization sees none of them.
    expect(await (await client()).campaigns.list().toArray()).toEqual([]);
  });

  test('a running campaign calls its recipients; their calls carry campaign_id', async () => {
    const vg = await client();
    const created = await vg.campaigns.create({
      name: 'now',
      task: 'Say hello.',
      max_concurrent_calls: 5,
      max_calls_per_second: 50,
      retry: { max_attempts: 1 },
      recipients: [{ to: '+14155550201' }, { to: '+14155550001' }],
    });
    expect(created.status).toBe('running');
    const done = await eventually(async () => {
      const c = await vg.campaigns.get(created.campaign_id);
      return c.status === 'completed' ? c : null;
    }, { timeoutMs: 30_000, what: 'campaign completed' });
    expect(done.counts).toMatchObject({ total: 2, completed: 1, failed: 1, pending: 0, calling: 0 });
    expect(done.completed_at).toEqual(expect.any(String));

    const recipients = await vg.campaigns.listRecipients(created.campaign_id).toArray();
    const byNumber = new Map(recipients.map((r) => [r.to, r]));
    expect(byNumber.get('+14155550201')).toMatchObject({ status: 'completed', attempts: 1, last_disposition: 'human' });
    expect(byNumber.get('+14155550001')).toMatchObject({ status: 'failed', attempts: 1, last_disposition: 'busy' });
    const call = await vg.calls.get(byNumber.get('+14155550201')!.last_call_id!);
    expect(call).toMatchObject({ to: '+14155550201', status: 'completed', campaign_id: created.campaign_id });
  });

  test('a creation whose answer is lost is retried with the same key: one campaign, replayed', async () => {
    let lost = 0;
    const rec = recordingFetch({ loseResponse: (e) => e.method === 'POST' && lost++ === 0 });
    const vg = await client({ fetch: rec.fetch });
    const res = await vg.campaigns.create({ name: 'once', start_at: tomorrow(), recipients: [{ to: '+14155550301' }] }).withResponse();
    expect(rec.exchanges.map((e) => e.status)).toEqual(['network_error', 201]);
    const keys = rec.exchanges.map((e) => e.headers.get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(res.idempotentReplayed).toBe(true);
    expect((await vg.campaigns.list().toArray()).map((c) => c.campaign_id)).toEqual([res.data.campaign_id]);
  });

  test('typed errors: 422 names each invalid field (recipients by index) and creates nothing; 404 for an unknown campaign', async () => {
    const vg = await client();
    const invalid = await failure(vg.campaigns.create({ name: ' ', max_concurrent_calls: 0, start_at: new Date(Date.now() + 91 * 86_400_000).toISOString() }));
    expect([invalid.status, invalid.code]).toEqual([422, 'validation_error']);
    expect(invalid.errors.map((e) => e.field).sort()).toEqual(['max_concurrent_calls', 'name', 'start_at']);
    expect(invalid.errors.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
    expect(invalid.requestId).toEqual(expect.any(String));
    // The campaign's own fields and its recipients (by index) are named in the same answer.
    const badRecipients = await failure(vg.campaigns.create({ name: ' ', recipients: [{ to: '+14155550401' }, { to: '12345' }, { to: '+14155550403', time_zone: 'Mars/Olympus' }] }));
    expect([badRecipients.status, badRecipients.code]).toEqual([422, 'validation_error']);
    expect(badRecipients.errors.map((e) => e.field)).toEqual(['name', 'recipients.1.to', 'recipients.2.time_zone']);
    expect(await vg.campaigns.list().toArray()).toEqual([]);

    const unknown = '0190a000-0000-7000-8000-000000000000';
    for (const attempt of [
      vg.campaigns.get(unknown),
      vg.campaigns.appendRecipients(unknown, { recipients: [{ to: '+14155550402' }] }),
      vg.campaigns.listRecipients(unknown).firstPage(),
      vg.campaigns.pause(unknown),
    ]) {
      const missing = await failure(attempt);
      expect([missing.status, missing.code, missing.errors]).toEqual([404, 'not_found', []]);
    }
    // Another organization's campaign is not found either.
    const theirs = await (await client()).campaigns.create({ name: 'theirs', start_at: tomorrow() });
    expect((await failure(vg.campaigns.get(theirs.campaign_id))).status).toBe(404);
  });

  test('the batch example of docs/sdk.md runs against the service, and again without duplicating anything', async () => {
    const vg = await client();
    await vg.suppressions.add({ numbers: ['+14155550503'] });
    const numbers = ['+14155550501', '+14155550502', '+14155550503', '+14155550504', '+14155550505'];
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const startAt = new Date(Date.now() + 86_400_000);
    let first: Campaign;
    let second: Campaign;
    try {
      first = await createInBatches(vg, 'reminders-42', numbers, startAt, 2);
      second = await createInBatches(vg, 'reminders-42', numbers, startAt, 2);
    } finally {
      log.mockRestore();
    }
    const summary = `${first.campaign_id} scheduled: 5 recipients, 1 suppressed`;
    expect(printed).toEqual([summary, 'not called: +14155550503', summary, 'not called: +14155550503']);
    expect(second.campaign_id).toBe(first.campaign_id);
    expect((await vg.campaigns.list().toArray()).map((c) => c.campaign_id)).toEqual([first.campaign_id]);
    expect((await vg.campaigns.listRecipients(first.campaign_id).toArray()).map((r) => r.to).sort()).toEqual(numbers);
  });
});

describe('suppressions', () => {
  test('add, list page by page, remove; a listed number is refused for calls and removed numbers are callable again', async () => {
    const rec = recordingFetch();
    const vg = await client({ fetch: rec.fetch });
    expect(await vg.suppressions.add({ numbers: ['+14155550601', '+14155550602', '+14155550601'] })).toEqual({ added: 2, numbers: 2 });
    expect(await vg.suppressions.add({ numbers: ['+14155550602', '+14155550603'] })).toEqual({ added: 1, numbers: 2 });

    rec.exchanges.length = 0;
    const listed: Suppression[] = [];
    for await (const s of vg.suppressions.list({ limit: 2 })) listed.push(s);
    expect(rec.exchanges.map((e) => e.url.searchParams.has('cursor'))).toEqual([false, true]);
    expect(listed.map((s) => s.number).sort()).toEqual(['+14155550601', '+14155550602', '+14155550603']);
    expect(listed.every((s) => s.source === 'api' && typeof s.created_at === 'string')).toBe(true);
    expect(listed[0]!.number).toBe('+14155550603');

    const refused = await failure(vg.calls.place({ to: '+14155550601' }));
    expect([refused.status, refused.code]).toEqual([422, 'number_suppressed']);

    // The SDK encodes the leading + of the number in the path.
    const removed = await vg.suppressions.remove('+14155550601').withResponse();
    expect([removed.status, removed.data]).toEqual([204, undefined]);
    expect(rec.exchanges.at(-1)!.url.pathname).toBe('/v1/suppressions/%2B14155550601');
    expect((await vg.suppressions.list().toArray()).map((s) => s.number).sort()).toEqual(['+14155550602', '+14155550603']);
    expect((await vg.calls.place({ to: '+14155550601' })).status).toBe('queued');
  });

  test('typed errors: 422 names the invalid number by index, 404 for a number not listed', async () => {
    const vg = await client();
    const invalid = await failure(vg.suppressions.add({ numbers: ['+14155550701', '0123'] }));
    expect([invalid.status, invalid.code]).toEqual([422, 'validation_error']);
    expect(invalid.errors.map((e) => e.field)).toEqual(['numbers.1']);
    expect(await vg.suppressions.list().toArray()).toEqual([]);

    const missing = await failure(vg.suppressions.remove('+14155550702'));
    expect([missing.status, missing.code, missing.errors]).toEqual([404, 'not_found', []]);
    expect(missing.requestId).toEqual(expect.any(String));
  });

  test('an add whose answer is lost is retried (adding is idempotent by nature); remove is not', async () => {
    let lost = 0;
    const rec = recordingFetch({ loseResponse: (e) => e.method !== 'GET' && lost++ === 0 });
    const vg = await client({ fetch: rec.fetch });
    const added = await vg.suppressions.add({ numbers: ['+14155550801'] });
    expect(rec.exchanges.map((e) => [e.method, e.status])).toEqual([
      ['POST', 'network_error'],
      ['POST', 201],
    ]);
    // The first attempt did add the number; the retry found it listed.
    expect(added).toEqual({ added: 0, numbers: 1 });
    expect((await vg.suppressions.list().toArray()).map((s) => s.number)).toEqual(['+14155550801']);

    lost = 0;
    rec.exchanges.length = 0;
    await expect(vg.suppressions.remove('+14155550801')).rejects.toBeInstanceOf(VoicegateConnectionError);
    expect(rec.exchanges.map((e) => [e.method, e.status])).toEqual([['DELETE', 'network_error']]);
  });
});
