import type { Pool } from 'pg';
import type { Config } from '../config';
import type { Call } from '../features/calls/call.entity';
import type { Logger } from 'pino';
import { createRecognizer } from '../voice/stt/create';
import { EspeakSynthesizer } from '../voice/tts/espeak';
import type { Analyzer, Carrier, CallAnalysis, Recording } from './carrier';
import { SimulatorAnalyzer } from './simulator/simulator-analyzer';
import { SimulatorCarrier } from './simulator/simulator-carrier';
import { SipAnalyzer } from './sip/sip-analyzer';
import type { SipTrunk } from './sip/sip-trunk';
import { SipCarrier, type LiveCallSink, type LiveCarrier } from './sip/sip-carrier';
import { TwilioAnalyzer } from './twilio/twilio-analyzer';
import { LlmAnswerExtractor } from '../voice/dialog/llm-answer-extractor';

export interface CarrierSet {
  /** The simulator (its scheduled reports may still be in the queue after a switch). */
  carrier: Carrier;
  /** The SIP carrier when the deployment default is SIP; otherwise created on an organization's first SIP call. */
  live: LiveCarrier | null;
  sip(): LiveCarrier;
  analyzer: Analyzer;
}

/**
 * The carriers of the process. Which one places a call is decided per call from the
 * organization's connection (or the deployment default, CARRIER); the SIP carrier asks `trunkFor`
 * for the call's trunk, so one SIP endpoint serves every organization's trunk.
 */
export function createCarrier(
  config: Config,
  deps: { pool: Pool; log: Logger; sink: LiveCallSink; trunkFor?: (call: Call) => Promise<SipTrunk> },
): CarrierSet {
  const simulator = new SimulatorCarrier(config.simulatorSpeedup);
  const makeSip = () =>
    new SipCarrier({ config: config.sip, sink: deps.sink, tts: new EspeakSynthesizer(), stt: createRecognizer(config.stt), log: deps.log.child({ component: 'sip' }), trunkFor: deps.trunkFor });
  const set: CarrierSet = {
    carrier: simulator,
    live: config.carrier === 'sip' ? makeSip() : null,
    sip: () => (set.live ??= makeSip()),
    analyzer: new AnalyzerByCarrier(new SimulatorAnalyzer(), new SipAnalyzer(deps.pool), new TwilioAnalyzer(deps.pool, config.llm ? new LlmAnswerExtractor(config.llm) : undefined)),
  };
  return set;
}

/** Each call is analysed by the analyzer of the carrier that placed it. */
class AnalyzerByCarrier implements Analyzer {
  constructor(
    private readonly simulator: Analyzer,
    private readonly sip: Analyzer,
    private readonly twilio: Analyzer,
  ) {}

  private of(call: Call): Analyzer {
    return call.carrier === 'sip' ? this.sip : call.carrier === 'twilio' ? this.twilio : this.simulator;
  }

  analyze(call: Call): Promise<CallAnalysis> {
    return this.of(call).analyze(call);
  }

  recording(call: Call): Promise<Recording | null> {
    return this.of(call).recording(call);
  }
}
