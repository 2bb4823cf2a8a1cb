/** Where a datagram goes or came from: an IP address (never a host name) and a port. */
export interface Remote {
  address: string;
  port: number;
}

/**
 * Decides, right before anything is sent, whether `to` may receive it; throws to refuse (nothing
 * is sent then). The one place every SIP send passes through: requests, their retransmissions,
 * ACK, CANCEL, responses.
 */
export type DestinationCheck = (to: Remote) => void;

/** Allows every destination (a deployment without a policy). */
export const anyDestination: DestinationCheck = () => undefined;

/**
 * How SIP messages travel. UDP today; a stream transport (TCP/TLS) would add framing by
 * Content-Length and a connection per destination behind the same three calls.
 */
export interface SipTransport {
  /** The Via transport token: UDP, TCP, TLS. */
  readonly protocol: 'UDP' | 'TCP' | 'TLS';
  /** The local port (the one in Via and Contact). */
  readonly port: number;
  /** The bound address (0.0.0.0 / :: when bound to every interface). */
  readonly boundAddress: string;
  send(data: Buffer, to: Remote): void;
  onMessage(handler: (data: Buffer, from: Remote) => void): void;
  close(): void;
}
