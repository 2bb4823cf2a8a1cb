import type { CallQuestion, Disposition } from '../features/calls/ports';
import { answerFromDigits, extractAnswer } from './answers';
import type { SpeechRecognizer } from './stt/engine';
import type { SpeechSynthesizer } from './tts';
import type { VoiceActivityDetector } from './vad';

const FRAME_MS = 20;

/** The audio side of a call, whatever carries it. */
export interface AgentMedia {
  play(pcm: Int16Array): Promise<void>;
  onFrame: (pcm: Int16Array) => void;
  onDtmf: (digit: string) => void;
}

export interface AgentScript {
  task: string | null;
  questions: CallQuestion[];
  voicemailMessage: string | null;
}

export interface AgentResult {
  disposition: Disposition;
  transcript: string[];
  answers: Record<string, unknown>;
}

export interface AgentTiming {
  /** How long to wait for the callee to start talking. */
  noInputMs: number;
  /** Silence that ends an utterance. */
  endSilenceMs: number;
  /** Longest utterance we wait for. */
  maxUtteranceMs: number;
  /** An opening utterance longer than this is an answering machine's greeting. */
  machineGreetingMs: number;
}

export const DEFAULT_TIMING: AgentTiming = { noInputMs: 7000, endSilenceMs: 800, maxUtteranceMs: 15_000, machineGreetingMs: 4000 };

interface Utterance {
  audio: Int16Array | null;
  speechMs: number;
  digits: string;
}

/**
 * The voice agent's turn-taking: listen for the callee's hello (a long uninterrupted greeting is an
 * answering machine: leave the voicemail message, if any, and hang up), say who is calling and the
 * task, ask each question, listen until the callee stops talking (WebRTC VAD + a silence timeout)
 * or presses keys, recognise, ask once more when the answer did not fit, say goodbye. `run`
 * resolves when the agent is done; the caller then hangs up. `abort()` (the callee hung up) ends
 * it early with what was gathered.
 */
export class VoiceAgent {
  private readonly transcript: string[] = [];
  private readonly answers: Record<string, unknown> = {};
  private aborted = false;
  private listener: ((frame: Int16Array | null, digit?: string) => void) | null = null;
  private readonly preRoll: Int16Array[] = [];

  constructor(
    private readonly media: AgentMedia,
    private readonly script: AgentScript,
    private readonly tts: SpeechSynthesizer,
    private readonly stt: SpeechRecognizer,
    private readonly vad: VoiceActivityDetector,
    private readonly timing: AgentTiming = DEFAULT_TIMING,
  ) {
    for (const q of script.questions) this.answers[q.key] = null;
    media.onFrame = (frame) => {
      // Keep ~300 ms of what came before the listener started (the answer may begin early).
      this.preRoll.push(frame);
      if (this.preRoll.length > 15) this.preRoll.shift();
      this.listener?.(frame);
    };
    media.onDtmf = (digit) => this.listener?.(null, digit);
  }

  /** Prompts that every call says: synthesize them while the phone rings. */
  static prompts(script: AgentScript): string[] {
    return [intro(script.task), ...script.questions.map((q) => q.question), ...script.questions.map((q) => reask(q)), GOODBYE, ...(script.voicemailMessage ? [script.voicemailMessage] : [])];
  }

  abort(): void {
    this.aborted = true;
    this.listener?.(null);
  }

  result(disposition: Disposition): AgentResult {
    return { disposition, transcript: this.transcript, answers: this.answers };
  }

