/** The parts of npm `sip` (0.0.6, no bundled types) that we use: its message codec (digest authentication is ours: digest.ts). */
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    password?: string;
    host: string;
    port?: number;
    params: Record<string, string | null>;
    headers?: Record<string, string>;
  }
  export interface SipAddress {
    name?: string;
    uri: string;
    params: Record<string, string | null | undefined>;
  }
  export interface SipVia {
    version?: string;
    protocol?: string;
    host: string;
    port?: number;
    params: Record<string, string | number | null | undefined>;
  }
  export interface SipHeaders {
    via: SipVia[];
    to: SipAddress;
    from: SipAddress;
    'call-id': string;
    cseq: { method: string; seq: number };
    contact?: SipAddress[];
    route?: SipAddress[];
    'record-route'?: SipAddress[];
    'www-authenticate'?: unknown[];
    'proxy-authenticate'?: unknown[];
    [name: string]: unknown;
  }
  export interface SipMessage {
    method?: string;
    uri?: string;
    status?: number;
    reason?: string;
    version?: string;
    headers: SipHeaders;
    content?: string;
  }
  export function parse(data: Buffer | string): SipMessage | undefined;
  export function stringify(m: SipMessage): string;
  export function parseUri(uri: string): SipUri;
  export function stringifyUri(uri: SipUri | string): string;
  export function makeResponse(rq: SipMessage, status: number, reason?: string, extension?: { headers?: Record<string, unknown>; content?: string }): SipMessage;
}
