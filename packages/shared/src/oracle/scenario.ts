// The scenario file format (docs/semantics.md §11, docs/oracle.md). Inputs are raw Kubernetes JSON; `expect`
// and `note` are never read by the adapter.
import type { EvictionOptions } from '../eviction/decide-types.js';
import type { ApiResourceInfo } from '../model/workload.js';
import type { Result } from '../result/index.js';

export interface EvictionRequest {
  pod: string;
  /** As in the Eviction: `dryRun` may be `["All"]`. */
  options?: Omit<EvictionOptions, 'dryRun' | 'faults'> & { dryRun?: boolean | readonly string[] };
  faults?: EvictionOptions['faults'] & Record<string, unknown>;
}

export interface Scenario {
  id: string;
  kind: string;
  name?: string;
  now?: string;
  pdbs?: readonly unknown[];
  pods?: readonly unknown[];
  controllers?: readonly unknown[];
  pubs?: readonly unknown[];
  apiResources?: Readonly<Record<string, ApiResourceInfo>>;
  evictions?: readonly EvictionRequest[];
  selector?: unknown;
  selectorAbsent?: boolean;
  selectors?: readonly unknown[];
  candidate?: unknown;
  operation?: string;
  dryRun?: boolean;
}

export interface ScenarioFile {
  defaultNow?: string;
  scenarios: readonly Scenario[];
}

export interface OracleResult {
  id: string;
  actual: Record<string, unknown>;
}

export const DEFAULT_NOW = '2024-05-01T12:00:00Z';

/** Checks the outer shape only; each scenario is read loosely and fails on its own. */
export function readScenarioFile(json: unknown): Result<ScenarioFile> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, error: 'not a JSON object' };
  const scenarios = (json as { scenarios?: unknown }).scenarios;
  if (!Array.isArray(scenarios)) return { ok: false, error: 'no "scenarios" array' };
  const defaultNow = (json as { defaultNow?: unknown }).defaultNow;
  return {
    ok: true,
    value: {
      scenarios: scenarios as Scenario[],
      ...(typeof defaultNow === 'string' ? { defaultNow } : {}),
    },
  };
}
