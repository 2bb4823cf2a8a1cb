import type { AmdResult } from '../../features/calls/ports';
import { greetingCues } from './greeting-phrases';

/** One utterance of the callee heard since the answer (offsets in the recording, from the answer). */
export interface GreetingUtterance {
  startMs: number;
  endMs: number;
  /** Voiced speech in it (without the silence that ended it). */
  speechMs: number;
  text: string | null;
}

/** What was heard since the answer. */
export interface GreetingHeard {
  utterances: GreetingUtterance[];
  /** A voicemail beep was heard (src/voice/amd/beep-detector.ts). */
  beep: boolean;
  /** The callee pressed a key (only a person does). */
  key: boolean;
  /** After the last utterance, nothing more came within the wait for more (`more` below). */
  quietAfter: boolean;
}

/** A decision, or `more`: listen a little longer (a person who said a longish hello then waits for us; a machine goes on). */
export type GreetingVerdict = { result: AmdResult; reason: string } | { result: 'more'; reason: string };

export const AMD_FEATURES = {
  /** A first utterance this long (voiced ms) is a recorded greeting, whatever it says. */
  machineSpeechMs: 4000,
  /** Speech within the first 5 s of the call beyond this is a recorded greeting (people say hello and wait). */
  machineSpeechIn5sMs: 4000,
  /** A first utterance up to this long, then silence, is a person's hello. */
  humanSpeechMs: 2400,
  /** A person's words ("who is this", "speaking") count in a first utterance shorter than this. */
  personSpeechMs: 6000,
  /** A hello counts only in a first utterance shorter than this (machines say "hello, you've reached…"). */
  helloSpeechMs: 3600,
  /** How long to wait for more after an ambiguous utterance (the caller of `classifyGreeting` listens this long). */
  moreWaitMs: 1500,
} as const;

/** Speech (ms) heard in the first `windowMs` of the call. */
export function speechWithin(utterances: readonly GreetingUtterance[], windowMs: number): number {
  let ms = 0;
  for (const u of utterances) {
    if (u.startMs >= windowMs) break;
    const span = Math.max(1, u.endMs - u.startMs);
    // Voiced share of the utterance, spread evenly over its span.
    ms += u.speechMs * Math.min(1, Math.max(0, (windowMs - u.startMs) / span));
  }
  return ms;
}

/**
 * Tells a person from an answering machine or a call-screening assistant by what was heard since
 * the answer, as soon as that is enough:
 *  1. a key pressed: human; a beep: machine;
 *  2. the words: a screening assistant's ("say your name and why you're calling") beat a
 *     machine's ("leave a message", "not available", "after the tone"), which beat a person's
 *     ("who is this", "speaking"; a bare "hello" only in a short utterance);
 *  3. the timing: a long first utterance, or much speech in the first 5 s, is a machine; a short
 *     one followed by silence is a person; in between, `more`: a person waits for an answer, a
 *     machine goes on talking. Nothing said at all is `unknown`.
 */
export function classifyGreeting(heard: GreetingHeard): GreetingVerdict {
  if (heard.key) return { result: 'human', reason: 'a key was pressed' };
  if (heard.beep) return { result: 'machine', reason: 'a beep' };
  const said = heard.utterances;
  if (!said.length) return { result: 'unknown', reason: 'nothing said' };
  const cues = greetingCues(said.map((u) => u.text ?? '').join(' '));
  if (cues.screened > 0 && cues.screened >= cues.machine) return { result: 'screened', reason: 'screening words' };
  if (cues.machine > 0) return { result: 'machine', reason: 'machine words' };
  const first = said[0]!;
  if (cues.human > 0 && first.speechMs < AMD_FEATURES.personSpeechMs) return { result: 'human', reason: "a person's words" };
  if (first.speechMs >= AMD_FEATURES.machineSpeechMs) return { result: 'machine', reason: 'a long greeting' };
  if (speechWithin(said, 5000) >= AMD_FEATURES.machineSpeechIn5sMs) return { result: 'machine', reason: 'continuous speech' };
  if (said.length > 1) return { result: 'machine', reason: 'went on talking without waiting' };
  if (cues.hello > 0 && first.speechMs < AMD_FEATURES.helloSpeechMs) return { result: 'human', reason: 'a hello' };
  if (first.speechMs <= AMD_FEATURES.humanSpeechMs) return { result: 'human', reason: 'a short hello' };
  if (heard.quietAfter) return { result: 'human', reason: 'waited after a long hello' };
  return { result: 'more', reason: 'a longish greeting: does it go on?' };
}
