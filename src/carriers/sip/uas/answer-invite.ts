import * as sip from 'sip';
import type { Logger } from 'pino';
import { canonicalPhoneNumber } from '../../../common/phone';
import type { CarrierCall, InboundCalls } from '../../../features/calls/ports';
import type { OfferedInvite } from './uas';

/**
 * The phone number in a SIP URI's user part, canonical E.164: `+14155550100`, or the digits
 * alone (`14155550100`: many trunks leave the + out), visual separators and user parameters
 * (`;npdi`, `;phone-context=…`) dropped. Null when it is not a possible phone number.
 */
export function phoneNumberOfUri(uri: string | undefined): string | null {
  if (!uri) return null;
  let user: string | undefined;
  try {
    user = sip.parseUri(uri)?.user;
  } catch {
    return null;
  }
  const number = decodeURIComponent(user ?? '').split(';')[0]!.replace(/[\s.\-()]/g, '');
  if (!/^\+?\d{8,15}$/.test(number)) return null;
  return canonicalPhoneNumber(number.startsWith('+') ? number : `+${number}`);
}

/**
 * Whose call an INVITE is, and what the caller hears when it is nobody's: the number called (the
 * Request-URI's user part, else the To header's) among organizations' connection numbers; 404 for
 * a number no organization has, 403 when the INVITE did not come from that organization's trunk,
 * 480 when its inbound calls are off, 500 when the decision failed. A CANCEL that arrives while
 * the decision is being made is answered 487 at once; an accepted call is then ended as canceled
 * by the caller of this function (the transaction says `wasCanceled`).
 */
export async function answerInvite(offered: OfferedInvite, inbound: InboundCalls, log: Logger): Promise<{ call: CarrierCall; allowPrivate: boolean } | null> {
  const { invite, tx, remote } = offered;
  offered.listen({ onCancel: () => tx.respond(487, 'Request Terminated'), onNoAck: () => undefined });
  const to = phoneNumberOfUri(invite.uri) ?? phoneNumberOfUri(invite.headers.to?.uri);
  if (!to) {
    tx.respond(404, 'Not Found');
    return null;
  }
  const callId = invite.headers['call-id'];
  let decision;
  try {
    decision = await inbound.offer({ carrier: 'sip', to, from: phoneNumberOfUri(invite.headers.from?.uri), carrierCallId: callId, sourceAddress: remote.address });
  } catch (err) {
    log.error({ call_id: callId, err: (err as Error).message }, 'could not decide whose inbound call this is');
    tx.respond(500, 'Server Internal Error');
    return null;
  }
  switch (decision.kind) {
    case 'accepted':
      return { call: decision.call, allowPrivate: decision.allowPrivate };
    case 'unknown_number':
      tx.respond(404, 'Not Found');
      return null;
    case 'forbidden':
      log.warn({ call_id: callId, source: remote.address, to }, 'an INVITE for a known number did not come from its trunk; refused');
      tx.respond(403, 'Forbidden');
      return null;
    case 'disabled':
      tx.respond(480, 'Temporarily Unavailable');
      return null;
  }
}
