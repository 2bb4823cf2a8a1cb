import { intro } from '../../src/voice/dialog/prompts';
import { ChatFarEnd } from '../helpers/chat-far-end';
import { analyzedCall, spoken, withServiceVoice } from '../helpers/conversation';
import { bearer, signup } from '../helpers/factories';
import { startNodeCallee } from '../helpers/node-callee';
import { describeWithTools, freeUdpPort, scenarioDir } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';

const QUESTION = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' } as const;
const TASK = 'We are confirming your appointment.';
const ORG = 'Acme Dental';
const GOODBYE_TEXT = 'Thank you, we will see you then. Goodbye.';

jest.setTimeout(240_000);

const heardText = (content: string | null): string => content ?? '';

/**
 * A real SIP call led by a language model: the deployment's LLM_URL is a local OpenAI-compatible
 * far end streaming its replies; the callee is the node SIP/RTP endpoint speaking eSpeak audio.
 * The model's first reply (asked for while the introduction plays) is the question, streamed and
 * spoken; the callee answers "yes" once it has heard it; the model records the answer with the
 * callee's words as evidence, then says goodbye and ends the call.
 */
describeWithTools(['espeak-ng', 'sox'], 'a SIP conversation led by a language model', () => {
  let app: TestApp;
  let farEnd: ChatFarEnd;
  let sipPort: number;

  beforeAll(async () => {
    farEnd = await ChatFarEnd.start();
    sipPort = await freeUdpPort();
    app = await startTestApp(
      { CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`, SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', RTP_PORT_MIN: '45000', RTP_PORT_MAX: '45998', STT_ENGINE: 'pocketsphinx', LLM_URL: farEnd.url, LLM_API_KEY: 'sk-deployment-llm-key-42', LLM_MODEL: 'local-test' },
      { worker: true },
    );
  });
  afterAll(async () => {
    await app?.close();
    await farEnd?.close();
  });

  test('the model asks, the callee says yes, record_answer stores true with its evidence, end_call hangs up; the audit trail is on the call', async () => {
    const dir = await scenarioDir();
    const turns = await withServiceVoice(app, async (loud) => [{ promptLoudFrames: (await loud(intro(ORG, TASK))) + (await loud(QUESTION.question)), answer: await spoken(dir, 'yes', 'yes') }]);
    farEnd.reply(
      { text: QUESTION.question },
      // The model quotes what the recogniser heard ("yes", or "yeah") as its evidence.
      (req) => ({ toolCalls: [{ name: 'record_answer', arguments: { key: 'consent', value: true, evidence: heardText(req.body.messages.at(-1)!.content) } }] }),
      { text: GOODBYE_TEXT, toolCalls: [{ name: 'end_call', arguments: { reason: 'done' } }] },
    );
    const callee = await startNodeCallee(turns, sipPort);
    try {
      const org = await signup(app, { organizationName: ORG });
      const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550188', task: TASK, questions: [QUESTION], max_duration_seconds: 120 });
      expect(res.status).toBe(201);
      const call = await analyzedCall(app, org.apiKey, res.body.call_id, { timeoutMs: 200_000, farEnd: callee.log });
      const context = `\ntranscript:\n${call.transcript}\ncallee:\n${callee.log()}\nagent log:\n${JSON.stringify(call.agent_log)}`;
      if (call.structured_answers?.consent !== true) throw new Error(`the answer was not recorded:${context}`);
      expect({ status: call.status, disposition: call.disposition, answers: call.structured_answers }).toEqual({ status: 'completed', disposition: 'human', answers: { consent: true } });
      await callee.ended;
      expect(callee.answered()).toBe(1);
      const lines: string[] = call.transcript.split('\n');
      expect(lines).toEqual([`Agent: ${intro(ORG, TASK)}`, `Agent: ${QUESTION.question}`, expect.stringMatching(/^Callee: (.* )?(yes|yeah|yep)$/), `Agent: ${GOODBYE_TEXT}`]);
      // Three requests, with the deployment's key; the callee's words went to the model.
      expect(farEnd.requests).toHaveLength(3);
      expect(farEnd.requests[0]!.authorization).toBe('Bearer sk-deployment-llm-key-42');
      const calleeSaid = lines[2]!.replace(/^Callee: /, '');
      expect(farEnd.requests[1]!.body.messages.at(-1)).toEqual({ role: 'user', content: calleeSaid });
      // The audit trail: instructions, requests, replies, the tool call and its accepted result.
      const kinds = (call.agent_log as Array<{ kind: string }>).map((e) => e.kind);
      expect(kinds[0]).toBe('instructions');
      expect(call.agent_log).toContainEqual(expect.objectContaining({ kind: 'tool_call', name: 'record_answer', arguments: { key: 'consent', value: true, evidence: calleeSaid } }));
      expect(call.agent_log).toContainEqual(expect.objectContaining({ kind: 'tool_result', name: 'record_answer', result: { ok: true, key: 'consent', value: true } }));
      expect(JSON.stringify(call.agent_log)).not.toContain('sk-deployment-llm-key-42');
      // The reply to the callee's answer is one agent turn, measured.
      const goodbye = (call.turns as Array<{ text: string; latency?: { total_ms: number } }>).find((t) => t.text === GOODBYE_TEXT)!;
      expect(goodbye.latency?.total_ms).toBeGreaterThan(0);
    } finally {
      await callee.close();
    }
  });
});
