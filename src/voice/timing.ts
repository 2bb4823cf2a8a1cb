/** The conversation's pace; DEFAULT_TIMING in production, shorter in some tests. */
export interface AgentTiming {
  /** How long to wait for the callee to start talking. */
  noInputMs: number;
  /** Silence that ends an utterance. */
  endSilenceMs: number;
  /** Longest utterance we wait for. */
  maxUtteranceMs: number;
  /** An opening utterance longer than this is an answering machine's greeting. */
  machineGreetingMs: number;
}

export const DEFAULT_TIMING: AgentTiming = { noInputMs: 7000, endSilenceMs: 800, maxUtteranceMs: 15_000, machineGreetingMs: 4000 };
