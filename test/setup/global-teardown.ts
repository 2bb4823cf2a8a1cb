import { readState, removeDir, withAdminClient } from './test-db';

export default async function globalTeardown(): Promise<void> {
  const state = readState();
  // Drop every database this run created (test files drop their own; this catches crashes).
  await withAdminClient(state.serverUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or starts_with(datname, $2)`,
      [state.templateDb, `vg_t_${process.env.VOICEGATE_TEST_RUN}_`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }).catch(() => undefined);
  const embedded = (globalThis as { __VOICEGATE_EMBEDDED__?: { stop(): Promise<void> } }).__VOICEGATE_EMBEDDED__;
  if (embedded) await embedded.stop();
  if (state.embeddedDir) {
    removeDir(state.embeddedDir);
    removeDir(`${state.embeddedDir}-secrets.json`);
  }
}
