import type { ReactNode } from 'react';
import { describeError } from '../api/errors.js';

/** Loading text that a screen reader announces; while retrying it says why the last try failed (e.g. still syncing). */
export function Loading({ what, retrying }: { what: string; retrying?: unknown }) {
  return (
    <p role="status" className="muted">
      Loading {what}…
      {retrying === null || retrying === undefined
        ? ''
        : ` ${describeError(retrying)} Trying again.`}
    </p>
  );
}

export function ErrorNotice({ error, what }: { error: unknown; what: string }) {
  return (
    <div role="alert" className="notice bad">
      Could not load {what}. {describeError(error)}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="muted">{children}</p>;
}
