import type { CallQuestion } from '../../features/calls/ports';
import type { AgentScript } from './dialog-policy';

export const GOODBYE = 'Thank you for your time. Goodbye.';

export function intro(task: string | null): string {
  return `Hello, this is an automated assistant calling on behalf of our client.${task?.trim() ? ` ${task.trim()}` : ''}`;
}

/** The second asking of a question, with a keypad hint for the types that have one. */
export function reask(q: CallQuestion): string {
  const hint = q.type === 'boolean' ? ' Please say yes or no, or press 1 for yes and 2 for no.' : q.type === 'number' ? ' You can also type the number on your keypad, then press the pound key.' : '';
  return `Sorry, I did not catch that. ${q.question}${hint}`;
}

/** Every prompt a call of this script may say: synthesized while the phone rings. */
export function scriptPrompts(script: AgentScript): string[] {
  return [intro(script.task), ...script.questions.map((q) => q.question), ...script.questions.map((q) => reask(q)), GOODBYE, ...(script.voicemailMessage ? [script.voicemailMessage] : [])];
}
