import { bearer, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * POST /v1/calls/outbound, exactly, runs its middlewares as one precompiled chain (exactRoute in
 * src/rest/router.ts); the same route written `/v1/calls/outbound?via=stack` takes Express's stack.
 * Both must answer alike: same statuses, same problem bodies, same headers (but the request id and
 * the call's own ids and times).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Answer = { status: number; headers: Record<string, string>; body: Record<string, unknown> };

const VARYING = new Set(['date', 'x-request-id', 'location', 'content-length']);
const shape = (res: Answer) => ({
  status: res.status,
  headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => !VARYING.has(k)).sort()),
  body: res.body,
});
const withoutIds = (body: Record<string, unknown>) => ({ ...body, call_id: '-', created_at: '-' });

test('the shortcut answers as the stack does: success, replay, and every kind of refusal', async () => {
  const org = await signup(app);
  const post = (path: string) => app.http().post(path).set(bearer(org.apiKey));
  const both = async (send: (path: string) => PromiseLike<Answer>) => {
    const fast = await send('/v1/calls/outbound');
    const stack = await send('/v1/calls/outbound?via=stack');
    return { fast, stack };
  };
  const same = async (send: (path: string) => PromiseLike<Answer>, status: number) => {
    const { fast, stack } = await both(send);
    expect(fast.status).toBe(status);
    expect(shape(fast)).toEqual(shape(stack));
  };

  // Placed: the same call object (ids and times aside), the same headers.
  const placed = await both((p) => post(p).send({ to: '+14155550123', task: 'Confirm.', metadata: { b: 1, a: 2 } }));
  expect(placed.fast.status).toBe(201);
  expect(placed.fast.headers.location).toBe(`/v1/calls/${placed.fast.body.call_id}`);
  expect({ ...shape(placed.fast), body: withoutIds(placed.fast.body) }).toEqual({ ...shape(placed.stack), body: withoutIds(placed.stack.body) });
  expect(Object.keys(placed.fast.body)).toEqual(Object.keys(placed.stack.body));

  // Replays under an Idempotency-Key, each path its own key.
  for (const key of ['k-fast', 'k-stack']) {
    const path = key === 'k-fast' ? '/v1/calls/outbound' : '/v1/calls/outbound?via=stack';
    const first = await post(path).set('Idempotency-Key', key).send({ to: '+14155550124' });
    const again = await post(path).set('Idempotency-Key', key).send({ to: '+14155550124' });
    expect([first.status, again.status, again.headers['idempotent-replayed'], again.body.call_id]).toEqual([201, 201, 'true', first.body.call_id]);
  }

  await same((p) => post(p).send({ to: 'nope', tsk: 'typo' }), 422);
  await same((p) => post(p).set('Idempotency-Key', 'has space').send({ to: '+14155550123' }), 422);
  await same((p) => post(p).set('Content-Type', 'application/json').send('{not json'), 400);
  await same((p) => post(p).set('Content-Type', 'text/plain').send('to=+14155550123'), 415);
  await same((p) => post(p).send({ to: '+14155550123', metadata: { blob: 'x'.repeat(70 * 1024) } }), 413);
  await same((p) => app.http().post(p).send({ to: '+14155550123' }), 401);
  await same((p) => app.http().post(p).set(bearer('sk_live_not-a-key')).send({ to: '+14155550123' }), 401);
});

test('plain JSON bodies are read as body-parser reads them (a quoted charset still goes through body-parser)', async () => {
  const org = await signup(app);
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const bodies: Array<[string, Buffer]> = [
    ['an invalid call', Buffer.from('{"to":"nope","tsk":1}')],
    ['a valid call after a byte order mark', Buffer.concat([bom, Buffer.from('{"to":"+14155550123"}')])],
    ['whitespace first', Buffer.from(' \r\n\t{"to":"+1415555012"}')],
    ['only a byte order mark', bom],
    ['only whitespace', Buffer.from('   ')],
    ['a string', Buffer.from('"to"')],
    ['a number', Buffer.from('123')],
    ['null', Buffer.from('null')],
    ['an array', Buffer.from('[1,2]')],
    ['broken JSON', Buffer.from('{"to":')],
    ['invalid UTF-8 inside a string', Buffer.concat([Buffer.from('{"to":"+1415555'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])],
    ['two byte order marks', Buffer.concat([bom, bom, Buffer.from('{}')])],
  ];
  for (const [what, body] of bodies) {
    // The bytes as they are (supertest would serialize a Buffer as JSON under a JSON type).
    const answer = async (type: string) => {
      const res = await fetch(`${app.url}/v1/calls/outbound`, { method: 'POST', headers: { ...bearer(org.apiKey), 'Content-Type': type }, body });
      const json = (await res.json()) as Record<string, unknown>;
      return { what, status: res.status, body: res.status === 201 ? withoutIds(json) : json };
    };
    const viaBodyParser = await answer('application/json; charset="utf-8"');
    expect(await answer('application/json')).toEqual(viaBodyParser);
    expect(await answer('application/json; charset=UTF-8')).toEqual(viaBodyParser);
  }
});
