import { bearer, eventually, signup } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false', SIMULATOR_SPEEDUP: '2000', WEBHOOK_RETRY_SCHEDULE: '10s' }, { worker: true });
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

test('a per-call webhook_url to a private address is refused when the call is placed', async () => {
  const org = await signup(app);
  const urls = [
    `${rx.url}/x`, 'http://localhost/x', 'http://[::1]/x', 'http://169.254.169.254/latest',
    // IPv6 forms carrying an IPv4 address (IPv4-compatible, NAT64, SIIT, 6to4, Teredo)
    'http://[::127.0.0.1]/x', 'http://[::7f00:1]/x', 'http://[::169.254.169.254]/x', 'http://[64:ff9b::127.0.0.1]/x',
    'http://[64:ff9b:1::a00:1]/x', 'http://[::ffff:0:7f00:1]/x', 'http://[2002:7f00:1::]/x', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
  ];
  for (const url of urls) {
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550003', webhook_url: url });
    expect([url, res.status, res.body.errors?.[0]?.field]).toEqual([url, 422, 'webhook_url']);
  }
});

test('a private webhook_url is named in the same 422 as the other invalid fields (calls and campaigns)', async () => {
  const org = await signup(app);
  const fields = (res: { body: { errors: Array<{ field: string }> } }) => res.body.errors.map((e) => e.field);
  const call = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '12', webhook_url: 'http://127.0.0.1/x' }).expect(422);
  expect(fields(call)).toEqual(['to', 'webhook_url']);
  const campaign = await app
    .http()
    .post('/v1/campaigns')
    .set(bearer(org.apiKey))
    .send({ name: ' ', webhook_url: 'http://169.254.169.254/latest', recipients: [{ to: '+14155550003' }, { to: '12' }] })
    .expect(422);
  expect(fields(campaign)).toEqual(['name', 'recipients.1.to', 'webhook_url']);
  // Alone, it is still refused (after the body is otherwise valid).
  const alone = await app.http().post('/v1/campaigns').set(bearer(org.apiKey)).send({ name: 'c', webhook_url: 'http://localhost/x', recipients: [{ to: '+14155550003' }] }).expect(422);
  expect(fields(alone)).toEqual(['webhook_url']);
  expect((await app.db.pool.query('select count(*)::int as n from campaigns where org_id = $1', [org.orgId])).rows[0].n).toBe(0);
});

// Destinations stored before the rule existed, or names whose DNS answer changed after validation
// (rebinding), are caught at delivery time, against the address actually connected to.
// PORT is the local receiver's: if the guard failed, the receiver would see the request.
const destinations = [
  'http://127.0.0.1:PORT/hook',
  'http://localhost:PORT/hook',
  'http://[::1]:PORT/hook',
  'http://[::ffff:127.0.0.1]:PORT/hook',
  'http://0.0.0.0:PORT/hook',
  'http://2130706433:PORT/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/hook',
];

test.each(destinations)('delivery to %s fails with blocked_destination and sends nothing', async (template) => {
  const url = template.replace('PORT', new URL(rx.url).port);
  const org = await signup(app);
  await app.db.pool.query('update organizations set webhook_url = $1 where id = $2', [url, org.orgId]);
  const call = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550003' })).body;
  const attempt = await eventually(async () => {
    const { rows } = await app.db.pool.query(
      `select a.error, a.response_code from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.call_id = $1 and d.event = 'call.queued'`,
      [call.call_id],
    );
    return rows[0];
  });
  expect(attempt).toEqual({ error: 'blocked_destination', response_code: null });
  expect(rx.received.filter((r) => r.json.call_id === call.call_id)).toEqual([]);
});
