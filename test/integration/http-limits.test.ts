import net from 'node:net';
import { loadConfig } from '../../src/config';
import { startHttpServer } from '../../src/rest/http-server';
import { eventually, recordSecret, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Slow clients and connection floods (docs/security.md): the server created by
 * src/rest/http-server.ts cuts off requests whose headers or body arrive too slowly, and caps the
 * connections one address may hold open. Small limits come from config; nothing here measures time,
 * each test waits for the socket to close under one generous deadline.
 */
let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await startTestApp({
    HTTP_HEADERS_TIMEOUT: '1s',
    HTTP_REQUEST_TIMEOUT: '2s',
    HTTP_MAX_CONNECTIONS_PER_IP: '3',
    TRUST_PROXY: 'false', // loopback is then an ordinary client, capped like any other
  });
  port = Number(new URL(app.url).port);
});
afterAll(() => app.close());

const DEADLINE_MS = 60_000;

interface RawClient {
  socket: net.Socket;
  received: () => string;
  closed: Promise<void>;
}

function connect(): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => undefined); // writes racing the server's close may fail: the close is what we wait for
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Waits for the server to close the socket, failing (not hanging) after the deadline. */
async function closedByServer(client: RawClient): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server did not close the connection; received: ${client.received().slice(0, 200)}`)), DEADLINE_MS);
  });
  try {
    await Promise.race([client.closed, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the same bytes again and again, as a slow client would, until the socket closes. */
function trickle(client: RawClient, chunk: string): () => void {
  const timer = setInterval(() => {
    if (!client.socket.destroyed) client.socket.write(chunk);
  }, 100);
  return () => clearInterval(timer);
}

test('a client that sends its headers slowly is answered 408 and cut off', async () => {
  const client = await connect();
  client.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
  const stop = trickle(client, 'X-Slow: still-typing\r\n');
  try {
    await closedByServer(client);
  } finally {
    stop();
  }
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
});

test('a client that sends its body slowly is answered 408 and cut off, and the request has no effect', async () => {
  const email = uniqueEmail('slow-body');
  const body = JSON.stringify({ email, password: 'a slow but valid password' });
  const client = await connect();
  client.socket.write(`POST /auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 4096}\r\n\r\n`);
  client.socket.write(body);
  const stop = trickle(client, ' ');
  try {
    await closedByServer(client);
  } finally {
    stop();
  }
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  const { rowCount } = await app.db.pool.query('select 1 from users where email = $1', [email]);
  expect(rowCount).toBe(0);
});

test('connections past the per-address cap are answered 429 and closed; their requests never run', async () => {
  // Three keep-alive connections that the server has certainly accepted: each got a response.
  const held: RawClient[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await connect();
    c.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await eventually(async () => c.received().includes('\r\n\r\n'), { timeoutMs: DEADLINE_MS, what: 'health response' });
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    held.push(c);
  }

  const email = uniqueEmail('over-cap');
  const body = JSON.stringify({ email, password: 'a password that never arrives' });
  const extra = await connect();
  extra.socket.write(`POST /auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  await closedByServer(extra);
  expect(extra.received()).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
  expect(extra.received()).toContain('"code":"rate_limited"');
  expect((await app.db.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);

  // The held connections still work; once one closes, a new one is accepted.
  held[0]!.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await eventually(async () => held[0]!.received().split('HTTP/1.1 200').length === 3, { timeoutMs: DEADLINE_MS, what: 'second response' });
  held[1]!.socket.destroy();
  await held[1]!.closed;
  const res = await eventually(
    async () => {
      const r = await app.http().get('/health');
      return r.status === 200 ? r : undefined;
    },
    { timeoutMs: DEADLINE_MS, what: 'a fourth connection accepted' },
  );
  expect(res.status).toBe(200);
  for (const c of held) c.socket.destroy();
});

test('a refused connection never reaches the handler, even when its request arrives complete', async () => {
  // The server helper alone with a counting handler, so "never ran" is checked after the server
  // itself saw the refused socket close (every byte it sent has been parsed by then).
  let handled = 0;
  const server = await startHttpServer(
    (_req, res) => {
      handled++;
      res.end('ok');
    },
    { port: 0, host: '127.0.0.1', limits: { headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxConnectionsPerIp: 1 } },
  );
  const serverSideClosed: Array<Promise<void>> = [];
  server.on('connection', (s: net.Socket) => serverSideClosed.push(new Promise((r) => s.once('close', () => r()))));
  const serverPort = (server.address() as net.AddressInfo).port;
  const open = (): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const s = net.connect(serverPort, '127.0.0.1', () => resolve(s));
      s.on('error', () => undefined);
      s.once('error', reject);
    });
  try {
    const first = await open();
    await eventually(async () => serverSideClosed.length === 1, { timeoutMs: DEADLINE_MS, what: 'first connection accepted' });
    const second = await open();
    let answer = '';
    second.on('data', (d) => (answer += String(d)));
    second.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await eventually(async () => serverSideClosed.length === 2, { timeoutMs: DEADLINE_MS, what: 'second connection seen' });
    await serverSideClosed[1];
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(handled).toBe(0);
    first.destroy();
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

describe('X-Forwarded-For and TRUST_PROXY', () => {
  const LIMITS = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_SIGNUP_IP_PER_HOUR: '2', RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR: '100' };
  const signupFrom = (target: TestApp, forwardedFor: string) => {
    const password = 'a long enough password';
    recordSecret(password);
    return target
      .http()
      .post('/auth/signup')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: uniqueEmail('xff'), password })
      .then((r) => {
        recordSecret(r.body.access_token, r.body.api_key?.secret, r.body.webhook_secret);
        return r.status;
      });
  };

  test('with TRUST_PROXY=false the header is ignored: a new value each time does not escape the per-address limit', async () => {
    const direct = await startTestApp({ ...LIMITS, TRUST_PROXY: 'false' });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push(await signupFrom(direct, `203.0.113.${i}`));
      expect(statuses).toEqual([201, 201, 429, 429]);
    } finally {
      await direct.close();
    }
  });

  test('from a trusted proxy (loopback), the address it appended counts, not one the client put first', async () => {
    const proxied = await startTestApp({ ...LIMITS, TRUST_PROXY: 'loopback' });
    try {
      // The client forged the left part; the proxy appended the real address 198.51.100.7.
      const forged = (i: number) => `10.${i}.0.1, 198.51.100.7`;
      const statuses = [];
      for (let i = 1; i <= 3; i++) statuses.push(await signupFrom(proxied, forged(i)));
      expect(statuses).toEqual([201, 201, 429]);
      // A different real client behind the same proxy has its own bucket.
      expect(await signupFrom(proxied, '198.51.100.8')).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

test('TRUST_PROXY is validated at start-up', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };
  expect(loadConfig({ ...base }).trustProxy).toBe('loopback');
  expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
  expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
});
