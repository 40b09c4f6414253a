import { useState } from 'react';

const step = 200;

/** How many items of a long list to draw: 200 at first, 200 more per click, so 10,000 findings stay quick. */
export function useShowMore(): { limit: number; more: () => void } {
  const [limit, setLimit] = useState(step);
  return { limit, more: () => setLimit((current) => current + step) };
}

export function ShowMore({
  shown,
  total,
  onMore,
}: {
  shown: number;
  total: number;
  onMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <p>
      Showing {shown} of {total}.{' '}
      <button type="button" onClick={onMore}>
        Show {Math.min(step, total - shown)} more
      </button>
    </p>
  );
}
