import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { AgentLogEntry, CallAgentOptions, CallAmd, CallDirection, CallLatencySummary, CallQuestion, CallStatus, CallTurn, CarrierCall, CarrierName, CarrierStatus, Disposition, TransferMode, TransferWhen } from './ports';

// The plain types live in ports.ts (what carriers and voice may import); re-exported for the feature.
export { AMD_RESULTS, CALL_DIRECTIONS, CALL_STATUSES, CARRIER_NAMES, DISPOSITIONS, FINAL_STATUSES, TRANSFER_MODES } from './ports';
export type { AmdResult, CallAmd, CallDirection, CallLatencySummary, CallQuestion, CallStatus, CallTurn, CarrierName, CarrierStatus, Disposition, TransferMode, TransferWhen, TurnLatency } from './ports';

/** What became of a call's transfer, as stored (snake_case: it is returned as it is). */
export interface StoredTransfer {
  mode: TransferMode;
  answered: boolean;
  failure_reason: string | null;
  /** ISO 8601 with microseconds, like every timestamp we return. */
  at: string;
}

@Entity({ tableName: 'calls' })
export class Call implements CarrierCall {
  [OptionalProps]?:
    | 'from'
    | 'status'
    | 'disposition'
    | 'durationSeconds'
    | 'metadata'
    | 'webhookUrl'
    | 'task'
    | 'questions'
    | 'maxDurationSeconds'
    | 'transcript'
    | 'structuredAnswers'
    | 'recordingSeconds'
    | 'carrierCallId'
    | 'carrier'
    | 'carrierStatus'
    | 'ringTimeoutSeconds'
    | 'voicemailMessage'
    | 'liveUntil'
    | 'createdAt'
    | 'startedAt'
    | 'endedAt'
    | 'analyzedAt'
    | 'updatedAt'
    | 'scheduledAt'
    | 'campaignId'
    | 'recipientId'
    | 'attempt'
    | 'dialStartedAt'
    | 'carrierAccount'
    | 'answeredBy'
    | 'callerName'
    | 'turns'
    | 'latency'
    | 'optedOut'
    | 'callbackAt'
    | 'transferTo'
    | 'transferWhen'
    | 'transfer'
    | 'direction'
    | 'greeting'
    | 'callbackCampaignId'
    | 'callbackRecipientId'
    | 'agent'
    | 'agentLog'
    | 'amd';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text', fieldName: 'to_number' })
  to!: string;

  @Property({ type: 'text', nullable: true, fieldName: 'from_number' })
  from: string | null = null;

  /** outbound: placed by us (API, campaign); inbound: someone called one of the organization's numbers. */
  @Property({ type: 'text' })
  direction: CallDirection = 'outbound';

  /** Inbound calls: the organization's greeting, what the agent says first. */
  @Property({ type: 'text', nullable: true })
  greeting: string | null = null;

  /** Inbound calls from a number a campaign called: that campaign and its most recent recipient with the number. */
  @Property({ type: 'uuid', nullable: true })
  callbackCampaignId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  callbackRecipientId: string | null = null;

  @Property({ type: 'text' })
  status: CallStatus = 'queued';

  @Property({ type: 'text', nullable: true })
  disposition: Disposition | null = null;

  @Property({ type: 'integer', nullable: true })
  durationSeconds: number | null = null;

  /** Kept as `json` (not jsonb) so key order survives: metadata is returned verbatim. */
  @Property({ type: 'json', columnType: 'json' })
  metadata: Record<string, unknown> = {};

  @Property({ type: 'text', nullable: true })
  webhookUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  task: string | null = null;

  @Property({ type: 'json', columnType: 'json' })
  questions: CallQuestion[] = [];

  @Property({ type: 'integer' })
  maxDurationSeconds: number = 600;

  @Property({ type: 'text', nullable: true })
  transcript: string | null = null;

  @Property({ type: 'json', columnType: 'json', nullable: true })
  structuredAnswers: Record<string, unknown> | null = null;

  /** Duration of the stored recording, when there is one; the URL is signed at read time. */
  @Property({ type: 'integer', nullable: true })
  recordingSeconds: number | null = null;

  @Property({ type: 'text', nullable: true })
  carrierCallId: string | null = null;

  /** The carrier that placed the call (set when it is dialed). */
  @Property({ type: 'text', nullable: true })
  carrier: CarrierName | null = null;

  /** The carrier's last word on the call: the SIP final response, for example. */
  @Property({ type: 'json', columnType: 'json', nullable: true })
  carrierStatus: CarrierStatus | null = null;

  /** The Twilio account that placed the call: its auth token verifies the call's callbacks. */
  @Property({ type: 'text', nullable: true })
  carrierAccount: string | null = null;

