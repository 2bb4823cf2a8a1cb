import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import twilio from 'twilio';
import { WaveFile } from 'wavefile';
import fixture from '../fixtures/twilio-create-call.schema.json';

/** How the callee behaves, chosen per `To` number. */
export type Scenario =
  /** `dial`: what becomes of a <Dial> in the TwiML (the person answers and talks, or not); default completed. */
  | { kind: 'human'; answers: string[]; reorder?: boolean; dial?: 'completed' | 'no-answer' | 'busy' }
  | { kind: 'machine' }
  | { kind: 'busy' }
  | { kind: 'no-answer' }
  | { kind: 'invalid' }
  | { kind: 'ring-until-canceled' }
  | { kind: 'rate-limited'; refusals: number; then: Scenario };

export interface FarEndCall {
  sid: string;
  accountSid: string;
  params: URLSearchParams;
  /** Every TwiML document we were given, in order. */
  twiml: string[];
  /** Every status we posted, in order. */
  posted: string[];
  updates: URLSearchParams[];
  /** The numbers a <Dial> named, in order. */
  dialed: string[];
  done: Promise<void>;
  /** Why the far end stopped playing the call, if a request of ours was refused (a test names it when it waits in vain). */
  failed?: string;
}

const schema = fixture.schema as { properties: Record<string, { type?: string }>; required: string[] };
const ajv = new Ajv({ coerceTypes: true, strict: false, validateFormats: false, allErrors: true });
const validateCreateCall = ajv.compile({ ...schema, additionalProperties: false });

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');
const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/**
 * A local stand-in for Twilio that behaves as Twilio documents: Calls.create (validated against
 * the CreateCall request schema of Twilio's OpenAPI description), then the call's life as signed
 * webhooks to our public URL (status callbacks, the TwiML Url with AnsweredBy, <Gather> actions
 * with a SpeechResult, the recording callback), the call update that cancels it, the account
 * fetch, and the recording WAV behind the account's credentials.
 */
export class TwilioFarEnd {
  readonly accounts = new Map<string, string>();
  readonly scenarios = new Map<string, Scenario>();
  readonly calls = new Map<string, FarEndCall>();
  readonly rejected: string[] = [];
  private server!: Server;
  url = '';
  private cancelWaiters = new Map<string, () => void>();

  /** `publicBaseUrl` is what we sign over; requests go to `appUrl` (PUBLIC_BASE_URL is a proxy in front of it). */
  constructor(
    private readonly publicBaseUrl: string,
    private appUrl: () => string,
  ) {}

