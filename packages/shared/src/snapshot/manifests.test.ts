import { describe, expect, it } from 'vitest';
import { evaluateCluster } from '../cli/evaluate.js';
import { loadCluster } from '../cli/cluster.js';
import { readSnapshotFiles } from './read.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const pdb = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}
`;
const pod = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-5c6d, uid: rs-1, controller: true}]
spec: {nodeName: worker-1, containers: [{name: web, image: nginx}]}
status: {phase: Running, conditions: [{type: Ready, status: 'True'}]}
`;
const rs = `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web-5c6d, uid: rs-1}
spec: {replicas: 2, selector: {matchLabels: {app: web}}}
`;

describe('readSnapshotFiles: manifests', () => {
  it('reads several files as one snapshot, each error naming its file; objects without a namespace go to -n', () => {
    const s = readSnapshotFiles(
      [
        { path: 'app/pdb.yaml', text: pdb },
        { path: 'app/pods.yaml', text: `${pod('web-a')}---\n${pod('web-b')}---\n${rs}` },
        { path: 'app/z.yaml', text: `${pdb}---\nkind: Node\nmetadata: {name: worker-1}\n` },
      ],
      { namespace: 'shop' },
    );
    expect({
      pdbs: s.pdbs.map((p) => `${p.namespace}/${p.name} generation ${p.generation}`),
      pods: s.pods.map((p) => `${p.namespace}/${p.name}`),
      nodes: s.nodes.map((n) => [n.name, n.kind]),
      placed: s.placedInNamespace,
      errors: s.errors,
    }).toStrictEqual({
      pdbs: ['shop/web generation 1'],
      pods: ['shop/web-a', 'shop/web-b'],
      nodes: [['worker-1', 'Node']],
      placed: { namespace: 'shop', count: 4 },
      errors: [
        {
          position: 'app/z.yaml: document 1 (line 1)',
          object: 'PodDisruptionBudget shop/web',
          ref: { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' },
          error:
            'a duplicate: the PodDisruptionBudget of this namespace and name at app/pdb.yaml: document 1 came first and is kept',
        },
      ],
    });
  });

  it('shows a budget no controller has synced as unsynced: 429 now, its figures once synced', () => {
    const s = readSnapshotFiles([
      { path: 'app.yaml', text: `${pdb}---\n${pod('web-a')}---\n${pod('web-b')}---\n${rs}` },
    ]);
    const report = evaluateCluster(loadCluster(s, NOW));
    expect(
      report.budgets.map((b) => [
        b.name,
        b.expected,
        b.desiredHealthy,
        b.currentHealthy,
        b.allowedDisruptions,
        b.reportedAllowedDisruptions,
        b.flags,
      ]),
    ).toStrictEqual([['web', 2, 1, 2, 1, null, ['finding', 'unsynced']]]);
    expect(report.findings.map((f) => [f.kind, f.message])).toStrictEqual([
      [
        'stale-status',
        'default/web has no status yet: the disruption controller has not synced it since it was created (observedGeneration 0 < generation 1), and until it does evictions of its ready pods get 429 "still being processed". Once synced it allows 1 disruption(s) (2 healthy of 2 expected, 1 desired).',
      ],
    ]);
  });
});
