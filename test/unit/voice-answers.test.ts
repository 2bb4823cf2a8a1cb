import { answerFromDigits, extractAnswer, parseBoolean, parseEnum, parseNumber } from '../../src/voice/dialog/answers';
import { grammarFor } from '../../src/voice/stt/grammar';
import { FakeStreamingRecognizer } from '../../src/voice/testing/fake-recognizer';
import { outcomeForFinalResponse } from '../../src/carriers/sip/sip-outcomes';
import { buildOffer, parseAnswer } from '../../src/carriers/sip/sdp';
import { parseTrunkUrl } from '../../src/carriers/sip/sip-trunk';

test('answers by type from recognised text', () => {
  expect(parseNumber('I think twenty one')).toBe(21);
  expect(parseNumber('one hundred and five')).toBe(105);
  expect(parseNumber('42 please')).toBe(42);
  expect(parseNumber('no idea')).toBeNull();
  expect(parseBoolean('yeah')).toBe(true);
  expect(parseBoolean('nope')).toBe(false);
  expect(parseBoolean('yes and no')).toBeNull();
  expect(parseEnum('on tuesday', ['Monday', 'Tuesday'])).toBe('Tuesday');
  expect(parseEnum('the new york city office', ['York', 'New York City'])).toBe('New York City');
  expect(extractAnswer({ key: 'k', question: 'q', type: 'string' }, '  the blue one ')).toBe('the blue one');
  expect(extractAnswer({ key: 'k', question: 'q', type: 'number' }, null)).toBeNull();
});

test('keypad answers', () => {
  expect(answerFromDigits({ key: 'k', question: 'q', type: 'boolean' }, '1')).toBe(true);
  expect(answerFromDigits({ key: 'k', question: 'q', type: 'boolean' }, '2')).toBe(false);
  expect(answerFromDigits({ key: 'k', question: 'q', type: 'number' }, '12')).toBe(12);
  expect(answerFromDigits({ key: 'k', question: 'q', type: 'enum', options: ['a', 'b'] }, '2')).toBe('b');
  expect(answerFromDigits({ key: 'k', question: 'q', type: 'enum', options: ['a', 'b'] }, '7')).toBeNull();
});

test('grammars only use known words; free text has none', () => {
  const known = (w: string) => w !== 'zyxt';
  const g = grammarFor({ key: 'k', question: 'q', type: 'enum', options: ['Monday', 'Zyxt'] }, known)!;
  expect(g).toContain('<option> = monday;');
  expect(grammarFor({ key: 'k', question: 'q', type: 'string' }, known)).toBeNull();
  expect(grammarFor({ key: 'k', question: 'q', type: 'number' }, known)).toContain('<tens> = twenty | thirty');
});

test('the SIP outcome table', () => {
  const d = (c: number) => outcomeForFinalResponse(c).disposition;
  expect([486, 600, 603].map(d)).toEqual(['busy', 'busy', 'busy']);
  expect([404, 484, 604].map(d)).toEqual(['invalid_number', 'invalid_number', 'invalid_number']);
  expect([408, 480].map(d)).toEqual(['no_answer', 'no_answer']);
  expect([403, 488, 500, 503, 401, 407].map(d)).toEqual(Array(6).fill('carrier_error'));
});

test('SDP offer and answer', () => {
  const offer = buildOffer('203.0.113.5', 10002, 1);
  expect(offer).toContain('m=audio 10002 RTP/AVP 0 8 101\r\n');
  expect(offer).toContain('c=IN IP4 203.0.113.5\r\n');
  expect(parseAnswer('v=0\r\nc=IN IP4 198.51.100.1\r\nm=audio 4000 RTP/AVP 8 101\r\na=rtpmap:101 telephone-event/8000\r\n')).toEqual({
    address: '198.51.100.1',
    port: 4000,
    codec: 'PCMA',
    payloadType: 8,
    dtmfPayloadType: 101,
  });
  expect(parseAnswer('v=0\r\nc=IN IP4 198.51.100.1\r\nm=audio 4000 RTP/AVP 18\r\n')).toBeNull();
});

test('trunk URLs', () => {
  expect(parseTrunkUrl('sip:u%40x:p%3Aw@sip.example.net:5080;transport=udp')).toEqual({ host: 'sip.example.net', port: 5080, username: 'u@x', password: 'p:w' });
  expect(parseTrunkUrl('sip:10.0.0.1')).toEqual({ host: '10.0.0.1', port: 5060, username: undefined, password: undefined });
  expect(() => parseTrunkUrl('sip:host;transport=tcp')).toThrow('not supported');
});

