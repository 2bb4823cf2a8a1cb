import type { Readable } from 'node:stream';
import type { Call, CarrierStatus, Disposition } from '../features/calls/call.entity';
import type { CallTurn } from '../features/calls/ports';

/** A progress report from a carrier, in whatever order the network delivers it. */
export interface CarrierReport {
  callId: string;
  status: 'ringing' | 'in_progress' | 'completed' | 'failed' | 'canceled';
  disposition?: Disposition;
  durationSeconds?: number;
  /** What the carrier said (a SIP code and reason), kept on the call as carrier_status. */
  carrierStatus?: CarrierStatus;
}

/** A report the carrier will send later (the simulator knows its own future). */
export interface ScheduledReport {
  report: CarrierReport;
  afterMs: number;
}

/**
 * Places calls. `dial` runs outside any database transaction (a real carrier is a network call);
 * progress comes back as CarrierReports, from the carrier's callbacks or, for the simulator, as
 * the `scheduled` list that the dial task queues in the same transaction that records the dial.
 */
export interface Carrier {
  readonly name: string;
  dial(call: Call): Promise<{ carrierCallId: string; scheduled: ScheduledReport[] }>;
  hangup(call: Call): Promise<void>;
}

export interface CallAnalysis {
  transcript: string;
  structuredAnswers: Record<string, unknown>;
  /** Seconds of audio in the recording (null: none yet, keep what is stored); served from /recordings. */
  recordingSeconds: number | null;
  /**
   * The callee asked not to be called again ("stop calling me"). The number then joins the
   * organization's suppression list (docs/campaigns.md "Opt-out").
   */
  optOut?: boolean;
  /** The callee asked to be called later and said when (disposition callback_requested). */
  callbackAt?: Date | null;
  /** One entry per utterance, in order, offsets in the recording; agent turns that answer carry their latency. */
  turns?: CallTurn[];
}

export interface Recording {
  contentType: string;
  byteLength: number;
  stream: Readable;
}

/** Turns a finished call into transcript, structured answers and a recording. */
export interface Analyzer {
  analyze(call: Call): Promise<CallAnalysis>;
  /** The recording's audio: its media type, exact size and a stream of its bytes; null when there is none. */
  recording(call: Call): Promise<Recording | null>;
}
