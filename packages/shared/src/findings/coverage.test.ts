import { describe, expect, it } from 'vitest';
import type { PodView } from '../model/pod.js';
import { podExpectsBudget } from './coverage.js';

const pod = (controllerKind?: string): PodView => ({
  kind: 'Pod',
  namespace: 'shop',
  name: 'web-0',
  uid: 'uid-web-0',
  resourceVersion: '1',
  labels: { app: 'web' },
  annotations: {},
  phase: 'Running',
  ready: true,
  restartCount: 0,
  consistent: true,
  ...(controllerKind
    ? { controller: { apiVersion: 'apps/v1', kind: controllerKind, name: 'web', uid: 'uid-web' } }
    : {}),
});

describe('podExpectsBudget', () => {
  it('counts pods of replicated workloads only', () => {
    expect(
      [
        undefined,
        'ReplicaSet',
        'StatefulSet',
        'CloneSet',
        'Job',
        'CronJob',
        'DaemonSet',
        'Node',
      ].map((k) => podExpectsBudget(pod(k))),
    ).toStrictEqual([false, true, true, true, false, false, false, false]);
  });
});
