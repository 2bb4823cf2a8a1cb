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
/** `tune`: what settings are chosen on; `holdout` to `holdout13`: only measured. */
export const CORPUS_SETS = ['tune', 'holdout', 'holdout2', 'holdout3', 'holdout4', 'holdout5', 'holdout6', 'holdout7', 'holdout8', 'holdout9', 'holdout10', 'holdout11', 'holdout12', 'holdout13'] as const;
export type CorpusSet = (typeof CORPUS_SETS)[number];
/**
 * The sets whose utterances are only ever measured as a whole: never listed one by one in a test,
 * and left out of bench:voice's default rotation (which stays what earlier runs called): holdout3
 * (other synthesizers) and the held-out sets made later.
 */
export const MEASURED_ONLY: readonly CorpusSet[] = ['holdout3', 'holdout4', 'holdout5', 'holdout6', 'holdout7', 'holdout8', 'holdout9', 'holdout10', 'holdout11', 'holdout12', 'holdout13'];
export type Phrase = [question: QuestionId, text: string, expected: boolean | number | string | null];

/**
 * eSpeak NG voices (voice+variant), none shared between the sets. `tuneMore` came later: two
 * English accents the holdout set does not have (Lancaster, West Midlands) and two more
 * speakers, so that the settings are chosen on more than American and standard British speech.
 */
