import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WaveFile } from 'wavefile';
import { bearer, eventually, signup } from '../helpers/factories';
import { describeWithTools, freeUdpPort, run, scenarioDir } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';

const RATE = 8000;

function samplesOf(wav: WaveFile, channel = 0): Float64Array {
  const s = wav.getSamples(false, Float64Array) as unknown as Float64Array | Float64Array[];
  return Array.isArray(s) ? s[channel]! : s;
}

/** Peak normalized cross-correlation of `template` inside `signal`, over every lag. */
function bestCorrelation(template: Float64Array, signal: Float64Array): { r: number; lag: number } {
  const n = template.length;
  let tSum = 0;
  let tSq = 0;
  for (const v of template) {
    tSum += v;
    tSq += v * v;
  }
  const tNorm = Math.sqrt(tSq - (tSum * tSum) / n);
  let best = { r: 0, lag: -1 };
  for (let lag = 0; lag + n <= signal.length; lag += 1) {
    let dot = 0;
    let sSum = 0;
    let sSq = 0;
    for (let i = 0; i < n; i++) {
      const v = signal[lag + i]!;
      dot += template[i]! * v;
      sSum += v;
      sSq += v * v;
    }
    const sNorm = Math.sqrt(sSq - (sSum * sSum) / n);
    if (sNorm < 1e-9) continue;
    const r = (dot - (tSum * sSum) / n) / (tNorm * sNorm);
    if (r > best.r) best = { r, lag };
  }
  return best;
}

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

/**
 * An independent SIP user agent (baresip) answers our call, plays a recording as the callee and
 * records what it hears. Our stored recording must contain, on the right, what baresip played and,
 * on the left, what baresip heard from us — both found by cross-correlation.
 */
describeWithTools(['baresip', 'espeak-ng', 'sox'], 'a SIP call to baresip', () => {
  let app: TestApp;
  let baresip: ChildProcess | undefined;
  let dir: string;
  let port: number;

  beforeAll(async () => {
    dir = await scenarioDir();
    await run('espeak-ng', ['-v', 'en-us', '-w', path.join(dir, 'voice-22k.wav'), 'Hello? Yes, who is calling please?']);
    // A short hello, then silence while the agent talks; baresip hangs up when the file ends.
    await run('sox', [path.join(dir, 'voice-22k.wav'), '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', path.join(dir, 'callee.wav'), 'pad', '0', '12']);
    // A free port can be taken by another process between our probe and baresip's bind: only that
    // start-up race is tried again, with a new port (the test's assertions are never retried).
    for (let attempt = 1; ; attempt++) {
      port = await freeUdpPort();
      try {
        await writeFile(
          path.join(dir, 'config'),
          [
            'poll_method epoll',
            `sip_listen 127.0.0.1:${port}`,
            // Without it baresip's SDP offers a non-loopback address.
            'net_interface 127.0.0.1',
            'module_path /usr/lib/baresip/modules',
            'module g711.so',
            'module aufile.so',
            'module sndfile.so',
            'module aubridge.so',
            'module_app account.so',
            'audio_player aubridge,nowhere',
            'audio_alert aubridge,nowhere',
            `audio_source aufile,${path.join(dir, 'callee.wav')}`,
            `snd_path ${dir}`,
            'sip_trans_def udp',
            '',
          ].join('\n'),
        );
        await writeFile(path.join(dir, 'accounts'), '<sip:+14155550177@127.0.0.1>;regint=0;answermode=auto;audio_codecs=PCMU\n');
        await writeFile(path.join(dir, 'contacts'), '');
        baresip = spawn('baresip', ['-f', dir], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
        await new Promise<void>((resolve, reject) => {
          let out = '';
          baresip!.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('baresip is ready')) resolve();
          });
          baresip!.once('exit', () => reject(new Error(`baresip exited: ${out}`)));
        });
        break;
      } catch (err) {
        if (attempt >= 5 || !String(err).includes('Address already in use')) throw err;
      }
    }
    app = await startTestApp(
      { CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${port}`, SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', RTP_PORT_MIN: '48000', RTP_PORT_MAX: '49998', STT_ENGINE: 'none' },
      { worker: true },
    );
  });
  afterAll(async () => {
    baresip?.kill('SIGKILL');
    await app?.close();
  });

  test('the recording holds what baresip played (right) and what it heard from us (left)', async () => {
    const org = await signup(app);
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550177', task: 'We are testing the audio path with an independent phone.', max_duration_seconds: 60 });
    expect(res.status).toBe(201);
    let last: unknown;
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
      last = c;
      return c.recording_url ? c : undefined;
    }, { timeoutMs: 90_000, intervalMs: 300, what: 'the call to end and be analyzed' }).catch((e: Error) => {
      throw new Error(`${e.message}; last seen ${JSON.stringify(last)}`);
    });
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', carrier: 'sip' });

    const ours = new WaveFile(Buffer.from(await (await fetch(call.recording_url.replace(app.config.publicBaseUrl, app.url))).arrayBuffer()));
    const agentSide = samplesOf(ours, 0);
    const calleeSide = samplesOf(ours, 1);
    const played = samplesOf(new WaveFile(await readFile(path.join(dir, 'callee.wav'))));

    // What baresip played: a second of its voice, found on our right channel.
    const template = played.subarray(RATE / 4, RATE + RATE / 4);
    const right = bestCorrelation(template, calleeSide);
    expect(right.r).toBeGreaterThan(0.9);

    // What baresip heard (its decoded recording): a second of it found on our left channel.
    const files = await readdir(dir);
    const heardFile = files.find((f) => /dec\.wav$/.test(f));
    expect(files.join(',')).toMatch(/dec\.wav/);
    const heard = samplesOf(new WaveFile(await readFile(path.join(dir, heardFile!))));
    // Take a loud second of what it heard (the agent speaking), not leading silence.
    let start = 0;
    while (start + RATE < heard.length && Math.max(...Array.from(heard.subarray(start, start + 800), Math.abs)) < 1000) start += 800;
    const left = bestCorrelation(heard.subarray(start, start + RATE), agentSide);
    expect(left.r).toBeGreaterThan(0.9);
  }, 150_000);
});
