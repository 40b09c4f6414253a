import { describe, expect, it } from 'vitest';
import fixture from '../snapshot/__fixtures__/cluster.yaml?raw';
import { readSnapshot } from '../snapshot/read.js';
import { parseArgs, USAGE } from './args.js';
import { runCli, type CliEnvironment } from './run.js';

const NOW = new Date('2024-04-28T10:00:00Z');

const node = (name: string) => `
- apiVersion: v1
  kind: Node
  metadata: { name: ${name} }
  status: { conditions: [{ type: Ready, status: 'True' }] }`;
const pod = (name: string, labels: string, nodeName: string) => `
- apiVersion: v1
  kind: Pod
  metadata: { name: ${name}, namespace: shop, labels: { ${labels} } }
  spec: { nodeName: ${nodeName}, containers: [{ name: app, image: registry.internal/app:1.4 }] }
  status: { phase: Running, conditions: [{ type: Ready, status: 'True' }] }`;
// Synced by the controller: its status is what it computes for the two pods of these files.
const pdb = (name: string, spec: string, allowed: number) => `
- apiVersion: policy/v1
  kind: PodDisruptionBudget
  metadata: { name: ${name}, namespace: shop, generation: 1 }
  spec: { ${spec} }
  status:
    observedGeneration: 1
    currentHealthy: 2
    desiredHealthy: ${2 - allowed}
    expectedPods: 2
    disruptionsAllowed: ${allowed}`;
const list = (...items: string[]) => `apiVersion: v1\nkind: List\nitems:${items.join('')}\n`;

const files: Record<string, string> = {
  // An overlap whose evictions fail (error) and a budget that never allows one (warning).
  'cluster.yaml': fixture,
  // One budget (an integer minAvailable: the pods are bare), two Ready pods, one may go: no finding.
  'clean.yaml': list(
    node('worker-1'),
    pod('web-1', 'app: web', 'worker-1'),
    pod('web-2', 'app: web', 'worker-1'),
    pdb('web', 'minAvailable: 1, selector: { matchLabels: { app: web } }', 1),
  ),
  // minAvailable 2 of 2 pods: never allows a disruption (a warning, nothing worse).
  'strict.yaml': list(
    node('worker-1'),
    pod('web-1', 'app: web', 'worker-1'),
    pod('web-2', 'app: web', 'worker-1'),
    pdb('web', 'minAvailable: 2, selector: { matchLabels: { app: web } }', 0),
  ),
  // Two selectors a pod labelled app=web,tier=front would match; no pod has both today.
  'could-share.yaml': list(
    node('worker-1'),
    pod('web-1', 'app: web', 'worker-1'),
    pod('web-2', 'app: web', 'worker-1'),
    pod('front-1', 'tier: front', 'worker-1'),
    pod('front-2', 'tier: front', 'worker-1'),
    pdb('web', 'minAvailable: 1, selector: { matchLabels: { app: web } }', 1),
    pdb('front', 'minAvailable: 1, selector: { matchLabels: { tier: front } }', 1),
  ),
};
const readFile: CliEnvironment['readFile'] = (path) => {
  const text = files[path];
  return text === undefined ? { ok: false, error: 'no such file' } : { ok: true, value: text };
};
const run = (argv: string[], env: Partial<CliEnvironment> = {}) =>
  runCli({ argv, readFile, now: NOW, ...env });
const exits = (...argvs: string[][]) => argvs.map((argv) => run(argv).exitCode);

describe('pdbscope without a command', () => {
  it('prints the usage on stderr and exits 2', () => {
    expect(run([])).toStrictEqual({
      exitCode: 2,
      stdout: '',
      stderr: `pdbscope: no command given\n\n${USAGE}`,
    });
  });
});

