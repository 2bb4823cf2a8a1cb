import dgram from 'node:dgram';
import { RtpSession } from '../../../src/carriers/sip/media/rtp-session';
import { encodeRtp } from '../../../src/carriers/sip/media/rtp-packet';
import { buildReport } from '../../../src/carriers/sip/media/rtcp';

/** The pieces wired together on loopback: jitter buffer → decoder → listeners, DTMF, RTCP from the far end. */
test('received RTP is played out in order, DTMF read once, RTCP from the far end kept in quality()', async () => {
  const session = await RtpSession.open('127.0.0.1', 41000, 41999, 10);
  const far = dgram.createSocket('udp4');
  await new Promise<void>((r) => far.bind(0, '127.0.0.1', () => r()));
  try {
    const frames: number[] = [];
    const lengths: number[] = [];
    const digits: string[] = [];
    const gotAll = new Promise<void>((resolve) => {
      session.onFrame = (pcm) => {
        frames.push(pcm[0]!);
        lengths.push(pcm.length);
      };
      session.onDtmf = (d) => {
        digits.push(d);
        resolve();
      };
    });
    // µ-law: 0xff decodes to 0, 0x80 to 32124, 0x00 to -32124; each frame is identified by its first sample.
    // Frame 3 is 30 ms (a far end's ptime need not be 20): it reaches the listener whole.
    const audio = (seq: number, byte: number) => encodeRtp({ payloadType: 0, marker: false, sequence: seq, timestamp: seq * 160, ssrc: 77 }, Buffer.alloc(seq === 3 ? 240 : 160, byte));
    const dtmf = (seq: number, end: boolean) => encodeRtp({ payloadType: 101, marker: false, sequence: seq, timestamp: 4 * 160, ssrc: 77 }, Buffer.from([9, end ? 0x8a : 0x0a, 0, 160]));
    // Our stream's SSRC, as the far end sees it in the packets the session sends.
    const ourSsrcSeen = new Promise<number>((r) => far.once('message', (m) => r(m.readUInt32BE(8))));
    session.start({ address: '127.0.0.1', port: far.address().port }, 'PCMU', 0, 101);
    const send = (b: Buffer) => new Promise<void>((r) => far.send(b, session.port, '127.0.0.1', () => r()));
    await send(audio(1, 0xff));
    await send(audio(3, 0x00));
    await send(audio(2, 0x80));
    await send(audio(2, 0x80)); // duplicate
    await send(dtmf(4, false));
    await send(dtmf(5, true));
    await send(dtmf(6, true));
    await gotAll;
    expect(frames).toEqual([0, 32124, -32124]);
    expect(lengths).toEqual([160, 160, 240]);
    expect(digits).toEqual(['9']);
    // The far end's receiver report about our stream.
    const ourSsrc = await ourSsrcSeen;
    const rtcpArrived = (async () => {
      while (!(await session.quality())?.remote) await new Promise((r) => setImmediate(r));
    })();
    await new Promise<void>((r) =>
      far.send(buildReport({ sender: null, ssrc: 77, block: { ssrc: ourSsrc, fractionLost: 64, cumulativeLost: 3, highestSequence: 10, jitter: 80, lastSr: 0, delaySinceLastSr: 0 }, cname: 'far' }), session.port + 1, '127.0.0.1', () => r()),
    );
    await rtcpArrived;
    expect(await session.quality()).toMatchObject({ packetsReceived: 7, packetsExpected: 6, packetsLost: 0, duplicates: 1, reordered: 1, remote: { fractionLost: 0.25, cumulativeLost: 3, jitterMs: 10 } });
  } finally {
    session.stop();
    far.close();
  }
});

/**
 * A far end may send audio before our side starts (early media, or as soon as it answers, while
 * the start is still on its way to the media thread): that audio is recorded from the start of
 * the recording, and what follows stays aligned after it.
 */
test('audio that arrives before the session starts is kept at the start of the recording', async () => {
  const session = await RtpSession.open('127.0.0.1', 41000, 41999, 10);
  const far = dgram.createSocket('udp4');
  await new Promise<void>((r) => far.bind(0, '127.0.0.1', () => r()));
  try {
    let heard = 0;
    const allHeard = new Promise<void>((resolve) => {
      session.onFrame = () => ++heard === 10 && resolve();
    });
    // µ-law 0x80 decodes to 32124: ten loud frames, five before start() and five after.
    const audio = (seq: number) => encodeRtp({ payloadType: 0, marker: false, sequence: seq, timestamp: seq * 160, ssrc: 5 }, Buffer.alloc(160, 0x80));
    const send = (b: Buffer) => new Promise<void>((r) => far.send(b, session.port, '127.0.0.1', () => r()));
    for (let seq = 1; seq <= 5; seq++) await send(audio(seq));
    session.start({ address: '127.0.0.1', port: far.address().port }, 'PCMU', 0, null);
    for (let seq = 6; seq <= 10; seq++) await send(audio(seq));
    await allHeard;
    session.stop();
    const { right } = await session.tracks();
    const loud = right.filter((s) => s === 32124).length;
    expect(loud).toBe(10 * 160);
    // Anchored at the first packet: the ten frames lie one after another from the first sample.
    expect(right.subarray(0, 10 * 160).every((s) => s === 32124)).toBe(true);
  } finally {
    session.stop();
    far.close();
  }
});
