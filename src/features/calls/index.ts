/**
 * The calls feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export type { AnalyzedCall, CallAnalyzedHook, CallFinishedHook, CallLifecycle, FinishedCall, InboundCallFields } from './call-lifecycle';
export { insertCampaignCallsCte } from './campaign-calls.sql';
export { CALL_STATUSES, Call, type CallQuestion, type CallStatus, type Disposition } from './call.entity';
export { toCallType } from './calls.resolver';
export { CALL_EXAMPLE, MAX_SCHEDULE_AHEAD_MS, callSchema, e164Schema, metadataSchema, placeCallSchema } from './calls.schemas';
export { OPEN_CALLS_LOCK_NAMESPACE, type CallsService } from './calls.service';
export { CallType, QuestionInput, QuestionType } from './calls.types';
export { checkLanguage, checkVoice, instructionsSchema, languageSchema, voiceSchema } from './call-agent';
export { assertTransferTarget } from './transfer-target';
export type { AgentPlan, CallAgentOptions, CarrierCall, CarrierName, InboundCalls, InboundDecision, InboundOffer, LlmEndpoint } from './ports';
