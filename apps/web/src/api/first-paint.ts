import { useEffect, useState } from 'react';
import { z } from 'zod';

/**
 * A list checked for its first paint only as far as drawing it needs: each item an object with
 * these string fields (its key, its links). Checking thousands of items against their schema on a
 * first visit (zod's code not yet warm, each item copied) cost more than fetching and parsing
 * the answer; the whole check follows the first paint (`useCheckAfterPaint`).
 */
export function namedItemsLater<Key extends string>(keys: readonly Key[]) {
  const named = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
  return z.array(z.custom<Record<Key, string>>(named, `an item with its ${keys.join(' and ')}`));
}

/** What `check` finds wrong with `value`, worked out once it is on screen (a task later). */
export function useCheckAfterPaint<T>(
  value: T | undefined,
  check: (value: T) => string | undefined,
): string | undefined {
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setError(value === undefined ? undefined : check(value)), 0);
    return () => clearTimeout(timer);
  }, [value, check]);
  return error;
}
