import jwt from 'jsonwebtoken';
import { spawnWorker } from '../helpers/child-worker';
import { bearer, eventually, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { connectWs, rawWs, subscribe, type RawWs, type WsConnection } from '../helpers/graphql-ws';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { WAIT_DEADLINE_MS } from '../helpers/wait';
import { CallUpdatedDocument, PlaceCallDocument, WebhookDeliveryUpdatedDocument, type CallUpdatedSubscription } from '../graphql/generated';

// The API (and its subscriptions) in this process; the worker is a real child process running
// src/main.ts, so every status change after placement crosses processes through PostgreSQL.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const sockets: WsConnection[] = [];
const ws = (token: string | undefined, params?: Record<string, unknown>): WsConnection => {
  const c = connectWs(app, params ?? (token ? { authorization: `Bearer ${token}` } : undefined));
  sockets.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.client.dispose()));
  await eventually(async () => app.services.liveUpdates.subscriberCount === 0, { what: 'subscriptions of closed sockets to end' });
});

/** The subscriptions this process serves are registered before anything is placed. */
const subscribersRegistered = (n: number) => eventually(async () => app.services.liveUpdates.subscriberCount === n, { what: `${n} subscribers`, timeoutMs: 30_000 });

type CallEvent = CallUpdatedSubscription['callUpdated'];
const eventsOf = (events: CallUpdatedSubscription[], id: string): CallEvent[] => events.map((e) => e.callUpdated).filter((c) => c.id === id);
const analyzed = (events: CallUpdatedSubscription[], id: string) => eventsOf(events, id).some((c) => c.analyzedAt !== null);

test('calls placed over REST and GraphQL and worked by another process are seen live, every change in order; other organizations see none of it', async () => {
  const rx = await Receiver.start(() => ({ status: 200 }));
  const a = await signup(app);
  const b = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(a.token)).send({ webhook_url: rx.url }).expect(200);
  const worker = spawnWorker(app);
  try {
    const wsA = ws(a.token);
    const wsB = ws(b.token);
    await Promise.all([wsA.acked, wsB.acked]);
    const allOfA = subscribe(wsA, CallUpdatedDocument, {});
    const deliveriesOfA = subscribe(wsA, WebhookDeliveryUpdatedDocument, {});
    const allOfB = subscribe(wsB, CallUpdatedDocument, {});
    await subscribersRegistered(3);

    const rest = await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550100', metadata: { via: 'rest' } }).expect(201);
    const placed = await gql(app, PlaceCallDocument, { input: { to: '+14155550123', metadata: { via: 'graphql' } } }, a.token);
    expect(placed.errors).toBeUndefined();
    const ids = [rest.body.call_id as string, placed.data!.placeCall.id];

    await allOfA.until((ev) => ids.every((id) => analyzed(ev, id)), 'both calls analyzed');
    for (const id of ids) {
      const seen = eventsOf(allOfA.events, id);
      // Every committed change once, in order: placement, then each status the call really took
      // (the carrier's reports may overtake one another, so RINGING can be skipped), then the analysis.
      const statuses = seen.map((c) => c.status);
      const order: CallEvent['status'][] = ['QUEUED', 'RINGING', 'IN_PROGRESS', 'COMPLETED'];
      expect(statuses[0]).toBe('QUEUED');
      expect(statuses.slice(-2)).toEqual(['COMPLETED', 'COMPLETED']);
      expect(statuses.slice(0, -1)).toEqual(order.filter((s) => statuses.includes(s)));
      expect(seen.map((c) => c.analyzedAt !== null)).toEqual([...statuses.slice(0, -1).map(() => false), true]);
      expect(seen.at(-2)).toMatchObject({ disposition: 'HUMAN', transcript: null, endedAt: expect.any(String) });
      expect(seen.at(-1)!.transcript).toEqual(expect.any(String));
      // The last event is what a query returns now.
      const now = (await app.http().get(`/v1/calls/${id}`).set(bearer(a.apiKey))).body;
      expect(seen.at(-1)).toMatchObject({ durationSeconds: now.duration_seconds, transcript: now.transcript, structuredAnswers: now.structured_answers });
    }

    // Each webhook attempt's outcome: queued, ended and analyzed delivered for both calls.
    await deliveriesOfA.until(
      (ev) => ids.every((id) => ['CALL_QUEUED', 'CALL_ENDED', 'CALL_ANALYZED'].every((e) => ev.some((d) => d.webhookDeliveryUpdated.callId === id && d.webhookDeliveryUpdated.event === e && d.webhookDeliveryUpdated.state === 'DELIVERED'))),
      'every delivery delivered',
    );
    expect(deliveriesOfA.events.every((d) => d.webhookDeliveryUpdated.responseCode === 200 && d.webhookDeliveryUpdated.attempts >= 1)).toBe(true);

    // Organization B: its own call arrives (after every change of A's, which were heard first)…
    const mine = await app.http().post('/v1/calls/outbound').set(bearer(b.apiKey)).send({ to: '+14155550003' }).expect(201);
    await allOfB.until((ev) => ev.some((e) => e.callUpdated.id === mine.body.call_id && e.callUpdated.status === 'FAILED'), "B's own call to fail");
    // …and nothing of A's ever did.
    expect(new Set(allOfB.events.map((e) => e.callUpdated.id))).toEqual(new Set([mine.body.call_id]));
    expect(allOfB.errors).toEqual([]);
    expect(allOfA.events.some((e) => e.callUpdated.id === mine.body.call_id)).toBe(false);

    // Following one call of another organization by id: not found, and the subscription ends.
    const foreign = subscribe(wsB, CallUpdatedDocument, { id: ids[0]! });
    await foreign.ended;
    expect(foreign.errors).toEqual([expect.objectContaining({ extensions: { code: 'NOT_FOUND', reason: 'not_found' } })]);
    expect(foreign.events).toEqual([]);
  } finally {
    worker.kill('SIGTERM');
    await worker.exited;
    await rx.close();
  }
}, 120_000);

