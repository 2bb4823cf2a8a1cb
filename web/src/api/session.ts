/**
 * The dashboard's access token lives in memory and in sessionStorage (see docs/dashboard.md):
 * sessionStorage survives a reload of this tab but not the tab itself, is never sent to the
 * server by the browser on its own (so no CSRF), and is not shared with other tabs. The strict
 * Content-Security-Policy is what keeps scripts that could read it out.
 */
const KEY = 'voicegate.session';

export interface Session {
  token: string;
  expiresAt: number;
}

let current: Session | null = read();
/** Why the last session ended, in words, for the login page (e.g. organization deactivated). */
let endedBecause: string | null = null;
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return s.expiresAt > Date.now() ? s : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  if (current && current.expiresAt <= Date.now()) setSession(null);
  return current;
}

export function setSession(s: { accessToken: string; expiresIn: number } | null, reason?: string): void {
  endedBecause = s ? null : (reason ?? null);
  current = s ? { token: s.accessToken, expiresAt: Date.now() + s.expiresIn * 1000 } : null;
  if (current) sessionStorage.setItem(KEY, JSON.stringify(current));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function onSessionChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function sessionEndedBecause(): string | null {
  return endedBecause;
}
