import { Endpointer, type TurnEnd, type TurnOptions } from '../../src/voice/turns/endpointer';
import { FakeClock } from '../../src/voice/testing/fake-clock';

/** The endpointer fed VAD decisions frame by frame ("1" voiced, "0" silent); time moves only by hand. */
function endpointer(o: Partial<TurnOptions> = {}) {
  const clock = new FakeClock();
  const ends: TurnEnd[] = [];
  let speechStarts = 0;
  const ep = new Endpointer({ noInputMs: 7000, maxUtteranceMs: 15_000, endSilenceMs: 800, keypad: 'one', ...o }, clock, (e) => ends.push(e), () => speechStarts++);
  const feed = (pattern: string) => {
    for (const c of pattern) {
      ep.frame(c === '1');
      clock.advance(20);
    }
  };
  return { clock, ep, ends, feed, speechStarts: () => speechStarts };
}
const frames = (n: number, c: '0' | '1') => c.repeat(n);

test('speech starts after 5 voiced frames in a row; a silent frame restarts the count', () => {
  const t = endpointer();
  t.feed('1111' + '0' + '1111');
  expect(t.ep.speaking).toBe(false);
  t.feed('1');
  expect(t.ep.speaking).toBe(true);
  expect(t.speechStarts()).toBe(1);
  expect(t.ends).toEqual([]);
});

test('the utterance ends after the silence window; its length leaves the silence out', () => {
  const t = endpointer();
  t.feed(frames(10, '0') + frames(50, '1') + frames(39, '0'));
  expect(t.ends).toEqual([]);
  t.feed('0');
  expect(t.ends).toEqual([{ reason: 'end_of_speech', spoke: true, speechMs: 1000, digits: '' }]);
  t.feed(frames(100, '1'));
  expect(t.ends).toHaveLength(1);
});

test('a pause shorter than the window does not end it', () => {
  const t = endpointer({ endSilenceMs: 200 });
  t.feed(frames(5, '1') + frames(9, '0') + frames(5, '1') + frames(10, '0'));
  expect(t.ends).toEqual([{ reason: 'end_of_speech', spoke: true, speechMs: 380, digits: '' }]);
});

test('the longest utterance: ended at maxUtteranceMs of talk', () => {
  const t = endpointer({ maxUtteranceMs: 1000 });
  t.feed(frames(49, '1'));
  expect(t.ends).toEqual([]);
  t.feed('1');
  expect(t.ends).toEqual([{ reason: 'max_utterance', spoke: true, speechMs: 1000, digits: '' }]);
});

test('no input: nothing voiced within noInputMs of audio', () => {
  const t = endpointer({ noInputMs: 2500 });
  t.feed(frames(124, '0'));
  expect(t.ends).toEqual([]);
  t.feed('0');
  expect(t.ends).toEqual([{ reason: 'no_input', spoke: false, speechMs: 0, digits: '' }]);
  expect(t.clock.pendingTimers).toBe(0);
});

test('a far end that sends no audio: the clock ends the turn 1 s after noInputMs', () => {
  const t = endpointer({ noInputMs: 2500 });
  t.clock.advance(3499);
  expect(t.ends).toEqual([]);
  t.clock.advance(1);
  expect(t.ends).toEqual([{ reason: 'no_media', spoke: false, speechMs: 0, digits: '' }]);
});

test('audio that stops mid-utterance: the clock ends the turn 2 s after noInputMs + maxUtteranceMs', () => {
  const t = endpointer({ noInputMs: 1000, maxUtteranceMs: 3000 });
  t.feed(frames(10, '1'));
  t.clock.advance(4000 + 2000 - 200 - 1);
  expect(t.ends).toEqual([]);
  t.clock.advance(1);
  expect(t.ends).toEqual([{ reason: 'overrun', spoke: true, speechMs: 200, digits: '' }]);
});

