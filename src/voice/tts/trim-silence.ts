/**
 * Engines start a prompt with silence (Flite's kal16 ~280 ms, eSpeak NG ~100 ms): on the line that
 * is pure wait before the callee hears anything. It is cut down to `keepMs` before the first sample
 * louder than `threshold` (a few milliseconds kept so the onset is not clipped). Silence after the
 * speech stays: it is the pause between sentences.
 */
export function trimLeadingSilence(pcm: Int16Array, sampleRate = 8000, threshold = 200, keepMs = 10): Int16Array {
  let i = 0;
  while (i < pcm.length && Math.abs(pcm[i]!) < threshold) i++;
  if (i === pcm.length) return pcm;
  const start = Math.max(0, i - Math.round((keepMs / 1000) * sampleRate));
  return start === 0 ? pcm : pcm.subarray(start);
}
