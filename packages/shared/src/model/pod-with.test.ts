import { describe, expect, it } from 'vitest';
import { otherHiddenClasses } from '../testing/hidden-class.js';
import { podFromObject } from './convert.js';
import type { PodView } from './pod.js';
import { podWith } from './pod-with.js';

const podObject = (name: string, deletionTimestamp?: string) => ({
  metadata: {
    name,
    namespace: 'shop',
    uid: `uid-${name}`,
    resourceVersion: '7001',
    creationTimestamp: '2024-05-01T10:00:00Z',
    ...(deletionTimestamp === undefined ? {} : { deletionTimestamp }),
    labels: { app: 'web' },
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: 'web-7c9d',
        uid: 'uid-rs',
        controller: true,
      },
    ],
  },
  spec: { nodeName: 'node-a', containers: [{ name: 'web' }] },
  status: {
    phase: 'Running',
    startTime: '2024-05-01T10:00:05Z',
    conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:17Z' }],
  },
});

const read = (o: unknown): PodView => {
  const r = podFromObject(o);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('podWith', () => {
  it('applies the change and keeps every other field', () => {
    const running = read(podObject('web-7c9d-aaaaa'));
    const terminating = podWith(running, { deletionTimestamp: '2024-05-01T12:00:00Z' });
    expect(JSON.parse(JSON.stringify(terminating))).toStrictEqual({
      ...JSON.parse(JSON.stringify(running)),
      deletionTimestamp: '2024-05-01T12:00:00Z',
    });
  });

  it('gives every pod it makes the hidden class of a pod read terminating', () => {
    const parsed = read(podObject('web-7c9d-zzzzz', '2024-05-01T11:00:00Z'));
    const made = ['a', 'b', 'c', 'd', 'e'].map((n) =>
      podWith(read(podObject(`web-7c9d-${n.repeat(5)}`)), {
        deletionTimestamp: '2024-05-01T12:00:00Z',
      }),
    );
    expect(otherHiddenClasses([parsed, ...made])).toBe(0);
  });
});
