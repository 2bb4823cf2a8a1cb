/**
 * `npm run bench:amd`: machine detection on the greeting corpus (bench/amd-corpus/), through the
 * agent's own pipeline: the real VAD (WebRTC, as on SIP calls), endpointing, the default
 * recogniser (PocketSphinx with the greeting's phrases), the classifier and the greeting phase of
 * the survey policy, the beep watch. Each greeting is played as a call would bring it: a seeded
 * silence before it (the time people take to speak), the speech, then for an answering machine a
 * beep (or none), then silence, all under a quiet line's noise. Prints precision and recall per
 * class, the confusions, the time from the answer to the decision, and for machines with a beep
 * where the voicemail message started relative to the beep's end.
 *
 *   npm run bench:amd                    # both sets
 *   BENCH_AMD_SET=tune npm run bench:amd
 *   BENCH_AMD_STT=none npm run bench:amd  # timing and beep only, no words
 *   BENCH_AMD_JSON=/tmp/amd.json npm run bench:amd
 *
 * Media time stands still while an utterance is recognised (the feeder pushes a greeting's frames
 * at once and waits for the recogniser), so `ms` is where in the call the decision fell when
 * recognition keeps up with the speech (it decodes while the callee speaks, at 0.3–0.45 of real
 * time here). The CPU time of each greeting's recognition is printed beside it: the most a slower
 * machine could add.
 */
import { writeFileSync } from 'node:fs';
import type { AmdResult } from '../src/features/calls/ports';
import { VoiceAgent } from '../src/voice/agent/voice-agent';
import { SurveyPolicy } from '../src/voice/dialog/survey-policy';
import { PocketsphinxRecognizer } from '../src/voice/stt/pocketsphinx';
import { NoRecognizer, type Expectation, type RecognitionStream, type SpeechRecognizer, type StreamingRecognizer } from '../src/voice/stt/recognizer';
import { FakeClock } from '../src/voice/testing/fake-clock';
import { FakeMedia } from '../src/voice/testing/fake-media';
import { FakeSynthesizer } from '../src/voice/testing/fake-synthesizer';
import { DEFAULT_TIMING } from '../src/voice/timing';
import { WebRtcVad } from '../src/voice/vad/webrtc-vad';
import { seeded } from './voice-corpus/generate';
import { greetingAudio, loadAmdCorpus, type AmdGreeting } from './amd-corpus/corpus';

const VOICEMAIL = 'Please call us back at your convenience.';
const RATE = 8000;

type Expected = Exclude<AmdResult, 'unknown'>;
interface Case {
  g: AmdGreeting;
  beep: { hz: number; ms: number } | null;
  expected: Expected;
  label: string;
}
interface Outcome {
  id: string;
  label: string;
  set: string;
  voice: string;
  expected: Expected;
  result: AmdResult | 'none';
  /** Where in the call the decision fell (media time, recognition taken as instant). */
  ms: number | null;
  /** Recognition time spent before the decision (wall clock, this machine). */
  recognitionMs: number;
  text: string;
  /** For a machine with a beep: the voicemail message's start minus the beep's end (ms). */
  afterBeepMs: number | null;
  /** Voiced ms of the first utterance (what the former rule, 4 s or more = machine, looked at). */
  firstSpeechMs: number | null;
}

/** Counts recognitions in flight so the feeder can hold media time while they run. */
class HeldRecognizer implements SpeechRecognizer, StreamingRecognizer {
  readonly name: SpeechRecognizer['name'];
  inFlight = 0;
  spentMs = 0;
  private idle: Array<() => void> = [];
  constructor(private readonly inner: SpeechRecognizer & Partial<StreamingRecognizer>) {
    this.name = inner.name;
  }
  private async hold<T>(p: () => Promise<T>): Promise<T> {
    this.inFlight++;
    const t0 = performance.now();
    try {
      return await p();
    } finally {
      this.spentMs += performance.now() - t0;
      this.inFlight--;
      if (!this.inFlight) for (const r of this.idle.splice(0)) r();
    }
  }
  settled(): Promise<void> {
    return this.inFlight ? new Promise((r) => this.idle.push(r)) : Promise.resolve();
  }
  recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    return this.hold(() => this.inner.recognize(pcm, expect));
  }
  async warm(): Promise<void> {
    await this.inner.warm?.();
  }
  start(expect: Expectation): RecognitionStream {
    if (!this.inner.start) throw new Error('not streaming');
    const s = this.inner.start(expect);
    return { push: (f) => s.push(f), partial: () => this.hold(() => s.partial()), finish: () => this.hold(() => s.finish()), cancel: () => s.cancel() };
  }
}

