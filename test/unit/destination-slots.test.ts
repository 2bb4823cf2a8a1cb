import { DestinationSlots, destinationOf } from '../../src/features/webhooks/destination-slots';

/** Lets already-resolved promise callbacks run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

/** A waiter's promise, with whether (and in which order) it has been given its slot. */
function track(p: Promise<boolean> | null, order: string[], name: string) {
  if (!p) return null;
  void p.then(() => order.push(name));
  return p;
}

const A = 'https://a.example';
const B = 'https://b.example';

describe('DestinationSlots: attempts in flight per destination and per process', () => {
  test('a destination gets at most its limit, the process at most its total', () => {
    const slots = new DestinationSlots(2, 3);
    expect([slots.tryAcquire(A), slots.tryAcquire(A), slots.tryAcquire(A)]).toEqual([true, true, false]);
    expect(slots.tryAcquire(B)).toBe(true);
    expect(slots.full()).toBe(true);
    expect(slots.tryAcquire(B)).toBe(false); // B has room, the process has not
    expect([slots.inFlight(A), slots.inFlight(B), slots.inFlight()]).toEqual([2, 1, 3]);
  });

  test('a destination not yet timed lets deliveries wait here, up to the queue bound', () => {
    const slots = new DestinationSlots(1, 10);
    expect(slots.tryAcquire(A)).toBe(true);
    const order: string[] = [];
    const waiting = ['w1', 'w2', 'w3'].map((n) => track(slots.waitForSlot(A, 1000, 3), order, n));
    expect(waiting.every((p) => p !== null)).toBe(true);
    expect(slots.waitForSlot(A, 1000, 3)).toBeNull(); // the fourth is handed back to the queue
  });

  test('a timed slow destination gets only the waiters it can serve within the wait bound', () => {
    const slots = new DestinationSlots(2, 10);
    slots.tryAcquire(A);
    slots.tryAcquire(A);
    slots.release(A, 1000); // one attempt took 1 s
    slots.tryAcquire(A);
    // Each waiter expects (its place × 1 s) / 2 slots: 0.5 s and 1 s fit in 1 s, 1.5 s does not.
    expect(slots.waitForSlot(A, 1000, 256)).not.toBeNull();
    expect(slots.waitForSlot(A, 1000, 256)).not.toBeNull();
    expect(slots.waitForSlot(A, 1000, 256)).toBeNull();
  });

  test('a destination at its limit that has finished nothing for the wait bound is slow, timed or not', () => {
    let now = 0;
    const slots = new DestinationSlots(1, 10, () => now);
    slots.tryAcquire(A); // busy since 0, nothing finished yet: not known slow
    expect(slots.waitForSlot(A, 1000, 256, 60_000)).not.toBeNull();
    now = 1500; // a second and a half without an answer: a receiver that hangs
    expect(slots.waitForSlot(A, 1000, 256, 60_000)).toBeNull();
    slots.release(A, 20); // an answer (the slot goes to the waiter): progress again
    expect(slots.waitForSlot(A, 1000, 256, 60_000)).not.toBeNull();
  });

  test('once the first waiter has waited its time, every waiter of the destination is told no slot, together', async () => {
    const slots = new DestinationSlots(1, 10);
    slots.tryAcquire(A);
    slots.tryAcquire(B);
    const first = slots.waitForSlot(A, 1000, 10, 1);
    const behind = slots.waitForSlot(A, 1000, 10, 60_000);
    const otherDestination = slots.waitForSlot(B, 1000, 10, 60_000);
    expect(await first).toBe(false); // parked by the caller, holding nothing
    expect(await behind).toBe(false); // it would have waited as long
    slots.release(A, 20); // no waiter left for A: the slot goes back to the process
    expect([slots.inFlight(A), slots.inFlight()]).toEqual([0, 1]);
    slots.release(B, 20); // B's waiter was not given up: it gets B's slot
    expect(await otherDestination).toBe(true);
  });

  test('a destination found stalled gives up the deliveries already waiting for it as well', async () => {
    let now = 0;
    const slots = new DestinationSlots(1, 10, () => now);
    slots.tryAcquire(A);
    const waiting = slots.waitForSlot(A, 1000, 256, 60_000);
    now = 1500;
    expect(slots.waitForSlot(A, 1000, 256, 60_000)).toBeNull();
    expect(await waiting).toBe(false);
  });

  test('a released slot goes to the first waiter of its destination; with none, the process gets it back', async () => {
    const slots = new DestinationSlots(1, 2);
    slots.tryAcquire(A);
    slots.tryAcquire(B);
    const order: string[] = [];
    track(slots.waitForSlot(A, 1000, 10), order, 'first');
    track(slots.waitForSlot(A, 1000, 10), order, 'second');
    let anyReleased = false;
    void slots.whenAnyReleased().then(() => (anyReleased = true));

    slots.release(A, 20);
    await settle();
    expect(order).toEqual(['first']);
    expect(slots.inFlight(A)).toBe(1); // handed over, not freed
    expect(anyReleased).toBe(false);

    slots.release(A, 20);
    await settle();
    expect(order).toEqual(['first', 'second']);

    slots.release(A, 20);
    await settle();
    expect([slots.inFlight(A), slots.inFlight()]).toEqual([0, 1]);
    expect(anyReleased).toBe(true);
  });

  test('the destination of a URL is its origin', () => {
    expect(destinationOf('https://hooks.example.com:8443/a/b?c=1')).toBe('https://hooks.example.com:8443');
    expect(destinationOf('not a url')).toBe('not a url');
  });
});
