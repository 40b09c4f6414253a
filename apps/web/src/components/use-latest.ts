import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the value of the last committed render, for event handlers that must build on
 * the newest value (and may write it themselves before the next render). It is written in a layout
 * effect, not during render, so a render React throws away never leaks into it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  return latest;
}
