import type { Pool } from 'pg';
import type { Config } from '../../config';
import { decryptSecret } from '../../common/crypto';
import { parseTrunkUrl, resolveTrunk, trunkLookup, type TrunkPolicy } from '../../carriers/sip/sip-trunk';
import type { SipTrunk } from '../../carriers/sip/sip-trunk';
import type { AddressLookup } from '../../common/net-guard';

interface Common {
  /** Caller-ID numbers a call may use; empty = any (the simulator, or a default without CALLER_ID). */
  numbers: string[];
  source: 'organization' | 'default';
  updatedAt: Date | null;
}
export type EffectiveConnection =
  | (Common & { type: 'simulator' })
  | (Common & { type: 'sip'; host: string; port: number; transport: 'udp'; username?: string; password?: string })
  | (Common & { type: 'twilio'; accountSid: string; authToken: string });

interface ConnectionRow {
  type: 'simulator' | 'sip' | 'twilio';
  host: string | null;
  port: number | null;
  username: string | null;
  account_sid: string | null;
  secret_enc: string | null;
  numbers: string[];
  updated_at: Date;
}

/**
 * Which carrier, account and numbers a call of an organization uses: the organization's own
 * connection, else the deployment default from the environment. Secrets come back decrypted, for
 * the carrier only; nothing here is ever returned to a client.
 */
export class ConnectionResolver {
  /** How SIP trunk host names are resolved, when saved and before every send (SIP_DNS_SERVERS). */
  readonly sipLookup: AddressLookup;

  constructor(
    private readonly config: Config,
    private readonly pool: Pool,
  ) {
    this.sipLookup = trunkLookup(config.sip.dnsServers);
  }

  /**
   * Where a SIP connection may send: an organization's trunk only to public addresses unless
   * CARRIER_ALLOW_PRIVATE_NETWORKS=true (the rule its host was saved under); the deployment's own
   * trunk (SIP_TRUNK_URL, set by the operator) anywhere.
   */
  sipPolicy(c: EffectiveConnection): TrunkPolicy {
    return { allowPrivate: c.source === 'default' || this.config.carrierAllowPrivateNetworks, lookup: this.sipLookup };
  }

  /** The organization's SIP trunk, its host resolved and judged now (right before a call's INVITE). */
  async sipTrunkFor(orgId: string): Promise<SipTrunk> {
    const c = await this.forOrg(orgId);
    if (c.type !== 'sip') throw new Error('the organization has no SIP trunk');
    return resolveTrunk({ host: c.host, port: c.port, username: c.username, password: c.password }, this.sipPolicy(c));
  }

  async forOrg(orgId: string): Promise<EffectiveConnection> {
    const { rows } = await this.pool.query<ConnectionRow>(
      'select type, host, port, username, account_sid, secret_enc, numbers, updated_at from carrier_connections where org_id = $1',
      [orgId],
    );
    const row = rows[0];
    return row ? this.fromRow(row) : this.deploymentDefault();
  }

  /** Only the caller-ID numbers (placing a call needs no secret). */
  async numbersFor(orgId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ numbers: string[] }>('select numbers from carrier_connections where org_id = $1', [orgId]);
    return rows[0] ? rows[0].numbers : this.deploymentDefault().numbers;
  }

  fromRow(row: ConnectionRow): EffectiveConnection {
    const common = { numbers: row.numbers, source: 'organization' as const, updatedAt: row.updated_at };
    const secret = row.secret_enc ? decryptSecret(row.secret_enc, this.config.secretsEncryptionKey) : undefined;
    if (row.type === 'sip') return { ...common, type: 'sip', host: row.host!, port: row.port ?? 5060, transport: 'udp', username: row.username ?? undefined, password: secret };
    if (row.type === 'twilio') return { ...common, type: 'twilio', accountSid: row.account_sid!, authToken: secret ?? '' };
    return { ...common, type: 'simulator', numbers: [] };
  }

  deploymentDefault(): EffectiveConnection {
    const c = this.config;
    const numbers = c.sip.callerId ? [c.sip.callerId] : [];
    const common = { numbers, source: 'default' as const, updatedAt: null };
    if (c.carrier === 'twilio') return { ...common, type: 'twilio', accountSid: c.twilio.accountSid!, authToken: c.twilio.authToken! };
    if (c.carrier === 'sip' && c.sip.trunkUrl) {
      const t = parseTrunkUrl(c.sip.trunkUrl);
      return { ...common, type: 'sip', host: t.host, port: t.port, transport: 'udp', username: t.username, password: t.password };
    }
    return { ...common, type: 'simulator', numbers: [] };
  }

  /** The auth token of a Twilio account this organization's calls may have used (its own, or the default's). */
  async twilioTokenFor(orgId: string, accountSid: string): Promise<string | null> {
    const own = await this.forOrg(orgId);
    if (own.type === 'twilio' && own.accountSid === accountSid) return own.authToken;
    const d = this.config.twilio;
    if (d.accountSid === accountSid && d.authToken) return d.authToken;
    return null;
  }
}
