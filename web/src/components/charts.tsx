import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * Charts drawn with uPlot (canvas). This module is loaded only by the analytics page (a separate
 * chunk): the first load of the dashboard does not carry it. A canvas says nothing to a screen
 * reader, so each chart is a figure whose caption names it, and the page puts the same numbers
 * in a table under it.
 */
export interface ChartSeries {
  label: string;
  values: Array<number | null | undefined>;
  color: string;
  /** Which y axis: the left one (default) or the right one. */
  axis?: 'left' | 'right';
}

const dayToSeconds = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;

/**
 * `stacked`: bars stacked in series order (each drawn from zero to its running total, the largest
 * first so the smaller ones show on top of it). Otherwise lines, on up to two axes.
 */
export function Chart({ title, days, series, stacked = false, leftUnit = '', rightUnit = '' }: { title: string; days: string[]; series: ChartSeries[]; stacked?: boolean; leftUnit?: string; rightUnit?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map(dayToSeconds);
    let shown: Array<ChartSeries & { own: Array<number | null | undefined> }> = series.map((s) => ({ ...s, own: s.values }));
    if (stacked) {
      const running = days.map(() => 0);
      shown = series.map((s) => ({ ...s, own: s.values, values: s.values.map((v, i) => (running[i]! += v ?? 0)) })).reverse();
    }
    const bars = uPlot.paths.bars!({ size: [0.7, 60], align: 0 });
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 240,
        scales: {
          // Half a day either side, so the first and last days' bars are whole.
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          y: { range: stacked ? (_u, _min, max) => [0, Math.max(1, max)] : leftUnit === '%' ? [0, 100] : (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] },
          r: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] },
        },
        axes: [
          { space: 60 },
          { label: leftUnit, size: 56 },
          ...(series.some((s) => s.axis === 'right') ? [{ side: 1, scale: 'r', label: rightUnit, grid: { show: false }, size: 56 } as uPlot.Axis] : []),
        ],
        series: [
          { value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...shown.map(
            (s): uPlot.Series => ({
              label: s.label,
              stroke: s.color,
              fill: stacked ? s.color : undefined,
              width: stacked ? 0 : 2,
              scale: s.axis === 'right' ? 'r' : 'y',
              paths: stacked ? bars : undefined,
              points: { show: !stacked },
              spanGaps: false,
              // The legend shows each series' own figure, not the running total it is drawn at.
              value: (_u, _v, _si, idx) => (idx == null || s.own[idx] == null ? '—' : String(s.own[idx])),
            }),
          ),
        ],
        legend: { show: true },
      },
      [xs, ...shown.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, stacked, leftUnit, rightUnit]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div ref={box} className="chart-box" aria-hidden="true" />
    </figure>
  );
}