  addAccount(): { accountSid: string; authToken: string } {
    const a = { accountSid: sid('AC'), authToken: randomBytes(16).toString('hex') };
    this.accounts.set(a.accountSid, a.authToken);
    return a;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, json, raw, type }) => {
          res.writeHead(status, { 'Content-Type': type ?? 'application/json' });
          res.end(raw ?? JSON.stringify(json));
        },
        (err: Error) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ message: err.message }));
        },
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Posts a callback as Twilio would: form-encoded, signed with `token` over the public URL. */
  async post(publicUrl: string, params: Record<string, string>, token: string, signature?: string): Promise<{ status: number; text: string }> {
    const sig = signature ?? twilio.getExpectedTwilioSignature(token, publicUrl, params);
    const res = await fetch(this.appUrl() + publicUrl.slice(this.publicBaseUrl.length), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sig },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, text: await res.text() };
  }

  private authorized(req: IncomingMessage, accountSid: string): boolean {
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
    return user === accountSid && this.accounts.get(accountSid) === pass;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; json?: unknown; raw?: Buffer | string; type?: string }> {
    const url = new URL(req.url ?? '/', this.url);
    const m = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/Calls\.json|\/Calls\/(CA[0-9a-f]{32})\.json|\/Recordings\/(RE[0-9a-f]{32})\.wav)$/.exec(url.pathname);
    if (!m) return { status: 404, json: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    const accountSid = m[1]!;
    if (!this.authorized(req, accountSid)) return { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } };
    if (m[2] === '.json') return { status: 200, json: { sid: accountSid, friendly_name: 'Far end test account', status: 'active', type: 'Full' } };
    if (m[4]) return { status: 200, raw: recordingWav(), type: 'audio/x-wav' };
    const form = await body(req);
    if (m[3]) {
      const call = this.calls.get(m[3]);
      if (!call) return { status: 404, json: { code: 20404, message: 'not found', status: 404 } };
      call.updates.push(form);
      this.cancelWaiters.get(call.sid)?.();
      return { status: 200, json: { sid: call.sid, status: form.get('Status') } };
    }
    return this.createCall(accountSid, form);
  }

  private createCall(accountSid: string, form: URLSearchParams): { status: number; json: unknown } {
    const asObject: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) asObject[key] = schema.properties[key]?.type === 'array' ? form.getAll(key) : form.get(key);
    if (!validateCreateCall(asObject)) {
      this.rejected.push(ajv.errorsText(validateCreateCall.errors));
      return { status: 400, json: { code: 21205, message: `Invalid request: ${ajv.errorsText(validateCreateCall.errors)}`, status: 400 } };
    }
    let scenario = this.scenarios.get(form.get('To')!) ?? { kind: 'human', answers: [] };
    if (scenario.kind === 'rate-limited') {
      if (scenario.refusals > 0) {
        scenario.refusals--;
        return { status: 429, json: { code: 20429, message: 'Too Many Requests', status: 429 } };
      }
      scenario = scenario.then;
    }
    if (scenario.kind === 'invalid') return { status: 400, json: { code: 21211, message: `The 'To' number ${form.get('To')} is not a valid phone number.`, status: 400 } };
    const call: FarEndCall = { sid: sid('CA'), accountSid, params: form, twiml: [], posted: [], updates: [], dialed: [], done: Promise.resolve() };
    this.calls.set(call.sid, call);
    // The call's life starts after Calls.create has answered, as at Twilio.
    call.done = new Promise<void>((r) => setImmediate(r)).then(() => this.live(call, scenario));
    call.done.catch((e: unknown) => {
      call.failed = e instanceof Error ? e.message : String(e);
    });
    return { status: 201, json: { sid: call.sid, account_sid: accountSid, status: 'queued', to: form.get('To'), from: form.get('From') } };
  }

  private async live(call: FarEndCall, scenario: Scenario): Promise<void> {
    const token = this.accounts.get(call.accountSid)!;
    const p = call.params;
    const base = { AccountSid: call.accountSid, CallSid: call.sid, From: p.get('From')!, To: p.get('To')!, Direction: 'outbound-api', ApiVersion: '2010-04-01' };
    const status = async (CallStatus: string, extra: Record<string, string> = {}) => {
      call.posted.push(CallStatus);
      const r = await this.post(p.get('StatusCallback')!, { ...base, CallStatus, ...extra }, token);
      if (r.status >= 300) throw new Error(`status callback ${CallStatus} answered ${r.status}`);
    };
    await status('initiated');
    await status('ringing');
    if (scenario.kind === 'busy') return status('busy', { SipResponseCode: '486' });
    if (scenario.kind === 'no-answer') return status('no-answer', { SipResponseCode: '487' });
    if (scenario.kind === 'ring-until-canceled') {
      await new Promise<void>((r) => this.cancelWaiters.set(call.sid, r));
      return status('canceled', { SipResponseCode: '487' });
    }
    const answeredBy = scenario.kind === 'machine' ? 'machine_end_beep' : 'human';
    await status('in-progress', { AnsweredBy: answeredBy });
    // The Url, then every <Gather> action, until the TwiML hangs up.
    // With MachineDetection=DetectMessageEnd, Twilio says how long its detection took on the answer's request.
    let doc = await this.fetchTwiml(p.get('Url')!, { ...base, CallStatus: 'in-progress', AnsweredBy: answeredBy, MachineDetectionDuration: scenario.kind === 'machine' ? '4210' : '1830' }, token);
    const answers = scenario.kind === 'human' ? [...scenario.answers] : [];
    for (let turns = 0; turns < 50; turns++) {
      call.twiml.push(doc);
      const action = /<Gather [^>]*action="([^"]+)"/.exec(doc)?.[1];
      const dial = /<Dial [^>]*action="([^"]+)"/.exec(doc)?.[1];
      if (dial) {
        // Twilio dials the number in <Dial>, joins the calls while the person talks, then asks the action what next.
        const outcome = scenario.kind === 'human' ? (scenario.dial ?? 'completed') : 'completed';
        call.dialed.push(/<Number>([^<]+)<\/Number>/.exec(doc)?.[1] ?? '');
        doc = await this.fetchTwiml(decode(dial), { ...base, CallStatus: 'in-progress', DialCallStatus: outcome, DialCallSid: sid('CA'), DialCallDuration: outcome === 'completed' ? '30' : '0' }, token);
        continue;
      }
      if (!action) break;
      const said = answers.shift() ?? '';
      // Keys are said as "press N" in the scenario's answers.
      const key = /^press (\S+)$/.exec(said)?.[1];
      doc = await this.fetchTwiml(decode(action), key ? { ...base, CallStatus: 'in-progress', Digits: key } : { ...base, CallStatus: 'in-progress', SpeechResult: said, Confidence: said ? '0.92' : '0' }, token);
    }
    const completed = { CallDuration: '42', AnsweredBy: answeredBy, SipResponseCode: '200' };
    const recording = {
      ...base,
      RecordingSid: sid('RE'),
      RecordingStatus: 'completed',
      RecordingDuration: '2',
      RecordingChannels: '2',
      RecordingSource: 'OutboundAPI',
    };
    const recordingUrl = `${this.url}/2010-04-01/Accounts/${call.accountSid}/Recordings/${recording.RecordingSid}`;
    if (scenario.kind === 'human' && scenario.reorder) {
      // Out of order and twice: completed first, a late ringing and in-progress, then everything again.
      await status('completed', completed);
      await status('ringing');
      await status('in-progress');
      await status('completed', completed);
      await this.post(p.get('RecordingStatusCallback')!, { ...recording, RecordingUrl: recordingUrl }, token);
      await this.post(p.get('RecordingStatusCallback')!, { ...recording, RecordingUrl: recordingUrl }, token);
      return;
    }
    await status('completed', completed);
    await this.post(p.get('RecordingStatusCallback')!, { ...recording, RecordingUrl: recordingUrl }, token);
  }

  /**
   * A call to one of our numbers, as Twilio brings it: the number's voice webhook
   * (/carriers/twilio/incoming) signed with the account's token, then every <Gather> action with
   * the next of `answers`, then the number's status callback (completed) and the recording callback
   * named by <Start><Recording>. Returns every TwiML document received; stops after the first when
   * it is not a conversation (<Reject/>).
   */
  /** `dial`: what becomes of a <Dial> in the TwiML (Twilio dials the person, then asks the action); default completed. */
  async incoming(opts: { accountSid: string; from: string; to: string; answers?: string[]; dial?: 'completed' | 'no-answer' | 'busy' }): Promise<{ callSid: string; twiml: string[] }> {
    const token = this.accounts.get(opts.accountSid)!;
    const callSid = sid('CA');
    const base = { AccountSid: opts.accountSid, CallSid: callSid, From: opts.from, To: opts.to, Direction: 'inbound', ApiVersion: '2010-04-01' };
    const docs = [await this.fetchTwiml(`${this.publicBaseUrl}/carriers/twilio/incoming`, { ...base, CallStatus: 'ringing' }, token)];
    if (!/<Gather /.test(docs[0]!) && !/<Say>/.test(docs[0]!)) return { callSid, twiml: docs };
    const answers = [...(opts.answers ?? [])];
    for (let turns = 0; turns < 50; turns++) {
      const dial = /<Dial [^>]*action="([^"]+)"/.exec(docs[docs.length - 1]!)?.[1];
      if (dial) {
        const outcome = opts.dial ?? 'completed';
        docs.push(await this.fetchTwiml(decode(dial), { ...base, CallStatus: 'in-progress', DialCallStatus: outcome, DialCallSid: sid('CA'), DialCallDuration: outcome === 'completed' ? '30' : '0' }, token));
        continue;
      }
      const action = /<Gather [^>]*action="([^"]+)"/.exec(docs[docs.length - 1]!)?.[1];
      if (!action) break;
      const said = answers.shift() ?? '';
      docs.push(await this.fetchTwiml(decode(action), { ...base, CallStatus: 'in-progress', SpeechResult: said, Confidence: said ? '0.92' : '0' }, token));
    }
    const status = await this.post(`${this.publicBaseUrl}/carriers/twilio/incoming/status`, { ...base, CallStatus: 'completed', CallDuration: '17', SipResponseCode: '200' }, token);
    if (status.status !== 200) throw new Error(`incoming status callback answered ${status.status}: ${status.text}`);
    const recordingCallback = /<Recording [^>]*recordingStatusCallback="([^"]+)"/.exec(docs[0]!)?.[1];
    if (recordingCallback) {
      const RecordingSid = sid('RE');
      const recording = { ...base, RecordingSid, RecordingStatus: 'completed', RecordingDuration: '2', RecordingChannels: '2', RecordingSource: 'StartCallRecordingTwiML' };
      await this.post(decode(recordingCallback), { ...recording, RecordingUrl: `${this.url}/2010-04-01/Accounts/${opts.accountSid}/Recordings/${RecordingSid}` }, token);
    }
    return { callSid, twiml: docs };
  }

  private async fetchTwiml(publicUrl: string, params: Record<string, string>, token: string): Promise<string> {
    const r = await this.post(publicUrl, params, token);
    if (r.status !== 200) throw new Error(`TwiML ${publicUrl} answered ${r.status}: ${r.text}`);
    return r.text;
  }
}

/** Two seconds of stereo 8 kHz 16-bit audio (a tone on each side), as Twilio serves a dual-channel recording. */
export function recordingWav(): Buffer {
  const n = 16000;
  const left = new Int16Array(n).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));
  const right = new Int16Array(n).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 660 * i) / 8000)));
  const wav = new WaveFile();
  wav.fromScratch(2, 8000, '16', [left, right]);
  return Buffer.from(wav.toBuffer());
}
