import type { ReactNode } from 'react';
import { describeError } from '../api/errors.js';

/** Loading text that a screen reader announces. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="muted">
      Loading {what}…
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
