import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BeepDetector, frameTone, type BeepHeard } from '../../src/voice/amd/beep-detector';
import { concat, dtmf, frames, mix, noise, silence, speech, tone } from '../helpers/synth-audio';
import { describeWithTools } from '../helpers/telephony';

jest.setTimeout(60_000);

/** Every beep the detector confirms over the whole audio. */
function beepsIn(pcm: Int16Array): BeepHeard[] {
  const d = new BeepDetector();
  const found: BeepHeard[] = [];
  for (const f of frames(pcm)) {
    const b = d.frame(f);
    if (b) found.push(b);
  }
  return found;
}

/** Audio made by sox and espeak-ng (Debian), over G.711 µ-law, with a quiet line's noise under it. */
describeWithTools(['sox', 'espeak-ng'], 'the voicemail beep detector', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voicegate-beep-'));
  });

  test('a pure tone holds nearly all of its frame; a DTMF key splits its energy between two', async () => {
    const t = frameTone(frames(await tone(dir, 't1000', 0.1, ['sine', '1000']))[2]!);
    expect(t.hz).toBeGreaterThanOrEqual(975);
    expect(t.hz).toBeLessThanOrEqual(1025);
    expect(t.tonality).toBeGreaterThan(0.9);
    const key = frameTone(frames(await dtmf(dir, 'd5', 0.1, 770, 1336))[2]!);
    expect(key.tonality).toBeLessThan(0.62);
  });

  test.each([
    [440, 0.2],
    [500, 0.5],
    [850, 0.3],
    [1000, 0.16],
    [1000, 1.0],
    [1400, 0.25],
    [1950, 0.4],
  ])('a %i Hz beep of %f s after a greeting is found, where it is', async (hz, seconds) => {
    const greeting = await speech(dir, 'greet', 'You have reached the voicemail of Sam. Please leave a message after the tone.');
    const beep = await tone(dir, `b${hz}-${seconds}`, seconds, ['sine', String(hz)], -10);
    const audio = concat(greeting, silence(400), beep, silence(1500));
    const found = beepsIn(mix(audio, noise(audio.length / 8)));
    expect(found).toHaveLength(1);
    const startMs = ((greeting.length + 3200) / 8000) * 1000;
    expect(Math.abs(found[0]!.hz - hz)).toBeLessThanOrEqual(25);
    expect(Math.abs(found[0]!.startMs - startMs)).toBeLessThanOrEqual(40);
    expect(Math.abs(found[0]!.endMs - (startMs + seconds * 1000))).toBeLessThanOrEqual(40);
  });

  test('a quiet beep (-30 dBFS) is found too', async () => {
    const audio = concat(silence(300), await tone(dir, 'quiet', 0.3, ['sine', '1000'], -30), silence(500));
    expect(beepsIn(mix(audio, noise(audio.length / 8, 30)))).toHaveLength(1);
  });

  test('too short (100 ms) is no beep; a tone with speech right after it is no beep', async () => {
    const short = concat(silence(300), await tone(dir, 'short', 0.1, ['sine', '1000']), silence(500));
    expect(beepsIn(short)).toEqual([]);
    // eSpeak starts with silence of its own: cut, so the word starts right after the tone.
    const hello = await speech(dir, 'hello', 'hello there');
    const talkedOver = concat(silence(300), await tone(dir, 'then-talk', 0.3, ['sine', '800']), hello.subarray(hello.findIndex((s) => Math.abs(s) > 300)), silence(500));
    expect(beepsIn(talkedOver)).toEqual([]);
  });

  test('a tone outside the band (300 Hz, 2600 Hz) is no beep', async () => {
    const audio = concat(silence(200), await tone(dir, 'low', 0.5, ['sine', '300']), silence(600), await tone(dir, 'high', 0.5, ['sine', '2600']), silence(600));
    expect(beepsIn(audio)).toEqual([]);
  });

  test.each([
    ['en-us', 'Hello? Who is this?'],
    ['en-us', 'Hi, you have reached Maria. I am not available right now, so please leave your name and number and I will call you back.'],
    ['en-gb', 'Hello, this is Maria from accounting, who is this?'],
    ['en-us+f2', 'Yes? Speaking. Hmm, hello, hello, hello? Is anybody there?'],
    ['en-gb+f3', 'Ooooh, aaaaah, mmmmm. Wheeee! Oh no, oh no, oh no.'],
    ['en-us+m4', 'The person you are calling is using a screening service. Go ahead and say your name and why you are calling.'],
  ])('speech does not trigger it (%s: "%s")', async (voice, text) => {
    for (const wpm of [120, 175]) {
      const s = await speech(dir, `speech-${voice}-${wpm}`, text, voice, wpm);
      expect(beepsIn(concat(silence(200), s, silence(800)))).toEqual([]);
    }
  });

  test('DTMF keys, short and held, do not trigger it', async () => {
    const keys: Array<[number, number]> = [
      [697, 1209],
      [770, 1336],
      [852, 1477],
      [941, 1336],
      [941, 1633],
    ];
    for (const [i, [low, high]] of keys.entries()) {
      const audio = concat(silence(200), await dtmf(dir, `k${i}-short`, 0.1, low, high), silence(100), await dtmf(dir, `k${i}-long`, 0.8, low, high), silence(600));
      expect(beepsIn(audio)).toEqual([]);
    }
  });
});
