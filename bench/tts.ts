/**
 * `npm run bench:tts`: the local voices compared by what a caller hears. Each candidate speaks the
 * agent's real prompts and a set of sentences; each result goes through the phone line as the
 * service sends it (8 kHz, G.711 µ-law encoded and decoded) and is recognised by an open-vocabulary
 * recogniser — Debian's PocketSphinx with CMU's US English n-gram language model and 16 kHz
 * acoustic model, on the line audio upsampled — that knows nothing of the texts. Words right are
 * counted as the word error rate (WER: substitutions + insertions + deletions over the words
 * said). Also: time to first audio (these engines make a prompt whole, so it is the synthesis
 * time) and CPU per second of speech made (the process's and its children's).
 *
 *   npm run bench:tts                              # every candidate installed here
 *   BENCH_TTS_ENGINES=espeak,pico npm run bench:tts # some of them (an engine, or engine:voice)
 *   BENCH_TTS_ALL=1 npm run bench:tts               # the extra voices too (flite rms and awb, pico en-GB)
 *   BENCH_TTS_JSON=/tmp/tts.json npm run bench:tts  # every utterance, what was heard, as JSON
 *
 * Needs Debian's pocketsphinx and pocketsphinx-en-us (the recogniser); the candidates not
 * installed are listed and skipped (flite; libttspico-utils from non-free; festival with
 * festvox-us-slt-hts and festvox-kallpc16k).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import { WaveFile } from 'wavefile';
import { EspeakSynthesizer } from '../src/voice/tts/espeak';
import { localVoiceMissing, runLocalVoice, type LocalEngine } from '../src/voice/tts/local-voices';
import { resample } from '../src/voice/tts/resampler';
import { PROMPTS, SENTENCES } from './tts/sentences';
import { wordErrors, words } from './tts/wer';

interface Candidate {
  id: string;
  engine: string;
  voice: string;
  runtime: string;
  licence: string;
  /** Run only when named (BENCH_TTS_ENGINES=flite:rms) or with BENCH_TTS_ALL=1: the bench's recogniser is slow. */
  extra?: boolean;
  missing(): string | null;
  open(): { say(text: string): Promise<Int16Array>; close(): Promise<void> };
}

function local(engine: LocalEngine, voice: string, runtime: string, licence: string, extra = false): Candidate {
  return {
    extra,
    id: `${engine}:${voice}`,
    engine,
    voice,
    runtime,
    licence,
    missing: () => localVoiceMissing(engine, voice),
    open: () => ({ say: (text) => runLocalVoice(engine, voice, text), close: async () => undefined }),
  };
}

const CANDIDATES: Candidate[] = [
  {
    id: 'espeak:en-us',
    engine: 'espeak',
    voice: 'en-us',
    runtime: 'npm `espeak-ng` (WebAssembly, worker thread)',
    licence: 'GPL-3.0',
    missing: () => null,
    open: () => {
      const s = new EspeakSynthesizer('en-us');
      return { say: (text) => s.synthesize(text), close: () => s.close() };
    },
  },
  local('flite', 'slt', 'Debian `flite` (a process per prompt)', 'BSD-style (CMU)'),
  local('flite', 'kal16', 'Debian `flite`', 'BSD-style (CMU)'),
  local('flite', 'rms', 'Debian `flite`', 'BSD-style (CMU)', true),
  local('flite', 'awb', 'Debian `flite`', 'BSD-style (CMU)', true),
  local('pico', 'en-GB', 'Debian `libttspico-utils` (non-free)', 'Apache-2.0', true),
  local('pico', 'en-US', 'Debian `libttspico-utils` (non-free), `pico2wave`', 'Apache-2.0 (Debian: non-free, language data without sources)'),
  local('festival', 'cmu_us_slt_arctic_hts', 'Debian `festival` + `festvox-us-slt-hts`', 'BSD-style (festival); voice: BSD-style (CMU ARCTIC)'),
  local('festival', 'kal_diphone', 'Debian `festival` + `festvox-kallpc16k`', 'BSD-style'),
];

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** CPU seconds of this process (every thread) and of its children that have ended. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5) (cutime, cstime), in clock ticks of 1/100 s.
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + children;
}

/** What the callee's phone gets: 8 kHz µ-law, decoded (the RTP sender's own codec calls). */
function throughG711(pcm: Int16Array): Int16Array {
  return alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(pcm));
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

