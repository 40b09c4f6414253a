import { describe, expect, it } from 'vitest';
import fixture from './__fixtures__/autoscaled.yaml?raw';
import { parseArgs } from './args.js';
import { runCli, type CliEnvironment } from './run.js';
import type { ScaleDownReport } from '../actors/reports/scale-down.js';

const readFile: CliEnvironment['readFile'] = (path) =>
  path === 'autoscaled.yaml' ? { ok: true, value: fixture } : { ok: false, error: 'no such file' };
const run = (...argv: string[]) =>
  runCli({
    argv: ['scale-down', 'autoscaled.yaml', ...argv],
    readFile,
    now: new Date('2024-05-01T12:00:00Z'),
  });

const CA_FLAGS =
  '--skip-nodes-with-system-pods=true --skip-nodes-with-local-storage=true --skip-nodes-with-custom-controller-pods=true --min-replica-count=0 --blocking-system-pod-distruption-timeout=1h0m0s';
const CA_NOTES = [
  'note: the snapshot has no ReplicationController: ReplicaCount takes a ReplicationController controller as present',
  'note: utilization, node-group sizes and scale-down delays are not judged',
];
const KARPENTER_NOTE =
  'note: nominations and disruptions in flight are not in the API; whether consolidation pays, or drift happened, is not judged';

describe('pdbscope scale-down --autoscaler cluster-autoscaler', () => {
  it('lets a node go when no pod blocks: each pod with the rule that decided it (exit 0)', () => {
    expect(run('worker-1', '--autoscaler', 'cluster-autoscaler')).toStrictEqual({
      exitCode: 0,
      stderr: '',
      stdout: [
        `Scale-down of node worker-1 by Cluster Autoscaler (${CA_FLAGS}) at 2024-05-01T12:00:00.000Z, PDB status recomputed:`,
        'POD                            RESULT      RULE        OUTCOME            DETAIL',
        'kube-system/kube-proxy-abcde   daemonset   DaemonSet   DrainOk',
        'shop/web-7c9d-x7k2p            move        -           UndefinedOutcome',
        ...CA_NOTES,
        "Cluster Autoscaler's drainability check lets node worker-1 go: 1 pod(s) to move, 1 DaemonSet pod(s), 0 left to complete.",
        '',
      ].join('\n'),
    });
  });

  it('stops at the first blocking pod, and shows what the later pods would meet (exit 3)', () => {
    expect(run('worker-2', '--autoscaler', 'cluster-autoscaler')).toStrictEqual({
      exitCode: 3,
      stderr: '',
      stdout: [
        `Scale-down of node worker-2 by Cluster Autoscaler (${CA_FLAGS}) at 2024-05-01T12:00:00.000Z, PDB status recomputed:`,
        'POD                   RESULT         RULE   OUTCOME                   DETAIL',
        'db/postgres-0         blocks         PDB    BlockDrain/NotEnoughPdb   not enough pod disruption budget to move db/postgres-0',
        'shop/web-7c9d-q9m4d   not-examined   -      UndefinedOutcome',
        'Blocking pod: db/postgres-0 (NotEnoughPdb): not enough pod disruption budget to move db/postgres-0',
        ...CA_NOTES,
        'Cluster Autoscaler keeps node worker-2: pod db/postgres-0 blocks it (NotEnoughPdb: not enough pod disruption budget to move db/postgres-0).',
        '',
      ].join('\n'),
    });
  });

  it("takes the autoscaler's flags: local storage allowed, a shorter system-pod timeout", () => {
    const local = run('worker-3', '--autoscaler', 'cluster-autoscaler');
    const allowed = run(
      'worker-3',
      '--autoscaler=cluster-autoscaler',
      '--skip-nodes-with-local-storage=false',
    );
    const system = run('worker-4', '--autoscaler', 'cluster-autoscaler');
    const timeout = run(
      'worker-4',
      '--autoscaler',
      'cluster-autoscaler',
      '--blocking-system-pod-disruption-timeout',
      '20m',
    );
    const json = (r: { stdout: string }) => JSON.parse(r.stdout) as ScaleDownReport;
    expect(
      [local, allowed, system, timeout].map((r) => [
        r.exitCode,
        r.stdout.trim().split('\n').at(-1),
      ]),
    ).toStrictEqual([
      [
        3,
        'Cluster Autoscaler keeps node worker-3: pod ops/backup-28461-zq7vw blocks it (LocalStorageRequested: pod with local storage present: backup-28461-zq7vw).',
      ],
      [
        0,
        "Cluster Autoscaler's drainability check lets node worker-3 go: 1 pod(s) to move, 0 DaemonSet pod(s), 0 left to complete.",
      ],
      [
        3,
        'Cluster Autoscaler keeps node worker-4: pod kube-system/coredns-5d78c-abcde blocks it (UnmovableKubeSystemPod: non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: coredns-5d78c-abcde).',
      ],
      [
        0,
        "Cluster Autoscaler's drainability check lets node worker-4 go: 1 pod(s) to move, 0 DaemonSet pod(s), 0 left to complete.",
      ],
    ]);
    // A Succeeded pod is not CA's to judge: its pod lister does not list it.
    expect(
      json(
        run(
          'worker-3',
          '--autoscaler',
          'cluster-autoscaler',
          '--skip-nodes-with-local-storage=0',
          '--json',
        ),
      ).pods,
    ).toStrictEqual([
      {
        pod: 'ops/backup-28461-zq7vw',
        result: 'move',
        rule: '-',
        outcome: 'UndefinedOutcome',
        detail: '',
      },
      {
        pod: 'ops/report-28460-k2x9p',
        result: 'not-listed',
        rule: '-',
        outcome: '-',
        detail: "Succeeded pods are not in CA's pod lister",
      },
    ]);
  });
});

