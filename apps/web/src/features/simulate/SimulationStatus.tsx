import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeError } from '../../api/errors.js';
import { AsOf } from '../../components/AsOf.js';

/**
 * A simulation's live region: what it is doing, its failure, or its answer under the time it was
 * made (with "Simulate again"). Screen readers hear each change; `idle` says why there is none yet.
 */
export function SimulationStatus<T extends { asOf: string }>(props: {
  /** The region's name, e.g. "Eviction decision". */
  label: string;
  /** What the as-of line names, e.g. "Simulation". */
  what: string;
  result: UseQueryResult<T>;
  busy: string;
  idle?: ReactNode;
  children: (answer: T) => ReactNode;
}) {
  const { result } = props;
  return (
    <div role="status" aria-label={props.label} aria-live="polite">
      {props.idle ?? null}
      {result.isFetching ? <p className="muted">{props.busy}</p> : null}
      {result.isError ? (
        <p className="notice bad">Could not simulate. {describeError(result.error)}</p>
      ) : null}
      {result.data && !result.isFetching ? (
        <>
          <AsOf
            asOf={result.data.asOf}
            what={props.what}
            again="Simulate again"
            onAgain={() => void result.refetch()}
          />
          {props.children(result.data)}
        </>
      ) : null}
    </div>
  );
}
