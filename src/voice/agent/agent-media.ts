/** One prompt being played: stoppable at once (barge-in). */
export interface Playback {
  /**
   * Resolves when the audio has been sent to its end, or stopped (or the media stopped):
   * `startMs` is where its first frame went on the wire (the recording's offset, see
   * `AgentMedia.positionMs`; where it would have when it never did) and `playedMs` how much of it
   * was sent, so what the callee heard.
   */
  done: Promise<{ startMs: number; playedMs: number }>;
  /** Stops sending it now: audio still queued is dropped, the next frame on the wire is silence. */
  stop(): void;
}

/** The audio side of a call, whatever carries it (an RTP session, a fake in tests). */
export interface AgentMedia {
  /** Plays 8 kHz 16-bit mono audio after what is already queued. */
  play(pcm: Int16Array): Playback;
  /**
   * Now, as an offset in the call's recording (ms): time zero is the start of media at the
   * answer, the recording's first sample. Turn offsets and latencies are measured on it.
   */
  readonly positionMs: number;
  /** Set by the agent: every 20 ms frame from the far end. */
  onFrame: (pcm: Int16Array) => void;
  /** Set by the agent: every key the far end pressed (0-9, *, #, A-D). */
  onDtmf: (digit: string) => void;
}
