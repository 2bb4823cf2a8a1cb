import type { CallQuestion } from '../../src/features/calls/ports';
import { VoiceAgent } from '../../src/voice/agent/voice-agent';
import type { DialogAction, DialogPolicy } from '../../src/voice/dialog/dialog-policy';
import { GOODBYE, intro } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { DeepgramRecognizer } from '../../src/voice/stt/deepgram';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { FakeMedia, type MediaEvent } from '../../src/voice/testing/fake-media';
import { FakeSynthesizer } from '../../src/voice/testing/fake-synthesizer';
import { EnergyVad } from '../../src/voice/testing/fake-vad';
import { DEFAULT_TIMING } from '../../src/voice/timing';
import { LocalVoiceSynthesizer } from '../../src/voice/tts/local-voice-synthesizer';
import { runLocalVoice } from '../../src/voice/tts/local-voices';
import { OpenAiSynthesizer } from '../../src/voice/tts/openai';
import { withVoice } from '../../src/voice/tts/synthesizer';
import { DeepgramFarEnd } from '../helpers/deepgram-far-end';
import { SpeechFarEnd, tonePieces } from '../helpers/speech-far-end';

/**
 * A conversation through the voice agent with the remote engines against their local far ends: the
 * prompts come from an OpenAI-compatible speech endpoint (streamed, resampled), the callee's words
 * from a Deepgram-protocol WebSocket server. The call's media is the in-memory fake (frames move a
 * fake clock), so what is asserted is the agent's use of the engines: a prompt starts playing at
 * its first piece, a barge-in cancels the request in flight, and the streamed recognition's text
 * is the answer.
 */
const CONSENT: CallQuestion = { key: 'consent', question: 'Can you make it tomorrow afternoon?', type: 'boolean' };
const TASK = 'We are confirming your appointment.';
const ORG = 'Acme Dental';

/** Zero crossings per second of 8 kHz audio. */
const frequency = (pcm: Int16Array) => {
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
  return (crossings / 2) * (8000 / pcm.length);
};

