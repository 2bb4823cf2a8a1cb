import type { Config } from '../config';
import type { Logger } from '../common/logger';
import type { Notifier } from '../common/notifier';
import type { AccountTokens, AgentPlans, CallEvents, CallRecords, CarrierAdapter, CarrierAdapters, CarrierCall, CarrierName, InboundCalls } from '../features/calls/ports';
import { createRecognizer } from '../voice/stt/create';
import { DEFAULT_TIMING } from '../voice/timing';
import { createSynthesizer } from '../voice/tts/create';
import { LlmAnswerExtractor } from '../voice/dialog/llm-answer-extractor';
import { SimulatorCarrier } from './simulator/simulator-carrier';
import { SipAdapter } from './sip/sip-adapter';
import type { SipTrunk } from './sip/sip-trunk';
import { SipCarrier } from './sip/sip-carrier';
import { TwilioAdapter } from './twilio/twilio-adapter';

export interface CarrierDeps {
  log: Logger;
  events: CallEvents;
  records: CallRecords;
  notifier: Pick<Notifier, 'on' | 'notify'>;
  tokenFor: AccountTokens;
  /** Where the trunk of a SIP call is (the organization's connection, else the deployment default). */
  trunkFor?: (call: CarrierCall) => Promise<SipTrunk>;
  /** Where calls offered to us are taken (SIP INVITEs from trunks; docs/inbound.md). */
  inbound?: InboundCalls;
  /** How a call's conversation runs (language model or script, language, instructions): the agent settings feature. */
  planFor?: AgentPlans;
}

/**
 * The carriers of the process, one adapter per carrier, looked up by name. Which one places a call
 * is decided per call by the calls feature from the organization's connection (or the deployment
 * default, CARRIER). One SIP endpoint serves every organization's trunk; it is opened on the first
 * SIP call (at start-up when CARRIER=sip).
 */
export class CarrierRegistry implements CarrierAdapters {
  readonly simulator: SimulatorCarrier;
  readonly sip: SipAdapter;
  readonly twilio: TwilioAdapter;
  private readonly byName: Record<CarrierName, CarrierAdapter>;

  constructor(config: Config, deps: CarrierDeps) {
    this.simulator = new SimulatorCarrier(config.simulatorSpeedup);
    this.sip = new SipAdapter({
      config: config.sip,
      records: deps.records,
      notifier: deps.notifier,
      log: deps.log,
      create: () =>
        new SipCarrier({
          config: config.sip,
          sink: deps.events,
          tts: createSynthesizer(config.tts, deps.log.child({ component: 'tts' })),
          stt: createRecognizer(config.stt, deps.log.child({ component: 'stt' })),
          log: deps.log.child({ component: 'sip' }),
          trunkFor: deps.trunkFor,
          inbound: deps.inbound,
          planFor: deps.planFor,
          timing: { ...DEFAULT_TIMING, ...config.voice },
        }),
    });
    this.twilio = new TwilioAdapter({
      log: deps.log,
      records: deps.records,
      events: deps.events,
      tokenFor: deps.tokenFor,
      publicBaseUrl: config.publicBaseUrl,
      apiBaseUrl: config.twilio.apiBaseUrl,
      extractor: config.llm ? new LlmAnswerExtractor(config.llm) : undefined,
    });
    this.byName = { simulator: this.simulator, sip: this.sip, twilio: this.twilio };
    if (config.carrier === this.sip.name) this.sip.sip();
  }

  get(name: CarrierName | null): CarrierAdapter {
    return name ? this.byName[name] : this.simulator;
  }

  async close(): Promise<void> {
    await this.sip.close();
  }
}
