import { Voicegate, VoicegateError } from '@voicegate/sdk';

/** Places a call, waits until it ends and prints the last calls that failed. */
export async function quickstart(vg: Voicegate, to: string): Promise<string> {
  const call = await vg.calls.place({
    to,
    task: 'Confirm tomorrow’s 10:00 appointment.',
    questions: [{ key: 'confirmed', question: 'Will you come?', type: 'boolean' }],
    metadata: { appointment_id: 'apt_42' },
  });
  console.log(`placed ${call.call_id} (${call.status})`);

  try {
    await vg.calls.get('00000000-0000-7000-8000-000000000000');
  } catch (err) {
    if (err instanceof VoicegateError && err.code === 'not_found') console.log(`no such call (request ${err.requestId})`);
    else throw err;
  }

  // Every failed call, page after page, newest first.
  for await (const failed of vg.calls.list({ status: 'failed', limit: 100 })) {
    console.log(`${failed.call_id} ${failed.to} ${failed.disposition}`);
  }
  return call.call_id;
}

if (require.main === module) {
  const vg = new Voicegate({ apiKey: process.env.VOICEGATE_API_KEY!, baseUrl: process.env.VOICEGATE_BASE_URL ?? 'http://localhost:8000' });
  quickstart(vg, process.argv[2] ?? '+14155550100').catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
