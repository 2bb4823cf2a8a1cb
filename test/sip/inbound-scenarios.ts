/**
 * SIPp as the trunk that brings a caller to us (UAC scenarios): run with `-s <number called>`
 * (the Request-URI's user part) and `-key caller <E.164>` (the From user). Each scenario states
 * what it expects from voicegate; SIPp exits 0 only when every expected message arrived.
 */
const wrap = (name: string, body: string) => `<?xml version="1.0" encoding="ISO-8859-1" ?>
<!DOCTYPE scenario SYSTEM "sipp.dtd">
<scenario name="${name}">
${body}
</scenario>
`;

const invite = `  <send retrans="500"><![CDATA[

INVITE sip:[service]@[remote_ip]:[remote_port] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
To: <sip:[service]@[remote_ip]:[remote_port]>
Call-ID: [call_id]
CSeq: 1 INVITE
Contact: <sip:caller@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Type: application/sdp
Content-Length: [len]

v=0
o=caller 53655765 2353687637 IN IP[local_ip_type] [local_ip]
s=-
c=IN IP[media_ip_type] [media_ip]
t=0 0
m=audio [media_port] RTP/AVP 0 101
a=rtpmap:0 PCMU/8000
a=rtpmap:101 telephone-event/8000
a=fmtp:101 0-15

]]></send>`;

/** ACK of a 2xx: a transaction of its own (new branch), the dialog's To tag. */
const ack2xx = (action = '') => `  <send><![CDATA[

ACK [next_url] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
[last_To:]
Call-ID: [call_id]
CSeq: 1 ACK
Contact: <sip:caller@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Length: 0

]]></send>${action}`;

/** ACK of a non-2xx final response: the INVITE's branch (the response's Via), the response's To. */
const ackFailure = `  <send><![CDATA[

ACK sip:[service]@[remote_ip]:[remote_port] SIP/2.0
[last_Via:]
From: <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
[last_To:]
Call-ID: [call_id]
CSeq: 1 ACK
Max-Forwards: 70
Content-Length: 0

]]></send>`;

const answered = `  <recv response="100" optional="true" />
  <recv response="180" optional="true" />
  <recv response="200" rrs="true" />`;

/** Calls, is answered, plays `wav` (µ-law, relative to SIPp's directory) as the caller's voice when given, and waits for our BYE. */
export function callAndWaitForByeScenario(wav?: string): string {
  return wrap(
    'inbound: we hang up',
    `${invite}
${answered}
${ack2xx(wav ? `\n  <nop><action><exec rtp_stream="${wav},1,0" /></action></nop>` : '')}
  <recv request="BYE" timeout="120000" />
  <send><![CDATA[

SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0

]]></send>`,
  );
}

/** Calls, is answered, and hangs up after `pauseMs` (while the agent still talks), expecting our 200. */
export function callerHangsUpScenario(pauseMs: number): string {
  return wrap(
    'inbound: the caller hangs up',
    `${invite}
${answered}
${ack2xx()}
  <pause milliseconds="${pauseMs}" />
  <send retrans="500"><![CDATA[

BYE [next_url] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
[last_To:]
Call-ID: [call_id]
CSeq: 2 BYE
Contact: <sip:caller@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Length: 0

]]></send>
  <recv response="200" />`,
  );
}

/** Calls and expects the final response `code` (after an optional 100 Trying), then ACKs it. */
export function refusedScenario(code: number): string {
  return wrap(
    `inbound: refused ${code}`,
    `${invite}
  <recv response="100" optional="true" />
  <recv response="${code}" />
${ackFailure}`,
  );
}

/**
 * Calls and cancels as soon as the INVITE is being handled (100 Trying): expects 200 for the
 * CANCEL, then 487 for the INVITE, and ACKs it.
 */
export function cancelBeforeAnswerScenario(): string {
  return wrap(
    'inbound: CANCEL before the answer',
    `${invite}
  <recv response="100" />
  <send><![CDATA[

CANCEL sip:[service]@[remote_ip]:[remote_port] SIP/2.0
[last_Via:]
From: <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
To: <sip:[service]@[remote_ip]:[remote_port]>
Call-ID: [call_id]
CSeq: 1 CANCEL
Max-Forwards: 70
Content-Length: 0

]]></send>
  <recv response="180" optional="true" />
  <recv response="200" />
  <recv response="487" />
${ackFailure}`,
  );
}