describe('pdbscope scale-down: the PDB status read', () => {
  it('is what the disruption controller would write now, or with --stored-status as recorded', () => {
    // A PDB just created: its stored status allows nothing yet; synced, it allows one of two pods.
    const verdicts = [[], ['--stored-status']].flatMap((flags) =>
      ['cluster-autoscaler', 'karpenter'].map((autoscaler) => {
        const r = run('worker-5', '--autoscaler', autoscaler, ...flags, '--json');
        const report = JSON.parse(r.stdout) as ScaleDownReport;
        return [r.exitCode, report.statusSource, report.blocking?.message];
      }),
    );
    expect(verdicts).toStrictEqual([
      [0, 'recomputed', undefined],
      [3, 'recomputed', "node isn't managed by karpenter"],
      [3, 'stored', 'not enough pod disruption budget to move shop/api-5c6d7-b2c4d'],
      [3, 'stored', "node isn't managed by karpenter"],
    ]);
  });
});

describe('pdbscope scale-down --autoscaler karpenter', () => {
  it('lets a candidate go when its NodePool budget allows (exit 0)', () => {
    expect(run('worker-1', '--autoscaler', 'karpenter')).toStrictEqual({
      exitCode: 0,
      stderr: '',
      stdout: [
        'Scale-down of node worker-1 by Karpenter (--disruption-class=graceful) at 2024-05-01T12:00:00.000Z, PDB status recomputed:',
        'POD                            RESULT   CHECK       DETAIL',
        'kube-system/kube-proxy-abcde   evict    evictable',
        'shop/web-7c9d-x7k2p            evict    evictable',
        'NodePool general: Empty: 1 allowed (its budgets allow 1 of 2 node(s); 0 disrupting); Underutilized: 1 allowed (its budgets allow 1 of 2 node(s); 0 disrupting)',
        KARPENTER_NOTE,
        "Karpenter may disrupt node worker-1 (graceful): it is a candidate and NodePool general's budget allows 1 for Empty, 1 for Underutilized.",
        '',
      ].join('\n'),
    });
  });

  it('names the DisruptionBlocked event Karpenter publishes, for pods and for a budget at 0 (exit 3)', () => {
    expect(run('worker-2', '--autoscaler', 'karpenter')).toStrictEqual({
      exitCode: 3,
      stderr: '',
      stdout: [
        'Scale-down of node worker-2 by Karpenter (--disruption-class=graceful) at 2024-05-01T12:00:00.000Z, PDB status recomputed:',
        'POD                   RESULT   CHECK           DETAIL',
        'db/postgres-0         blocks   CanEvictPods    pdb prevents pod evictions (PodDisruptionBudget=[db/postgres])',
        'shop/web-7c9d-q9m4d   blocks   IsDisruptable   pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/web-7c9d-q9m4d)',
        'DisruptionBlocked: Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/web-7c9d-q9m4d)',
        'NodePool general: Empty: 1 allowed (its budgets allow 1 of 2 node(s); 0 disrupting); Underutilized: 1 allowed (its budgets allow 1 of 2 node(s); 0 disrupting)',
        KARPENTER_NOTE,
        'Karpenter does not disrupt node worker-2: Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/web-7c9d-q9m4d).',
        '',
      ].join('\n'),
    });
    const frozen = run('worker-3', '--autoscaler', 'karpenter', '--disruption-class', 'eventual');
    expect([frozen.exitCode, frozen.stdout.split('\n').slice(4, 8)]).toStrictEqual([
      3,
      [
        'DisruptionBlocked: No allowed disruptions for disruption reason Drifted due to blocking budget',
        'NodePool frozen: Drifted: 0 allowed (its budgets allow 0 of 1 node(s); 0 disrupting)',
        KARPENTER_NOTE,
        "Karpenter does not disrupt node worker-3 now: NodePool frozen's budget allows no disruption for Drifted (Drifted: 0 of 1 node(s), 0 disrupting).",
      ],
    ]);
  });

  it('says so when Karpenter does not manage the node', () => {
    const r = run('worker-4', '--autoscaler', 'karpenter', '--json');
    const report = JSON.parse(r.stdout) as ScaleDownReport;
    expect([r.exitCode, report.removable, report.blocking, report.verdict]).toStrictEqual([
      3,
      false,
      { reason: 'NotACandidate', message: "node isn't managed by karpenter" },
      "Karpenter does not disrupt node worker-4: Node isn't managed by karpenter.",
    ]);
  });
});