test('one call followed by id sees only that call', async () => {
  const a = await signup(app);
  const first = await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550100' }).expect(201);
  const conn = ws(a.token);
  const one = subscribe(conn, CallUpdatedDocument, { id: first.body.call_id });
  await subscribersRegistered(1);
  const other = await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550101' }).expect(201);
  await app.http().post(`/v1/calls/${other.body.call_id}/cancel`).set(bearer(a.apiKey)).expect(200);
  await app.http().post(`/v1/calls/${first.body.call_id}/cancel`).set(bearer(a.apiKey)).expect(200);
  // The first call's own QUEUED update may still be on its way when the subscription starts (it is
  // published after its commit): any update of that call may come first, none of the other's.
  const events = await one.until((ev) => ev.some((e) => e.callUpdated.status === 'CANCELED'), 'the cancellation');
  expect(events.filter((e) => e.callUpdated.id !== first.body.call_id)).toEqual([]);
  expect(events.map((e) => [e.callUpdated.id, e.callUpdated.status, e.callUpdated.disposition]).at(-1)).toEqual([first.body.call_id, 'CANCELED', 'CANCELED']);
});

test('connection_init: no or bad token closes with 4401; an inactive user with 4403; deactivation closes live sockets', async () => {
  expect((await ws(undefined).closed).code).toBe(4401);
  expect((await ws(undefined, { authorization: 'Bearer not-a-jwt' }).closed).code).toBe(4401);
  expect((await ws(undefined, { authorization: 'Basic abc' }).closed).code).toBe(4401);
  const owner = await signup(app);
  expect((await ws(owner.apiKey).closed).code).toBe(4401); // an API key is not a dashboard token

  const email = uniqueEmail('live');
  const password = 'live member password';
  const added = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, password, role: 'member' }).expect(201);
  const token = (await app.http().post('/auth/login').send({ email, password }).expect(200)).body.access_token as string;
  recordSecret(password, token);
  const live = ws(token);
  await live.acked;
  const sub = subscribe(live, CallUpdatedDocument, {});
  await subscribersRegistered(1);

  await app.http().post(`/dashboard/members/${added.body.id}/deactivate`).set(bearer(owner.token)).expect(200);
  expect(await live.closed).toEqual({ code: 4403, reason: 'Forbidden' });
  await sub.ended;
  expect((await ws(token).closed).code).toBe(4403);
});

test('a subscription sent over HTTP is refused cleanly (they need the WebSocket)', async () => {
  const org = await signup(app);
  const res = await app.http().post('/graphql').set(bearer(org.token)).set('Content-Type', 'application/json').send({ query: 'subscription { callUpdated { id } }' });
  expect(res.status).toBeLessThan(500);
  expect(JSON.stringify(res.body)).not.toMatch(/stacktrace|\.ts:\d+/);
  expect(res.body.errors?.[0]?.message ?? '').not.toBe('');
});

