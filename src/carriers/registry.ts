import type { Config } from '../config';
import type { Analyzer, Carrier } from './carrier';
import { SimulatorAnalyzer } from './simulator/simulator-analyzer';
import { SimulatorCarrier } from './simulator/simulator-carrier';

/** CARRIER picks the implementation; a real carrier adds a folder beside simulator/ and a case here. */
export function createCarrier(config: Config): { carrier: Carrier; analyzer: Analyzer } {
  switch (config.carrier) {
    case 'simulator':
      return { carrier: new SimulatorCarrier(config.simulatorSpeedup), analyzer: new SimulatorAnalyzer() };
  }
}
