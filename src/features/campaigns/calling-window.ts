/**
 * Calling windows evaluated in a time zone, DST included, with nothing but Intl: "Mon–Fri
 * 09:00–20:00" means local wall-clock time in the recipient's zone on those local days. Pure
 * functions of an instant, so tests move an injected clock instead of sleeping.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface CallingWindow {
  days: Weekday[];
  /** "HH:MM", local, inclusive. */
  start: string;
  /** "HH:MM", local, exclusive; after start (windows do not cross midnight). */
  end: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(zone, f);
  }
  return f;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  minutes: number;
  second: number;
  weekday: Weekday;
}

export function localParts(at: Date, zone: string): LocalParts {
  const p: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(at)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    minutes: Number(p.hour) * 60 + Number(p.minute),
    second: Number(p.second),
    weekday: p.weekday!.toLowerCase().slice(0, 3) as Weekday,
  };
}

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function inWindow(at: Date, zone: string, w: CallingWindow | null): boolean {
  if (!w) return true;
  const l = localParts(at, zone);
  return w.days.includes(l.weekday) && l.minutes >= toMinutes(w.start) && l.minutes < toMinutes(w.end);
}

/** Offset of `zone` at `at`, in ms (local wall time minus UTC). */
function offsetMs(at: Date, zone: string): number {
  const l = localParts(at, zone);
  const wall = Date.UTC(l.year, l.month - 1, l.day, Math.floor(l.minutes / 60), l.minutes % 60, l.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a local wall-clock time in `zone` (for a time skipped by DST: shortly after). */
function zonedInstant(year: number, month: number, day: number, minutes: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let t = wall;
  for (let i = 0; i < 3; i++) {
    const next = wall - offsetMs(new Date(t), zone);
    if (next === t) break;
    t = next;
  }
  return new Date(t);
}

const STEP_MS = 15 * 60_000;

/** The first instant at or after `from` inside the window in `zone` (null: never within 8 days). */
export function nextOpening(from: Date, zone: string, w: CallingWindow | null): Date | null {
  if (inWindow(from, zone, w)) return from;
  const l = localParts(from, zone);
  for (let d = 0; d <= 8; d++) {
    const date = new Date(Date.UTC(l.year, l.month - 1, l.day + d));
    if (!w!.days.includes(WEEKDAYS[date.getUTCDay()]!)) continue;
    const candidate = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), toMinutes(w!.start), zone);
    // Around a DST change the local start time may not exist (spring) or exist twice (autumn):
    // scan from an hour before the computed instant, so the first instant inside wins.
    for (let k = 0; k <= 12; k++) {
      const c = new Date(candidate.getTime() - 3_600_000 + k * STEP_MS);
      if (c.getTime() >= from.getTime() && inWindow(c, zone, w)) return c;
    }
  }
  return null;
}

/**
 * The first instant at or after `from` inside the window in every one of `zones` (the most
 * restrictive reading of a number that spans several zones); null when they share none in 8 days.
 */
export function nextCommonOpening(from: Date, zones: readonly string[], w: CallingWindow | null): Date | null {
  if (!w) return from;
  const limit = from.getTime() + 8 * 86_400_000;
  let t = from;
  for (let i = 0; i < 200 && t.getTime() <= limit; i++) {
    let moved = false;
    for (const zone of zones) {
      const o = nextOpening(t, zone, w);
      if (!o) return null;
      if (o.getTime() > t.getTime()) {
        t = o;
        moved = true;
      }
    }
    if (!moved) return t;
    // Every zone was open at some instant of this round, but maybe not at the final one: check.
    if (zones.every((z) => inWindow(t, z, w))) return t;
  }
  return null;
}
