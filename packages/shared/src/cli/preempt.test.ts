import { describe, expect, it } from 'vitest';
import fixture from './__fixtures__/priority-cluster.yaml?raw';
import { runCli, type CliEnvironment } from './run.js';

// Four nodes of 4 CPUs: node-a (pool=web) runs shop/web-0 (priority 100, 1500m, under PDB shop/web
// which allows 0) and batch/report-a (0, 1000m); node-b (pool=batch) runs shop/cache-0 (100, 1000m)
// and batch/job-b (0, 2000m); node-c runs db/postgres-0 (1,000,000, 3000m); node-d is tainted
// dedicated=gpu and runs shop/web-1 (500m), which tolerates it.
const NOW = new Date('2024-04-28T10:00:00Z');
const files: Record<string, string> = {
  'cluster.yaml': fixture,
  // The same cluster as stored before the disruption controller's last sync: shop/web allowed 1.
  'stale.yaml': fixture.replace('disruptionsAllowed: 0', 'disruptionsAllowed: 1'),
  'no-nodes.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop }\n',
};
const readFile: CliEnvironment['readFile'] = (path) => {
  const text = files[path];
  return text === undefined ? { ok: false, error: 'no such file' } : { ok: true, value: text };
};
const run = (...argv: string[]) => runCli({ argv, readFile, now: NOW });

