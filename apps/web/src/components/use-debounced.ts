import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`: a search asks the server when typing pauses,
 * not at every keystroke. The first value is taken at once (a deep link searches straight away).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
