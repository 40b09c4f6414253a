import { describe, expect, it } from 'vitest';
import type { PriorityClassView } from '../../model/priority-class.js';
import { podPreemptionPolicy, podPriority, priorityClasses } from './priority.js';

const cls = (
  name: string,
  value: number,
  extra: Partial<PriorityClassView> = {},
): PriorityClassView => ({
  kind: 'PriorityClass',
  name,
  uid: `uid-${name}`,
  resourceVersion: '1',
  value,
  globalDefault: false,
  preemptionPolicy: 'PreemptLowerPriority',
  ...extra,
});

describe('podPriority', () => {
  const classes = priorityClasses([
    cls('batch', 100),
    cls('default-a', 500, { globalDefault: true }),
    cls('default-b', 300, { globalDefault: true, preemptionPolicy: 'Never' }),
  ]);

  it('reads spec.priority, else the named class, else the lowest global default, else 0', () => {
    expect([
      podPriority({ priority: 7, priorityClassName: 'batch' }, classes),
      podPriority({ priorityClassName: 'batch' }, classes),
      podPriority({ priorityClassName: 'system-node-critical' }, classes),
      podPriority(undefined, classes),
      podPriority(undefined, priorityClasses()),
    ]).toStrictEqual([7, 100, 2000001000, 300, 0]);
  });

  it('takes the preemption policy from the pod, else from its class', () => {
    expect([
      podPreemptionPolicy({ preemptionPolicy: 'Never', priorityClassName: 'batch' }, classes),
      podPreemptionPolicy({ priorityClassName: 'batch' }, classes),
      podPreemptionPolicy({}, classes),
    ]).toStrictEqual(['Never', 'PreemptLowerPriority', 'Never']);
  });
});
