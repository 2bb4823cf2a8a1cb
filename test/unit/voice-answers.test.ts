import { answerFromDigits, extractAnswer, parseBoolean, parseEnum, parseNumber } from '../../src/voice/dialog/answers';
import { grammarFor } from '../../src/voice/stt/grammar';
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
  expect(g).toContain('<answer> = monday;');
  expect(grammarFor({ key: 'k', question: 'q', type: 'string' }, known)).toBeNull();
  expect(grammarFor({ key: 'k', question: 'q', type: 'number' }, known)).toContain('twenty one');
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
