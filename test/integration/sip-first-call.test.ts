import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { intro } from '../../src/voice/dialog/prompts';
import { bearer, eventually, signup } from '../helpers/factories';
import { loudFrames, startNodeCallee } from '../helpers/node-callee';
import { readPcm8k, speech } from '../helpers/synth-audio';
import { describeWithTools, freeUdpPort, run } from '../helpers/telephony';
import { spawnService, type ServiceProcess } from '../helpers/child-worker';
import { startTestApp, type TestApp } from '../helpers/test-app';

jest.setTimeout(240_000);

const ORG = 'Acme Dental';
const TASK = 'We are confirming your appointment.';
const CONSENT = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' } as const;

/** A prompt in the service's default voice (flite) made by the flite and sox programs, not by the service: its engines stay cold. */
async function fliteLoudFrames(dir: string, name: string, text: string): Promise<number> {
  const wide = path.join(dir, `${name}-wide.wav`);
  const narrow = path.join(dir, `${name}-8k.wav`);
  await run('flite', ['-t', text, '-o', wide]);
  await run('sox', [wide, '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', narrow]);
  return loudFrames(await readPcm8k(narrow));
}

/** Where speech starts in a clip: its first loud 20 ms frame. */
function onsetMs(pcm: Int16Array): number {
  for (let i = 0; i + 160 <= pcm.length; i += 160) if (loudFrames(pcm.subarray(i, i + 160)) > 0) return i / 8;
  return 0;
}

/**
 * The first call a freshly started service places, as an outside tester makes it: the callee
 * answers at once (no ringing to hide a cold start behind) and speaks from its first frame. Its
 * words must reach the agent: the greeting is heard and written down, the person is recognised
 * (amd human), and the survey runs. The worker that places the call is a fresh process of its
 * own (the real entry point, src/main.ts), started just before the call is placed; the callee
 * runs here on its own clock, as a phone would.
 */
describeWithTools(['espeak-ng', 'sox', 'flite', 'pocketsphinx_continuous'], 'the first SIP call after start-up', () => {
  let app: TestApp;
  let worker: ServiceProcess | undefined;
  let sipPort: number;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voicegate-first-call-'));
    sipPort = await freeUdpPort();
    // The API here; the worker (the process that places the call) starts fresh in a process of its own.
    app = await startTestApp({ CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}` });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await worker.exited;
    }
    await app?.close();
  });

  function startWorkerProcess(): ServiceProcess {
    return spawnService({
      role: 'worker',
      databaseUrl: app.config.databaseUrl!,
      secrets: { jwtSecret: app.config.jwtSecret, encryptionKey: app.config.secretsEncryptionKey.toString('base64') },
      logFile: path.join(dir, 'worker.log'),
      env: {
        PORT: '0',
        CARRIER: 'sip',
        SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: '0',
        RTP_PORT_MIN: '45000',
        RTP_PORT_MAX: '47998',
        STT_ENGINE: 'pocketsphinx',
        TTS_ENGINE: 'flite',
      },
    });
  }

  test('answered at once, the callee speaks from its first frame: its hello is heard and written down, amd human, the survey runs', async () => {
    const hello = await speech(dir, 'hello', 'Hello, this is Dana speaking.');
    const prompt = (await fliteLoudFrames(dir, 'intro', intro(ORG, TASK))) + (await fliteLoudFrames(dir, 'question', CONSENT.question));
    const callee = await startNodeCallee([{ promptLoudFrames: prompt, answer: await speech(dir, 'yes', 'yes') }], sipPort, { opening: hello, ringMs: 0 });
    try {
      const org = await signup(app, { organizationName: ORG });
      worker = startWorkerProcess();
      const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550199', task: TASK, questions: [CONSENT], max_duration_seconds: 120 });
      expect(res.status).toBe(201);
      const call = await eventually(async () => {
        const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
        return c.recording_url ? c : undefined;
      }, { timeoutMs: 200_000, intervalMs: 500, what: 'the call to be analyzed' }).catch((e: Error) => {
        throw new Error(`${e.message}\n${callee.log()}\n${worker?.output}`);
      });
      const context = `\namd: ${JSON.stringify(call.amd)} turns: ${JSON.stringify(call.turns?.slice(0, 3))}\ntranscript:\n${call.transcript}\ncallee:\n${callee.log()}`;
      const lines: string[] = call.transcript.split('\n');
      // The callee's first words are the first line: heard, not lost while the prompts were made.
      expect({ first: lines[0], amd: call.amd?.result, context }).toEqual({ first: expect.stringMatching(/^Callee: .*hello/i), amd: 'human', context });
      // The greeting turn starts where the callee started talking (the answer), not seconds later.
      const greeting = call.turns.find((t: { speaker: string }) => t.speaker === 'callee');
      expect({ startMs: greeting?.start_ms, context }).toEqual({ startMs: expect.any(Number), context });
      // (espeak-ng's hello starts with a little silence: the turn starts where its speech does.)
      expect(greeting.start_ms).toBeLessThan(onsetMs(hello) + 300);
      expect(call.structured_answers).toEqual({ consent: true });
      // The worker readied its voice engines before it took the call (cold, its first call's agent
      // spoke seconds later: bench/README.md "The first call after start-up").
      const log = (await readFile(path.join(dir, 'worker.log'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string });
      const warm = log.findIndex((l) => l.msg === 'voice engines warm');
      const placed = log.findIndex((l) => l.msg === 'call status changed');
      expect({ warm: warm >= 0, before: warm < placed, context }).toEqual({ warm: true, before: true, context });
    } finally {
      await callee.close();
    }
  });
});