function noiseUnder(pcm: Int16Array, random: () => number, rms = 60): Int16Array {
  const out = Int16Array.from(pcm);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(out[i]! + Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random()) * rms)));
  return out;
}

function beepPcm(hz: number, ms: number): Int16Array {
  const n = (ms * RATE) / 1000;
  const out = new Int16Array(n);
  // A soft 5 ms ramp at each end, as real beeps have.
  for (let i = 0; i < n; i++) out[i] = Math.round(9000 * Math.min(1, i / 40, (n - i) / 40) * Math.sin((2 * Math.PI * hz * i) / RATE));
  return out;
}

const flush = () => new Promise<void>((r) => setImmediate(r));

async function runCase(c: Case, stt: HeldRecognizer, random: () => number): Promise<Outcome> {
  const leadMs = 300 + Math.round(random() * 900);
  const speech = greetingAudio(c.g);
  const gapMs = 300 + Math.round(random() * 400);
  const parts = [new Int16Array((leadMs * RATE) / 1000), speech];
  if (c.beep) parts.push(new Int16Array((gapMs * RATE) / 1000), beepPcm(c.beep.hz, c.beep.ms));
  const beepEndMs = c.beep ? leadMs + c.g.ms + gapMs + c.beep.ms : null;
  parts.push(new Int16Array(6 * RATE));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const audio = new Int16Array(total);
  let at = 0;
  for (const p of parts) {
    audio.set(p, at);
    at += p.length;
  }
  const line = noiseUnder(audio, random);

  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  const tts = new FakeSynthesizer(400);
  const vad = new WebRtcVad(2);
  const policy = new SurveyPolicy({ task: 'We are confirming your appointment.', questions: [{ key: 'ok', question: 'Can you make it?', type: 'boolean' }], voicemailMessage: VOICEMAIL, callerName: 'Acme Dental' }, DEFAULT_TIMING);
  let firstSpeechMs: number | null = null;
  const handle = policy.handle.bind(policy);
  policy.handle = (e) => {
    if (e.type === 'utterance' && firstSpeechMs === null) firstSpeechMs = e.speechMs;
    return handle(e);
  };
  const agent = new VoiceAgent({ media, policy, tts, stt, vad, clock, timing: DEFAULT_TIMING });
  stt.spentMs = 0;
  const done = agent.run();
  let recognitionAtDecision = 0;
  let playedVoicemailAt: number | null = null;
  let decidedAt: number | null = null;
  for (let i = 0; i < line.length; i += 160) {
    await stt.settled();
    media.audio(line.subarray(i, i + 160));
    await flush();
    if (policy.amd && decidedAt === null) {
      decidedAt = policy.amd.ms;
      recognitionAtDecision = stt.spentMs;
    }
    const vm = media.played.findIndex((p) => tts.textOf(p) === VOICEMAIL);
    if (vm >= 0 && playedVoicemailAt === null) playedVoicemailAt = media.positionMs;
    // Decided, and (for a machine) the message started or the call ended: the rest is not measured.
    if (policy.amd && (policy.amd.result !== 'machine' || playedVoicemailAt !== null)) break;
  }
  agent.abort();
  await done.catch(() => undefined);
  vad.free();
  const greetingLine = policy.transcript.find((l) => l.startsWith('Callee: ')) ?? '';
  return {
    id: c.g.id,
    label: c.label,
    set: c.g.set,
    voice: c.g.voice,
    expected: c.expected,
    result: policy.amd?.result ?? 'none',
    ms: policy.amd?.ms ?? null,
    recognitionMs: Math.round(recognitionAtDecision),
    text: greetingLine.slice('Callee: '.length),
    afterBeepMs: beepEndMs !== null && playedVoicemailAt !== null ? playedVoicemailAt - beepEndMs : null,
    firstSpeechMs,
  };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '—');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

