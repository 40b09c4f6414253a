import { describe, expect, it } from 'vitest';
import fixture from '../snapshot/__fixtures__/cluster.yaml?raw';
import { runCli, type CliEnvironment } from './run.js';
import type { EvaluateReport } from './evaluate.js';
import type { OverlapReport } from '../overlaps/types.js';
import { generateCluster } from '../synthetic/generate.js';

const NOW = new Date('2024-04-28T10:00:00Z');
const files: Record<string, string> = {
  'cluster.yaml': fixture,
  'garbage.yaml': 'spec: [unclosed\n',
  'empty.yaml': '',
  'legacy.yaml': `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Node
    metadata: { name: worker-1 }
    status: { conditions: [{ type: Ready, status: 'True' }] }
  - apiVersion: v1
    kind: Pod
    metadata: { name: legacy-worker-1, namespace: legacy, labels: { app: legacy-worker } }
    spec:
      nodeName: worker-1
      containers: [{ name: legacy, image: registry.internal/legacy-worker:2019.3 }]
      volumes: [{ name: scratch, emptyDir: {} }]
    status: { phase: Running, conditions: [{ type: Ready, status: 'True' }] }
`,
};
const readFile: CliEnvironment['readFile'] = (path) => {
  const text = files[path];
  return text === undefined ? { ok: false, error: 'no such file' } : { ok: true, value: text };
};
const run = (...argv: string[]) => runCli({ argv, readFile, now: NOW });

describe('runCli evaluate', () => {
  it('reports every budget with recomputed and reported allowed disruptions, and the findings', () => {
    const result = run('evaluate', 'cluster.yaml', '--json');
    const report = JSON.parse(result.stdout) as EvaluateReport;
    expect([result.exitCode, result.stderr, report.now]).toStrictEqual([
      0,
      '',
      '2024-04-28T10:00:00.000Z',
    ]);
    expect(
      report.budgets.map((b) => [
        `${b.namespace}/${b.name}`,
        b.selector,
        b.expected,
        b.desiredHealthy,
        b.currentHealthy,
        b.allowedDisruptions,
        b.reportedAllowedDisruptions,
        b.flags,
      ]),
    ).toStrictEqual([
      ['data/zookeeper', 'app=zookeeper', 3, 2, 3, 1, 1, []],
      ['db/postgres', 'app=postgres', 1, 1, 1, 0, 0, ['finding']],
      ['shop/api', 'app=api', 2, 1, 2, 1, 1, ['error', 'overlap']],
      ['shop/backend', 'tier=backend', 2, 1, 2, 1, 1, ['overlap']],
      ['shop/web', 'app=web', 3, 2, 3, 1, 1, []],
    ]);
    expect(report.findings.map((f) => f.id)).toStrictEqual([
      'pods-under-multiple-budgets:PodDisruptionBudget/shop/api',
      'never-allows-disruption:PodDisruptionBudget/db/postgres',
    ]);
  });

  it('prints a table and the findings as text', () => {
    const result = run('evaluate', 'cluster.yaml');
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 2)).toStrictEqual([
      'NAMESPACE   NAME        KIND   SELECTOR        MIN AVAILABLE   MAX UNAVAILABLE   EXPECTED   DESIRED   CURRENT   ALLOWED   REPORTED   POLICY            FLAGS',
      'data        zookeeper   pdb    app=zookeeper   -               1                 3          2         3         1         1          IfHealthyBudget   -',
    ]);
    expect(lines.filter((l) => /^ {2}(ERROR|WARNING|INFO)/.test(l))).toStrictEqual([
      '  ERROR   pods-under-multiple-budgets  PodDisruptionBudget shop/api',
      '  WARNING never-allows-disruption  PodDisruptionBudget db/postgres',
    ]);
  });
});

describe('runCli overlaps', () => {
  it('lists live sharing with the 500 and a potential overlap with its witness', () => {
    const report = JSON.parse(run('overlaps', 'cluster.yaml', '--json').stdout) as OverlapReport;
    expect([
      report.live.map((p) => [p.a.name, p.b.name, p.sharedPods.length, p.rules]),
      report.potential.map((p) => [p.a.name, p.b.name, p.witness]),
    ]).toStrictEqual([
      [['api', 'backend', 2, ['live-pods', 'static-analysis']]],
      [['backend', 'web', { tier: 'backend', app: 'web' }]],
    ]);
  });
});

