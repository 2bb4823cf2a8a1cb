import dgram from 'node:dgram';
import * as sip from 'sip';
import { bearer, eventually, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { TestDnsServer } from '../helpers/dns-server';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * An organization's SIP trunk on a deployment that allows only public trunks (the default): its
 * host is judged when it is saved and again right before every send. Trunk names are resolved by
 * a DNS far end on loopback (SIP_DNS_SERVERS) that the test repoints between the save and the
 * send, as a rebinding attacker would. The "internal service" is a UDP socket on 127.0.0.1 that
 * answers OPTIONS with 200 and INVITE with 486, and records every packet it gets.
 */
describe('an organization SIP trunk is judged again at every send', () => {
  let app: TestApp;
  let dns: TestDnsServer;
  let internal: dgram.Socket;
  let internalPort: number;
  const received: string[] = [];

  beforeAll(async () => {
    dns = await TestDnsServer.start();
    internal = dgram.createSocket('udp4');
    internal.on('message', (data, rinfo) => {
      received.push(data.toString('binary'));
      const rq = sip.parse(data);
      if (!rq?.method || rq.method === 'ACK') return;
      const rs = sip.makeResponse(rq, rq.method === 'INVITE' ? 486 : 200, rq.method === 'INVITE' ? 'Busy Here' : 'OK');
      rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: 'internal' } };
      internal.send(sip.stringify(rs), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => internal.bind(0, '127.0.0.1', r));
    internalPort = internal.address().port;
    app = await startTestApp(
      {
        SIP_DNS_SERVERS: dns.address,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: '0',
        STT_ENGINE: 'none',
        RTP_PORT_MIN: '52000',
        RTP_PORT_MAX: '52998',
        RATE_LIMIT_ENABLED: 'true',
        RATE_LIMIT_CARRIER_TEST_PER_10_MIN: '3',
      },
      { worker: true },
    );
  });
  afterAll(async () => {
    internal?.close();
    dns?.close();
    await app?.close();
  });

  const put = (org: TestOrg, body: Record<string, unknown>) => app.http().put('/dashboard/carrier').set(bearer(org.token)).send(body);
  const testConnection = (token: string) => app.http().post('/dashboard/carrier/test').set(bearer(token));
  let n = 0;
  const trunkName = () => `trunk-${++n}-${process.pid}.voicegate.test`;

  it('refuses a host that already resolves to loopback when it is saved', async () => {
    const owner = await signup(app);
    const name = trunkName();
    dns.set(name, '127.0.0.1');
    const res = await put(owner, { type: 'sip', host: name, port: internalPort, numbers: ['+14155550100'] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'host', message: expect.stringContaining('resolves to 127.0.0.1') }]);
  });

  it('the connection test refuses a host that resolves to loopback only when it pings: nothing is sent', async () => {
    const owner = await signup(app);
    const name = trunkName();
    dns.set(name, '8.8.8.8');
    await put(owner, { type: 'sip', host: name, port: internalPort, numbers: ['+14155550100'] }).expect(200);
    dns.set(name, '127.0.0.1');
    const res = await testConnection(owner.token).expect(200);
    expect(res.body).toEqual({ ok: false, message: expect.stringContaining(`${name} resolves to 127.0.0.1`) });
    expect(dns.queries).toContain(`${name}/1`);
    expect(received).toEqual([]);
  });

  it('a call refuses a host that resolves to loopback only when it dials: failed, carrier_error, no INVITE sent', async () => {
    const owner = await signup(app);
    const name = trunkName();
    dns.set(name, '8.8.8.8');
    await put(owner, { type: 'sip', host: name, port: internalPort, numbers: ['+14155550100'] }).expect(200);
    dns.set(name, '127.0.0.1');
    const placed = await app.http().post('/v1/calls/outbound').set(bearer(owner.apiKey)).send({ to: '+14155550123', task: 'A test call.' }).expect(201);
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${placed.body.call_id}`).set(bearer(owner.apiKey))).body;
      return ['completed', 'failed', 'canceled'].includes(c.status) ? c : undefined;
    }, { what: 'the call to end' });
    expect(call).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrier: 'sip' });
    expect(call.carrier_status.reason).toContain('127.0.0.1 is not allowed');
    expect(received).toEqual([]);
  });

  it('only owners may test the connection (REST and GraphQL)', async () => {
    const owner = await signup(app);
    const email = uniqueEmail('member');
    await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, password: 'member password', role: 'member' }).expect(201);
    const member = (await app.http().post('/auth/login').send({ email, password: 'member password' })).body.access_token as string;
    recordSecret(member);
    const rest = await testConnection(member);
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe('insufficient_role');
    const gql = await app.http().post('/graphql').set(bearer(member)).send({ query: 'mutation { testCarrier { ok message } }' });
    expect(gql.body.errors[0].extensions.reason).toBe('insufficient_role');
  });

  it('the 4th connection test of an organization within the window is 429 rate_limited; another organization is unaffected', async () => {
    const [org, other] = [await signup(app), await signup(app)];
    for (let i = 0; i < 3; i++) expect((await testConnection(org.token)).status).toBe(200);
    const refused = await testConnection(org.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-policy']).toBe('"carrier_test";q=3;w=600');
    const gql = await app.http().post('/graphql').set(bearer(org.token)).send({ query: 'mutation { testCarrier { ok } }' });
    expect(gql.body.errors[0].extensions.reason).toBe('rate_limited');
    expect((await testConnection(other.token)).status).toBe(200);
  });
});
