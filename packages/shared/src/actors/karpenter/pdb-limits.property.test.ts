import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdbsForPod } from '../../budgets/select.js';
import type { PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { parseGoTime } from '../go/time.js';
import { testPdb, testPod } from './__fixtures__/objects.js';
import { canEvictPods, pdbKey } from './pdb-limits.js';
import { isEvictable } from './pod-predicates.js';

const clock = { nowNs: parseGoTime('2024-05-01T12:00:00Z') as bigint };

/** Pods of every kind Karpenter tells apart: active or not, protected, tolerating, mirrors. */
const podOptions = fc.record({
  tier: fc.constantFrom('web', 'api', 'db'),
  phase: fc.constantFrom('Running', 'Running', 'Pending', 'Succeeded', 'Failed'),
  deleting: fc.boolean(),
  doNotDisrupt: fc.constantFrom(undefined, 'true', '30m', '2h', 'bogus'),
  tolerates: fc.boolean(),
  mirror: fc.boolean(),
  readyFalse: fc.boolean(),
});

function podOf(o: PodOptions, i: number): PodView {
  return testPod(`${o.tier}-${i}`, {
    labels: { tier: o.tier },
    phase: o.phase,
    ...(o.deleting ? { deletionTimestamp: '2024-05-01T11:59:00Z' } : {}),
    ...(o.doNotDisrupt !== undefined
      ? { annotations: { 'karpenter.sh/do-not-disrupt': o.doNotDisrupt } }
      : {}),
    ...(o.tolerates
      ? { tolerations: [{ key: 'karpenter.sh/disrupted', operator: 'Exists' }] }
      : {}),
    ...(o.mirror
      ? {
          ownerReferences: [
            { apiVersion: 'v1', kind: 'Node', name: 'n', uid: 'u', controller: true },
          ],
        }
      : {}),
    conditions: [{ type: 'Ready', status: o.readyFalse ? 'False' : 'True' }],
  });
}
type PodOptions = typeof podOptions extends fc.Arbitrary<infer T> ? T : never;

/** PDBs selecting one tier each, with their budgets and unhealthy-pod policy. */
const pdbOptions = fc.record({
  tier: fc.constantFrom('web', 'api', 'db'),
  allowed: fc.integer({ min: 0, max: 2 }),
  alwaysAllow: fc.boolean(),
});
type PdbOptions = typeof pdbOptions extends fc.Arbitrary<infer T> ? T : never;

const pdbOf = (o: PdbOptions, i: number): PdbView =>
  testPdb(
    `${o.tier}-pdb-${i}`,
    {
      selector: { matchLabels: { tier: o.tier } },
      maxUnavailable: 1,
      ...(o.alwaysAllow ? { unhealthyPodEvictionPolicy: 'AlwaysAllow' } : {}),
    },
    o.allowed,
  );

/** The documented rule, from the pod's PDBs: several, or one at 0 that does not wave it through. */
function refused(p: PodView, pdbs: readonly PdbView[]): boolean {
  if (!isEvictable(p, clock) || pdbs.length === 0) return false;
  if (pdbs.length > 1) return true;
  const only = pdbs[0] as PdbView;
  if (only.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow' && p.readyFalse) return false;
  return only.status.disruptionsAllowed === 0;
}

describe('CanEvictPods', () => {
  it('blocks exactly when a pod it would evict has several PDBs, or one at 0 allowed', () => {
    fc.assert(
      fc.property(
        fc.array(podOptions, { maxLength: 8 }),
        fc.array(pdbOptions, { maxLength: 4 }),
        (podList, pdbList) => {
          const pdbs = pdbList.map(pdbOf);
          const subjects = podList.map(podOf).map((p) => ({ pod: p, pdbs: pdbsForPod(p, pdbs) }));
          const first = subjects.find((s) => refused(s.pod, s.pdbs));
          expect(canEvictPods(subjects, clock)).toStrictEqual({
            canEvict: first === undefined,
            blockingPdbs: first === undefined ? [] : first.pdbs.map(pdbKey),
          });
        },
      ),
    );
  });
});