describe('pdbscope scale-down: bad usage is exit 2 with one sentence', () => {
  it.each([
    [
      ['worker-9', '--autoscaler', 'karpenter'],
      'node worker-9 is not in the snapshot (no Node object and no pod scheduled to it)',
    ],
    [['worker-1'], '--autoscaler must be cluster-autoscaler or karpenter, got ""'],
    [
      [
        'worker-1',
        '--autoscaler',
        'cluster-autoscaler',
        '--blocking-system-pod-disruption-timeout',
        '1d',
      ],
      '--blocking-system-pod-disruption-timeout: time: unknown unit "d" in duration "1d"',
    ],
    [
      ['worker-1', '--autoscaler', 'cluster-autoscaler', '--min-replica-count', 'two'],
      '--min-replica-count needs a whole number, got "two"',
    ],
    [
      ['worker-1', '--autoscaler', 'cluster-autoscaler', '--skip-nodes-with-system-pods=maybe'],
      '--skip-nodes-with-system-pods takes true or false, got "maybe"',
    ],
    [
      ['worker-1', '--autoscaler', 'karpenter', '--skip-nodes-with-local-storage=false'],
      "--skip-nodes-with-local-storage is a Cluster Autoscaler flag, not Karpenter's",
    ],
    [
      ['worker-1', '--autoscaler', 'karpenter', '--disruption-class', 'forceful'],
      '--disruption-class must be graceful or eventual, got "forceful"',
    ],
    [
      ['worker-1', '--autoscaler', 'cluster-autoscaler', '--disruption-class', 'eventual'],
      '--disruption-class goes with --autoscaler karpenter',
    ],
  ])('%j', (argv, sentence) => {
    const r = run(...argv);
    expect([r.exitCode, r.stdout, r.stderr.split('\n')[0]]).toStrictEqual([
      2,
      '',
      `pdbscope: ${sentence}`,
    ]);
  });
});

describe('parseArgs for scale-down', () => {
  it('finds the command after --now, and reads flags as pflag does', () => {
    expect(
      parseArgs([
        '--now',
        '2024-05-01T12:00:00Z',
        'scale-down',
        'cluster.yaml',
        'worker-1',
        '--autoscaler=cluster-autoscaler',
        '--skip-nodes-with-system-pods',
        '--skip-nodes-with-custom-controller-pods=F',
        '--min-replica-count=2',
        '--blocking-system-pod-distruption-timeout=1.5h',
      ]),
    ).toStrictEqual({
      ok: true,
      value: {
        command: 'scale-down',
        snapshot: 'cluster.yaml',
        node: 'worker-1',
        autoscaler: 'cluster-autoscaler',
        caOptions: {
          skipNodesWithSystemPods: true,
          skipNodesWithCustomControllerPods: false,
          minReplicaCount: 2,
          bspDisruptionTimeout: '1.5h',
        },
        disruptionClass: 'graceful',
        statusSource: 'recomputed',
        json: false,
        now: '2024-05-01T12:00:00Z',
      },
    });
  });
});
