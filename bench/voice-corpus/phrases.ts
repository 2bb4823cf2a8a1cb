import type { CallQuestion } from '../../src/features/calls/ports';

/**
 * What the speech corpus says: the questions, and per question what a callee answers with the
 * typed answer expected from it (null: no answer in it, it must come out as not understood).
 *
 * Two sets, disjoint in voices and in wordings: `tune` is what engine settings, grammars and
 * extraction are chosen on; `holdout` is only measured, so its figure tells how the choices do on
 * speech they were not fitted to.
 */
export const QUESTIONS = {
  attend: { key: 'attend', question: 'Can you attend the meeting on Friday?', type: 'boolean' },
  people: { key: 'people', question: 'How many people will come?', type: 'number' },
  day: { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
  slot: { key: 'slot', question: 'Morning, afternoon or evening?', type: 'enum', options: ['Morning', 'Afternoon', 'Evening'] },
} satisfies Record<string, CallQuestion>;

export type QuestionId = keyof typeof QUESTIONS;
export type Phrase = [question: QuestionId, text: string, expected: boolean | number | string | null];

/** eSpeak NG voices (voice+variant): four per set, none shared. */
export const VOICES = {
  tune: ['en-us', 'en', 'en-us+f2', 'en+f3'],
  holdout: ['en-gb-scotland+m2', 'en-us-nyc', 'en-029+f1', 'en-gb-x-rp+f4'],
} as const;

/** Words a minute, picked per utterance from this range by the seeded generator. */
export const SPEEDS = [130, 145, 160, 175, 190];

export const PHRASES: Record<'tune' | 'holdout', Phrase[]> = {
  tune: [
    ['attend', 'Yes.', true],
    ['attend', 'Yeah.', true],
    ['attend', 'Yep.', true],
    ['attend', 'Sure.', true],
    ['attend', 'Yes please.', true],
    ['attend', 'Of course.', true],
    ['attend', 'Yes, I can.', true],
    ['attend', 'No.', false],
    ['attend', 'Nope.', false],
    ['attend', "No, I can't.", false],
    ['attend', 'No thanks.', false],
    ['attend', 'Not really.', false],
    ['attend', 'Hmm, let me think.', null],
    ['people', 'Seven.', 7],
    ['people', 'Twelve.', 12],
    ['people', 'Twenty-five.', 25],
    ['people', 'A hundred.', 100],
    ['people', 'Zero.', 0],
    ['people', 'Oh.', 0],
    ['people', 'Three hundred and forty.', 340],
    ['people', 'Um, four.', 4],
    ['people', 'I think eight.', 8],
    ['people', 'Fifteen people.', 15],
    ['people', 'Sixty.', 60],
    ['people', 'Who is this?', null],
    ['day', 'Monday, please.', 'Monday'],
    ['day', 'Um, Friday.', 'Friday'],
    ['day', 'Tuesday.', 'Tuesday'],
    ['day', 'On Wednesday.', 'Wednesday'],
    ['day', 'Thursday would be good.', 'Thursday'],
    ['day', 'Sunday.', 'Sunday'],
    ['slot', 'The morning one.', 'Morning'],
    ['slot', 'Afternoon.', 'Afternoon'],
    ['slot', 'Evening, please.', 'Evening'],
    ['slot', 'In the morning.', 'Morning'],
    ['slot', 'Sorry, what?', null],
  ],
  holdout: [
    ['attend', 'Yup.', true],
    ['attend', 'Yes, definitely.', true],
    ['attend', "Sure, I'll be there.", true],
    ['attend', 'Absolutely.', true],
    ['attend', 'Nah.', false],
    ['attend', "No, I don't think so.", false],
    ['attend', 'No, sorry.', false],
    ['attend', 'I really do not know.', null],
    ['people', 'Nine.', 9],
    ['people', 'Eighteen.', 18],
    ['people', 'Forty-two.', 42],
    ['people', 'Two hundred.', 200],
    ['people', 'Maybe five.', 5],
    ['people', 'Thirty, I think.', 30],
    ['people', 'Uh, eleven.', 11],
    ['people', 'One hundred and five.', 105],
    ['day', 'Saturday.', 'Saturday'],
    ['day', 'Uh, Monday I guess.', 'Monday'],
    ['day', 'Wednesday, please.', 'Wednesday'],
    ['day', "Let's say Thursday.", 'Thursday'],
    ['slot', 'Evening.', 'Evening'],
    ['slot', 'The afternoon one, please.', 'Afternoon'],
    ['slot', 'Morning.', 'Morning'],
    ['slot', 'Can you call me back later?', null],
  ],
};
