import type { CallQuestion } from '../../features/calls/ports';

const YES = ['yes', 'yeah', 'yep', 'yup', 'sure', 'correct', 'right', 'true', 'absolutely', 'definitely', 'certainly', 'of course', 'okay', 'ok'];
const NO = ['no', 'nope', 'nah', 'not', 'never', 'false', 'negative', "can't", 'cannot', "won't"];
/** Negated yes-words and refusals: a no even though a yes-word is in them. */
const NO_PHRASES = ['of course not', 'definitely not', 'absolutely not', 'certainly not', 'not really', 'not at all', 'no way', "don't think so", 'do not think so'];
/** A yes though a no-word is in them ("yeah, no problem"), or no yes-word ("sounds good", "count me in"). */
const YES_PHRASES = ['no problem', 'no worries', 'sounds good', 'sounds great', 'count me in', 'works for me', 'that works', "i'll be there", 'i will be there'];
/** Not an answer either way, though a yes- or no-word is in them ("I do not know", "not sure", "it does not matter"). */
const UNSURE = ["don't know", 'do not know', 'dunno', 'not sure', 'no idea', 'maybe', 'perhaps', 'who', 'what', 'why', 'later', "don't mind", 'do not mind', "doesn't matter", 'does not matter', 'no preference', 'up to you'];

export const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
export const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9\s'-]/g, ' ').split(/[\s-]+/).filter(Boolean);

/** "three", "twenty one", "one hundred and five", "42" → a number; null when there is none. */
export function parseNumber(text: string): number | null {
  const digits = /-?\d+(\.\d+)?/.exec(text.replace(/,/g, ''));
  if (digits) return Number(digits[0]);
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words(text)) {
    if (UNITS.includes(w)) current += UNITS.indexOf(w);
    // "oh" and "none" are zero when they are all that is said ("oh, five" is five).
    else if (w === 'oh' || w === 'none' || w === 'nought') current += 0;
    else if (TEENS.includes(w)) current += 10 + TEENS.indexOf(w);
    else if (TENS.includes(w) && w) current += 10 * TENS.indexOf(w);
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else continue;
    seen = true;
  }
  return seen ? total + current : null;
}

export function parseBoolean(text: string): boolean | null {
  const t = ` ${words(text).join(' ')} `;
  if (UNSURE.some((w) => t.includes(` ${w} `))) return null;
  if (NO_PHRASES.some((w) => t.includes(` ${w} `))) return false;
  const rest = YES_PHRASES.reduce((x, w) => x.replaceAll(` ${w} `, ' '), t);
  const yes = rest !== t || YES.some((w) => rest.includes(` ${w} `));
  const no = NO.some((w) => rest.includes(` ${w} `));
  if (yes === no) return null;
  return yes;
}

export function parseEnum(text: string, options: readonly string[]): string | null {
  const t = ` ${words(text).join(' ')} `;
  // Longest option first, so "new york city" wins over "york".
  const sorted = [...options].sort((a, b) => b.length - a.length);
  return sorted.find((o) => t.includes(` ${words(o).join(' ')} `)) ?? null;
}

/** A structured answer of the question's type from what the callee said; null if it does not fit. */
export function extractAnswer(q: CallQuestion, text: string | null): unknown {
  if (!text || !text.trim()) return null;
  switch (q.type) {
    case 'number':
      return parseNumber(text);
    case 'boolean':
      return parseBoolean(text);
    case 'enum':
      return parseEnum(text, q.options ?? []);
    default:
      return text.trim();
  }
}

/** Keypad answers (RFC 4733 DTMF): 1 = yes and 2 = no; digits for numbers; n for the n-th option. */
export function answerFromDigits(q: CallQuestion, digits: string): unknown {
  const clean = digits.replace(/[^0-9]/g, '');
  if (!clean) return null;
  switch (q.type) {
    case 'boolean':
      return clean === '1' ? true : clean === '2' ? false : null;
    case 'number':
      return Number(clean);
    case 'enum':
      return q.options?.[Number(clean) - 1] ?? null;
    default:
      return clean;
  }
}