test('one key ends the turn at once', () => {
  const t = endpointer({ keypad: 'one' });
  t.feed(frames(3, '0'));
  t.ep.key('2');
  expect(t.ends).toEqual([{ reason: 'key', spoke: false, speechMs: 0, digits: '2' }]);
  t.ep.key('3');
  expect(t.ends).toHaveLength(1);
});

test('a number: keys until # (which is not kept); * is ignored', () => {
  const t = endpointer({ keypad: 'many' });
  t.ep.key('#'); // # before any digit does not end it
  t.ep.key('1');
  t.ep.key('*');
  t.clock.advance(1999);
  t.ep.key('2');
  t.clock.advance(1999);
  expect(t.ends).toEqual([]);
  t.ep.key('#');
  expect(t.ends).toEqual([{ reason: 'pound', spoke: false, speechMs: 0, digits: '12' }]);
  expect(t.clock.pendingTimers).toBe(0);
});

test('a number: a 2 s pause after the last key ends it; frames meanwhile do not count as no input', () => {
  const t = endpointer({ keypad: 'many', noInputMs: 100 });
  t.ep.key('4');
  t.feed(frames(99, '0'));
  expect(t.ends).toEqual([]);
  t.feed('0');
  expect(t.ends).toEqual([{ reason: 'key_pause', spoke: false, speechMs: 0, digits: '4' }]);
});

test('abort ends the turn once, with what was heard', () => {
  const t = endpointer();
  t.feed(frames(6, '1'));
  t.ep.abort();
  t.ep.abort();
  expect(t.ends).toEqual([{ reason: 'aborted', spoke: true, speechMs: 120, digits: '' }]);
  expect(t.clock.pendingTimers).toBe(0);
});

test('the look-ahead: told of the pause at lookaheadMs, a complete answer ends the turn when the pause reaches pauseMs, and speech before that undoes it', () => {
  const pauses: number[] = [];
  const clock = new FakeClock();
  const ends: TurnEnd[] = [];
  let silent = 0;
  const ep = new Endpointer({ noInputMs: 7000, maxUtteranceMs: 15_000, endSilenceMs: 800, keypad: 'one', pauseMs: 300, lookaheadMs: 120 }, clock, (e) => ends.push(e), undefined, () => pauses.push(silent));
  const feed = (pattern: string) => {
    for (const c of pattern) {
      silent = c === '1' ? 0 : silent + 20;
      ep.frame(c === '1');
    }
  };
  feed(frames(20, '1') + frames(6, '0'));
  expect(pauses).toEqual([120]);
  // A complete answer heard at 120 ms: the turn goes on until the pause is 300 ms long.
  expect(ep.endAtPause()).toBe(true);
  expect(ends).toEqual([]);
  // The speaker goes on before that: undone.
  feed(frames(5, '0') + frames(10, '1'));
  expect(ends).toEqual([]);
  feed(frames(20, '0'));
  expect(ends).toEqual([]);
  // Armed again, in the next pause: it ends exactly at 300 ms of silence.
  feed(frames(10, '1') + frames(6, '0'));
  expect(ep.endAtPause()).toBe(true);
  feed(frames(8, '0'));
  expect(ends).toEqual([]);
  feed('0');
  // Its length runs to the last voiced frame.
  expect(ends).toEqual([{ reason: 'complete_answer', spoke: true, speechMs: (20 + 6 + 5 + 10 + 20 + 10) * 20, digits: '' }]);
});

test('without a look-ahead, endAtPause ends at once after pauseMs of silence, and does nothing before', () => {
  const t = endpointer({ pauseMs: 300 });
  t.feed(frames(20, '1') + frames(10, '0'));
  expect(t.ep.endAtPause()).toBe(false);
  t.feed(frames(5, '0'));
  expect(t.ep.endAtPause()).toBe(true);
  expect(t.ends.map((e) => e.reason)).toEqual(['complete_answer']);
});
