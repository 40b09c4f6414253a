import { useCallback, useState } from 'react';
import { NO_CHOICE, type ColumnChoice } from './column-fit.js';

const prefix = 'pdbscope.columns.';

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function storedChoice(key: string): ColumnChoice {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(prefix + key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return NO_CHOICE;
    const { hidden, shown } = parsed as Record<string, unknown>;
    return { hidden: ids(hidden), shown: ids(shown) };
  } catch {
    return NO_CHOICE;
  }
}

/** A table's column choice, kept across visits per table (`key`, e.g. the table's label). */
export function useColumnChoice(key: string): [ColumnChoice, (next: ColumnChoice) => void] {
  const [choice, setChoice] = useState(() => storedChoice(key));
  const change = useCallback(
    (next: ColumnChoice) => {
      setChoice(next);
      try {
        window.localStorage.setItem(prefix + key, JSON.stringify(next));
      } catch {
        // Private windows may refuse storage; the choice then lasts for this page only.
      }
    },
    [key],
  );
  return [choice, change];
}
