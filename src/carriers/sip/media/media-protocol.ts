import type { CodecName } from '../sdp';
import type { Remote } from '../transport/transport';
import type { TrackParts } from './recorder';
import type { MediaQuality } from './rtcp';

/** What the main thread asks of the media thread (one call's session by `id`). */
export type MediaRequest =
  | { type: 'open'; id: number; bindAddress: string; min: number; max: number; maxSeconds: number; stats: SharedArrayBuffer }
  | { type: 'start'; id: number; remote: Remote; codec: CodecName; payloadType: number; dtmfPayloadType: number | null }
  | { type: 'retarget'; id: number; remote: Remote }
  | { type: 'play'; id: number; playId: number; pcm: Int16Array }
  | { type: 'stopPlay'; id: number; playId: number }
  | { type: 'stop'; id: number }
  | { type: 'quality'; id: number; reqId: number }
  /** The recording, after which the session is forgotten. */
  | { type: 'tracks'; id: number; reqId: number }
  /** Forgets a stopped session whose recording nobody wants. */
  | { type: 'release'; id: number };

/** What the media thread tells the main thread. */
export type MediaEvent =
  | { type: 'opened'; id: number; port: number }
  | { type: 'openFailed'; id: number; message: string }
  | { type: 'played'; playId: number; startMs: number; playedMs: number }
  /**
   * What the far ends sent since the last batch, in order: item i is session `ids[i]`'s key
   * `digits[i]`, or (null) its next frame of `lengths[i]` samples, the frames one after another in `pcm`.
   */
  | { type: 'heard'; ids: number[]; digits: Array<string | null>; lengths: number[]; pcm: Int16Array }
  | { type: 'quality'; reqId: number; quality: MediaQuality | null }
  /** The recording's one-second chunks, transferred (join them with joinChunks). */
  | { type: 'tracks'; reqId: number; tracks: TrackParts }
  | { type: 'log'; level: 'info' | 'warn'; message: string };

export interface MediaThreadData {
  /** The nice value the thread asks for (Linux: per thread; lower runs first; below 0 needs CAP_SYS_NICE). */
  priority: number;
}
