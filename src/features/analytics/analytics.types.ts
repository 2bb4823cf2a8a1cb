import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

/*
 * These types are plain figures (no field has its own resolver or authorization), so their fields
 * use graphql's default resolver instead of type-graphql's middleware chain: a 90-day answer has
 * about 2,500 of them.
 */
@ObjectType('OutcomeCount', { simpleResolvers: true, description: 'Calls that ended with one outcome.' })
export class OutcomeCountType {
  @Field({ description: 'The disposition (human, busy, no_answer...), or the status when the call ended without one.' }) outcome!: string;
  @Field(() => Int, { description: 'How many calls.' }) count!: number;
}

@ObjectType('CallDayStats', { simpleResolvers: true, description: 'The calls that ended on one UTC day.' })
export class CallDayStatsType {
  @Field({ description: 'The UTC day, YYYY-MM-DD.' }) day!: string;
  @Field(() => Int, { description: 'Calls that ended that day.' }) calls!: number;
  @Field(() => [OutcomeCountType], { description: 'Those calls per outcome, most frequent first.' }) outcomes!: OutcomeCountType[];
  @Field(() => Int, { description: 'Calls a person answered (disposition human).' }) answered!: number;
  @Field(() => Float, { nullable: true, description: 'answered / calls (null without calls).' }) answerRate!: number | null;
  @Field(() => Float, { nullable: true, description: 'Mean duration of the answered calls, in seconds.' }) averageDurationSeconds!: number | null;
  @Field(() => Int, { nullable: true, description: 'Median of the calls\' median turn latency (ms), over calls with measured turns.' }) latencyP50Ms!: number | null;
  @Field(() => Int, { nullable: true, description: '95th percentile of the calls\' p95 turn latency (ms), over calls with measured turns.' }) latencyP95Ms!: number | null;
  @Field(() => Int, { description: 'Calls with measured turns (what the latency figures are over).' }) latencyCalls!: number;
}

@ObjectType('DeliveryDayStats', { simpleResolvers: true, description: 'The webhook attempts made on one UTC day.' })
export class DeliveryDayStatsType {
  @Field({ description: 'The UTC day, YYYY-MM-DD.' }) day!: string;
  @Field(() => Int, { description: 'Attempts made.' }) attempts!: number;
  @Field(() => Int, { description: 'Attempts answered with a 2xx status.' }) succeeded!: number;
  @Field(() => Float, { nullable: true, description: 'succeeded / attempts (null without attempts).' }) successRate!: number | null;
  @Field(() => Int, { nullable: true, description: 'Mean attempt duration, in milliseconds.' }) averageLatencyMs!: number | null;
  @Field(() => Int, { nullable: true, description: '95th percentile of attempt durations, in milliseconds.' }) latencyP95Ms!: number | null;
}

@ObjectType('Analytics', { simpleResolvers: true, description: 'Figures for charts over a range of UTC days, every day present.' })
export class AnalyticsType {
  @Field({ description: 'First day, YYYY-MM-DD.' }) from!: string;
  @Field({ description: 'Last day (included), YYYY-MM-DD.' }) to!: string;
  @Field(() => ID, { nullable: true, description: 'The campaign the figures are limited to, if any.' }) campaignId!: string | null;
  @Field(() => [CallDayStatsType], { description: 'Calls per day, by the day they ended.' }) calls!: CallDayStatsType[];
  @Field(() => [DeliveryDayStatsType], { description: 'Webhook attempts per day.' }) deliveries!: DeliveryDayStatsType[];
}
