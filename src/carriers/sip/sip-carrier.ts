import { randomUUID } from 'node:crypto';
import type { SipConfig } from '../../config';
import type { Logger } from 'pino';
import { systemClock as sipClock } from './clock';
import { VoiceAgent } from '../../voice/agent/voice-agent';
import type { AgentScript, DialogPolicy } from '../../voice/dialog/dialog-policy';
import { GOODBYE, inboundGreeting, scriptPrompts, TRANSFER_HOLD } from '../../voice/dialog/prompts';
import { SurveyPolicy } from '../../voice/dialog/survey-policy';
import { transferWhenOf } from '../../voice/dialog/transfer-rules';
import { ChatCompletions } from '../../voice/llm/chat-completions';
import { LlmDialogPolicy } from '../../voice/llm/llm-policy';
import { FILLER } from '../../voice/llm/model-turn';
import { systemClock } from '../../voice/turns/clock';
import { DEFAULT_LANGUAGE } from '../../voice/languages';
import type { SpeechRecognizer } from '../../voice/stt/recognizer';
import { DEFAULT_TIMING, type AgentTiming } from '../../voice/timing';
import { withVoice, type SpeechSynthesizer } from '../../voice/tts/synthesizer';
import { WebRtcVad } from '../../voice/vad/webrtc-vad';
import { loadFvad } from '../../voice/vad/fvad-wasm';
import type { AgentPlan, AgentPlans, CallAmd, CallEvents, CarrierCall, CarrierReport, InboundCalls } from '../../features/calls/ports';
import { stereoWav } from './recording';
import { MediaThreadClient, setMediaThreadPriority } from './media/media-thread-client';
import { RtpSession, SAMPLE_RATE } from './media/rtp-session';
import { SipEndpoint } from './sip-endpoint';
import type { TransferLeg } from '../../voice/agent/voice-agent';
import { parseTrunkUrl, resolveTrunk, trunkLookup, type SipTrunk, type TrunkSpec } from './sip-trunk';
import { OutboundCall as SipCall, type SipCallOutcome } from './uac/outbound-call';
import { startTransfer, type RunningTransfer, type TransferringCall } from './call-transfer';
import { InboundCall } from './uas/inbound-call';
import { answerInvite } from './uas/answer-invite';
import { SipUas } from './uas/uas';

