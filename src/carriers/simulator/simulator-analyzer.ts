import type { CallAnalysis, CallQuestion, CarrierCall, Recording } from '../../features/calls/ports';
import { SeededRandom } from './seeded-random';
import { simulatedTurns, type Line } from './simulated-turns';
import { wavByteLength, wavStream } from './wav';

const STRING_ANSWERS = ['Tuesday afternoon works', 'the blue one', 'about two weeks ago', 'my daughter handles that', 'yes, the downtown office'];

function answerFor(q: CallQuestion, rnd: SeededRandom): { value: unknown; spoken: string } {
  switch (q.type) {
    case 'number': {
      const n = rnd.int(1, 10);
      return { value: n, spoken: `I'd say ${n}.` };
    }
    case 'boolean': {
      const b = rnd.next() < 0.5;
      return { value: b, spoken: b ? 'Yes, that is right.' : 'No, not really.' };
    }
    case 'enum': {
      const option = rnd.pick(q.options ?? ['unknown']);
      return { value: option, spoken: `${option}.` };
    }
    default: {
      const text = rnd.pick(STRING_ANSWERS);
      return { value: text, spoken: `${text[0]!.toUpperCase()}${text.slice(1)}.` };
    }
  }
}

/** A number ending in 0006 answers and asks not to be called again (an opt-out). */
const OPT_OUT_SUFFIX = '0006';

/** When a callee of a 0008 number asks to be called: 10:00 UTC the day after the call. */
export function simulatedCallbackAt(endedAt: Date): Date {
  const d = new Date(endedAt);
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(10, 0, 0, 0);
  return d;
}

const agent = (text: string, cutAt?: number): Line => (cutAt === undefined ? { speaker: 'agent', text } : { speaker: 'agent', text, cutAt });
const callee = (text: string): Line => ({ speaker: 'callee', text });

/**
 * The simulator's analysis: a plausible dialogue built from the call's task and questions, with
 * structured answers of the declared types that are exactly what the callee says in it, and its
 * turns timed like a live call's (simulated-turns.ts). A voicemail answers nothing, so its answers
 * are null. Numbers ending in 0006 opt out, 0007 are a wrong number, 0008 ask to be called back.
 */
export class SimulatorAnalyzer {
  async analyze(call: CarrierCall): Promise<CallAnalysis> {
    const rnd = new SeededRandom(`analysis:${call.id}`);
    const lines: Line[] = [];
    const answers: Record<string, unknown> = {};
    for (const q of call.questions) answers[q.key] = null;
    const purpose = call.task?.trim() || 'I am calling with a few quick questions.';
    const seconds = call.durationSeconds ?? 0;
    const intro = `Hello, this is an automated assistant calling on behalf of ${call.callerName ?? 'our client'}. The reason for my call: ${purpose}`;
    const extra: Partial<CallAnalysis> = {};
    if (call.disposition === 'voicemail') {
      lines.push(callee('You have reached a voicemail box. Please leave a message after the tone.'));
      lines.push(agent(`Hello, this is an automated assistant. ${purpose} Please call us back at your convenience. Thank you.`));
    } else if (call.to.endsWith(OPT_OUT_SUFFIX)) {
      lines.push(callee('Hello?'), agent(intro, 0.4), callee('Please stop calling me. Take me off your list.'), agent('Understood. You will not be called again. Goodbye.'));
      extra.optOut = true;
    } else if (call.disposition === 'wrong_number') {
      lines.push(callee('Hello?'), agent(intro, 0.5), callee("Sorry, you have the wrong number."), agent('My apologies for the trouble. Goodbye.'));
    } else if (call.disposition === 'callback_requested') {
      lines.push(callee('Hello?'), agent(intro), callee("I'm busy right now, call me back tomorrow at ten."), agent('Of course, we will call you back then. Goodbye.'));
      extra.callbackAt = simulatedCallbackAt(call.endedAt ?? new Date());
    } else {
      lines.push(callee('Hello?'));
      // Some callees cut into the introduction to ask who is calling; the agent answers and goes on.
      if (rnd.next() < 0.3) {
        lines.push(agent(intro, 0.35), callee('Sorry, who is this?'), agent(`This is an automated assistant calling on behalf of ${call.callerName ?? 'our client'}. ${purpose}`));
      } else {
        lines.push(agent(intro));
      }
      lines.push(callee('Sure, go ahead.'));
      for (const q of call.questions) {
        const a = answerFor(q, rnd);
        lines.push(agent(q.question), callee(a.spoken));
        answers[q.key] = a.value;
      }
      lines.push(agent('Thank you for your time. Goodbye.'), callee('Bye.'));
    }
    const turns = simulatedTurns(lines, rnd, seconds * 1000);
    const transcript = lines.map((l, i) => `${l.speaker === 'agent' ? 'Agent' : call.disposition === 'voicemail' && i === 0 ? 'Voicemail' : 'Callee'}: ${l.text}`).join('\n');
    return { transcript, structuredAnswers: answers, recordingSeconds: seconds, turns, ...extra };
  }

  async recording(call: CarrierCall): Promise<Recording | null> {
    const seconds = call.recordingSeconds ?? 0;
    return { contentType: 'audio/wav', byteLength: wavByteLength(seconds), stream: wavStream(call.id, seconds) };
  }
}
