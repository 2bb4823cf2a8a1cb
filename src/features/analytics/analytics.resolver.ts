import { Arg, Authorized, ID, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { AnalyticsService } from './analytics.service';
import { AnalyticsType } from './analytics.types';

@Resolver()
export class AnalyticsResolver {
  constructor(private readonly deps: { analytics: AnalyticsService }) {}

  @Authorized()
  @Query(() => AnalyticsType, { description: 'Calls per day by outcome, answer rate, duration, turn latency, and webhook delivery success and latency, per UTC day (at most 366 days).' })
  async analytics(
    @Arg('from', { description: 'First day, YYYY-MM-DD (UTC).' }) from: string,
    @Arg('to', { description: 'Last day included, YYYY-MM-DD (UTC).' }) to: string,
    @Arg('campaignId', () => ID, { nullable: true, description: 'Only this campaign\'s calls and their webhooks.' }) campaignId: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AnalyticsType> {
    const a = await this.deps.analytics.get(ctx, { from, to, campaign_id: campaignId });
    return {
      from: a.from,
      to: a.to,
      campaignId: a.campaign_id,
      calls: a.calls.map((d) => ({
        day: d.day,
        calls: d.calls,
        outcomes: d.outcomes,
        answered: d.answered,
        answerRate: d.answer_rate,
        averageDurationSeconds: d.average_duration_seconds,
        latencyP50Ms: d.latency_p50_ms,
        latencyP95Ms: d.latency_p95_ms,
        latencyCalls: d.latency_calls,
      })),
      deliveries: a.deliveries.map((d) => ({
        day: d.day,
        attempts: d.attempts,
        succeeded: d.succeeded,
        successRate: d.success_rate,
        averageLatencyMs: d.average_latency_ms,
        latencyP95Ms: d.latency_p95_ms,
      })),
    };
  }
}
