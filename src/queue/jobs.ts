/**
 * Every kind of background job: its task name, its payload, its key and its attempts, in one
 * place, so producers and handlers cannot disagree. Only src/queue/ knows these task names.
 */

export type DeliveryTrigger = 'scheduled' | 'manual';

/**
 * The tasks a worker runs, and the name each has in the queue's tables. Code outside src/queue
 * refers to a task by its key here, never by that name.
 */
export const TASKS = {
  deliver: 'deliver_webhook',
  dial: 'dial_call',
  carrierReport: 'carrier_report',
  analyze: 'analyze_call',
  replay: 'replay_webhooks',
  queueScheduled: 'queue_scheduled_call',
  dispatchCampaign: 'dispatch_campaign',
  purge: 'purge_webhook_history',
  carrierHangup: 'carrier_hangup',
  twilioRecording: 'twilio_recording',
  releaseParked: 'release_parked_deliveries',
} as const;
export type TaskKey = keyof typeof TASKS;

/** Payload of each task, as stored in the job row. */
export interface TaskPayloads {
  deliver: { deliveryId: string; trigger: DeliveryTrigger };
  /** `twilioRefusals`: how many times Twilio has refused this call for a rate or concurrency limit. */
  dial: { callId: string; twilioRefusals?: number };
  /** A carrier's progress report for a call (the carrier's own fields besides `callId`). */
  carrierReport: { callId: string };
  analyze: { callId: string };
  replay: { orgId: string; since: string; event?: string };
  queueScheduled: { callId: string };
  dispatchCampaign: { campaignId: string };
  purge: { scope: 'webhooks' };
  /** Hang up a carrier call (Twilio) canceled through our API. */
  carrierHangup: { callId: string };
  /** Fetch a finished Twilio recording with the account's credentials and store it. */
  twilioRecording: { callId: string; recordingUrl: string };
  /** Send a destination's parked deliveries (webhook_parked) as fast as it accepts them. */
  releaseParked: { destination: string };
}

/** Every task name a job may be written for (registered at migration time, see migrateQueue). */
export const TASK_NAMES: readonly string[] = Object.values(TASKS);

/** Attempts the queue makes when a handler throws (graphile-worker's exponential back-off). */
export const MAX_ATTEMPTS = 10;

/**
 * Priority of work that is being tried again (a delivery's retry, one put back because its
 * destination was full): among jobs that are due, first attempts (priority 0) run before it, so
 * a backlog of retries to a failing receiver never stands in front of other organizations' new
 * events. See docs/queue-and-delivery.md.
 */
export const RETRY_PRIORITY = 1;

/**
 * The job kinds producers add. A kind fixes the task, the constant part of the payload and the job
 * key: a keyed job exists at most once (adding it again replaces a waiting one), so a kind whose
 * work must not be doubled (one dial per call, one scheduled delivery per event) has a key.
 */
export const JOB_KINDS = {
  /** Place the call with the carrier. */
  dial: { task: 'dial', key: { prefix: 'dial:', field: 'callId' }, fixed: {} },
  /** A carrier report, due at the time the carrier said. */
  carrierReport: { task: 'carrierReport', key: null, fixed: {} },
  /** Transcript, answers and recording of a completed call. */
  analyze: { task: 'analyze', key: { prefix: 'analyze:', field: 'callId' }, fixed: {} },
  /** The next attempt of an event's retry schedule. */
  deliver: { task: 'deliver', key: { prefix: 'delivery:', field: 'deliveryId' }, fixed: { trigger: 'scheduled' } },
  /** One manual attempt (redeliver, replay); it schedules nothing further. */
  redeliver: { task: 'deliver', key: null, fixed: { trigger: 'manual' } },
  /** Queue a manual attempt for every undelivered event of an organization since a time. */
  replay: { task: 'replay', key: null, fixed: {} },
  /** A scheduled call that is due: it becomes queued (call.queued) and is dialed. */
  queueScheduled: { task: 'queueScheduled', key: { prefix: 'scheduled:', field: 'callId' }, fixed: {} },
  /**
   * One bounded batch of a campaign's dispatcher. Keyed per campaign: at most one waiting tick per
   * campaign, whatever number of producers (create, resume, append, every call that ends) ask.
   */
  dispatchCampaign: { task: 'dispatchCampaign', key: { prefix: 'campaign:', field: 'campaignId' }, fixed: {} },
  /** The retention purge: one waiting at most; each run queues the next. */
  purge: { task: 'purge', key: { prefix: 'purge:', field: 'scope' }, fixed: {} },
  /** Ask the carrier holding a canceled call (Twilio) to end it, outside the cancel's transaction. */
  carrierHangup: { task: 'carrierHangup', key: { prefix: 'hangup:', field: 'callId' }, fixed: {} },
  /** Fetch and store a Twilio recording once (a repeated recording callback replaces the waiting job). */
  twilioRecording: { task: 'twilioRecording', key: { prefix: 'twilio-recording:', field: 'callId' }, fixed: {} },
  /**
   * The one job of a destination whose deliveries are parked (full or failing receiver): it sends
   * them at the rate the destination accepts. Keyed per destination: at most one waits.
   */
  releaseParked: { task: 'releaseParked', key: { prefix: 'release:', field: 'destination' }, fixed: {} },
} as const satisfies Record<string, { task: TaskKey; key: { prefix: string; field: string } | null; fixed: Record<string, string> }>;
export type JobKind = keyof typeof JOB_KINDS;

/** What a producer supplies for each kind (the kind adds the rest). */
export interface JobInputs {
  dial: { callId: string; twilioRefusals?: number };
  carrierReport: { callId: string } & object;
  analyze: { callId: string };
  deliver: { deliveryId: string };
  redeliver: { deliveryId: string };
  replay: { orgId: string; since: string; event?: string };
  queueScheduled: { callId: string };
  dispatchCampaign: { campaignId: string };
  purge: { scope: 'webhooks' };
  carrierHangup: { callId: string };
  twilioRecording: { callId: string; recordingUrl: string };
  releaseParked: { destination: string };
}

export interface Job {
  task: TaskKey;
  payload: object;
  key: string | null;
  /**
   * For a keyed job already waiting: `replace` (default) moves it to this job's run_at;
   * `earliest` keeps whichever of the two times comes first (wake-ups that must never postpone
   * one another, and that coalesce into one run).
   */
  keyMode: 'replace' | 'earliest';
  maxAttempts: number;
  runAt: Date | null;
  priority: number;
}

/** A job of a kind, ready for `addJobs`. */
export function job<K extends JobKind>(kind: K, input: JobInputs[K], opts: { runAt?: Date; keyMode?: Job['keyMode']; priority?: number } = {}): Job {
  const def = JOB_KINDS[kind];
  const key = def.key ? `${def.key.prefix}${String((input as Record<string, unknown>)[def.key.field])}` : null;
  return {
    task: def.task,
    payload: { ...input, ...def.fixed },
    key,
    keyMode: opts.keyMode ?? 'replace',
    maxAttempts: MAX_ATTEMPTS,
    runAt: opts.runAt ?? null,
    priority: opts.priority ?? 0,
  };
}
