import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../src/config';
import { createRecognizer } from '../../src/voice/stt/create';
import { DeepgramRecognizer, listenUrl } from '../../src/voice/stt/deepgram';
import { OpenAiRecognizer } from '../../src/voice/stt/openai';
import { PocketsphinxRecognizer } from '../../src/voice/stt/pocketsphinx';
import { secondModelAvailable } from '../../src/voice/stt/second-opinion';
import { createSynthesizer } from '../../src/voice/tts/create';
import { EspeakSynthesizer } from '../../src/voice/tts/espeak';
import { LocalVoiceSynthesizer } from '../../src/voice/tts/local-voice-synthesizer';
import { localVoiceMissing } from '../../src/voice/tts/local-voices';
import { OpenAiSynthesizer } from '../../src/voice/tts/openai';

const env = (vars: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vg-speech-config-')), ...vars });

/** A logger whose lines the test reads. */
function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { log, lines };
}

describe('speech engine settings', () => {
  test('TTS defaults: the documented engine and its voice; the OpenAI engine needs TTS_URL', () => {
    const c = env({});
    expect(c.tts).toEqual({ engine: 'flite', url: undefined, apiKey: undefined, model: 'tts-1', voice: 'kal16' });
    expect(env({ TTS_ENGINE: 'espeak' }).tts.voice).toBe('en-us');
    expect(env({ TTS_ENGINE: 'openai', TTS_URL: 'https://api.openai.com', TTS_API_KEY: 'sk-x' }).tts).toEqual({ engine: 'openai', url: 'https://api.openai.com', apiKey: 'sk-x', model: 'tts-1', voice: 'alloy' });
    expect(env({ TTS_ENGINE: 'flite', TTS_VOICE: 'slt' }).tts.voice).toBe('slt');
    expect(env({ TTS_ENGINE: 'pico' }).tts.voice).toBe('en-US');
    expect(env({ TTS_ENGINE: 'festival' }).tts.voice).toBe('cmu_us_slt_arctic_hts');
    expect(() => env({ TTS_ENGINE: 'openai' })).toThrow(new ConfigError('TTS_URL must be set when TTS_ENGINE=openai.'));
    expect(() => env({ TTS_ENGINE: 'say' })).toThrow(ConfigError);
  });

  test('TTS_VOICE must name a voice of the engine: nothing else reaches a command line', () => {
    expect(env({ TTS_ENGINE: 'flite', TTS_VOICE: 'rms' }).tts.voice).toBe('rms');
    expect(() => env({ TTS_ENGINE: 'flite', TTS_VOICE: 'slt; rm -rf /' })).toThrow(/TTS_VOICE "slt; rm -rf \/" is not a flite voice \(kal16, slt, rms, awb or kal\)/);
    expect(() => env({ TTS_ENGINE: 'festival', TTS_VOICE: 'x) (system "id"' })).toThrow(/is not a festival voice/);
    expect(() => env({ TTS_ENGINE: 'pico', TTS_VOICE: '--help' })).toThrow(/is not a pico voice/);
    expect(env({ TTS_ENGINE: 'espeak', TTS_VOICE: 'en-gb+f3' }).tts.voice).toBe('en-gb+f3');
  });

  test('STT_ENGINE=deepgram: Deepgram by default, its model nova-3; STT_URL may be ws(s) or http(s); a key or a URL is needed', () => {
    const c = env({ STT_ENGINE: 'deepgram', STT_API_KEY: 'dg-1' });
    expect(c.stt).toEqual({ engine: 'deepgram', url: 'wss://api.deepgram.com', apiKey: 'dg-1', model: 'nova-3', endpointingMs: 300, secondOpinion: 'auto', neuralOpinion: 'auto', neuralDeadlineMs: 2000, neuralModel: 'tiny' });
    expect(env({ STT_ENGINE: 'deepgram', STT_URL: 'ws://127.0.0.1:9000', STT_ENDPOINTING: '500ms' }).stt).toMatchObject({ url: 'ws://127.0.0.1:9000', endpointingMs: 500 });
    expect(() => env({ STT_ENGINE: 'deepgram' })).toThrow(/STT_API_KEY must be set when STT_ENGINE=deepgram/);
    expect(env({ STT_ENGINE: 'openai', STT_URL: 'https://api.openai.com' }).stt.model).toBe('whisper-1');
    expect(() => env({ STT_ENGINE: 'openai', STT_URL: 'wss://api.openai.com' })).toThrow(/STT_URL must be an http\(s\) URL when STT_ENGINE=openai/);
  });

  test('STT_SECOND_OPINION: the 16 kHz model is heard alongside when installed (auto, the default) or never (off)', () => {
    expect(env({}).stt.secondOpinion).toBe('auto');
    const off = env({ STT_SECOND_OPINION: 'off' });
    expect(off.stt.secondOpinion).toBe('off');
    expect((createRecognizer(off.stt) as PocketsphinxRecognizer).secondOpinion).toBe(false);
    expect((createRecognizer(env({}).stt) as PocketsphinxRecognizer).secondOpinion).toBe(secondModelAvailable());
    expect(() => env({ STT_SECOND_OPINION: 'on' })).toThrow();
  });

  test('STT_NEURAL_OPINION: the neural model hears the answers PocketSphinx is unsure of (auto, the default; its package is an npm dependency) or never (off)', () => {
    expect(env({}).stt.neuralOpinion).toBe('auto');
    expect((createRecognizer(env({}).stt) as PocketsphinxRecognizer).neuralOpinion).toBe(true);
    expect((createRecognizer(env({ STT_NEURAL_OPINION: 'off' }).stt) as PocketsphinxRecognizer).neuralOpinion).toBe(false);
    expect(() => env({ STT_NEURAL_OPINION: 'on' })).toThrow();
    expect(env({ STT_NEURAL_DEADLINE: '5s' }).stt.neuralDeadlineMs).toBe(5000);
    expect(() => env({ STT_NEURAL_DEADLINE: '2m' })).toThrow(/STT_NEURAL_DEADLINE must be between 100ms and 60s/);
  });

  test('STT_NEURAL_MODEL: Moonshine Tiny (the default) or Base gives the neural opinion; another name is refused at start', () => {
    expect(env({}).stt.neuralModel).toBe('tiny');
    expect(env({ STT_NEURAL_MODEL: 'base' }).stt.neuralModel).toBe('base');
    expect((createRecognizer(env({ STT_NEURAL_MODEL: 'base' }).stt) as PocketsphinxRecognizer).neuralOpinion).toBe(true);
    expect(() => env({ STT_NEURAL_MODEL: 'large' })).toThrow();
  });

  test('the live API URL: ws(s) from any base, with the query the protocol needs', () => {
    expect(listenUrl({ url: 'https://api.deepgram.com/v1/', model: 'nova-3', endpointingMs: 300 })).toBe(
      'wss://api.deepgram.com/v1/listen?model=nova-3&encoding=mulaw&sample_rate=8000&channels=1&interim_results=true&endpointing=300',
    );
    expect(listenUrl({ url: 'ws://127.0.0.1:81', model: 'm', endpointingMs: 10 })).toMatch(/^ws:\/\/127\.0\.0\.1:81\/v1\/listen\?/);
  });
});

