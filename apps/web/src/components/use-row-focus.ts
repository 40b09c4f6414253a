import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** Set on a row's link or button this hook took out of the Tab order (given back when the row is current). */
const ROVED = 'data-roved';

function rowOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('[data-index]') : null;
}

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.matches('input, textarea, select, [contenteditable]')
  );
}

/**
 * The keyboard in a virtualised table: one row at a time is in the Tab order (the current one,
 * with its links and buttons; the others' are taken out), the arrow keys, Home, End, Page Up and
 * Page Down move the current row (scrolling it into view and focusing it), and Enter on a row opens
 * it. So the table is one Tab stop, not one per link, however long it is.
 */
export function useRowFocus(options: {
  count: number;
  /** The element holding the rows (each with `data-index`). */
  body: RefObject<HTMLElement | null>;
  scrollTo: (index: number) => void;
  /** Rows a page key moves by (a screenful, read when the key is pressed). */
  pageSize: () => number;
  open: (index: number) => void;
}) {
  const { count, body, scrollTo, pageSize, open } = options;
  const [chosen, setChosen] = useState(0);
  const current = Math.max(0, Math.min(chosen, count - 1));
  // A row to focus once it is drawn (it may be off screen when the key is pressed).
  const pending = useRef<number | undefined>(undefined);

  const focusRow = (index: number) => {
    const row = body.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    scrollTo(index);
    if (row) row.focus({ preventScroll: true });
    else pending.current = index;
  };

  // After every render: only the current row's links and buttons take Tab, and a row asked for
  // and now drawn gets the focus.
  useEffect(() => {
    const rows = body.current?.querySelectorAll<HTMLElement>('[data-index]') ?? [];
    for (const row of rows) {
      const isCurrent = Number(row.dataset['index']) === current;
      for (const element of row.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        if (isCurrent && element.hasAttribute(ROVED)) {
          element.removeAttribute('tabindex');
          element.removeAttribute(ROVED);
        } else if (!isCurrent && !element.hasAttribute('tabindex')) {
          element.setAttribute('tabindex', '-1');
          element.setAttribute(ROVED, '');
        }
      }
    }
    if (pending.current === undefined) return;
    const row = body.current?.querySelector<HTMLElement>(`[data-index="${pending.current}"]`);
    if (row) {
      pending.current = undefined;
      row.focus({ preventScroll: true });
    }
  });

  const move = (to: number) => {
    const next = Math.max(0, Math.min(to, count - 1));
    setChosen(next);
    focusRow(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0 || typingIn(event.target) || rowOf(event.target) === null) return;
    const keys: Record<string, number | undefined> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + pageSize(),
      PageUp: current - pageSize(),
      Home: 0,
      End: count - 1,
    };
    const to = keys[event.key];
    if (to !== undefined) {
      event.preventDefault();
      move(to);
    } else if (event.key === 'Enter' && event.target === rowOf(event.target)) {
      event.preventDefault();
      open(current);
    }
  };

  // A click or Tab into a row makes it the current one.
  const onFocus = (event: FocusEvent) => {
    const row = rowOf(event.target);
    if (row) setChosen(Number(row.dataset['index']));
  };

  return { current, onKeyDown, onFocus, focusCurrent: () => focusRow(current) };
}
