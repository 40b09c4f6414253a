import type { FleetQueryError, FleetQueryWarning } from '@pdbscope/shared/api';
import { PrometheusError, type PromAnswer, type PromFailureKind } from '../prometheus/client.js';
import type { FleetQuery } from './queries.js';

/** What one query came to: its result and warnings, or why there is none. */
export type Outcome<T> =
  | { ok: true; result: T; warnings: string[] }
  | { ok: false; kind: PromFailureKind; message: string };

/** Runs a query; its failure becomes data (never a rejection). */
export async function settle<T>(answer: () => Promise<PromAnswer<T>>): Promise<Outcome<T>> {
  try {
    const { result, warnings } = await answer();
    return { ok: true, result, warnings };
  } catch (err) {
    if (err instanceof PrometheusError) return { ok: false, kind: err.kind, message: err.message };
    return { ok: false, kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

/** Each query's error and warnings, in the response's form, in the queries' order. */
export function reportOf(asked: readonly { query: FleetQuery; outcome: Outcome<unknown> }[]): {
  errors: FleetQueryError[];
  warnings: FleetQueryWarning[];
} {
  const errors: FleetQueryError[] = [];
  const warnings: FleetQueryWarning[] = [];
  for (const { query, outcome } of asked) {
    if (!outcome.ok)
      errors.push({
        query: query.name,
        promql: query.promql,
        kind: outcome.kind,
        message: outcome.message,
      });
    else
      for (const message of outcome.warnings)
        warnings.push({ query: query.name, promql: query.promql, message });
  }
  return { errors, warnings };
}
