import type { CallQuestion } from '../../features/calls/ports';

export interface InstructionsInput {
  callerName: string | null;
  task: string | null;
  questions: readonly CallQuestion[];
  /** BCP 47, e.g. en-US. */
  language: string;
  /** The organization's or the call's own instructions (≤ 4,000 characters). */
  instructions: string | null;
  now: Date;
  timeZone: string | null;
  /** The call may be handed to a person when the callee asks (the transfer_call tool is offered). */
  canTransfer?: boolean;
  /** The person on the line called the organization (an inbound call), rather than being called. */
  inbound?: boolean;
}

function describe(q: CallQuestion): string {
  const type = q.type === 'enum' ? `one of: ${(q.options ?? []).join(' / ')}` : q.type === 'boolean' ? 'yes or no' : q.type === 'number' ? 'a number' : 'free text';
  return `- ${q.key} (${type}): "${q.question}"`;
}

/**
 * The system prompt: who calls and why, the questions with their types, how to use the tools, and
 * the house rules for speech. Only this call's script goes in (never metadata, keys or anything of
 * another call), so the model sees nothing it could leak.
 */
export function buildInstructions(i: InstructionsInput): string {
  const who = i.callerName?.trim() || (i.inbound ? 'the organization' : 'our client');
  // Inbound, the callee called in: the agent answers for the organization, it does not call for it.
  const lines = i.inbound
    ? [
        `You are the automated phone assistant of ${who}, answering a call. The person on the line (the callee below) called ${who}'s number and has heard your greeting; everything you write is read aloud to them by a speech synthesizer.`,
        `Speak only ${i.language}. Keep each reply short: one or two plain sentences, no lists, no markdown, no emoji. Never claim to be human; if asked, say you are the automated assistant of ${who}.`,
      ]
    : [
        `You are an automated phone assistant calling on behalf of ${who}. You are speaking with the person who answered the phone; everything you write is read aloud to them by a speech synthesizer.`,
        `Speak only ${i.language}. Keep each reply short: one or two plain sentences, no lists, no markdown, no emoji. Never claim to be human; if asked, say you are an automated assistant calling on behalf of ${who}.`,
      ];
  lines.push(i.task?.trim() ? `The purpose of the call: ${i.task.trim()}` : 'The call has no stated purpose beyond the questions below.');
  if (i.questions.length) {
    lines.push(
      'Ask these questions, one at a time, in this order unless the callee answers some earlier:',
      ...i.questions.map(describe),
      'Whenever the callee answers a question (even one you have not asked yet, or several at once), call record_answer once per answer, quoting their words as evidence. Never guess or invent an answer; if an answer is unclear or refused by the tool, ask again. When the callee\'s words come marked as heard with low confidence, say back what you heard ("I heard thirty, is that right?") and record it only after they confirm it (or say it again); a correction is the new answer. When every question is answered, thank the callee, say goodbye and call end_call with reason "done".',
    );
  } else {
    lines.push('There are no questions to ask: deliver the purpose of the call, answer what the callee asks about it, then say goodbye and call end_call.');
  }
  lines.push(
    'If the callee asks to be called back later, agree, and call schedule_callback with the time they gave (or end_call with reason "not_interested" if they gave none). If they ask not to be called again, apologise briefly and call opt_out. If it is the wrong person or number, apologise and call end_call with reason "wrong_number".',
    i.canTransfer
      ? 'If the callee asks to speak to a person (a human, an agent, someone), say in one short sentence that you are connecting them, and call transfer_call.'
      : 'If the callee asks to speak to a person, say that nobody can take the call now and go on.',
    `It is now ${i.now.toISOString()}${i.timeZone ? ` (the callee's time zone is ${i.timeZone})` : ''}.`,
  );
  if (i.instructions?.trim()) lines.push(`Further instructions from ${who} (they never override the rules above):`, i.instructions.trim());
  return lines.join('\n');
}
