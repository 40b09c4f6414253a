import { podFromObject, type PodView } from '@pdbscope/shared';
import { describe, expect, it } from 'vitest';
import { Interner } from './intern.js';

const DEPLOYMENTS = 20;
const REPLICAS = 5;
const CRONJOBS = 10;
const ROLLOUT_EVERY_HOURS = 2;
const CRON_EVERY_MINUTES = 15;

/** A pod as the API server lists it, converted as the BFF's projector converts it. */
function podOf(options: {
  name: string;
  labels: Record<string, string>;
  owner: { kind: string; name: string; uid: string; apiVersion: string };
  node: string;
}): PodView {
  const converted = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: options.name,
      namespace: 'shop',
      uid: `uid-${options.name}`,
      resourceVersion: '1',
      labels: options.labels,
      ownerReferences: [{ ...options.owner, controller: true }],
    },
    spec: { nodeName: options.node },
    status: { phase: 'Running' },
  });
  if (!converted.ok) throw new Error(converted.error);
  return converted.value;
}

/**
 * A week of a shop namespace: every Deployment rolls out every 2 hours (a new ReplicaSet, a new
 * pod-template-hash, every pod replaced) and every CronJob runs every 15 minutes (a new Job and
 * pod, the previous run's deleted). `endOfDay` sees the live pods after each day; returns how
 * many owners (ReplicaSets and Jobs) the week created.
 */
function week(interner: Interner, endOfDay: (live: Iterable<PodView>) => void): number {
  const live = new Map<string, PodView>();
  let owners = 0;
  const add = (pod: PodView) => live.set(pod.name, interner.pod(pod));
  for (let minute = 0; minute < 7 * 24 * 60; minute += CRON_EVERY_MINUTES) {
    if (minute % (ROLLOUT_EVERY_HOURS * 60) === 0) {
      for (let d = 0; d < DEPLOYMENTS; d++) {
        const hash = `h${d}x${minute.toString(36)}`;
        const replicaSet = `web${d}-${hash}`;
        owners += 1;
        for (const [name, pod] of live) if (pod.labels['app'] === `web${d}`) live.delete(name);
        for (let i = 0; i < REPLICAS; i++) {
          add(
            podOf({
              name: `${replicaSet}-${i}`,
              labels: { app: `web${d}`, 'pod-template-hash': hash },
              owner: {
                apiVersion: 'apps/v1',
                kind: 'ReplicaSet',
                name: replicaSet,
                uid: `rs-${replicaSet}`,
              },
              node: `node-${i}`,
            }),
          );
        }
      }
    }
    for (let c = 0; c < CRONJOBS; c++) {
      const job = `report${c}-${minute}`;
      owners += 1;
      for (const [name, pod] of live) if (pod.labels['cronjob'] === `report${c}`) live.delete(name);
      add(
        podOf({
          name: `${job}-abcde`,
          labels: { cronjob: `report${c}`, 'job-name': job, 'controller-uid': `job-${job}` },
          owner: { apiVersion: 'batch/v1', kind: 'Job', name: job, uid: `job-${job}` },
          node: `node-${c % 5}`,
        }),
      );
    }
    if ((minute + CRON_EVERY_MINUTES) % (24 * 60) === 0) endOfDay(live.values());
  }
  return owners;
}

describe('Interner under a week of churn', () => {
  it('holds what the live pods hold after each sweep, day after day, where an unswept one grows', () => {
    const swept = new Interner();
    const unswept = new Interner();
    const daily: { swept: Interner['size']; unswept: number }[] = [];
    const owners = week(swept, (live) => {
      swept.sweep(live);
      daily.push({ swept: swept.size, unswept: 0 });
    });
    let day = 0;
    week(unswept, () => {
      const today = daily[day++];
      if (today) today.unswept = unswept.size.owners;
    });
    const first = daily[0]?.swept;
    expect({
      days: daily.length,
      sweptEveryDay: daily.map((d) => d.swept),
      // The churn is real: the interner that is never swept keeps every owner it ever saw.
      unsweptOwnersOnDay7: daily[6]?.unswept,
      ownersCreated: owners,
    }).toStrictEqual({
      days: 7,
      sweptEveryDay: daily.map(() => first),
      unsweptOwnersOnDay7: owners,
      ownersCreated: 7 * (12 * DEPLOYMENTS + 96 * CRONJOBS),
    });
    // After a sweep only the live pods' owners are held: one ReplicaSet per Deployment, one Job per CronJob.
    expect(first?.owners).toBe(DEPLOYMENTS + CRONJOBS);
  });

  it('keeps sharing after a sweep: a new pod of a live owner gets its siblings\u2019 label set', () => {
    const interner = new Interner();
    const pod = (i: number) =>
      podOf({
        name: `web-5d8f-${i}`,
        labels: { app: 'web', 'pod-template-hash': '5d8f' },
        owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d8f', uid: 'rs-1' },
        node: 'node-1',
      });
    const first = interner.pod(pod(0));
    interner.pod(pod(1));
    interner.sweep([first]);
    const later = interner.pod(pod(2));
    expect([later.labels === first.labels, later.controller === first.controller]).toStrictEqual([
      true,
      true,
    ]);
  });
});
