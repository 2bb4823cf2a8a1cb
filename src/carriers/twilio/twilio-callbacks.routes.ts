import express from 'express';
import twilio from 'twilio';
import { z } from 'zod';
import type { AccountTokens, CallEvents, CallRecords, CarrierCall, CarrierName } from '../../features/calls/ports';
import { AppError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { named, route, type Reply, type RouteDescriptor, type RouteInput, type Routes } from '../../common/route';
import { MAX_CLARIFICATIONS } from '../../voice/dialog/intents';
import { MESSAGE_GOODBYE } from '../../voice/dialog/prompts';
import { messageKey, replayConversation, TwilioDialog } from './twilio-dialog';
import { isMachine, reportForStatus, twilioAmd } from './twilio-outcomes';
import { closingTwiml, messageTwiml, type TwilioConversation } from './twiml';

export interface TwilioCallbackDeps {
  /** PUBLIC_BASE_URL: Twilio signs the URL it requested, which we built from it. */
  publicBaseUrl: string;
  tokenFor: AccountTokens;
  /** What the callbacks learn goes to the calls feature; the call they are about is read from it. */
  events: Pick<CallEvents, 'report' | 'answered' | 'identified' | 'heard' | 'recordingReady' | 'transferred'>;
  records: Pick<CallRecords, 'find' | 'heardAnswers'>;
  /** Builds the TwiML conversation (its URLs under PUBLIC_BASE_URL). */
  conversation: TwilioConversation;
}

/**
 * Twilio posts form parameters (application/x-www-form-urlencoded), not JSON: app.ts mounts these
 * routes under /carriers/twilio behind this parser instead of the JSON one. Repeated keys become
 * arrays.
 */
export const twilioFormBody = (maxBytes: number) => express.urlencoded({ extended: false, limit: maxBytes, parameterLimit: 200 });

/** Twilio reads a callback's answer as TwiML; an empty document acknowledges it. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
/** What the answer and gather callbacks return, in short. */
const EXAMPLE_TWIML =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="speech" action="…/gather?q=0"><Say>Can you come on Tuesday?</Say></Gather></Response>';
const EXAMPLE_RESPONSE = {
  status: EMPTY_TWIML,
  recording: EMPTY_TWIML,
  twiml: EXAMPLE_TWIML,
  gather: EXAMPLE_TWIML,
  dial: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
  message: '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Thank you, I will pass on your message. Goodbye.</Say><Hangup/></Response>',
};
export const twiml = (body: string): Reply => ({ status: 200, contentType: 'text/xml', body });

export type Params = Record<string, string | string[]>;
export const one = (p: Params, k: string): string | undefined => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined));

/** The carrier these callbacks belong to. */
const TWILIO = 'twilio' satisfies CarrierName;

const forbidden = () => new AppError('invalid_signature', 'The request is not signed by the Twilio account that placed this call.');

/**
 * The call a callback is about, if the request carries a valid X-Twilio-Signature computed with the
 * auth token of the account that placed the call over PUBLIC_BASE_URL + path and the form
 * parameters; anything else is 403 and changes nothing, so a callback signed by another
 * organization's account cannot touch this call.
 */
async function verified(input: RouteInput, deps: TwilioCallbackDeps): Promise<{ call: CarrierCall; params: Params }> {
  const callId = input.params.call_id ?? '';
  const params = (input.body ?? {}) as Params;
  const call = isUuid(callId) ? await deps.records.find(callId) : null;
  const signature = input.header('x-twilio-signature');
  if (!call || call.carrier !== TWILIO || !call.carrierAccount || !signature || one(params, 'AccountSid') !== call.carrierAccount) throw forbidden();
  const token = await deps.tokenFor(call.orgId, call.carrierAccount);
  if (!token || !twilio.validateRequest(token, signature, deps.publicBaseUrl + input.url, params)) throw forbidden();
  const callSid = one(params, 'CallSid');
  if (call.carrierCallId && callSid && callSid !== call.carrierCallId) throw forbidden();
  return { call, params };
}

const formSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .meta({ description: "Twilio's callback parameters (CallSid, AccountSid, CallStatus, AnsweredBy, SpeechResult, RecordingUrl, …), form-encoded." });
export const Form = named('TwilioCallbackForm', formSchema);
const callIdParams = z.object({ call_id: z.uuid().meta({ description: 'Our call id (Twilio calls back the URL it was given when the call was created).' }) });
export const signatureHeader = [{ name: 'X-Twilio-Signature', description: "Base64 HMAC-SHA1 of the URL and sorted form parameters, keyed with the account's auth token.", schema: z.string() }];
const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const CALL_SID = 'CA0123456789abcdef0123456789abcdef';

/** One callback: signed, form-encoded, answered with TwiML. */
function callback(
  hook: 'status' | 'twiml' | 'gather' | 'recording' | 'dial' | 'message',
  summary: string,
  request: Record<string, string>,
  handle: (v: { call: CarrierCall; params: Params; input: RouteInput }, deps: TwilioCallbackDeps) => Promise<Reply>,
  extra: Partial<RouteDescriptor<TwilioCallbackDeps>> = {},
): RouteDescriptor<TwilioCallbackDeps> {
  return route<TwilioCallbackDeps>({
    method: 'post',
    path: `/carriers/twilio/calls/{call_id}/${hook}`,
    operationId: `twilio${hook[0]!.toUpperCase()}${hook.slice(1)}Callback`,
    summary,
    description:
      'Called by Twilio with form parameters; accepted only with a valid X-Twilio-Signature over PUBLIC_BASE_URL + path, made with the auth token of the account that placed the call (403 otherwise, and nothing changes). See docs/twilio.md.',
    tag: 'carriers',
    auth: 'none',
    params: callIdParams,
    headers: signatureHeader,
    body: { ...Form, contentType: 'application/x-www-form-urlencoded' },
    responses: { 200: { description: 'TwiML.', contentType: 'text/xml' } },
    errors: [403],
    example: { request: { AccountSid: ACCOUNT_SID, CallSid: CALL_SID, ...request }, response: EXAMPLE_RESPONSE[hook] },
    handler: async (input, deps) => handle({ ...(await verified(input, deps)), input }, deps),
    ...extra,
  });
}

