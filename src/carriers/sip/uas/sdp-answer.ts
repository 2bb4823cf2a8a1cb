import { describeSession, telephoneEvent, type CodecName } from '../sdp';

/**
 * Our SDP answer to a caller's offer (RFC 3264): one audio stream with the codec we chose from the
 * offer (its payload type as offered) and, when offered, telephone-event with the caller's payload
 * type; 20 ms frames.
 */
export function buildAnswer(address: string, rtpPort: number, sessionId: number, chosen: { codec: CodecName; payloadType: number; dtmfPayloadType: number | null }): string {
  return describeSession(address, rtpPort, sessionId, [
    { pt: chosen.payloadType, name: chosen.codec },
    ...(chosen.dtmfPayloadType !== null ? [telephoneEvent(chosen.dtmfPayloadType)] : []),
  ]);
}
