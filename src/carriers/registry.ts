import type { Pool } from 'pg';
import type { Config } from '../config';
import type { Call } from '../features/calls/call.entity';
import type { Logger } from '../shared/logger';
import { createRecognizer } from '../voice/stt/create';
import { EspeakSynthesizer } from '../voice/tts';
import type { Analyzer, Carrier, CallAnalysis, Recording } from './carrier';
import { SimulatorAnalyzer } from './simulator/simulator-analyzer';
import { SimulatorCarrier } from './simulator/simulator-carrier';
import { SipAnalyzer } from './sip/sip-analyzer';
import { SipCarrier, type LiveCallSink, type LiveCarrier } from './sip/sip-carrier';

/**
 * CARRIER picks the deployment's default carrier. The simulator always exists (its scheduled
 * reports may still be in the queue after a switch); `live` is the SIP carrier when CARRIER=sip.
 * A per-organization connection will choose per call here.
 */
export function createCarrier(config: Config, deps: { pool: Pool; log: Logger; sink: LiveCallSink }): { carrier: Carrier; live: LiveCarrier | null; analyzer: Analyzer } {
  const simulator = new SimulatorCarrier(config.simulatorSpeedup);
  const live =
    config.carrier === 'sip'
      ? new SipCarrier({ config: config.sip, sink: deps.sink, tts: new EspeakSynthesizer(), stt: createRecognizer(config.stt), log: deps.log.child({ component: 'sip' }) })
      : null;
  return { carrier: simulator, live, analyzer: new AnalyzerByCarrier(new SimulatorAnalyzer(), new SipAnalyzer(deps.pool)) };
}

/** Each call is analysed by the analyzer of the carrier that placed it. */
class AnalyzerByCarrier implements Analyzer {
  constructor(
    private readonly simulator: Analyzer,
    private readonly sip: Analyzer,
  ) {}

  private of(call: Call): Analyzer {
    return call.carrier === 'sip' ? this.sip : this.simulator;
  }

  analyze(call: Call): Promise<CallAnalysis> {
    return this.of(call).analyze(call);
  }

  recording(call: Call): Promise<Recording | null> {
    return this.of(call).recording(call);
  }
}