describe('the voice agent with the remote speech engines', () => {
  let speech: SpeechFarEnd;
  let listen: DeepgramFarEnd;

  beforeEach(async () => {
    speech = await SpeechFarEnd.start();
    listen = await DeepgramFarEnd.start();
  });
  afterEach(async () => {
    await speech.close();
    await listen.close();
  });

  test('a prompt plays from its first streamed piece; talking over it cancels the request; the streamed text is the answer', async () => {
    const clock = new FakeClock();
    const media = new FakeMedia(clock);
    const local = new FakeSynthesizer(300);
    const fallbacks: Error[] = [];
    const tts = new OpenAiSynthesizer({ url: speech.url, model: 'tts-1', voice: 'alloy', fallback: local, onFallback: (e) => fallbacks.push(e) });
    const stt = new DeepgramRecognizer({ url: listen.url, apiKey: 'dg-key', model: 'nova-3', endpointingMs: 300 });
    // The introduction and the goodbye stream at once (a 1 kHz tone); the question (500 Hz) piece by piece as the test lets it.
    speech.answerWith((req) => (req.body.input === CONSENT.question ? { pieces: tonePieces(500, 10, 200) } : { free: true, pieces: tonePieces(1000, 3, 100) }));
    const policy = new SurveyPolicy({ task: TASK, questions: [CONSENT], voicemailMessage: null, callerName: ORG }, DEFAULT_TIMING);
    const agent = new VoiceAgent({ media, policy, tts, stt, vad: new EnergyVad(), clock, onListen: media.listening });
    const done = agent.run();
    const next = async (type: MediaEvent['type']): Promise<MediaEvent> => {
      for (;;) {
        const e = await media.next();
        if (e.type === type) return e;
      }
    };

    // The callee's hello, heard through the WebSocket recogniser.
    expect(await next('listen')).toMatchObject({ listen: { question: null } });
    listen.use({ onAudio: [{ afterBytes: 800, results: [{ transcript: 'hello', is_final: true, speech_final: true }] }] });
    media.speech(400);
    media.silence(800);

    // The introduction plays (streamed whole at once); the question is asked for next and starts
    // playing at its first piece, while the far end has not made the rest of it.
    await speech.waitFor(() => speech.requests.length === 2, 'the question to be asked for');
    expect(speech.requests[0]!.body.input).toBe(intro(ORG, TASK));
    expect(speech.requests[1]!.body.input).toBe(CONSENT.question);
    media.holdPlays = true; // from here on, audio is sent 20 ms per frame the callee sends
    speech.release();
    for (;;) {
      const e = await next('play');
      if (e.type === 'play' && Math.abs(frequency(e.pcm) - 500) < 20) break;
    }
    expect(speech.requests[1]).toMatchObject({ sent: 1, ended: false });
    expect(media.isPlaying).toBe(true);
    // The second piece is queued behind the first as it arrives.
    speech.release();
    await next('play');
    expect(speech.requests[1]).toMatchObject({ sent: 2, ended: false });

    // The callee talks over it: the prompt stops on the tenth voiced frame and its request is
    // cancelled at the far end, with eight of its ten pieces never sent.
    listen.use({ onAudio: [{ afterBytes: 800, results: [{ transcript: 'yes', is_final: true, speech_final: true, confidence: 0.93 }] }] });
    media.silence(100);
    media.speech(180);
    expect(media.isPlaying).toBe(true);
    media.speech(20);
    expect(media.isPlaying).toBe(false);
    await speech.waitFor(() => speech.requests[1]!.aborted, 'the question request to be cancelled');
    expect(speech.requests[1]!.sent).toBe(2);
    media.holdPlays = false;
    expect(await next('listen')).toMatchObject({ listen: { question: CONSENT } });
    media.speech(200);
    media.silence(800);
    expect(await done).toBe('human');

    const result = agent.result('human');
    expect(result.answers).toEqual({ consent: true });
    expect(result.transcript).toEqual(['Callee: hello', `Agent: ${intro(ORG, TASK)}`, `Agent: ${CONSENT.question} [interrupted]`, 'Callee: yes', `Agent: ${GOODBYE}`]);
    const question = result.turns.find((t) => t.text === CONSENT.question)!;
    // Heard until the tenth voiced frame, 14 frames in all: the whole first piece (200 ms at
    // 24 kHz is 194 ms at 8 kHz as it comes out, 6 ms still inside the resampler's filter) in 10
    // frames (the fake sends each queued buffer in frames of its own), then 4 frames (80 ms) of the second.
    expect(question).toMatchObject({ interrupted: true });
    expect(question.end_ms - question.start_ms).toBe(194 + 80);
    // Every prompt came from the endpoint; none from the local voice.
    expect(speech.requests.map((r) => r.body.input)).toEqual([intro(ORG, TASK), CONSENT.question, GOODBYE]);
    expect(fallbacks).toEqual([]);
    expect(local.texts).toEqual([]);
    // One recognition WebSocket per utterance, each closed.
    expect(listen.sessions.length).toBeGreaterThanOrEqual(2);
    await listen.waitFor(() => listen.sessions.every((s) => s.closed), 'every recognition stream to close');
  });

  test('an endpoint that fails: the local voice says the prompt, the call goes on', async () => {
    const clock = new FakeClock();
    const media = new FakeMedia(clock);
    const local = new FakeSynthesizer(300);
    const tts = new OpenAiSynthesizer({ url: speech.url, model: 'tts-1', voice: 'alloy', fallback: local });
    speech.answerWith(() => ({ status: 503 }));
    const policy = new SurveyPolicy({ task: TASK, questions: [], voicemailMessage: null, callerName: ORG }, DEFAULT_TIMING);
    const stt = new DeepgramRecognizer({ url: listen.url, model: 'nova-3', endpointingMs: 300 });
    listen.use({ onAudio: [{ afterBytes: 800, results: [{ transcript: 'hi', is_final: true, speech_final: true }] }] });
    const agent = new VoiceAgent({ media, policy, tts, stt, vad: new EnergyVad(), clock, onListen: media.listening });
    const done = agent.run();
    await media.next();
    media.speech(400);
    media.silence(800);
    expect(await done).toBe('human');
    expect(local.texts).toEqual([intro(ORG, TASK), GOODBYE]);
    expect(agent.result('human').transcript).toEqual(['Callee: hi', `Agent: ${intro(ORG, TASK)}`, `Agent: ${GOODBYE}`]);
  });

  test("a call's own voice reaches the engine; its language reaches the local voice that stands in", async () => {
    const clock = new FakeClock();
    const media = new FakeMedia(clock);
    const local = new FakeSynthesizer(300);
    const shared = new OpenAiSynthesizer({ url: speech.url, model: 'tts-1', voice: 'alloy', fallback: local });
    // The introduction streams; the goodbye is refused, so the local voice says it.
    speech.answerWith((req) => (req.body.input === GOODBYE ? { status: 503 } : { free: true, pieces: tonePieces(1000, 3, 100) }));
    const policy = new SurveyPolicy({ task: TASK, questions: [], voicemailMessage: null, callerName: ORG }, DEFAULT_TIMING);
    const stt = new DeepgramRecognizer({ url: listen.url, model: 'nova-3', endpointingMs: 300 });
    listen.use({ onAudio: [{ afterBytes: 800, results: [{ transcript: 'hi', is_final: true, speech_final: true }] }] });
    const agent = new VoiceAgent({ media, policy, tts: withVoice(shared, { voice: 'nova', language: 'fr-FR' }), stt, vad: new EnergyVad(), clock, onListen: media.listening });
    const done = agent.run();
    await media.next();
    media.speech(400);
    media.silence(800);
    expect(await done).toBe('human');
    expect(speech.requests.map((r) => [r.body.input, r.body.voice])).toEqual([
      [intro(ORG, TASK), 'nova'],
      [GOODBYE, 'nova'],
    ]);
    expect(local.texts).toEqual([GOODBYE]);
    expect(local.voices).toEqual([{ language: 'fr-FR' }]);
  });

  test('Flite speaks with the voice a call names, and a language it lacks with eSpeak NG', async () => {
    const espeak = new FakeSynthesizer(300);
    const flite = new LocalVoiceSynthesizer('flite', 'kal16', { fallback: espeak });
    const text = 'Your appointment is tomorrow at three.';
    const slt = await flite.synthesize(text, { voice: 'slt' });
    const direct = await runLocalVoice('flite', 'slt', text);
    expect([slt.length, Buffer.from(slt.buffer, slt.byteOffset, slt.byteLength).equals(Buffer.from(direct.buffer, direct.byteOffset, direct.byteLength))]).toEqual([direct.length, true]);
    const kal16 = await flite.synthesize(text);
    expect(kal16.length).not.toBe(slt.length);
    expect(espeak.texts).toEqual([]);
    await flite.synthesize('Votre rendez-vous est demain.', { language: 'fr-FR' });
    expect([espeak.texts, espeak.voices]).toEqual([['Votre rendez-vous est demain.'], [{ language: 'fr-FR' }]]);
    await flite.close();
  });

  test("a model's reply: its sentences stream from the endpoint at once, yet play in order, each whole before the next", async () => {
    const clock = new FakeClock();
    const media = new FakeMedia(clock);
    const tts = new OpenAiSynthesizer({ url: speech.url, model: 'tts-1', voice: 'alloy', fallback: new FakeSynthesizer(300) });
    const first = 'Sure, I can help with that.';
    const second = 'Your appointment is on Tuesday.';
    // The first sentence is a 500 Hz tone in three pieces the test lets out; the second a 1 kHz tone sent at once.
    speech.answerWith((req) => (req.body.input === first ? { pieces: tonePieces(500, 3, 200) } : { free: true, pieces: tonePieces(1000, 2, 200) }));
    let spoken: DialogAction | null = null;
    const policy: DialogPolicy = {
      transcript: [],
      answers: {},
      optOut: false,
      callbackAt: null,
      start: () => ({
        type: 'stream',
        bargeIn: null,
        speech: {
          sentences: (async function* () {
            yield first;
            yield second;
          })(),
          cancel: () => undefined,
        },
      }),
      handle: (e) => (spoken = e.type === 'spoken' ? { type: 'end', disposition: 'human' } : { type: 'end', disposition: 'human' }),
    };
    const agent = new VoiceAgent({ media, policy, tts, stt: new DeepgramRecognizer({ url: listen.url, model: 'm', endpointingMs: 300 }), vad: new EnergyVad(), clock });
    const done = agent.run();
    // Both requests are made at once; the second is answered whole before the first has sent anything.
    await speech.waitFor(() => speech.requests.length === 2 && speech.requests[1]!.ended, 'both sentences to be asked for, the second answered');
    const toneOf = async () => {
      const e = await media.next();
      return e.type === 'play' ? (frequency(e.pcm) < 750 ? 500 : 1000) : e.type;
    };
    // The second sentence is ready, but waits until the first is all queued: piece by piece, the first goes on.
    speech.release();
    expect(await toneOf()).toBe(500);
    speech.release();
    expect(await toneOf()).toBe(500);
    speech.release();
    expect(await done).toBe('human');
    expect(spoken).not.toBeNull();
    // What went to the media, in order: all of the first sentence (500 Hz), then the second (1 kHz).
    // (Pieces that arrived together are played as one; each stream ends with the resampler's last few samples.)
    const order = media.played.map((p) => ({ tone: frequency(p) < 750 ? 500 : 1000, samples: p.length }));
    const switchAt = order.findIndex((o) => o.tone === 1000);
    expect(switchAt).toBeGreaterThan(0);
    expect(order.slice(0, switchAt).every((o) => o.tone === 500)).toBe(true);
    expect(order.slice(switchAt).every((o) => o.tone === 1000)).toBe(true);
    // Each sentence whole: 600 ms and 400 ms at 8 kHz.
    expect(order.slice(0, switchAt).reduce((n, o) => n + o.samples, 0)).toBe(4800);
    expect(order.slice(switchAt).reduce((n, o) => n + o.samples, 0)).toBe(3200);
    expect(agent.result('human').turns.map((t) => t.text)).toEqual([`${first} ${second}`]);
  });
});
