import dgram from 'node:dgram';
import * as sip from 'sip';
import { bearer, eventually, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { digestScenario } from '../sip/scenarios';

/**
 * Per-organization SIP connections on a deployment whose default is the simulator: owners connect
 * a trunk (private addresses allowed here by CARRIER_ALLOW_PRIVATE_NETWORKS), test it with an
 * OPTIONS ping, and their calls go to that trunk while other organizations keep the default.
 */
describe('per-organization SIP connections', () => {
  let app: TestApp;
  let owner: TestOrg;
  let responder: dgram.Socket;
  let responderPort: number;

  beforeAll(async () => {
    app = await startTestApp({ CARRIER_ALLOW_PRIVATE_NETWORKS: 'true', SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', STT_ENGINE: 'none', RTP_PORT_MIN: '40000', RTP_PORT_MAX: '44998' }, { worker: true });
    owner = await signup(app);
    // A trunk that answers OPTIONS with 200 OK.
    responder = dgram.createSocket('udp4');
    responder.on('message', (data, rinfo) => {
      const rq = sip.parse(data);
      if (rq?.method === 'OPTIONS') responder.send(sip.stringify(sip.makeResponse(rq, 200, 'OK')), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => responder.bind(0, '127.0.0.1', r));
    responderPort = responder.address().port;
  });
  afterAll(async () => {
    responder?.close();
    await app?.close();
  });

  const put = (org: TestOrg, body: Record<string, unknown>) => app.http().put('/dashboard/carrier').set(bearer(org.token)).send(body);

  it('stores the trunk without returning the password, keeps it when left out, and pings it', async () => {
    recordSecret('trunk-pass-1');
    const res = await put(owner, { type: 'sip', host: '127.0.0.1', port: responderPort, username: 'alice', password: 'trunk-pass-1', numbers: ['+14155550100'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'sip', source: 'organization', host: '127.0.0.1', port: responderPort, transport: 'udp', username: 'alice', numbers: ['+14155550100'], password_set: true, updated_at: expect.any(String) });
    const kept = await put(owner, { type: 'sip', host: '127.0.0.1', port: responderPort, username: 'alice', numbers: ['+14155550100'] });
    expect(kept.body.password_set).toBe(true);
    const ping = await app.http().post('/dashboard/carrier/test').set(bearer(owner.token)).expect(200);
    expect(ping.body).toEqual({ ok: true, message: 'The trunk answered OPTIONS with 200 OK.' });

    // Another host: the stored password does not follow it (see the next test); the trunk is reset without one.
    await app.http().delete('/dashboard/carrier').set(bearer(owner.token)).expect(200);
    await put(owner, { type: 'sip', host: 'no-such-trunk.invalid', numbers: ['+14155550100'] }).expect(200);
    const unresolved = await app.http().post('/dashboard/carrier/test').set(bearer(owner.token)).expect(200);
    expect(unresolved.body).toEqual({ ok: false, message: expect.stringContaining('no-such-trunk.invalid could not be resolved') });

    const silent = await freeUdpPort();
    await put(owner, { type: 'sip', host: '127.0.0.1', port: silent, numbers: ['+14155550100'] }).expect(200);
    const none = await app.http().post('/dashboard/carrier/test').set(bearer(owner.token)).expect(200);
    expect(none.body.ok).toBe(false);
    expect(none.body.message).toContain(`No answer from 127.0.0.1:${silent}`);
  });

  it('refuses to move a stored password to another host, port or user name without the password', async () => {
    const org = await signup(app);
    recordSecret('trunk-pass-3', 'trunk-pass-4');
    const trunk = { type: 'sip', host: '127.0.0.1', port: responderPort, username: 'carol', numbers: ['+14155550100'] };
    await put(org, { ...trunk, password: 'trunk-pass-3' }).expect(200);
    for (const moved of [{ host: 'sip.attacker.example' }, { port: responderPort + 1 }, { username: 'mallory' }, { username: undefined }]) {
      const res = await put(org, { ...trunk, ...moved });
      expect({ moved, status: res.status }).toEqual({ moved, status: 422 });
      expect(res.body.errors).toEqual([{ field: 'password', message: expect.stringContaining('host, port or user name changes') }]);
    }
    const view = (await app.http().get('/dashboard/carrier').set(bearer(org.token)).expect(200)).body;
    expect(view).toMatchObject({ host: '127.0.0.1', port: responderPort, username: 'carol', password_set: true });
    // The same trunk keeps it (host compared without case); a new password goes with a new host.
    expect((await put(org, { ...trunk, host: '127.0.0.1' }).expect(200)).body.password_set).toBe(true);
    expect((await put(org, { ...trunk, host: 'sip.example.net', password: 'trunk-pass-4' }).expect(200)).body).toMatchObject({ host: 'sip.example.net', password_set: true });
    expect((await put(org, { ...trunk, host: 'SIP.Example.NET' }).expect(200)).body.password_set).toBe(true);
  });

  it('validates user, password and host against the SIP grammar: no header or digest parameter can be injected', async () => {
    const trunk = { type: 'sip', host: '127.0.0.1', port: responderPort, password: 'p', numbers: ['+14155550100'] };
    for (const username of ['u"\r\nX-Inj: 1', 'u", response="forged', 'u\r\nX-Inj: 1', 'a b', 'u\\', 'u"', 'u@host', 'u:x']) {
      const res = await put(owner, { ...trunk, username });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'username', message: expect.stringContaining('RFC 3261') }]);
    }
    for (const password of ['p\r\nX-Inj: 1', 'p\n', 'p\u0000']) {
      const res = await put(owner, { ...trunk, username: 'u', password });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'password', message: expect.stringContaining('control characters') }]);
    }
    for (const host of ['a..example.net', '-a.example.net', 'a-.example.net', 'example.123', '[::1', '[not-v6]', 'a_b.example.net', '256.1.1.1.']) {
      const res = await put(owner, { ...trunk, host });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'host', message: expect.stringContaining('RFC 3261') }]);
    }
    // What the grammar does allow: escapes and user-unreserved marks, any printable password, FQDNs with a trailing dot.
    await put(owner, { ...trunk, username: "a%40b.c-d_e!~*'()&=+$,;?/", password: 'p@ss "w0rd" #1 é' }).expect(200);
    recordSecret('p@ss "w0rd" #1 é');
    await put(owner, { ...trunk, host: 'sip-1.Example.net.', password: 'p' }).expect(200);
  });

  it('rejects bad input with field errors, and only owners may change it', async () => {
    const bad = await put(owner, { type: 'sip', host: 'bad host!', transport: 'tcp', numbers: ['0123'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['host', 'numbers.0', 'transport']);
    expect((await put(owner, { type: 'fax' })).status).toBe(422);

    const email = uniqueEmail('member');
    await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, password: 'member password', role: 'member' }).expect(201);
    const member = (await app.http().post('/auth/login').send({ email, password: 'member password' })).body.access_token as string;
    recordSecret(member);
    expect((await app.http().put('/dashboard/carrier').set(bearer(member)).send({ type: 'simulator' })).status).toBe(403);
    expect((await app.http().get('/dashboard/carrier').set(bearer(member))).status).toBe(200);
  });

  it('GraphQL: carrier, updateCarrier and removeCarrier', async () => {
    const org = await signup(app);
    const gql = (query: string) => app.http().post('/graphql').set(bearer(org.token)).send({ query });
    const updated = await gql(`mutation { updateCarrier(input: {type: SIP, host: "127.0.0.1", port: ${responderPort}, password: "gql-pass", numbers: ["+14155550111"]}) { type source host port passwordSet numbers } }`);
    recordSecret('gql-pass');
    expect(updated.body.data.updateCarrier).toEqual({ type: 'SIP', source: 'ORGANIZATION', host: '127.0.0.1', port: responderPort, passwordSet: true, numbers: ['+14155550111'] });
    const test = await gql('mutation { testCarrier { ok message } }');
    expect(test.body.data.testCarrier.ok).toBe(true);
    const invalid = await gql('mutation { updateCarrier(input: {type: TWILIO, accountSid: "nope", numbers: []}) { type } }');
    expect(invalid.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const removed = await gql('mutation { removeCarrier { type source numbers } }');
    expect(removed.body.data.removeCarrier).toEqual({ type: 'SIMULATOR', source: 'DEFAULT', numbers: [] });
  });
});

