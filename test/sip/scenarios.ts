/**
 * SIPp far-end scenarios (UAS), one per outcome. SIPp cannot take a response code as a parameter,
 * so each code gets its own scenario text.
 */
const headers = (tag = true) => `[last_Via:]
[last_From:]
[last_To:]${tag ? ';tag=[pid]SIPpTag01[call_number]' : ''}
[last_Call-ID:]
[last_CSeq:]`;

const sdp = `Content-Type: application/sdp
Content-Length: [len]

v=0
o=callee 53655765 2353687637 IN IP[local_ip_type] [local_ip]
s=-
c=IN IP[media_ip_type] [media_ip]
t=0 0
m=audio [media_port] RTP/AVP 0 101
a=rtpmap:0 PCMU/8000
a=rtpmap:101 telephone-event/8000
a=fmtp:101 0-15
`;

const wrap = (name: string, body: string) => `<?xml version="1.0" encoding="ISO-8859-1" ?>
<!DOCTYPE scenario SYSTEM "sipp.dtd">
<scenario name="${name}">
${body}
</scenario>
`;

const trying = `  <send><![CDATA[

SIP/2.0 100 Trying
${headers(false)}
Content-Length: 0

]]></send>`;

const ringing = `  <send><![CDATA[

SIP/2.0 180 Ringing
${headers()}
Contact: <sip:callee@[local_ip]:[local_port]>
Content-Length: 0

]]></send>`;

// SIPp refuses to load a scenario with a variable that is assigned but never used: capture only what is needed.
const captureInvite = (vars: Array<'dialog' | 'cseq'> = [], extra = '') => `  <recv request="INVITE">
    <action>${extra}
      ${vars.includes('dialog') ? '<ereg regexp=".*" search_in="hdr" header="From:" assign_to="remote_from" />' : ''}
      ${vars.includes('dialog') ? '<ereg regexp="sip:[^>]*" search_in="hdr" header="Contact:" assign_to="remote_contact" />' : ''}
      ${vars.includes('cseq') ? '<ereg regexp="[0-9]+" search_in="hdr" header="CSeq:" assign_to="invite_cseq" />' : ''}
    </action>
  </recv>`;

const ok200 = `  <send retrans="500"><![CDATA[

SIP/2.0 200 OK
${headers()}
Contact: <sip:callee@[local_ip]:[local_port]>
${sdp}
]]></send>`;

// When our ACK comes after SIPp's 500 ms retransmission timer (a loaded machine), SIPp sends its
// 200 OK again and we send the very same ACK again, which SIPp absorbs as a retransmission of the
// last message it received: no second ACK is expected here, nor during the pauses below.
const answerByeFromCaller = `  <recv request="BYE" timeout="110000" />
  <send><![CDATA[

SIP/2.0 200 OK
${headers(false)}
Content-Length: 0

]]></send>`;

/** Rejects the INVITE with `code` (after ringing when `ring`), and expects our ACK. */
export function rejectScenario(code: number, reason: string, ring: boolean): string {
  return wrap(
    `reject ${code}`,
    `${captureInvite()}
${trying}
${ring ? ringing : ''}
  <send><![CDATA[

SIP/2.0 ${code} ${reason}
${headers()}
Content-Length: 0

]]></send>
  <recv request="ACK" />`,
  );
}

/** Answers; plays `wav` (µ-law) as the callee's voice when given; expects our BYE. */
export function answerScenario(wav?: string): string {
  return wrap(
    'answer',
    `${captureInvite()}
${trying}
${ringing}
${ok200}
  <recv request="ACK">
    ${wav ? `<action><exec rtp_stream="${wav},1,0" /></action>` : ''}
  </recv>
${answerByeFromCaller}`,
  );
}

/** Answers, then hangs up itself after `pauseMs` and expects our 200 to its BYE. */
export function calleeHangsUpScenario(pauseMs: number): string {
  return wrap(
    'callee hangs up',
    `${captureInvite(['dialog'])}
${trying}
${ringing}
${ok200}
  <recv request="ACK" />
  <pause milliseconds="${pauseMs}" />
  <send retrans="500"><![CDATA[

BYE [$remote_contact] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:callee@[local_ip]:[local_port]>;tag=[pid]SIPpTag01[call_number]
To: [$remote_from]
[last_Call-ID:]
CSeq: 1 BYE
Contact: <sip:callee@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Length: 0

]]></send>
  <recv response="200" />`,
  );
}

