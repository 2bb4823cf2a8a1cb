/**
 * SIP messages as text, for the far ends that tests and benches write from the SIP text up,
 * independent of the service's own stack: the start line, the headers (compact forms expanded,
 * names lower-cased) and the body.
 */
export interface SipText {
  start: string;
  headers: Array<[string, string]>;
  body: string;
}

const COMPACT: Record<string, string> = { v: 'via', f: 'from', t: 'to', i: 'call-id', m: 'contact', l: 'content-length', c: 'content-type' };

export function parseSipText(text: string): SipText {
  const [head, ...rest] = text.split('\r\n\r\n');
  const lines = head!.split('\r\n');
  const headers = lines.slice(1).map((l): [string, string] => {
    const i = l.indexOf(':');
    const name = l.slice(0, i).trim().toLowerCase();
    return [COMPACT[name] ?? name, l.slice(i + 1).trim()];
  });
  return { start: lines[0]!, headers, body: rest.join('\r\n\r\n') };
}

/** The first value of a header (lower-case name). */
export const sipHeader = (m: SipText, name: string): string | undefined => m.headers.find(([n]) => n === name)?.[1];
