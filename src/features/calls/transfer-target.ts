import { AppError } from '../../common/errors';
import { resolvesToBlocked, type AddressLookup } from '../../common/net-guard';
import { sipUriHost } from './transfer.schemas';

/** Where an organization's SIP transfer targets may point: its connection's rule for the trunk host. */
export interface SipTransferPolicy {
  /** The deployment's own trunk (SIP_TRUNK_URL), or CARRIER_ALLOW_PRIVATE_NETWORKS=true. */
  allowPrivate: boolean;
  lookup: AddressLookup;
}

const refuse = (message: string) => new AppError('validation_error', 'The request is invalid.', { errors: [{ field: 'transfer_to', message }] });

/**
 * A phone number may be a transfer target on any carrier. A SIP URI only on a SIP connection
 * (`policy` null otherwise), and its host is judged like a trunk's host: not private, loopback or
 * link-local unless the connection's rule allows it. The trunk is asked to reach it, so the URI
 * must not become a way to reach inside the network the trunk's own check protects.
 */
export async function assertTransferTarget(target: string, policy: () => Promise<SipTransferPolicy | null>): Promise<void> {
  const host = sipUriHost(target);
  if (host === null) return;
  const p = await policy();
  if (!p) throw refuse('may be a SIP URI only when the carrier connection is SIP; use an E.164 number');
  if (p.allowPrivate) return;
  const blocked = await resolvesToBlocked(host, 2000, p.lookup);
  if (blocked) throw refuse(`resolves to ${blocked}, a private, loopback or link-local address; only public SIP hosts are allowed`);
}