describe('--kubeconfig and --context', () => {
  it('take the SNAPSHOT’s place, in every command, flags anywhere', () => {
    expect([
      parseArgs(['evaluate', '--context', 'prod']),
      parseArgs(['--kubeconfig=/tmp/kc', 'drain', 'worker-1', '--context=prod']),
      parseArgs(['scale-down', 'worker-1', '--autoscaler', 'karpenter', '--context', 'prod']),
    ]).toStrictEqual([
      {
        ok: true,
        value: { command: 'evaluate', snapshot: '', json: false, cluster: { context: 'prod' } },
      },
      {
        ok: true,
        value: {
          command: 'drain',
          snapshot: '',
          node: 'worker-1',
          json: false,
          statusSource: 'recomputed',
          options: {
            force: false,
            ignoreDaemonSets: false,
            deleteEmptyDirData: false,
            podSelector: '',
          },
          cluster: { kubeconfig: '/tmp/kc', context: 'prod' },
        },
      },
      {
        ok: true,
        value: {
          command: 'scale-down',
          snapshot: '',
          node: 'worker-1',
          autoscaler: 'karpenter',
          caOptions: {},
          disruptionClass: 'graceful',
          statusSource: 'recomputed',
          json: false,
          cluster: { context: 'prod' },
        },
      },
    ]);
  });

  it('answer on the cluster the shell listed, as on a snapshot of it', () => {
    const cluster = readSnapshot(fixture);
    const live = run(['evaluate', '--context', 'prod', '--json'], { cluster });
    expect(live).toStrictEqual(run(['evaluate', 'cluster.yaml', '--json']));
  });

  it('are refused, in one sentence, when there is no listed cluster or a value is missing', () => {
    const lines = [
      run(['evaluate', '--context', 'prod']),
      run(['evaluate', '--context']),
      run(['evaluate', '--kubeconfig=']),
      run(['evaluate', 'cluster.yaml', '--context', 'prod']),
    ].map((r) => [r.exitCode, r.stderr.split('\n')[0]]);
    expect(lines).toStrictEqual([
      [2, 'pdbscope: this build of pdbscope reads snapshots only'],
      [2, 'pdbscope: --context needs a value'],
      [2, 'pdbscope: --kubeconfig needs a value'],
      [2, 'pdbscope: evaluate takes one SNAPSHOT, got extra arguments: cluster.yaml'],
    ]);
  });
});

describe('--fail-on', () => {
  it('fails evaluate (exit 3) when a finding at or above the severity exists', () => {
    expect(
      exits(
        ['evaluate', 'cluster.yaml'],
        ['evaluate', 'cluster.yaml', '--fail-on', 'error'],
        ['evaluate', 'strict.yaml', '--fail-on', 'error'],
        ['evaluate', 'strict.yaml', '--fail-on=warning'],
        ['evaluate', 'clean.yaml', '--fail-on', 'warning'],
      ),
    ).toStrictEqual([0, 3, 0, 3, 0]);
  });

  it('fails overlaps on a failing overlap (error) or budgets that could share pods (warning)', () => {
    expect(
      exits(
        ['overlaps', 'cluster.yaml', '--fail-on', 'error'],
        ['overlaps', 'could-share.yaml', '--fail-on', 'error'],
        ['overlaps', 'could-share.yaml', '--fail-on', 'warning'],
        ['overlaps', 'clean.yaml', '--fail-on', 'warning'],
      ),
    ).toStrictEqual([3, 0, 3, 0]);
  });

  it('keeps the report as it is, with or without the gate', () => {
    const gated = run(['evaluate', 'cluster.yaml', '--fail-on', 'error']);
    expect({ ...gated, exitCode: 0 }).toStrictEqual(run(['evaluate', 'cluster.yaml']));
  });

  it('is refused, in one sentence, with a bad severity or another command', () => {
    const lines = [
      run(['evaluate', 'cluster.yaml', '--fail-on', 'info']),
      run(['evaluate', 'cluster.yaml', '--fail-on']),
      run(['drain', 'cluster.yaml', 'kind-worker', '--fail-on', 'error']),
    ].map((r) => [r.exitCode, r.stderr.split('\n')[0]]);
    expect(lines).toStrictEqual([
      [2, 'pdbscope: --fail-on needs warning or error, got "info"'],
      [2, 'pdbscope: --fail-on needs a value'],
      [2, 'pdbscope: --fail-on goes with evaluate and overlaps, not drain'],
    ]);
  });
});