test('signing out everywhere closes the live sockets of that user with 4401', async () => {
  const owner = await signup(app);
  const live = ws(owner.token);
  await live.acked;
  subscribe(live, CallUpdatedDocument, {});
  await subscribersRegistered(1);
  await app.http().post('/auth/logout-all').set(bearer(owner.token)).expect(204);
  expect((await live.closed).code).toBe(4401);
});

test('a socket closes when its token reaches the lifetime cap (JWT_EXPIRE_HOURS after iat), even when exp is later', async () => {
  const owner = await signup(app);
  const now = Math.floor(Date.now() / 1000);
  // Accepted for a few more seconds by the cap; its exp says thirty years.
  const iat = now - app.config.jwtExpireHours * 3600 + 5;
  const token = jwt.sign({ sub: owner.userId, org_id: owner.orgId, role: 'owner', type: 'dashboard', sv: 0, iat, exp: now + 30 * 365 * 86_400 }, app.config.jwtSecret, { algorithm: 'HS256' });
  recordSecret(token);
  const live = ws(token);
  await live.acked;
  const closed = await Promise.race([
    live.closed,
    new Promise<'still open'>((r) => setTimeout(() => r('still open'), WAIT_DEADLINE_MS).unref()),
  ]);
  expect(closed).toEqual({ code: 4401, reason: 'Token expired' });
  expect(Date.now()).toBeGreaterThanOrEqual((iat + app.config.jwtExpireHours * 3600) * 1000);
});