/** Twilio's webhooks for the calls it carries, mounted under /carriers/twilio. See docs/twilio.md. */
export const twilioCallbackRoutes: Routes<TwilioCallbackDeps> = [
  callback('status', "Twilio's status callback: ringing, answered, completed, busy, no-answer, failed, canceled", { CallStatus: 'completed', CallDuration: '42' }, async ({ call, params }, deps) => {
    await applyStatusCallback(deps, call, params);
    return twiml(EMPTY_TWIML);
  }),
  callback('twiml', 'The call was answered: Twilio asks what to do (TwiML conversation)', { CallStatus: 'in-progress', AnsweredBy: 'human' }, async ({ call, params }, deps) => {
    const known = await rememberSidAndMachine(deps, call, params);
    // Answered: the call is in progress even if the status callback is late.
    await deps.events.answered(call.id, { code: 200, reason: 'in-progress' });
    const answeredBy = one(params, 'AnsweredBy') ?? known;
    return twiml(deps.conversation.answer(call, isMachine(answeredBy)));
  }),
  callback(
    'gather',
    'What the callee said to one question (<Gather> action)',
    { SpeechResult: 'yes', Confidence: '0.92' },
    async ({ call, params, input }, deps) => {
      const query = (input.query ?? {}) as Record<string, unknown>;
      const index = Number(query.q);
      const attempt = Number(query.attempt) === 1 ? 1 : 0;
      const clarifications = Number(query.c ?? 0);
      if (!Number.isInteger(index) || !call.questions[index]) throw new AppError('bad_request', 'Unknown question.');
      if (!Number.isInteger(clarifications) || clarifications < 0 || clarifications > MAX_CLARIFICATIONS) throw new AppError('bad_request', 'Unknown clarification.');
      const key = { q: index, attempt, clarifications };
      // The first answer to a question attempt wins: a replayed action gets the same next step.
      const said = await deps.events.heard(call.id, {
        questionIndex: index,
        attempt,
        clarifications,
        speech: one(params, 'SpeechResult') ?? null,
        digits: one(params, 'Digits') ?? null,
        confidence: Number(one(params, 'Confidence') ?? NaN) || null,
      });
      return twiml(deps.conversation.render(call, TwilioDialog.heard(call, key, said).next));
    },
    {
      query: z.object({
        q: z.string().regex(/^\d+$/).meta({ description: 'Index of the question asked.' }),
        attempt: z.enum(['0', '1']).optional().meta({ description: '1 on the one retry of a question.' }),
        c: z.enum(['0', '1', '2']).optional().meta({ description: 'How many times this question was clarified before ("who is this?", "say that again").' }),
      }),
      errors: [400, 403],
    },
  ),
  callback(
    'dial',
    'The <Dial> to the transfer target ended: whether the person answered (DialCallStatus)',
    { DialCallStatus: 'completed', DialCallDuration: '95' },
    async ({ call, params }, deps) => {
      const status = one(params, 'DialCallStatus') ?? 'failed';
      const answered = status === 'completed' || status === 'answered';
      // Recorded once (a repeated callback changes nothing), with call.transferred.
      await deps.events.transferred(call.id, { mode: 'dial', answered, failureReason: answered ? null : `The person did not answer: ${status}` });
      return twiml(answered ? closingTwiml(null) : messageTwiml(deps.publicBaseUrl, call));
    },
  ),
  callback(
    'message',
    'The message the callee left after a transfer nobody answered (<Gather> action)',
    { SpeechResult: 'Please call me back tomorrow.', Confidence: '0.88' },
    async ({ call, params }, deps) => {
      const key = messageKey(call);
      // Kept like an answer, after the last question: the transcript shows it after the offer.
      await deps.events.heard(call.id, { questionIndex: key.q, attempt: key.attempt, clarifications: key.clarifications, speech: one(params, 'SpeechResult') ?? null, digits: null, confidence: Number(one(params, 'Confidence') ?? NaN) || null });
      return twiml(closingTwiml(MESSAGE_GOODBYE));
    },
  ),
  callback(
    'recording',
    'A recording is ready: it is fetched with the account credentials and stored',
    { RecordingStatus: 'completed', RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0123456789abcdef0123456789abcdef` },
    async ({ call, params }, deps) => {
      const url = one(params, 'RecordingUrl');
      if (one(params, 'RecordingStatus') === 'completed' && url) await deps.events.recordingReady(call.id, url);
      return twiml(EMPTY_TWIML);
    },
  ),
];

/** What a status callback says about a call (the call's own callback, or the number's for an inbound call). */
export async function applyStatusCallback(
  deps: { events: Pick<CallEvents, 'report' | 'identified'>; records: Pick<CallRecords, 'heardAnswers'> },
  call: CarrierCall,
  params: Params,
): Promise<void> {
  const answeredBy = await rememberSidAndMachine(deps, call, params);
  // A person who said "wrong number" or "call me later" ended the conversation with that outcome.
  const said = one(params, 'CallStatus') === 'completed' && !isMachine(one(params, 'AnsweredBy') ?? answeredBy) ? replayConversation(call, await deps.records.heardAnswers(call.id)).outcome : null;
  // A call the person took (<Dial> answered) is theirs: transferred.
  const report = reportForStatus(call.id, params as Record<string, string>, answeredBy, call.transfer?.answered ? 'transferred' : said?.disposition);
  if (report) await deps.events.report(report);
}

/**
 * The CallSid (when the callback beat the dial's own write) and what answering-machine detection
 * said; returns what is now known of the latter.
 */
async function rememberSidAndMachine(deps: { events: Pick<CallEvents, 'identified'> }, call: CarrierCall, params: Params): Promise<string | null> {
  const sid = one(params, 'CallSid');
  const answeredBy = one(params, 'AnsweredBy');
  const amd = twilioAmd(answeredBy, one(params, 'MachineDetectionDuration'));
  // The first word wins; a later one only adds how long detection took (MachineDetectionDuration comes with the answer's TwiML request).
  const longer = amd?.ms != null && call.amd?.ms == null;
  if ((!call.carrierCallId && sid) || (!call.answeredBy && answeredBy) || longer) await deps.events.identified(call.id, { carrierCallId: sid, answeredBy, ...(amd ? { amd } : {}) });
  return call.answeredBy ?? answeredBy ?? null;
}