async function main() {
  const corpus = loadAmdCorpus();
  const set = process.env.BENCH_AMD_SET;
  const greetings = corpus.greetings.filter((g) => !set || g.set === set);
  const random = seeded(20261130);
  const cases: Case[] = [];
  const beeps = [440, 850, 1000, 1400];
  for (const g of greetings) {
    if (g.kind === 'machine') {
      cases.push({ g, beep: { hz: beeps[Math.floor(random() * beeps.length)]!, ms: 200 + Math.round(random() * 400) }, expected: 'machine', label: 'machine + beep' });
      cases.push({ g, beep: null, expected: 'machine', label: 'machine, no beep' });
    } else cases.push({ g, beep: null, expected: g.kind === 'screening' ? 'screened' : 'human', label: g.kind.replace('_', ' ') });
  }
  const engine = process.env.BENCH_AMD_STT ?? 'pocketsphinx';
  const inner = engine === 'none' ? new NoRecognizer() : new PocketsphinxRecognizer();
  const stt = new HeldRecognizer(inner);
  await stt.warm();
  const results: Outcome[] = [];
  const t0 = performance.now();
  for (const c of cases) results.push(await runCase(c, stt, random));
  await (inner as { close?: () => Promise<void> }).close?.();
  const wall = performance.now() - t0;

  console.log(`\nmachine detection: ${results.length} calls (${greetings.length} greetings, ${set ?? 'tune + holdout'}), recogniser ${engine}, ${(wall / 1000).toFixed(1)} s\n`);
  const classes: Array<AmdResult> = ['human', 'machine', 'screened'];
  for (const s of [...new Set(results.map((r) => r.set))].concat(set ? [] : ['all'])) {
    const rs = results.filter((r) => s === 'all' || r.set === s);
    console.log(`${s}: ${pct(rs.filter((r) => r.result === r.expected).length, rs.length)} right (${rs.filter((r) => r.result === r.expected).length}/${rs.length})`);
    for (const k of classes) {
      const tp = rs.filter((r) => r.result === k && r.expected === k).length;
      const said = rs.filter((r) => r.result === k).length;
      const truth = rs.filter((r) => r.expected === k).length;
      console.log(`  ${k.padEnd(9)} precision ${pct(tp, said).padStart(8)} (${tp}/${said})   recall ${pct(tp, truth).padStart(8)} (${tp}/${truth})`);
    }
  }
  console.log('\nby kind (all sets): right / n, decision p50 / p95 (ms of the call from the answer), recognition wall time p50 / p95 (ms)');
  for (const label of [...new Set(results.map((r) => r.label))]) {
    const rs = results.filter((r) => r.label === label);
    const decision = rs.filter((r) => r.ms !== null).map((r) => r.ms!);
    const rec = rs.map((r) => r.recognitionMs);
    console.log(`  ${label.padEnd(17)} ${String(rs.filter((r) => r.result === r.expected).length).padStart(3)} / ${String(rs.length).padEnd(3)}  decision p50 ${quantile(decision, 0.5)} p95 ${quantile(decision, 0.95)}   recognition p50 ${quantile(rec, 0.5)} p95 ${quantile(rec, 0.95)}`);
  }
  // The rule before this detector: a first utterance of 4 s or more is a machine, anything else a person.
  const former = (r: Outcome): AmdResult => (r.firstSpeechMs !== null && r.firstSpeechMs >= 4000 ? 'machine' : 'human');
  const formerRight = results.filter((r) => former(r) === r.expected).length;
  console.log(`\nthe former rule (4 s of speech = machine) on the same calls: ${pct(formerRight, results.length)} right (${formerRight}/${results.length})`);
  for (const k of classes) {
    const tp = results.filter((r) => former(r) === k && r.expected === k).length;
    const said = results.filter((r) => former(r) === k).length;
    const truth = results.filter((r) => r.expected === k).length;
    console.log(`  ${k.padEnd(9)} precision ${pct(tp, said).padStart(8)} (${tp}/${said})   recall ${pct(tp, truth).padStart(8)} (${tp}/${truth})`);
  }
  const afterBeep = results.filter((r) => r.afterBeepMs !== null).map((r) => r.afterBeepMs!);
  const beepCases = results.filter((r) => r.label === 'machine + beep');
  console.log(`\nvoicemail message start − beep end: ${afterBeep.length}/${beepCases.length} measured, min ${Math.min(...afterBeep)} p50 ${quantile(afterBeep, 0.5)} max ${Math.max(...afterBeep)} ms; before the beep's end: ${afterBeep.filter((x) => x < 0).length}`);
  const wrong = results.filter((r) => r.result !== r.expected);
  if (wrong.length) {
    console.log('\nwrong:');
    for (const r of wrong) console.log(`  ${r.id} [${r.label}] → ${r.result} at ${r.ms} ms: "${r.text}"`);
  }
  if (process.env.BENCH_AMD_JSON) writeFileSync(process.env.BENCH_AMD_JSON, JSON.stringify(results, null, 1));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
