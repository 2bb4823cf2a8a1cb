import { Arg, Authorized, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import { campaignProgress, type CampaignInsights } from './campaign-insights';
import { toProgressType } from './campaigns.resolver';
import { CampaignProgressType, CampaignType, PreviewRecipientsInput, QuestionAnswersType, RecipientsPreviewType } from './campaigns.types';

/** The dashboard's views of a campaign: progress, answer distributions, and recipients checked before a create. */
@Resolver(() => CampaignType)
export class CampaignInsightsResolver {
  constructor(private readonly deps: { campaignInsights: CampaignInsights }) {}

  @FieldResolver(() => CampaignProgressType, { description: 'Recipients by where they stand: reached, opted out, pending, retrying, calling, failed, suppressed, canceled.' })
  async progress(@Root() campaign: CampaignType & { progress?: CampaignProgressType }, @RequestCtx() ctx: Ctx): Promise<CampaignProgressType> {
    // A live update carries it already (read once for every subscriber); the campaign itself was
    // read through the organization's scope by the query that returned it.
    return campaign.progress ?? toProgressType(await campaignProgress(ctx.em, campaign.id));
  }

  @Authorized()
  @Query(() => [QuestionAnswersType], { description: "How a campaign's recipients answered each of its questions (their latest call's answers)." })
  async campaignAnswers(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<QuestionAnswersType[]> {
    return this.deps.campaignInsights.answers(ctx, id);
  }

  @Authorized()
  @Query(() => RecipientsPreviewType, { description: 'Checks recipients (e.g. the rows of a file) against a calling window without creating anything: errors, time zones, first call times, suppressed numbers and repeats.' })
  async previewCampaignRecipients(@Arg('input', () => PreviewRecipientsInput, { description: 'The rows and the window.' }) input: PreviewRecipientsInput, @RequestCtx() ctx: Ctx): Promise<RecipientsPreviewType> {
    const p = await this.deps.campaignInsights.preview(ctx, {
      recipients: input.recipients.map((r) => ({ to: r.to, metadata: r.metadata, time_zone: r.timeZone })),
      time_zone: input.timeZone,
      calling_window: input.callingWindow,
      start_at: input.startAt,
    });
    return {
      ...p,
      rows: p.rows.map((r) => ({
        index: r.index,
        to: r.to,
        errors: r.errors.map((e) => ({ field: e.field, message: e.message })),
        timeZones: r.time_zones,
        timeZoneSource: r.time_zone_source,
        firstCallAt: r.first_call_at,
        suppressed: r.suppressed,
        duplicate: r.duplicate,
      })),
    };
  }
}
