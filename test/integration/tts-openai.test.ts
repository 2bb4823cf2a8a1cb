import { OpenAiSynthesizer } from '../../src/voice/tts/openai';
import type { SpeechSynthesizer } from '../../src/voice/tts/synthesizer';
import { concatPcm, wavHeader } from '../helpers/pcm';
import { SpeechFarEnd, toneBytes, tonePieces } from '../helpers/speech-far-end';

/**
 * The OpenAI-compatible speech engine against a real local HTTP server speaking that API, which
 * streams 24 kHz PCM piece by piece as the test lets it, refuses, stalls or drops the connection.
 */

/** The local voice, standing in for eSpeak NG: a prompt it says is a 200 Hz tone (told apart from the endpoint's 1 kHz). */
class LocalVoice implements SpeechSynthesizer {
  readonly said: string[] = [];
  async synthesize(text: string): Promise<Int16Array> {
    this.said.push(text);
    return Int16Array.from({ length: 4000 }, (_, i) => Math.round(5000 * Math.sin((2 * Math.PI * 200 * i) / 8000)));
  }
  async close(): Promise<void> {}
}

/** Zero crossings per second: the frequency of a clean tone. */
const frequency = (pcm: Int16Array) => {
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
  return (crossings / 2) * (8000 / pcm.length);
};

