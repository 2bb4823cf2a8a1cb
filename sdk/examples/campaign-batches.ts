import { Voicegate, type Campaign } from '@voicegate/sdk';

/**
 * Creates a campaign for any number of recipients: the first batch with the campaign, the rest
 * appended. Every request carries an Idempotency-Key derived from `key`, so running it again
 * after a crash (same key, same numbers, same start) makes no second campaign and adds no batch twice.
 */
export async function createInBatches(vg: Voicegate, key: string, numbers: string[], startAt: Date, batchSize = 10_000): Promise<Campaign> {
  const batches: string[][] = [];
  for (let i = 0; i < numbers.length; i += batchSize) batches.push(numbers.slice(i, i + batchSize));
  const [first = [], ...rest] = batches;

  const created = await vg.campaigns.create(
    {
      name: `Appointment reminders (${key})`,
      task: 'Remind the patient of tomorrow’s appointment and ask whether they will come.',
      questions: [{ key: 'coming', question: 'Will you come?', type: 'boolean' }],
      start_at: startAt.toISOString(),
      calling_window: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '20:00' },
      max_concurrent_calls: 2,
      recipients: first.map((to) => ({ to })),
    },
    { idempotencyKey: `${key}-create` },
  );
  for (const [i, batch] of rest.entries()) {
    await vg.campaigns.appendRecipients(created.campaign_id, { recipients: batch.map((to) => ({ to })) }, { idempotencyKey: `${key}-batch-${i + 1}` });
  }

  const campaign = await vg.campaigns.get(created.campaign_id);
  console.log(`${campaign.campaign_id} ${campaign.status}: ${campaign.counts.total} recipients, ${campaign.counts.suppressed} suppressed`);
  // Numbers on the suppression list are never called.
  for await (const r of vg.campaigns.listRecipients(campaign.campaign_id, { status: 'suppressed' })) console.log(`not called: ${r.to}`);
  return campaign;
}

if (require.main === module) {
  const vg = new Voicegate({ apiKey: process.env.VOICEGATE_API_KEY!, baseUrl: process.env.VOICEGATE_BASE_URL ?? 'http://localhost:8000' });
  const [key = 'reminders', ...numbers] = process.argv.slice(2);
  createInBatches(vg, key, numbers, new Date(Date.now() + 3_600_000)).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
