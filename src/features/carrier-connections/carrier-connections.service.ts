import { LockMode } from '@mikro-orm/core';
import type { Config } from '../../config';
import { pingTrunk } from '../../carriers/sip/sip-ping';
import { describeTwilioFailure, twilioClient } from '../../carriers/twilio/twilio-client';
import type { Ctx, UserActor } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { encryptSecret } from '../../common/crypto';
import { validationError } from '../../common/errors';
import { resolvesToBlocked } from '../../common/net-guard';
import { parseInput } from '../../common/validation';
import type { RateLimits } from '../../rate-limit/rate-limits';
import { AuditEntry } from '../audit';
import { CarrierConnection } from './carrier-connection.entity';
import { updateCarrierSchema, type UpdateCarrierInput, type ValidCarrierInput } from './carrier-connections.schemas';
import type { ConnectionResolver, EffectiveConnection } from './effective-connection';

/** The connection as clients see it: no secret, only whether one is set. */
export interface CarrierView {
  type: 'simulator' | 'sip' | 'twilio';
  source: 'organization' | 'default';
  host: string | null;
  port: number | null;
  transport: string | null;
  username: string | null;
  accountSid: string | null;
  numbers: string[];
  passwordSet: boolean | null;
  authTokenSet: boolean | null;
  updatedAt: Date | null;
}

export interface ConnectionTest {
  ok: boolean;
  message: string;
}

export class CarrierConnectionsService {
  constructor(
    private readonly config: Config,
    private readonly resolver: ConnectionResolver,
    private readonly rateLimits: RateLimits,
  ) {}

  async get(ctx: Ctx): Promise<CarrierView> {
    return viewOf(await this.resolver.forOrg(requireOrg(ctx)));
  }

  /**
   * Owner only. A secret left out is kept only for the same destination: the same Twilio account,
   * or the same SIP host, port and user name. Changing one of those without sending the secret
   * again is refused (422 on the secret's field), so a stored password never follows the trunk to
   * a host of the owner's choosing.
   */
  async update(ctx: Ctx, raw: UpdateCarrierInput): Promise<CarrierView> {
    const owner = requireOwner(ctx);
    const input = parseInput(updateCarrierSchema, raw);
    if (input.type === 'sip' && !this.config.carrierAllowPrivateNetworks) {
      const blocked = await resolvesToBlocked(input.host.replace(/^\[|\]$/g, ''), 2000, this.resolver.sipLookup);
      if (blocked) throw validationError('host', `resolves to ${blocked}, a private, loopback or link-local address; only public SIP trunks are allowed`);
    }
    await ctx.em.transactional(async (em) => {
      const row = await em.findOne(CarrierConnection, { orgId: owner.orgId }, { populate: ['secretEnc'], lockMode: LockMode.PESSIMISTIC_WRITE });
      const before = row ? auditView(row) : null;
      const keepSecret = row && sameDestination(row, input) ? row.secretEnc : null;
      if (input.type === 'sip' && input.password === undefined && row?.type === 'sip' && row.secretEnc && !keepSecret) {
        throw validationError('password', 'is required when the host, port or user name changes (the stored password is kept only for the same trunk)');
      }
      const next = row ?? em.create(CarrierConnection, { orgId: owner.orgId, type: input.type });
      Object.assign(next, { type: input.type, host: null, port: null, transport: null, username: null, accountSid: null, secretEnc: null, numbers: [] });
      let secretRotated = false;
      if (input.type === 'sip') {
        Object.assign(next, { host: input.host, port: input.port, transport: input.transport, username: input.username ?? null, numbers: input.numbers });
        next.secretEnc = input.password !== undefined ? encryptSecret(input.password, this.config.secretsEncryptionKey) : keepSecret;
        secretRotated = input.password !== undefined;
      } else if (input.type === 'twilio') {
        if (input.auth_token === undefined && !keepSecret) throw validationError('auth_token', 'is required for a new Twilio account');
        Object.assign(next, { accountSid: input.account_sid, numbers: input.numbers });
        next.secretEnc = input.auth_token !== undefined ? encryptSecret(input.auth_token, this.config.secretsEncryptionKey) : keepSecret;
        secretRotated = input.auth_token !== undefined;
      }
      next.updatedAt = new Date();
      audit(em, ctx, owner, 'carrier.update', before, { ...auditView(next), secret_changed: secretRotated });
    });
    return this.get(ctx);
  }

