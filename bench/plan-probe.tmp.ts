import { Client } from 'pg';
import { applyReportSql } from '../src/features/calls/call-report.sql';
import { RECORD_ANALYSIS_SQL } from '../src/features/calls/call-analysis.sql';
async function plan(c: Client, label: string, text: string, vals: unknown[]) {
  await c.query('begin');
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await c.query({ text: 'explain (summary) ' + text, values: vals });
    ts.push(Number(/Planning Time: ([\d.]+)/.exec(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'))![1]));
  }
  await c.query('rollback');
  console.log(label.padEnd(30), ts.sort((a, b) => a - b)[2], 'ms (median of 5)', text.length, 'chars');
}
async function main() {
  const c = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/lc_plan_probe' });
  await c.connect();
  const vals = ['01a2028a-4323-71db-92b4-372958863c1f', 'completed', null, 'human', 10, '{"result":"human","ms":1}', null, null, '01a2028a-4323-71db-92b4-372958863c10', 'sip', false];
  const full = applyReportSql('(c.campaign_id is not null and c.recipient_id is not null)');
  await plan(c, 'full', full, vals);
  const v = process.argv[2];
  if (v) await plan(c, 'variant', require('fs').readFileSync(v, 'utf8'), vals);
  await plan(c, 'analysis', RECORD_ANALYSIS_SQL, ['01a2028a-4323-71db-92b4-372958863c1f', 't', '{}', 1, '[]', null, false, null, null, '01a2028a-4323-71db-92b4-372958863c10', '{}']);
  await c.end();
}
main();
