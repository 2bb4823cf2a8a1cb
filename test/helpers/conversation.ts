import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { WaveFile } from 'wavefile';
import { createSynthesizer } from '../../src/voice/tts/create';
import { bearer, eventually } from './factories';
import { loudFrames } from './node-callee';
import { run } from './telephony';
import type { TestApp } from './test-app';

/** The callee's voice: the Debian espeak-ng binary (independent of ours) at 8 kHz via sox. */
export async function spoken(dir: string, name: string, text: string): Promise<Int16Array> {
  const wide = path.join(dir, `${name}-22k.wav`);
  const narrow = path.join(dir, `${name}-8k.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-w', wide, text]);
  await run('sox', [wide, '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', narrow]);
  return new WaveFile(await readFile(narrow)).getSamples(false, Int16Array) as unknown as Int16Array;
}

/**
 * Runs `fn` with `loud(text)`: how many loud frames the service's own voice (TTS_ENGINE's default)
 * makes of a prompt, so the node callee knows when it has heard that prompt to its end.
 */
export async function withServiceVoice<T>(app: TestApp, fn: (loud: (text: string) => Promise<number>) => Promise<T>): Promise<T> {
  const tts = createSynthesizer(app.config.tts, pino({ level: 'silent' }));
  try {
    return await fn(async (text) => loudFrames(await tts.synthesize(text)));
  } finally {
    await tts.close();
  }
}

/**
 * The call once it is analyzed (its recording is there). Real calls with speech take tens of
 * seconds, more on a loaded machine; when the wait gives up, its message ends with `farEnd()`
 * (the callee's log), which says where the conversation stopped.
 */
export function analyzedCall(app: TestApp, apiKey: string, callId: string, opts: { timeoutMs: number; farEnd: () => string }) {
  return eventually(async () => {
    const c = (await app.http().get(`/v1/calls/${callId}`).set(bearer(apiKey))).body;
    return c.recording_url ? c : undefined;
  }, { timeoutMs: opts.timeoutMs, intervalMs: 500, what: 'the call to be analyzed' }).catch((e: Error) => {
    throw new Error(`${e.message}\n${opts.farEnd()}`);
  });
}
