import 'reflect-metadata';
import { Call, newCallRow } from '../../src/features/calls/call.entity';
import { presentCall } from '../../src/features/calls/calls.presenter';
import type { RecordingUrls } from '../../src/features/calls/recording-url';

/**
 * Placing a call builds its row as plain data (newCallRow) instead of an entity; the defaults must
 * stay those of the entity's initializers, or a placed call would be answered and stored otherwise.
 */
describe('newCallRow', () => {
  const orgId = '0190f0f0-0000-7000-8000-000000000001';

  test('has exactly the fields of a new Call, with the same defaults', () => {
    const entity = Object.assign(new Call(), { orgId, to: '+14155550123' });
    const row = newCallRow({ orgId, to: '+14155550123' });
    expect(Object.keys(row).sort()).toEqual(Object.keys(entity).sort());
    for (const key of Object.keys(entity) as Array<keyof typeof row>) {
      if (key === 'id' || key === 'createdAt' || key === 'updatedAt') continue;
      expect([key, row[key]]).toEqual([key, entity[key]]);
    }
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row.id).not.toBe(newCallRow({ orgId, to: '+14155550123' }).id);
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.updatedAt).toEqual(row.createdAt);
  });

  test('is presented exactly as the entity with the same fields (same keys, same order)', () => {
    // A placed call has no recording: no link is signed.
    const urls = { sign: () => 'signed' } as unknown as RecordingUrls;
    const fields = {
      orgId,
      to: '+14155550123',
      from: '+14155550100',
      task: 'Confirm the appointment.',
      questions: [{ key: 'ok', question: 'Is it fine?', type: 'boolean' as const }],
      metadata: { b: 1, a: { c: [1, 2] } },
      webhookUrl: 'https://example.com/hook',
      maxDurationSeconds: 120,
      ringTimeoutSeconds: 20,
      voicemailMessage: 'Call us back.',
      callerName: 'Acme',
      transferTo: '+14155550199',
      transferWhen: { callee_asks: true },
      agent: { language: 'en-US', llm: false },
    };
    const row = newCallRow(fields);
    const entity = Object.assign(new Call(), { ...fields, id: row.id, createdAt: row.createdAt, updatedAt: row.updatedAt });
    expect(JSON.stringify(presentCall(row, urls))).toBe(JSON.stringify(presentCall(entity, urls)));
    const scheduledAt = new Date(Date.now() + 3_600_000);
    expect(JSON.stringify(presentCall({ ...row, status: 'scheduled', scheduledAt }, urls))).toBe(
      JSON.stringify(presentCall(Object.assign(entity, { status: 'scheduled', scheduledAt }), urls)),
    );
  });
});
