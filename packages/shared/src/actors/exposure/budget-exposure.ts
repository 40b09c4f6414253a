// What can still remove a PodDisruptionBudget's pods although the budget says no: the actors
// that delete instead of evicting, or evict while not asking the budget first.
import type { NodeClaimView } from '../../model/karpenter.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { PriorityClassView } from '../../model/priority-class.js';
import { nsName } from '../../model/refs.js';
import { PROVIDER_DEFAULTS } from '../../upgrade/provider-defaults.js';
import { EKS_EVICTION_FAILURE } from '../../upgrade/provider-messages.js';
import { guessProvider } from '../../upgrade/provider-guess.js';
import type { ManagedProvider } from '../../upgrade/types.js';
import { SAFE_TO_EVICT } from '../cluster-autoscaler/pod-predicates.js';
import { NODEPOOL_LABEL } from '../karpenter/node-state.js';
import { preemptingClassesAbove } from '../preemption/exposure.js';
import { podPriority, priorityClasses } from '../preemption/priority.js';

export type ExposureKind =
  | 'preemption'
  | 'provider-upgrade'
  | 'karpenter-termination'
  | 'cluster-autoscaler-safe-to-evict'
  | 'direct-delete';

/** One way the budget's pods can be removed despite it, in a sentence, with the rule behind it. */
export interface BudgetExposure {
  kind: ExposureKind;
  /** True when the pods go although the budget allows no disruption; false when it still holds in the end. */
  overridesBudget: boolean;
  sentence: string;
  rule: string;
  /** The budget's pods concerned (`namespace/name`); all of them when absent. */
  pods?: string[];
}

export interface BudgetExposureInput {
  /** The budget's pods. */
  pods: readonly PodView[];
  /** The cluster's PriorityClasses (the two system ones are added when missing). */
  priorityClasses: readonly PriorityClassView[];
  /** The Node objects the pods run on. */
  nodes: readonly NodeView[];
  /** Karpenter's NodeClaims; empty where Karpenter is not served. */
  nodeClaims: readonly NodeClaimView[];
}

const hours = (s: number) =>
  s % 3600 === 0 ? `${s / 3600} hour${s === 3600 ? '' : 's'}` : `${s / 60} minutes`;

function preemption(input: BudgetExposureInput): BudgetExposure | undefined {
  if (input.pods.length === 0) return undefined;
  const classes = priorityClasses(input.priorityClasses);
  const lowest = Math.min(...input.pods.map((p) => podPriority(p.scheduling, classes)));
  const above = preemptingClassesAbove([...classes.byName.values()], lowest);
  // A pod naming no class gets the globalDefault class's value, else 0 (the Priority plugin).
  const unnamed = classes.globalDefault === undefined && lowest < 0;
  if (above.length === 0 && !unnamed) return undefined;
  const names = [
    ...(above.length > 0
      ? [`PriorityClass ${above.map((c) => `${c.name} (${c.value})`).join(', ')}`]
      : []),
    ...(unnamed ? ['no PriorityClass (priority 0)'] : []),
  ].join(', or of ');
  return {
    kind: 'preemption',
    overridesBudget: true,
    sentence: `A pending pod of ${names} may preempt these pods (priority ${lowest}${
      input.pods.some((p) => podPriority(p.scheduling, classes) !== lowest) ? ' at the lowest' : ''
    }): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.`,
    rule: 'kube-scheduler preemption deletes its victims, it does not evict them: a PodDisruptionBudget only ranks the candidate nodes (fewest violations first) and never forbids one. Any pod of a strictly higher priority may preempt, except those of preemptionPolicy Never.',
  };
}

const UPGRADE_WORDS: Record<ManagedProvider, (pods: string[]) => Omit<BudgetExposure, 'kind'>> = {
  gke: (pods) => ({
    overridesBudget: true,
    pods,
    sentence: `A GKE surge upgrade of these nodes' pool waits for this budget for up to ${hours(PROVIDER_DEFAULTS.gke.drainTimeoutSeconds)} per node, then deletes the pods still there.`,
    rule: 'GKE node upgrades respect PodDisruptionBudgets for up to one hour per node, then drain the node regardless.',
  }),
  eks: (pods) => ({
    overridesBudget: true,
    pods,
    sentence: `An EKS managed node group update started with force deletes these pods when they do not leave within ${hours(PROVIDER_DEFAULTS.eks.drainTimeoutSeconds)}; without force the update fails with ${EKS_EVICTION_FAILURE}.`,
    rule: "EKS: if the pods don't leave the node within 15 minutes and there's no force flag, the upgrade fails with PodEvictionFailure; the force flag deletes the pods.",
  }),
  aks: (pods) => ({
    overridesBudget: false,
    pods,
    sentence: `An AKS node pool upgrade does not delete these pods: after drainTimeoutInMinutes (${hours(PROVIDER_DEFAULTS.aks.drainTimeoutSeconds)} by default) it fails with UpgradeFailed, or quarantines the node with undrainableNodeBehavior Cordon.`,
    rule: 'AKS: the drain timeout honors pod disruption budgets; if it is exceeded, the upgrade fails.',
  }),
};

