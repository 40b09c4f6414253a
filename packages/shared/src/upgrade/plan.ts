import type { ClusterIndex } from '../index/cluster-index.js';
import type { Result } from '../result/index.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import type { CombinationLimits } from './combination.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import { proposeFixes, type UpgradeFix } from './fixes.js';
import { resolveNodes } from './nodes.js';
import { readinessFromPods } from './readiness.js';
import {
  DEFAULT_NODE_REPLACE_SECONDS,
  DEFAULT_READY_SECONDS,
  type UpgradeForecast,
} from './types.js';

/** What the API, the CLI and the UI ask: the pool, the strategy, kubectl's options, what-ifs. */
export interface UpgradeRequest {
  /** `key=value[,key=value]`; or `nodes`. */
  selector?: string;
  nodes?: readonly string[];
  maxUnavailable?: number;
  maxSurge?: number;
  force?: boolean;
  ignoreDaemonSets?: boolean;
  deleteEmptyDirData?: boolean;
  /** For workloads whose pods do not tell (default 30 s). */
  defaultReadySeconds?: number;
  /** A drained node deleted → its upgraded node Ready (default 90 s). */
  nodeReplaceSeconds?: number;
  /** What-if changes (a fix's `changes`) applied on a copy before forecasting. */
  changes?: readonly UpgradeChange[];
  /** Propose fixes for a stall (default true). */
  fixes?: boolean;
  /** Bounds on the search for a combination of changes (default `COMBINATION_LIMITS`). */
  combination?: CombinationLimits;
}

/** The forecast, and the fixes proposed when it stalls. */
export interface UpgradePlan {
  forecast: UpgradeForecast;
  fixes: UpgradeFix[];
}

function* allPods(index: ClusterIndex) {
  for (const ns of index.podNamespaces()) yield* index.podsInNamespace(ns);
}

/** Checks the request against the cluster, forecasts, and proposes fixes when it stalls. */
export function planUpgrade(
  index: ClusterIndex,
  request: UpgradeRequest,
  now: Date,
): Result<UpgradePlan> {
  const counts = {
    maxUnavailable: request.maxUnavailable ?? 1,
    maxSurge: request.maxSurge ?? 0,
    defaultReadySeconds: request.defaultReadySeconds ?? DEFAULT_READY_SECONDS,
    nodeReplaceSeconds: request.nodeReplaceSeconds ?? DEFAULT_NODE_REPLACE_SECONDS,
  };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0)
      return { ok: false, error: `${name} must be a whole number ≥ 0, not ${value}` };
  }
  if (counts.maxUnavailable < 1) return { ok: false, error: 'maxUnavailable must be at least 1' };
  if (request.selector === undefined && request.nodes === undefined)
    return { ok: false, error: 'give a node selector or node names' };
  const nodes = resolveNodes(
    index,
    request.selector !== undefined
      ? { selector: request.selector }
      : { names: request.nodes ?? [] },
  );
  if (!nodes.ok) return nodes;
  const base: ForecastUpgradeInput = {
    index,
    nodes: nodes.value,
    strategy: { maxUnavailable: counts.maxUnavailable, maxSurge: counts.maxSurge },
    drain: {
      force: request.force ?? false,
      ignoreDaemonSets: request.ignoreDaemonSets ?? false,
      deleteEmptyDirData: request.deleteEmptyDirData ?? false,
    },
    timings: {
      readySecondsByWorkload: readinessFromPods(allPods(index)),
      defaultReadySeconds: counts.defaultReadySeconds,
      nodeReplaceSeconds: counts.nodeReplaceSeconds,
    },
    now,
  };
  const input = applyChanges(base, request.changes ?? []);
  const forecast = forecastUpgrade(input);
  const fixes =
    request.fixes === false
      ? []
      : proposeFixes(
          input,
          forecast,
          request.combination ? { combination: request.combination } : {},
        );
  return { ok: true, value: { forecast, fixes } };
}
