import type { DrainContext, DrainSubject } from './context.js';
import type { NodeDeleteOptions } from './options.js';
import { replicaCountRule } from './replica-count.js';
import {
  daemonSetRule,
  localStorageRule,
  longTerminatingRule,
  mirrorRule,
  notSafeToEvictRule,
  onCompletionRule,
  pdbRule,
  replicatedRule,
  safeToEvictRule,
  systemRule,
  terminalRule,
  type DrainabilityRule,
} from './rules.js';
import { UNDEFINED_STATUS, type DrainStatus } from './status.js';

/**
 * `rules.Default(options)`: CA's rules in its order. ReplicaCount, System and LocalStorage are left
 * out when their flag is off (so `--skip-nodes-with-custom-controller-pods=false` also turns off
 * `--min-replica-count` and the missing-controller check).
 */
export function defaultRules(options: NodeDeleteOptions): DrainabilityRule[] {
  const rules: (DrainabilityRule | false)[] = [
    mirrorRule,
    longTerminatingRule,
    options.skipNodesWithCustomControllerPods && replicaCountRule(options.minReplicaCount),
    daemonSetRule,
    safeToEvictRule,
    terminalRule,
    onCompletionRule,
    replicatedRule(options.skipNodesWithCustomControllerPods),
    options.skipNodesWithSystemPods && systemRule(options.bspDisruptionTimeoutNs),
    notSafeToEvictRule,
    options.skipNodesWithLocalStorage && localStorageRule,
    pdbRule,
  ];
  return rules.filter((r): r is DrainabilityRule => r !== false);
}

/** The chain's verdict on a pod, and the rule it came from (none when no rule decided). */
export interface ChainVerdict {
  readonly status: DrainStatus;
  readonly rule?: string;
}

const UNDECIDED: ChainVerdict = Object.freeze({ status: UNDEFINED_STATUS });

/** One rule's status in a chain: what `Rules.Drainable` combines. */
export interface RuleStatus {
  readonly rule: string;
  readonly status: DrainStatus;
}

/**
 * `Rules.Drainable` over statuses as the rules return them, in order (lazily: the chain stops
 * where upstream stops). A status with overrides is remembered, not returned; a later status whose
 * outcome one of them overrides returns the earliest such remembered status; otherwise the first
 * status that is not UndefinedOutcome decides.
 */
export function combineStatuses(statuses: Iterable<RuleStatus>): ChainVerdict {
  let remembered: RuleStatus[] | undefined;
  for (const s of statuses) {
    const { status } = s;
    if (status.overrides !== undefined && status.overrides.length > 0) {
      (remembered ??= []).push(s);
      continue;
    }
    if (remembered !== undefined)
      for (const candidate of remembered)
        if (candidate.status.overrides?.includes(status.outcome))
          return { status: candidate.status, rule: candidate.rule };
    if (status.outcome !== 'UndefinedOutcome') return s;
  }
  return UNDECIDED;
}

function* statusesOf(
  rules: readonly DrainabilityRule[],
  subject: DrainSubject,
  ctx: DrainContext,
): Generator<RuleStatus> {
  for (const r of rules) yield { rule: r.name, status: r.drainable(subject, ctx) };
}

/** `Rules.Drainable(ctx, pod)`: the rules run in order until one decides. */
export function drainable(
  rules: readonly DrainabilityRule[],
  subject: DrainSubject,
  ctx: DrainContext,
): ChainVerdict {
  // The common case (no rule sets overrides) without the generator: this runs for every pod.
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i] as DrainabilityRule;
    const status = r.drainable(subject, ctx);
    if (status.overrides !== undefined && status.overrides.length > 0)
      return combineStatuses(
        (function* () {
          yield { rule: r.name, status };
          yield* statusesOf(rules.slice(i + 1), subject, ctx);
        })(),
      );
    if (status.outcome !== 'UndefinedOutcome') return { status, rule: r.name };
  }
  return UNDECIDED;
}
