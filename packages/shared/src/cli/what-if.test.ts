import { describe, expect, it } from 'vitest';
import base from '../what-if/__fixtures__/three-nodes.yaml?raw';
import { runCli, type CliEnvironment } from './run.js';
import type { WhatIfReport } from './what-if-format.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const pdb = (name: string, spec: string) =>
  `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: ${name}}\nspec: ${spec}\n`;

/** The three nodes' cluster; `strict.yaml` adds a budget that lets none of web's 3 pods go. */
const files: Record<string, string> = {
  'cluster.yaml': base,
  'strict.yaml': `${base}---\n${pdb(
    'web',
    '{minAvailable: 3, selector: {matchLabels: {app: web}}}',
  ).replace(
    '{name: web}',
    '{name: web, namespace: default, generation: 1}',
  )}status: {observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 3, desiredHealthy: 3, expectedPods: 3}\n`,
  'loosen.yaml': pdb('web', '{maxUnavailable: 1, selector: {matchLabels: {app: web}}}'),
  'chart/templates/pdb.yaml': `# Source: web/templates/pdb.yaml\n${pdb('web', '{maxUnavailable: 0, selector: {matchLabels: {app: web}}}')}`,
  'chart/templates/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\n',
  'broken.yaml': `${pdb('ok', '{maxUnavailable: 1}')}---\nkind: PodDisruptionBudget\nspec: [unclosed\n`,
};
const env = (argv: string[]): CliEnvironment => ({
  argv,
  now: NOW,
  readFile: (path) =>
    files[path] === undefined
      ? { ok: false, error: 'no such file' }
      : { ok: true, value: files[path] ?? '' },
  readSources: (path) => {
    const under = Object.keys(files)
      .filter((p) => p === path || p.startsWith(`${path}/`))
      .sort();
    return under.length === 0
      ? { ok: false, error: 'no such file' }
      : { ok: true, value: under.map((p) => ({ path: p, text: files[p] ?? '' })) };
  },
});
const run = (...argv: string[]) => runCli(env(['what-if', ...argv]));

const STUCK = (pod: string) =>
  `eviction of default/${pod} refused now, 429 (web): Cannot evict pod as it would violate the pod's disruption budget.`;