/** Rings and never answers: expects our CANCEL (answered 200) and our ACK of the 487. */
export function ringForeverScenario(): string {
  return wrap(
    'ring until CANCEL',
    `${captureInvite(['cseq'])}
${trying}
${ringing}
  <recv request="CANCEL" timeout="110000" />
  <send><![CDATA[

SIP/2.0 200 OK
${headers()}
Content-Length: 0

]]></send>
  <send><![CDATA[

SIP/2.0 487 Request Terminated
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
CSeq: [$invite_cseq] INVITE
Content-Length: 0

]]></send>
  <recv request="ACK" />`,
  );
}

/** Challenges the INVITE (401 digest), checks the credentials of the retry, then answers. */
export function digestScenario(user: string, password: string): string {
  return wrap(
    'digest challenge',
    `  <recv request="INVITE" />
  <send><![CDATA[

SIP/2.0 401 Unauthorized
${headers()}
WWW-Authenticate: Digest realm="voicegate.test", nonce="47ebe028cda119c35d4877b383027d28da013815", algorithm=MD5
Content-Length: 0

]]></send>
  <recv request="ACK" />
${captureInvite([], `\n      <verifyauth assign_to="authvalid" username="${user}" password="${password}" />`)}
  <nop hide="true" test="authvalid" next="good" />
  <send><![CDATA[

SIP/2.0 403 Forbidden
${headers()}
Content-Length: 0

]]></send>
  <recv request="ACK" next="end" />
  <label id="good" />
${trying}
${ringing}
${ok200}
  <recv request="ACK" />
${answerByeFromCaller}
  <label id="end" />`,
  );
}

/** A NOTIFY of the REFER's progress (RFC 3515): a message/sipfrag body, in the callee's dialog. */
const notify = (cseq: number, frag: string, state: string) => `  <send retrans="500"><![CDATA[

NOTIFY [$remote_contact] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:callee@[local_ip]:[local_port]>;tag=[pid]SIPpTag01[call_number]
To: [$remote_from]
[last_Call-ID:]
CSeq: ${cseq} NOTIFY
Contact: <sip:callee@[local_ip]:[local_port]>
Max-Forwards: 70
Event: refer
Subscription-State: ${state}
Content-Type: message/sipfrag;version=2.0
Content-Length: [len]

${frag}
]]></send>
  <recv response="200" />`;

/**
 * A trunk that transfers: answers, presses `digit` at once (SIP INFO dtmf-relay), accepts our REFER
 * (its Refer-To must contain `referTo`, a URI without the angle brackets) with 202, reports the new call's progress (NOTIFY sipfrag 100
 * Trying, then 200 OK), each of which we must answer 200, then expects our BYE.
 */
export function referAcceptScenario(digit: string, referTo: string): string {
  return wrap(
    'REFER accepted',
    `${captureInvite(['dialog'])}
${trying}
${ringing}
${ok200}
  <recv request="ACK" />
  <send retrans="500"><![CDATA[

INFO [$remote_contact] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:callee@[local_ip]:[local_port]>;tag=[pid]SIPpTag01[call_number]
To: [$remote_from]
[last_Call-ID:]
CSeq: 1 INFO
Contact: <sip:callee@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Type: application/dtmf-relay
Content-Length: [len]

Signal=${digit}
Duration=160
]]></send>
  <recv response="200" />
  <recv request="REFER" timeout="60000">
    <action>
      <ereg regexp="${referTo.replace(/[.+]/g, '\\$&')}" search_in="hdr" header="Refer-To:" check_it="true" assign_to="refer_to" />
      <log message="Refer-To [$refer_to]" />
    </action>
  </recv>
  <send><![CDATA[

SIP/2.0 202 Accepted
${headers(false)}
Content-Length: 0

]]></send>
${notify(2, 'SIP/2.0 100 Trying', 'active;expires=60')}
${notify(3, 'SIP/2.0 200 OK', 'terminated;reason=noresource')}
${answerByeFromCaller}`,
  );
}
