import { PocketsphinxRecognizer, pocketsphinxAvailable } from '../../src/voice/stt/pocketsphinx';
import { secondModelAvailable } from '../../src/voice/stt/second-opinion';
import { corpusAudio, loadCorpus } from '../../bench/voice-corpus/corpus';

/**
 * The second acoustic opinion end to end (docs/voice.md, "A second acoustic model"): Debian's 16 kHz model
 * in the recognizer's worker, the combination rule in its confidence. Needs the npm package and
 * Debian's pocketsphinx-en-us; skipped without them.
 */
const installed = pocketsphinxAvailable() && secondModelAvailable();
if (!installed) console.warn('SKIPPED: Debian pocketsphinx-en-us (or soundswallower) is not installed; the second opinion is not tested');
const describeModel = installed ? describe : describe.skip;

describeModel('a second acoustic opinion (16 kHz model) on the corpus', () => {
  const corpus = loadCorpus();
  const alone = new PocketsphinxRecognizer({ secondOpinion: false });
  const both = new PocketsphinxRecognizer({ secondOpinion: {} });
  afterAll(async () => {
    await alone.close();
    await both.close();
  });
  const hear = (stt: PocketsphinxRecognizer, id: string) => {
    const u = corpus.utterances.find((x) => x.id === id)!;
    return stt.hear(corpusAudio(u), { question: corpus.questions[u.question]! });
  };

  test('is used when the model is installed, and not when turned off', () => {
    expect(both.secondOpinion).toBe(true);
    expect(alone.secondOpinion).toBe(false);
  });

  test('a number the 8 kHz model hears with confidence and the 16 kHz model hears as another is made unsure (read back, not recorded)', async () => {
    // "Six.": the 8 kHz model hears "six" above the number threshold; the 16 kHz model hears "eight".
    const first = await hear(alone, 'tune-en-f5-people-six');
    expect(first.text).toBe('six');
    expect(first.confidence).toBeGreaterThanOrEqual(0.5);
    const second = await hear(both, 'tune-en-f5-people-six');
    expect(second).toMatchObject({ text: null, unsure: 'six' });
    expect(second.confidence).toBeLessThan(0.5);
  });

  test('an answer both models hear alike keeps its confidence', async () => {
    // "Yes.", and "Twenty-five." heard as "twenty five" by both.
    for (const id of ['tune-en-us-attend-yes', 'tune-en-us-people-twenty-five']) {
      const [a, b] = [await hear(alone, id), await hear(both, id)];
      expect(b).toEqual(a);
      expect(b.text).not.toBeNull();
    }
  });
});
