/**
 * The media thread: every RTP session of the process lives here, so audio leaves on its 20 ms
 * schedule whatever the main event loop is doing (database work, a garbage collection, a
 * recognizer's result). The main thread talks to it through RtpSession (rtp-session.ts).
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { MediaEvent, MediaRequest, MediaThreadData } from './media-protocol';
import { FRAME_SAMPLES, RtpEngine, type Playback } from './rtp-engine';
import { SharedSendStats } from './shared-send-stats';

/**
 * How long what the far ends sent may wait to be batched to the main thread: one message per
 * batch rather than per frame (100 calls send 5,000 frames a second), for at most this much delay
 * on what the voice agent hears.
 */
const HEARD_BATCH_MS = 4;
/** A stopped session's recording waits this long for `tracks` or `release` before it is dropped. */
const STOPPED_KEPT_MS = 10 * 60_000;

const port = parentPort!;
const sessions = new Map<number, RtpEngine>();
const plays = new Map<number, Playback>();
/** What the far ends sent since the last batch: frames are copied in as they come (the engine reuses its array). */
const heard = { ids: [] as number[], digits: [] as Array<string | null>, lengths: [] as number[], pcm: new Int16Array(64 * FRAME_SAMPLES), samples: 0 };
let flushTimer: NodeJS.Timeout | undefined;

function post(event: MediaEvent, transfer: ArrayBuffer[] = []): void {
  port.postMessage(event, transfer);
}

function flushHeard(): void {
  flushTimer = undefined;
  const pcm = heard.pcm.slice(0, heard.samples);
  post({ type: 'heard', ids: heard.ids, digits: heard.digits, lengths: heard.lengths, pcm }, [pcm.buffer as ArrayBuffer]);
  heard.ids = [];
  heard.digits = [];
  heard.lengths = [];
  heard.samples = 0;
}

function hear(id: number, digit: string | null, frame?: Int16Array): void {
  heard.ids.push(id);
  heard.digits.push(digit);
  heard.lengths.push(frame?.length ?? 0);
  if (frame) {
    if (heard.samples + frame.length > heard.pcm.length) {
      const bigger = new Int16Array(Math.max(heard.pcm.length * 2, heard.samples + frame.length));
      bigger.set(heard.pcm.subarray(0, heard.samples));
      heard.pcm = bigger;
    }
    heard.pcm.set(frame, heard.samples);
    heard.samples += frame.length;
  }
  flushTimer ??= setTimeout(flushHeard, HEARD_BATCH_MS);
}

async function open(req: Extract<MediaRequest, { type: 'open' }>): Promise<void> {
  try {
    const engine = await RtpEngine.open(req.bindAddress, req.min, req.max, req.maxSeconds, new SharedSendStats(req.stats));
    engine.onFrame = (pcm) => hear(req.id, null, pcm);
    engine.onDtmf = (digit) => hear(req.id, digit);
    sessions.set(req.id, engine);
    post({ type: 'opened', id: req.id, port: engine.port });
  } catch (err) {
    post({ type: 'openFailed', id: req.id, message: (err as Error).message });
  }
}

function handle(req: MediaRequest): void {
  if (req.type === 'open') return void open(req);
  const engine = sessions.get(req.id);
  switch (req.type) {
    case 'start':
      return engine?.start(req.remote, req.codec, req.payloadType, req.dtmfPayloadType);
    case 'retarget':
      return engine?.retarget(req.remote);
    case 'play': {
      if (!engine) return post({ type: 'played', playId: req.playId, startMs: 0, playedMs: 0 });
      const playback = engine.play(req.pcm);
      plays.set(req.playId, playback);
      void playback.done.then(({ startMs, playedMs }) => {
        plays.delete(req.playId);
        post({ type: 'played', playId: req.playId, startMs, playedMs });
      });
      return;
    }
    case 'stopPlay':
      return plays.get(req.playId)?.stop();
    case 'stop':
      if (!engine) return;
      engine.stop();
      setTimeout(() => sessions.get(req.id) === engine && sessions.delete(req.id), STOPPED_KEPT_MS).unref();
      return;
    case 'quality':
      return post({ type: 'quality', reqId: req.reqId, quality: engine?.quality() ?? null });
    case 'tracks': {
      sessions.delete(req.id);
      const tracks = engine?.tracks() ?? { length: 0, left: [], right: [] };
      const buffers = [...tracks.left, ...tracks.right].filter((c): c is Int16Array => c !== null).map((c) => c.buffer as ArrayBuffer);
      return post({ type: 'tracks', reqId: req.reqId, tracks }, buffers);
    }
    case 'release':
      sessions.delete(req.id);
      return;
  }
}

const { priority } = workerData as MediaThreadData;
try {
  // On Linux the nice value belongs to the thread: only this one runs ahead of the rest.
  setPriority(priority);
} catch (err) {
  post({ type: 'log', level: 'info', message: `the media thread keeps the default priority (nice ${priority} refused: ${(err as Error).message}); give the process CAP_SYS_NICE for it` });
}
port.on('message', handle);