  /** Owner only: back to the deployment default. */
  async remove(ctx: Ctx): Promise<CarrierView> {
    const owner = requireOwner(ctx);
    await ctx.em.transactional(async (em) => {
      const row = await em.findOne(CarrierConnection, { orgId: owner.orgId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) return;
      audit(em, ctx, owner, 'carrier.remove', auditView(row), null);
      em.remove(row);
    });
    return this.get(ctx);
  }

  /**
   * Owner only, and rate-limited per organization (RATE_LIMIT_CARRIER_TEST_PER_10_MIN): each test
   * sends a packet to a destination the owner chose. Twilio: fetches the account with the stored
   * credentials; SIP: one OPTIONS ping, its host judged again right before it is sent. Never
   * throws for a bad connection.
   */
  async test(ctx: Ctx): Promise<ConnectionTest> {
    const owner = requireOwner(ctx);
    await this.rateLimits.consume('carrier_test', owner.orgId, 'Too many connection tests for this organization; try again later.');
    const c = await this.resolver.forOrg(owner.orgId);
    if (c.type === 'simulator') return { ok: true, message: 'The built-in simulator needs no connection.' };
    if (c.type === 'sip') return pingTrunk({ host: c.host, port: c.port }, this.resolver.sipPolicy(c), ctx.log);
    try {
      const account = await twilioClient(c, this.config.twilio.apiBaseUrl).api.v2010.accounts(c.accountSid).fetch();
      if (account.status !== 'active') return { ok: false, message: `The Twilio account "${account.friendlyName}" is ${account.status}, not active.` };
      return { ok: true, message: `Connected to the Twilio account "${account.friendlyName}" (${account.type}, ${account.status}).` };
    } catch (err) {
      return { ok: false, message: describeTwilioFailure(err, this.config.twilio.apiBaseUrl) };
    }
  }
}

/** Whether a stored secret may stay: same kind and the same account (Twilio) or host, port and user (SIP). */
function sameDestination(row: CarrierConnection, input: ValidCarrierInput): boolean {
  if (row.type !== input.type) return false;
  if (input.type === 'twilio') return row.accountSid === input.account_sid;
  if (input.type === 'sip') {
    return row.host?.toLowerCase() === input.host.toLowerCase() && (row.port ?? 5060) === input.port && (row.username ?? null) === (input.username ?? null);
  }
  return true;
}

function viewOf(c: EffectiveConnection): CarrierView {
  return {
    type: c.type,
    source: c.source,
    host: c.type === 'sip' ? c.host : null,
    port: c.type === 'sip' ? c.port : null,
    transport: c.type === 'sip' ? c.transport : null,
    username: c.type === 'sip' ? (c.username ?? null) : null,
    accountSid: c.type === 'twilio' ? c.accountSid : null,
    numbers: c.numbers,
    passwordSet: c.type === 'sip' ? !!c.password : null,
    authTokenSet: c.type === 'twilio' ? !!c.authToken : null,
    updatedAt: c.updatedAt,
  };
}

function auditView(c: CarrierConnection): Record<string, unknown> {
  return { type: c.type, host: c.host, port: c.port, username: c.username, account_sid: c.accountSid, numbers: c.numbers };
}

/** Written in the same transaction as the change it describes. */
function audit(em: Ctx['em'], ctx: Ctx, owner: UserActor, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): void {
  em.create(AuditEntry, {
    actorUserId: owner.userId,
    actorEmail: owner.email,
    action,
    targetType: 'carrier_connection',
    targetId: owner.orgId,
    orgId: owner.orgId,
    before,
    after,
    requestId: ctx.requestId,
    ip: ctx.ip ?? null,
  });
}
