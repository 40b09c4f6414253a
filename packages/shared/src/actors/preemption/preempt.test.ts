import { describe, expect, it } from 'vitest';
import type { PriorityClassView } from '../../model/priority-class.js';
import { clusterOf, node, pdb, pod } from './__fixtures__/cluster.js';
import { nonCandidateReasons } from './explain.js';
import { preempt } from './preempt.js';

describe('preempt (DefaultPreemption PostFilter)', () => {
  it('skips nodes preemption cannot help and counts every reason in the scheduler message', () => {
    const nodes = [
      node('full', 1000, { pods: 1 }),
      node('tainted', 8000, {
        spec: { taints: [{ key: 'gpu', value: 'yes', effect: 'NoSchedule' }] },
      }),
      node('elsewhere', 8000, { labels: { pool: 'other' } }),
    ];
    const pods = [pod({ name: 'busy', node: 'full', priority: 0, cpu: 1000 })];
    const outcome = preempt(
      clusterOf({ nodes, pods }),
      pod({
        name: 'p',
        priority: 5,
        cpu: 2000,
        nodeSelector: { 'kubernetes.io/hostname': 'full' },
      }),
    );
    // On `full` the pod asks for more than the node has even empty: Too many pods goes once it
    // is gone, Insufficient cpu stays.
    expect([outcome.potential, outcome.status, nonCandidateReasons(outcome)]).toStrictEqual([
      ['full'],
      {
        code: 'Unschedulable',
        message:
          'preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 Preemption is not helpful for scheduling.',
      },
      [
        { reason: 'Insufficient cpu', nodes: 1 },
        { reason: "node(s) didn't match Pod's node affinity/selector", nodes: 1 },
        { reason: 'node(s) had untolerated taint {gpu: yes}', nodes: 1 },
      ],
    ]);
  });

  it('leaves room for pods nominated to a node with at least the preemptor’s priority', () => {
    const nodes = [node('a', 2000), node('b', 2000)];
    const pods = [
      pod({ name: 'low-a', node: 'a', priority: 0, cpu: 1000 }),
      pod({ name: 'low-b', node: 'b', priority: 0, cpu: 1000 }),
      pod({ name: 'waiting', priority: 100, cpu: 1000, nominatedNodeName: 'a' }),
      pod({ name: 'lower', priority: 1, cpu: 1000, nominatedNodeName: 'b' }),
    ];
    const outcome = preempt(
      clusterOf({ nodes, pods }),
      pod({ name: 'p', priority: 50, cpu: 1500 }),
    );
    expect([
      outcome.chosen?.node,
      outcome.chosen?.victims.map((v) => v.name),
      outcome.dryRun?.statuses.get('a'),
    ]).toStrictEqual(['b', ['low-b'], { code: 'Unschedulable', reasons: ['Insufficient cpu'] }]);
  });

  it('waits while a victim it preempted on its nominated node is still terminating', () => {
    const nodes = [node('a', 1000)];
    const terminating = pod({
      name: 'victim',
      node: 'a',
      priority: 0,
      cpu: 1000,
      deleting: true,
      disruptionTarget: 'PreemptionByScheduler',
    });
    const preemptor = pod({ name: 'p', priority: 10, cpu: 1000, nominatedNodeName: 'a' });
    const outcome = preempt(clusterOf({ nodes, pods: [terminating] }), preemptor);
    expect([outcome.eligibility, outcome.chosen, outcome.status]).toStrictEqual([
      { eligible: false, reason: 'not eligible due to a terminating pod on the nominated node.' },
      undefined,
      {
        code: 'Unschedulable',
        message: 'preemption: not eligible due to a terminating pod on the nominated node.',
      },
    ]);
  });

  it('resolves priorities through PriorityClasses, the global default included', () => {
    const classes: PriorityClassView[] = [
      {
        kind: 'PriorityClass',
        name: 'default',
        uid: 'u',
        resourceVersion: '1',
        value: 1000,
        globalDefault: true,
        preemptionPolicy: 'PreemptLowerPriority',
      },
    ];
    const nodes = [node('a', 1000)];
    // Both name no class and have no spec.priority: the default class's 1000 for each, a tie.
    const pods = [pod({ name: 'old', node: 'a', cpu: 1000 })];
    const tie = preempt(clusterOf({ nodes, pods, classes }), pod({ name: 'p', cpu: 1000 }));
    const critical = preempt(
      clusterOf({ nodes, pods, classes }),
      pod({ name: 'p', cpu: 1000, priorityClassName: 'system-cluster-critical' }),
    );
    expect([tie.status.message, critical.chosen?.victims.map((v) => v.name)]).toStrictEqual([
      'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
      ['old'],
    ]);
  });

  it('reports the nodes where the pod fits as they are', () => {
    const nodes = [node('a', 1000), node('b', 4000)];
    const pods = [pod({ name: 'x', node: 'a', priority: 0, cpu: 1000 })];
    const outcome = preempt(
      clusterOf({ nodes, pods, pdbs: [pdb('x', {}, 0)] }),
      pod({ name: 'p', priority: 9, cpu: 500 }),
    );
    expect([outcome.fits, outcome.potential]).toStrictEqual([['b'], ['a']]);
  });
});
