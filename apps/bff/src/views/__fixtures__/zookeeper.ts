import type { Result } from '@pdbscope/shared';
import {
  pdbFromObject,
  podFromObject,
  workloadFromObject,
  type PdbView,
  type PodView,
  type WorkloadView,
} from '@pdbscope/shared';

function ok<T>(c: Result<T>): T {
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

/** A 3-replica ZooKeeper StatefulSet, its PDB (maxUnavailable 1) and pods; `unready` pods are not Ready. */
export function zookeeper(
  options: {
    unready?: string[];
    reported?: { currentHealthy: number; disruptionsAllowed: number };
  } = {},
) {
  const sts: WorkloadView = ok(
    workloadFromObject({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'zookeeper', namespace: 'data', uid: 'sts-uid', resourceVersion: '100' },
      spec: { replicas: 3, selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } } },
    }),
  );
  const pods: PodView[] = [0, 1, 2].map((i) =>
    ok(
      podFromObject({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `zookeeper-${i}`,
          namespace: 'data',
          uid: `pod-${i}`,
          resourceVersion: `${200 + i}`,
          labels: { 'app.kubernetes.io/name': 'zookeeper' },
          ownerReferences: [
            {
              apiVersion: 'apps/v1',
              kind: 'StatefulSet',
              name: 'zookeeper',
              uid: 'sts-uid',
              controller: true,
            },
          ],
        },
        spec: { nodeName: `worker-${i}` },
        status: {
          phase: 'Running',
          conditions: [
            {
              type: 'Ready',
              status: options.unready?.includes(`zookeeper-${i}`) ? 'False' : 'True',
            },
          ],
        },
      }),
    ),
  );
  const pdb: PdbView = ok(
    pdbFromObject({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name: 'zookeeper',
        namespace: 'data',
        uid: 'pdb-uid',
        resourceVersion: '300',
        generation: 1,
        creationTimestamp: '2026-11-20T08:00:00Z',
      },
      spec: {
        maxUnavailable: 1,
        selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      },
      status: {
        observedGeneration: 1,
        expectedPods: 3,
        desiredHealthy: 2,
        currentHealthy: options.reported?.currentHealthy ?? 3,
        disruptionsAllowed: options.reported?.disruptionsAllowed ?? 1,
        // As the controller writes it: False from the moment it stopped allowing disruptions.
        conditions: [
          (options.reported?.disruptionsAllowed ?? 1) > 0
            ? {
                type: 'DisruptionAllowed',
                status: 'True',
                reason: 'SufficientPods',
                lastTransitionTime: '2026-11-20T08:00:05Z',
              }
            : {
                type: 'DisruptionAllowed',
                status: 'False',
                reason: 'InsufficientPods',
                lastTransitionTime: '2026-11-21T19:10:03Z',
              },
        ],
      },
    }),
  );
  return { sts, pods, pdb };
}