describe('OpenAI-compatible speech synthesis', () => {
  let far: SpeechFarEnd;
  let local: LocalVoice;
  let fallbacks: Error[];
  const engine = (o: Partial<ConstructorParameters<typeof OpenAiSynthesizer>[0]> = {}) =>
    new OpenAiSynthesizer({ url: far.url, apiKey: 'sk-tts-test-4242', model: 'tts-1', voice: 'alloy', fallback: local, onFallback: (e) => fallbacks.push(e), ...o });

  beforeEach(async () => {
    far = await SpeechFarEnd.start();
    local = new LocalVoice();
    fallbacks = [];
  });
  afterEach(() => far.close());

  test('asks for 24 kHz PCM with model, voice, text and key; the first audio is playable before the answer is whole', async () => {
    far.answerWith(() => ({ pieces: tonePieces(1000, 5, 200) }));
    const stream = engine().stream('Hello, this is Acme Dental.', new AbortController().signal)[Symbol.asyncIterator]();
    far.release();
    const first = await stream.next();
    expect(first.done).toBe(false);
    expect(first.value!.length).toBeGreaterThan(1000);
    // The far end has sent one piece of five: the rest does not exist yet.
    const req = far.requests[0]!;
    expect(req.sent).toBe(1);
    expect(req.ended).toBe(false);
    expect(req.path).toBe('/v1/audio/speech');
    expect(req.headers.authorization).toBe('Bearer sk-tts-test-4242');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ model: 'tts-1', voice: 'alloy', input: 'Hello, this is Acme Dental.', response_format: 'pcm' });

    const parts = [first.value!];
    for (let i = 0; i < 4; i++) far.release();
    for (let n = await stream.next(); !n.done; n = await stream.next()) parts.push(n.value);
    const pcm = concatPcm(parts);
    // One second of a 1 kHz tone at 24 kHz is one second at 8 kHz, still 1 kHz.
    expect(pcm.length).toBe(8000);
    expect(frequency(pcm.subarray(400, 7600))).toBeCloseTo(1000, -1);
    expect(fallbacks).toEqual([]);
  });

  test('a finished prompt is kept: said again, it comes from memory without a request', async () => {
    far.answerWith(() => ({ free: true, pieces: tonePieces(1000, 3, 100) }));
    const tts = engine();
    const whole = await tts.synthesize('Thank you for your time. Goodbye.');
    expect(whole.length).toBe(2400);
    const again: Int16Array[] = [];
    for await (const p of tts.stream('Thank you for your time. Goodbye.', new AbortController().signal)) again.push(p);
    expect(concatPcm(again)).toEqual(whole);
    expect(far.requests).toHaveLength(1);
  });

  test('stopping the prompt (a barge-in) cancels the request at the far end', async () => {
    far.answerWith(() => ({ pieces: tonePieces(1000, 10, 200) }));
    const abort = new AbortController();
    const stream = engine().stream('Can you make it tomorrow at three?', abort.signal)[Symbol.asyncIterator]();
    far.release();
    await stream.next();
    abort.abort();
    far.release(); // the far end would send more: the client is gone
    const next = await stream.next();
    expect(next.done).toBe(true);
    await far.waitFor(() => far.requests[0]!.aborted, 'the request to be cancelled');
    expect(far.requests[0]!.ended).toBe(false);
    expect(fallbacks).toEqual([]);
    expect(local.said).toEqual([]);
  });

  test('a refused request (500) is said by the local voice at once, and the reason is reported', async () => {
    far.answerWith(() => ({ status: 500 }));
    const parts: Int16Array[] = [];
    for await (const p of engine().stream('How many people will come?', new AbortController().signal)) parts.push(p);
    expect(local.said).toEqual(['How many people will come?']);
    expect(frequency(concatPcm(parts))).toBeCloseTo(200, -1);
    expect(fallbacks.map((e) => e.message)).toEqual(['speech endpoint answered 500']);
    // Not kept: the next call asks the endpoint again.
    far.answerWith(() => ({ free: true, pieces: tonePieces(1000, 2, 100) }));
    const pcm = await engine().synthesize('How many people will come?');
    expect(frequency(pcm.subarray(200, 1400))).toBeCloseTo(1000, -1);
  });

  test('an endpoint that stops sending mid-prompt: after the stall limit the local voice says the prompt from its start', async () => {
    far.answerWith(() => ({ free: true, stallAfter: 1, pieces: tonePieces(1000, 5, 200) }));
    const parts: Int16Array[] = [];
    // The limit also bounds the request and the first piece (the connection, the resampler's
    // WebAssembly): 1.5 s leaves a test process that three suites and the type check share on two
    // cores the time to get that far (at 300 ms CI once fell back before the first piece played).
    for await (const p of engine({ stallTimeoutMs: 1500 }).stream('Which day works best?', new AbortController().signal)) parts.push(p);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(frequency(parts.at(-1)!)).toBeCloseTo(200, -1);
    expect(local.said).toEqual(['Which day works best?']);
    expect(fallbacks.map((e) => e.message)).toEqual(['speech endpoint sent no audio for 1500 ms']);
    await far.waitFor(() => far.requests[0]!.aborted, 'the stalled request to be given up');
  });

  test('an endpoint that never answers is given up after the stall limit, and the local voice speaks', async () => {
    far.answerWith(() => ({ stallAfter: 0, pieces: [toneBytes(1000, 100)] }));
    const pcm = await engine({ stallTimeoutMs: 300 }).synthesize('Goodbye.');
    expect(frequency(pcm)).toBeCloseTo(200, -1);
    expect(fallbacks.map((e) => e.message)).toEqual(['speech endpoint sent no audio for 300 ms']);
  });

  test('a connection dropped mid-answer falls back too; an empty answer as well', async () => {
    far.answerWith(() => ({ free: true, dropAfter: 2, pieces: tonePieces(1000, 5, 200) }));
    const parts: Int16Array[] = [];
    for await (const p of engine().stream('Sorry, I did not catch that.', new AbortController().signal)) parts.push(p);
    expect(local.said).toEqual(['Sorry, I did not catch that.']);
    expect(fallbacks).toHaveLength(1);

    far.answerWith(() => ({ free: true, pieces: [] }));
    await engine().synthesize('Hello?');
    expect(fallbacks.map((e) => e.message).at(-1)).toBe('speech endpoint sent no audio');
  });

  test('a server that answers with a WAV is read from its header (rate included)', async () => {
    const pcm = toneBytes(1000, 500, 16_000);
    const wav = Buffer.concat([wavHeader(16_000, pcm.length), pcm]);
    far.answerWith(() => ({ free: true, contentType: 'audio/wav', pieces: [wav.subarray(0, 30), wav.subarray(30, 1001), wav.subarray(1001)] }));
    const out = await engine().synthesize('A WAV, please.');
    expect(out.length).toBe(4000);
    expect(frequency(out.subarray(400, 3600))).toBeCloseTo(1000, -1);
  });
});
