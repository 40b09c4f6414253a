import { describe, expect, it } from 'vitest';
import { parseGoTime } from '../go/time.js';
import { testPdb, testPod } from './__fixtures__/objects.js';
import { earlierDeadline, reconcileEviction } from './termination.js';

const NOW = parseGoTime('2024-05-01T12:00:00Z') as bigint;
const S = 1_000_000_000n;

describe('the eviction queue', () => {
  it('keeps the earlier deadline; a missing one never replaces one that is set', () => {
    expect([
      earlierDeadline(undefined, 60n),
      earlierDeadline(60n, undefined),
      earlierDeadline(90n, 60n),
      earlierDeadline(undefined, undefined),
    ]).toStrictEqual([60n, 60n, 60n, undefined]);
  });

  it('force-deletes once the grace period would outlast the deadline, with at least 1 s', () => {
    const pod = testPod('web-7c9d-x7k2p', { terminationGracePeriodSeconds: 120 });
    const blocking = [testPdb('web', { maxUnavailable: 0 }, 0)];
    const run = (deadline: bigint) =>
      reconcileEviction({ pod, pdbs: blocking, deadlineNs: NOW + deadline, nowNs: NOW });
    expect(run(90n * S)).toStrictEqual({
      result: 'ForceDeleted',
      requeue: false,
      gracePeriodSeconds: 90,
      events: [
        {
          reason: 'Disrupted',
          on: 'Pod',
          message:
            'Deleting the pod to accommodate the terminationTime 2024-05-01 12:01:30 +0000 UTC of the node. The pod was granted 90 seconds of grace-period of its 120 terminationGracePeriodSeconds. This bypasses the PDB of the pod and the do-not-disrupt annotation.',
        },
      ],
    });
    expect([run(-30n * S).gracePeriodSeconds, run(120n * S).result]).toStrictEqual([
      1,
      'EvictionBlocked',
    ]);
  });

  it('force-deletes a terminating pod only when its deletion falls after the deadline', () => {
    const terminating = testPod('web-7c9d-x7k2p', { deletionTimestamp: '2024-05-01T12:02:00Z' });
    expect(
      [60n, 180n].map(
        (d) =>
          reconcileEviction({ pod: terminating, pdbs: [], deadlineNs: NOW + d * S, nowNs: NOW })
            .result,
      ),
    ).toStrictEqual(['ForceDeleted', 'Dropped']);
  });

  it('requeues a protected pod, and reports a pod under two PDBs as the API refuses it', () => {
    const protectedPod = testPod('web-7c9d-x7k2p', {
      annotations: { 'karpenter.sh/do-not-disrupt': 'true' },
    });
    expect(reconcileEviction({ pod: protectedPod, pdbs: [], nowNs: NOW })).toStrictEqual({
      result: 'Requeued',
      requeue: true,
      events: [],
    });
    const two = [
      testPdb('web-a', { maxUnavailable: 1 }, 1),
      testPdb('web-b', { maxUnavailable: 1 }, 1),
    ];
    expect(
      reconcileEviction({ pod: testPod('web-7c9d-x7k2p'), pdbs: two, nowNs: NOW }),
    ).toStrictEqual({
      result: 'EvictionBlocked',
      requeue: true,
      evictionResponseCode: 500,
      events: [
        {
          reason: 'FailedDraining',
          on: 'Node',
          message:
            'Failed to drain node, eviction does not support multiple PDBs (Pod=shop/web-7c9d-x7k2p)',
        },
      ],
    });
  });
});
