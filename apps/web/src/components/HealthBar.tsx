import { formatCount } from './numbers.js';

export interface HealthNumbers {
  /** Pods counted healthy (available). */
  healthy: number;
  /** Pods the budget expects (its scale, or the pods it selects). */
  expected: number;
  /** Pods evicted and not yet gone (status.disruptedPods). */
  disrupted: number;
  /** The line an eviction may not cross: desired healthy. */
  desired: number;
}

/** The parts of the bar, each a share of the widest of expected, healthy + the rest, and desired. */
export function healthParts(n: HealthNumbers) {
  const disrupted = Math.max(0, n.disrupted);
  const unavailable = Math.max(0, n.expected - n.healthy - disrupted);
  const total = Math.max(1, n.healthy + unavailable + disrupted, n.desired);
  const pct = (x: number) => `${((100 * x) / total).toFixed(2)}%`;
  return {
    unavailable,
    disrupted,
    widths: { healthy: pct(n.healthy), unavailable: pct(unavailable), disrupted: pct(disrupted) },
    mark: pct(n.desired),
  };
}

/**
 * Available / unavailable / disrupted pods as one compact bar with a mark at desired healthy, so
 * how close a budget is to blocking is seen at a glance; the numbers are in its accessible name
 * and tooltip, and the colours are the lanes' (theme variables, both themes).
 */
export function HealthBar({ numbers }: { numbers: HealthNumbers }) {
  const parts = healthParts(numbers);
  const label = `${formatCount(numbers.healthy)} available, ${formatCount(parts.unavailable)} unavailable, ${formatCount(parts.disrupted)} disrupted; ${formatCount(numbers.desired)} must stay healthy`;
  return (
    <span className="healthbar" role="img" aria-label={label} title={label}>
      <span className="hb-available" style={{ width: parts.widths.healthy }} />
      <span className="hb-unavailable" style={{ width: parts.widths.unavailable }} />
      <span className="hb-disrupted" style={{ width: parts.widths.disrupted }} />
      <span className="hb-mark" style={{ left: parts.mark }} />
    </span>
  );
}