describeWithTools(['sipp'], 'an organization SIP trunk places its calls', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ CARRIER_ALLOW_PRIVATE_NETWORKS: 'true', SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', STT_ENGINE: 'none', RTP_PORT_MIN: '45000', RTP_PORT_MAX: '49998' }, { worker: true });
  });
  afterAll(() => app?.close());

  it("dials the organization's trunk with its credentials, while another organization keeps the simulator", async () => {
    const [withTrunk, withDefault] = [await signup(app), await signup(app)];
    const sipPort = await freeUdpPort();
    recordSecret('org-trunk-secret');
    await app.http().put('/dashboard/carrier').set(bearer(withTrunk.token)).send({ type: 'sip', host: '127.0.0.1', port: sipPort, username: 'bob', password: 'org-trunk-secret', numbers: ['+14155550150'] }).expect(200);
    const dir = await scenarioDir();
    const sipp = runSipp(dir, await writeScenario(dir, 'org-digest', digestScenario('bob', 'org-trunk-secret')), sipPort, await freeUdpPort());
    try {
      const placed = await app.http().post('/v1/calls/outbound').set(bearer(withTrunk.apiKey)).send({ to: '+14155550123', task: 'A short test call.', max_duration_seconds: 30 }).expect(201);
      expect(placed.body.from).toBe('+14155550150');
      const other = await app.http().post('/v1/calls/outbound').set(bearer(withDefault.apiKey)).send({ to: '+14155550124', from: '+14155559999' }).expect(201);
      const ended = (org: TestOrg, id: string) =>
        eventually(async () => {
          const c = (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
          return ['completed', 'failed', 'canceled'].includes(c.status) ? c : undefined;
        }, { timeoutMs: 60_000, what: 'the call to end' });
      expect(await ended(withTrunk, placed.body.call_id)).toMatchObject({ status: 'completed', disposition: 'human', carrier: 'sip' });
      expect(await ended(withDefault, other.body.call_id)).toMatchObject({ status: 'completed', carrier: 'simulator', from: '+14155559999' });
      expect(await sipp.exited).toBe(0);
    } catch (e) {
      sipp.kill();
      throw new Error(`${(e as Error).message}\nSIPp said:\n${sipp.output()}`);
    }
  });
});
