import type { CarrierReport, ScheduledReport } from './ports';

/**
 * A carrier report as queued: the report plus the carrier's later reports, each `afterMs` after
 * the one before. A call's reports are queued one at a time — each, once applied, queues the next
 * in the same transaction. Queued all at once, two reports due close together could run
 * concurrently and the later one win the call's row lock, so the call would skip a status.
 */
export type ChainedReport = CarrierReport & { next?: ScheduledReport[] };

/** The carrier's reports ordered, each with `afterMs` counted from the report before it (the first from now). */
export function chained(scheduled: readonly ScheduledReport[]): ScheduledReport[] {
  const ordered = [...scheduled].sort((a, b) => a.afterMs - b.afterMs);
  return ordered.map((x, i) => ({ report: x.report, afterMs: x.afterMs - (i ? ordered[i - 1]!.afterMs : 0) }));
}
