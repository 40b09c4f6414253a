import { useNow } from '../../components/time.js';
import { staleFor, useStaleness, type NumbersOf } from './staleness.js';

function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * "stale · 2 min" beside a view's numbers while they may no longer be the cluster's, and why in
 * words for screen readers and on hover. Nothing while they are good.
 */
export function StaleMark({ view }: { view: NumbersOf }) {
  const stale = useStaleness(view);
  const now = useNow(15_000);
  if (stale === undefined) return null;
  const why = `last known good at ${clockTime(stale.since)} (${stale.causes.join('; ')})`;
  return (
    <span className="stale-mark" role="status" title={`Stale numbers: ${why}`}>
      stale · {staleFor(stale.since, now)}
      <span className="visually-hidden">: these numbers were {why}</span>
    </span>
  );
}
