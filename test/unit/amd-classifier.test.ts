import { classifyGreeting, speechWithin, type GreetingUtterance } from '../../src/voice/amd/greeting-classifier';
import { greetingCues, isScreeningHold } from '../../src/voice/amd/greeting-phrases';

const u = (startMs: number, speechMs: number, text: string | null = null): GreetingUtterance => ({ startMs, endMs: startMs + speechMs + 100, speechMs, text });
const heard = (utterances: GreetingUtterance[], over: Partial<{ beep: boolean; key: boolean; quietAfter: boolean }> = {}) => classifyGreeting({ utterances, beep: false, key: false, quietAfter: false, ...over }).result;

describe('the greeting classifier', () => {
  test.each([
    ['a short hello', [u(600, 500, 'hello')], 'human'],
    ['a short hello not understood', [u(600, 700, null)], 'human'],
    ['a longer hello with a question back', [u(400, 3500, 'hello this is maria from accounting who is this')], 'human'],
    ['"speaking", even longish', [u(400, 4500, 'good afternoon johnson residence sarah speaking')], 'human'],
    ['machine words, however short', [u(300, 1500, "hey it's mike leave a message")], 'machine'],
    ['machine words win over a hello', [u(300, 5000, "hello you've reached sam please leave a message after the tone")], 'machine'],
    ['a long greeting, no words', [u(300, 5200, null)], 'machine'],
    ['a hello in a long greeting counts for nothing', [u(300, 4600, 'hello hi')], 'machine'],
    ['a screening prompt', [u(300, 7000, "hi the person you're calling is using a screening service go ahead and say your name and why you're calling")], 'screened'],
    ['an iOS screening prompt', [u(300, 4200, "hi if you record your name and reason for calling i'll see if this person is available")], 'screened'],
    ['nothing said', [], 'unknown'],
  ])('%s', (_name, utterances, expected) => {
    expect(heard(utterances)).toBe(expected);
  });

  test('a longish greeting without telling words asks for more: silence after it is a person, more speech a machine', () => {
    expect(heard([u(500, 3000)])).toBe('more');
    expect(heard([u(500, 3000)], { quietAfter: true })).toBe('human');
    expect(heard([u(500, 3000), u(4500, 1200)])).toBe('machine');
  });

  test('a beep is a machine, a key a person, whatever was said', () => {
    expect(heard([u(500, 600, 'hello')], { beep: true })).toBe('machine');
    expect(heard([u(300, 5200)], { key: true })).toBe('human');
  });

  test('speech within the first 5 s counts only what falls in them', () => {
    expect(speechWithin([u(1000, 2000), u(3500, 3000)], 5000)).toBeCloseTo(2000 + 3000 * (1500 / 3100), 0);
    expect(speechWithin([u(6000, 1000)], 5000)).toBe(0);
  });

  test('cues and the screening assistant holding the line', () => {
    expect(greetingCues("you've reached the voicemail of sam")).toMatchObject({ machine: 2, screened: 0 });
    expect(greetingCues('please state your name and the reason for your call')).toMatchObject({ screened: 2, machine: 0 });
    expect(greetingCues(null)).toEqual({ machine: 0, screened: 0, human: 0, hello: 0 });
    expect(isScreeningHold('thanks please stay on the line')).toBe(true);
    expect(isScreeningHold('hello')).toBe(false);
  });
});
