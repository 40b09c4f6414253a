import { useQuery } from '@tanstack/react-query';
import { clusterQuery } from '../api/queries.js';
import { ago, useNow } from './time.js';

function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/**
 * When the data a simulation was computed on was current (the answer's `asOf`), and, once the
 * cluster has moved on since, a way to compute it again on the data as it is now.
 */
export function AsOf({
  asOf,
  what,
  again,
  onAgain,
}: {
  asOf: string;
  /** What was computed: `Forecast`, `Drain plan`, `Simulation`. */
  what: string;
  /** The button that computes it again: `Forecast again`, `Plan again`. */
  again?: string;
  onAgain?: () => void;
}) {
  const now = useNow(5_000);
  const cluster = useQuery(clusterQuery());
  const at = Date.parse(asOf);
  const last = cluster.data?.lastEventAt;
  const moved = last !== undefined && Date.parse(last) > at;
  return (
    <p className="muted as-of" aria-label={`${what} as of`}>
      {what} of the cluster as of <time dateTime={asOf}>{clockTime(at)}</time> ({ago(at, now)})
      {moved ? '; the cluster has changed since' : ''}
      {onAgain ? (
        <>
          {' '}
          <button type="button" className="link" onClick={onAgain}>
            {again ?? `${what} again`}
          </button>
        </>
      ) : null}
    </p>
  );
}
