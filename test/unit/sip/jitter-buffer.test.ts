import { JitterBuffer, type Playout } from '../../../src/carriers/sip/media/jitter-buffer';

interface P {
  sequence: number;
  timestamp: number;
  ssrc: number;
}
const pkt = (sequence: number, ssrc = 1, timestamp = sequence * 160): P => ({ sequence: sequence & 0xffff, timestamp: timestamp >>> 0, ssrc });
const show = (out: Playout<P>[]) => out.map((o) => (o.kind === 'packet' ? o.packet.sequence : o.kind === 'lost' ? `lost ${o.sequence}` : `reset ${o.reason}`));

function collect(fn: (out: (p: Playout<P>) => void) => void): Playout<P>[] {
  const out: Playout<P>[] = [];
  fn((p) => out.push(p));
  return out;
}
function run(buffer: JitterBuffer<P>, packets: P[], now = 0): (string | number)[] {
  return packets.flatMap((p) => show(collect((out) => buffer.push(p, now, out))));
}
const poll = (buffer: JitterBuffer<P>, now: number) => show(collect((out) => buffer.poll(now, out)));

test('in-order packets play out at once', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(10), pkt(11), pkt(12)])).toEqual([10, 11, 12]);
  expect(jb.size).toBe(0);
});

test('reordered packets wait for the gap to fill and play out in order', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(1), pkt(3), pkt(4), pkt(2), pkt(5)])).toEqual([1, 2, 3, 4, 5]);
  expect(jb.stats).toMatchObject({ received: 5, reordered: 1, lost: 0, late: 0 });
});

test('duplicates are dropped, whether still waiting or already played', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(1), pkt(3), pkt(3), pkt(1), pkt(2), pkt(2)])).toEqual([1, 2, 3]);
  expect(jb.stats).toMatchObject({ received: 3, duplicates: 3, late: 0 });
});

test('a missing packet is played as lost once `depth` packets wait behind it; it is late when it comes after', () => {
  const jb = new JitterBuffer<P>({ depth: 3, maxWaitMs: 1000, restartGap: 100, maxTimestampJump: 8000 });
  expect(run(jb, [pkt(1), pkt(3), pkt(4), pkt(5)])).toEqual([1]);
  expect(run(jb, [pkt(6)])).toEqual(['lost 2', 3, 4, 5, 6]);
  expect(run(jb, [pkt(2)])).toEqual([]);
  expect(jb.stats).toMatchObject({ lost: 1, late: 1, duplicates: 0 });
});

test('a missing packet is given up after maxWaitMs (poll on the send clock)', () => {
  const jb = new JitterBuffer<P>({ depth: 5, maxWaitMs: 60, restartGap: 100, maxTimestampJump: 8000 });
  expect(run(jb, [pkt(1)], 0)).toEqual([1]);
  expect(run(jb, [pkt(4)], 20)).toEqual([]);
  expect(poll(jb, 79)).toEqual([]);
  expect(poll(jb, 80)).toEqual(['lost 2', 'lost 3', 4]);
});

test('sequence numbers wrap around 65535 → 0 without loss', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(65534), pkt(65536), pkt(65535), pkt(65537)])).toEqual([65534, 65535, 0, 1]);
  expect(jb.stats.lost).toBe(0);
});

test('a new SSRC restarts the stream: what waited plays out, then a reset', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(1), pkt(3)])).toEqual([1]);
  expect(run(jb, [pkt(5000, 2)])).toEqual([3, 'reset ssrc', 5000]);
  expect(run(jb, [pkt(5001, 2)])).toEqual([5001]);
});

test('a sequence jump restarts the stream once a second packet confirms it (RFC 3550 A.1)', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(1), pkt(2), pkt(9000)])).toEqual([1, 2]);
  expect(run(jb, [pkt(9001), pkt(9002)])).toEqual(['reset sequence', 9001, 9002]);
  expect(jb.stats.lost).toBe(0);
});

test('a timestamp jump (more than a second) is reported as a reset before the packet', () => {
  const jb = new JitterBuffer<P>();
  expect(run(jb, [pkt(1, 1, 1000), pkt(2, 1, 1160), pkt(3, 1, 900_000), pkt(4, 1, 900_160)])).toEqual([1, 2, 'reset timestamp', 3, 4]);
});