describe('creating the engines', () => {
  test('STT_ENGINE picks the recogniser', () => {
    expect(createRecognizer(env({ STT_ENGINE: 'deepgram', STT_API_KEY: 'k' }).stt)).toBeInstanceOf(DeepgramRecognizer);
    expect(createRecognizer(env({ STT_ENGINE: 'openai', STT_URL: 'http://127.0.0.1:1' }).stt)).toBeInstanceOf(OpenAiRecognizer);
  });

  test('TTS_ENGINE picks the synthesizer; a local voice that is not installed is replaced by eSpeak NG, with a warning naming the packages', async () => {
    const { log, lines } = logLines();
    expect(createSynthesizer(env({ TTS_ENGINE: 'espeak' }).tts, log)).toBeInstanceOf(EspeakSynthesizer);
    expect(createSynthesizer(env({ TTS_ENGINE: 'openai', TTS_URL: 'http://127.0.0.1:1' }).tts, log)).toBeInstanceOf(OpenAiSynthesizer);
    // A festival voice no Debian package of this machine installs.
    const absent = env({ TTS_ENGINE: 'festival', TTS_VOICE: 'cmu_us_nobody_cg' }).tts;
    const tts = createSynthesizer(absent, log);
    expect(tts).toBeInstanceOf(EspeakSynthesizer);
    expect(lines.at(-1)).toMatchObject({ level: 40, engine: 'festival', msg: 'TTS_ENGINE cannot run here: eSpeak NG speaks instead' });
    expect(String(lines.at(-1)!.reason)).toMatch(/apt-get install festival/);
    await tts.close();
  });

  const fliteHere = localVoiceMissing('flite', 'kal16') === null;
  (fliteHere ? test : test.skip)('a local voice (flite, when installed) speaks a prompt as 8 kHz audio, with nothing logged', async () => {
    const { log, lines } = logLines();
    // The default engine and voice.
    const tts = createSynthesizer(env({}).tts, log);
    expect(tts).toBeInstanceOf(LocalVoiceSynthesizer);
    const pcm = await tts.synthesize('Thank you for your time. Goodbye.');
    // About two seconds of speech at 8 kHz, not silence.
    expect(pcm.length).toBeGreaterThan(8000);
    expect(pcm.length).toBeLessThan(8000 * 5);
    expect(Math.max(...pcm.map(Math.abs))).toBeGreaterThan(3000);
    expect(lines).toEqual([]);
    await tts.close();
  });

  const festivalHere = localVoiceMissing('festival', 'kal_diphone') === null || localVoiceMissing('festival', 'cmu_us_slt_arctic_hts') === null;
  (festivalHere ? test : test.skip)('a prompt the local program fails on is said by eSpeak NG, and the reason is reported (for the log)', async () => {
    const espeak = new EspeakSynthesizer();
    // Festival runs, but has no such voice: it writes no audio.
    const reasons: string[] = [];
    const tts = new LocalVoiceSynthesizer('festival', 'cmu_us_nobody_cg', { fallback: espeak, onFallback: (err) => reasons.push(err.message) });
    const pcm = await tts.synthesize('Goodbye.');
    expect(pcm).toEqual(await espeak.synthesize('Goodbye.'));
    expect(pcm.length).toBeGreaterThan(2000);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^text2wave wrote no audio: .*unbound variable : voice_cmu_us_nobody_cg/s);
    await tts.close();
  });
});
