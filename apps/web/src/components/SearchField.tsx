import { useState } from 'react';

export interface SearchFieldProps {
  label: string;
  /** The filter as the page holds it (usually its URL). */
  value: string | undefined;
  placeholder: string;
  onType: (value: string) => void;
  className?: string;
  title?: string;
  /** The id of the element saying what is wrong with the value, when something is. */
  errorId?: string | undefined;
}

/**
 * A labelled search box of a page's toolbar: each keystroke is a filter change.
 *
 * While it has focus it shows what was typed, not `value`: pages keep their filters in the URL,
 * and react-router applies a URL change in a transition, so `value` lags behind fast typing. A
 * box controlled by it put the old value back between two keystrokes ("app=ledger" came out as
 * "apgr"). Without focus it shows `value`, so Back or a link that changes the filter is seen.
 */
export function SearchField(props: SearchFieldProps) {
  const outside = props.value ?? '';
  const [typed, setTyped] = useState<string | undefined>(undefined);
  return (
    <label>
      {props.label}
      <input
        type="search"
        className={props.className}
        title={props.title}
        value={typed ?? outside}
        placeholder={props.placeholder}
        aria-invalid={props.errorId === undefined ? undefined : true}
        aria-describedby={props.errorId}
        onFocus={() => setTyped(outside)}
        onBlur={() => setTyped(undefined)}
        onChange={(event) => {
          setTyped(event.target.value);
          props.onType(event.target.value);
        }}
      />
    </label>
  );
}
