import { randomUUID } from 'node:crypto';
import type { SipConfig } from '../../config';
import type { Logger } from 'pino';
import { VoiceAgent } from '../../voice/agent/voice-agent';
import { scriptPrompts } from '../../voice/dialog/prompts';
import type { DialogPolicy } from '../../voice/dialog/dialog-policy';
import { SurveyPolicy } from '../../voice/dialog/survey-policy';
import { ChatCompletions } from '../../voice/llm/chat-completions';
import { LlmDialogPolicy } from '../../voice/llm/llm-policy';
import { FILLER } from '../../voice/llm/model-turn';
import { systemClock } from '../../voice/turns/clock';
import { DEFAULT_LANGUAGE } from '../../voice/languages';
import type { SpeechRecognizer } from '../../voice/stt/recognizer';
import { DEFAULT_TIMING, type AgentTiming } from '../../voice/timing';
import { withVoice, type SpeechSynthesizer } from '../../voice/tts/synthesizer';
import { WebRtcVad } from '../../voice/vad/webrtc-vad';
import type { AgentPlan, AgentPlans, CallEvents, CarrierCall, CarrierReport } from '../../features/calls/ports';
import { stereoWav } from './recording';
import { RtpSession, SAMPLE_RATE } from './media/rtp-session';
import { SipEndpoint } from './sip-endpoint';
import { parseTrunkUrl, resolveTrunk, trunkLookup, type SipTrunk, type TrunkSpec } from './sip-trunk';
import { OutboundCall as SipCall, type SipCallOutcome } from './uac/outbound-call';

/** Where a live carrier sends what happens to its calls (the calls feature, in the worker). */
export type LiveCallSink = Pick<CallEvents, 'report' | 'conversation' | 'mediaAlive'>;

/** A carrier whose calls live in this process (a SIP dialog and its RTP), not in callbacks. */
export interface LiveCarrier {
  readonly name: 'sip';
  readonly live: true;
  /** A fresh carrier call id (the SIP Call-ID), recorded before anything is sent. */
  newCarrierCallId(): string;
  /** Sends the INVITE and returns; progress goes to the sink. */
  place(call: CarrierCall): Promise<void>;
  holds(callId: string): boolean;
  /** The call was canceled or ended elsewhere: CANCEL or BYE it. */
  cancel(callId: string): void;
  close(): Promise<void>;
}

interface LiveCall {
  sip: SipCall<RtpSession>;
  /** Reports of one call are recorded in order (ringing before in_progress before the end). */
  reports: Promise<void>;
  agent: VoiceAgent | null;
  media: RtpSession;
}

export interface SipCarrierDeps {
  config: SipConfig;
  sink: LiveCallSink;
  tts: SpeechSynthesizer;
  stt: SpeechRecognizer;
  log: Logger;
  timing?: AgentTiming;
  /** Where the trunk is, per call (the organization's connection or the default), resolved and judged right before the INVITE. */
  trunkFor?: (call: CarrierCall) => Promise<SipTrunk>;
  /** How the call's conversation runs (resolved before the INVITE); absent: the script in US English. */
  planFor?: AgentPlans;
}

/**
 * Places calls on a SIP trunk and runs each answered call's conversation. A call lives here as a
 * SIP dialog, an RTP socket and timers; nothing polls. While it lives, its row's lease is renewed;
 * if this process dies, the lease runs out and the sweeper fails the call (never re-dialed).
 */
export class SipCarrier implements LiveCarrier {
  readonly name = 'sip' as const;
  readonly live = true as const;
  private endpoint: Promise<SipEndpoint> | undefined;
  private readonly calls = new Map<string, LiveCall>();
  private leaseTimer: NodeJS.Timeout | undefined;
  private readonly defaultTrunk: TrunkSpec | undefined;

  constructor(private readonly deps: SipCarrierDeps) {
    this.defaultTrunk = deps.config.trunkUrl ? parseTrunkUrl(deps.config.trunkUrl) : undefined;
  }

  newCarrierCallId(): string {
    return randomUUID();
  }

  holds(callId: string): boolean {
    return this.calls.has(callId);
  }

  get activeCalls(): number {
    return this.calls.size;
  }

  /** The RTP send statistics of the live calls (the capacity bench reads them). */
  mediaStats(): RtpSession['stats'][] {
    return [...this.calls.values()].map((c) => c.media.stats);
  }

