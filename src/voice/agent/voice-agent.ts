import type { Disposition } from '../../features/calls/ports';
import type { DialogAction, DialogEvent, DialogPolicy, ListenFor } from '../dialog/dialog-policy';
import type { SpeechRecognizer } from '../stt/recognizer';
import type { SpeechSynthesizer } from '../tts/synthesizer';
import { DEFAULT_TIMING } from '../timing';
import { systemClock, type Clock } from '../turns/clock';
import { TurnListener, type Turn } from '../turns/turn-listener';
import type { VoiceActivityDetector } from '../vad/voice-activity-detector';
import type { AgentMedia } from './agent-media';

export interface AgentResult {
  disposition: Disposition;
  transcript: string[];
  answers: Record<string, unknown>;
}

export interface VoiceAgentDeps {
  media: AgentMedia;
  policy: DialogPolicy;
  tts: SpeechSynthesizer;
  stt: SpeechRecognizer;
  vad: VoiceActivityDetector;
  /** Silence that ends an utterance. */
  endSilenceMs?: number;
  clock?: Clock;
  /** A turn opens (for logs, metrics and tests). */
  onListen?: (l: ListenFor) => void;
}

/**
 * One call's conversation: wires the carrier's media to the stages and runs the dialog policy's
 * actions: `say` is synthesized and played, `listen` opens a turn (VAD + endpointing) whose audio
 * is recognised, and what was heard goes back to the policy as an event. `run` resolves when the
 * policy ends; the caller then hangs up. `abort()` (the callee hung up) ends it early with what was
 * gathered.
 */
export class VoiceAgent {
  private readonly listener: TurnListener;
  private aborted = false;

  constructor(private readonly d: VoiceAgentDeps) {
    this.listener = new TurnListener(d.vad, d.clock ?? systemClock);
    d.media.onFrame = (frame) => this.listener.frame(frame);
    d.media.onDtmf = (digit) => this.listener.key(digit);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.d.policy.handle({ type: 'hangup' });
    this.listener.abort();
  }

  result(disposition: Disposition): AgentResult {
    return { disposition, transcript: [...this.d.policy.transcript], answers: { ...this.d.policy.answers } };
  }

  async run(): Promise<Disposition> {
    let action: DialogAction = this.aborted ? this.d.policy.handle({ type: 'hangup' }) : this.d.policy.start();
    for (;;) {
      switch (action.type) {
        case 'end':
          return action.disposition;
        case 'say':
          await this.say(action.text);
          action = this.d.policy.handle({ type: 'spoken' });
          break;
        case 'listen': {
          const turning = this.listener.listen({ noInputMs: action.noInputMs, maxUtteranceMs: action.maxUtteranceMs, endSilenceMs: this.d.endSilenceMs ?? DEFAULT_TIMING.endSilenceMs, keypad: action.keypad === 'number' ? 'many' : 'one' });
          this.d.onListen?.(action);
          const turn = await turning;
          // A turn cut short by the hang-up is not heard; one being recognised still counts.
          action = this.aborted ? this.d.policy.handle({ type: 'hangup' }) : this.d.policy.handle(await this.hear(turn, action));
          break;
        }
      }
    }
  }

  private async say(text: string): Promise<void> {
    const pcm = await this.d.tts.synthesize(text);
    if (this.aborted) return;
    await this.d.media.play(pcm);
  }

  /** A turn as the policy hears it: keys (when they answer), else recognised speech, else nothing. */
  private async hear(turn: Turn, l: ListenFor): Promise<DialogEvent> {
    if (turn.digits && l.keypad !== 'ends_turn') return { type: 'digits', digits: turn.digits };
    if (!turn.audio) return { type: 'no_input' };
    return { type: 'utterance', text: await this.recognize(turn.audio, l), speechMs: turn.speechMs };
  }

  private async recognize(audio: Int16Array, l: ListenFor): Promise<string | null> {
    try {
      return await this.d.stt.recognize(audio, { question: l.question });
    } catch {
      return null;
    }
  }
}
