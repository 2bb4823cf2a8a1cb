import * as sip from 'sip';
import type { SipMessage } from 'sip';
import { systemClock, type Clock, type Timer } from '../clock';
import type { TransactionUser } from '../transaction/client-transaction';

/** What a blind transfer needs of the answered call: a request inside its dialog, and the requests the far end sends in it. */
export interface ReferDialog {
  readonly localUri: string;
  sendInDialog(method: string, headers: Record<string, unknown>, content: string | undefined, user: TransactionUser): void;
  extraRequests: ((rq: SipMessage) => SipMessage | null) | null;
}

export type ReferResult = { ok: true } | { ok: false; reason: string };

/** How long the trunk may take to report the transfer's outcome (ringing the person included) once it accepted the REFER. */
export const REFER_OUTCOME_TIMEOUT_MS = 60_000;

/** The status line of a message/sipfrag body ("SIP/2.0 180 Ringing"); null when there is none. */
export function sipfragStatus(body: string | undefined): { code: number; reason: string } | null {
  const m = /^SIP\/2\.0\s+(\d{3})\s*([^\r\n]*)/.exec((body ?? '').trimStart());
  return m ? { code: Number(m[1]), reason: m[2]!.trim() } : null;
}

/**
 * A blind transfer (RFC 3515): REFER with Refer-To inside the call's dialog. The trunk answers
 * 202 and reports the new call's progress in NOTIFYs (Event: refer, a message/sipfrag body), each
 * answered 200 OK: a 2xx sipfrag means the person answered (done: the caller then sends BYE), a
 * final failure sipfrag, or a REFER answered 4xx/5xx (405/501: the trunk does not transfer), or no
 * answer in time, means it did not work. Resolves once, with the outcome.
 */
export function referTransfer(dialog: ReferDialog, referTo: string, opts: { clock?: Clock; timeoutMs?: number } = {}): Promise<ReferResult> {
  const clock = opts.clock ?? systemClock;
  return new Promise<ReferResult>((resolve) => {
    let settled = false;
    let timer: Timer | undefined;
    const settle = (r: ReferResult) => {
      if (settled) return;
      settled = true;
      timer?.cancel();
      // Later NOTIFYs (a retransmission, the final "terminated") are still answered 200.
      dialog.extraRequests = (rq) => (rq.method === 'NOTIFY' ? sip.makeResponse(rq, 200, 'OK') : null);
      resolve(r);
    };
    dialog.extraRequests = (rq) => {
      if (rq.method !== 'NOTIFY') return null;
      const frag = sipfragStatus(rq.content);
      if (frag && frag.code >= 200 && frag.code < 300) settle({ ok: true });
      else if (frag && frag.code >= 300) settle({ ok: false, reason: `The transfer failed at the trunk: ${frag.code} ${frag.reason}`.trim() });
      else if (/terminated/i.test(String(rq.headers['subscription-state'] ?? '')) && !frag) settle({ ok: false, reason: 'The trunk ended the transfer without a final status' });
      return sip.makeResponse(rq, 200, 'OK');
    };
    try {
      dialog.sendInDialog(
        'REFER',
        { 'refer-to': `<${referTo}>`, 'referred-by': `<${dialog.localUri}>` },
        undefined,
        {
          onResponse: (rs) => {
            const code = rs.status!;
            if (code >= 300) settle({ ok: false, reason: `The trunk refused the REFER: ${code} ${rs.reason ?? ''}`.trim() });
            else if (code >= 200) timer ??= clock.after(opts.timeoutMs ?? REFER_OUTCOME_TIMEOUT_MS, () => settle({ ok: false, reason: 'The trunk did not report the transfer in time' }));
          },
          onFailure: (why) => settle({ ok: false, reason: why === 'timeout' ? 'The trunk did not answer the REFER' : 'The REFER could not be sent' }),
        },
      );
    } catch (err) {
      settle({ ok: false, reason: `The REFER could not be sent: ${(err as Error).message}` });
    }
  });
}
