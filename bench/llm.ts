/**
 * `npm run bench:llm`: the time voicegate adds between a language model's first sentence arriving
 * and the first audio of it on the wire, with the local voice (BENCH_LLM_TTS: flite, the default,
 * or espeak; the same engine objects the service builds, fallback included).
 *
 * A local OpenAI-compatible endpoint (test/helpers/chat-far-end.ts) answers every request after a
 * fixed delay (BENCH_LLM_DELAY_MS, default 300 ms: a fast hosted model's time to first token),
 * streaming a two-sentence reply word by word. The reply is spoken by the real voice agent
 * (VoiceAgent playing a model turn) through a real RTP session to a UDP receiver on loopback.
 * Measured per reply, on one clock (this process): from the moment the client received the text
 * that completed the first sentence, to the first loud RTP packet at the receiver. That is the
 * sentence cut, the synthesis, the queue and the 20 ms send clock — what voicegate adds.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as alawmulaw from 'alawmulaw';
import { RtpSession } from '../src/carriers/sip/media/rtp-session';
import { VoiceAgent } from '../src/voice/agent/voice-agent';
import type { DialogAction, DialogPolicy } from '../src/voice/dialog/dialog-policy';
import { ChatCompletions, type ChatChunk, type ChatRequest } from '../src/voice/llm/chat-completions';
import { DEFAULT_LLM_LIMITS, ModelTurn, type TurnHost } from '../src/voice/llm/model-turn';
import { NoRecognizer } from '../src/voice/stt/recognizer';
import { systemClock } from '../src/voice/turns/clock';
import pino from 'pino';
import { TTS_VOICES, type TtsEngine } from '../src/config';
import { createSynthesizer } from '../src/voice/tts/create';
import { EnergyVad } from '../src/voice/testing/fake-vad';
import { ChatFarEnd } from '../test/helpers/chat-far-end';

const RUNS = Number(process.env.BENCH_LLM_RUNS ?? 20);
const DELAY_MS = Number(process.env.BENCH_LLM_DELAY_MS ?? 300);
/** Replies differ per run, so no synthesis is served from the cache. */
const ENGINE = (process.env.BENCH_LLM_TTS ?? 'flite') as TtsEngine;
const reply = (i: number) => `Thanks for waiting, caller number ${i + 1}. Can you make it tomorrow at three in the afternoon?`;

/** One model turn spoken, then the end: the smallest policy that exercises the streamed path. */
class OneReply implements DialogPolicy {
  readonly transcript: string[] = [];
  readonly answers = {};
  readonly optOut = false;
  readonly callbackAt = null;
  constructor(private readonly turn: ModelTurn) {}
  start(): DialogAction {
    return { type: 'stream', speech: this.turn, bargeIn: null };
  }
  handle(): DialogAction {
    return { type: 'end', disposition: 'human' };
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const farEnd = await ChatFarEnd.start();
  const chat = new ChatCompletions({ url: farEnd.url, model: 'bench', allowPrivate: true });
  const tts = createSynthesizer({ engine: ENGINE, voice: TTS_VOICES[ENGINE].default, model: '' }, pino({ level: 'warn' }));
  await tts.synthesize('Warming up the voice.');
  // The synthesis alone (no RTP, no model): what the engine costs on this machine now, to tell it
  // apart from scheduling. A fresh text each time, so nothing comes from the cache.
  const synthesisAlone: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await tts.synthesize(`Thanks for waiting, listener number ${i + 1}.`);
    synthesisAlone.push(performance.now() - t);
  }
  const receiver = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => receiver.bind(0, '127.0.0.1', resolve));
  let onLoud: (() => void) | null = null;
  receiver.on('message', (msg) => {
    const samples = alawmulaw.mulaw.decode(msg.subarray(12));
    let sum = 0;
    for (const s of samples) sum += Math.abs(s);
    if (sum / samples.length > 300 && onLoud) {
      const f = onLoud;
      onLoud = null;
      f();
    }
  });
  const added: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    farEnd.reply({ text: reply(i), delayMs: DELAY_MS });
    const media = await RtpSession.open('127.0.0.1', 46000, 46998, 120);
    media.start({ address: '127.0.0.1', port: (receiver.address() as AddressInfo).port }, 'PCMU', 0, null);
    let firstSentenceAt: number | null = null;
    // The client side of the stream, timed: when the text completing the first sentence arrived.
    const timed = {
      async *stream(req: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatChunk> {
        let text = '';
        for await (const chunk of chat.stream(req, signal)) {
          if (chunk.type === 'text') {
            text += chunk.text;
            if (firstSentenceAt === null && /[.!?]\s/.test(text)) firstSentenceAt = performance.now();
          }
          yield chunk;
        }
      },
    };
    const host: TurnHost = {
      chat: timed,
      clock: systemClock,
      history: [{ role: 'user', content: 'hello' }],
      tools: [],
      limits: { ...DEFAULT_LLM_LIMITS, fillerAfterMs: 60_000 },
      log: () => undefined,
      runTool: () => ({ result: { ok: false } }),
      spent: () => undefined,
      goodbyeFor: () => 'Goodbye.',
    };
    const heard = new Promise<number>((resolve) => (onLoud = () => resolve(performance.now())));
    const agent = new VoiceAgent({ media, policy: new OneReply(new ModelTurn(host)), tts, stt: new NoRecognizer(), vad: new EnergyVad() });
    const t0 = performance.now();
    const run = agent.run();
    const loudAt = await heard;
    await run;
    media.stop();
    if (firstSentenceAt === null) throw new Error('the first sentence never arrived');
    added.push(loudAt - firstSentenceAt);
    total.push(loudAt - t0);
  }
  await chat.close();
  await tts.close();
  await farEnd.close();
  receiver.close();
  const sorted = [...added].sort((a, b) => a - b);
  const fmt = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`bench:llm — ${RUNS} replies, model first token after ${DELAY_MS} ms, local voice ${ENGINE} (${TTS_VOICES[ENGINE].default}), RTP to loopback`);
  console.log(`first sentence received → first loud RTP packet: p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, min ${fmt(sorted[0]!)}, max ${fmt(sorted[sorted.length - 1]!)} (target ≤ 150 ms)`);
  const totals = [...total].sort((a, b) => a - b);
  const alone = [...synthesisAlone].sort((a, b) => a - b);
  console.log(`synthesis alone (a short sentence, uncached): p50 ${fmt(percentile(alone, 50))}, p95 ${fmt(percentile(alone, 95))}`);
  console.log(`request sent → first loud RTP packet (includes the model's ${DELAY_MS} ms): p50 ${fmt(percentile(totals, 50))}, p95 ${fmt(percentile(totals, 95))}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