  async run(): Promise<Disposition> {
    const hello = await this.listen(2500, this.timing.machineGreetingMs + 8000);
    if (this.aborted) return 'human';
    if (hello.speechMs >= this.timing.machineGreetingMs) {
      this.transcript.push(`Callee: ${(await this.recognize(hello.audio, null)) ?? '[answering machine greeting]'}`);
      if (this.script.voicemailMessage) await this.say(this.script.voicemailMessage);
      return 'voicemail';
    }
    if (hello.audio) this.transcript.push(`Callee: ${(await this.recognize(hello.audio, null)) ?? '[greeting]'}`);
    await this.say(intro(this.script.task));
    for (const q of this.script.questions) {
      if (this.aborted) break;
      for (let attempt = 0; attempt < 2 && !this.aborted; attempt++) {
        await this.say(attempt === 0 ? q.question : reask(q));
        const heard = await this.listen(this.timing.noInputMs, this.timing.maxUtteranceMs, q.type === 'number');
        if (this.aborted) break;
        let value: unknown = null;
        if (heard.digits) {
          this.transcript.push(`Callee: [pressed ${heard.digits}]`);
          value = answerFromDigits(q, heard.digits);
        } else if (heard.audio) {
          const text = await this.recognize(heard.audio, q);
          this.transcript.push(`Callee: ${text ?? '[not understood]'}`);
          value = extractAnswer(q, text);
        }
        if (value !== null && value !== undefined) {
          this.answers[q.key] = value;
          break;
        }
      }
    }
    if (!this.aborted) await this.say(GOODBYE);
    return 'human';
  }

  private async say(text: string): Promise<void> {
    if (this.aborted) return;
    this.transcript.push(`Agent: ${text}`);
    const pcm = await this.tts.synthesize(text);
    if (this.aborted) return;
    await this.media.play(pcm);
  }

  private async recognize(audio: Int16Array | null, q: CallQuestion | null): Promise<string | null> {
    if (!audio) return null;
    try {
      return await this.stt.recognize(audio, { question: q });
    } catch {
      return null;
    }
  }

  /**
   * Waits for speech to start (at most `noInputMs`), then for `endSilenceMs` of silence (or
   * `maxMs` of talk). Keypad digits end it at once, except for numbers, which end with # or a pause.
   */
  private listen(noInputMs: number, maxMs: number, manyDigits = false): Promise<Utterance> {
    return new Promise((resolve) => {
      const frames: Int16Array[] = [...this.preRoll.slice(-5)];
      let voiced = 0;
      let speaking = false;
      let silenceMs = 0;
      let speechMs = 0;
      let waitedMs = 0;
      let digits = '';
      let digitTimer: NodeJS.Timeout | undefined;
      // Frames pace the listening; these wall-clock backstops cover a far end that sends no RTP.
      const noInput = setTimeout(() => !speaking && !digits && done(), noInputMs + 1000);
      const tooLong = setTimeout(() => done(), noInputMs + maxMs + 2000);
      const done = () => {
        this.listener = null;
        clearTimeout(digitTimer);
        clearTimeout(noInput);
        clearTimeout(tooLong);
        const audio = speaking ? concat(frames) : null;
        resolve({ audio, speechMs, digits });
      };
      if (this.aborted) return done();
      this.listener = (frame, digit) => {
        if (frame === null && digit === undefined) return done(); // aborted
        if (digit !== undefined) {
          if (digit === '#' && digits) return done();
          if (digit !== '#' && digit !== '*') digits += digit;
          clearTimeout(digitTimer);
          if (!manyDigits) return done();
          digitTimer = setTimeout(done, 2000);
          return;
        }
        const speech = this.vad.isSpeech(frame!);
        if (!speaking) {
          frames.push(frame!);
          if (frames.length > 15) frames.shift();
          voiced = speech ? voiced + 1 : 0;
          waitedMs += FRAME_MS;
          if (voiced >= 5) {
            speaking = true;
            speechMs = voiced * FRAME_MS;
          } else if (waitedMs >= noInputMs && !digits) {
            return done();
          }
          return;
        }
        frames.push(frame!);
        speechMs += FRAME_MS;
        silenceMs = speech ? 0 : silenceMs + FRAME_MS;
        if (silenceMs >= this.timing.endSilenceMs || speechMs >= maxMs) {
          speechMs -= silenceMs;
          done();
        }
      };
    });
  }
}

export const GOODBYE = 'Thank you for your time. Goodbye.';

export function intro(task: string | null): string {
  return `Hello, this is an automated assistant calling on behalf of our client.${task?.trim() ? ` ${task.trim()}` : ''}`;
}

function reask(q: CallQuestion): string {
  const hint = q.type === 'boolean' ? ' Please say yes or no, or press 1 for yes and 2 for no.' : q.type === 'number' ? ' You can also type the number on your keypad, then press the pound key.' : '';
  return `Sorry, I did not catch that. ${q.question}${hint}`;
}

function concat(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}
