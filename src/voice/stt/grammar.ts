import type { CallQuestion } from '../../features/calls/ports';
import { TEENS, TENS, UNITS } from '../dialog/answers';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const YES_NO = ['yes', 'yeah', 'yep', 'sure', 'correct', 'right', 'no', 'nope', 'not really', 'of course'];
const GREETING = ['hello', 'hi', 'yes', 'speaking', 'hello who is this', 'hello yes', 'go ahead', 'sure go ahead', 'okay'];

const clean = (s: string) => s.toLowerCase().replace(/[^a-z' ]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A JSGF grammar of the answers a question can have: pocketsphinx recognises telephone speech
 * well only when it knows what to expect. Words missing from the dictionary are left out (they
 * would stop the grammar from loading); null when nothing can be expected (free-text questions).
 */
export function grammarFor(question: CallQuestion | null, known: (word: string) => boolean): string | null {
  let alternatives: string[];
  if (!question) alternatives = GREETING;
  else if (question.type === 'boolean') alternatives = YES_NO;
  else if (question.type === 'number') {
    const units = UNITS.slice(1);
    alternatives = [
      'zero',
      ...units,
      ...TEENS,
      ...TENS.filter(Boolean).flatMap((t) => [t, ...units.map((u) => `${t} ${u}`)]),
      'one hundred',
      'a hundred',
    ];
  } else if (question.type === 'enum') alternatives = (question.options ?? []).map(clean);
  else return null;
  const usable = [...new Set(alternatives.map(clean))].filter((a) => a && a.split(' ').every(known));
  if (!usable.length) return null;
  // Fillers around the answer ("uh", "I think", "it's") keep them from being forced into an option.
  const isWeekdays = question?.type === 'enum' && usable.every((u) => WEEKDAYS.includes(u));
  const prefix = ['i think', 'i would say', "it's", 'maybe', 'um', 'uh', ...(isWeekdays ? ['on'] : [])].filter((p) => p.split(' ').every(known));
  return [
    '#JSGF V1.0;',
    'grammar answer;',
    `<answer> = ${usable.join(' | ')};`,
    prefix.length ? `<prefix> = ${prefix.join(' | ')};` : '',
    `public <utterance> = ${prefix.length ? '[<prefix>] ' : ''}<answer>;`,
    '',
  ].join('\n');
}
