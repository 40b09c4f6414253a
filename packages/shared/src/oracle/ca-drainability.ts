// kind `ca-drainability`: Cluster Autoscaler's drainability rules, their chain and GetPodsToMove,
// run through the engine's functions (src/actors/cluster-autoscaler) on the scenario's objects.
import { pdbsForPod } from '../budgets/select.js';
import { asArray, asObject, asString, type Json } from '../model/convert-helpers.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { nsName } from '../model/refs.js';
import {
  blocked,
  combineStatuses,
  daemonSetRule,
  defaultRules,
  DRAIN_OK,
  getPodsToMove,
  isPodLongTerminating,
  localStorageRule,
  longTerminatingRule,
  mirrorRule,
  nodeDeleteOptions,
  notSafeToEvictRule,
  onCompletionRule,
  pdbRule,
  replicaCountRule,
  replicatedRule,
  safeToEvictRule,
  setPdbs,
  systemRule,
  terminalRule,
  UNDEFINED_STATUS,
  type ControllerListers,
  type DrainabilityRule,
  type DrainContext,
  type DrainOutcome,
  type DrainStatus,
  type ListedControllerKind,
  type NodeDeleteOptionsInput,
  type RuleStatus,
} from '../actors/cluster-autoscaler/index.js';
import { scenarioClock, scenarioPdb, scenarioPod } from './actor-objects.js';
import { ScenarioError } from './inputs.js';
import type { Scenario } from './scenario.js';

interface CaScenario extends Scenario {
  rule?: string;
  ruleOptions?: NodeDeleteOptionsInput;
  options?: NodeDeleteOptionsInput;
  listers?: Record<string, unknown> | null;
  customRulesBefore?: readonly string[];
  ruleStatuses?: readonly unknown[];
}

/** The scenario's lister lists, by the kind each lister serves. */
const LISTS: readonly [string, ListedControllerKind][] = [
  ['replicationControllers', 'ReplicationController'],
  ['replicaSets', 'ReplicaSet'],
  ['daemonSets', 'DaemonSet'],
  ['jobs', 'Job'],
  ['statefulSets', 'StatefulSet'],
];

/**
 * `listers: null` is a nil ListerRegistry; otherwise every lister exists, holding what is listed,
 * with `spec.replicas` as the test wrote it (unset stays unset: test objects are not defaulted).
 */
function listersOf(raw: CaScenario['listers']): ControllerListers | undefined {
  if (raw === null || raw === undefined) return undefined;
  const listed = new Map<string, { replicas: number | undefined }>();
  const key = (kind: string, namespace: string, name: string) => `${kind}/${namespace}/${name}`;
  for (const [field, kind] of LISTS)
    for (const item of asArray(raw[field])) {
      const o = asObject(item) ?? {};
      const replicas = o['replicas'];
      listed.set(key(kind, asString(o['namespace']) ?? '', asString(o['name']) ?? ''), {
        replicas: typeof replicas === 'number' ? replicas : undefined,
      });
    }
  return { get: (kind, namespace, name) => listed.get(key(kind, namespace, name)) ?? 'not-found' };
}

/** The rule `Default` would build, with the scenario's constructor arguments. */
function namedRule(name: string, input: NodeDeleteOptionsInput): DrainabilityRule {
  const parsed = nodeDeleteOptions(input);
  if (!parsed.ok) throw new ScenarioError(parsed.error);
  const o = parsed.value;
  const rules: Record<string, DrainabilityRule> = {
    Mirror: mirrorRule,
    LongTerminating: longTerminatingRule,
    ReplicaCount: replicaCountRule(o.minReplicaCount),
    DaemonSet: daemonSetRule,
    SafeToEvict: safeToEvictRule,
    Terminal: terminalRule,
    OnCompletion: onCompletionRule,
    Replicated: replicatedRule(o.skipNodesWithCustomControllerPods),
    System: systemRule(o.bspDisruptionTimeoutNs),
    NotSafeToEvict: notSafeToEvictRule,
    LocalStorage: localStorageRule,
    PDB: pdbRule,
  };
  const rule = rules[name];
  if (!rule) throw new ScenarioError(`unknown rule ${JSON.stringify(name)}`);
  return rule;
}

