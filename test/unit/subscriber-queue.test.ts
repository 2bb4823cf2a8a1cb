import net from 'node:net';
import { SubscriberQueue } from '../../src/graphql/subscriptions/subscriber-queue';
import { SocketBudget, SocketCounts } from '../../src/graphql/subscriptions/live-socket';

test('a subscriber queue hands events over in order and ends a subscriber that falls too far behind', async () => {
  const overflowed: string[] = [];
  let closed = 0;
  const q = new SubscriberQueue<number>(3, () => overflowed.push('slow'), () => closed++);
  const first = q.next(); // a waiting consumer gets the next event directly
  q.push(1);
  expect(await first).toEqual({ value: 1, done: false });
  q.push(2);
  q.push(3);
  q.push(4);
  expect(q.size).toBe(3);
  expect([await q.next(), await q.next()]).toEqual([{ value: 2, done: false }, { value: 3, done: false }]);
  q.push(5);
  q.push(6);
  q.push(7);
  q.push(8); // a fourth waiting event: too slow
  expect(overflowed).toEqual(['slow']);
  expect(closed).toBe(1);
  expect(q.size).toBe(0); // nothing held any more
  expect(await q.next()).toEqual({ value: undefined, done: true });
  q.push(9);
  expect(q.size).toBe(0);
});

test('return() ends the subscription and wakes a waiting consumer', async () => {
  let closed = 0;
  const q = new SubscriberQueue<number>(2, () => undefined, () => closed++);
  const waiting = q.next();
  await q.return();
  expect(await waiting).toEqual({ value: undefined, done: true });
  expect(closed).toBe(1);
});

test("a queue's waiting bytes count against its socket's budget, which drops every subscription of the socket past its cap", async () => {
  let buffered = 0;
  let closes = 0;
  const budget = new SocketBudget(100, () => buffered, () => closes++);
  const ended: string[] = [];
  const a = new SubscriberQueue<string>(10, () => budget.tooSlow(), () => ended.push('a'), budget);
  const b = new SubscriberQueue<string>(10, () => budget.tooSlow(), () => ended.push('b'), budget);
  budget.track(a);
  budget.track(b);
  const first = a.next(); // handed over at once: sent, so no longer held here
  a.push('x', 80);
  expect(await first).toEqual({ value: 'x', done: false });
  a.push('y', 40);
  b.push('z', 40); // 80 waiting
  expect(budget.check()).toBe(true);
  expect(await a.next()).toEqual({ value: 'y', done: false }); // 40 waiting
  buffered = 70; // the socket's own send buffer backs up: 110 in all
  expect(budget.check()).toBe(false);
  expect([ended.sort(), closes, a.size, b.size]).toEqual([['a', 'b'], 1, 0, 0]);
  // Dropped once: later pushes and subscriptions hold nothing.
  b.push('w', 10);
  const late = new SubscriberQueue<string>(10, () => undefined, () => ended.push('late'), budget);
  budget.track(late);
  expect([ended, closes]).toEqual([['a', 'b', 'late'], 1]);
});

test('sockets are counted per user and per organization; a released place is free again', () => {
  const counts = new SocketCounts({ perUser: 2, perOrg: 3 });
  const u1a = counts.acquire('u1', 'o1');
  const u1b = counts.acquire('u1', 'o1');
  expect(counts.acquire('u1', 'o1')).toBe('user');
  const u2 = counts.acquire('u2', 'o1');
  expect(counts.acquire('u3', 'o1')).toBe('organization');
  expect(typeof counts.acquire('u4', 'o2')).toBe('function');
  for (const release of [u1a, u1b, u2]) if (typeof release === 'function') release();
  expect(typeof counts.acquire('u3', 'o1')).toBe('function');
});

test("what a socket's subscriptions send in one turn of the event loop leaves in one write", async () => {
  // A real TCP connection on loopback: the server side is what a WebSocket writes to.
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const accepted = new Promise<net.Socket>((r) => server.once('connection', r));
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const conn = await accepted;
  const chunks: Buffer[] = [];
  const received = new Promise<void>((r) => client.on('data', (d) => (chunks.push(d), Buffer.concat(chunks).length === 30 && r())));
  try {
    const budget = new SocketBudget(1000, () => conn.writableLength, () => undefined, conn);
    budget.coalesceWrites();
    budget.coalesceWrites(); // once per turn, however many events
    for (let i = 0; i < 3; i++) conn.write('0123456789');
    // Held together until the turn ends…
    expect([conn.writableCorked, conn.writableLength]).toEqual([1, 30]);
    await new Promise((r) => setImmediate(r));
    // …then written at once.
    expect(conn.writableCorked).toBe(0);
    await received;
    expect(Buffer.concat(chunks).toString()).toBe('012345678901234567890123456789');
  } finally {
    client.destroy();
    conn.destroy();
    server.close();
  }
});