describe('pdbscope preempt', () => {
  it('nominates the node whose victims violate no budget, ranks the others and says why the rest are none', () => {
    expect(run('preempt', 'cluster.yaml', '--priority', '1000', '--cpu', '3')).toStrictEqual({
      exitCode: 0,
      stdout: [
        'A pending pod of priority 1000, requesting cpu 3, preemptionPolicy PreemptLowerPriority, on 4 node(s):',
        'kube-scheduler nominates node-b and deletes 1 pod(s) there (a delete, not an eviction: no budget can refuse it):',
        '  batch/job-b  priority 0, started 2024-04-28T09:30:00.000000001Z',
        'No PodDisruptionBudget is violated.',
        'Other candidates, best first (1):',
        '  2. node-a: 1 victim(s), 1 PDB violation(s), highest victim priority 100',
        'Not candidates (2 of 4 node(s)): 1 No preemption victims found for incoming pod, 1 node(s) had untolerated taint {dedicated: gpu}.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('exits 3 when the only node that helps violates a budget, naming it and the victim', () => {
    expect(
      run('preempt', 'cluster.yaml', '--priority=1000', '--cpu=3', '--node-selector', 'pool=web'),
    ).toStrictEqual({
      exitCode: 3,
      stdout: [
        'A pending pod of priority 1000, requesting cpu 3, nodeSelector pool=web, preemptionPolicy PreemptLowerPriority, on 4 node(s):',
        'kube-scheduler nominates node-a and deletes 1 pod(s) there (a delete, not an eviction: no budget can refuse it):',
        '  shop/web-0  priority 100, started 2024-04-27T08:00:00Z  — violates PodDisruptionBudget shop/web',
        'PodDisruptionBudgets violated: shop/web.',
        "Not candidates (3 of 4 node(s)): 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) didn't match Pod's node affinity/selector.",
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('reads the budgets as the controller would leave them, or as stored with --stored-status', () => {
    const argv = ['preempt', 'stale.yaml', '--priority', '1000', '--cpu', '3'];
    const violated = (flags: string[]) => {
      const result = run(...argv, '--node-selector', 'pool=web', '--json', ...flags);
      const report = JSON.parse(result.stdout) as { violatedPdbs: string[] };
      return [result.exitCode, report.violatedPdbs];
    };
    expect([violated([]), violated(['--stored-status'])]).toStrictEqual([
      [3, ['shop/web']],
      [0, []],
    ]);
  });

  it('exits 3 with the scheduler’s own message when no node can be helped', () => {
    expect(run('preempt', 'cluster.yaml', '--priority', '10', '--cpu', '3500m')).toStrictEqual({
      exitCode: 3,
      stdout: [
        'A pending pod of priority 10, requesting cpu 3500m, preemptionPolicy PreemptLowerPriority, on 4 node(s):',
        'kube-scheduler preempts nobody ("preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling, 2 Insufficient cpu.").',
        'Not candidates (4 of 4 node(s)): 1 No preemption victims found for incoming pod, 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient cpu.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('takes the priority and preemption policy from the PriorityClass: Never waits (exit 3)', () => {
    const result = run('preempt', 'cluster.yaml', '--priority-class', 'never-wait', '--cpu', '3');
    expect([result.exitCode, result.stdout.split('\n').slice(0, 2)]).toStrictEqual([
      3,
      [
        'A pending pod of priority 50000 (PriorityClass never-wait), requesting cpu 3, preemptionPolicy Never, on 4 node(s):',
        'kube-scheduler preempts nobody ("preemption: not eligible due to preemptionPolicy=Never.").',
      ],
    ]);
  });

  it('exits 0 without preempting when the pod fits somewhere as things are', () => {
    expect(run('preempt', 'cluster.yaml', '--priority', '1000', '--cpu', '500m')).toStrictEqual({
      exitCode: 0,
      stdout: [
        'A pending pod of priority 1000, requesting cpu 500m, preemptionPolicy PreemptLowerPriority, on 4 node(s):',
        'It fits on 3 node(s) as they are (node-a, node-b, node-c): the scheduler binds it there and preempts nobody.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('carries chosenNode and the ranked candidates in --json', () => {
    const result = run('preempt', 'cluster.yaml', '--priority', '1000', '--cpu', '3', '--json');
    expect([result.exitCode, JSON.parse(result.stdout)]).toStrictEqual([
      0,
      {
        pod: {
          priority: 1000,
          preemptionPolicy: 'PreemptLowerPriority',
          requests: { cpu: '3' },
          nodeSelector: {},
        },
        nodes: 4,
        fits: [],
        eligible: true,
        chosenNode: 'node-b',
        victims: [
          {
            namespace: 'batch',
            name: 'job-b',
            priority: 0,
            startTime: '2024-04-28T09:30:00.000000001Z',
          },
        ],
        violatedPdbs: [],
        candidates: [
          {
            node: 'node-b',
            victims: [
              {
                namespace: 'batch',
                name: 'job-b',
                priority: 0,
                startTime: '2024-04-28T09:30:00.000000001Z',
              },
            ],
            numPdbViolations: 0,
            highestVictimPriority: 0,
          },
          {
            node: 'node-a',
            victims: [
              {
                namespace: 'shop',
                name: 'web-0',
                priority: 100,
                startTime: '2024-04-27T08:00:00Z',
                violates: 'shop/web',
              },
            ],
            numPdbViolations: 1,
            highestVictimPriority: 100,
            lostBecause: 'more PDB violations (1 against 0)',
          },
        ],
        notCandidates: [
          { reason: 'No preemption victims found for incoming pod', nodes: 1 },
          { reason: 'node(s) had untolerated taint {dedicated: gpu}', nodes: 1 },
        ],
        message: '',
      },
    ]);
  });

  it('gives chosenNode null in --json when no node helps', () => {
    const result = run('preempt', 'cluster.yaml', '--priority', '10', '--cpu', '3500m', '--json');
    const report = JSON.parse(result.stdout) as { chosenNode: unknown; candidates: unknown };
    expect([result.exitCode, report.chosenNode, report.candidates]).toStrictEqual([3, null, []]);
  });

  it.each([
    [
      ['--priority', '1.5'],
      '--priority needs a whole number from -2147483648 to 2147483647 (a pod\'s priority is a 32-bit integer), got "1.5"',
    ],
    [
      ['--priority', '2147483648'],
      '--priority needs a whole number from -2147483648 to 2147483647 (a pod\'s priority is a 32-bit integer), got "2147483648"',
    ],
    [['--cpu', '3'], "preempt needs the pod's priority: --priority N or --priority-class NAME"],
    [['--priority', '5', '--cpu', '-1'], '--cpu cannot be negative, got "-1"'],
    [
      ['--priority', '5', '--memory', 'lots'],
      '--memory needs a quantity such as 512Mi or 2Gi, got "lots"',
    ],
    [
      ['--priority', '5', '--node-selector', 'pool'],
      '--node-selector needs KEY=VALUE pairs, got "pool"',
    ],
    [
      ['--priority', '5', '--preemption-policy', 'Sometimes'],
      '--preemption-policy needs Never or PreemptLowerPriority, got "Sometimes"',
    ],
    [['--priority'], '--priority needs a value'],
  ])('exits 2 on bad usage: %j', (flags, sentence) => {
    const result = run('preempt', 'cluster.yaml', ...flags);
    expect([result.exitCode, result.stdout, result.stderr.split('\n')[0]]).toStrictEqual([
      2,
      '',
      `pdbscope: ${sentence}`,
    ]);
  });

  it.each([
    [
      ['preempt', 'cluster.yaml', '--priority', '5', '--priority-class', 'nope'],
      'the snapshot has no PriorityClass "nope"',
    ],
    [
      ['preempt', 'cluster.yaml', '--priority', '5', '--priority-class', 'batch-low'],
      "--priority 5 is not PriorityClass batch-low's value 100: the Priority admission plugin would refuse the pod",
    ],
    [
      ['preempt', 'no-nodes.yaml', '--priority', '5'],
      'the snapshot has no Node objects, and preemption needs them (add nodes to the kubectl get)',
    ],
    [['evaluate', 'cluster.yaml', '--cpu', '1'], '--cpu only goes with preempt, not evaluate'],
  ])('exits 2 when the snapshot cannot answer or a flag is misplaced: %j', (argv, sentence) => {
    const result = run(...argv);
    expect([result.exitCode, result.stderr.split('\n')[0]]).toStrictEqual([
      2,
      `pdbscope: ${sentence}`,
    ]);
  });
});
