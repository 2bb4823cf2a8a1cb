import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { UpdateCarrierInput } from './carrier-connections.schemas';
import type { CarrierConnectionsService } from './carrier-connections.service';
import { CarrierConnectionInput, CarrierConnectionTestType, CarrierConnectionType } from './carrier-connections.types';

export interface CarrierConnectionsResolverDeps {
  carrierConnections: CarrierConnectionsService;
}

@Resolver()
export class CarrierConnectionsResolver {
  constructor(private readonly deps: CarrierConnectionsResolverDeps) {}

  @Authorized()
  @Query(() => CarrierConnectionType, { description: "The organization's effective carrier connection (its own, or the deployment default)." })
  async carrier(@RequestCtx() ctx: Ctx): Promise<CarrierConnectionType> {
    return this.deps.carrierConnections.get(ctx);
  }

  @Authorized()
  @Mutation(() => CarrierConnectionType, { description: 'Owner only: connect a carrier (simulator, SIP trunk or Twilio account).' })
  async updateCarrier(
    @Arg('input', () => CarrierConnectionInput, { description: 'The connection; a secret left out is kept.' }) input: CarrierConnectionInput,
    @RequestCtx() ctx: Ctx,
  ): Promise<CarrierConnectionType> {
    // The same shape as the REST body, so the service validates both the same way (fields left
    // out are absent, not undefined: each kind's body is closed to the other kinds' fields).
    const fields = {
      type: input.type,
      host: input.host ?? undefined,
      port: input.port ?? undefined,
      transport: input.transport ?? undefined,
      username: input.username ?? undefined,
      password: input.password ?? undefined,
      account_sid: input.accountSid ?? undefined,
      auth_token: input.authToken ?? undefined,
      numbers: input.numbers ?? undefined,
    };
    const raw = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return this.deps.carrierConnections.update(ctx, raw as UpdateCarrierInput);
  }

  @Authorized()
  @Mutation(() => CarrierConnectionType, { description: 'Owner only: back to the deployment default.' })
  async removeCarrier(@RequestCtx() ctx: Ctx): Promise<CarrierConnectionType> {
    return this.deps.carrierConnections.remove(ctx);
  }

  @Authorized()
  @Mutation(() => CarrierConnectionTestType, { description: 'Owner only, rate-limited per organization: Twilio fetches the account; SIP sends an OPTIONS ping. Says what went wrong in words.' })
  async testCarrier(@RequestCtx() ctx: Ctx): Promise<CarrierConnectionTestType> {
    return this.deps.carrierConnections.test(ctx);
  }
}
