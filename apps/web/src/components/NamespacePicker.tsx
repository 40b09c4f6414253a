import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { namespacesQuery } from '../api/queries.js';
import { formatCount } from './numbers.js';

export interface NamespacePickerProps {
  /** The filter: one namespace, several as `a,b`, or none (every namespace). */
  value: string | undefined;
  /** A namespace picked or typed; '' for every namespace. */
  onChange: (value: string) => void;
  /** What the page would show in each namespace, beside its name (e.g. budgets left by the other filters). */
  counts?: ReadonlyMap<string, number>;
}

/** The last of the comma-separated names being typed, and what comes before it. */
function splitLast(text: string): { before: string; last: string } {
  const comma = text.lastIndexOf(',');
  return comma === -1
    ? { before: '', last: text.trim() }
    : { before: text.slice(0, comma + 1), last: text.slice(comma + 1).trim() };
}

/** The filter as the API takes it: names trimmed, empty ones left out. */
function normalised(text: string): string {
  return text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
    .join(',');
}

/**
 * The namespace filter of every page that has one: a combobox (ARIA 1.2, list autocomplete)
 * offering the namespaces the BFF knows, narrowed by what is typed. Arrows move through them,
 * Enter picks one (or takes what is typed: `a,b` for several), Escape closes the list or undoes
 * the typing. The filter changes on a pick, on Enter, when the box is emptied and when it is left.
 */
export function NamespacePicker({ value, onChange, counts }: NamespacePickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const committed = value ?? '';
  const [typed, setTyped] = useState<string | undefined>(undefined);
  // Asked for once the box is used, not by every page that shows it.
  const known = useQuery({ ...namespacesQuery(), enabled: typed !== undefined });
  // Typed since the last change handed on: leaving the box hands it on.
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = typed ?? committed;
  const names = [
    ...new Set([
      ...(known.data?.items.map((n) => n.namespace) ?? []),
      ...(counts?.keys() ?? []),
      ...committed.split(',').filter((n) => n !== ''),
    ]),
  ].sort();
  const { before, last } = splitLast(text);
  const options = names.filter((name) => name.includes(last.toLowerCase()));
  const current = Math.min(active, options.length - 1);
  const expanded = open && options.length > 0;

  const commit = (next: string) => {
    const clean = normalised(next);
    setTyped(clean);
    setOpen(false);
    setDirty(false);
    if (clean !== committed) onChange(clean);
  };
  const pick = (name: string) => commit(`${before}${name}`);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) setOpen(true);
        else setActive((current + step + options.length) % Math.max(1, options.length));
        break;
      }
      case 'Enter': {
        const option = options[current];
        if (expanded && option !== undefined) pick(option);
        else commit(text);
        event.preventDefault();
        break;
      }
      case 'Escape':
        if (open) setOpen(false);
        else setTyped(committed);
        event.preventDefault();
        break;
    }
  };

  return (
    <div className="combobox">
      <label htmlFor={id}>Namespace</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${current}` : undefined}
        placeholder="every namespace"
        title="One namespace, or several as a,b; empty for every namespace"
        value={text}
        onFocus={() => setTyped(committed)}
        onBlur={() => {
          if (dirty && normalised(text) !== committed) onChange(normalised(text));
          setDirty(false);
          setTyped(undefined);
          setOpen(false);
        }}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          setOpen(true);
          setActive(0);
          setDirty(next.trim() !== '');
          if (next.trim() === '' && committed !== '') onChange('');
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Namespaces" hidden={!expanded}>
        {options.map((name, index) => (
          <li
            key={name}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            // Picking with the mouse must not blur the box first (that would commit the typing).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(name)}
          >
            {name}
            {counts ? ` (${formatCount(counts.get(name) ?? 0)})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
