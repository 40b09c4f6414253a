import { describe, expect, it } from 'vitest';
import { admitPriority } from './priority-admission.js';
import type { KubeObject } from './types.js';

const priorityClass = (name: string, value: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name },
  value,
  ...extra,
});

const CLASSES: KubeObject[] = [
  priorityClass('critical', 1_000_000, { preemptionPolicy: 'PreemptLowerPriority' }),
  priorityClass('batch-low', -1000, { preemptionPolicy: 'Never' }),
];

const pod = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'api-0', namespace: 'shop' },
  spec: { containers: [{ name: 'main', image: 'nginx:1.27' }], ...spec },
});

describe('admitPriority (the Priority admission plugin)', () => {
  it("writes the named class's value and policy into the pod", () => {
    const p = pod({ priorityClassName: 'batch-low' });
    expect(admitPriority(p, CLASSES)).toBeUndefined();
    expect(p['spec']).toStrictEqual({
      containers: [{ name: 'main', image: 'nginx:1.27' }],
      priorityClassName: 'batch-low',
      priority: -1000,
      preemptionPolicy: 'Never',
    });
  });

  it("keeps a pod's own preemptionPolicy, and gives a pod naming no class the global default", () => {
    const classes = [...CLASSES, priorityClass('standard', 100, { globalDefault: true })];
    const p = pod({ preemptionPolicy: 'Never' });
    expect(admitPriority(p, classes)).toBeUndefined();
    expect(p['spec']).toStrictEqual({
      containers: [{ name: 'main', image: 'nginx:1.27' }],
      preemptionPolicy: 'Never',
      priority: 100,
      priorityClassName: 'standard',
    });
  });

  it('leaves a pod naming no class alone when no class is the default', () => {
    const p = pod({});
    expect(admitPriority(p, CLASSES)).toBeUndefined();
    expect(p['spec']).toStrictEqual({ containers: [{ name: 'main', image: 'nginx:1.27' }] });
  });

  it('refuses a class that does not exist, and a priority other than its class value', () => {
    expect([
      admitPriority(pod({ priorityClassName: 'gold' }), CLASSES),
      admitPriority(pod({ priorityClassName: 'critical', priority: 5 }), CLASSES),
    ]).toStrictEqual([
      {
        code: 403,
        reason: 'Forbidden',
        message: 'pods "api-0" is forbidden: no PriorityClass with name gold was found',
      },
      {
        code: 403,
        reason: 'Forbidden',
        message:
          'pods "api-0" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000000 from the given PriorityClass name',
      },
    ]);
  });
});
