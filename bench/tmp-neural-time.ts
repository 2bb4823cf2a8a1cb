import { loadCorpus, corpusAudio } from './voice-corpus/corpus';
import { NeuralEngine } from '../src/voice/stt/moonshine/neural-engine';
import { moonshineModelDir } from '../src/voice/stt/moonshine/model';
(async () => {
  const variant = process.argv[2] as 'tiny' | 'base';
  const { utterances, questions } = loadCorpus();
  const us = utterances.filter((u) => u.set === 'holdout12').filter((_, i) => i % 3 === 0);
  const e = new NeuralEngine(moonshineModelDir(variant)!);
  const t = performance.now(); await e.warm(); console.log('warm', (performance.now() - t).toFixed(0));
  const ms: Record<string, number[]> = {};
  const cpu0 = process.cpuUsage();
  for (const u of us) {
    const q = questions[u.question]!;
    const t0 = performance.now();
    await e.hear(corpusAudio(u), { question: q });
    (ms[q.type] ??= []).push(performance.now() - t0);
  }
  const c = process.cpuUsage(cpu0);
  for (const [k, v] of Object.entries(ms)) { v.sort((a, b) => a - b); console.log(variant, k, v.length, 'p50', v[v.length >> 1]!.toFixed(0), 'p95', v[Math.floor(v.length * 0.95)]!.toFixed(0)); }
  console.log(variant, 'cpu per hearing ms', ((c.user + c.system) / 1000 / us.length).toFixed(0), 'rss MiB', (process.memoryUsage().rss / 1048576).toFixed(0));
})();