function providerUpgrades(input: BudgetExposureInput): BudgetExposure[] {
  const nodes = new Map(input.nodes.map((n) => [n.name, n]));
  const byProvider = new Map<ManagedProvider, string[]>();
  for (const pod of input.pods) {
    const node = pod.nodeName === undefined ? undefined : nodes.get(pod.nodeName);
    const guess = node && guessProvider([node]);
    if (guess)
      byProvider.set(guess.provider, [...(byProvider.get(guess.provider) ?? []), nsName(pod)]);
  }
  if (byProvider.size === 0 && input.pods.length > 0)
    return [
      {
        kind: 'provider-upgrade',
        overridesBudget: true,
        sentence: `No node of these pods carries a managed provider's pool label. Were their pool upgraded by one: GKE deletes the pods after ${hours(PROVIDER_DEFAULTS.gke.drainTimeoutSeconds)} per node, EKS with force after ${hours(PROVIDER_DEFAULTS.eks.drainTimeoutSeconds)}; AKS and kubectl drain wait or fail instead.`,
        rule: 'A managed upgrade drains each node within a timeout, and what it does at the timeout is the provider’s: see the upgrade forecast’s provider profiles.',
      },
    ];
  return [...byProvider].map(([provider, pods]) => ({
    kind: 'provider-upgrade',
    ...UPGRADE_WORDS[provider](pods),
  }));
}

function karpenterTermination(input: BudgetExposureInput): BudgetExposure[] {
  const claims = new Map(
    input.nodeClaims.flatMap((c) =>
      c.nodeName !== undefined && c.terminationGracePeriod !== undefined ? [[c.nodeName, c]] : [],
    ),
  );
  const groups = new Map<string, { claim: NodeClaimView; pods: string[] }>();
  for (const pod of input.pods) {
    const claim = pod.nodeName === undefined ? undefined : claims.get(pod.nodeName);
    if (!claim) continue;
    const key = `${claim.labels[NODEPOOL_LABEL] ?? ''}\u0000${claim.terminationGracePeriod ?? ''}`;
    const group = groups.get(key) ?? { claim, pods: [] };
    group.pods.push(nsName(pod));
    groups.set(key, group);
  }
  return [...groups.values()].map(({ claim, pods }) => {
    const pool = claim.labels[NODEPOOL_LABEL];
    return {
      kind: 'karpenter-termination',
      overridesBudget: true,
      pods,
      sentence: `Karpenter${pool !== undefined ? `'s NodePool ${pool}` : ''} gives these pods' nodes a terminationGracePeriod of ${claim.terminationGracePeriod ?? ''}: once a node has been terminating that long, the pods still on it are deleted, budget or not; a drift or expiration starts that termination even when this budget blocks.`,
      rule: 'Karpenter termination: a pod still on the node at the deadline minus its own grace period is deleted, bypassing PDBs and karpenter.sh/do-not-disrupt; with terminationGracePeriod set, eventual disruption (drift, expiration) ignores the pods that block it.',
    };
  });
}

function safeToEvict(input: BudgetExposureInput): BudgetExposure | undefined {
  const pods = input.pods.filter((p) => p.annotations[SAFE_TO_EVICT] === 'true').map(nsName);
  if (pods.length === 0) return undefined;
  return {
    kind: 'cluster-autoscaler-safe-to-evict',
    overridesBudget: false,
    pods,
    sentence:
      'Cluster Autoscaler’s drainability check does not look at this budget for these pods: safe-to-evict "true" lets it count their nodes as removable. It then evicts through the eviction API, which still refuses while the budget allows no disruption, so that scale-down fails after the pods before it on the node may have been evicted.',
    rule: 'Cluster Autoscaler drainability: the SafeToEvict rule (DrainOk for cluster-autoscaler.kubernetes.io/safe-to-evict: "true") comes before the PDB rule, so the PDB is never checked at that stage; the eviction itself goes through the Eviction API.',
  };
}

const DIRECT_DELETE: BudgetExposure = {
  kind: 'direct-delete',
  overridesBudget: true,
  sentence:
    'Pods deleted directly are never checked against this budget: kubectl delete pod, a controller replacing them in a rolling update or scaling down, a node that fails or is deleted.',
  rule: 'A PodDisruptionBudget is enforced only by the Eviction API (pods/eviction); a DELETE of a pod, and the loss of its node, do not ask it.',
};

/**
 * What can still disrupt a PodDisruptionBudget's pods despite it, most direct first: preemption
 * by higher PriorityClasses, a managed provider's upgrade timeout, Karpenter's
 * terminationGracePeriod, Cluster Autoscaler's safe-to-evict choice, and direct deletes. Each
 * item says whether the budget still holds in the end (`overridesBudget: false`).
 */
export function budgetExposure(input: BudgetExposureInput): BudgetExposure[] {
  const preempt = preemption(input);
  const evict = safeToEvict(input);
  return [
    ...(preempt ? [preempt] : []),
    ...providerUpgrades(input),
    ...karpenterTermination(input),
    ...(evict ? [evict] : []),
    DIRECT_DELETE,
  ];
}
