/**
 * Every timestamp the service emits: ISO 8601, UTC, six fractional digits, "+00:00" (docs/api.md, "Conventions").
 * JavaScript dates carry milliseconds; `micros` adds the sub-millisecond part when we have it.
 */
export function isoMicro(date: Date, micros = 0): string {
  const iso = date.toISOString(); // 2026-11-22T10:15:30.123Z
  const ms = iso.slice(20, 23);
  return `${iso.slice(0, 19)}.${ms}${String(micros).padStart(3, '0')}+00:00`;
}

export function isoMicroOrNull(date: Date | null | undefined): string | null {
  return date ? isoMicro(date) : null;
}

/** Wall-clock now with real microseconds, for event envelopes. */
export function nowIsoMicro(): string {
  const nowUs = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  const ms = Math.floor(nowUs / 1000);
  return isoMicro(new Date(ms), nowUs % 1000);
}
