import { describe, expect, it } from 'vitest';
import { podFromObject, nodeFromObject } from '../../model/convert.js';
import { nodeClaimFromObject } from '../../model/convert-karpenter.js';
import { priorityClassFromObject } from '../../model/convert-priority-class.js';
import type { Result } from '../../result/index.js';
import { budgetExposure, type BudgetExposure } from './budget-exposure.js';

const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const pod = (
  name: string,
  node: string,
  extra: { priority?: number; annotations?: Record<string, string> } = {},
) =>
  must(
    podFromObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: 'shop',
        uid: `uid-${name}`,
        labels: { app: 'web' },
        ...(extra.annotations ? { annotations: extra.annotations } : {}),
      },
      spec: {
        nodeName: node,
        ...(extra.priority !== undefined ? { priority: extra.priority } : {}),
        containers: [{ name: 'web', image: 'nginx' }],
      },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    }),
  );

const node = (name: string, labels: Record<string, string>) =>
  must(
    nodeFromObject({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, uid: `uid-${name}`, labels },
    }),
  );

const priorityClass = (name: string, value: number, preemptionPolicy = 'PreemptLowerPriority') =>
  must(
    priorityClassFromObject({
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name, uid: `uid-${name}` },
      value,
      preemptionPolicy,
    }),
  );

const nodeClaim = (name: string, nodeName: string, grace: string) =>
  must(
    nodeClaimFromObject({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodeClaim',
      metadata: { name, uid: `uid-${name}`, labels: { 'karpenter.sh/nodepool': 'flex' } },
      spec: {
        terminationGracePeriod: grace,
        nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
      },
      status: { nodeName },
    }),
  );

const DIRECT_DELETE: BudgetExposure = {
  kind: 'direct-delete',
  overridesBudget: true,
  sentence:
    'Pods deleted directly are never checked against this budget: kubectl delete pod, a controller replacing them in a rolling update or scaling down, a node that fails or is deleted.',
  rule: 'A PodDisruptionBudget is enforced only by the Eviction API (pods/eviction); a DELETE of a pod, and the loss of its node, do not ask it.',
};

const NO_PROVIDER: BudgetExposure = {
  kind: 'provider-upgrade',
  overridesBudget: true,
  sentence:
    "No node of these pods carries a managed provider's pool label. Were their pool upgraded by one: GKE deletes the pods after 1 hour per node, EKS with force after 15 minutes; AKS and kubectl drain wait or fail instead.",
  rule: 'A managed upgrade drains each node within a timeout, and what it does at the timeout is the provider’s: see the upgrade forecast’s provider profiles.',
};

