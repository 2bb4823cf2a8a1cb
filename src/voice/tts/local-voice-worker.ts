/**
 * The local voices' worker thread (started by LocalVoiceSynthesizer): one prompt per message, the
 * program run (./local-voices.ts), its WAV decoded and resampled to 8 kHz here, answered with the
 * samples (the buffer is transferred, not copied). Decoding and resampling a prompt take tens of
 * milliseconds of CPU, the resampler's WebAssembly instance more the first time: on the main
 * thread that stalled the calls' 20 ms RTP clocks and turn timers for seconds on the first call
 * after start-up (bench/README.md "The first call after start-up").
 */
import { parentPort } from 'node:worker_threads';
import { runLocalVoice, type LocalEngine } from './local-voices';

export interface LocalVoiceRequest {
  id: number;
  engine: LocalEngine;
  voice: string;
  text: string;
}
export type LocalVoiceReply = { id: number; samples: Int16Array; error?: undefined } | { id: number; error: string; samples?: undefined };

parentPort?.on('message', ({ id, engine, voice, text }: LocalVoiceRequest) => {
  runLocalVoice(engine, voice, text).then(
    (pcm) => {
      // A copy when the samples are a view of a larger buffer: the reply transfers the whole buffer.
      const samples = pcm.byteOffset === 0 && pcm.byteLength === pcm.buffer.byteLength ? pcm : pcm.slice();
      parentPort!.postMessage({ id, samples } satisfies LocalVoiceReply, [samples.buffer as ArrayBuffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id, error: String((e as Error)?.message ?? e) } satisfies LocalVoiceReply),
  );
});
