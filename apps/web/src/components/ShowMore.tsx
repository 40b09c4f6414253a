import { useState } from 'react';
import { formatCount } from './numbers.js';

const defaultStep = 200;

/** How many items of a long list to draw: `step` at first, `step` more per click, so 10,000 findings stay quick. */
export function useShowMore(step = defaultStep): { limit: number; more: () => void } {
  const [limit, setLimit] = useState(step);
  return { limit, more: () => setLimit((current) => current + step) };
}

export function ShowMore({
  shown,
  total,
  onMore,
  step = defaultStep,
}: {
  shown: number;
  total: number;
  onMore: () => void;
  step?: number;
}) {
  if (shown >= total) return null;
  return (
    <p>
      Showing {formatCount(shown)} of {formatCount(total)}.{' '}
      <button type="button" onClick={onMore}>
        Show {formatCount(Math.min(step, total - shown))} more
      </button>
    </p>
  );
}