describe('budgetExposure', () => {
  it('names the preempting classes above the lowest pod, skipping Never and the ones below', () => {
    expect(
      budgetExposure({
        pods: [pod('web-0', 'n1', { priority: 0 }), pod('web-1', 'n2', { priority: 500 })],
        priorityClasses: [
          priorityClass('critical', 1_000_000),
          priorityClass('batch-high', 1_000, 'Never'),
          priorityClass('low', -10),
          priorityClass('middle', 200),
        ],
        nodes: [node('n1', {}), node('n2', {})],
        nodeClaims: [],
      }),
    ).toStrictEqual([
      {
        kind: 'preemption',
        overridesBudget: true,
        sentence:
          'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000), critical (1000000), middle (200) may preempt these pods (priority 0 at the lowest): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.',
        rule: 'kube-scheduler preemption deletes its victims, it does not evict them: a PodDisruptionBudget only ranks the candidate nodes (fewest violations first) and never forbids one. Any pod of a strictly higher priority may preempt, except those of preemptionPolicy Never.',
      },
      NO_PROVIDER,
      DIRECT_DELETE,
    ]);
  });

  it('says what each provider does at its timeout for the pods on its nodes', () => {
    const exposures = budgetExposure({
      pods: [
        pod('web-0', 'gke-1', { priority: 2_000_001_000 }),
        pod('web-1', 'eks-1', { priority: 2_000_001_000 }),
        pod('web-2', 'aks-1', { priority: 2_000_001_000 }),
        pod('web-3', 'gke-2', { priority: 2_000_001_000 }),
      ],
      priorityClasses: [],
      nodes: [
        node('gke-1', { 'cloud.google.com/gke-nodepool': 'default-pool' }),
        node('gke-2', { 'cloud.google.com/gke-nodepool': 'default-pool' }),
        node('eks-1', { 'eks.amazonaws.com/nodegroup': 'workers' }),
        node('aks-1', { 'kubernetes.azure.com/agentpool': 'nodepool1' }),
      ],
      nodeClaims: [],
    });
    expect(exposures).toStrictEqual([
      {
        kind: 'provider-upgrade',
        overridesBudget: true,
        pods: ['shop/web-0', 'shop/web-3'],
        sentence:
          "A GKE surge upgrade of these nodes' pool waits for this budget for up to 1 hour per node, then deletes the pods still there.",
        rule: 'GKE node upgrades respect PodDisruptionBudgets for up to one hour per node, then drain the node regardless.',
      },
      {
        kind: 'provider-upgrade',
        overridesBudget: true,
        pods: ['shop/web-1'],
        sentence:
          'An EKS managed node group update started with force deletes these pods when they do not leave within 15 minutes; without force the update fails with PodEvictionFailure.',
        rule: "EKS: if the pods don't leave the node within 15 minutes and there's no force flag, the upgrade fails with PodEvictionFailure; the force flag deletes the pods.",
      },
      {
        kind: 'provider-upgrade',
        overridesBudget: false,
        pods: ['shop/web-2'],
        sentence:
          'An AKS node pool upgrade does not delete these pods: after drainTimeoutInMinutes (30 minutes by default) it fails with UpgradeFailed, or quarantines the node with undrainableNodeBehavior Cordon.',
        rule: 'AKS: the drain timeout honors pod disruption budgets; if it is exceeded, the upgrade fails.',
      },
      DIRECT_DELETE,
    ]);
  });

  it("names Karpenter's terminationGracePeriod and the safe-to-evict pods Cluster Autoscaler picks without the budget", () => {
    expect(
      budgetExposure({
        pods: [
          pod('web-0', 'flex-1', {
            priority: 2_000_001_000,
            annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' },
          }),
          pod('web-1', 'n1', {
            priority: 2_000_001_000,
            annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' },
          }),
        ],
        priorityClasses: [],
        nodes: [node('flex-1', {}), node('n1', {})],
        nodeClaims: [nodeClaim('flex-abc', 'flex-1', '2h'), nodeClaim('flex-def', 'flex-9', '1h')],
      }),
    ).toStrictEqual([
      NO_PROVIDER,
      {
        kind: 'karpenter-termination',
        overridesBudget: true,
        pods: ['shop/web-0'],
        sentence:
          "Karpenter's NodePool flex gives these pods' nodes a terminationGracePeriod of 2h: once a node has been terminating that long, the pods still on it are deleted, budget or not; a drift or expiration starts that termination even when this budget blocks.",
        rule: 'Karpenter termination: a pod still on the node at the deadline minus its own grace period is deleted, bypassing PDBs and karpenter.sh/do-not-disrupt; with terminationGracePeriod set, eventual disruption (drift, expiration) ignores the pods that block it.',
      },
      {
        kind: 'cluster-autoscaler-safe-to-evict',
        overridesBudget: false,
        pods: ['shop/web-0'],
        sentence:
          'Cluster Autoscaler’s drainability check does not look at this budget for these pods: safe-to-evict "true" lets it count their nodes as removable. It then evicts through the eviction API, which still refuses while the budget allows no disruption, so that scale-down fails after the pods before it on the node may have been evicted.',
        rule: 'Cluster Autoscaler drainability: the SafeToEvict rule (DrainOk for cluster-autoscaler.kubernetes.io/safe-to-evict: "true") comes before the PDB rule, so the PDB is never checked at that stage; the eviction itself goes through the Eviction API.',
      },
      DIRECT_DELETE,
    ]);
  });

  it('counts pods naming no PriorityClass among the preemptors of pods below 0, unless a class is the default', () => {
    const below = (defaulted: boolean) =>
      budgetExposure({
        pods: [pod('web-0', 'n1', { priority: -1000 })],
        priorityClasses: [
          must(
            priorityClassFromObject({
              apiVersion: 'scheduling.k8s.io/v1',
              kind: 'PriorityClass',
              metadata: { name: 'batch-low', uid: 'uid-batch-low' },
              value: -1000,
              globalDefault: defaulted,
              preemptionPolicy: 'Never',
            }),
          ),
        ],
        nodes: [node('n1', { 'eks.amazonaws.com/nodegroup': 'batch' })],
        nodeClaims: [],
      })[0]?.sentence;
    expect([below(false), below(true)]).toStrictEqual([
      'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000), or of no PriorityClass (priority 0) may preempt these pods (priority -1000): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.',
      'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000) may preempt these pods (priority -1000): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.',
    ]);
  });

  it('leaves only direct deletes for a budget without pods', () => {
    expect(
      budgetExposure({ pods: [], priorityClasses: [], nodes: [], nodeClaims: [] }),
    ).toStrictEqual([DIRECT_DELETE]);
  });
});
