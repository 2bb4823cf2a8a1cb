import * as sip from 'sip';
import type { SipMessage } from 'sip';
import { ALLOW } from '../message';
import { parseAnswer } from '../sdp';
import type { Remote } from '../transport/transport';

/** What a call offers the requests of an established dialog that do not end it. */
export interface MidDialogTarget {
  media: { retarget(remote: Remote): void; onDtmf(digit: string): void };
  /** Whether RTP may go to this address (the trunk's address policy). */
  mediaAllowed(address: string): boolean;
  /** Our Contact and SDP, repeated in the answer to a re-INVITE. */
  contact: Array<{ uri: string; params: Record<string, never> }>;
  sdp: string | undefined;
}

/**
 * The answer to a request inside a call's dialog that neither side's call treats itself (BYE,
 * ACK, CANCEL are theirs): a re-INVITE (session refresh, hold, a media move: accepted, media
 * follows the new address), OPTIONS, INFO DTMF (application/dtmf-relay, which some trunks send
 * instead of RFC 4733) and UPDATE; null for any other method. Outbound and inbound calls share it.
 */
export function answerMidDialog(rq: SipMessage, call: MidDialogTarget): SipMessage | null {
  switch (rq.method) {
    case 'INVITE': {
      const offer = rq.content ? parseAnswer(rq.content) : null;
      if (offer && !call.mediaAllowed(offer.address)) return sip.makeResponse(rq, 488, 'Not Acceptable Here');
      if (offer) call.media.retarget({ address: offer.address, port: offer.port });
      return sip.makeResponse(rq, 200, 'OK', { headers: { contact: call.contact, 'content-type': 'application/sdp', allow: ALLOW }, content: call.sdp });
    }
    case 'OPTIONS':
      return sip.makeResponse(rq, 200, 'OK', { headers: { allow: ALLOW, accept: 'application/sdp' } });
    case 'INFO': {
      const digit = /Signal\s*=\s*([0-9*#A-D])/i.exec(rq.content ?? '')?.[1];
      if (digit) call.media.onDtmf(digit.toUpperCase());
      return sip.makeResponse(rq, 200, 'OK');
    }
    case 'UPDATE':
      return sip.makeResponse(rq, 200, 'OK');
    default:
      return null;
  }
}
