import { useId } from 'react';

export interface ChartSeries {
  key: string;
  label: string;
  /** [time ms, value], oldest first; a null value is a gap. */
  points: readonly (readonly [number, number | null])[];
}

const WIDTH = 800;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 18, left: 36 };
/** Enough distinct hues for a chart's series, readable on both themes. */
const COLOURS = ['#1a9a5b', '#1a73e8', '#e5322d', '#f3b61f', '#8e44ad', '#16a0a0', '#d35400', '#7f8c8d'];

/** A round upper bound for the axis: 1, 2, 5, 10, 20, 50... at or above `max`. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((step) => step * magnitude >= max) ?? 10) * magnitude;
}

/**
 * A small hand-drawn SVG line chart over a fixed time window (the dashboard needs a few lines, not a chart
 * library): one polyline per series, a zero baseline, the axis maximum, and a legend with each series'
 * latest value. The SVG is decoration for sighted readers; the legend carries the same numbers as text.
 */
export function LineChart({
  title,
  series,
  from,
  to,
  unit = '',
  testId,
}: {
  title: string;
  series: readonly ChartSeries[];
  from: number;
  to: number;
  unit?: string;
  testId?: string;
}) {
  const titleId = useId();
  const values = series.flatMap((s) => s.points.map(([, v]) => v ?? 0));
  const top = niceCeiling(Math.max(0, ...values));
  const span = Math.max(1, to - from);
  const x = (at: number) => PAD.left + ((at - from) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const paths = series.map((s) => {
    let d = '';
    let pen = false;
    for (const [at, v] of s.points) {
      if (v === null || at < from) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(at).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    }
    return d;
  });
  return (
    <figure className="ops-chart" aria-labelledby={titleId} data-testid={testId}>
      <figcaption id={titleId} className="ops-chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="ops-chart__plot" aria-hidden="true">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="ops-chart__axis" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top)} y2={y(top)} className="ops-chart__grid" />
        <text x={PAD.left - 4} y={y(top) + 4} textAnchor="end" className="ops-chart__tick">
          {top}
          {unit}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" className="ops-chart__tick">
          0
        </text>
        {paths.map((d, i) =>
          d ? (
            <path
              key={series[i]!.key}
              d={d}
              fill="none"
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={2}
            />
          ) : null,
        )}
      </svg>
      <ul className="ops-chart__legend">
        {series.map((s, i) => {
          const latest = s.points.at(-1)?.[1];
          return (
            <li key={s.key} data-series={s.key}>
              <span className="ops-chart__swatch" style={{ background: COLOURS[i % COLOURS.length] }} />
              <span className="ops-chart__label">{s.label}</span>{' '}
              <span className="ops-chart__value" data-testid="series-value">
                {latest === null || latest === undefined ? '—' : `${latest}${unit}`}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