describe('runCli errors', () => {
  it('exits 2 with a clear message for usage errors and unreadable input', () => {
    const usage = run('evict', 'cluster.yaml');
    const missing = run('evaluate', 'nope.yaml');
    const garbage = run('evaluate', 'garbage.yaml');
    expect([usage.exitCode, usage.stderr.split('\n')[0], usage.stdout]).toStrictEqual([
      2,
      'pdbscope: evict needs at least one pod as ns/name',
      '',
    ]);
    expect([missing.exitCode, missing.stderr]).toStrictEqual([
      2,
      'pdbscope: cannot read nope.yaml: no such file\n',
    ]);
    expect([garbage.exitCode, garbage.stderr]).toStrictEqual([
      2,
      'pdbscope: garbage.yaml is not a readable snapshot\npdbscope: skipped an object at document 1 (line 2): Flow sequence in block collection must be sufficiently indented and end with a ]\n',
    ]);
  });

  it('treats an empty snapshot as an empty cluster', () => {
    expect(run('evaluate', 'empty.yaml')).toStrictEqual({
      exitCode: 0,
      stdout: 'No budgets in the snapshot.\n\nNo findings.\n',
      stderr: '',
    });
  });
});

describe('runCli evict and drain', () => {
  it('evicts cumulatively: the second pod of a maxUnavailable 1 budget is refused, and the exit code is 3', () => {
    const result = run(
      'evict',
      'cluster.yaml',
      'shop/web-7d9f8c6b5-x7k2p',
      'shop/web-7d9f8c6b5-q9m4d',
      'shop/api-5c6d7f8b9-b2c4d',
    );
    expect([result.exitCode, result.stdout.split('\n')]).toStrictEqual([
      3,
      [
        '1. shop/web-7d9f8c6b5-x7k2p: allowed 201, the budget allows a disruption [the budget allows 1 disruption: this eviction uses one, leaving 0]; then pdb shop/web allows 0 more',
        "2. shop/web-7d9f8c6b5-q9m4d: refused 429, the budget allows no disruption: Cannot evict pod as it would violate the pod's disruption budget. (The disruption budget web needs 2 healthy pods and has 2 currently) [the budget allows 0 disruptions now (it needs 2 healthy pods and has 2)]; then pdb shop/web allows 0 more",
        '3. shop/api-5c6d7f8b9-b2c4d: refused 500, more than one PodDisruptionBudget: This pod has more than one PodDisruptionBudget, which the eviction subresource does not support. [2 PodDisruptionBudgets select this pod; the eviction API refuses a pod under more than one, whatever they allow]; then pdb shop/api allows 1 more, pdb shop/backend allows 1 more',
        '',
        '1 evicted, 2 refused.',
        '',
      ],
    ]);
  });

  it("puts the engine's rule, the status line and the figures in the JSON", () => {
    const result = run(
      'evict',
      'cluster.yaml',
      'shop/web-7d9f8c6b5-x7k2p',
      'shop/api-5c6d7f8b9-b2c4d',
      '--json',
    );
    const plan = JSON.parse(result.stdout) as {
      steps: { decision: { rule: string; httpStatus: number; code: number; figures: unknown } }[];
    };
    expect(
      plan.steps.map((s) => [
        s.decision.rule,
        s.decision.httpStatus,
        s.decision.code,
        s.decision.figures,
      ]),
    ).toStrictEqual([
      [
        'budget-decremented',
        201,
        201,
        {
          selectingPdbs: 1,
          podReady: true,
          disruptionsAllowed: 1,
          currentHealthy: 3,
          desiredHealthy: 2,
          disruptionsAllowedAfter: 0,
        },
      ],
      ['multiple-pdbs', 500, 500, { selectingPdbs: 2, podReady: true }],
    ]);
  });

  it('exits 0 when every eviction is accepted', () => {
    const result = run('evict', 'cluster.yaml', 'data/zookeeper-0', '--json');
    const plan = JSON.parse(result.stdout) as { evicted: unknown[]; refused: unknown[] };
    expect([result.exitCode, plan.evicted, plan.refused]).toStrictEqual([
      0,
      [{ kind: 'Pod', namespace: 'data', name: 'zookeeper-0' }],
      [],
    ]);
  });

  it('plans a drain in rounds, fails the 500 at once and names what blocks it forever (exit 3)', () => {
    const result = run('drain', 'cluster.yaml', 'kind-worker', '--json');
    const plan = JSON.parse(result.stdout) as {
      verdict: string;
      rounds: { evicted: { name: string }[] }[];
      failed: { pod: { name: string }; decision: { code: number } }[];
      blocked: { pod: { name: string }; reason: string; outlook: string }[];
    };
    expect([
      result.exitCode,
      plan.verdict,
      plan.rounds.map((r) => r.evicted.map((p) => p.name)),
      plan.failed.map((f) => [f.pod.name, f.decision.code]),
      plan.blocked.map((b) => [b.pod.name, b.reason, b.outlook]),
    ]).toStrictEqual([
      3,
      'stuck',
      [['zookeeper-0', 'web-7d9f8c6b5-x7k2p'], []],
      [['api-5c6d7f8b9-b2c4d', 500]],
      [['postgres-0', 'budget-allows-no-disruption', 'never']],
    ]);
    const drained = run('drain', 'cluster.yaml', 'kind-worker3');
    expect([drained.exitCode, drained.stdout.split('\n').at(-2)]).toStrictEqual([
      0,
      'The drain completes: 2 pod(s) evicted in 1 round(s).',
    ]);
  });

  it("says first that kubectl refuses the node, with kubectl's message and the flag that changes it", () => {
    const refused = run('drain', 'legacy.yaml', 'worker-1');
    expect([refused.exitCode, refused.stdout.split('\n').slice(0, 2)]).toStrictEqual([
      3,
      [
        'Drain of node worker-1, as `kubectl drain worker-1`:',
        '  error: cannot delete Pods with local storage (use --delete-emptydir-data to override): legacy/legacy-worker-1 — --delete-emptydir-data would let kubectl past this',
      ],
    ]);
    const next = run('drain', 'legacy.yaml', 'worker-1', '--delete-emptydir-data');
    expect(next.stdout.split('\n')[1]).toBe(
      '  error: cannot delete Pods that declare no controller (use --force to override): legacy/legacy-worker-1 — --force would let kubectl past this',
    );
    const forced = run('drain', 'legacy.yaml', 'worker-1', '--delete-emptydir-data', '--force');
    expect([forced.exitCode, forced.stdout.split('\n').at(-2)]).toStrictEqual([
      0,
      'The drain completes: 1 pod(s) evicted in 1 round(s).',
    ]);
    expect(
      run('drain', 'legacy.yaml', 'worker-1', '--pod-selector', 'a in ()').stderr.split('\n')[0],
    ).toBe(
      `pdbscope: --pod-selector "a in ()": unable to parse requirement: for 'in', 'notin' operators, values set can't be empty`,
    );
  });

  it('exits 2 for a pod or node the snapshot does not have', () => {
    const pod = run('evict', 'cluster.yaml', 'shop/ghost');
    const node = run('drain', 'cluster.yaml', 'kind-control-plane');
    expect([
      pod.exitCode,
      pod.stderr.split('\n')[0],
      node.exitCode,
      node.stderr.split('\n')[0],
    ]).toStrictEqual([
      2,
      'pdbscope: not in the snapshot: pod shop/ghost',
      2,
      'pdbscope: node kind-control-plane is not in the snapshot (no Node object and no pod scheduled to it)',
    ]);
  });
});

