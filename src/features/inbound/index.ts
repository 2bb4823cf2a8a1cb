/**
 * The inbound feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export type { InboundSettingsService } from './inbound.service';
export type { InboundIntake } from './inbound-intake';
