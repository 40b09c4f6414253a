import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { searchQuery } from '../../api/queries.js';
import { describeError } from '../../api/errors.js';
import { useDebounced } from '../../components/use-debounced.js';
import type { FocusListState } from '../../components/VirtualGrid.js';
import { formatCount } from '../../components/numbers.js';
import { paletteGroups, type PaletteOption } from './search-options.js';

/** How long typing must pause before the BFF is asked (the list options need no answer). */
const SEARCH_DEBOUNCE_MS = 120;

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.matches('input, textarea, select') || target.isContentEditable)
  );
}

/** `/` (outside a text box) or Ctrl-K / ⌘-K. */
function isShortcut(event: globalThis.KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  return (
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !typingIn(event.target)
  );
}

/**
 * The global search: a button in the top bar, and `/` or Ctrl-K anywhere. A modal dialog with a
 * combobox (ARIA 1.2: the box keeps the focus, aria-activedescendant names the option the arrow
 * keys are on) over a listbox of budgets, pods, nodes and workloads, grouped by kind; Enter opens
 * the option, Escape closes and gives the focus back to where it was.
 *
 * Opening a list (the Pods view filtered, a workload's pods) hands the focus to its first row; any
 * other page gets it on its main region. Our own component rather than `cmdk`: the BFF does the
 * matching and the ranking (cmdk's own filter would be switched off), the native <dialog> gives the
 * modal focus trap and Escape, and cmdk would bring Radix's dialog and four more packages for the
 * ~150 lines this is.
 */
export function SearchPalette() {
  const id = useId();
  const listId = `${id}-list`;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const asked = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const answer = useQuery({ ...searchQuery(asked), enabled: open && asked !== '' });
  const groups = paletteGroups(text, answer.data);
  const options = groups.flatMap((group) => group.options);
  const current = Math.min(active, options.length - 1);

  const show = useCallback(() => {
    opener.current = document.activeElement;
    setText('');
    setActive(0);
    setOpen(true);
  }, []);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isShortcut(event) || dialog.current?.open === true) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);
  useEffect(() => {
    if (!open || dialog.current?.open !== false) return;
    dialog.current.showModal();
    input.current?.focus();
  }, [open]);

  // Closed at once, not after a render: the page outside is inert while the dialog is modal, so
  // nothing there could take the focus before.
  const shut = () => {
    dialog.current?.close();
    setOpen(false);
  };
  const close = () => {
    shut();
    if (opener.current instanceof HTMLElement) opener.current.focus();
  };
  const go = (option: PaletteOption) => {
    shut();
    const state: FocusListState | undefined = option.list ? { focusList: true } : undefined;
    void navigate(option.href, state ? { state } : {});
    // A list focuses its first row when it is in; any other page is read from its main region.
    if (!option.list) document.getElementById('main')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The dialog's own cancel does the same; handled here too, so it never depends on it.
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[current];
      if (option) go(option);
    }
  };

  const starts = groups.map((_, g) =>
    groups.slice(0, g).reduce((n, group) => n + group.options.length, 0),
  );
  const pending = text.trim() !== '' && answer.data?.q !== text.trim() && !answer.isError;
  return (
    <>
      <button
        type="button"
        className="search-button"
        onClick={show}
        aria-keyshortcuts="/ Control+K"
      >
        Search <kbd>/</kbd>
      </button>
      <dialog
        ref={dialog}
        className="palette"
        aria-label="Search"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, outside its content) closes it.
          if (event.target === dialog.current) close();
        }}
      >
        {open ? (
          <div className="palette-body">
            <input
              type="text"
              ref={input}
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              aria-label="Search budgets, pods, nodes and workloads"
              aria-autocomplete="list"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-activedescendant={options.length > 0 ? `${listId}-${current}` : undefined}
              placeholder="a name, or labels such as app=web"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
            <p className="muted" role="status">
              {answer.isError
                ? describeError(answer.error)
                : text.trim() === ''
                  ? 'Type a name, or a label selector (app=web). ↑ ↓ choose, Enter opens, Escape closes.'
                  : pending
                    ? 'Searching…'
                    : `${formatCount(groups.reduce((n, g) => n + (g.total ?? 0), 0))} found`}
            </p>
            <div id={listId} role="listbox" aria-label="Results" className="palette-list">
              {groups.map((group, g) => (
                <div key={group.name} role="group" aria-labelledby={`${listId}-${group.name}`}>
                  <div id={`${listId}-${group.name}`} className="palette-group" role="presentation">
                    {group.name}
                    {group.total === undefined ? '' : ` · ${formatCount(group.total)}`}
                  </div>
                  {group.options.map((option, i) => {
                    const at = (starts[g] ?? 0) + i;
                    return (
                      <div
                        key={option.id}
                        id={`${listId}-${at}`}
                        role="option"
                        aria-selected={at === current}
                        className="palette-option"
                        onMouseMove={() => setActive(at)}
                        onClick={() => go(option)}
                      >
                        <span>{option.label}</span>
                        {option.detail === undefined ? null : (
                          <span className="muted mono"> {option.detail}</span>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
