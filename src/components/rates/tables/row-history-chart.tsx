import { formatLongDate } from '@/lib/dates';
import { formatRateCell } from '@/lib/rate-tables';
import styles from './rate-tables.module.css';

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 6;

/**
 * A row's values across versions as a small step chart drawn on the server (SVG, no script): each value holds
 * until the next version. Its text alternative lists the values with their dates.
 */
export function RowHistoryChart({
  label,
  unit,
  series,
}: {
  label: string;
  unit?: string | undefined;
  series: readonly { effectiveFrom: string; value: number }[];
}) {
  const values = series.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = series.length > 1 ? (WIDTH - 2 * PAD) / (series.length - 1) : 0;
  const y = (value: number) => HEIGHT - PAD - ((value - min) / span) * (HEIGHT - 2 * PAD);
  const points = series.map((point, index) => ({ x: PAD + index * step, y: y(point.value) }));
  const path = points
    .map((point, index) => (index === 0 ? `M${point.x},${point.y}` : `H${point.x} V${point.y}`))
    .join(' ');
  const description = series
    .map((point) => `${formatRateCell(point.value, unit)} au ${formatLongDate(point.effectiveFrom)}`)
    .join(', ');
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`Évolution, ${label} : ${description}`}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />
        {points.map((point, index) => (
          <circle key={series[index]?.effectiveFrom} cx={point.x} cy={point.y} r="3" fill="currentColor" />
        ))}
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
