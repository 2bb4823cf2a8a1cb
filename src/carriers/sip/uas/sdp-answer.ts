import { TELEPHONE_EVENT_PT, type CodecName } from '../sdp';

/**
 * Our SDP answer to a caller's offer (RFC 3264): one audio stream with the codec we chose from the
 * offer (its payload type as offered) and, when offered, telephone-event with the caller's payload
 * type; 20 ms frames.
 */
export function buildAnswer(address: string, rtpPort: number, sessionId: number, chosen: { codec: CodecName; payloadType: number; dtmfPayloadType: number | null }): string {
  const family = address.includes(':') ? 'IP6' : 'IP4';
  const formats = [chosen.payloadType, ...(chosen.dtmfPayloadType !== null ? [chosen.dtmfPayloadType] : [])];
  const dtmf = chosen.dtmfPayloadType ?? TELEPHONE_EVENT_PT;
  return [
    'v=0',
    `o=voicegate ${sessionId} ${sessionId} IN ${family} ${address}`,
    's=voicegate',
    `c=IN ${family} ${address}`,
    't=0 0',
    `m=audio ${rtpPort} RTP/AVP ${formats.join(' ')}`,
    `a=rtpmap:${chosen.payloadType} ${chosen.codec}/8000`,
    ...(chosen.dtmfPayloadType !== null ? [`a=rtpmap:${dtmf} telephone-event/8000`, `a=fmtp:${dtmf} 0-15`] : []),
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}
