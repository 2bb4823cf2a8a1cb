/** The conversation's pace; DEFAULT_TIMING in production, shorter in some tests. */
export interface AgentTiming {
  /** How long to wait for the callee to start talking. */
  noInputMs: number;
  /** Silence that ends an utterance (open speech, or an answer not yet complete). */
  endSilenceMs: number;
  /** Silence that ends an utterance already heard as a complete answer (or an intent). */
  quickEndSilenceMs: number;
  /** Speech over a prompt lasting this long stops it (barge-in). */
  bargeInMs: number;
  /** Longest utterance we wait for. */
  maxUtteranceMs: number;
  /** A long greeting: the greeting is listened to up to 8 s beyond this (who answered is decided in src/voice/amd). */
  machineGreetingMs: number;
}

export const DEFAULT_TIMING: AgentTiming = { noInputMs: 7000, endSilenceMs: 800, quickEndSilenceMs: 300, bargeInMs: 200, maxUtteranceMs: 15_000, machineGreetingMs: 4000 };
