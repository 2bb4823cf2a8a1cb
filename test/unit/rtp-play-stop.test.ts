import dgram from 'node:dgram';
import * as alawmulaw from 'alawmulaw';
import { RtpSession } from '../../src/carriers/sip/media/rtp-session';

/**
 * Barge-in on the wire: a prompt being sent over RTP stops at once. A real UDP far end on
 * localhost receives the packets; frames are told apart by their RTP timestamp.
 */
test('stop() drops the queued rest of a prompt: every frame after it is silence; done tells how much was sent', async () => {
  const far = dgram.createSocket('udp4');
  await new Promise<void>((r) => far.bind(0, '127.0.0.1', () => r()));
  const session = await RtpSession.open('127.0.0.1', 46000, 46998, 30);
  try {
    const tone = new Int16Array(8000 * 5).fill(8000); // 5 s
    let firstTs: number | null = null;
    let loud = 0;
    let stoppedAt: number | null = null;
    let playback: ReturnType<RtpSession['play']> | null = null;
    const silentAfterStop = new Promise<number>((resolve, reject) => {
      far.on('message', (msg) => {
        const ts = msg.readUInt32BE(4);
        firstTs ??= ts;
        const frame = ((ts - firstTs) >>> 0) / 160;
        const pcm = alawmulaw.mulaw.decode(msg.subarray(12));
        const isLoud = pcm.some((s) => Math.abs(s) > 1000);
        if (stoppedAt === null) {
          if (isLoud && ++loud === 5) {
            playback!.stop();
            stoppedAt = session.stats.framesSent;
          }
        } else if (frame >= stoppedAt) {
          if (isLoud) reject(new Error(`frame ${frame} after the stop (at ${stoppedAt}) still carries the prompt`));
          else resolve(frame);
        }
      });
    });
    session.start({ address: '127.0.0.1', port: far.address().port }, 'PCMU', 0, null);
    playback = session.play(tone);
    const { startMs, playedMs } = await playback.done;
    expect(playedMs).toBeGreaterThanOrEqual(100);
    expect(playedMs).toBeLessThan(5000);
    expect(await silentAfterStop).toBeGreaterThanOrEqual(stoppedAt!);
    // The recording shows the same: the prompt from startMs for playedMs, then silence.
    session.stop();
    const { left } = await session.tracks();
    const from = (startMs * 8000) / 1000;
    const to = from + (playedMs * 8000) / 1000;
    expect(left.subarray(from, to).every((s) => s === 8000)).toBe(true);
    expect(left.subarray(to).every((s) => s === 0)).toBe(true);
    // Stopping again, or after the end, does nothing.
    playback.stop();
  } finally {
    session.stop();
    far.close();
  }
});

test('a play queued behind a stopped one starts at once', async () => {
  const session = await RtpSession.open('127.0.0.1', 46000, 46998, 30);
  try {
    const first = session.play(new Int16Array(8000).fill(100));
    const second = session.play(new Int16Array(160).fill(200));
    first.stop();
    expect(await first.done).toEqual({ startMs: 0, playedMs: 0 });
    session.start({ address: '127.0.0.1', port: 9 }, 'PCMU', 0, null);
    const { startMs, playedMs } = await second.done;
    expect(playedMs).toBe(20);
    expect(startMs).toBe(0);
  } finally {
    session.stop();
  }
});