  /** What Twilio's answering-machine detection said (human, machine_start, fax, ...). */
  @Property({ type: 'text', nullable: true })
  answeredBy: string | null = null;

  @Property({ type: 'integer' })
  ringTimeoutSeconds: number = 30;

  @Property({ type: 'text', nullable: true })
  voicemailMessage: string | null = null;

  /**
   * While a carrier holds the call in a worker's memory (a SIP dialog), that worker keeps
   * extending this lease; a lease that ran out means the worker died and the call is failed.
   */
  @Property({ type: 'datetime', nullable: true })
  liveUntil: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  endedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  analyzedAt: Date | null = null;

  /** When a scheduled call becomes due (it stays `scheduled` until then). */
  @Property({ type: 'datetime', nullable: true })
  scheduledAt: Date | null = null;

  /** Campaign calls: the campaign, the recipient and which attempt of that recipient this is. */
  @Property({ type: 'uuid', nullable: true })
  campaignId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  recipientId: string | null = null;

  @Property({ type: 'integer', nullable: true })
  attempt: number | null = null;

  /** Set, and committed, just before the carrier is asked to dial (see dial.task.ts). */
  @Property({ type: 'datetime', nullable: true })
  dialStartedAt: Date | null = null;

  /** Who the agent says it calls on behalf of: the input's caller_name, else the organization's name at placement. */
  @Property({ type: 'text', nullable: true })
  callerName: string | null = null;

  /** One entry per utterance, once analysed (null before). */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  turns: CallTurn[] | null = null;

  /** p50/p95 of the agent turns' latency, once analysed (null before). */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  latency: CallLatencySummary | null = null;

  /** The callee asked not to be called again (the number joined the suppression list). */
  @Property({ type: 'boolean' })
  optedOut: boolean = false;

  /** When the callee asked to be called back (disposition callback_requested with a time). */
  @Property({ type: 'datetime', nullable: true })
  callbackAt: Date | null = null;

  /** Where the agent hands the call to a person (E.164, or a SIP URI on a SIP connection). */
  @Property({ type: 'text', nullable: true })
  transferTo: string | null = null;

  /** When it does (the callee asks, a key, an answer); null with transferTo: when the callee asks. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  transferWhen: TransferWhen | null = null;

  /** What became of the transfer, once tried (one per call). */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  transfer: StoredTransfer | null = null;
  /** The call's own agent options (language, voice, llm, instructions); null: the organization's defaults. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  agent: CallAgentOptions | null = null;

  /** A model-led conversation's audit trail (prompts, replies, tool calls and results), once analysed. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  agentLog: AgentLogEntry[] | null = null;

  /** Machine detection's decision and when it came, for answered calls (null otherwise). */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  amd: CallAmd | null = null;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** Every stored field of a call, as plain data (a `Call` is one; so is a row built by newCallRow). */
export type CallFields = Omit<Call, typeof OptionalProps>;

/**
 * A new call's fields with the defaults the class above gives them, as a plain object rather than
 * an entity: placing a call writes its row with one statement and only presents it, and an
 * entity's first assignment of each of its 45 properties goes through MikroORM's change-tracking
 * setters (about 5 % of the API's CPU per placed call, bench/README.md). Keep in step with the
 * initializers above: test/unit/call-row.test.ts compares the two field by field.
 */
export function newCallRow(fields: Pick<CallFields, 'orgId' | 'to'> & Partial<CallFields>): CallFields {
  const now = new Date();
  return {
    id: newId(),
    from: null,
    direction: 'outbound',
    greeting: null,
    callbackCampaignId: null,
    callbackRecipientId: null,
    status: 'queued',
    disposition: null,
    durationSeconds: null,
    metadata: {},
    webhookUrl: null,
    task: null,
    questions: [],
    maxDurationSeconds: 600,
    transcript: null,
    structuredAnswers: null,
    recordingSeconds: null,
    carrierCallId: null,
    carrier: null,
    carrierStatus: null,
    carrierAccount: null,
    answeredBy: null,
    ringTimeoutSeconds: 30,
    voicemailMessage: null,
    liveUntil: null,
    createdAt: now,
    startedAt: null,
    endedAt: null,
    analyzedAt: null,
    scheduledAt: null,
    campaignId: null,
    recipientId: null,
    attempt: null,
    dialStartedAt: null,
    callerName: null,
    turns: null,
    latency: null,
    optedOut: false,
    callbackAt: null,
    transferTo: null,
    transferWhen: null,
    transfer: null,
    agent: null,
    agentLog: null,
    amd: null,
    updatedAt: now,
    ...fields,
  };
}
