import { isIP } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Config } from '../../config';
import { decryptSecret } from '../../common/crypto';
import type { Logger } from '../../common/logger';
import { resolveDestination, type AddressLookup } from '../../common/net-guard';
import { Call, type CallLifecycle, type CallQuestion, type CarrierName, type InboundCalls, type InboundDecision, type InboundOffer } from '../calls';

export interface InboundIntakeDeps {
  config: Pick<Config, 'carrierAllowPrivateNetworks' | 'secretsEncryptionKey' | 'sip' | 'twilio'>;
  pool: Pick<Pool, 'query'>;
  em: () => EntityManager;
  lifecycle: Pick<CallLifecycle, 'acceptInbound'>;
  /** How SIP trunk host names are resolved (SIP_DNS_SERVERS, else the system resolver). */
  sipLookup: AddressLookup;
  log: Logger;
}

interface Candidate {
  org_id: string;
  host: string | null;
  account_sid: string | null;
  active: boolean;
  enabled: boolean | null;
  greeting: string | null;
  task: string | null;
  questions: CallQuestion[] | null;
  webhook_url: string | null;
  transfer_to: string | null;
}

/**
 * The organizations whose connection of this carrier lists the number called, most recently
 * changed first, with their inbound settings. Numbers are stored canonical (E.164), like `to`.
 */
const CANDIDATES_SQL = `
select c.org_id, c.host, c.account_sid, o.active, s.enabled, s.greeting, s.task, s.questions, s.webhook_url, s.transfer_to
  from carrier_connections c
  join organizations o on o.id = c.org_id
  left join inbound_settings s on s.org_id = c.org_id
 where c.type = $1 and c.numbers @> jsonb_build_array($2::text)
 order by c.updated_at desc, c.org_id
 limit 20`;

/** ::ffff:203.0.113.5 (an IPv4 peer on an IPv6 socket) is 203.0.113.5. */
const plainAddress = (a: string): string => (a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a);

/**
 * Where calls offered by carriers become inbound calls (the carriers' InboundCalls port). The
 * organization is the one whose connection of that carrier lists the number called and that the
 * offer provably comes from: for SIP, the INVITE's source address is one of the addresses the
 * connection's trunk host resolves to now (judged by the trunk's address policy); for Twilio, the
 * account the call arrived on (the route has checked the request's signature with its token).
 * Then its inbound settings decide: off (or never saved), or an inactive organization, refuse.
 */
export class InboundIntake implements InboundCalls {
  constructor(private readonly deps: InboundIntakeDeps) {}

  async offer(o: InboundOffer): Promise<InboundDecision> {
    // Offered again (Twilio retries a webhook that timed out): the same call, never a second one.
    // (SIP retransmissions are absorbed by the INVITE server transaction before they get here.)
    const earlier = o.carrier === 'twilio' ? await this.inboundCall(o.carrier, o.carrierCallId) : null;
    if (earlier && earlier.carrierAccount === o.accountSid) {
      return { kind: 'accepted', call: earlier, allowPrivate: this.deps.config.carrierAllowPrivateNetworks };
    }
    const { rows } = await this.deps.pool.query<Candidate>(CANDIDATES_SQL, [o.carrier, o.to]);
    if (!rows.length) return { kind: 'unknown_number' };
    const owner = o.carrier === 'sip' ? await this.trunkSending(rows, o.sourceAddress) : (rows.find((r) => r.account_sid === o.accountSid) ?? null);
    if (!owner) return o.carrier === 'sip' ? { kind: 'forbidden' } : { kind: 'unknown_number' };
    if (!owner.active || !owner.enabled) return { kind: 'disabled' };
    const call = await this.deps.lifecycle.acceptInbound(this.deps.em(), {
      orgId: owner.org_id,
      to: o.to,
      from: o.from,
      carrier: o.carrier,
      carrierCallId: o.carrierCallId,
      carrierAccount: o.carrier === 'twilio' ? (o.accountSid ?? null) : null,
      greeting: owner.greeting,
      task: owner.task,
      questions: owner.questions ?? [],
      webhookUrl: owner.webhook_url,
      transferTo: owner.transfer_to,
      leaseMs: o.carrier === 'sip' ? this.deps.config.sip.callLeaseMs : undefined,
    });
    return { kind: 'accepted', call, allowPrivate: this.deps.config.carrierAllowPrivateNetworks };
  }

  inboundCall(carrier: CarrierName, carrierCallId: string): Promise<Call | null> {
    return this.deps.em().findOne(Call, { carrier, carrierCallId, direction: 'inbound' });
  }

  /** Whether any organization has a SIP connection (a worker then opens its SIP port for their trunks' INVITEs). */
  async sipInUse(): Promise<boolean> {
    const { rows } = await this.deps.pool.query<{ used: boolean }>(`select exists (select 1 from carrier_connections where type = 'sip') as used`);
    return rows[0]?.used === true;
  }

  async twilioTokens(accountSid: string): Promise<string[]> {
    const { rows } = await this.deps.pool.query<{ secret_enc: string | null }>(
      `select secret_enc from carrier_connections where type = 'twilio' and account_sid = $1`,
      [accountSid],
    );
    return rows.flatMap((r) => (r.secret_enc ? [decryptSecret(r.secret_enc, this.deps.config.secretsEncryptionKey)] : []));
  }

  /** The first candidate whose trunk host resolves (now, by its policy) to the address the INVITE came from. */
  private async trunkSending(rows: Candidate[], source: string | undefined): Promise<Candidate | null> {
    if (!source) return null;
    const from = plainAddress(source);
    for (const r of rows) {
      if (!r.host) continue;
      try {
        const addresses = await resolveDestination(r.host.replace(/^\[|\]$/g, ''), { allowPrivate: this.deps.config.carrierAllowPrivateNetworks, lookup: this.deps.sipLookup });
        if (addresses.some((a) => plainAddress(a.address) === from)) return r;
      } catch (err) {
        // Unresolvable now, or resolving to an address its policy refuses: it cannot be the sender.
        this.deps.log.info({ org_id: r.org_id, err: (err as Error).message }, 'an inbound INVITE could not be matched to this trunk');
      }
    }
    return null;
  }
}
