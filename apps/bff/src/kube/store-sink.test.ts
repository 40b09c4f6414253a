import { podFromObject, type OwnerRef } from '@pdbscope/shared';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EventHub } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { ClusterStore } from '../store/cluster-store.js';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { Interner } from './intern.js';
import { storeSink } from './store-sink.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');

function simStore(epoch: string): ClusterStore {
  return new ClusterStore({
    hub: new EventHub({ clock, epoch }),
    clock,
    logger: pino({ level: 'silent' }),
  });
}

describe('storeSink', () => {
  it('tells a pod’s owner to the scale fetcher and the pod to the history before the store has it', () => {
    const store = simStore('s1');
    const seen: string[] = [];
    const sink = storeSink({
      store,
      interner: new Interner(),
      ownerSeen: (namespace: string, owner: OwnerRef) =>
        seen.push(
          `owner ${namespace}/${owner.kind}/${owner.name} (store has ${store.counts().pods} pods)`,
        ),
      observePod: (pod) => seen.push(`pod ${pod.namespace}/${pod.name}`),
    });
    const { sts, pods } = zookeeper();
    const [pod] = pods;
    if (!pod) throw new Error('fixture');
    sink.upsert(sts);
    sink.upsert(pod);
    expect({ seen, pods: store.counts().pods, workloads: store.counts().workloads }).toStrictEqual({
      seen: [`owner data/StatefulSet/zookeeper (store has 0 pods)`, `pod data/${pod.name}`],
      pods: 1,
      workloads: 1,
    });
    store.stop();
  });

  it('sweeps its interner once 2,000 pods are deleted: what no live pod holds is released', () => {
    const store = simStore('s3');
    const interner = new Interner();
    const sink = storeSink({ store, interner, ownerSeen: () => {} });
    const job = (i: number) => {
      const converted = podFromObject({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `report-${i}-abcde`,
          namespace: 'batch',
          uid: `pod-${i}`,
          resourceVersion: '1',
          labels: { 'job-name': `report-${i}` },
          ownerReferences: [
            {
              apiVersion: 'batch/v1',
              kind: 'Job',
              name: `report-${i}`,
              uid: `job-${i}`,
              controller: true,
            },
          ],
        },
        spec: { nodeName: 'worker-1' },
        status: { phase: 'Succeeded' },
      });
      if (!converted.ok) throw new Error(converted.error);
      return interner.pod(converted.value);
    };
    const runs = Array.from({ length: 2001 }, (_, i) => job(i));
    for (const pod of runs) sink.upsert(pod);
    const [kept, ...done] = runs;
    for (const pod of done.slice(0, -1)) sink.remove(pod);
    const beforeSweep = interner.size.owners;
    const last = done.at(-1);
    if (!kept || !last) throw new Error('fixture');
    sink.remove(last);
    expect([beforeSweep, interner.size]).toStrictEqual([
      2001,
      { strings: 5, labelSets: 0, owners: 1 },
    ]);
    store.stop();
  });
});
