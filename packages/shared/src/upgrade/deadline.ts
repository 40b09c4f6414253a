import type { PlannedBudgetState } from '../eviction/plan-types.js';
import { nsName, refKey, type ResourceRef } from '../model/refs.js';
import { spellSeconds } from '../duration/index.js';
import {
  AKS_QUARANTINE_LABEL,
  AKS_UPGRADE_FAILED,
  EKS_EVICTION_FAILURE,
  EKS_NODEGROUP_LABEL,
  aksDrainFailureMessage,
  eksEvictionFailureMessage,
} from './provider-messages.js';
import type {
  ForcedDeletion,
  ProviderRules,
  QuarantinedNode,
  StuckPod,
  UpgradeFailure,
  UpgradeStep,
} from './types.js';
import type { UpgradeWorld } from './world.js';

const PROVIDER_NAMES = { gke: 'GKE', eks: 'EKS', aks: 'AKS' } as const;

/** A batch whose drain the provider gave up on at its timeout. */
export interface TimedOut {
  rules: ProviderRules;
  step: UpgradeStep;
  /** The pods still on the batch's nodes. */
  stuck: StuckPod[];
}

const budgetsOf = (pods: readonly StuckPod[]): ResourceRef[] => {
  const out = new Map<string, ResourceRef>();
  for (const p of pods) for (const b of p.budgets) out.set(refKey(b), b);
  return [...out.values()];
};

const nodesOf = (pods: readonly StuckPod[]): string[] => [...new Set(pods.map((p) => p.node))];

function health(state: PlannedBudgetState): { healthy: number; required: number } {
  return state.kind === 'PodDisruptionBudget'
    ? { healthy: state.status.currentHealthy, required: state.status.desiredHealthy }
    : { healthy: state.status.currentAvailable, required: state.status.desiredAvailable };
}

/**
 * GKE after its hour, EKS with force after its 15 minutes: the pods still on the batch's nodes are
 * deleted whatever their budgets say. Their controllers' replacements are created and scheduled as
 * for evicted pods; the step records them.
 */
export function forceDelete(world: UpgradeWorld, out: TimedOut): ForcedDeletion {
  const { step, stuck, rules } = out;
  const at = step.endSeconds;
  for (const s of stuck) {
    const pod = world.state.pod(s.pod);
    if (!pod) continue;
    const placed = world.evicted(pod, s.node, at);
    if (placed) step.replacements.push(placed);
  }
  step.forced = stuck.map((s) => s.pod);
  step.completed = true;
  const budgets = budgetsOf(stuck).flatMap((budget) => {
    const state = world.state.state(budget);
    return state ? [{ budget, ...health(state) }] : [];
  });
  const nodes = nodesOf(stuck);
  const named = stuck.map((s) => {
    const held = s.budgets.map((b) => {
      const h = budgets.find((x) => refKey(x.budget) === refKey(b));
      return `${b.kind} ${nsName(b)}${h ? `: ${h.healthy} healthy of ${h.required} required` : ''}`;
    });
    return `${nsName(s.pod)}${held.length > 0 ? ` (${held.join('; ')})` : ''}`;
  });
  return {
    step: step.step,
    nodes,
    atSeconds: at,
    afterSeconds: rules.drainTimeoutSeconds,
    pods: stuck,
    budgets,
    summary:
      `Step ${step.step}: after ${spellSeconds(rules.drainTimeoutSeconds)} ${PROVIDER_NAMES[rules.provider]} ` +
      `deletes ${stuck.length} pod${stuck.length === 1 ? '' : 's'} on ${nodes.join(', ')} that ` +
      `${stuck.length === 1 ? 'its budget protects' : 'their budgets protect'}: ${named.join(', ')}.`,
  };
}

const aksMessage = (world: UpgradeWorld, node: string, pods: readonly StuckPod[]): string => {
  const first = pods.find((p) => p.node === node) ?? pods[0];
  return first
    ? aksDrainFailureMessage({ node, pod: first, budgetPods: (ref) => world.state.podsOf(ref) })
    : `Drain node ${node} failed.`;
};

/** EKS without force, AKS with behaviour Schedule: the upgrade stops, failed, on this batch. */
export function providerFailure(world: UpgradeWorld, out: TimedOut): UpgradeFailure {
  const { step, stuck, rules } = out;
  const nodes = nodesOf(stuck);
  const node = nodes[0] ?? step.nodes[0] ?? '';
  const where = {
    step: step.step,
    node,
    nodes,
    atSeconds: step.endSeconds,
    pods: stuck,
    budgets: budgetsOf(stuck),
  };
  if (rules.provider === 'eks') {
    const group = world.node(node)?.labels[EKS_NODEGROUP_LABEL];
    const message = eksEvictionFailureMessage(group);
    return { provider: 'eks', code: EKS_EVICTION_FAILURE, message, ...where };
  }
  const message = aksMessage(world, node, stuck);
  return { provider: 'aks', code: AKS_UPGRADE_FAILED, message, ...where };
}

/** AKS with behaviour Cordon: the batch's undrainable nodes stay cordoned, labelled, not upgraded. */
export function quarantine(world: UpgradeWorld, out: TimedOut): QuarantinedNode[] {
  const { step, stuck } = out;
  const nodes = nodesOf(stuck);
  step.quarantined = nodes;
  return nodes.map((node) => ({
    step: step.step,
    node,
    atSeconds: step.endSeconds,
    label: AKS_QUARANTINE_LABEL,
    pods: stuck.filter((p) => p.node === node),
    message: aksMessage(world, node, stuck),
  }));
}

/**
 * Where an upgrade with quarantined nodes ends, as AKS documents Cordon: a surge node is kept for
 * each blocked node; with enough surge nodes for them the operation ends Failed, otherwise
 * Canceled (UndrainableNodeBehavior, https://learn.microsoft.com/en-us/dotnet/api/azure.resourcemanager.containerservice.models.undrainablenodebehavior).
 */
export function quarantineFailure(input: {
  quarantined: readonly QuarantinedNode[];
  surgeNodes: number;
  timeoutSeconds: number;
  endSeconds: number;
}): UpgradeFailure {
  const { quarantined } = input;
  const first = quarantined[0];
  const nodes = quarantined.map((q) => q.node);
  const pods = quarantined.flatMap((q) => q.pods);
  const state = input.surgeNodes >= quarantined.length ? 'Failed' : 'Canceled';
  return {
    provider: 'aks',
    code: state,
    message:
      `The upgrade ends ${state}: ${nodes.length} node${nodes.length === 1 ? '' : 's'} ` +
      `(${nodes.join(', ')}) could not be drained within ${spellSeconds(input.timeoutSeconds)} and ` +
      `stay cordoned with label ${AKS_QUARANTINE_LABEL}, not upgraded; the other nodes are.`,
    step: first?.step ?? 0,
    node: first?.node ?? '',
    nodes,
    atSeconds: input.endSeconds,
    pods,
    budgets: budgetsOf(pods),
  };
}
