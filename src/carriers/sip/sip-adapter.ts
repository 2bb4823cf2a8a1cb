import type { SipConfig } from '../../config';
import type { Logger } from '../../common/logger';
import type { Notifier } from '../../common/notifier';
import type { CallAnalysis, CallRecords, CarrierAdapter, CarrierCall, DialContext, Recording } from '../../features/calls/ports';
import { SipAnalyzer } from './sip-analyzer';
import type { LiveCarrier } from './sip-carrier';

/** NOTIFY channel: a call held live by some worker (a SIP dialog) must be hung up. */
export const SIP_HANG_UP_CHANNEL = 'voicegate_live_call_ended';

export interface SipAdapterDeps {
  config: Pick<SipConfig, 'callLeaseMs'>;
  records: Pick<CallRecords, 'conversationOf' | 'audioOf'>;
  /** Reaches the worker holding a call's dialog, in whatever process it runs. */
  notifier: Pick<Notifier, 'on' | 'notify'>;
  log: Logger;
  /** Creates the SIP carrier (its endpoint and sockets) on first use. */
  create: () => LiveCarrier;
}

/**
 * SIP behind the carrier port. A SIP call lives in the worker process that dialed it (a dialog,
 * RTP, timers), at most once: the attempt (Call-ID, lease) is committed before the INVITE leaves,
 * and a job that finds an attempt this process does not hold fails the call instead of dialing
 * again. Hanging up goes to the process holding the dialog over NOTIFY.
 */
export class SipAdapter implements CarrierAdapter {
  readonly name = 'sip';
  readonly redialSafe = false;
  private carrier: LiveCarrier | null = null;
  private readonly analyzer: SipAnalyzer;

  constructor(private readonly deps: SipAdapterDeps) {
    this.analyzer = new SipAnalyzer(deps.records);
    // Every process hears every hang-up; only the one holding the dialog acts on it.
    deps.notifier.on(SIP_HANG_UP_CHANNEL, (callId) => {
      if (this.carrier?.holds(callId)) this.carrier.cancel(callId);
    });
  }

  /** The SIP carrier of this process, if it was created (CARRIER=sip, or a first SIP call). */
  get live(): LiveCarrier | null {
    return this.carrier;
  }

  /** The SIP carrier, created on first use. */
  sip(): LiveCarrier {
    return (this.carrier ??= this.deps.create());
  }

  /** Opens the SIP port for inbound calls (a worker does at start when SIP is in use); returns the port. */
  listen(): Promise<number> {
    return this.sip().listen();
  }

  /** Readies this process's voice engines for SIP calls (a worker does at start when SIP is in use). */
  warm(): Promise<void> {
    return this.sip().warm();
  }

  async dial(queued: CarrierCall, { attempts, events }: DialContext): Promise<void> {
    const carrier = this.sip();
    const { begun, call } = await attempts.beginHeld(queued.id, this.name, carrier.newCarrierCallId(), this.deps.config.callLeaseMs);
    if (!call) return;
    if (!begun) {
      if (!carrier.holds(queued.id)) await attempts.abandon(queued.id);
      return;
    }
    try {
      await carrier.place(call);
    } catch (err) {
      // Nothing was sent (no trunk, no port, unresolvable host): the call fails, it is not retried.
      this.deps.log.error({ call_id: call.id, err: (err as Error).message }, 'could not place the SIP call');
      await events.ended(call.id, {
        status: 'failed',
        disposition: 'carrier_error',
        durationSeconds: 0,
        carrierStatus: { code: null, reason: `The call could not be placed: ${(err as Error).message}` },
      });
    }
  }

  /** CANCEL or BYE, sent by whichever process holds the dialog (this one or another). */
  async hangUp(call: CarrierCall): Promise<void> {
    if (this.carrier?.holds(call.id)) this.carrier.cancel(call.id);
    else await this.deps.notifier.notify(SIP_HANG_UP_CHANNEL, call.id);
  }

  analyze(call: CarrierCall): Promise<CallAnalysis> {
    return this.analyzer.analyze(call);
  }

  recording(call: CarrierCall): Promise<Recording | null> {
    return this.analyzer.recording(call);
  }

  async close(): Promise<void> {
    await this.carrier?.close();
  }
}
