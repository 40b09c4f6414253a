import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetDetailResponse } from '@pdbscope/shared/api';
import { startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});

afterAll(async () => {
  await h.close();
});

const detail = async (path: string) => {
  const res = await fetch(`${h.bff.url}/api/budgets/${path}`);
  return (await res.json()) as BudgetDetailResponse;
};

const PREEMPTION_RULE =
  'kube-scheduler preemption deletes its victims, it does not evict them: a PodDisruptionBudget only ranks the candidate nodes (fewest violations first) and never forbids one. Any pod of a strictly higher priority may preempt, except those of preemptionPolicy Never.';
const DIRECT_DELETE = [
  'direct-delete',
  true,
  'all',
  'Pods deleted directly are never checked against this budget: kubectl delete pod, a controller replacing them in a rolling update or scaling down, a node that fails or is deleted.',
];
// Pod names carry the ReplicaSet's hash and a suffix the simulator draws: keep their workload.
const workloads = (pods: readonly string[] | undefined) =>
  pods?.map((p) => p.replace(/-[a-z0-9]{8,10}-[a-z0-9]{5}$/, '')) ?? 'all';

describe("a budget's exposure", () => {
  it('names the PriorityClasses above the pods and the Karpenter grace period on the flex pool', async () => {
    const body = await detail('PodDisruptionBudget/render/live-encoder');
    expect([
      body.exposure?.[0]?.rule,
      body.exposure?.map((e) => [e.kind, e.overridesBudget, workloads(e.pods), e.sentence]),
    ]).toStrictEqual([
      PREEMPTION_RULE,
      [
        [
          'preemption',
          true,
          'all',
          'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000), critical (1000000) may preempt these pods (priority 0): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.',
        ],
        [
          'provider-upgrade',
          true,
          'all',
          "No node of these pods carries a managed provider's pool label. Were their pool upgraded by one: GKE deletes the pods after 1 hour per node, EKS with force after 15 minutes; AKS and kubectl drain wait or fail instead.",
        ],
        [
          'karpenter-termination',
          true,
          ['render/live-encoder'],
          "Karpenter's NodePool flex gives these pods' nodes a terminationGracePeriod of 2h: once a node has been terminating that long, the pods still on it are deleted, budget or not; a drift or expiration starts that termination even when this budget blocks.",
        ],
        DIRECT_DELETE,
      ],
    ]);
  });

  it("counts unnamed pods above batch-low, and EKS's forced update on the batch node group", async () => {
    const body = await detail('PodDisruptionBudget/render/render-farm');
    expect(
      body.exposure?.map((e) => [e.kind, e.overridesBudget, workloads(e.pods), e.sentence]),
    ).toStrictEqual([
      [
        'preemption',
        true,
        'all',
        'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000), critical (1000000), or of no PriorityClass (priority 0) may preempt these pods (priority -1000): the scheduler prefers victims whose budgets allow it, but deletes them anyway when nothing else makes room.',
      ],
      [
        'provider-upgrade',
        true,
        ['render/render-farm', 'render/render-farm', 'render/render-farm'],
        'An EKS managed node group update started with force deletes these pods when they do not leave within 15 minutes; without force the update fails with PodEvictionFailure.',
      ],
      DIRECT_DELETE,
    ]);
  });
});