/** simulator/drain_test.go's fake rules, put before the default ones. */
const TEST_RULES: Readonly<Record<string, DrainabilityRule>> = {
  AlwaysDrain: { name: 'AlwaysDrain', drainable: () => DRAIN_OK },
  NeverDrain: {
    name: 'NeverDrain',
    drainable: () => blocked('UnexpectedError', 'nope'),
  },
  CantDecide: { name: 'CantDecide', drainable: () => UNDEFINED_STATUS },
};

function ruleActual(
  s: CaScenario,
  pods: readonly PodView[],
  pdbs: readonly PdbView[],
  ctx: DrainContext,
) {
  const rule = namedRule(s.rule ?? '', s.ruleOptions ?? {});
  const perPod: Record<string, unknown> = {};
  for (const pod of pods) {
    const status = rule.drainable({ pod, pdbs: pdbsForPod(pod, pdbs) }, ctx);
    perPod[nsName(pod)] = {
      outcome: status.outcome,
      blockingReason: status.blockingReason,
      error: status.error !== undefined,
      ...(rule === longTerminatingRule
        ? { longTerminating: isPodLongTerminating(pod, ctx.nowNs) }
        : {}),
    };
  }
  return { perPod };
}

/** A status as a scenario writes it, and back: the winner is reported as it was given. */
function statusOf(raw: unknown): DrainStatus {
  const o: Json = asObject(raw) ?? {};
  const overrides = asArray(o['overrides']).map(String) as DrainOutcome[];
  return {
    outcome: (asString(o['outcome']) ?? 'UndefinedOutcome') as DrainOutcome,
    blockingReason: (asString(o['blockingReason']) ?? 'NoReason') as DrainStatus['blockingReason'],
    ...(overrides.length > 0 ? { overrides } : {}),
  };
}

function writtenStatus(status: DrainStatus): Record<string, unknown> {
  return {
    outcome: status.outcome,
    ...(status.overrides !== undefined && status.overrides.length > 0
      ? { overrides: status.overrides }
      : {}),
    ...(status.blockingReason !== 'NoReason' ? { blockingReason: status.blockingReason } : {}),
  };
}

function chainActual(s: CaScenario) {
  const statuses: RuleStatus[] = (s.ruleStatuses ?? []).map((raw, i) => ({
    rule: `rule-${i}`,
    status: statusOf(raw),
  }));
  return { status: writtenStatus(combineStatuses(statuses).status) };
}

function podsToMoveActual(
  s: CaScenario,
  pods: readonly PodView[],
  pdbs: readonly PdbView[],
  ctx: DrainContext,
) {
  const options = nodeDeleteOptions(s.options ?? {});
  if (!options.ok) throw new ScenarioError(options.error);
  const custom = (s.customRulesBefore ?? []).map((name) => {
    const r = TEST_RULES[name];
    if (!r) throw new ScenarioError(`unknown test rule ${JSON.stringify(name)}`);
    return r;
  });
  const info = getPodsToMove(
    pods.map((pod) => ({ pod, pdbs: pdbsForPod(pod, pdbs) })),
    [...custom, ...defaultRules(options.value)],
    ctx,
  );
  const ids = (list: readonly PodView[]) => list.map(nsName);
  return {
    podsToMove: ids(info.podsToMove),
    daemonSetPods: ids(info.daemonSetPods),
    onCompletionPods: ids(info.onCompletionPods),
    blockingPod: info.blockingPod
      ? { pod: nsName(info.blockingPod.pod), reason: info.blockingPod.reason }
      : null,
    error: info.blockingPod !== undefined,
  };
}

/** kind `ca-drainability`, by `operation`: rule, rulesChain or getPodsToMove. */
export function caDrainabilityActual(s: CaScenario, defaultNow: string): Record<string, unknown> {
  if (s.operation === 'rulesChain') return chainActual(s);
  const { ns } = scenarioClock(s.now, defaultNow);
  const pods = (s.pods ?? []).map(scenarioPod);
  // The tests ignore SetPdbs' error: the PDBs before an unconvertible one stay tracked.
  const { pdbs } = setPdbs((s.pdbs ?? []).map((raw) => scenarioPdb(raw, s.now ?? defaultNow)));
  const listers = listersOf(s.listers);
  const ctx: DrainContext = { nowNs: ns, ...(listers ? { listers } : {}) };
  switch (s.operation) {
    case 'rule':
      return ruleActual(s, pods, pdbs, ctx);
    case 'getPodsToMove':
      return podsToMoveActual(s, pods, pdbs, ctx);
    default:
      throw new ScenarioError(`unknown operation ${JSON.stringify(s.operation)}`);
  }
}
