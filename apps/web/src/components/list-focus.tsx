import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Puts the keyboard focus on a list's current row. */
export type FocusList = () => void;

interface ListFocusValue {
  /** A list on the page; returns how to forget it. */
  register: (focus: FocusList) => () => void;
  /** The page's first list, if it has one. */
  first: FocusList | undefined;
}

const ListFocusContext = createContext<ListFocusValue>({
  register: () => () => undefined,
  first: undefined,
});

/**
 * Knows the lists (virtualised grids) on the page, so that the layout's "Skip to the list" link
 * can put the focus on a row: a keyboard user reaches the first row in two Tab presses, past the
 * navigation, the summary and the filters.
 */
export function ListFocusProvider({ children }: { children: ReactNode }) {
  const [lists, setLists] = useState<readonly FocusList[]>([]);
  const register = useCallback((focus: FocusList) => {
    setLists((now) => [...now, focus]);
    return () => setLists((now) => now.filter((f) => f !== focus));
  }, []);
  const value = useMemo(() => ({ register, first: lists[0] }), [register, lists]);
  return <ListFocusContext.Provider value={value}>{children}</ListFocusContext.Provider>;
}

export function useListFocus(): ListFocusValue {
  return useContext(ListFocusContext);
}