describe('runCli on a generated cluster', () => {
  it('evaluates every budget (PDBs and PUBs, Jobs, DaemonSets, bare pods) and drains a node without failing', () => {
    const c = generateCluster({ seed: 5, pods: 300, budgets: 40, nodes: 6 });
    const items = [
      ...c.namespaces,
      ...c.nodes,
      ...c.pods,
      ...c.deployments,
      ...c.replicaSets,
      ...c.statefulSets,
      ...c.daemonSets,
      ...c.jobs,
      ...c.pdbs,
      ...c.pubs,
    ];
    const text = JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
    const env = (argv: string[]) =>
      runCli({
        argv,
        readFile: () => ({ ok: true, value: text }),
        now: new Date('2024-05-01T12:00:00Z'),
      });
    const evaluated = env(['evaluate', 'cluster.json', '--json']);
    const report = JSON.parse(evaluated.stdout) as EvaluateReport;
    expect([evaluated.exitCode, evaluated.stderr, report.budgets.length]).toStrictEqual([
      0,
      '',
      c.pdbs.length + c.pubs.length,
    ]);
    const node = c.nodes[0]?.metadata?.name ?? '';
    const drained = env(['drain', 'cluster.json', node, '--json']);
    const plan = JSON.parse(drained.stdout) as { complete: boolean; node: string };
    expect([drained.exitCode, plan.node]).toStrictEqual([plan.complete ? 0 : 3, node]);
  });
});
