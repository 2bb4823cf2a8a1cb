/**
 * The neural opinion's worker thread (started by NeuralOpinion): the Moonshine model loaded once, the
 * answers' token paths built once, and every utterance searched here, off the main thread whose
 * SIP signalling and 20 ms RTP clocks must not stall. Requests are served as they come; the
 * model's runs are asynchronous, so several utterances may be in flight.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Expectation } from '../recognizer';
import { NeuralEngine } from './neural-engine';
import type { MoonshineFiles } from './model';
import type { NeuralHearing } from './neural-opinion';

export type NeuralRequest = { op: 'warm'; seq: number } | { op: 'hear'; seq: number; pcm: Int16Array; expect: Expectation };
export type NeuralReply = { seq: number; hearing?: NeuralHearing | null; error?: string };

const engine = new NeuralEngine(workerData as MoonshineFiles);

parentPort?.on('message', (m: NeuralRequest) => {
  const work = m.op === 'warm' ? engine.warm().then(() => ({ seq: m.seq })) : engine.hear(m.pcm, m.expect).then((hearing) => ({ seq: m.seq, hearing }));
  work.then(
    (reply: NeuralReply) => parentPort!.postMessage(reply),
    (e: unknown) => parentPort!.postMessage({ seq: m.seq, error: e instanceof Error ? e.message : String(e) } satisfies NeuralReply),
  );
});
