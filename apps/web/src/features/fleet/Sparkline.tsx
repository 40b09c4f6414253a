import type { FleetPoint } from '@pdbscope/shared/api';

const WIDTH = 120;
const HEIGHT = 24;

/** Where each point falls in the box: time across from `from` to `to`, 0 at the bottom. */
export function sparklineCoords(input: {
  points: readonly FleetPoint[];
  from: string;
  to: string;
}): [x: number, y: number][] {
  const start = Date.parse(input.from);
  const span = Math.max(1, Date.parse(input.to) - start);
  const max = Math.max(1, ...input.points.map((p) => p.value));
  return input.points.map((p) => [
    Math.round(((Date.parse(p.at) - start) / span) * WIDTH * 10) / 10,
    Math.round((HEIGHT - 2 - (p.value / max) * (HEIGHT - 4)) * 10) / 10,
  ]);
}

/** Blocking budgets over the history range, as a line ending in a dot; in words for a screen reader. */
export function Sparkline({
  points,
  from,
  to,
}: {
  points: readonly FleetPoint[];
  from: string;
  to: string;
}) {
  if (points.length === 0) return <span className="muted">no samples</span>;
  const values = points.map((p) => p.value);
  const coords = sparklineCoords({ points, from, to });
  const [lastX, lastY] = coords.at(-1) ?? [0, 0];
  const label = `Blocking budgets over the last day: from ${Math.min(...values)} to ${Math.max(...values)}, ${values.at(-1) ?? 0} at the last sample`;
  return (
    <svg
      className="sparkline"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
    >
      <path d={coords.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`).join(' ')} />
      <circle cx={lastX} cy={lastY} r={2} />
    </svg>
  );
}
