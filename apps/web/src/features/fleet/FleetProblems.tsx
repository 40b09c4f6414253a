import type { FleetQueryError, FleetQueryWarning } from '@pdbscope/shared/api';

const KIND_WORDS: Record<FleetQueryError['kind'], string> = {
  unreachable: 'Prometheus could not be reached',
  timeout: 'timed out',
  error: 'failed',
};

/**
 * The queries Prometheus did not answer (their figures are left empty) and the warnings it
 * answered with (Thanos: a partial response, some stores missing), each with its reason.
 */
export function FleetProblems({
  errors,
  warnings,
}: {
  errors: readonly FleetQueryError[];
  warnings: readonly FleetQueryWarning[];
}) {
  return (
    <>
      {errors.length > 0 ? (
        <div role="alert" className="notice bad fleet-problems">
          <strong>
            {errors.length === 1 ? 'A query' : `${errors.length} queries`} got no answer: the
            figures they give are left empty.
          </strong>
          <ul>
            {errors.map((e) => (
              <li key={e.query}>
                {e.query}: {KIND_WORDS[e.kind]} ({e.message}) <code>{e.promql}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div role="status" className="notice warn fleet-problems">
          <strong>
            Prometheus answered with warnings: the figures may be partial (a store or a cluster
            missing from the answer).
          </strong>
          <ul>
            {warnings.map((w, i) => (
              <li key={`${w.query}-${i}`}>
                {w.query}: {w.message} <code>{w.promql}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
