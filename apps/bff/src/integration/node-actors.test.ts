import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeActorAnswer, NodeDetailResponse, NodesResponse } from '@pdbscope/shared/api';
import { startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});

afterAll(async () => {
  await h.close();
});

async function actors(node: string): Promise<NodeActorAnswer[]> {
  const res = await fetch(`${h.bff.url}/api/nodes/${node}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as NodeDetailResponse).actors;
}

const CA_DEFAULTS =
  '--skip-nodes-with-system-pods=true --skip-nodes-with-local-storage=true --skip-nodes-with-custom-controller-pods=true --min-replica-count=0 --blocking-system-pod-distruption-timeout=1h0m0s';
const ENCODER = 'render/live-encoder-6ffdd8c979-46kgl';

describe('GET /api/nodes/{name}: what each actor would do with the node now', () => {
  it('flex-2: a different answer, and a different pod and rule, from each actor', async () => {
    expect(await actors('flex-2')).toStrictEqual([
      {
        actor: 'kubectl-drain',
        removes: false,
        verdict: `kubectl drain flex-2 is stuck: eviction of ${ENCODER} refused now, 429 (live-encoder): Cannot evict pod as it would violate the pod's disruption budget.`,
        settings: '--ignore-daemonsets --delete-emptydir-data',
        blocking: {
          pod: ENCODER,
          rule: 'eviction refused',
          message: `eviction of ${ENCODER} refused now, 429 (live-encoder): Cannot evict pod as it would violate the pod's disruption budget.`,
        },
        priorityClasses: [],
        violatedBudgets: [],
      },
      {
        actor: 'cluster-autoscaler',
        removes: false,
        verdict:
          'Cluster Autoscaler keeps node flex-2: pod databases/pg-backup-bdf47ccb8-vbs99 blocks it (NotSafeToEvictAnnotation: pod annotated as not safe to evict present: pg-backup-bdf47ccb8-vbs99).',
        settings: CA_DEFAULTS,
        blocking: {
          pod: 'databases/pg-backup-bdf47ccb8-vbs99',
          rule: 'NotSafeToEvictAnnotation',
          message: 'pod annotated as not safe to evict present: pg-backup-bdf47ccb8-vbs99',
        },
        priorityClasses: [],
        violatedBudgets: [],
      },
      {
        actor: 'karpenter',
        removes: false,
        verdict: `Karpenter does not disrupt node flex-2: Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=${ENCODER}).`,
        settings: '--disruption-class=graceful',
        blocking: {
          pod: ENCODER,
          rule: 'DisruptionBlocked',
          message: `Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=${ENCODER})`,
        },
        priorityClasses: [],
        violatedBudgets: [],
      },
      {
        actor: 'preemption',
        removes: true,
        verdict:
          'A pending pod of PriorityClass critical (1000000) that fits nowhere may delete 5 pod(s) here (a delete, not an eviction: budgets do not stop it), violating render/live-encoder.',
        settings: 'kube-scheduler DefaultPreemption',
        blocking: {
          pod: ENCODER,
          rule: 'PDB violation',
          message:
            'the scheduler prefers nodes with fewer PDB violations, but does not refuse: deleting it takes PodDisruptionBudget render/live-encoder below zero',
        },
        priorityClasses: [{ name: 'critical', value: 1000000 }],
        violatedBudgets: ['render/live-encoder'],
      },
    ]);
  });

  it('flex-1 lets every actor go; Karpenter answers only on the nodes it manages', async () => {
    const summary = (answers: NodeActorAnswer[]) =>
      answers.map((a) => [a.actor, a.removes, a.blocking?.rule ?? null]);
    expect({
      flex1: summary(await actors('flex-1')),
      worker1: summary(await actors('worker-1')),
      payments1: summary(await actors('payments-1')),
    }).toStrictEqual({
      flex1: [
        ['kubectl-drain', true, null],
        ['cluster-autoscaler', true, null],
        ['karpenter', true, null],
        ['preemption', true, null],
      ],
      // postgres-0 under maxUnavailable 0: kubectl is stuck, CA counts the same budget.
      worker1: [
        ['kubectl-drain', false, 'eviction refused'],
        ['cluster-autoscaler', false, 'NotEnoughPdb'],
        ['preemption', true, 'PDB violation'],
      ],
      // payments-api runs at `critical`, the highest workload class: nothing preempts it.
      payments1: [
        ['kubectl-drain', false, 'eviction refused'],
        ['cluster-autoscaler', false, 'NotEnoughPdb'],
        ['preemption', false, null],
      ],
    });
  });

  it("the nodes list's blockedFor is every actor's answer on the node's page", async () => {
    const list = (await (await fetch(`${h.bff.url}/api/nodes`)).json()) as NodesResponse;
    const fromPages = await Promise.all(
      list.items.map(async (row) => {
        const answers = await actors(row.name);
        return [
          row.name,
          answers
            .filter((a) => a.actor !== 'preemption' && a.removes === false)
            .map((a) => a.actor),
        ];
      }),
    );
    expect(list.items.map((row) => [row.name, row.blockedFor])).toStrictEqual(fromPages);
    // The demo has nodes blocked for each actor, for some only, and for none.
    expect(
      Object.fromEntries(
        ['flex-1', 'flex-2', 'worker-1', 'worker-4', 'worker-3'].map((n) => [
          n,
          list.items.find((row) => row.name === n)?.blockedFor,
        ]),
      ),
    ).toStrictEqual({
      'flex-1': [],
      'flex-2': ['kubectl-drain', 'cluster-autoscaler', 'karpenter'],
      'worker-1': ['kubectl-drain', 'cluster-autoscaler'],
      'worker-4': ['kubectl-drain', 'cluster-autoscaler'],
      'worker-3': ['kubectl-drain'],
    });
  });
});

describe('GET /api/nodes/{name} with the pods of one namespace not visible', () => {
  it('says "not known" where a removal rests on what is hidden, and keeps a certain block', async () => {
    const hidden = await startHarness({
      beforeBff: (sim) => sim.faults.forbidIn('pods', 'zookeeper'),
    });
    try {
      await hidden.bff.ready();
      const answersOf = async (node: string) => {
        const res = await fetch(`${hidden.bff.url}/api/nodes/${node}`);
        return ((await res.json()) as NodeDetailResponse).actors.map((a) => [
          a.actor,
          a.removes,
          a.notVisible?.some((t) => t.startsWith('pods in zookeeper not visible')) ?? false,
        ]);
      };
      expect({
        flex1: await answersOf('flex-1'),
        worker1: await answersOf('worker-1'),
      }).toStrictEqual({
        // Any node may hold the hidden pods: removing flex-1's is not known.
        flex1: [
          ['kubectl-drain', null, true],
          ['cluster-autoscaler', null, true],
          ['karpenter', null, true],
          ['preemption', true, true],
        ],
        // postgres-0 (databases, its budget seen) stops kubectl and CA whatever is hidden.
        worker1: [
          ['kubectl-drain', false, true],
          ['cluster-autoscaler', false, true],
          ['preemption', true, true],
        ],
      });
    } finally {
      await hidden.close();
    }
  });
});