/** Where a live carrier sends what happens to its calls (the calls feature, in the worker). */
export type LiveCallSink = Pick<CallEvents, 'report' | 'conversation' | 'mediaAlive' | 'transferred'>;

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
  /** Opens the SIP port for trunks' INVITEs (docs/inbound.md); returns the port. */
  listen(): Promise<number>;
  /** Readies the voice engines before the first call (the worker waits for it at start-up). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

interface LiveCall {
  /** The call's SIP side: an outbound call (UAC) or an inbound one (UAS). */
  sip: Pick<SipCall<RtpSession>, 'hangup' | 'cancel'>;
  /** Reports of one call are recorded in order (ringing before in_progress before the end). */
  reports: Promise<void>;
  agent: VoiceAgent | null;
  media: RtpSession;
  /** A transfer under way (or done): the call's end waits for it, and a bridged call ends `transferred`. */
  transfer: RunningTransfer | null;
  transferAnswered: boolean;
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
  /** Where INVITEs from trunks are taken (docs/inbound.md); without it, they are answered 481 as before. */
  inbound?: InboundCalls;
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
    if (deps.config.rtpThreadPriority !== undefined) setMediaThreadPriority(deps.config.rtpThreadPriority);
    MediaThreadClient.log = (level, message) => deps.log[level](message);
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
    const script = this.scriptOf(call);
    const plan = await this.planFor(call, log);
    // Synthesize the prompts while the phone rings, so the agent answers without a pause (the
    // script's prompts serve a language model too: its introduction, and the script taking over).
    // The call's own voice and language (else the organization's, else the deployment's).
    const tts = this.voiceOf(plan);
    for (const text of [...scriptPrompts(script), ...(plan.llm ? [FILLER] : [])]) tts.synthesize(text).catch(() => undefined);
    this.deps.stt.warm?.().catch(() => undefined);
    const live: LiveCall = { media, agent: null, reports: Promise.resolve(), sip: undefined as unknown as LiveCall['sip'], transfer: null, transferAnswered: false };
    const sipCall = new SipCall({
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
          // The call can be handed to a person (REFER in its dialog, else a bridge on its trunk).
          const transfer = call.transferTo ? (summary: string) => this.transfer(call, live, sipCall, endpoint, Promise.resolve(trunk), summary) : undefined;
          this.runAgent(live, script, plan, call, rtp, log, transfer);
        },
        ended: (outcome) => void this.finish(call, live, outcome),
      },
    });
    live.sip = sipCall;
    this.calls.set(call.id, live);
    this.startLeases();
    sipCall.start();
  }

  cancel(callId: string): void {
    this.calls.get(callId)?.sip.cancel();
  }

  /**
   * Readies the voice engines so that the first call after start-up finds them as every later call
   * does: the recogniser's worker thread and decoders (WebAssembly compiled, model loaded, a first
   * decode done), the synthesizer's worker and program with the prompts every call says (goodbye,
   * the transfer hold line: cached), and the VAD's WebAssembly. Cold, they took seconds on the first
   * call: the agent's first words came late and its greeting decode ran long (bench/README.md).
   */
  async warm(): Promise<void> {
    loadFvad();
    await Promise.all([this.deps.stt.warm?.(), this.deps.tts.warm?.([GOODBYE, TRANSFER_HOLD])]);
  }

  /** Opens the SIP port now (not on the first outbound call), so that trunks can reach us with INVITEs. */
  async listen(): Promise<number> {
    return (await this.openEndpoint()).port;
  }

  /**
   * An INVITE that starts a call (100 Trying is out): the calls feature decides whose call it is
   * (answerInvite); an accepted call rings while its first prompts are synthesized, is answered,
   * and runs the voice agent with the organization's inbound script, like an outbound call.
   */
  private async takeInvite(endpoint: SipEndpoint, offered: Parameters<ConstructorParameters<typeof SipUas>[3]>[0]): Promise<void> {
    const accepted = await answerInvite(offered, this.deps.inbound!, this.deps.log);
    if (!accepted) return;
    const { call, allowPrivate } = accepted;
    const log = this.deps.log.child({ call_id: call.id });
    let media: RtpSession;
    try {
      media = await RtpSession.open(this.deps.config.bindAddress, this.deps.config.rtpPortMin, this.deps.config.rtpPortMax, call.maxDurationSeconds + 5);
    } catch (err) {
      log.error({ err: (err as Error).message }, 'no RTP port for an inbound call');
      offered.tx.respond(503, 'Service Unavailable');
      await this.deps.sink.report({ callId: call.id, status: 'failed', disposition: 'carrier_error', durationSeconds: 0, carrierStatus: { code: 503, reason: 'Service Unavailable (no RTP port)' } });
      return;
    }
    const script = this.scriptOf(call);
    const plan = await this.planFor(call, log);
    const live: LiveCall = { media, agent: null, reports: Promise.resolve(), sip: undefined as unknown as LiveCall['sip'], transfer: null, transferAnswered: false };
    const sipCall = new InboundCall({
      invite: offered.invite,
      remote: { ...offered.remote, allowPrivate },
      tx: offered.tx,
      endpoint,
      media,
      allowPrivate,
      maxDurationMs: call.maxDurationSeconds * 1000,
      log,
      hooks: {
        answered: (rtp) => {
          this.report(live, { callId: call.id, status: 'in_progress', carrierStatus: { code: 200, reason: 'OK' } });
          // Handed to a person like an outbound call: REFER in the caller's dialog (to the trunk the
          // INVITE came from), else a bridge dialled on the organization's trunk, resolved then.
          const transfer = call.transferTo ? (summary: string) => this.transfer(call, live, sipCall, endpoint, this.trunkFor(call), summary) : undefined;
          this.runAgent(live, script, plan, call, rtp, log, transfer);
        },
        ended: (outcome) => void this.finish(call, live, outcome),
      },
    });
    live.sip = sipCall;
    this.calls.set(call.id, live);
    this.startLeases();
    offered.listen(sipCall.transactionUser);
    if (offered.tx.wasCanceled) {
      // The caller hung up while we were deciding (the 487 is out): the call ends canceled.
      sipCall.transactionUser.onCancel();
      return;
    }
    sipCall.ring();
    this.report(live, { callId: call.id, status: 'ringing', carrierStatus: { code: 180, reason: 'Ringing' } });
    // The greeting is synthesized before the answer, so the caller hears it at once.
    const prompts = [...scriptPrompts(script), ...(plan.llm ? [FILLER] : [])];
    const tts = this.voiceOf(plan);
    await Promise.race([tts.synthesize(prompts[0]!).catch(() => undefined), new Promise((r) => setTimeout(r, 3000).unref())]);
    for (const text of prompts.slice(1)) tts.synthesize(text).catch(() => undefined);
    this.deps.stt.warm?.().catch(() => undefined);
    sipCall.answer();
  }

  /** The script an answered call's agent follows: the call's task and questions; an inbound call opens with its greeting. */
  private scriptOf(call: CarrierCall): AgentScript {
    const script: AgentScript = {
      task: call.task,
      questions: call.questions,
      voicemailMessage: call.voicemailMessage,
      callerName: call.callerName,
      // Who is on the line (the hand-off summary names them): the caller of an inbound call.
      callee: call.direction === 'inbound' ? call.from : call.to,
      transfer: transferWhenOf(call),
    };
    return call.direction === 'inbound' ? { ...script, voicemailMessage: null, greeting: call.greeting ?? inboundGreeting(call.callerName) } : script;
  }

  /** The call's own voice and language (else the organization's, else the deployment's). */
  private voiceOf(plan: AgentPlan): SpeechSynthesizer {
    return withVoice(this.deps.tts, { voice: plan.voice, language: plan.language });
  }

  private runAgent(live: LiveCall, script: AgentScript, plan: AgentPlan, call: CarrierCall, rtp: RtpSession, log: Logger, transfer?: (summary: string) => Promise<TransferLeg>): void {
    const vad = new WebRtcVad(2);
    const timing = this.deps.timing ?? DEFAULT_TIMING;
    const chat = plan.llm ? new ChatCompletions(plan.llm) : null;
    const policy: DialogPolicy = chat
      ? new LlmDialogPolicy({ script, timing, chat, clock: systemClock, language: plan.language, instructions: plan.instructions, limits: { maxCallMs: Math.max(30_000, call.maxDurationSeconds * 1000 - 15_000) } })
      : new SurveyPolicy(script, timing);
    const agent = new VoiceAgent({ media: rtp, policy, tts: this.voiceOf(plan), stt: this.deps.stt, vad, timing, ...(transfer ? { transfer } : {}) });
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
  }

  async close(): Promise<void> {
    clearInterval(this.leaseTimer);
    for (const c of this.calls.values()) c.sip.cancel();
    if (this.endpoint) (await this.endpoint).close();
    await this.deps.tts.close();
  }

  /** Hands the call to its transfer target (REFER, else a bridge); the outcome is recorded as soon as it is known. */
  private transfer(call: CarrierCall, live: LiveCall, dialog: TransferringCall['sip'], endpoint: SipEndpoint, trunk: Promise<SipTrunk>, summary: string): Promise<TransferLeg> {
    const running = startTransfer(
      {
        call,
        sip: dialog,
        media: live.media,
        outcome: (o) => {
          if (o.answered) live.transferAnswered = true;
          this.record(live, call.id, () => this.deps.sink.transferred(call.id, o));
        },
      },
      summary,
      { config: this.deps.config, endpoint, trunk, tts: this.deps.tts, log: this.deps.log },
    );
    live.transfer = running;
    return running.done;
  }

  private async finish(call: CarrierCall, live: LiveCall, outcome: SipCallOutcome): Promise<void> {
    try {
      live.agent?.abort();
      if (live.transfer) {
        // The callee hung up during a transfer: the person's leg ends too, and the call's record waits for the transfer's.
        live.transfer.calleeGone();
        await live.transfer.done.catch(() => undefined);
      }
      // A call the person took is theirs whoever hung up first.
      if (live.transferAnswered && outcome.status === 'completed') outcome = { ...outcome, disposition: 'transferred' };
      // Loss and jitter of the call's audio, for diagnosis.
      const quality = await live.media.quality().catch(() => null);
      if (quality) this.deps.log.info({ call_id: call.id, media: quality }, 'SIP call media quality');
      await live.reports;
      let amd: CallAmd | undefined;
      if (outcome.status === 'completed') {
        const result = live.agent?.result(outcome.disposition);
        amd = result?.amd ?? { result: 'unknown', ms: null };
        const { left, right } = await live.media.tracks();
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
      await this.deps.sink.report({ callId: call.id, status: outcome.status, disposition: outcome.disposition, durationSeconds: outcome.durationSeconds, carrierStatus: outcome.carrierStatus, ...(amd ? { amd } : {}) });
    } catch (err) {
      this.deps.log.error({ call_id: call.id, err: (err as Error).message }, 'could not record the end of a SIP call; the sweeper will fail it');
    } finally {
      live.media.release();
      this.calls.delete(call.id);
    }
  }

  private report(live: LiveCall, r: CarrierReport): void {
    this.record(live, r.callId, () => this.deps.sink.report(r));
  }

  /** What the sink is told of one call is recorded in order (ringing before in_progress before a transfer before the end). */
  private record(live: LiveCall, callId: string, write: () => Promise<unknown>): void {
    live.reports = live.reports
      .then(write)
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.warn({ call_id: callId, err: (err as Error).message }, 'could not record call progress'));
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
    this.endpoint ??= SipEndpoint.open({ bindAddress: this.deps.config.bindAddress, port: this.deps.config.port, publicAddress: this.deps.config.publicAddress, log: this.deps.log }).then((endpoint) => {
      const inbound = this.deps.inbound;
      if (inbound) {
        endpoint.acceptIncoming(
          new SipUas(endpoint, sipClock, this.deps.log, (offered) => {
            this.takeInvite(endpoint, offered).catch((err: unknown) => {
              this.deps.log.error({ call_id: offered.invite.headers['call-id'], err: (err as Error).message }, 'an inbound call failed');
              offered.tx.respond(500, 'Server Internal Error');
            });
          }),
        );
      }
      return endpoint;
    });
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
