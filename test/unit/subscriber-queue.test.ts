import { SubscriberQueue } from '../../src/graphql/subscriptions/subscriber-queue';

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
