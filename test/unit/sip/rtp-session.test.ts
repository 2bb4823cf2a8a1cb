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
    const digits: string[] = [];
    const gotAll = new Promise<void>((resolve) => {
      session.onFrame = (pcm) => frames.push(pcm[0]!);
      session.onDtmf = (d) => {
        digits.push(d);
        resolve();
      };
    });
    // µ-law: 0xff decodes to 0, 0x80 to 32124, 0x00 to -32124; each frame is identified by its first sample.
    const audio = (seq: number, byte: number) => encodeRtp({ payloadType: 0, marker: false, sequence: seq, timestamp: seq * 160, ssrc: 77 }, Buffer.alloc(160, byte));
    const dtmf = (seq: number, end: boolean) => encodeRtp({ payloadType: 101, marker: false, sequence: seq, timestamp: 4 * 160, ssrc: 77 }, Buffer.from([9, end ? 0x8a : 0x0a, 0, 160]));
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
    expect(digits).toEqual(['9']);
    // The far end's receiver report about our stream.
    const rtcpArrived = new Promise<void>((resolve) => {
      const poll = () => (session.quality()?.remote ? resolve() : setImmediate(poll));
      poll();
    });
    await new Promise<void>((r) =>
      far.send(buildReport({ sender: null, ssrc: 77, block: { ssrc: (session as unknown as { packetizer: { ssrc: number } }).packetizer.ssrc, fractionLost: 64, cumulativeLost: 3, highestSequence: 10, jitter: 80, lastSr: 0, delaySinceLastSr: 0 }, cname: 'far' }), session.port + 1, '127.0.0.1', () => r()),
    );
    await rtcpArrived;
    expect(session.quality()).toMatchObject({ packetsReceived: 7, packetsExpected: 6, packetsLost: 0, duplicates: 1, reordered: 1, remote: { fractionLost: 0.25, cumulativeLost: 3, jitterMs: 10 } });
  } finally {
    session.stop();
    far.close();
  }
});
