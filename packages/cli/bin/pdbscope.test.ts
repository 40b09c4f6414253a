import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('./pdbscope.ts', import.meta.url));
const snapshot = fileURLToPath(
  new URL('../../shared/src/snapshot/__fixtures__/cluster.yaml', import.meta.url),
);

function pdbscope(args: string[], input?: string) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', bin, ...args, '--now', '2024-04-28T10:00:00Z'],
    {
      encoding: 'utf8',
      ...(input !== undefined ? { input } : {}),
    },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pdbscope (spawned)', () => {
  it('evaluates the kubectl snapshot: JSON on stdout, exit 0', () => {
    const r = pdbscope(['evaluate', snapshot, '--json']);
    const report = JSON.parse(r.stdout) as {
      budgets: { name: string; allowedDisruptions: number }[];
    };
    expect([
      r.status,
      r.stderr,
      report.budgets.map((b) => [b.name, b.allowedDisruptions]),
    ]).toStrictEqual([
      0,
      '',
      [
        ['zookeeper', 1],
        ['postgres', 0],
        ['api', 1],
        ['backend', 1],
        ['web', 1],
      ],
    ]);
  });

  it('reads the snapshot from stdin with "-"', () => {
    const r = pdbscope(['overlaps', '-'], 'apiVersion: v1\nkind: List\nitems: []\n');
    expect([r.status, r.stdout.split('\n')[0]]).toStrictEqual([
      0,
      'Budgets sharing live pods (0):',
    ]);
  });

  it('exits 2 with a message on stderr for a missing file and for a usage error', () => {
    const missing = pdbscope(['evaluate', '/nonexistent/snapshot.yaml']);
    const usage = pdbscope(['drain']);
    expect([missing.status, missing.stderr, missing.stdout]).toStrictEqual([
      2,
      'pdbscope: cannot read /nonexistent/snapshot.yaml: no such file\n',
      '',
    ]);
    expect([usage.status, usage.stderr.split('\n')[0]]).toStrictEqual([
      2,
      'pdbscope: drain needs a SNAPSHOT file',
    ]);
  });
});

describe('pdbscope drain and evict (spawned)', () => {
  it('exits 3 when a drain would be blocked and 0 when it completes', () => {
    const blocked = pdbscope(['drain', snapshot, 'kind-worker']);
    const ok = pdbscope(['drain', snapshot, 'kind-worker3']);
    expect([blocked.status, blocked.stdout.split('\n').at(-2), ok.status]).toStrictEqual([
      3,
      'The drain gets stuck: 1 pod(s) keep answering 429 until --timeout (1 never can go with the budgets as they are).',
      0,
    ]);
  });

  it('exits 3 when a cumulative eviction sequence is refused', () => {
    const r = pdbscope(['evict', snapshot, 'data/zookeeper-0', 'data/zookeeper-1']);
    expect([r.status, r.stdout.split('\n').at(-2)]).toStrictEqual([3, '1 evicted, 1 refused.']);
  });
});

describe('pdbscope what-if (spawned)', () => {
  const cluster = fileURLToPath(
    new URL('../../shared/src/what-if/__fixtures__/three-nodes.yaml', import.meta.url),
  );
  const tree = fileURLToPath(
    new URL('../../shared/src/snapshot/__fixtures__/manifests/tree', import.meta.url),
  );

  it('walks a directory of manifests and exits 3 naming the nodes that stop draining', () => {
    const r = pdbscope(['what-if', cluster, '--apply', tree, '--json']);
    const report = JSON.parse(r.stdout) as { worse: string[] };
    expect([r.status, r.stderr, report.worse.map((w) => w.split(':')[0])]).toStrictEqual([
      3,
      'pdbscope: 3 object(s) of --apply without metadata.namespace read into namespace default, as kubectl apply -f puts them (-n NS for another)\n',
      [
        'node worker-1 becomes undrainable',
        'node worker-2 becomes undrainable',
        'node worker-3 becomes undrainable',
      ],
    ]);
  });

  it('exits 0 when the change loosens, 2 when a directory holds no manifest', () => {
    const loosen = pdbscope(['what-if', cluster, '--scale', 'deploy/default/web=5']);
    const empty = pdbscope([
      'what-if',
      cluster,
      '--apply',
      fileURLToPath(new URL('.', import.meta.url)),
    ]);
    expect([loosen.status, loosen.stdout.split('\n').at(-2), empty.status]).toStrictEqual([
      0,
      'Nothing gets worse.',
      2,
    ]);
  });
});
