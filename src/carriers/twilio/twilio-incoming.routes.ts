import twilio from 'twilio';
import { AppError } from '../../common/errors';
import { canonicalPhoneNumber } from '../../common/phone';
import { route, type RouteInput, type Routes } from '../../common/route';
import type { CallEvents, CallRecords, InboundCalls } from '../../features/calls/ports';
import { applyStatusCallback, EMPTY_TWIML, Form, one, signatureHeader, twiml, type Params } from './twilio-callbacks.routes';
import { TwilioConversation } from './twiml';

export interface TwilioIncomingDeps {
  /** PUBLIC_BASE_URL: Twilio signs the URL it requested (the number's webhook, set to ours). */
  publicBaseUrl: string;
  inbound: InboundCalls;
  events: Pick<CallEvents, 'report' | 'answered' | 'identified'>;
  records: Pick<CallRecords, 'heardAnswers'>;
  conversation: TwilioConversation;
}

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const CALL_SID = 'CA0123456789abcdef0123456789abcdef';
const forbidden = () => new AppError('invalid_signature', 'The request is not signed by a Twilio account an organization connected.');

/**
 * The form, if the request carries a valid X-Twilio-Signature over PUBLIC_BASE_URL + path made
 * with the auth token an organization stored for the request's AccountSid (any of them, should
 * two organizations have connected the same account); else 403 and nothing happens. Nothing is
 * looked up by number before the signature holds.
 */
async function signed(input: RouteInput, deps: TwilioIncomingDeps): Promise<Params> {
  const params = (input.body ?? {}) as Params;
  const account = one(params, 'AccountSid');
  const signature = input.header('x-twilio-signature');
  if (!account || !signature) throw forbidden();
  const tokens = await deps.inbound.twilioTokens(account);
  if (!tokens.some((token) => twilio.validateRequest(token, signature, deps.publicBaseUrl + input.url, params))) throw forbidden();
  return params;
}

const asNumber = (raw: string | undefined): string | null => (raw ? canonicalPhoneNumber(raw.trim()) : null);

/**
 * Twilio's webhooks for calls to the organizations' numbers (docs/twilio.md "Inbound calls"):
 * set a number's "A call comes in" webhook to /carriers/twilio/incoming and its "Call status
 * changes" to /carriers/twilio/incoming/status. Mounted under /carriers/twilio, form-encoded.
 */
export const twilioIncomingRoutes: Routes<TwilioIncomingDeps> = [
  route<TwilioIncomingDeps>({
    method: 'post',
    path: '/carriers/twilio/incoming',
    operationId: 'twilioIncomingCall',
    summary: "A call to an organization's number: answered with the inbound agent's TwiML, or <Reject/>",
    description:
      "Called by Twilio (the number's voice webhook) with form parameters; accepted only with a valid X-Twilio-Signature made with the auth token of a connected account (403 otherwise). A number no organization has on that account, or whose inbound calls are off, gets <Reject/>. See docs/inbound.md.",
    tag: 'carriers',
    auth: 'none',
    headers: signatureHeader,
    body: { ...Form, contentType: 'application/x-www-form-urlencoded' },
    responses: { 200: { description: 'TwiML: the conversation, or <Reject/>.', contentType: 'text/xml' } },
    errors: [403],
    example: {
      request: { AccountSid: ACCOUNT_SID, CallSid: CALL_SID, From: '+14155550123', To: '+14155550100', CallStatus: 'ringing', Direction: 'inbound' },
      response: '<?xml version="1.0" encoding="UTF-8"?><Response><Start><Recording channels="dual" …/></Start><Gather input="speech dtmf" …><Say>Hello, you have reached Acme Dental.</Say></Gather></Response>',
    },
    handler: async (input, deps) => {
      const params = await signed(input, deps);
      const to = asNumber(one(params, 'To'));
      const callSid = one(params, 'CallSid');
      if (!to || !callSid) return twiml(TwilioConversation.reject());
      const decision = await deps.inbound.offer({ carrier: 'twilio', to, from: asNumber(one(params, 'From')), carrierCallId: callSid, accountSid: one(params, 'AccountSid') });
      if (decision.kind !== 'accepted') return twiml(TwilioConversation.reject());
      const { call } = decision;
      // Twilio waits for this answer: the call rang, and our TwiML answers it.
      await deps.events.report({ callId: call.id, status: 'ringing', carrierStatus: { code: null, reason: 'ringing' } });
      await deps.events.answered(call.id, { code: 200, reason: 'in-progress' });
      return twiml(deps.conversation.answerInbound(call));
    },
  }),
  route<TwilioIncomingDeps>({
    method: 'post',
    path: '/carriers/twilio/incoming/status',
    operationId: 'twilioIncomingStatusCallback',
    summary: "The status callback of calls to an organization's numbers: completed, canceled, …",
    description:
      "Set as the number's \"Call status changes\" webhook. Signed like every Twilio callback (403 otherwise); the call is found by CallSid among inbound calls on that account. See docs/inbound.md.",
    tag: 'carriers',
    auth: 'none',
    headers: signatureHeader,
    body: { ...Form, contentType: 'application/x-www-form-urlencoded' },
    responses: { 200: { description: 'Empty TwiML.', contentType: 'text/xml' } },
    errors: [403],
    example: { request: { AccountSid: ACCOUNT_SID, CallSid: CALL_SID, CallStatus: 'completed', CallDuration: '42' }, response: EMPTY_TWIML },
    handler: async (input, deps) => {
      const params = await signed(input, deps);
      const callSid = one(params, 'CallSid');
      const call = callSid ? await deps.inbound.inboundCall('twilio', callSid) : null;
      // Another account's call (or one we refused): acknowledged, nothing changes.
      if (call && call.carrierAccount === one(params, 'AccountSid')) await applyStatusCallback(deps, call, params);
      return twiml(EMPTY_TWIML);
    },
  }),
];
