import { describe, expect, it } from 'vitest';
import type { PriorityClassView } from '../../model/priority-class.js';
import { clusterOf, node, pdb, pod } from './__fixtures__/cluster.js';
import { nodePreemptionExposure, preemptingClassesAbove } from './exposure.js';

const pc = (name: string, value: number, preemptionPolicy = 'PreemptLowerPriority') =>
  ({
    kind: 'PriorityClass',
    name,
    uid: `uid-${name}`,
    resourceVersion: '1',
    value,
    globalDefault: false,
    preemptionPolicy,
  }) satisfies PriorityClassView;

const CLASSES = [pc('critical', 1000), pc('high', 500), pc('batch', -10, 'Never'), pc('mid', 100)];

describe('preemptingClassesAbove', () => {
  it('names the classes above a priority whose pods preempt, highest first', () => {
    expect([
      preemptingClassesAbove(CLASSES, 100),
      preemptingClassesAbove(CLASSES, 1000),
    ]).toStrictEqual([
      [
        { name: 'critical', value: 1000 },
        { name: 'high', value: 500 },
      ],
      [],
    ]);
  });
});

describe('nodePreemptionExposure', () => {
  const web = { matchLabels: { app: 'web' } };
  const pods = [
    pod({ name: 'db', node: 'n1', priority: 1000, startTime: '2024-05-01T10:00:00Z' }),
    pod({
      name: 'web-1',
      node: 'n1',
      priority: 0,
      labels: { app: 'web' },
      startTime: '2024-05-01T10:00:00Z',
    }),
    pod({
      name: 'web-2',
      node: 'n1',
      priority: 0,
      labels: { app: 'web' },
      startTime: '2024-05-01T10:05:00Z',
    }),
    pod({ name: 'batch', node: 'n1', priority: -10, startTime: '2024-05-01T10:00:00Z' }),
    pod({ name: 'top', node: 'n2', priority: 1000 }),
  ];
  const cluster = clusterOf({
    nodes: [node('n1', 4000), node('n2', 4000)],
    pods,
    pdbs: [pdb('web', web, 1)],
    classes: CLASSES,
  });
  const names = (e: ReturnType<typeof nodePreemptionExposure>) => ({
    classes: e.classes.map((c) => c.name),
    victims: e.victims.map((p) => p.name),
    violations: e.violations.map((v) => `${v.pod.name}:${v.pdb.name}`),
  });

  it('every pod below the highest preempting class, most important first, and the budgets they break', () => {
    expect(names(nodePreemptionExposure(cluster, 'n1', CLASSES))).toStrictEqual({
      classes: ['critical', 'high', 'mid'],
      victims: ['web-1', 'web-2', 'batch'],
      violations: ['web-2:web'],
    });
  });

  it('nothing where no class is above the pods, or no pod runs', () => {
    expect([
      names(nodePreemptionExposure(cluster, 'n2', CLASSES)),
      names(nodePreemptionExposure(cluster, 'n3', CLASSES)),
    ]).toStrictEqual([
      { classes: [], victims: [], violations: [] },
      { classes: [], victims: [], violations: [] },
    ]);
  });
});
