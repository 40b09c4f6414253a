import type { ClusterView } from '../index/view.js';
import type { Result } from '../result/index.js';
import type { ChangeStep } from '../api/upgrade-script.js';
import { changeTitle, resolveChanges, type UpgradeChangeInput } from './change-input.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import type { CombinationLimits } from './combination.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import { proposeFixes, type UpgradeFix } from './fixes.js';
import { changeStep } from './patch.js';
import { resolveNodes } from './nodes.js';
import { resolveProfile, type ProviderOptions, type UpgradeProfile } from './profile.js';
import { readinessFromPods } from './readiness.js';
import {
  DEFAULT_NODE_REPLACE_SECONDS,
  DEFAULT_READY_SECONDS,
  type UpgradeForecast,
} from './types.js';

/** What the API, the CLI and the UI ask: the pool, who upgrades it and how, the what-ifs. */
export interface UpgradeRequest extends ProviderOptions {
  /** `key=value[,key=value]`; or `nodes`. */
  selector?: string;
  nodes?: readonly string[];
  /** For workloads whose pods do not tell (default 30 s). */
  defaultReadySeconds?: number;
  /** A drained node deleted → its upgraded node Ready (default 90 s; EKS waits 60 s more). */
  nodeReplaceSeconds?: number;
  /**
   * What-if changes (a fix's `changes`) applied on a copy before forecasting; a scale may leave
   * its template pod out (one of the workload's is taken).
   */
  changes?: readonly UpgradeChangeInput[];
  /** Propose fixes when it does not complete (default true). */
  fixes?: boolean;
  /** Bounds on the search for a combination of changes (default `COMBINATION_LIMITS`). */
  combination?: CombinationLimits;
}

/** The forecast, the fixes proposed when it does not complete, and the profile it ran with. */
export interface UpgradePlan {
  forecast: UpgradeForecast;
  fixes: UpgradeFix[];
  profile: UpgradeProfile;
  /** The request's changes as applied (templates chosen), each as a user would make it. */
  changes: UpgradeChange[];
  applied: ChangeStep[];
}

function* allPods(index: ClusterView) {
  for (const ns of index.podNamespaces()) yield* index.podsInNamespace(ns);
}

/** Counts the request may leave out; when given, whole numbers in range. */
function checkCounts(request: UpgradeRequest): string | undefined {
  const counts = {
    maxUnavailable: request.maxUnavailable,
    maxSurge: request.maxSurge,
    defaultReadySeconds: request.defaultReadySeconds,
    nodeReplaceSeconds: request.nodeReplaceSeconds,
  };
  for (const [name, value] of Object.entries(counts)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      return `${name} must be a whole number ≥ 0, not ${value}`;
  }
  const timeout = request.drainTimeoutSeconds;
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout < 1))
    return `drainTimeoutSeconds must be a whole number ≥ 1, not ${timeout}`;
  return undefined;
}

/**
 * Checks the request against the cluster, resolves who upgrades the pool (kubectl, or a managed
 * provider's profile: its timeout, its defaults), forecasts, and proposes fixes when it does not
 * complete.
 */
export function planUpgrade(
  index: ClusterView,
  request: UpgradeRequest,
  now: Date,
): Result<UpgradePlan> {
  const bad = checkCounts(request);
  if (bad !== undefined) return { ok: false, error: bad };
  if (request.selector === undefined && request.nodes === undefined)
    return { ok: false, error: 'give a node selector or node names' };
  const nodes = resolveNodes(
    index,
    request.selector !== undefined
      ? { selector: request.selector }
      : { names: request.nodes ?? [] },
  );
  if (!nodes.ok) return nodes;
  const pool = nodes.value.flatMap((name) => index.node(name) ?? []);
  const resolved = resolveProfile(request, pool, nodes.value.length);
  if (!resolved.ok) return resolved;
  const { profile, strategy, drain, rules, afterDrainSeconds } = resolved.value;
  const base: ForecastUpgradeInput = {
    index,
    nodes: nodes.value,
    strategy,
    drain,
    timings: {
      readySecondsByWorkload: readinessFromPods(allPods(index)),
      defaultReadySeconds: request.defaultReadySeconds ?? DEFAULT_READY_SECONDS,
      nodeReplaceSeconds:
        (request.nodeReplaceSeconds ?? DEFAULT_NODE_REPLACE_SECONDS) + afterDrainSeconds,
    },
    now,
    ...(rules ? { provider: rules } : {}),
  };
  const changes = resolveChanges(index, request.changes ?? []);
  if (!changes.ok) return changes;
  const input = applyChanges(base, changes.value);
  const forecast = forecastUpgrade(input);
  const fixes =
    request.fixes === false
      ? []
      : proposeFixes(
          input,
          forecast,
          request.combination ? { combination: request.combination } : {},
        );
  const applied = changes.value.map((change) =>
    changeStep(index, change, {
      title: changeTitle(index, change),
      ...(rules ? { provider: rules.provider } : {}),
    }),
  );
  return { ok: true, value: { forecast, fixes, profile, changes: changes.value, applied } };
}
