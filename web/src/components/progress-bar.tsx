/** The parts of a campaign's progress, in the order they are drawn and listed. */
export const PROGRESS_PARTS = [
  ['reached', 'reached'],
  ['optedOut', 'opted out'],
  ['calling', 'calling'],
  ['retrying', 'retrying'],
  ['pending', 'pending'],
  ['failed', 'failed'],
  ['suppressed', 'suppressed'],
  ['canceled', 'canceled'],
] as const;

export type Progress = Record<(typeof PROGRESS_PARTS)[number][0], number> & { total: number };

/**
 * A stacked bar of recipients by where they stand, with the figures in words beside it: the bar
 * is one image to a screen reader (its label says everything), the legend is text for everyone.
 * Widths are set through the style property (CSSOM), which the Content-Security-Policy allows.
 */
export function ProgressBar({ progress, compact = false }: { progress: Progress; compact?: boolean }) {
  const total = progress.total || 1;
  const parts = PROGRESS_PARTS.filter(([k]) => progress[k] > 0);
  const label = `${progress.total} recipients: ${PROGRESS_PARTS.map(([k, w]) => `${progress[k]} ${w}`).join(', ')}`;
  return (
    <div className={`progress${compact ? ' compact' : ''}`} data-testid="progress">
      <div className="progress-bar" role="img" aria-label={label}>
        {parts.map(([k]) => (
          <span key={k} className={`part part-${k}`} style={{ width: `${(100 * progress[k]) / total}%` }} />
        ))}
      </div>
      <ul className="progress-legend" aria-hidden={compact ? 'true' : undefined}>
        {PROGRESS_PARTS.filter(([k]) => !compact || progress[k] > 0).map(([k, w]) => (
          <li key={k} data-part={k}>
            <span className={`swatch part-${k}`} aria-hidden="true" /> {progress[k]} {w}
          </li>
        ))}
      </ul>
    </div>
  );
}
