import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SipConfig } from '../../config';
import type { CarrierCall, TransferOutcome } from '../../features/calls/ports';
import type { TransferLeg } from '../../voice/agent/voice-agent';
import type { SpeechSynthesizer } from '../../voice/tts/synthesizer';
import { AudioBridge } from './media/bridge';
import { RtpSession } from './media/rtp-session';
import type { SipEndpoint } from './sip-endpoint';
import type { SipTrunk } from './sip-trunk';
import { OutboundCall } from './uac/outbound-call';
import { referTransfer, type ReferDialog } from './uac/transfer';

export interface SipTransferDeps {
  config: SipConfig;
  endpoint: SipEndpoint;
  /** The organization's trunk, resolved and judged (an inbound call's is resolved when its transfer starts). */
  trunk: SipTrunk | Promise<SipTrunk>;
  tts: SpeechSynthesizer;
  log: Logger;
}

/** The call being handed over, as the transfer needs it. */
export interface TransferringCall {
  call: CarrierCall;
  /** The callee's dialog (REFER goes in it) and whether it is still up. */
  sip: ReferDialog & { readonly isAnswered: boolean };
  /** The callee's audio (bridged to the person's). */
  media: RtpSession;
  /** Told once, as soon as the outcome is known (the person answered, or it failed): the event goes out then. */
  outcome(o: TransferOutcome): void;
}

/** A transfer in progress: `done` resolves when it is over; `calleeGone()` when the callee hung up meanwhile. */
export interface RunningTransfer {
  done: Promise<TransferLeg>;
  calleeGone(): void;
}

/** Where the trunk should connect the callee: a SIP URI as given, a number at the trunk's host. */
export function referTarget(target: string, trunk: Pick<SipTrunk, 'host' | 'port'>): string {
  if (target.startsWith('sip:')) return target;
  return `sip:${target}@${trunk.port === 5060 ? trunk.host : `${trunk.host}:${trunk.port}`}`;
}

/**
 * Hands an answered SIP call to its `transfer_to`: first a blind transfer (REFER: the trunk
 * connects the callee and the call leaves us, ended with BYE by the caller); when the trunk refuses
 * (4xx/5xx, or a failing sipfrag), a bridged transfer: a second INVITE on the same trunk dials the
 * person, the summary is said to them, then the two calls' audio is joined until either side hangs
 * up. A person who does not answer (or a dial that fails) leaves the call with the agent.
 */
export function startTransfer(t: TransferringCall, summary: string, deps: SipTransferDeps): RunningTransfer {
  let onCalleeGone: () => void = () => undefined;
  let calleeLeft = false;
  const target = t.call.transferTo!;
  const log = deps.log.child({ call_id: t.call.id });
  const done = (async (): Promise<TransferLeg> => {
    let trunk: SipTrunk;
    try {
      trunk = await deps.trunk;
    } catch (err) {
      const failureReason = `The SIP trunk could not be resolved: ${(err as Error).message}`;
      t.outcome({ mode: 'refer', answered: false, failureReason });
      return { answered: false, leg: `[transfer to ${target} failed: ${failureReason}]` };
    }
    const refer = await referTransfer(t.sip, referTarget(target, trunk));
    if (refer.ok) {
      t.outcome({ mode: 'refer', answered: true, failureReason: null });
      return { answered: true, leg: `[transferred to ${target} by the trunk (REFER)]` };
    }
    log.info({ reason: refer.reason }, 'REFER did not transfer the call; dialling the person to bridge');
    if (calleeLeft || !t.sip.isAnswered) {
      const failureReason = `${refer.reason}; the callee hung up`;
      t.outcome({ mode: 'refer', answered: false, failureReason });
      return { answered: false, leg: `[transfer to ${target} failed: ${failureReason}]` };
    }
    return bridge(t, summary, { ...deps, trunk }, log, (gone) => (onCalleeGone = gone));
  })();
  return {
    done,
    calleeGone: () => {
      calleeLeft = true;
      onCalleeGone();
    },
  };
}

/** Dials the person on the trunk, says the summary to them, then joins the audio until one side hangs up. */
async function bridge(t: TransferringCall, summary: string, deps: SipTransferDeps & { trunk: SipTrunk }, log: Logger, watchCallee: (gone: () => void) => void): Promise<TransferLeg> {
  const target = t.call.transferTo!;
  const { config } = deps;
  const media = await RtpSession.open(config.bindAddress, config.rtpPortMin, config.rtpPortMax, t.call.maxDurationSeconds + 5);
  const prompt = deps.tts.synthesize(summary);
  prompt.catch(() => undefined);
  const sip = target.startsWith('sip:');
  return new Promise<TransferLeg>((resolve) => {
    let answered = false;
    let joined: AudioBridge | null = null;
    const person: OutboundCall<RtpSession> = new OutboundCall<RtpSession>({
      callId: randomUUID(),
      // A SIP URI target is still sent to the trunk (the only address this call may reach), as the Request-URI.
      to: sip ? (/^sip:([^@]+)@/.exec(target)?.[1] ?? 'transfer') : target,
      ...(sip ? { requestUri: target } : {}),
      // An inbound call's person is dialled from the number the caller called (the organization's,
      // which its trunk lets it present); the summary says who is on the line.
      from: (t.call.direction === 'inbound' ? t.call.to : t.call.from) ?? config.callerId ?? 'anonymous',
      trunk: deps.trunk,
      ringTimeoutMs: t.call.ringTimeoutSeconds * 1000,
      maxDurationMs: t.call.maxDurationSeconds * 1000,
      endpoint: deps.endpoint,
      media,
      log,
      hooks: {
        ringing: () => undefined,
        answered: (personMedia) => {
          answered = true;
          t.outcome({ mode: 'bridge', answered: true, failureReason: null });
          // The warm hand-off: the person hears who is on the line and why, then the two are joined.
          void prompt
            .then((pcm) => personMedia.play(pcm).done)
            .catch(() => undefined)
            .then(() => {
              if (!person.isAnswered) return;
              if (!t.sip.isAnswered) return person.hangup();
              joined = new AudioBridge(t.media, personMedia);
              joined.start();
            });
        },
        ended: (outcome) => {
          joined?.stop();
          media.release(); // the person's leg is not recorded on its own
          if (answered) {
            log.info({ person: outcome.carrierStatus }, 'the bridged transfer ended');
            return resolve({ answered: true, leg: `[transferred to ${target}: bridged (${outcome.durationSeconds} s)]` });
          }
          const failureReason = `The person did not answer: ${outcome.carrierStatus.code ?? ''} ${outcome.carrierStatus.reason}`.replace(/\s+/g, ' ').trim();
          t.outcome({ mode: 'bridge', answered: false, failureReason });
          resolve({ answered: false, leg: `[transfer to ${target} not answered: ${outcome.carrierStatus.code ?? outcome.disposition}]` });
        },
      },
    });
    // The callee hung up: the person's call ends too (CANCEL while it rings, BYE once answered).
    watchCallee(() => person.cancel());
    person.start();
  });
}
