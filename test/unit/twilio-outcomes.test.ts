import { isRetryableRefusal } from '../../src/carriers/twilio/twilio-client';
import { reportForStatus, twilioAmd } from '../../src/carriers/twilio/twilio-outcomes';
import { speechHints } from '../../src/carriers/twilio/twiml';

describe('Twilio CallStatus and AnsweredBy → status, disposition, carrier_status', () => {
  const r = (p: Record<string, string>, known: string | null = null) => reportForStatus('c', p, known);

  it.each([
    [{ CallStatus: 'queued' }, null],
    [{ CallStatus: 'initiated' }, null],
    [{ CallStatus: 'ringing' }, { status: 'ringing' }],
    [{ CallStatus: 'in-progress' }, { status: 'in_progress' }],
    [{ CallStatus: 'completed', AnsweredBy: 'human', CallDuration: '12' }, { status: 'completed', disposition: 'human', durationSeconds: 12, amd: { result: 'human', ms: null } }],
    [{ CallStatus: 'completed', AnsweredBy: 'unknown' }, { status: 'completed', disposition: 'human', amd: { result: 'unknown', ms: null } }],
    [{ CallStatus: 'completed', AnsweredBy: 'machine_start', MachineDetectionDuration: '3120' }, { status: 'completed', disposition: 'voicemail', amd: { result: 'machine', ms: 3120 } }],
    [{ CallStatus: 'completed', AnsweredBy: 'machine_end_silence' }, { status: 'completed', disposition: 'voicemail' }],
    [{ CallStatus: 'completed', AnsweredBy: 'fax' }, { status: 'completed', disposition: 'voicemail' }],
    [{ CallStatus: 'busy', SipResponseCode: '486' }, { status: 'failed', disposition: 'busy', carrierStatus: { code: 486, reason: 'busy' } }],
    [{ CallStatus: 'no-answer' }, { status: 'failed', disposition: 'no_answer', carrierStatus: { code: null, reason: 'no-answer' } }],
    [{ CallStatus: 'canceled' }, { status: 'canceled', disposition: 'canceled' }],
    [{ CallStatus: 'failed', SipResponseCode: '404' }, { status: 'failed', disposition: 'invalid_number' }],
    [{ CallStatus: 'failed', SipResponseCode: '484' }, { status: 'failed', disposition: 'invalid_number' }],
    [{ CallStatus: 'failed', ErrorCode: '13224' }, { status: 'failed', disposition: 'invalid_number' }],
    [{ CallStatus: 'failed', SipResponseCode: '503' }, { status: 'failed', disposition: 'carrier_error' }],
    [{ CallStatus: 'failed' }, { status: 'failed', disposition: 'carrier_error' }],
  ])('%j → %j', (params, expected) => {
    const out = r(params);
    if (expected === null) expect(out).toBeNull();
    else expect(out).toMatchObject(expected);
  });

  it('a person who said so ends wrong_number or callback_requested; a machine stays voicemail', () => {
    expect(reportForStatus('c', { CallStatus: 'completed', AnsweredBy: 'human' }, null, 'wrong_number')).toMatchObject({ disposition: 'wrong_number' });
    expect(reportForStatus('c', { CallStatus: 'completed' }, null, 'callback_requested')).toMatchObject({ disposition: 'callback_requested' });
    expect(reportForStatus('c', { CallStatus: 'completed', AnsweredBy: 'machine_start' }, null, 'wrong_number')).toMatchObject({ disposition: 'voicemail' });
  });

  it('uses the AnsweredBy remembered from the TwiML request when the status callback lacks it', () => {
    expect(r({ CallStatus: 'completed' }, 'machine_end_beep')).toMatchObject({ disposition: 'voicemail' });
  });

  it('retries only refusals that created no call', () => {
    expect(isRetryableRefusal({ status: 429, code: 20429, message: 'Too Many Requests' })).toBe(true);
    expect(isRetryableRefusal({ status: 400, message: 'Too many concurrent calls for this account' })).toBe(true);
    expect(isRetryableRefusal({ status: 400, code: 21211, message: 'Invalid To' })).toBe(false);
    expect(isRetryableRefusal({ status: 401, code: 20003, message: 'Authenticate' })).toBe(false);
  });

  it('builds Gather hints from the question type', () => {
    expect(speechHints({ key: 'a', question: 'q', type: 'boolean' })).toContain('yes');
    expect(speechHints({ key: 'a', question: 'q', type: 'number' })).toMatch(/^\$OOV_CLASS_DIGIT_SEQUENCE, who is this, /);
    expect(speechHints({ key: 'a', question: 'q', type: 'enum', options: ['red', 'blue'] })).toMatch(/^red, blue, who is this, /);
    // The callee's intents are expected whatever the question.
    expect(speechHints({ key: 'a', question: 'q', type: 'string' })).toMatch(/^who is this, .*stop calling me.*wrong number/);
  });
});

describe("Twilio's machine detection as amd", () => {
  it.each([
    ['human', '1830', { result: 'human', ms: 1830 }],
    ['machine_start', '2400', { result: 'machine', ms: 2400 }],
    ['machine_end_beep', '7310', { result: 'machine', ms: 7310 }],
    ['machine_end_silence', undefined, { result: 'machine', ms: null }],
    ['machine_end_other', 'x', { result: 'machine', ms: null }],
    ['fax', '900', { result: 'machine', ms: 900 }],
    ['unknown', '5000', { result: 'unknown', ms: 5000 }],
  ])('AnsweredBy %s, MachineDetectionDuration %s → %j', (answeredBy, ms, expected) => {
    expect(twilioAmd(answeredBy, ms)).toEqual(expected);
  });
  it('no AnsweredBy: nothing said', () => expect(twilioAmd(undefined, '100')).toBeUndefined());
});
