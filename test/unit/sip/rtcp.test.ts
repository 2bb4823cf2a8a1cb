import { buildReport, parseRtcp, ReceptionStats } from '../../../src/carriers/sip/media/rtcp';
import { encodeRtp, parseRtp, RtpPacketizer } from '../../../src/carriers/sip/media/rtp-packet';

test('loss: expected from the highest sequence number, cumulative lost, fraction lost per interval (RFC 3550 A.3)', () => {
  const s = new ReceptionStats();
  // 100 packets expected (0..99), 10 missing.
  for (let seq = 0; seq < 100; seq++) if (seq % 10 !== 5) s.onPacket(42, seq, seq * 160, seq * 160);
  expect(s.expected).toBe(100);
  expect(s.received).toBe(90);
  expect(s.cumulativeLost).toBe(10);
  let block = s.reportBlock(0);
  expect(block.fractionLost).toBe(Math.floor((10 * 256) / 100)); // 25
  expect(block.cumulativeLost).toBe(10);
  expect(block.highestSequence).toBe(99);
  // The next interval: 50 more, none lost → fraction 0, cumulative unchanged.
  for (let seq = 100; seq < 150; seq++) s.onPacket(42, seq, seq * 160, seq * 160);
  block = s.reportBlock(0);
  expect(block.fractionLost).toBe(0);
  expect(block.cumulativeLost).toBe(10);
});

test('duplicates make received exceed expected: fraction lost 0, cumulative lost negative (RFC 3550 6.4.1)', () => {
  const s = new ReceptionStats();
  for (const seq of [0, 1, 1, 2, 2, 3]) s.onPacket(1, seq, seq * 160, seq * 160);
  expect(s.cumulativeLost).toBe(-2);
  expect(s.reportBlock(0).fractionLost).toBe(0);
});

test('sequence wrap-around counts a cycle in the extended highest sequence number', () => {
  const s = new ReceptionStats();
  for (const seq of [65534, 65535, 0, 1]) s.onPacket(1, seq, 0, 0, false);
  expect(s.extendedHighest).toBe(65536 + 1);
  expect(s.expected).toBe(4);
  expect(s.cumulativeLost).toBe(0);
});

test('interarrival jitter: J += (|D| - J) / 16 (RFC 3550 A.8)', () => {
  const s = new ReceptionStats();
  // Packets every 160 samples; arrivals alternate 0 and +80 samples late: |D| = 80 after the first.
  let j = 0;
  for (let i = 0; i < 20; i++) {
    s.onPacket(1, i, i * 160, i * 160 + (i % 2 ? 80 : 0));
    if (i > 0) j += (80 - j) / 16;
  }
  expect(s.jitter).toBeCloseTo(j, 9);
  expect(s.reportBlock(0).jitter).toBe(Math.floor(j));
  // Perfectly paced packets keep jitter at 0.
  const steady = new ReceptionStats();
  for (let i = 0; i < 20; i++) steady.onPacket(1, i, i * 160, 5000 + i * 160);
  expect(steady.jitter).toBe(0);
});

test('SR with a report block and SDES round-trips; LSR/DLSR echo the last SR', () => {
  const s = new ReceptionStats();
  for (let seq = 10; seq < 20; seq++) if (seq !== 15) s.onPacket(7, seq, seq * 160, seq * 160);
  s.onSenderReport(0x12345678, 1000);
  const packet = buildReport({ sender: { ssrc: 99, wallMs: Date.UTC(2026, 0, 1, 0, 0, 0, 500), rtpTimestamp: 4242, packets: 300, octets: 48000 }, ssrc: 99, block: s.reportBlock(1500), cname: 'voicegate@30000' });
  expect(packet.length % 4).toBe(0);
  const [sr, ...rest] = parseRtcp(packet);
  expect(rest).toEqual([]);
  expect(sr).toMatchObject({ type: 'SR', ssrc: 99, packets: 300, octets: 48000 });
  expect(sr!.ntpMiddle).toBe((((Date.UTC(2026, 0, 1) / 1000 + 2208988800) & 0xffff) * 0x10000 + 0x8000) >>> 0);
  expect(sr!.blocks).toEqual([{ ssrc: 7, fractionLost: Math.floor(256 / 10), cumulativeLost: 1, highestSequence: 19, jitter: 0, lastSr: 0x12345678, delaySinceLastSr: 32768 }]);
  const rr = parseRtcp(buildReport({ sender: null, ssrc: 5, block: { ...sr!.blocks[0]!, cumulativeLost: -3 }, cname: 'x' }));
  expect(rr).toEqual([{ type: 'RR', ssrc: 5, blocks: [{ ...sr!.blocks[0]!, cumulativeLost: -3 }] }]);
  expect(parseRtcp(Buffer.from('not rtcp'))).toEqual([]);
});

test('RTP packets: the packetizer numbers them, the parser reads them back (CSRC, extension and padding skipped)', () => {
  const p = new RtpPacketizer(0xdeadbeef, 65535, 0xfffffff0);
  const a = parseRtp(p.packet(0, new Uint8Array(160).fill(0xff), 160, true))!;
  const b = parseRtp(p.packet(0, new Uint8Array(160), 160, false))!;
  expect([a.sequence, a.timestamp, a.marker, a.ssrc, a.payload.length]).toEqual([65535, 0xfffffff0, true, 0xdeadbeef, 160]);
  expect([b.sequence, b.timestamp, b.marker]).toEqual([0, (0xfffffff0 + 160) >>> 0, false]);
  expect([p.packets, p.octets]).toEqual([2, 320]);
  const raw = encodeRtp({ payloadType: 8, marker: false, sequence: 1, timestamp: 2, ssrc: 3 }, Buffer.from([1, 2, 3, 4]));
  // One CSRC, a one-word extension, two bytes of padding.
  const fancy = Buffer.concat([raw.subarray(0, 12), Buffer.alloc(4), Buffer.from([0xbe, 0xde, 0, 1]), Buffer.alloc(4), Buffer.from([1, 2, 3, 4]), Buffer.from([0, 2])]);
  fancy[0] = 0x80 | 0x20 | 0x10 | 1;
  expect(parseRtp(fancy)!.payload).toEqual(Buffer.from([1, 2, 3, 4]));
  expect(parseRtp(Buffer.alloc(8))).toBeNull();
});
