import { ScriptedVad } from '../../src/voice/testing/fake-vad';
import type { Clock } from '../../src/voice/turns/clock';
import { FRAME_MS } from '../../src/voice/turns/endpointer';
import { TAIL_RMS, TurnListener } from '../../src/voice/turns/turn-listener';

/** Time moves only with the frames fed (the listener's position is the audio heard). */
function listenerFor(script: string) {
  let frames = 0;
  const clock: Clock = { now: () => frames * FRAME_MS, setTimer: () => () => undefined };
  const listener = new TurnListener(new ScriptedVad(script), clock, () => frames * FRAME_MS);
  const feed = (level: number, n: number) => {
    for (let i = 0; i < n; i++) {
      frames++;
      listener.frame(new Int16Array(160).fill(level));
    }
  };
  return { listener, feed };
}

const options = { noInputMs: 5000, maxUtteranceMs: 10_000, endSilenceMs: 300, keypad: 'one' as const };

test("the VAD's hangover after the voice stops is silence: the end of speech is where the voice stopped, and the pause is counted from there", async () => {
  // 10 frames of voice, then 5 frames the VAD still calls speech though they are as quiet as the line, then silence.
  const { listener, feed } = listenerFor('1'.repeat(15));
  const turn = listener.listen(options);
  feed(4000, 10);
  feed(TAIL_RMS / 3, 5);
  feed(TAIL_RMS / 3, 15);
  const t = await turn;
  expect(t.reason).toBe('end_of_speech');
  expect(t.lastVoicedMs).toBe(10 * FRAME_MS);
  expect(t.endedMs - t.lastVoicedMs!).toBe(300);
  expect(t.speechMs).toBe(10 * FRAME_MS);
});

test('quiet speech the VAD hears is speech: a quiet talker (a twentieth of the loudest frame is below TAIL_RMS) and a noisy line keep the VAD\'s end', async () => {
  for (const [loud, tail] of [
    [800, 60], // a quiet talker: 60 is above 800 / 20
    [4000, TAIL_RMS * 2], // a line noisier than TAIL_RMS
  ] as const) {
    const { listener, feed } = listenerFor('1'.repeat(15));
    const turn = listener.listen(options);
    feed(loud, 10);
    feed(tail, 5);
    feed(0, 15);
    const t = await turn;
    expect(t.lastVoicedMs).toBe(15 * FRAME_MS);
  }
});

test('before speech starts the rule does nothing: quiet frames the VAD calls speech still start it', async () => {
  const { listener, feed } = listenerFor('1'.repeat(8));
  const turn = listener.listen(options);
  feed(100, 8);
  feed(0, 15);
  const t = await turn;
  expect(t.spoke).toBe(true);
  expect(t.speechStartMs).toBe(0);
  // Nor does it cut the quiet talker's own frames once started: as loud as the loudest, they are speech.
  expect(t.lastVoicedMs).toBe(8 * FRAME_MS);
});