describe('pdbscope what-if', () => {
  it('a budget that only loosens: every node drains again, nothing gets worse, exit 0', () => {
    const r = run('strict.yaml', '--apply', 'loosen.yaml');
    expect(r).toStrictEqual({
      exitCode: 0,
      stderr:
        'pdbscope: 1 object(s) of --apply without metadata.namespace read into namespace default, as kubectl apply -f puts them (-n NS for another)\n',
      stdout: [
        'Objects:',
        '  ACTION     OBJECT                            WHY',
        '  replaced   PodDisruptionBudget default/web   applied from loosen.yaml: document 1',
        '',
        'Budgets (before→after, once settled):',
        '  NAMESPACE   NAME   KIND   MIN AVAILABLE   MAX UNAVAILABLE   PODS   EXPECTED   DESIRED   CURRENT   ALLOWED   NOTE',
        '  default     web    pdb    3→-             -→1               3      3          3→2       3         0→1       429 for every eviction until its controller syncs it',
        '',
        'Findings (+ new, - gone):',
        '  - WARNING never-allows-disruption  PodDisruptionBudget default/web',
        '            PodDisruptionBudget default/web can never allow a disruption: minAvailable 3 needs all 3 pods healthy. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
        '',
        'Nodes (drainable now):',
        '  NODE       STATE             WHY, AFTER',
        '  worker-1   stuck→drainable   -',
        '  worker-2   stuck→drainable   -',
        '  worker-3   stuck→drainable   -',
        '',
        'Nothing gets worse.',
        '',
      ].join('\n'),
    });
  });

  it('a chart directory whose budget makes every node undrainable and the upgrade stall: exit 3, naming them', () => {
    const r = run(
      'cluster.yaml',
      '--apply',
      'chart',
      '--upgrade-selector',
      'node.kubernetes.io/pool=general',
    );
    expect([r.exitCode, r.stderr]).toStrictEqual([
      3,
      'pdbscope: 1 object(s) of --apply without metadata.namespace read into namespace default, as kubectl apply -f puts them (-n NS for another)\n',
    ]);
    expect(r.stdout.split('\n').slice(-17)).toStrictEqual([
      'Nodes (drainable now):',
      '  NODE       STATE             WHY, AFTER',
      `  worker-1   drainable→stuck   ${STUCK('web-6b7f9c8d5-k2x7p')}`,
      `  worker-2   drainable→stuck   ${STUCK('web-6b7f9c8d5-m9q4d')}`,
      `  worker-3   drainable→stuck   ${STUCK('web-6b7f9c8d5-v3h8n')}`,
      '',
      'Upgrade of 3 node(s):',
      '  before: completes (5 min)',
      '  after:  stalls (0 s: Step 1 stalls on worker-1: 1 pod (default/web-6b7f9c8d5-k2x7p) cannot leave, because of a budget that allows no disruption.)',
      '',
      'Worse (5):',
      `  - node worker-1 becomes undrainable: ${STUCK('web-6b7f9c8d5-k2x7p')}`,
      `  - node worker-2 becomes undrainable: ${STUCK('web-6b7f9c8d5-m9q4d')}`,
      `  - node worker-3 becomes undrainable: ${STUCK('web-6b7f9c8d5-v3h8n')}`,
      '  - PodDisruptionBudget default/web starts blocking: it allows no disruption of its 3 pod(s)',
      '  - the upgrade of 3 node(s) no longer completes: it stalls',
      '',
    ]);
    expect(r.stdout.split('\n').slice(0, 3)).toStrictEqual([
      'Objects:',
      '  ACTION    OBJECT                            WHY',
      '  created   PodDisruptionBudget default/web   applied from chart/templates/pdb.yaml: document 1',
    ]);
  });

  it('a scale-down removes pods in the ReplicaSet controller’s order; --json gives the same answer as data', () => {
    const r = run('cluster.yaml', '--scale', 'deploy/default/web=1', '--json');
    const report = JSON.parse(r.stdout) as WhatIfReport;
    expect([r.exitCode, report.effects, report.worse, report.difference.nodes]).toStrictEqual([
      0,
      [
        {
          action: 'replaced',
          ref: { kind: 'Deployment', namespace: 'default', name: 'web' },
          cause: 'scale of Deployment default/web to 1',
        },
        {
          action: 'replaced',
          ref: { kind: 'ReplicaSet', namespace: 'default', name: 'web-6b7f9c8d5' },
          cause: 'scale of ReplicaSet default/web-6b7f9c8d5 to 1',
        },
        {
          action: 'deleted',
          ref: { kind: 'Pod', namespace: 'default', name: 'web-6b7f9c8d5-v3h8n' },
          cause: 'scale-down of ReplicaSet default/web-6b7f9c8d5 to 1',
          node: 'worker-3',
        },
        {
          action: 'deleted',
          ref: { kind: 'Pod', namespace: 'default', name: 'web-6b7f9c8d5-m9q4d' },
          cause: 'scale-down of ReplicaSet default/web-6b7f9c8d5 to 1',
          node: 'worker-2',
        },
      ],
      [],
      [],
    ]);
  });

  it('exits 2 on a change that does not apply: a broken manifest (its file and document), an unknown object', () => {
    expect(run('cluster.yaml', '--apply', 'broken.yaml')).toStrictEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pdbscope: broken.yaml: document 2 (line 8): Flow sequence in block collection must be sufficiently indented and end with a ]\n',
    });
    expect(
      run('cluster.yaml', '--delete', 'pdb/default/nope', '--scale', 'sts/default/web=2'),
    ).toStrictEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pdbscope: PodDisruptionBudget default/nope: PodDisruptionBudget default/nope is not in the snapshot\npdbscope: StatefulSet default/web: StatefulSet default/web is not in the snapshot\n',
    });
    expect(run('cluster.yaml', '--scale', 'pdb/default/web=2')).toStrictEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pdbscope: --scale pdb/default/web=2: "pdb/default/web=2": a PodDisruptionBudget has no replicas to scale\n',
    });
    expect(run('cluster.yaml', '--apply', 'missing.yaml').stderr).toBe(
      'pdbscope: missing.yaml: cannot read it: no such file\n',
    );
  });
});