  async place(call: CarrierCall): Promise<void> {
    const log = this.deps.log.child({ call_id: call.id });
    const endpoint = await this.openEndpoint();
    const trunk = await this.trunkFor(call);
    const media = await RtpSession.open(this.deps.config.bindAddress, this.deps.config.rtpPortMin, this.deps.config.rtpPortMax, call.maxDurationSeconds + 5);
    const script = { task: call.task, questions: call.questions, voicemailMessage: call.voicemailMessage, callerName: call.callerName };
    const plan = await this.planFor(call, log);
    // Synthesize the prompts while the phone rings, so the agent answers without a pause (the
    // script's prompts serve a language model too: its introduction, and the script taking over).
    // The call's own voice and language (else the organization's, else the deployment's).
    const tts = withVoice(this.deps.tts, { voice: plan.voice, language: plan.language });
    for (const text of [...scriptPrompts(script), ...(plan.llm ? [FILLER] : [])]) tts.synthesize(text).catch(() => undefined);
    this.deps.stt.warm?.();
    const live: LiveCall = { media, agent: null, reports: Promise.resolve(), sip: undefined as unknown as SipCall<RtpSession> };
    live.sip = new SipCall({
      callId: call.carrierCallId!,
      to: call.to,
      from: call.from ?? this.deps.config.callerId ?? 'anonymous',
      trunk,
      ringTimeoutMs: call.ringTimeoutSeconds * 1000,
      maxDurationMs: call.maxDurationSeconds * 1000,
      endpoint,
      media,
      log,
      hooks: {
        ringing: (carrierStatus) => this.report(live, { callId: call.id, status: 'ringing', carrierStatus }),
        answered: (rtp) => {
          this.report(live, { callId: call.id, status: 'in_progress', carrierStatus: { code: 200, reason: 'OK' } });
          const vad = new WebRtcVad(2);
          const timing = this.deps.timing ?? DEFAULT_TIMING;
          const chat = plan.llm ? new ChatCompletions(plan.llm) : null;
          const policy: DialogPolicy = chat
            ? new LlmDialogPolicy({ script, timing, chat, clock: systemClock, language: plan.language, instructions: plan.instructions, limits: { maxCallMs: Math.max(30_000, call.maxDurationSeconds * 1000 - 15_000) } })
            : new SurveyPolicy(script, timing);
          const agent = new VoiceAgent({ media: rtp, policy, tts, stt: this.deps.stt, vad, timing });
          live.agent = agent;
          agent
            .run()
            .then((disposition) => live.sip.hangup(disposition))
            .catch((err: unknown) => {
              log.error({ err: (err as Error).message }, 'the voice agent failed; hanging up');
              live.sip.hangup();
            })
            .finally(() => {
              vad.free();
              void chat?.close();
            });
        },
        ended: (outcome) => void this.finish(call, live, outcome),
      },
    });
    this.calls.set(call.id, live);
    this.startLeases();
    live.sip.start();
  }

  cancel(callId: string): void {
    this.calls.get(callId)?.sip.cancel();
  }

  async close(): Promise<void> {
    clearInterval(this.leaseTimer);
    for (const c of this.calls.values()) c.sip.cancel();
    if (this.endpoint) (await this.endpoint).close();
    await this.deps.tts.close();
  }

  private async finish(call: CarrierCall, live: LiveCall, outcome: SipCallOutcome): Promise<void> {
    try {
      live.agent?.abort();
      // Loss and jitter of the call's audio, for diagnosis (outcome.mediaQuality also carries them).
      if (outcome.mediaQuality) this.deps.log.info({ call_id: call.id, media: outcome.mediaQuality }, 'SIP call media quality');
      await live.reports;
      if (outcome.status === 'completed') {
        const result = live.agent?.result(outcome.disposition);
        const { left, right } = live.media.tracks();
        await this.deps.sink.conversation(call.id, {
          audio: stereoWav(left, right),
          seconds: Math.round(left.length / SAMPLE_RATE),
          transcript: result?.transcript.join('\n') ?? '',
          answers: result?.answers ?? {},
          turns: result?.turns ?? [],
          ...(result?.agentLog ? { agentLog: result.agentLog } : {}),
          optOut: result?.optOut ?? false,
          callbackAt: result?.callbackAt ?? null,
        });
      }
      await this.deps.sink.report({ callId: call.id, status: outcome.status, disposition: outcome.disposition, durationSeconds: outcome.durationSeconds, carrierStatus: outcome.carrierStatus });
    } catch (err) {
      this.deps.log.error({ call_id: call.id, err: (err as Error).message }, 'could not record the end of a SIP call; the sweeper will fail it');
    } finally {
      this.calls.delete(call.id);
    }
  }

  private report(live: LiveCall, r: CarrierReport): void {
    live.reports = live.reports
      .then(() => this.deps.sink.report(r))
      .catch((err: unknown) => this.deps.log.warn({ call_id: r.callId, err: (err as Error).message }, 'could not record call progress'));
  }

  /** The call's plan; if it cannot be read (the database is away), the script in the default language. */
  private async planFor(call: CarrierCall, log: Logger): Promise<AgentPlan> {
    const script: AgentPlan = { language: DEFAULT_LANGUAGE, voice: null, llm: null, instructions: null };
    if (!this.deps.planFor) return script;
    try {
      return await this.deps.planFor(call);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'could not read the agent settings; the script leads the call');
      return script;
    }
  }

  private async trunkFor(call: CarrierCall): Promise<SipTrunk> {
    if (this.deps.trunkFor) return this.deps.trunkFor(call);
    if (!this.defaultTrunk) throw new Error('no SIP trunk configured (SIP_TRUNK_URL)');
    // The deployment's own trunk (SIP_TRUNK_URL) is the operator's choice: private addresses allowed.
    return resolveTrunk(this.defaultTrunk, { allowPrivate: true, lookup: trunkLookup(this.deps.config.dnsServers) });
  }

  private openEndpoint(): Promise<SipEndpoint> {
    this.endpoint ??= SipEndpoint.open({ bindAddress: this.deps.config.bindAddress, port: this.deps.config.port, publicAddress: this.deps.config.publicAddress, log: this.deps.log });
    this.endpoint.catch(() => (this.endpoint = undefined));
    return this.endpoint;
  }

  /** While calls live here, renew their leases a few times per lease period; hang up those canceled elsewhere. */
  private startLeases(): void {
    if (this.leaseTimer) return;
    const every = Math.max(200, Math.floor(this.deps.config.callLeaseMs / 3));
    this.leaseTimer = setInterval(() => {
      if (!this.calls.size) return;
      this.deps.sink
        .mediaAlive([...this.calls.keys()], this.deps.config.callLeaseMs)
        .then((ended) => ended.forEach((id) => this.cancel(id)))
        .catch((err: unknown) => this.deps.log.warn({ err: (err as Error).message }, 'could not renew call leases'));
    }, every);
    this.leaseTimer.unref();
  }
}
