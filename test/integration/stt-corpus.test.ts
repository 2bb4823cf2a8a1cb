import { extractAnswer } from '../../src/voice/dialog/answers';
import { PocketsphinxRecognizer, pocketsphinxAvailable } from '../../src/voice/stt/pocketsphinx';
import { corpusAudio, loadCorpus } from '../../bench/voice-corpus/corpus';
import { MEASURED_ONLY } from '../../bench/voice-corpus/phrases';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import { INTENT_PHRASES } from '../../src/voice/dialog/intents';

/**
 * The default offline engine (PocketSphinx 5 as WebAssembly) on a fixed sample of the speech
 * corpus (every fifth utterance of bench/voice-corpus): the same audio through the same decoder
 * gives the same text, so the exact answers are asserted, its known misses included (a change
 * that fixes one updates this list; one that breaks an answer fails here). `npm run bench:asr`
 * measures the whole corpus.
 */
const engineInstalled = pocketsphinxAvailable();
if (!engineInstalled) console.warn('SKIPPED: the npm package soundswallower (PocketSphinx 5) is not installed; the default recognizer is not tested');
const describeEngine = engineInstalled ? describe : describe.skip;

describeEngine('PocketSphinx 5 on the speech corpus', () => {
  const corpus = loadCorpus();
  // The 8 kHz model alone, pinned: the service adds Debian's 16 kHz model as a second opinion
  // where it is installed (STT_SECOND_OPINION=auto), which makes some confident numbers unsure;
  // that rule is tested in stt-second-opinion.test.ts, so these answers do not depend on the machine.
  const stt = new PocketsphinxRecognizer({ secondOpinion: false });
  afterAll(() => stt.close());

  test('a fixed sample: the exact answers; of those given, at least 90 % right, and at most 10 % wrong overall', async () => {
    // holdout3 (other synthesizers) and the later held-out sets are left out: their utterances are only measured by the bench, never listed one by one.
    const sample = corpus.utterances.filter((u) => !MEASURED_ONLY.includes(u.set)).filter((_, i) => i % 5 === 0);
    const got: Array<[string, unknown]> = [];
    for (const u of sample) {
      const q = corpus.questions[u.question]!;
      got.push([u.id, extractAnswer(q, await stt.recognize(corpusAudio(u), { question: q }))]);
    }
    expect(got).toEqual([
      ["tune-en-us-attend-yes", true],
      ["tune-en-us-attend-of-course", true],
      ["tune-en-us-attend-no-thanks", false],
      ["tune-en-us-people-twenty-five", 25],
      ["tune-en-us-people-um-four", null], // said "Um, four.", expected 4, heard "um four" (not sure enough)
      ["tune-en-us-day-monday-please", "Monday"],
      ["tune-en-us-day-sunday", "Sunday"],
      ["tune-en-us-slot-sorry-what", null],
      ["tune-en-attend-yes-please", true],
      ["tune-en-attend-no-i-can-t", false],
      ["tune-en-people-twelve", 12],
      ["tune-en-people-three-hundred-and-forty", null], // said "Three hundred and forty.", expected 340, heard "three hundred five people please" (not sure enough)
      ["tune-en-people-who-is-this", null],
      ["tune-en-day-thursday-would-be-good", "Thursday"],
      ["tune-en-slot-in-the-morning", "Morning"],
      ["tune-en-us-f2-attend-sure", null], // said "Sure.", expected true, heard "sure" (not sure enough)
      ["tune-en-us-f2-attend-nope", false],
      ["tune-en-us-f2-people-seven", null], // said "Seven.", expected 7, heard "seven" (not sure enough)
      ["tune-en-us-f2-people-oh", 0],
      ["tune-en-us-f2-people-sixty", null], // said "Sixty.", expected 60, heard "sixty" (not sure enough)
      ["tune-en-us-f2-day-on-wednesday", "Wednesday"],
      ["tune-en-us-f2-slot-evening-please", "Evening"],
      ["tune-en-f3-attend-yep", true],
      ["tune-en-f3-attend-no", false],
      ["tune-en-f3-attend-hmm-let-me-think", null],
      ["tune-en-f3-people-zero", null], // said "Zero.", expected 0, heard "eleven" (not sure enough)
      ["tune-en-f3-people-fifteen-people", null], // said "Fifteen people.", expected 15, heard "fifteen people" (not sure enough)
      ["tune-en-f3-day-tuesday", "Tuesday"],
      ["tune-en-f3-slot-afternoon", "Afternoon"],
      ["holdout-en-gb-scotland-m2-attend-yes-definitely", true],
      ["holdout-en-gb-scotland-m2-attend-no-sorry", null], // said "No, sorry.", expected false, heard "absolutely" (not sure enough)
      ["holdout-en-gb-scotland-m2-people-two-hundred", null], // said "Two hundred.", expected 200, heard "three hundred" (not sure enough)
      ["holdout-en-gb-scotland-m2-day-saturday", "Sunday"], // said "Saturday.", expected "Saturday"
      ["holdout-en-gb-scotland-m2-slot-the-afternoon-one-please", "Afternoon"],
      ["holdout-en-us-nyc-attend-sure-i-ll-be-there", true],
      ["holdout-en-us-nyc-attend-i-really-do-not-know", null],
      ["holdout-en-us-nyc-people-maybe-five", 5],
      ["holdout-en-us-nyc-day-uh-monday-i-guess", "Monday"],
      ["holdout-en-us-nyc-slot-morning", "Morning"],
      ["holdout-en-029-f1-attend-absolutely", true],
      ["holdout-en-029-f1-people-nine", null], // said "Nine.", expected 9, heard "fifty nine guests" (not sure enough)
      ["holdout-en-029-f1-people-thirty-i-think", null], // said "Thirty, I think.", expected 30, heard "probably thirteen guests" (not sure enough)
      ["holdout-en-029-f1-day-wednesday-please", "Wednesday"],
      ["holdout-en-029-f1-slot-can-you-call-me-back-later", null],
      ["holdout-en-gb-x-rp-f4-attend-nah", false],
      ["holdout-en-gb-x-rp-f4-people-eighteen", null], // said "Eighteen.", expected 18, heard "eighteen" (not sure enough)
      ["holdout-en-gb-x-rp-f4-people-uh-eleven", 11],
      ["holdout-en-gb-x-rp-f4-day-let-s-say-thursday", "Sunday"], // said "Let's say Thursday.", expected "Thursday"; "let's say sunday", sure enough since options may follow "let's go with" (in the service the second model leaves it unsure, and the exchange records Thursday)
      ["tune-en-gb-x-gbclan-attend-yes", true],
      ["tune-en-gb-x-gbclan-attend-of-course", null], // said "Of course.", expected true, heard "hold on"
      ["tune-en-gb-x-gbclan-attend-no-thanks", null], // said "No thanks.", expected false, heard "nope i guess" (not sure enough)
      ["tune-en-gb-x-gbclan-people-twenty-five", 25],
      ["tune-en-gb-x-gbclan-people-um-four", null], // said "Um, four.", expected 4, heard "um four" (not sure enough)
      ["tune-en-gb-x-gbclan-day-monday-please", "Monday"],
      ["tune-en-gb-x-gbclan-day-sunday", null], // said "Sunday.", expected "Sunday", heard "sunday" (not sure enough)
      ["tune-en-gb-x-gbclan-slot-sorry-what", null],
      ["tune-en-gb-x-gbcwmd-m3-attend-yes-please", null], // said "Yes, please.", expected true (not sure enough since the hedges after an answer; the exchange records it)
      ["tune-en-gb-x-gbcwmd-m3-attend-no-i-can-t", false],
      ["tune-en-gb-x-gbcwmd-m3-people-twelve", null], // said "Twelve.", expected 12, heard "only oh" (not sure enough)
      ["tune-en-gb-x-gbcwmd-m3-people-three-hundred-and-forty", 305], // said "Three hundred and forty.", expected 340
      ["tune-en-gb-x-gbcwmd-m3-people-who-is-this", null],
      ["tune-en-gb-x-gbcwmd-m3-day-thursday-would-be-good", "Thursday"],
      ["tune-en-gb-x-gbcwmd-m3-slot-in-the-morning", "Morning"],
      ["tune-en-us-m4-attend-sure", true],
      ["tune-en-us-m4-attend-nope", false],
      ["tune-en-us-m4-people-seven", null], // said "Seven.", expected 7, heard "eleven" (not sure enough)
      ["tune-en-us-m4-people-oh", 0],
      ["tune-en-us-m4-people-sixty", null], // said "Sixty.", expected 60, heard "sixty" (not sure enough)
      ["tune-en-us-m4-day-on-wednesday", "Wednesday"],
      ["tune-en-us-m4-slot-evening-please", "Evening"],
      ["tune-en-f5-attend-yep", true],
      ["tune-en-f5-attend-no", false],
      ["tune-en-f5-attend-hmm-let-me-think", null],
      ["tune-en-f5-people-zero", 0],
      ["tune-en-f5-people-fifteen-people", 15],
      ["tune-en-f5-day-tuesday", "Tuesday"],
      ["tune-en-f5-slot-afternoon", "Afternoon"],
      ["tune-en-us-attend-certainly", true],
      ["tune-en-us-attend-not-at-all", false],
      ["tune-en-us-people-five", 5],
      ["tune-en-us-people-sixteen", null], // said "Sixteen.", expected 16, heard "fifteen" (not sure enough)
      ["tune-en-us-people-fifty", null], // said "Fifty.", expected 50, heard "fifty" (not sure enough)
      ["tune-en-us-people-four-hundred", null], // said "Four hundred.", expected 400, heard "four hundred" (not sure enough)
      ["tune-en-us-day-um-sunday-i-think", "Sunday"],
      ["tune-en-us-slot-in-the-evening", "Evening"],
      ["tune-en-attend-okay", true],
      ["tune-en-attend-i-m-not-sure", null],
      ["tune-en-people-six", 6],
      ["tune-en-people-nineteen", null], // said "Nineteen.", expected 19, heard "two please" (not sure enough)
      ["tune-en-people-seventy-three", null], // said "Seventy-three.", expected 73, heard "seventy three" (not sure enough)
      ["tune-en-people-say-that-again", null],
      ["tune-en-day-saturday-would-be-good", null], // said "Saturday would be good.", expected "Saturday", heard "uh sunday would be good" (not sure enough)
      ["tune-en-slot-um-morning", "Morning"],
      ["tune-en-us-f2-attend-yes-i-will", true],
      ["tune-en-us-f2-attend-what-is-this-about", null],
      ["tune-en-us-f2-people-eight", null], // said "Eight.", expected 8, heard "uh eight" (not sure enough)
      ["tune-en-us-f2-people-twenty", null], // said "Twenty.", expected 20, heard "twenty" (not sure enough)
      ["tune-en-us-f2-people-eighty-six", null], // said "Eighty-six.", expected 86, heard "uh eighty six" (not sure enough)
      ["tune-en-us-f2-day-friday", "Friday"],
      ["tune-en-us-f2-day-thursday", "Thursday"],
      ["tune-en-us-f2-slot-who-is-calling", null],
      ["tune-en-f3-attend-no-thank-you", false],
      ["tune-en-f3-people-two", 2],
      ["tune-en-f3-people-ten", null], // said "Ten.", expected 10, heard "ten" (not sure enough)
      ["tune-en-f3-people-thirty", null], // said "Thirty.", expected 30, heard "thirty" (not sure enough)
      ["tune-en-f3-people-ninety", null], // said "Ninety.", expected 90, heard "ninety" (not sure enough)
      ["tune-en-f3-day-tuesday-please", "Tuesday"],
      ["tune-en-f3-day-i-m-busy", null],
      ["tune-en-gb-x-gbclan-attend-yeah-sure", true],
      ["tune-en-gb-x-gbclan-attend-definitely-not", false],
      ["tune-en-gb-x-gbclan-people-three", null], // said "Three.", expected 3, heard "three" (not sure enough)
      ["tune-en-gb-x-gbclan-people-thirteen", null], // said "Thirteen.", expected 13, heard "thirteen" (not sure enough)
      ["tune-en-gb-x-gbclan-people-forty", null], // said "Forty.", expected 40, heard "forty" (not sure enough)
      ["tune-en-gb-x-gbclan-people-just-one", null], // said "Just one.", expected 1, heard "hold on"
      ["tune-en-gb-x-gbclan-day-next-monday", "Monday"],
      ["tune-en-gb-x-gbclan-slot-afternoon-please", "Afternoon"],
      ["tune-en-gb-x-gbcwmd-m3-attend-certainly", true],
      ["tune-en-gb-x-gbcwmd-m3-attend-not-at-all", false],
      ["tune-en-gb-x-gbcwmd-m3-people-five", null], // said "Five.", expected 5, heard "fourteen" (not sure enough)
      ["tune-en-gb-x-gbcwmd-m3-people-sixteen", null], // said "Sixteen.", expected 16, heard "three please" (not sure enough)
      ["tune-en-gb-x-gbcwmd-m3-people-fifty", null], // said "Fifty.", expected 50, heard "fifty" (not sure enough)
      ["tune-en-gb-x-gbcwmd-m3-people-four-hundred", null], // said "Four hundred.", expected 400, heard "fourteen please" (not sure enough)
      ["tune-en-gb-x-gbcwmd-m3-day-um-sunday-i-think", null], // said "Um, Sunday I think.", expected "Sunday", heard "call me later"
      ["tune-en-gb-x-gbcwmd-m3-slot-in-the-evening", "Evening"],
      ["tune-en-us-m4-attend-okay", true],
      ["tune-en-us-m4-attend-i-m-not-sure", null],
      ["tune-en-us-m4-people-six", null], // said "Six.", expected 6 (not sure enough since the hedges after an answer; the exchange records it)
      ["tune-en-us-m4-people-nineteen", null], // said "Nineteen.", expected 19, heard "like eighteen" (not sure enough)
      ["tune-en-us-m4-people-seventy-three", null], // said "Seventy-three.", expected 73, heard "seventy three" (not sure enough)
      ["tune-en-us-m4-people-say-that-again", null],
      ["tune-en-us-m4-day-saturday-would-be-good", "Saturday"],
      ["tune-en-us-m4-slot-um-morning", "Morning"],
      ["tune-en-f5-attend-yes-i-will", true],
      ["tune-en-f5-attend-what-is-this-about", null],
      ["tune-en-f5-people-eight", null], // said "Eight.", expected 8, heard "oh thanks" (not sure enough)
      ["tune-en-f5-people-twenty", null], // said "Twenty.", expected 20, heard "twenty" (not sure enough)
      ["tune-en-f5-people-eighty-six", null], // said "Eighty-six.", expected 86, heard "eighty six" (not sure enough)
      ["tune-en-f5-day-friday", "Friday"],
      ["tune-en-f5-day-thursday", null], // said "Thursday.", expected "Thursday", heard "thursday" (not sure enough)
      ["tune-en-f5-slot-who-is-calling", null],
      ["holdout2-en-us-m3-attend-no-i-can-not", false],
      ["holdout2-en-us-m3-people-fourteen", null], // said "Fourteen.", expected 14, heard "four please" (not sure enough)
      ["holdout2-en-us-m3-people-three-hundred", null], // said "Three hundred.", expected 300, heard "three hundred" (not sure enough)
      ["holdout2-en-us-m3-people-fifty-five-i-guess", 55],
      ["holdout2-en-us-m3-day-um-wednesday", "Wednesday"],
      ["holdout2-en-gb-scotland-f2-attend-yes-that-works", true],
      ["holdout2-en-gb-scotland-f2-attend-nope-sorry", false],
      ["holdout2-en-gb-scotland-f2-people-twenty-one", null], // said "Twenty-one.", expected 21, heard "twenty one" (not sure enough)
      ["holdout2-en-gb-scotland-f2-people-a-hundred-and-twenty", null], // said "A hundred and twenty.", expected 120, heard "five hundred and twenty eight" (not sure enough)
      ["holdout2-en-gb-scotland-f2-day-tuesday-works", null], // said "Tuesday works.", expected "Tuesday"
      ["holdout2-en-gb-scotland-f2-slot-afternoon-would-be-best", "Afternoon"],
      ["holdout2-en-029-m7-attend-yeah-i-can-make-it", null], // said "Yeah, I can make it.", expected true (not sure enough since the hedges)
      ["holdout2-en-029-m7-attend-no-not-this-time", false],
      ["holdout2-en-029-m7-people-sixty-seven", null], // said "Sixty-seven.", expected 67, heard "sixty three is good" (not sure enough)
      ["holdout2-en-029-m7-people-eight-people", null], // said "Eight people.", expected 8, heard "fifty two" (not sure enough)
      ["holdout2-en-029-m7-day-friday-i-think", "Friday"],
      ["holdout2-en-029-m7-slot-evening-i-guess", "Evening"],
      ["holdout2-en-us-nyc-f5-attend-okay-sure", true],
      ["holdout2-en-us-nyc-f5-attend-sorry-who-is-calling", null],
      ["holdout2-en-us-nyc-f5-people-about-ten", 10],
      ["holdout2-en-us-nyc-f5-people-uh-seventeen", null], // said "Uh, seventeen.", expected 17, heard "uh seventeen" (not sure enough)
      ["holdout2-en-us-nyc-f5-day-how-about-monday", "Monday"],
      ["holdout2-en-us-nyc-f5-slot-mornings-are-better", "Morning"],
      ["holdout2-en-gb-x-rp-m1-attend-yes-of-course", true],
      ["holdout2-en-gb-x-rp-m1-people-four", null], // said "Four.", expected 4, heard "hello"
      ["holdout2-en-gb-x-rp-m1-people-probably-three", null], // said "Probably three.", expected 3, heard "probably three" (not sure enough)
      ["holdout2-en-gb-x-rp-m1-people-only-one", 1],
      ["holdout2-en-gb-x-rp-m1-day-sunday-would-be-great", "Sunday"],
      ["holdout2-en-gb-x-rp-m1-slot-i-don-t-know-yet", null],
      ["holdout2-en-m6-attend-no-i-can-not", false],
      ["holdout2-en-m6-people-fourteen", 14],
      ["holdout2-en-m6-people-three-hundred", null], // said "Three hundred.", expected 300 (not sure enough since the hedges)
      ["holdout2-en-m6-people-fifty-five-i-guess", 55],
      ["holdout2-en-m6-day-um-wednesday", "Wednesday"],
    ]);
    // An answer the engine is not sure of is left empty (asked again), never guessed.
    const answerable = sample.filter((u) => u.expected !== null);
    const answerOf = (u: (typeof sample)[number]) => got.find(([id]) => id === u.id)![1];
    const right = answerable.filter((u) => answerOf(u) === u.expected).length;
    const wrong = sample.filter((u) => answerOf(u) !== null && answerOf(u) !== u.expected).length;
    expect(right / (right + wrong)).toBeGreaterThanOrEqual(0.9);
    expect(wrong / sample.length).toBeLessThanOrEqual(0.1);
    // 174 utterances, each decoded twice (the verification), CPU-bound: a busy machine slows them, and that is no failure of recognition.
  }, 600_000);

  test('streaming: frames pushed one by one give the same result, and the partial hypothesis becomes a complete answer', async () => {
    const u = corpus.utterances.find((x) => x.id === 'tune-en-us-people-twenty-five')!;
    const q = corpus.questions[u.question]!;
    const pcm = corpusAudio(u);
    const s = stt.start({ question: q });
    const partials: Array<{ text: string; complete: boolean }> = [];
    for (let i = 0; i < pcm.length; i += 160) {
      s.push(pcm.subarray(i, i + 160));
      if ((i / 160) % 10 === 9) partials.push(await s.partial());
    }
    const result = await s.finish();
    expect(result.text).toBe('twenty five');
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(partials[0]).toEqual({ text: '', complete: false });
    expect(partials.at(-1)).toEqual({ text: 'twenty five', complete: true });
    // A cancelled stream gives nothing and leaves the decoder to the next utterance.
    const c = stt.start({ question: q });
    c.push(pcm.subarray(0, 1600));
    c.cancel();
    expect(await c.finish()).toEqual({ text: null, confidence: 0 });
    expect(await stt.recognize(pcm, { question: q })).toBe('twenty five');
  });

  test('an answer ended with a hedge ("if possible", "I would say", "in total") is heard as said, not forced into another answer', async () => {
    // Rendered by bench/voice-corpus/generate.ts's render() (eSpeak NG at 160 words a minute, the corpus's noise, G.711) in
    // the tune voice of the file's name. Before the grammar had the hedges, these came out as a sure "i think on tuesday",
    // nothing, a sure "thirty five would be great" (recorded wrong), an unsure "who is calling" and an unsure "twenty two people".
    const said = (name: string) => alawmulaw.mulaw.decode(readFileSync(path.join(__dirname, '../fixtures/hedges', `${name}.ul`)));
    const ask = (key: string) => ({ question: corpus.questions[key]!, intents: INTENT_PHRASES.map((p) => p.phrase) });
    expect(await stt.hear(said('friday-if-possible-en'), ask('day'))).toMatchObject({ text: 'friday if possible' });
    expect(await stt.hear(said('evening-if-that-works-en-us'), ask('slot'))).toMatchObject({ text: 'evening if that works' });
    expect(await stt.hear(said('sunday-i-suppose-en-gb-x-gbclan'), ask('day'))).toMatchObject({ text: 'sunday i suppose' });
    expect(await stt.hear(said('twenty-in-total-en'), ask('people'))).toMatchObject({ text: 'twenty in total' });
    // Unsure, so read back ("I heard 30. Is that right?"), where before a wrong number was recorded.
    expect(await stt.hear(said('thirty-i-would-say-en-us'), ask('people'))).toMatchObject({ text: null, unsure: 'thirty i would say' });
    for (const [name, key, value] of [['friday-if-possible-en', 'day', 'Friday'], ['twenty-in-total-en', 'people', 20]] as const) {
      const heard = await stt.hear(said(name), ask(key));
      expect(extractAnswer(corpus.questions[key]!, heard.text!)).toEqual(value);
    }
  });

  test('free-text questions are not recognised offline', async () => {
    const u = corpus.utterances[0]!;
    expect(await stt.recognize(corpusAudio(u), { question: { key: 'k', question: 'Anything else?', type: 'string' } })).toBeNull();
  });
});