test('answers as people say them', () => {
  const yn = { key: 'k', question: 'q', type: 'boolean' as const };
  const said = (t: string) => extractAnswer(yn, t);
  expect(['yes please', 'yeah', 'yep', 'sure', 'of course', 'yes i can', 'absolutely', "sure i'll be there", 'certainly'].map(said)).toEqual(Array(9).fill(true));
  expect(['no', 'nope', "no i can't", 'no thanks', 'not really', 'nah', "no i don't think so", 'of course not', 'definitely not', 'no sorry'].map(said)).toEqual(Array(10).fill(false));
  // Yeses without a yes-word, and a no after the verb.
  expect(['sounds good', 'count me in', 'works for me', "i'll be there", 'i can yes'].map(said)).toEqual(Array(5).fill(true));
  expect(['i cannot no', 'no that does not work', "i won't be there"].map(said)).toEqual(Array(3).fill(false));
  // Not an answer: asked again, never guessed.
  expect(["i don't know", 'i really do not know', 'not sure', 'who is this', 'hmm let me think', 'can you call me back later'].map(said)).toEqual(Array(6).fill(null));
  // No preference is no answer either, though "not" and "no" are in it.
  expect(['i do not mind', "i don't mind", 'it does not matter', "it doesn't matter", 'no preference', 'up to you'].map(said)).toEqual(Array(6).fill(null));
  expect(parseNumber('oh')).toBe(0);
  expect(parseNumber('zero')).toBe(0);
  expect(parseNumber('a hundred')).toBe(100);
  expect(parseNumber('three hundred and forty')).toBe(340);
  expect(parseNumber('um four people')).toBe(4);
  expect(parseNumber('twenty five')).toBe(25);
  expect(parseNumber('who is this')).toBeNull();
  const slot = { key: 'k', question: 'q', type: 'enum' as const, options: ['Morning', 'Afternoon', 'Evening'] };
  expect(extractAnswer(slot, 'the morning one')).toBe('Morning');
  expect(extractAnswer(slot, 'sorry what')).toBeNull();
});

test('answer grammars: fillers, numbers as said, and non-answers beside the answers', () => {
  const known = () => true;
  const yn = grammarFor({ key: 'k', question: 'q', type: 'boolean' }, known)!;
  expect(yn).toContain('public <utterance> = [<lead>] (<yes> [<yestail>] | <no> [<notail>]) [<trail>] | <other>;');
  expect(yn).toMatch(/<other> = who is this \|/);
  const n = grammarFor({ key: 'k', question: 'q', type: 'number' }, known)!;
  expect(n).toContain('<number> = zero | oh | none | <upto99> | (a | <unit>) hundred [[and] <upto99>] | (a | one) thousand;');
  const days = grammarFor({ key: 'k', question: 'q', type: 'enum', options: ['Monday', 'Friday'] }, known)!;
  expect(days).toContain('<option> = monday | friday;');
  expect(days).toContain('([on | next | this] <option>)');
  // An alternative with an unknown word is left out, not the whole grammar.
  expect(grammarFor({ key: 'k', question: 'q', type: 'boolean' }, (w) => w !== 'nope')).not.toMatch(/\bnope\b/);
});

test('the fake streaming recognizer: partial hypotheses grow with the frames, low confidence is not understood', async () => {
  const q = { key: 'k', question: 'q', type: 'number' as const };
  const stt = new FakeStreamingRecognizer([{ text: 'um twenty five people' }, { text: 'seven', confidence: 0.2 }], { framesPerWord: 2 });
  const s = stt.start({ question: q });
  const frame = new Int16Array(160);
  s.push(frame);
  s.push(frame);
  expect(await s.partial()).toEqual({ text: 'um', complete: false });
  s.push(frame);
  s.push(frame);
  expect(await s.partial()).toEqual({ text: 'um twenty', complete: true });
  expect(await s.finish()).toEqual({ text: 'um twenty five people', confidence: 1 });
  expect(await stt.recognize(new Int16Array(1600), { question: q })).toBeNull();
  expect(stt.streams.map((x) => x.frames)).toEqual([4, 10]);
});
