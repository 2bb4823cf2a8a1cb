import * as alawmulaw from 'alawmulaw';
import type { CallQuestion } from '../../src/features/calls/ports';
import { extractAnswer } from '../../src/voice/dialog/answers';
import { DeepgramRecognizer } from '../../src/voice/stt/deepgram';
import { DeepgramFarEnd } from '../helpers/deepgram-far-end';
import { eventually } from '../helpers/factories';

/**
 * STT_ENGINE=deepgram against a real local WebSocket server speaking Deepgram's live API:
 * scripted interim and final results as audio arrives, the last ones at CloseStream, a dropped
 * socket, a refused key.
 */
const CONSENT: CallQuestion = { key: 'consent', question: 'Can you make it tomorrow?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
/** 20 ms frames of a 440 Hz tone (a frame is 160 bytes of µ-law on the wire). */
const frames = (count: number) => Array.from({ length: count }, (_, f) => Int16Array.from({ length: 160 }, (_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 440 * (f * 160 + i)) / 8000))));

describe('Deepgram live recognition', () => {
  let far: DeepgramFarEnd;
  const engine = (apiKey: string | undefined = 'dg-test-key-7731') => new DeepgramRecognizer({ url: far.url, apiKey, model: 'nova-3', endpointingMs: 300, finishTimeoutMs: 10_000 });

  beforeEach(async () => {
    far = await DeepgramFarEnd.start();
  });
  afterEach(() => far.close());

  test('streams µ-law frames with the live API query and key; partial results grow; the text is ready when the callee stops', async () => {
    far.use({
      onAudio: [
        { afterBytes: 1600, results: [{ transcript: 'yes', is_final: false }] },
        { afterBytes: 4000, results: [{ transcript: 'yes I can', is_final: true, speech_final: true, confidence: 0.91 }] },
      ],
    });
    const stream = engine().start({ question: CONSENT });
    const sent = frames(30);
    for (const f of sent.slice(0, 12)) stream.push(f);
    await eventually(async () => (await stream.partial()).text === 'yes', { what: 'the interim result' });
    expect(await stream.partial()).toEqual({ text: 'yes', complete: true });
    for (const f of sent.slice(12)) stream.push(f);
    await eventually(async () => (await stream.partial()).text === 'yes I can', { what: 'the final result' });

    const s = far.sessions[0]!;
    expect(s.path).toBe('/v1/listen');
    expect(Object.fromEntries(s.query)).toEqual({ model: 'nova-3', encoding: 'mulaw', sample_rate: '8000', channels: '1', interim_results: 'true', endpointing: '300' });
    expect(s.headers.authorization).toBe('Token dg-test-key-7731');
    // Every frame went out as 160 bytes of µ-law, in order.
    expect(Buffer.concat(s.audio)).toEqual(Buffer.concat(sent.map((f) => Buffer.from(alawmulaw.mulaw.encode(f)))));

    // The server marked the end of speech: finish() answers from what it has.
    const result = await stream.finish();
    expect(result).toEqual({ text: 'yes I can', confidence: 0.91 });
    expect(extractAnswer(CONSENT, result.text!)).toBe(true);
    await far.waitFor(() => s.closed, 'the stream to be closed');
    expect(s.controls).toEqual([{ type: 'CloseStream' }]);
  });

  test('without an end of speech yet, finish() sends CloseStream and takes the last results', async () => {
    far.use({
      onAudio: [{ afterBytes: 800, results: [{ transcript: 'twenty', is_final: false }] }],
      onClose: [{ transcript: 'twenty five', is_final: true, speech_final: true, confidence: 0.8 }],
    });
    const stream = engine().start({ question: PEOPLE });
    for (const f of frames(10)) stream.push(f);
    await eventually(async () => (await stream.partial()).text === 'twenty', { what: 'the interim result' });
    expect((await stream.partial()).complete).toBe(true);
    const result = await stream.finish();
    expect(result).toEqual({ text: 'twenty five', confidence: 0.8 });
    expect(extractAnswer(PEOPLE, result.text!)).toBe(25);
    expect(far.sessions[0]!.controls).toEqual([{ type: 'CloseStream' }]);
  });

  test('several final segments are one turn; recognize() sends a whole utterance the same way', async () => {
    far.use({
      onAudio: [
        { afterBytes: 1000, results: [{ transcript: 'um', is_final: true, confidence: 0.7 }] },
        { afterBytes: 2000, results: [{ transcript: 'three of us', is_final: true, speech_final: false, confidence: 0.95 }] },
      ],
      onClose: [],
    });
    const pcm = new Int16Array(160 * 20);
    frames(20).forEach((f, i) => pcm.set(f, i * 160));
    const text = await engine().recognize(pcm, { question: PEOPLE });
    expect(text).toBe('um three of us');
    expect(extractAnswer(PEOPLE, text!)).toBe(3);
    expect(Buffer.concat(far.sessions[0]!.audio).length).toBe(3200);
  });

  test('a dropped connection keeps what was heard before it; with nothing heard the utterance fails', async () => {
    far.use({ onAudio: [{ afterBytes: 800, results: [{ transcript: 'on tuesday', is_final: false }] }] });
    const stream = engine().start({ question: null });
    for (const f of frames(10)) stream.push(f);
    await eventually(async () => (await stream.partial()).text === 'on tuesday', { what: 'the interim result' });
    far.drop(0);
    await far.waitFor(() => far.sessions[0]!.closed, 'the socket to drop');
    for (const f of frames(10)) stream.push(f); // the callee goes on: nowhere to send it
    expect(await stream.finish()).toEqual({ text: 'on tuesday', confidence: 1 });

    far.use({ dropAfterBytes: 160 });
    const silent = engine().start({ question: null });
    for (const f of frames(5)) silent.push(f);
    await far.waitFor(() => far.sessions[1]?.closed === true, 'the far end to drop the socket');
    await expect(silent.finish()).rejects.toThrow(/speech recognition connection closed \(1006/);
  });

  test('a refused key: the utterance fails with the status, never the key', async () => {
    far.use({ refuse: 401 });
    const stream = engine('dg-wrong-key-0000').start({ question: CONSENT });
    for (const f of frames(5)) stream.push(f);
    const err = (await stream.finish().catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/401/);
    expect(err.message).not.toContain('dg-wrong-key');
  });

  test('cancel() closes the stream and sends nothing more', async () => {
    far.use({});
    const stream = engine().start({ question: null });
    for (const f of frames(3)) stream.push(f);
    await far.waitFor(() => (far.sessions[0]?.audio.length ?? 0) === 3, 'the first frames');
    stream.cancel();
    stream.push(frames(1)[0]!);
    await far.waitFor(() => far.sessions[0]!.closed, 'the stream to close');
    expect(far.sessions[0]!.audio).toHaveLength(3);
    expect(far.sessions[0]!.controls).toEqual([{ type: 'CloseStream' }]);
  });
});