describe('limits', () => {
  const CAPS = { subscriptions: 3, perUser: 2, perOrg: 3, bufferedBytes: 64 * 1024 };
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      GRAPHQL_WS_MAX_SUBSCRIPTIONS: String(CAPS.subscriptions),
      GRAPHQL_WS_MAX_SOCKETS_PER_USER: String(CAPS.perUser),
      GRAPHQL_WS_MAX_SOCKETS_PER_ORG: String(CAPS.perOrg),
      GRAPHQL_WS_MAX_BUFFERED_BYTES: String(CAPS.bufferedBytes),
    });
  });
  afterAll(() => limited.close());

  const clients: WsConnection[] = [];
  const raws: RawWs[] = [];
  const open = (token: string): WsConnection => {
    const c = connectWs(limited, { authorization: `Bearer ${token}` });
    clients.push(c);
    return c;
  };
  const openRaw = (token: string): RawWs => {
    const c = rawWs(limited, token);
    raws.push(c);
    return c;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.client.dispose()));
    for (const r of raws.splice(0)) r.socket.terminate();
    await eventually(async () => limited.services.liveUpdates.subscriberCount === 0, { what: 'subscriptions of closed sockets to end' });
  });
  const subscribers = () => limited.services.liveUpdates.subscriberCount;
  const subscribersAre = (n: number) => eventually(async () => subscribers() === n, { what: `${n} subscribers` });
  const opened = (c: WsConnection) => Promise.race([c.acked.then(() => true), c.closed.then(() => false)]);

  async function memberOf(owner: TestOrg): Promise<string> {
    const email = uniqueEmail('member');
    const password = 'member password for limits';
    await limited.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, password, role: 'member' }).expect(201);
    const token = (await limited.http().post('/auth/login').send({ email, password }).expect(200)).body.access_token as string;
    recordSecret(password, token);
    return token;
  }

  /** Two events per call (placed, cancelled), each carrying 15 KB of metadata. */
  const blob = 'x'.repeat(15_000);
  async function placeAndCancel(org: TestOrg): Promise<void> {
    const placed = await limited.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550100', metadata: { blob } }).expect(201);
    await limited.http().post(`/v1/calls/${placed.body.call_id}/cancel`).set(bearer(org.apiKey)).expect(200);
  }
  const FLOOD = 'subscription { callUpdated { id status metadata } }';

  test('an operation past GRAPHQL_WS_MAX_SUBSCRIPTIONS gets RATE_LIMITED and the socket stays; sockets past the per-user and per-organization caps close with 4029', async () => {
    const owner = await signup(limited);
    const conn = open(owner.token);
    const subs = Array.from({ length: CAPS.subscriptions }, () => subscribe(conn, CallUpdatedDocument, {}));
    await subscribersAre(CAPS.subscriptions);

    const extra = subscribe(conn, CallUpdatedDocument, {});
    await extra.ended;
    expect(extra.errors).toEqual([{ message: 'At most 3 operations may be open at once on one connection.', extensions: { code: 'RATE_LIMITED', reason: 'rate_limited' } }]);
    expect(subscribers()).toBe(CAPS.subscriptions);
    // The socket stays open: its subscriptions still get events…
    const placed = await limited.http().post('/v1/calls/outbound').set(bearer(owner.apiKey)).send({ to: '+14155550100' }).expect(201);
    for (const sub of subs) await sub.until((ev) => ev.some((e) => e.callUpdated.id === placed.body.call_id), 'the placement on every subscription');
    // …and one that ends makes room for another.
    subs[0]!.dispose();
    await subscribersAre(CAPS.subscriptions - 1);
    const again = subscribe(conn, CallUpdatedDocument, {});
    await subscribersAre(CAPS.subscriptions);
    expect(again.errors).toEqual([]);

    // Sockets: two for the owner (the per-user cap), the third is refused.
    const second = open(owner.token);
    await second.acked;
    expect(await open(owner.token).closed).toEqual({ code: 4029, reason: 'Too many connections for this user' });
    // A member of the same organization gets the organization's last place, then no more.
    const member = await memberOf(owner);
    await open(member).acked;
    expect(await open(member).closed).toEqual({ code: 4029, reason: 'Too many connections for this organization' });
    // Another organization is not affected.
    const other = await signup(limited);
    await open(other.token).acked;
    // A socket that closes gives its place back.
    await second.client.dispose();
    await eventually(async () => opened(open(member)), { what: "the member's socket to be accepted once a place is free" });
  });

  test('a consumer that stops reading is closed with 4008 once its socket holds GRAPHQL_WS_MAX_BUFFERED_BYTES; its subscriptions end at once', async () => {
    const org = await signup(limited);
    const slow = openRaw(org.token);
    await slow.acked;
    for (const id of ['a', 'b', 'c']) slow.subscribe(id, FLOOD);
    await subscribersAre(3);
    slow.socket.pause(); // reads nothing more: the server's writes back up into its buffers

    // The server gives up on the socket while the client still reads nothing: nothing is held for it any more.
    let calls = 0;
    while (subscribers() > 0) {
      if (++calls > 1000) throw new Error('the paused socket was never dropped');
      await placeAndCancel(org);
    }
    slow.socket.resume();
    expect(await slow.closed).toEqual({ code: 4008, reason: 'Slow consumer' });
  }, 120_000);

  test("a flood from one organization's sockets stays within the caps while another organization's requests are answered", async () => {
    const flooder = await signup(limited);
    const member = await memberOf(flooder);
    const victim = await signup(limited);
    const target = await limited.http().post('/v1/calls/outbound').set(bearer(victim.apiKey)).send({ to: '+14155550199' }).expect(201);

    // Every socket the organization may hold, each with every subscription it may hold and one more; none of them reads.
    const sockets = [openRaw(flooder.token), openRaw(flooder.token), openRaw(member)];
    await Promise.all(sockets.map((s) => s.acked));
    expect(await open(member).closed).toEqual({ code: 4029, reason: 'Too many connections for this organization' });
    for (const s of sockets) for (const id of ['1', '2', '3', '4']) s.subscribe(id, FLOOD);
    const cap = CAPS.perOrg * CAPS.subscriptions;
    await subscribersAre(cap);
    for (const s of sockets) s.socket.pause();

    // The flood runs until every flooding socket was dropped and the other organization was served throughout.
    let served = false;
    let most = 0;
    const flood = (async () => {
      let calls = 0;
      while (!served || subscribers() > 0) {
        if (++calls > 2000) throw new Error('the flooding sockets were never dropped');
        most = Math.max(most, subscribers());
        await placeAndCancel(flooder);
      }
    })();
    const answers: Array<[number, unknown]> = [];
    try {
      for (let i = 0; i < 20; i++) {
        const res = await limited.http().get(`/v1/calls/${target.body.call_id}`).set(bearer(victim.apiKey));
        answers.push([res.status, res.body.call_id]);
      }
    } finally {
      served = true;
      await flood;
    }
    expect(answers).toEqual(Array.from({ length: 20 }, () => [200, target.body.call_id]));
    expect(most).toBeLessThanOrEqual(cap);
    for (const s of sockets) s.socket.resume();
    for (const s of sockets) expect(await s.closed).toEqual({ code: 4008, reason: 'Slow consumer' });
  }, 120_000);
});
