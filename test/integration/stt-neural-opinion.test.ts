import { NeuralOpinion } from '../../src/voice/stt/moonshine/neural-opinion';
import { PocketsphinxRecognizer, pocketsphinxAvailable } from '../../src/voice/stt/pocketsphinx';
import { corpusAudio, loadCorpus } from '../../bench/voice-corpus/corpus';

/**
 * The neural second opinion end to end (docs/voice.md, "A neural second opinion"): PocketSphinx in
 * its worker, Moonshine Tiny through onnxruntime on the corpus's phone audio (tune set), and the
 * rule that combines them. Both engines come with npm; the 16 kHz Debian model is left out so
 * that the figures do not depend on it.
 */
const neural = NeuralOpinion.create();
if (!pocketsphinxAvailable()) throw new Error('soundswallower (an npm dependency) is missing');
if (!neural) throw new Error('@usefulsensors/moonshine-js (an npm dependency) is missing');

describe('a neural second opinion on the answers PocketSphinx is unsure of', () => {
  const corpus = loadCorpus();
  const alone = new PocketsphinxRecognizer({ secondOpinion: false });
  const errors: Error[] = [];
  // The service gives the opinion 2 s; here three test files and the type check share two cores, and the figures, not the speed, are tested.
  const both = new PocketsphinxRecognizer({ secondOpinion: false, neural, neuralDeadlineMs: 60_000, onNeuralError: (e) => errors.push(e) });
  beforeAll(() => both.warm());
  afterAll(async () => {
    await alone.close();
    await both.close();
  });
  afterEach(() => expect(errors).toEqual([]));
  const hear = (stt: PocketsphinxRecognizer, id: string, confirming?: { value: unknown }) => {
    const u = corpus.utterances.find((x) => x.id === id)!;
    return stt.hear(corpusAudio(u), { question: corpus.questions[u.question]!, ...(confirming ? { confirming } : {}) });
  };

  test('an answer both hear alike is recorded instead of read back', async () => {
    // "Three hundred and forty.", "Nope." and "Sunday.": PocketSphinx alone is unsure of each.
    for (const [id, text] of [
      ['tune-en-gb-x-gbclan-people-three-hundred-and-forty', 'three hundred and forty'],
      ['tune-en-gb-x-gbclan-attend-nope', 'nope'],
      ['tune-en-gb-x-gbclan-day-sunday', 'sunday'],
    ] as const) {
      expect(await hear(alone, id)).toMatchObject({ text: null, unsure: text });
      expect(await hear(both, id)).toEqual({ text, confidence: 0.5 });
    }
  });

  test('where PocketSphinx heard another answer, the neural one is what the agent reads back', async () => {
    // "Seven." heard as "eleven", "Um, four." as "um oh people".
    expect(await hear(alone, 'tune-en-us-m4-people-seven')).toMatchObject({ text: null, unsure: 'eleven' });
    expect(await hear(both, 'tune-en-us-m4-people-seven')).toMatchObject({ text: null, unsure: '7' });
    expect(await hear(alone, 'tune-en-f5-people-um-four')).toMatchObject({ text: null, unsure: 'um oh people' });
    expect(await hear(both, 'tune-en-f5-people-um-four')).toMatchObject({ text: null, unsure: '4' });
  });

  test('a confident answer is left as PocketSphinx heard it (the neural model is not even asked)', async () => {
    const hearSpy = jest.spyOn(neural, 'hear');
    for (const id of ['tune-en-us-attend-yes', 'tune-en-us-people-twenty-five']) {
      const a = await hear(alone, id);
      expect(a.text).not.toBeNull();
      expect(await hear(both, id)).toEqual(a);
    }
    expect(hearSpy).not.toHaveBeenCalled();
    hearSpy.mockRestore();
  });

  test('the model alone: the answer of each question type, and a non-answer as none', async () => {
    const read = async (id: string) => {
      const u = corpus.utterances.find((x) => x.id === id)!;
      return (await neural.hear(corpusAudio(u), { question: corpus.questions[u.question]! }))!.value;
    };
    expect(await read('tune-en-us-people-twenty-five')).toBe(25);
    expect(await read('tune-en-us-attend-yes')).toBe(true);
    expect(await read('tune-en-gb-x-gbclan-day-sunday')).toBe('Sunday');
    const nonAnswer = corpus.utterances.find((u) => u.set === 'tune' && u.expected === null && u.voice === 'en-us' && /who is/i.test(u.text))!;
    expect(await read(nonAnswer.id)).toBeNull();
  });

  test('an opinion that does not come within the deadline is reported, and the answer stays as PocketSphinx heard it', async () => {
    const stuck = new (class extends NeuralOpinion {
      override warm(): Promise<void> {
        return Promise.resolve();
      }
      override hear(): Promise<never> {
        return new Promise(() => undefined);
      }
    })('unused');
    const late: Error[] = [];
    const stt = new PocketsphinxRecognizer({ secondOpinion: false, neural: stuck, neuralDeadlineMs: 200, onNeuralError: (e) => late.push(e) });
    try {
      expect(await hear(stt, 'tune-en-us-m4-people-seven')).toMatchObject({ text: null, unsure: 'eleven' });
      expect(late.map((e) => e.message)).toEqual(['the neural opinion took more than 200 ms']);
    } finally {
      await stt.close();
    }
  });
});
