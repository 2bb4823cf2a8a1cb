/** The audio side of a call, whatever carries it (an RTP session, a fake in tests). */
export interface AgentMedia {
  /** Plays 8 kHz 16-bit mono audio; resolves when it has been sent (or the media stopped). */
  play(pcm: Int16Array): Promise<void>;
  /** Set by the agent: every 20 ms frame from the far end. */
  onFrame: (pcm: Int16Array) => void;
  /** Set by the agent: every key the far end pressed (0-9, *, #, A-D). */
  onDtmf: (digit: string) => void;
}
