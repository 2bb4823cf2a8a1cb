import { BlockedDestinationError, isBlockedAddress } from '../../../common/net-guard';

/** Where a datagram goes or came from: an IP address (never a host name) and a port. */
export interface Remote {
  address: string;
  port: number;
  /**
   * The policy of whoever chose this destination: false when it may not be private, loopback or
   * link-local (an organization's trunk without CARRIER_ALLOW_PRIVATE_NETWORKS). Absent: not
   * judged (a response to a request outside any call goes back to the request's source).
   */
  allowPrivate?: boolean;
}

/**
 * Decides, right before anything is sent, whether `to` may receive it; throws to refuse (nothing
 * is sent then). The one place every SIP send passes through: requests, their retransmissions,
 * ACK, CANCEL, responses.
 */
export type DestinationCheck = (to: Remote) => void;

/**
 * The default check: a destination whose policy forbids private addresses is refused when it is
 * one (BlockedDestinationError). The trunk's host name was resolved and judged right before the
 * call or ping; this judges again every address a message actually goes to.
 */
export const judgeDestination: DestinationCheck = (to) => {
  if (to.allowPrivate === false && isBlockedAddress(to.address)) throw new BlockedDestinationError(to.address);
};

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
