import type { Readable } from 'node:stream';

/**
 * The calls feature's seam with the infrastructure below it (carriers, voice): plain types and
 * constants only, importing nothing of ours (no entity, no ORM, no service); call.entity.ts
 * imports its types from here. A carrier implements `CarrierAdapter` and owns its protocol
 * (signalling, media, its callbacks); what happens to a call reaches the calls feature through
 * `CallEvents`, and what a carrier needs to know of a call it asks through `CallRecords`. The
 * calls feature alone writes `calls` rows and moves a call through its lifecycle
 * (call-lifecycle.ts).
 */

export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set(['completed', 'failed', 'canceled']);

export const DISPOSITIONS = ['human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled', 'wrong_number', 'callback_requested', 'transferred'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** Who placed the call: we did (`outbound`: the API, a campaign), or the caller did (`inbound`: a call to one of the organization's numbers). */
export const CALL_DIRECTIONS = ['outbound', 'inbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
/** What answering-machine detection decided when the call was answered (docs/voice.md "Machine detection"). */
export const AMD_RESULTS = ['human', 'machine', 'screened', 'unknown'] as const;
export type AmdResult = (typeof AMD_RESULTS)[number];
/** `ms`: from the answer to the decision (null when the carrier did not say). */
export interface CallAmd {
  result: AmdResult;
  ms: number | null;
}

/** The carriers a call can be placed with; a carrier adapter is looked up by this name. */
export const CARRIER_NAMES = ['simulator', 'sip', 'twilio'] as const;
export type CarrierName = (typeof CARRIER_NAMES)[number];

/** The carrier's last word on a call (the SIP final response, for example), kept as carrier_status. */
export interface CarrierStatus {
  code: number | null;
  reason: string;
}

/** One question of a call's script; `options` only for `enum`. */
export interface CallQuestion {
  key: string;
  question: string;
  type: 'string' | 'number' | 'boolean' | 'enum';
  options?: string[];
}

/**
 * When the agent hands the call to a person (`transfer_when`): the callee asks for one, presses
 * `digit`, or answers question `answer.key` with `answer.equals`.
 */
export interface TransferWhen {
  callee_asks?: boolean;
  digit?: string;
  answer?: { key: string; equals: string | number | boolean };
}

/** How a call was handed over: SIP REFER (the trunk connects), a bridge we hold (SIP), Twilio's <Dial>. */
export const TRANSFER_MODES = ['refer', 'bridge', 'dial'] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];

/** What became of a transfer (the call's `transfer`). */
export interface TransferOutcome {
  mode: TransferMode;
  /** The person answered (the call was theirs). */
  answered: boolean;
  /** Why it did not work (the trunk refused, nobody answered…); null when answered. */
  failureReason: string | null;
}

/** A call as a carrier sees it (the `Call` entity has this shape). */
export interface CarrierCall {
  readonly id: string;
  readonly orgId: string;
  readonly to: string;
  readonly from: string | null;
  readonly direction: CallDirection;
  /** Inbound calls: what the agent says first (the organization's inbound greeting); null for outbound calls. */
  readonly greeting: string | null;
  readonly status: CallStatus;
  readonly task: string | null;
  readonly questions: CallQuestion[];
  readonly voicemailMessage: string | null;
  readonly ringTimeoutSeconds: number;
  readonly maxDurationSeconds: number;
  readonly carrier: CarrierName | null;
  readonly carrierCallId: string | null;
  readonly carrierAccount: string | null;
  readonly answeredBy: string | null;
  /** Machine detection's decision, when the carrier told it before the end (Twilio). */
  readonly amd: CallAmd | null;
  readonly disposition: Disposition | null;
  readonly durationSeconds: number | null;
  readonly recordingSeconds: number | null;
  /** Who the agent says it calls for: the call's caller_name, else the organization's name. */
  readonly callerName: string | null;
  /** Where to hand the call to a person (E.164, or a SIP URI on a SIP connection); null: never. */
  readonly transferTo: string | null;
  readonly transferWhen: TransferWhen | null;
  /** What became of the transfer, once tried. */
  readonly transfer: { readonly answered: boolean } | null;
  /** The conversation's language (BCP 47), voice, whether a language model leads it, and extra instructions for it (null: the organization's defaults). */
  readonly agent: CallAgentOptions | null;
  readonly startedAt: Date | null;
  readonly endedAt: Date | null;
}

/** A progress report from a carrier, in whatever order the network delivers it. */
export interface CarrierReport {
  callId: string;
  status: 'ringing' | 'in_progress' | 'completed' | 'failed' | 'canceled';
  disposition?: Disposition;
  durationSeconds?: number;
  carrierStatus?: CarrierStatus;
  /** Machine detection's decision (answered calls); kept when a later report has none. */
  amd?: CallAmd;
}

/** How a call ended, as the carrier tells it. */
export type CallEnd = Omit<CarrierReport, 'callId' | 'status'> & { status: 'completed' | 'failed' | 'canceled' };

/** A report the carrier will send later (the simulator knows its own future). */
export interface ScheduledReport {
  report: CarrierReport;
  afterMs: number;
}

/** What the callee said and what the agent heard, with the call's audio (a carrier that runs the conversation itself). */
export interface Conversation {
  audio: Buffer;
  seconds: number;
  transcript: string;
  answers: Record<string, unknown>;
  /** One entry per utterance, offsets in the recording; agent turns that answer carry their latency. */
  turns?: CallTurn[];
  /** The callee asked not to be called again. */
  optOut?: boolean;
  /** The callee asked to be called back at this time. */
  callbackAt?: Date | null;
  /** A model-led conversation's audit trail. */
  agentLog?: AgentLogEntry[];
}

/** One answer heard by a carrier's own speech recognition (Twilio's <Gather>). */
export interface HeardAnswer {
  questionIndex: number;
  attempt: number;
  /** How many times the question was clarified before this <Gather> ("who is this?", "say that again"); 0 when unset. */
  clarifications?: number;
  speech: string | null;
  digits: string | null;
  confidence: number | null;
  /** When the answer reached us (read back from the store; unset when the carrier reports it). */
  heardAt?: Date;
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
  /** A model-led conversation's audit trail (prompts, tool calls and results). */
  agentLog?: AgentLogEntry[];
}

export interface Recording {
  contentType: string;
  byteLength: number;
  stream: Readable;
}

/**
 * The sink a carrier hands its calls' events to. Reports may arrive in any order and more than
 * once: the lifecycle only moves a call forward and never out of a final status.
 */
export interface CallEvents {
  /** The callee's phone rings. */
  ringing(callId: string, carrierStatus?: CarrierStatus): Promise<void>;
  /** The callee (or a machine) answered: the call is in progress. */
  answered(callId: string, carrierStatus?: CarrierStatus): Promise<void>;
  /** Any progress report (a carrier's status table maps to these). */
  report(report: CarrierReport): Promise<void>;
  /** The call ended, with its outcome and what the carrier said. */
  ended(callId: string, end: CallEnd): Promise<void>;
  /** The carrier's own id for the call and what answering-machine detection heard, when they arrive late (first value wins). */
  identified(callId: string, ids: { carrierCallId?: string; answeredBy?: string; amd?: CallAmd }): Promise<void>;
  /** Media is flowing for calls held by this process: their leases are extended; returns those that ended elsewhere. */
  mediaAlive(callIds: string[], leaseMs: number): Promise<string[]>;
  /** The conversation and its recording, stored before the call is reported completed. */
  conversation(callId: string, c: Conversation): Promise<void>;
  /** The carrier announced a recording (`ref`: where it is): the carrier's `fetchRecording` runs later, in a job. */
  recordingReady(callId: string, ref: string): Promise<void>;
  /** A recording fetched after the call (idempotent; an analysed call gets its recording length now). */
  recording(callId: string, r: { audio: Buffer; seconds: number }): Promise<void>;
  /**
   * The call was handed to a person, or that was tried: stored on the call with call.transferred
   * (once per call; a repeat changes nothing and returns false).
   */
  transferred(callId: string, outcome: TransferOutcome): Promise<boolean>;
  /** An answer heard by the carrier; the first one stored for (question, attempt, clarifications) wins and is returned, with when it was stored. */
  heard(callId: string, answer: HeardAnswer): Promise<Pick<HeardAnswer, 'speech' | 'digits' | 'heardAt'> | null>;
}

/** What a carrier may read of its calls (the calls feature answers). */
export interface CallRecords {
  find(callId: string): Promise<CarrierCall | null>;
  /** The conversation stored with the call (`CallEvents.conversation` / `recording`), without its audio. */
  conversationOf(callId: string): Promise<Omit<Conversation, 'audio'> | null>;
  /** The call's stored audio (WAV). */
  audioOf(callId: string): Promise<Buffer | null>;
  /** The answers heard by the carrier, by question and attempt. */
  heardAnswers(callId: string): Promise<HeardAnswer[]>;
}

/**
 * The record of a dial attempt, committed before anything is sent, so a job that runs again (a
 * retry, a worker that died) never dials twice. Used by carriers that dial at most once.
 */
export interface DialAttempts {
  /**
   * A call that lives in this process (a SIP dialog): its carrier id and lease are recorded; null
   * when an earlier attempt exists (`call` is then the call as it is, if it still exists and is open).
   */
  beginHeld(callId: string, carrier: CarrierName, carrierCallId: string, leaseMs: number): Promise<{ begun: boolean; call: CarrierCall | null }>;
  /** A call that lives at the carrier (callbacks): the account and caller ID are recorded. */
  beginRemote(callId: string, carrier: CarrierName, account: string, fromNumber: string | null): Promise<{ begun: boolean; call: CarrierCall | null }>;
  /** The carrier created the call: its id is kept; returns whether the call was canceled meanwhile. */
  created(callId: string, carrierCallId: string): Promise<{ canceled: boolean }>;
  /** The carrier refused without creating anything: the attempt is taken back and the dial queued again. */
  retryLater(callId: string, carrier: CarrierName, refusals: number, afterMs: number): Promise<void>;
  /** An earlier attempt may have dialed: the call fails as a carrier error, never dialed again. */
  abandon(callId: string): Promise<void>;
}

/** An organization's carrier connection as a dial uses it (credentials decrypted). */
export interface DialConnection {
  type: CarrierName;
  numbers: string[];
  accountSid?: string;
  authToken?: string;
}

/** The auth token of an account an organization connected (null when it is no longer connected). */
export type AccountTokens = (orgId: string, account: string) => Promise<string | null>;

/** What a carrier's `dial` gets besides the call. */
export interface DialContext {
  connection: DialConnection;
  attempts: DialAttempts;
  events: CallEvents;
  /** How many times the carrier refused this call for a rate or concurrency limit so far. */
  refusals: number;
}

/**
 * The carrier placed the call. A carrier that knows its own future (the simulator) returns its
 * reports, queued by the calls feature in the statement that records the dial; the others report
 * through `CallEvents` as things happen.
 */
export type DialResult = { carrierCallId: string; scheduled: ScheduledReport[] } | void;

/**
 * One carrier behind one interface, looked up by name. `dial` runs outside any database
 * transaction (it is a network call). Room to grow: `transfer(call, to)` and `acceptInbound(...)`
 * join here when a carrier supports them.
 */
export interface CarrierAdapter {
  readonly name: CarrierName;
  /**
   * Dialing twice places nothing real (the simulator): a dial attempt need not be recorded first,
   * and a single call whose earlier run died is simply dialed again.
   */
  readonly redialSafe: boolean;
  dial(call: CarrierCall, ctx: DialContext): Promise<DialResult>;
  /**
   * Ends at the carrier a call the calls feature ended (canceled). Absent: nothing to tear down.
   * Called by one job, in any worker process; a carrier holding calls in a process reaches it.
   */
  hangUp?(call: CarrierCall): Promise<void>;
  /** Transcript, structured answers and recording length of a completed call. */
  analyze(call: CarrierCall): Promise<CallAnalysis>;
  /** The recording's audio: its media type, exact size and a stream of its bytes; null when there is none. */
  recording(call: CarrierCall): Promise<Recording | null>;
  /** Fetches a recording the carrier announced (`ref`: where it is) and hands it to `CallEvents.recording`. */
  fetchRecording?(callId: string, ref: string): Promise<void>;
}

/**
 * A call offered to us by a carrier (a SIP INVITE from a trunk, Twilio's incoming-call webhook):
 * `to` the number called and `from` the caller, both canonical E.164 when they are phone numbers.
 */
export interface InboundOffer {
  carrier: Exclude<CarrierName, 'simulator'>;
  to: string;
  from: string | null;
  /** The SIP Call-ID or Twilio CallSid. */
  carrierCallId: string;
  /** SIP: the address the INVITE came from (checked against the organization's trunk). */
  sourceAddress?: string;
  /** Twilio: the account the call arrived on (its connection verifies the request's signature). */
  accountSid?: string;
}

/**
 * What becomes of an offered call: `accepted` (a call row exists, status ringing, with the
 * organization's inbound script), or refused: `unknown_number` (no organization has the number on
 * a connection of this carrier: SIP 404), `disabled` (inbound calls are off: SIP 480),
 * `forbidden` (the request did not come from the organization's trunk: SIP 403).
 */
export type InboundDecision =
  /** `allowPrivate`: the address policy of the organization's trunk, for what the call sends (its media address included). */
  | { kind: 'accepted'; call: CarrierCall; allowPrivate: boolean }
  | { kind: 'unknown_number' }
  | { kind: 'disabled' }
  | { kind: 'forbidden' };

/** Where carriers take the calls offered to them (the inbound feature answers). */
export interface InboundCalls {
  offer(offer: InboundOffer): Promise<InboundDecision>;
  /** Twilio: the auth tokens organizations stored for an account, to check an incoming request's signature before anything else (empty: nobody connected it). */
  twilioTokens(accountSid: string): Promise<string[]>;
  /** The inbound call a carrier knows by its own id (Twilio's number-level status callback names only the CallSid). */
  inboundCall(carrier: CarrierName, carrierCallId: string): Promise<CarrierCall | null>;
}

/** The adapters of the process, by name (as medusa's providers). */
export interface CarrierAdapters {
  /** The adapter of that name; null (a call no carrier placed) is the simulator's. */
  get(name: CarrierName | null): CarrierAdapter;
}

/** Where the time of an agent turn that answers the callee went (milliseconds). */
export interface TurnLatency {
  /** From the callee's last voiced frame to the moment the turn was judged over. */
  end_of_turn_ms: number;
  /** Recognition still running after the turn was judged over. */
  recognition_ms: number;
  /** Choosing what to say (dialog policy, or the language model's first sentence). */
  decision_ms: number;
  /** Synthesis still running after the decision (zero when the prompt was ready). */
  synthesis_ms: number;
  /** From the callee's last voiced frame to the agent's first audio frame on the wire. */
  total_ms: number;
}

/** One utterance of a call: offsets are in the call's recording. */
export interface CallTurn {
  speaker: 'agent' | 'callee';
  text: string;
  start_ms: number;
  end_ms: number;
  /** An agent turn the callee talked over: `end_ms` is where the callee stopped hearing it. */
  interrupted: boolean;
  /** On agent turns that answer the callee. */
  latency?: TurnLatency;
}

/** p50/p95 of the call's agent turns' `latency.total_ms`; `turns` is how many were measured. */
export interface CallLatencySummary {
  p50_ms: number | null;
  p95_ms: number | null;
  turns: number;
}

/** A call's own agent settings, as placed (each unset one falls back to the organization's, then the deployment's). */
export interface CallAgentOptions {
  language?: string;
  voice?: string;
  llm?: boolean;
  instructions?: string;
}

/** An OpenAI-compatible chat-completions endpoint (api key decrypted; never stored in a call). */
export interface LlmEndpoint {
  url: string;
  apiKey?: string;
  model: string;
  /** Whether the endpoint may be on a private network (the deployment's own, or WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivate: boolean;
}

/** How one call's conversation runs, resolved when it is answered: the call's options over the organization's over the deployment's. */
export interface AgentPlan {
  language: string;
  voice: string | null;
  /** The language model leading the conversation; null: the script. */
  llm: LlmEndpoint | null;
  instructions: string | null;
}

/** Resolves a call's AgentPlan (the composition root wires the agent-settings feature here). */
export type AgentPlans = (call: CarrierCall) => Promise<AgentPlan>;

/**
 * One entry of a model-led conversation's audit trail: what the model was told and what it did.
 * `at_ms` counts from the answer. Never holds a secret (the endpoint's key is not part of it).
 */
export interface AgentLogEntry {
  at_ms: number;
  kind: 'instructions' | 'request' | 'reply' | 'tool_call' | 'tool_result' | 'filler' | 'fallback' | 'error';
  /** instructions: the system prompt; reply: what the model wrote; fallback/error: why. */
  text?: string;
  /** tool_call / tool_result: the tool and its call id. */
  name?: string;
  call_id?: string;
  arguments?: unknown;
  result?: unknown;
}