interface Utterance {
  candidate: string;
  kind: 'prompt' | 'sentence';
  text: string;
  id: string;
  firstAudioMs: number;
  cpuS: number;
  speechS: number;
  heard?: string;
  errors?: number;
  refWords?: number;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(MODEL_DIR, 'en-us.lm.bin'))) throw new Error('the recogniser needs Debian pocketsphinx and pocketsphinx-en-us (apt-get install pocketsphinx pocketsphinx-en-us)');
  const only = process.env.BENCH_TTS_ENGINES?.split(',').map((s) => s.trim());
  const chosen = CANDIDATES.filter((c) => (only ? only.includes(c.id) || (!c.extra && only.includes(c.engine)) : !c.extra || process.env.BENCH_TTS_ALL === '1'));
  const texts = [...PROMPTS.map((text) => ({ kind: 'prompt' as const, text })), ...SENTENCES.map((text) => ({ kind: 'sentence' as const, text }))];
  const dir = await mkdtemp(path.join(tmpdir(), 'voicegate-bench-tts-'));
  const results: Utterance[] = [];
  const ran: Candidate[] = [];
  try {
    for (const c of chosen) {
      const missing = c.missing();
      if (missing) {
        console.log(`skipped ${c.id}: ${missing}`);
        continue;
      }
      ran.push(c);
      const engine = c.open();
      await engine.say('Warming up.'); // loads the engine (eSpeak NG's WebAssembly module) outside the figures
      for (const [i, t] of texts.entries()) {
        const cpu0 = cpuSeconds();
        const t0 = performance.now();
        const pcm = await engine.say(t.text);
        const firstAudioMs = performance.now() - t0;
        const cpuS = cpuSeconds() - cpu0;
        const id = `${c.id.replace(/[^a-zA-Z0-9]+/g, '_')}_${i}`;
        const line = await resample(throughG711(pcm), 8000, 16000);
        const wav = new WaveFile();
        wav.fromScratch(1, 16000, '16', line);
        await writeFile(path.join(dir, `${id}.wav`), wav.toBuffer());
        results.push({ candidate: c.id, kind: t.kind, text: t.text, id, firstAudioMs, cpuS, speechS: pcm.length / 8000 });
      }
      await engine.close();
      console.log(`synthesized ${texts.length} texts with ${c.id}`);
    }
    console.log(`recognising ${results.length} utterances (one pocketsphinx_batch run)...`);
    writeFileSync(path.join(dir, 'ctl'), results.map((r) => r.id).join('\n') + '\n');
    await new Promise<void>((resolve, reject) =>
      execFile(
        'pocketsphinx_batch',
        // Decoding settings that halve its time (no second pass, a phone lookahead): the same for every candidate.
        ['-fwdflat', 'no', '-bestpath', 'no', '-maxhmmpf', '3000', '-pl_window', '5', '-adcin', 'yes', '-adchdr', '44', '-cepdir', dir, '-cepext', '.wav', '-ctl', path.join(dir, 'ctl'), '-hmm', path.join(MODEL_DIR, 'en-us'), '-lm', path.join(MODEL_DIR, 'en-us.lm.bin'), '-dict', path.join(MODEL_DIR, 'cmudict-en-us.dict'), '-hyp', path.join(dir, 'hyp'), '-logfn', '/dev/null'],
        { maxBuffer: 16 << 20 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    const heard = new Map<string, string>();
    for (const line of readFileSync(path.join(dir, 'hyp'), 'utf8').split('\n')) {
      const m = /^(.*) \((\S+) -?\d+\)$/.exec(line.trim());
      if (m) heard.set(m[2]!, m[1]!.trim());
    }
    for (const r of results) {
      r.heard = heard.get(r.id) ?? '';
      const ref = words(r.text);
      r.errors = wordErrors(ref, words(r.heard));
      r.refWords = ref.length;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const wer = (rs: Utterance[]) => {
    const n = rs.reduce((s, r) => s + r.refWords!, 0);
    return n ? `${((100 * rs.reduce((s, r) => s + r.errors!, 0)) / n).toFixed(1)} %` : '—';
  };
  console.log(`\n${PROMPTS.length} prompts, ${SENTENCES.length} sentences; WER through G.711 µ-law, open-vocabulary PocketSphinx (lower is better)\n`);
  console.log('| voice | runs as | licence | WER prompts | WER sentences | WER all | first audio p50 / p95 | CPU per s of speech |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const c of ran) {
    const rs = results.filter((r) => r.candidate === c.id);
    const first = rs.map((r) => r.firstAudioMs);
    const cpu = rs.reduce((s, r) => s + r.cpuS, 0) / rs.reduce((s, r) => s + r.speechS, 0);
    console.log(
      `| ${c.engine} ${c.voice} | ${c.runtime} | ${c.licence} | ${wer(rs.filter((r) => r.kind === 'prompt'))} | ${wer(rs.filter((r) => r.kind === 'sentence'))} | ${wer(rs)} | ${Math.round(quantile(first, 0.5))} / ${Math.round(quantile(first, 0.95))} ms | ${(cpu * 1000).toFixed(0)} ms |`,
    );
  }
  if (process.env.BENCH_TTS_JSON) writeFileSync(process.env.BENCH_TTS_JSON, JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