export const VOICES = {
  tune: ['en-us', 'en', 'en-us+f2', 'en+f3'],
  holdout: ['en-gb-scotland+m2', 'en-us-nyc', 'en-029+f1', 'en-gb-x-rp+f4'],
  tuneMore: ['en-gb-x-gbclan', 'en-gb-x-gbcwmd+m3', 'en-us+m4', 'en+f5'],
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

/**
 * More tune wordings, added with the `tuneMore` voices: numbers across units, teens and tens
 * (the tune set had few), yes and no in more forms, and more non-answers. None is a holdout wording.
 */
export const PHRASES_MORE: Phrase[] = [
  ['attend', 'Yeah, sure.', true],
  ['attend', 'Certainly.', true],
  ['attend', 'Okay.', true],
  ['attend', 'Yes, I will.', true],
  ['attend', 'No, thank you.', false],
  ['attend', 'Definitely not.', false],
  ['attend', 'Not at all.', false],
  ['attend', "I'm not sure.", null],
  ['attend', 'What is this about?', null],
  ['people', 'Two.', 2],
  ['people', 'Three.', 3],
  ['people', 'Five.', 5],
  ['people', 'Six.', 6],
  ['people', 'Eight.', 8],
  ['people', 'Ten.', 10],
  ['people', 'Thirteen.', 13],
  ['people', 'Sixteen.', 16],
  ['people', 'Nineteen.', 19],
  ['people', 'Twenty.', 20],
  ['people', 'Thirty.', 30],
  ['people', 'Forty.', 40],
  ['people', 'Fifty.', 50],
  ['people', 'Seventy-three.', 73],
  ['people', 'Eighty-six.', 86],
  ['people', 'Ninety.', 90],
  ['people', 'Just one.', 1],
  ['people', 'Four hundred.', 400],
  ['people', 'Say that again?', null],
  ['day', 'Friday.', 'Friday'],
  ['day', 'Tuesday, please.', 'Tuesday'],
  ['day', 'Next Monday.', 'Monday'],
  ['day', 'Um, Sunday I think.', 'Sunday'],
  ['day', 'Saturday would be good.', 'Saturday'],
  ['day', 'Thursday.', 'Thursday'],
  ['day', "I'm busy.", null],
  ['slot', 'Afternoon, please.', 'Afternoon'],
  ['slot', 'In the evening.', 'Evening'],
  ['slot', 'Um, morning.', 'Morning'],
  ['slot', 'Who is calling?', null],
];

/**
 * The second holdout set, made before the recognizer's second round of tuning and never tuned
 * on (only its totals were read): six voices none of the other sets has (other speakers of the
 * holdout accents, and two more), speeds outside the range of the other sets (120 and 200 words
 * a minute among them), and wordings none of the other sets has.
 */
export const VOICES_HOLDOUT2 = ['en-us+m3', 'en-gb-scotland+f2', 'en-029+m7', 'en-us-nyc+f5', 'en-gb-x-rp+m1', 'en+m6'] as const;
export const SPEEDS_HOLDOUT2 = [120, 150, 170, 200];
export const PHRASES_HOLDOUT2: Phrase[] = [
  ['attend', 'Yes, that works.', true],
  ['attend', 'Yeah, I can make it.', true],
  ['attend', 'Okay, sure.', true],
  ['attend', 'Yes, of course.', true],
  ['attend', 'No, I can not.', false],
  ['attend', 'Nope, sorry.', false],
  ['attend', 'No, not this time.', false],
  ['attend', 'Sorry, who is calling?', null],
  ['people', 'Four.', 4],
  ['people', 'Fourteen.', 14],
  ['people', 'Twenty-one.', 21],
  ['people', 'Sixty-seven.', 67],
  ['people', 'About ten.', 10],
  ['people', 'Probably three.', 3],
  ['people', 'Three hundred.', 300],
  ['people', 'A hundred and twenty.', 120],
  ['people', 'Eight people.', 8],
  ['people', 'Uh, seventeen.', 17],
  ['people', 'Only one.', 1],
  ['people', 'Fifty-five, I guess.', 55],
  ['day', 'Tuesday works.', 'Tuesday'],
  ['day', 'Friday, I think.', 'Friday'],
  ['day', 'How about Monday?', 'Monday'],
  ['day', 'Sunday would be great.', 'Sunday'],
  ['day', 'Um, Wednesday.', 'Wednesday'],
  ['slot', 'Afternoon would be best.', 'Afternoon'],
  ['slot', 'Evening, I guess.', 'Evening'],
  ['slot', 'Mornings are better.', 'Morning'],
  ['slot', "I don't know yet.", null],
];

/**
 * The third holdout set: another source of speech altogether. Every other set is eSpeak NG
 * (formant synthesis, one family of voices, however accented); this one is Debian's Flite
 * (diphone and unit-selection voices: kal, kal16, awb, rms, slt) and Festival (the kal diphone
 * voice and the slt HTS voice), at 85 %, 100 % and 115 % of each voice's own duration (./synth.ts),
 * with wordings no other set has. Made before the recognizer's third round of tuning and measured
 * only before and after it, never looked at utterance by utterance while tuning.
 */
export const VOICES_HOLDOUT3 = ['flite:awb', 'flite:rms', 'flite:slt', 'flite:kal16', 'flite:kal', 'festival:kal_diphone', 'festival:cmu_us_slt_arctic_hts'] as const;
/** Duration stretch in percent (Festival's HTS voice has one pace whatever it is given). */
export const SPEEDS_HOLDOUT3 = [85, 100, 115];
export const PHRASES_HOLDOUT3: Phrase[] = [
  ['attend', 'Yes, I will be there.', true],
  ['attend', 'Yeah, that is fine.', true],
  ['attend', 'Yes, count me in.', true],
  ['attend', 'No, I will be away.', false],
  ['attend', 'No, I am afraid not.', false],
  ['attend', 'Not this week.', false],
  ['attend', 'Sorry, who are you?', null],
  ['people', 'Eleven.', 11],
  ['people', 'Two people.', 2],
  ['people', 'Twenty-three.', 23],
  ['people', 'Thirty-six.', 36],
  ['people', 'Forty-eight.', 48],
  ['people', 'Ninety-nine.', 99],
  ['people', 'Five hundred.', 500],
  ['people', 'One person.', 1],
  ['people', 'I think six.', 6],
  ['people', 'Hold on a second.', null],
  ['day', 'Saturday, I think.', 'Saturday'],
  ['day', 'Wednesday.', 'Wednesday'],
  ['day', 'Monday would be best.', 'Monday'],
  ['day', 'Friday works for me.', 'Friday'],
  ['day', 'Thursday, if possible.', 'Thursday'],
  ['slot', 'Evening would be good.', 'Evening'],
  ['slot', 'In the afternoon.', 'Afternoon'],
  ['slot', 'Morning, please.', 'Morning'],
  ['slot', 'The evening one.', 'Evening'],
  ['slot', 'No idea.', null],
  ['slot', 'Afternoon is fine.', 'Afternoon'],
];

/**
 * The fourth holdout set: eSpeak NG again (the family of voices the other eSpeak holdouts were
 * weak on), in voice and variant pairs no other set has — every accent of the corpus with a
 * speaker it was never heard in (a Klatt variant was tried: the npm build ignores it, so none is
 * here) — at 130 to 190 words a minute, with wordings no other set has, a few of them in forms
 * the grammar does not hold ("yeah, no problem", "just the two of us"), which must then come out
 * empty rather than wrong. Made before the fourth round of tuning and measured once before it and
 * once after; its first measurement's confusions were printed (a filter that let them through),
 * so holdout5 was made at once to stand in as the untouched set.
 */
export const VOICES_HOLDOUT4 = ['en-us+f4', 'en-gb-x-gbclan+f1', 'en-gb-x-gbcwmd+m5', 'en-gb-scotland+m4', 'en-029+f3', 'en-us-nyc+m2', 'en-gb-x-rp+Andy'] as const;
export const SPEEDS_HOLDOUT4 = [130, 150, 170, 190];
export const PHRASES_HOLDOUT4: Phrase[] = [
  ['attend', 'Yes, I can come.', true],
  ['attend', 'Uh, yes.', true],
  ['attend', 'Yeah, no problem.', true],
  ['attend', 'Sure thing.', true],
  ['attend', 'Yes, I think so.', true],
  ['attend', 'Um, no.', false],
  ['attend', "No, I won't.", false],
  ['attend', "Nope, I can't make it.", false],
  ['attend', 'Unfortunately not.', false],
  ['attend', 'Why do you ask?', null],
  ['people', 'Nine people.', 9],
  ['people', 'Thirty-four.', 34],
  ['people', 'Seventy.', 70],
  ['people', 'Eighty-one.', 81],
  ['people', 'Maybe twelve.', 12],
  ['people', 'Around fifty.', 50],
  ['people', 'Six hundred.', 600],
  ['people', 'A hundred and fifty.', 150],
  ['people', 'Four, I think.', 4],
  ['people', 'Ninety-two.', 92],
  ['people', 'Just the two of us.', 2],
  ['people', 'Let me count.', null],
  ['day', 'Thursday, please.', 'Thursday'],
  ['day', 'Maybe Tuesday.', 'Tuesday'],
  ['day', 'On Saturday, I think.', 'Saturday'],
  ['day', 'Uh, Sunday.', 'Sunday'],
  ['day', 'Let me check my calendar.', null],
  ['slot', 'Evening, if possible.', 'Evening'],
  ['slot', 'The morning, please.', 'Morning'],
  ['slot', 'Um, afternoon.', 'Afternoon'],
  ['slot', 'Morning would be great.', 'Morning'],
  ['slot', 'What was that?', null],
];

/**
 * The fifth holdout set, made like holdout4 (eSpeak NG, voice and variant pairs no other set has,
 * 130 to 190 words a minute, wordings no other set has) right after holdout4's first measurement
 * printed its confusions by mistake: measured once before the fourth round of tuning and once
 * after, only its totals read.
 */
export const VOICES_HOLDOUT5 = ['en-us+f5', 'en-gb-x-gbclan+m7', 'en-gb-x-gbcwmd+f2', 'en-gb-scotland+f5', 'en-029+m1', 'en-us-nyc+f3', 'en-gb-x-rp+Annie'] as const;
export const SPEEDS_HOLDOUT5 = [135, 155, 175, 190];
export const PHRASES_HOLDOUT5: Phrase[] = [
  ['attend', 'Yes, sounds good.', true],
  ['attend', 'Yeah, I think I can.', true],
  ['attend', 'Of course I can.', true],
  ['attend', 'Yes, I should be there.', true],
  ['attend', 'No, I cannot make it.', false],
  ['attend', 'Sorry, no.', false],
  ['attend', 'No, not really.', false],
  ['attend', 'I do not think so.', false],
  ['attend', 'Who am I speaking to?', null],
  ['people', 'Ten people.', 10],
  ['people', 'Forty-five.', 45],
  ['people', 'Sixty-two.', 62],
  ['people', 'Eighty.', 80],
  ['people', 'Thirty-one.', 31],
  ['people', 'Seven, I guess.', 7],
  ['people', 'Um, nineteen.', 19],
  ['people', 'Probably twenty.', 20],
  ['people', 'Two hundred and fifty.', 250],
  ['people', 'About six.', 6],
  ['people', 'I have no idea.', null],
  ['day', 'Friday, please.', 'Friday'],
  ['day', 'Probably Monday.', 'Monday'],
  ['day', 'On Tuesday, if that works.', 'Tuesday'],
  ['day', 'Um, Thursday I guess.', 'Thursday'],
  ['day', 'Saturday is best.', 'Saturday'],
  ['day', 'Can I get back to you?', null],
  ['slot', 'Afternoon, I think.', 'Afternoon'],
  ['slot', 'Evening is better.', 'Evening'],
  ['slot', 'In the morning, please.', 'Morning'],
  ['slot', 'Sorry, I missed that.', null],
];

/**
 * The sixth holdout set, made when the thresholds of the neural opinion's rules had been chosen
 * by reading holdout4's and holdout5's lost exchanges one by one: eSpeak NG in seven more voice
 * and variant pairs no other set has (named variants of eSpeak NG's, each accent again), at 130
 * to 190 words a minute, with wordings no other set has, written before any was heard, a few in
 * forms the grammar does not hold ("count me in", "I am afraid not"), which must then come out
 * empty rather than wrong. Measured, never read one by one.
 */
export const VOICES_HOLDOUT6 = ['en-us+david', 'en-gb-x-gbclan+belinda', 'en-gb-x-gbcwmd+iven', 'en-gb-scotland+linda', 'en-029+edward', 'en-us-nyc+aunty', 'en-gb-x-rp+m8'] as const;
export const SPEEDS_HOLDOUT6 = [130, 145, 160, 175, 190];
export const PHRASES_HOLDOUT6: Phrase[] = [
  ['attend', 'Yes, I will be there.', true],
  ['attend', 'Yep, count me in.', true],
  ['attend', 'Definitely.', true],
  ['attend', 'Yes of course.', true],
  ['attend', 'No, sorry.', false],
  ['attend', 'No, I will be away.', false],
  ['attend', 'Nah.', false],
  ['attend', 'I am afraid not.', false],
  ['attend', 'What meeting?', null],
  ['people', 'Eleven.', 11],
  ['people', 'Fifteen people.', 15],
  ['people', 'Twenty-two.', 22],
  ['people', 'Forty.', 40],
  ['people', 'Fifty-five.', 55],
  ['people', 'Three.', 3],
  ['people', 'Uh, eight.', 8],
  ['people', 'Maybe sixteen.', 16],
  ['people', 'Three hundred.', 300],
  ['people', 'About a hundred and twenty.', 120],
  ['people', 'Not sure yet.', null],
  ['day', 'Wednesday, please.', 'Wednesday'],
  ['day', 'Friday works.', 'Friday'],
  ['day', 'Um, Monday.', 'Monday'],
  ['day', 'Saturday, I think.', 'Saturday'],
  ['day', 'Maybe Sunday.', 'Sunday'],
  ['day', 'Any day is fine.', null],
  ['slot', 'Evening, please.', 'Evening'],
  ['slot', 'The afternoon.', 'Afternoon'],
  ['slot', 'Morning is best.', 'Morning'],
  ['slot', 'Whatever suits you.', null],
];

/**
 * The seventh holdout set, made when holdout6's yes/no exchanges had been read one by one (for the
 * rule on the reply to "was that a yes or a no?") and before the yes/no grammar's refusals were
 * widened: eSpeak NG in seven more voice and variant pairs no other set has, with 30 wordings no
 * other set has, written before any was heard, some in forms the grammar does not hold ("I don't
 * think I can", "one, just me"), which must then come out empty rather than wrong. Measured, never
 * read one by one.
 */
export const VOICES_HOLDOUT7 = ['en-us+max', 'en-gb-x-gbclan+steph', 'en-gb-x-gbcwmd+robert', 'en-gb-scotland+Alicia', 'en-029+paul', 'en-us-nyc+Michael', 'en-gb-x-rp+norbert'] as const;
export const SPEEDS_HOLDOUT7 = [130, 145, 160, 175, 190];
export const PHRASES_HOLDOUT7: Phrase[] = [
  ['attend', 'Yes, I can be there.', true],
  ['attend', 'Yeah, that should be fine.', true],
  ['attend', 'Sure, why not.', true],
  ['attend', 'Yes, absolutely.', true],
  ['attend', 'No, I have another meeting.', false],
  ['attend', 'Nope, not this time.', false],
  ['attend', "No, I can't make it.", false],
  ['attend', "I don't think I can.", false],
  ['attend', 'Hang on, who is this?', null],
  ['people', 'Thirteen of us.', 13],
  ['people', 'Twenty-seven.', 27],
  ['people', 'Thirty-six people.', 36],
  ['people', 'Seventy or so.', 70],
  ['people', 'Ninety-one.', 91],
  ['people', 'Five, I think.', 5],
  ['people', 'Um, fourteen.', 14],
  ['people', 'Around forty.', 40],
  ['people', 'Roughly two hundred.', 200],
  ['people', 'One, just me.', 1],
  ['people', 'Depends on the weather.', null],
  ['day', 'Tuesday would be good.', 'Tuesday'],
  ['day', 'Thursday works for me.', 'Thursday'],
  ['day', 'Uh, Friday.', 'Friday'],
  ['day', 'Sunday, I guess.', 'Sunday'],
  ['day', 'Probably Wednesday.', 'Wednesday'],
  ['day', 'I will have to check.', null],
  ['slot', 'The morning, please.', 'Morning'],
  ['slot', 'Evening works.', 'Evening'],
  ['slot', 'Um, the afternoon.', 'Afternoon'],
  ['slot', 'Let me ask my wife.', null],
];

/**
 * The eighth holdout set, made when holdout7's lost exchanges had been read one by one (for the
 * rule on a read-back's "Yes." heard as "what") and before anything was chosen on it: eSpeak NG in
 * seven more voice and variant pairs no other set has, 30 wordings no other set has, written
 * before any was heard. Measured, never read one by one.
 */
export const VOICES_HOLDOUT8 = ['en-us+travis', 'en+shelby', 'en-gb-x-gbclan+john', 'en-gb-scotland+victor', 'en-029+anika', 'en-us-nyc+benjamin', 'en-gb-x-rp+Andrea'] as const;
export const SPEEDS_HOLDOUT8 = [135, 150, 165, 180];
export const PHRASES_HOLDOUT8: Phrase[] = [
  ['attend', 'Count me in.', true],
  ['attend', 'Yep, I will be there.', true],
  ['attend', 'Definitely, yes.', true],
  ['attend', 'Sounds good.', true],
  ['attend', 'No, sorry, I cannot.', false],
  ['attend', 'No, that does not work.', false],
  ['attend', 'Not really, no.', false],
  ['attend', 'I cannot, no.', false],
  ['attend', 'Sorry, what was that?', null],
  ['people', 'Eleven of us.', 11],
  ['people', 'Twenty-two people.', 22],
  ['people', 'Maybe fifteen.', 15],
  ['people', 'Forty-five or so.', 45],
  ['people', 'Sixty, give or take.', 60],
  ['people', 'Three of us.', 3],
  ['people', 'Eight, probably.', 8],
  ['people', 'About a hundred and fifty.', 150],
  ['people', 'Just two.', 2],
  ['people', 'Nineteen people.', 19],
  ['people', 'Good question.', null],
  ['day', 'Monday works.', 'Monday'],
  ['day', 'Saturday, if possible.', 'Saturday'],
  ['day', 'Er, Thursday.', 'Thursday'],
  ['day', 'Wednesday is best.', 'Wednesday'],
  ['day', 'How about Tuesday?', 'Tuesday'],
  ['day', 'Let me look at my calendar.', null],
  ['slot', 'Afternoon is better.', 'Afternoon'],
  ['slot', 'Mornings are good.', 'Morning'],
  ['slot', 'In the evening, please.', 'Evening'],
  ['slot', 'I am not sure yet.', null],
];


/**
 * holdout9: made at the start of the sixth round, before anything was changed (the round read
 * holdout8's exchanges one by one, so holdout8 no longer measures what was chosen then): eSpeak NG
 * in seven more voice and variant pairs no other set has, 30 wordings no other set has, written
 * before any was heard. Measured, never read one by one.
 */
export const VOICES_HOLDOUT9 = ['en-us+Mike', 'en+rob', 'en-gb-x-gbcwmd+Lee', 'en-gb-scotland+Hugo', 'en-029+zac', 'en-us-nyc+quincy', 'en-gb-x-rp+grandma'] as const;
export const SPEEDS_HOLDOUT9 = [140, 155, 170, 185];
export const PHRASES_HOLDOUT9: Phrase[] = [
  ['attend', 'Yeah, that works for me.', true],
  ['attend', 'Yes, I reckon so.', true],
  ['attend', 'I can, yes.', true],
  ['attend', 'Yes, I should be able to.', true],
  ['attend', 'Nope, not this week.', false],
  ['attend', 'No, I am travelling then.', false],
  ['attend', 'Unfortunately, no.', false],
  ['attend', 'I am afraid I cannot.', false],
  ['attend', 'Hang on, what is this?', null],
  ['people', 'Twelve, I think.', 12],
  ['people', 'Thirty-five people.', 35],
  ['people', 'Around eighty.', 80],
  ['people', 'Only four.', 4],
  ['people', 'Fourteen of us.', 14],
  ['people', 'Seventy, maybe.', 70],
  ['people', 'Four hundred, roughly.', 400],
  ['people', 'Six people.', 6],
  ['people', 'Fifty-one.', 51],
  ['people', 'Roughly thirty.', 30],
  ['people', 'Not sure, sorry.', null],
  ['day', 'Tuesday would be great.', 'Tuesday'],
  ['day', 'Um, maybe Sunday.', 'Sunday'],
  ['day', 'Thursday, I guess.', 'Thursday'],
  ['day', 'Let us go with Wednesday.', 'Wednesday'],
  ['day', 'Friday suits me.', 'Friday'],
  ['day', 'I do not mind.', null],
  ['slot', 'The morning, I suppose.', 'Morning'],
  ['slot', 'Evening works best.', 'Evening'],
  ['slot', 'Early afternoon.', 'Afternoon'],
  ['slot', 'Any time is fine.', null],
];

/**
 * holdout10: made at the start of the seventh round, before anything was changed (the round
 * reads holdout9's exchanges one by one, so holdout9 no longer measures what is chosen then):
 * eSpeak NG in seven more voice and variant pairs no other set has, 30 wordings no other set has,
 * written before any was heard. Measured, never read one by one.
 */
export const VOICES_HOLDOUT10 = ['en-us+adam', 'en+steph2', 'en-gb-x-gbclan+caleb', 'en-gb-scotland+iven2', 'en-029+ed', 'en-us-nyc+Gene', 'en-gb-x-rp+edward2'] as const;
export const SPEEDS_HOLDOUT10 = [145, 160, 175, 190];
export const PHRASES_HOLDOUT10: Phrase[] = [
  ['attend', 'Oh yes, gladly.', true],
  ['attend', 'Yes, I would like that.', true],
  ['attend', 'Yeah, go on then.', true],
  ['attend', 'I think so, yes.', true],
  ['attend', 'No, I am working that day.', false],
  ['attend', 'Not this time, thanks.', false],
  ['attend', 'No chance, sorry.', false],
  ['attend', 'Sadly not.', false],
  ['attend', 'Who did you say you were?', null],
  ['people', 'Thirteen, I believe.', 13],
  ['people', 'Twenty-eight people.', 28],
  ['people', 'About ninety.', 90],
  ['people', 'Just the five of us.', 5],
  ['people', 'Seventeen, roughly.', 17],
  ['people', 'Two hundred and twenty.', 220],
  ['people', 'Nine, I would say.', 9],
  ['people', 'Sixty-six.', 66],
  ['people', 'Perhaps forty.', 40],
  ['people', 'Only the one.', 1],
  ['people', 'No idea yet.', null],
  ['day', 'Monday suits me.', 'Monday'],
  ['day', 'Saturday, ideally.', 'Saturday'],
  ['day', 'Hmm, Wednesday.', 'Wednesday'],
  ['day', 'Friday is better for me.', 'Friday'],
  ['day', 'Could we do Thursday?', 'Thursday'],
  ['day', 'Whenever you like.', null],
  ['slot', 'Mid morning.', 'Morning'],
  ['slot', 'After lunch, so afternoon.', 'Afternoon'],
  ['slot', 'Evenings suit me.', 'Evening'],
  ['slot', 'I need to think about it.', null],
];

/**
 * holdout11: made at the start of the ninth round, before anything was changed (the round reads
 * holdout10's exchanges one by one, so holdout10 no longer measures what is chosen then):
 * eSpeak NG in seven more voice and variant pairs no other set has, 30 wordings no other set has,
 * written before any was heard. Measured, never read one by one.
 */
export const VOICES_HOLDOUT11 = ['en-us+Denis', 'en+m7', 'en-gb-x-gbclan+steph3', 'en-gb-scotland+Jacky', 'en-029+m3', 'en-us-nyc+Henrique', 'en-gb-x-rp+iven3'] as const;
export const SPEEDS_HOLDOUT11 = [135, 150, 165, 180, 195];
export const PHRASES_HOLDOUT11: Phrase[] = [
  ['attend', 'Yes, that should be fine.', true],
  ['attend', 'Yes, that sounds lovely.', true],
  ['attend', 'I would love to, yes.', true],
  ['attend', 'Yep, no problem.', true],
  ['attend', 'No, I am out of town.', false],
  ['attend', 'I do not think I can.', false],
  ['attend', 'Nah, not for me.', false],
  ['attend', 'No, I have a clash.', false],
  ['attend', 'What is this regarding?', null],
  ['people', 'Thirty-two, I think.', 32],
  ['people', 'Roughly sixteen.', 16],
  ['people', 'Probably six.', 6],
  ['people', 'A hundred or so.', 100],
  ['people', 'Forty-three people.', 43],
  ['people', 'Seventy-five.', 75],
  ['people', 'Eight of us.', 8],
  ['people', 'Three hundred, I expect.', 300],
  ['people', 'Maybe eleven.', 11],
  ['people', 'Twenty-four in total.', 24],
  ['people', 'I will have to ask.', null],
  ['day', 'Thursday is good.', 'Thursday'],
  ['day', 'Sunday, if that is okay.', 'Sunday'],
  ['day', 'Er, Monday I think.', 'Monday'],
  ['day', 'Wednesday would suit me.', 'Wednesday'],
  ['day', 'Maybe Friday?', 'Friday'],
  ['day', 'It does not matter to me.', null],
  ['slot', 'Mornings, please.', 'Morning'],
  ['slot', 'Late evening.', 'Evening'],
  ['slot', 'Afternoon, probably.', 'Afternoon'],
  ['slot', 'Not sure, to be honest.', null],
];

/**
 * holdout12: made at the start of the tenth round, before anything was changed (the ninth round
 * read holdout11's intents and two of its utterances): eSpeak NG in seven more voice and variant
 * pairs no other set has, 30 wordings no other set has, written before any was heard. Measured,
 * never read one by one.
 */
export const VOICES_HOLDOUT12 = ['en-us+Alex', 'en+iven4', 'en-gb-x-gbcwmd+Gene2', 'en-gb-scotland+grandpa', 'en-029+Storm', 'en-us-nyc+marcelo', 'en-gb-x-rp+announcer'] as const;
export const SPEEDS_HOLDOUT12 = [140, 155, 170, 185];
export const PHRASES_HOLDOUT12: Phrase[] = [
  ['attend', 'Yes, put me down for it.', true],
  ['attend', 'Oh, sure, why not.', true],
  ['attend', 'Yes, of course I will.', true],
  ['attend', 'Yeah, I should be free.', true],
  ['attend', 'No, I have plans then.', false],
  ['attend', 'I would rather not.', false],
  ['attend', 'Unfortunately no.', false],
  ['attend', 'No, that will not work.', false],
  ['attend', 'Sorry, who am I speaking to?', null],
  ['people', 'Fourteen, I reckon.', 14],
  ['people', 'Something like fifty.', 50],
  ['people', 'Twelve of us.', 12],
  ['people', 'Eighty-two.', 82],
  ['people', 'Only two.', 2],
  ['people', 'Maybe thirty-five.', 35],
  ['people', 'Four hundred, give or take.', 400],
  ['people', 'Seven, probably.', 7],
  ['people', 'Nineteen in all.', 19],
  ['people', 'Sixty, I think.', 60],
  ['people', 'Hard to say.', null],
  ['day', 'Make it Tuesday.', 'Tuesday'],
  ['day', 'Saturday works.', 'Saturday'],
  ['day', 'Uh, Thursday maybe.', 'Thursday'],
  ['day', 'I would say Monday.', 'Monday'],
  ['day', 'Friday if possible.', 'Friday'],
  ['day', 'Any of them, really.', null],
  ['slot', 'Morning would be best.', 'Morning'],
  ['slot', 'Sometime in the afternoon.', 'Afternoon'],
  ['slot', 'Evening, if that works.', 'Evening'],
  ['slot', 'Whichever is easiest.', null],
];

/**
 * holdout13: made in the tenth round before its changes were measured on it (the round read
 * holdout12's wrong answers, so holdout12 no longer measures them): eSpeak NG in seven more voice
 * and variant pairs no other set has, 30 wordings no other set has, written before any was heard.
 * Measured, never read one by one.
 */
export const VOICES_HOLDOUT13 = ['en-us+Nguyen', 'en+gustave', 'en-gb-x-gbclan+michel', 'en-gb-scotland+antonio', 'en-029+pablo', 'en-us-nyc+boris', 'en-gb-x-rp+miguel'] as const;
export const SPEEDS_HOLDOUT13 = [135, 150, 165, 180, 195];
export const PHRASES_HOLDOUT13: Phrase[] = [
  ['attend', 'Yes, I think I can.', true],
  ['attend', 'Sure, that is fine.', true],
  ['attend', 'Yes, certainly.', true],
  ['attend', 'Yeah, okay.', true],
  ['attend', 'No, I am busy that day.', false],
  ['attend', 'No, not this week.', false],
  ['attend', 'I cannot, sorry.', false],
  ['attend', 'Probably not.', false],
  ['attend', 'Why are you calling?', null],
  ['people', 'Twenty-one, I think.', 21],
  ['people', 'About seventy.', 70],
  ['people', 'Three, including me.', 3],
  ['people', 'Fifteen or so.', 15],
  ['people', 'Ninety-nine people.', 99],
  ['people', 'Ten, I hope.', 10],
  ['people', 'One hundred and fifty.', 150],
  ['people', 'Forty-four.', 44],
  ['people', 'Perhaps twenty.', 20],
  ['people', 'Five people.', 5],
  ['people', 'Let me check.', null],
  ['day', 'Wednesday is easiest.', 'Wednesday'],
  ['day', 'Sunday would be nice.', 'Sunday'],
  ['day', 'Monday, if I can.', 'Monday'],
  ['day', 'Er, Tuesday.', 'Tuesday'],
  ['day', 'Friday for me.', 'Friday'],
  ['day', 'I have not decided.', null],
  ['slot', 'The afternoon is better.', 'Afternoon'],
  ['slot', 'Evening, I think.', 'Evening'],
  ['slot', 'First thing in the morning.', 'Morning'],
  ['slot', 'Depends on the day.', null],
];

/**
 * What generate.ts renders, in this order: each batch's wordings in each of its voices (at
 * speeds picked from `speeds`, else SPEEDS). New audio is added as a new batch at the end.
 */
export const BATCHES: Array<{ set: CorpusSet; voices: readonly string[]; phrases: Phrase[]; speeds?: readonly number[] }> = [
  { set: 'tune', voices: VOICES.tune, phrases: PHRASES.tune },
  { set: 'holdout', voices: VOICES.holdout, phrases: PHRASES.holdout },
  { set: 'tune', voices: VOICES.tuneMore, phrases: PHRASES.tune },
  { set: 'tune', voices: [...VOICES.tune, ...VOICES.tuneMore], phrases: PHRASES_MORE },
  { set: 'holdout2', voices: VOICES_HOLDOUT2, phrases: PHRASES_HOLDOUT2, speeds: SPEEDS_HOLDOUT2 },
  { set: 'holdout3', voices: VOICES_HOLDOUT3, phrases: PHRASES_HOLDOUT3, speeds: SPEEDS_HOLDOUT3 },
  { set: 'holdout4', voices: VOICES_HOLDOUT4, phrases: PHRASES_HOLDOUT4, speeds: SPEEDS_HOLDOUT4 },
  { set: 'holdout5', voices: VOICES_HOLDOUT5, phrases: PHRASES_HOLDOUT5, speeds: SPEEDS_HOLDOUT5 },
  { set: 'holdout6', voices: VOICES_HOLDOUT6, phrases: PHRASES_HOLDOUT6, speeds: SPEEDS_HOLDOUT6 },
  { set: 'holdout7', voices: VOICES_HOLDOUT7, phrases: PHRASES_HOLDOUT7, speeds: SPEEDS_HOLDOUT7 },
  { set: 'holdout8', voices: VOICES_HOLDOUT8, phrases: PHRASES_HOLDOUT8, speeds: SPEEDS_HOLDOUT8 },
  { set: 'holdout9', voices: VOICES_HOLDOUT9, phrases: PHRASES_HOLDOUT9, speeds: SPEEDS_HOLDOUT9 },
  { set: 'holdout10', voices: VOICES_HOLDOUT10, phrases: PHRASES_HOLDOUT10, speeds: SPEEDS_HOLDOUT10 },
  { set: 'holdout11', voices: VOICES_HOLDOUT11, phrases: PHRASES_HOLDOUT11, speeds: SPEEDS_HOLDOUT11 },
  { set: 'holdout12', voices: VOICES_HOLDOUT12, phrases: PHRASES_HOLDOUT12, speeds: SPEEDS_HOLDOUT12 },
  { set: 'holdout13', voices: VOICES_HOLDOUT13, phrases: PHRASES_HOLDOUT13, speeds: SPEEDS_HOLDOUT13 },
];
