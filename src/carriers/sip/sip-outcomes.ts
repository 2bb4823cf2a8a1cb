import type { Disposition } from '../../features/calls/ports';

export interface SipOutcome {
  status: 'failed';
  disposition: Disposition;
}

/**
 * The one table from a SIP final response (300–699) to our outcome. 408/480 and a ring timeout
 * mean nobody answered; 486/600/603 a busy or declining callee; 404/484/604 a number that does
 * not exist; anything else (5xx, 403, 488, a failed authentication...) is the carrier's problem.
 */
export function outcomeForFinalResponse(code: number): SipOutcome {
  switch (code) {
    case 486:
    case 600:
    case 603:
      return { status: 'failed', disposition: 'busy' };
    case 404:
    case 484:
    case 604:
      return { status: 'failed', disposition: 'invalid_number' };
    case 408:
    case 480:
      return { status: 'failed', disposition: 'no_answer' };
    default:
      return { status: 'failed', disposition: 'carrier_error' };
  }
}
