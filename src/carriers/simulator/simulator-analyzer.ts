import type { CallAnalysis, CallQuestion, CarrierCall, Recording } from '../../features/calls/ports';
import { SeededRandom } from './seeded-random';
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

/**
 * The simulator's analysis: a plausible dialogue built from the call's task and questions, with
 * structured answers of the declared types that are exactly what the callee says in it. A
 * voicemail answers nothing, so its answers are null.
 */
export class SimulatorAnalyzer {
  async analyze(call: CarrierCall): Promise<CallAnalysis> {
    const rnd = new SeededRandom(`analysis:${call.id}`);
    const lines: string[] = [];
    const answers: Record<string, unknown> = {};
    const purpose = call.task?.trim() || 'I am calling with a few quick questions.';
    const seconds = call.durationSeconds ?? 0;
    if (call.disposition === 'voicemail') {
      lines.push('Voicemail: You have reached a voicemail box. Please leave a message after the tone.');
      lines.push(`Agent: Hello, this is an automated assistant. ${purpose} Please call us back at your convenience. Thank you.`);
      for (const q of call.questions) answers[q.key] = null;
    } else if (call.to.endsWith(OPT_OUT_SUFFIX)) {
      lines.push('Callee: Hello?');
      lines.push(`Agent: Hello, this is an automated assistant calling on behalf of our client. The reason for my call: ${purpose}`);
      lines.push('Callee: Please stop calling me. Take me off your list.');
      lines.push('Agent: Understood. You will not be called again. Goodbye.');
      for (const q of call.questions) answers[q.key] = null;
      return { transcript: lines.join('\n'), structuredAnswers: answers, recordingSeconds: seconds, optOut: true };
    } else {
      lines.push('Callee: Hello?');
      lines.push(`Agent: Hello, this is an automated assistant calling on behalf of our client. The reason for my call: ${purpose}`);
      lines.push('Callee: Sure, go ahead.');
      for (const q of call.questions) {
        const a = answerFor(q, rnd);
        lines.push(`Agent: ${q.question}`);
        lines.push(`Callee: ${a.spoken}`);
        answers[q.key] = a.value;
      }
      lines.push('Agent: Thank you for your time. Goodbye.');
      lines.push('Callee: Bye.');
    }
    return { transcript: lines.join('\n'), structuredAnswers: answers, recordingSeconds: seconds };
  }

  async recording(call: CarrierCall): Promise<Recording | null> {
    const seconds = call.recordingSeconds ?? 0;
    return { contentType: 'audio/wav', byteLength: wavByteLength(seconds), stream: wavStream(call.id, seconds) };
  }
}
