import { describe, expect, it } from 'vitest';
import { workloadLookupFromList } from '../../budgets/workload-lookup.js';
import { pdbFromObject, podFromObject, workloadFromObject } from '../../model/convert.js';
import type { PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { parseGoTime } from '../go/time.js';
import type { DrainContext } from './context.js';
import { controllerListers } from './listers.js';
import { replicaCountRule } from './replica-count.js';
import { localStorageRule, pdbRule, systemRule } from './rules.js';

const NOW = parseGoTime('2024-05-01T12:00:00Z') as bigint;
const HOUR = 3_600_000_000_000n;

function pod(metadata: Record<string, unknown>, spec: Record<string, unknown> = {}): PodView {
  const r = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: 'shop', ...metadata },
    spec: { nodeName: 'worker-1', containers: [{ name: 'app' }], ...spec },
    status: { phase: 'Running' },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const owned = (apiVersion: string, kind: string, name: string) => ({
  ownerReferences: [{ apiVersion, kind, name, uid: `uid-${name}`, controller: true }],
});

const listers = controllerListers(
  workloadLookupFromList(
    [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7c9d', replicas: 2 },
      { apiVersion: 'batch/v1', kind: 'Job', name: 'backup-28461' },
    ].map((w) => {
      const r = workloadFromObject({
        apiVersion: w.apiVersion,
        kind: w.kind,
        metadata: { name: w.name, namespace: 'shop' },
        spec: w.replicas === undefined ? {} : { replicas: w.replicas },
      });
      if (!r.ok) throw new Error(r.error);
      return r.value;
    }),
  ),
  new Set(['ReplicaSet', 'Job', 'DaemonSet']),
);
const ctx: DrainContext = { nowNs: NOW, listers };

describe('ReplicaCount', () => {
  const verdict = (p: PodView, min = 0) =>
    replicaCountRule(min).drainable({ pod: p, pdbs: [] }, ctx);

  it('blocks below --min-replica-count and on a missing controller, with CA’s sentences', () => {
    expect([
      verdict(pod({ name: 'web-7c9d-x7k2p', ...owned('apps/v1', 'ReplicaSet', 'web-7c9d') }), 3),
      verdict(pod({ name: 'web-1f2e-aaaaa', ...owned('apps/v1', 'ReplicaSet', 'web-1f2e') })),
      verdict(pod({ name: 'ingest-0', ...owned('batch/v1', 'Job', 'ingest') })),
    ]).toStrictEqual([
      {
        outcome: 'BlockDrain',
        blockingReason: 'MinReplicasReached',
        error: 'replication controller for shop/web-7c9d-x7k2p has too few replicas spec: 2 min: 3',
      },
      {
        outcome: 'BlockDrain',
        blockingReason: 'ControllerNotFound',
        error:
          'replication controller for shop/web-1f2e-aaaaa is not available, err: replicaset.apps "web-1f2e" not found',
      },
      {
        outcome: 'BlockDrain',
        blockingReason: 'ControllerNotFound',
        error: 'job for shop/ingest-0 is not available: err: job.batch "ingest" not found',
      },
    ]);
  });

  it('says nothing where CA does not look', () => {
    const undecided = { outcome: 'UndefinedOutcome', blockingReason: 'NoReason' };
    expect([
      // A StatefulSet lister that was never listed cannot call the StatefulSet missing.
      verdict(pod({ name: 'db-0', ...owned('apps/v1', 'StatefulSet', 'db') })),
      // An annotated DaemonSet pod is only looked up as an apps DaemonSet, even with a Job controller.
      verdict(
        pod({
          name: 'agent-1',
          annotations: { 'cluster-autoscaler.kubernetes.io/daemonset-pod': 'true' },
          ...owned('batch/v1', 'Job', 'gone'),
        }),
      ),
      // An apiVersion that does not parse as group/version.
      verdict(pod({ name: 'odd-1', ...owned('a/b/c', 'ReplicaSet', 'gone') })),
      verdict(pod({ name: 'bare' })),
    ]).toStrictEqual([undecided, undecided, undecided, undecided]);
  });
});

describe('System, LocalStorage and PDB', () => {
  const systemPod = (creationTimestamp?: string) =>
    pod({
      name: 'coredns-5d78c-abcde',
      namespace: 'kube-system',
      ...(creationTimestamp ? { creationTimestamp } : {}),
      ...owned('apps/v1', 'ReplicaSet', 'coredns-5d78c'),
    });

  it('lets an unbudgeted kube-system pod go only once it is older than the timeout', () => {
    const system = systemRule(HOUR);
    expect(
      [
        systemPod('2024-05-01T10:59:59Z'),
        systemPod('2024-05-01T11:00:00Z'),
        systemPod('0001-01-01T00:00:00Z'),
        systemPod(),
      ].map((p) => system.drainable({ pod: p, pdbs: [] }, ctx).outcome),
    ).toStrictEqual(['DrainOk', 'BlockDrain', 'BlockDrain', 'BlockDrain']);
  });

  it('reads the local-volume whitelist as a comma-separated list', () => {
    const withVolumes = (annotation?: string) =>
      pod(
        {
          name: 'cache-0',
          ...(annotation === undefined
            ? {}
            : {
                annotations: {
                  'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes': annotation,
                },
              }),
        },
        {
          volumes: [
            { name: 'scratch', emptyDir: {} },
            { name: 'logs', hostPath: { path: '/var/log' } },
            { name: 'shm', emptyDir: { medium: 'Memory' } },
          ],
        },
      );
    expect(
      [undefined, '', 'scratch', 'scratch,logs', ',scratch,,logs,'].map(
        (a) => localStorageRule.drainable({ pod: withVolumes(a), pdbs: [] }, ctx).outcome,
      ),
    ).toStrictEqual([
      'BlockDrain',
      'BlockDrain',
      'BlockDrain',
      'UndefinedOutcome',
      'UndefinedOutcome',
    ]);
  });

  it('blocks on any matching PDB below one allowed disruption, whatever the others allow', () => {
    const pdb = (name: string, disruptionsAllowed: number): PdbView => {
      const r = pdbFromObject({
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name, namespace: 'shop' },
        spec: { selector: {} },
        status: { disruptionsAllowed },
      });
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    const p = pod({ name: 'web-7c9d-x7k2p' });
    expect([
      pdbRule.drainable({ pod: p, pdbs: [pdb('a', 2), pdb('b', 0)] }, ctx),
      pdbRule.drainable({ pod: p, pdbs: [pdb('a', 1)] }, ctx).outcome,
    ]).toStrictEqual([
      {
        outcome: 'BlockDrain',
        blockingReason: 'NotEnoughPdb',
        error: 'not enough pod disruption budget to move shop/web-7c9d-x7k2p',
      },
      'UndefinedOutcome',
    ]);
  });
});
