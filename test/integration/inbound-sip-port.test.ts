import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { bearer, eventually, signup } from '../helpers/factories';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { refusedScenario } from '../sip/inbound-scenarios';

jest.setTimeout(120_000);

/** One OPTIONS to the SIP port; resolves with the status line of the answer, or null after a second of silence. */
async function optionsPing(port: number): Promise<string | null> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  const local = socket.address().port;
  const text = [
    `OPTIONS sip:ping@127.0.0.1:${port} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${local};branch=z9hG4bK${randomBytes(6).toString('hex')}`,
    `From: <sip:probe@127.0.0.1>;tag=${randomBytes(4).toString('hex')}`,
    `To: <sip:ping@127.0.0.1:${port}>`,
    `Call-ID: ${randomBytes(8).toString('hex')}@probe`,
    'CSeq: 1 OPTIONS',
    'Max-Forwards: 70',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
  try {
    return await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 1000);
      socket.once('message', (m) => {
        clearTimeout(timer);
        resolve(m.toString().split('\r\n')[0]!);
      });
      socket.send(text, port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

/**
 * A worker of a deployment that does not use SIP by default opens its SIP port only once an
 * organization connects a SIP trunk, and then answers that trunk's INVITEs (here: 480, inbound
 * calls being off).
 */
describeWithTools(['sipp'], 'the SIP port opens when an organization connects a SIP trunk', () => {
  let app: TestApp;
  let sipPort: number;

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    app = await startTestApp({ SIP_PORT: String(sipPort), CARRIER_ALLOW_PRIVATE_NETWORKS: 'true', STT_ENGINE: 'none' }, { worker: true });
  });
  afterAll(() => app?.close());

  test('closed while no organization has SIP; open, answering OPTIONS and INVITEs, once one connects a trunk', async () => {
    // No SIP stack in this worker yet (nothing bound).
    expect(app.services.carriers.sip.live).toBeNull();
    const org = await signup(app);
    await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'sip', host: '127.0.0.1', numbers: ['+14155550100'] }).expect(200);
    expect(await eventually(() => optionsPing(sipPort), { what: 'the SIP port to answer OPTIONS' })).toBe('SIP/2.0 200 OK');
    const dir = await scenarioDir();
    const sipp = runSipp(dir, await writeScenario(dir, 'refused-480', refusedScenario(480)), await freeUdpPort(), await freeUdpPort(), [`127.0.0.1:${sipPort}`, '-s', '+14155550100', '-key', 'caller', '+14155550123']);
    const code = await sipp.exited;
    expect({ code, output: code === 0 ? '' : sipp.output() }).toEqual({ code: 0, output: '' });
  });
});
