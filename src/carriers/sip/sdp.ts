/** The audio codecs we offer, in order of preference, with their static RTP payload types. */
export const CODECS = { PCMU: 0, PCMA: 8 } as const;
export type CodecName = keyof typeof CODECS;
/** RFC 4733 telephone-event (DTMF) payload type we offer. */
export const TELEPHONE_EVENT_PT = 101;

/** One payload format of our audio stream: its type, rtpmap name and optional fmtp. */
interface AudioFormat {
  pt: number;
  name: string;
  fmtp?: string;
}

/** Our session description: one audio stream of these formats, 20 ms frames (offer or answer). */
export function describeSession(address: string, rtpPort: number, sessionId: number, formats: AudioFormat[]): string {
  const family = address.includes(':') ? 'IP6' : 'IP4';
  return [
    'v=0',
    `o=voicegate ${sessionId} ${sessionId} IN ${family} ${address}`,
    's=voicegate',
    `c=IN ${family} ${address}`,
    't=0 0',
    `m=audio ${rtpPort} RTP/AVP ${formats.map((f) => f.pt).join(' ')}`,
    ...formats.flatMap((f) => [`a=rtpmap:${f.pt} ${f.name}/8000`, ...(f.fmtp ? [`a=fmtp:${f.pt} ${f.fmtp}`] : [])]),
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** The telephone-event format (RFC 4733 DTMF, events 0–15) at a payload type. */
export const telephoneEvent = (pt: number): AudioFormat => ({ pt, name: 'telephone-event', fmtp: '0-15' });

/** An SDP offer for one audio stream: PCMU, PCMA and telephone-event, 20 ms frames. */
export function buildOffer(address: string, rtpPort: number, sessionId: number): string {
  return describeSession(address, rtpPort, sessionId, [{ pt: CODECS.PCMU, name: 'PCMU' }, { pt: CODECS.PCMA, name: 'PCMA' }, telephoneEvent(TELEPHONE_EVENT_PT)]);
}

export interface SdpAnswer {
  address: string;
  port: number;
  codec: CodecName;
  payloadType: number;
  /** The far end's telephone-event payload type, when it accepted one. */
  dtmfPayloadType: number | null;
}

/**
 * Reads the far end's answer: where to send RTP and which of our codecs it chose (the first
 * format of the m=audio line that we offered). Returns null when the answer accepts no codec
 * of ours (the call is then hung up as a carrier error).
 */
export function parseAnswer(sdp: string): SdpAnswer | null {
  const lines = sdp.split(/\r?\n/);
  let sessionAddress: string | null = null;
  let mediaAddress: string | null = null;
  let port: number | null = null;
  let formats: number[] = [];
  const rtpmap = new Map<number, string>();
  let inAudio = false;
  let seenMedia = false;
  for (const line of lines) {
    const c = /^c=IN IP[46] (\S+)/.exec(line);
    if (c) {
      if (!seenMedia) sessionAddress = c[1]!;
      else if (inAudio) mediaAddress = c[1]!;
      continue;
    }
    const m = /^m=(\w+) (\d+)(?:\/\d+)? \S+((?: \d+)*)/.exec(line);
    if (m) {
      seenMedia = true;
      inAudio = m[1] === 'audio' && port === null && Number(m[2]) > 0;
      if (inAudio) {
        port = Number(m[2]);
        formats = m[3]!.trim().split(/\s+/).filter(Boolean).map(Number);
      }
      continue;
    }
    const a = /^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)/.exec(line);
    if (a && inAudio) rtpmap.set(Number(a[1]), a[2]!.toUpperCase());
  }
  const address = mediaAddress ?? sessionAddress;
  if (!address || port === null) return null;
  const nameOf = (pt: number) => rtpmap.get(pt) ?? (pt === 0 ? 'PCMU' : pt === 8 ? 'PCMA' : '');
  const chosen = formats.find((pt) => nameOf(pt) === 'PCMU' || nameOf(pt) === 'PCMA');
  if (chosen === undefined) return null;
  const dtmf = formats.find((pt) => nameOf(pt) === 'TELEPHONE-EVENT');
  return { address, port, codec: nameOf(chosen) as CodecName, payloadType: chosen, dtmfPayloadType: dtmf ?? null };
}
