/** Parses "250ms", "5s", "5m", "2h", "1d" (or a bare number of seconds) into milliseconds. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new Error(`"${text}" is not a duration (examples: 500ms, 5s, 5m, 2h)`);
  const value = Number(m[1]);
  const unit = m[2] ?? 's';
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit]!;
  return Math.round(value * factor);
}

export function parseDurationList(text: string): number[] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(parseDuration);
}
