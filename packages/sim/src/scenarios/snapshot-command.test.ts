import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSnapshot } from '@pdbscope/shared/snapshot';
import { afterEach, describe, expect, it } from 'vitest';
import { KUBECTL } from '../server/__fixtures__/harness.js';
import { ManualClock } from '../store/index.js';
import { startSim, type SimHandle } from '../sim.js';

const CLI_DOC = new URL('../../../../docs/cli.md', import.meta.url);

/** The shell lines under "Taking a snapshot" in docs/cli.md, exactly as a user copies them. */
async function documentedCommand(): Promise<string> {
  const doc = await readFile(CLI_DOC, 'utf8');
  const section = doc.slice(doc.indexOf('## Taking a snapshot'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('docs/cli.md has no sh block under Taking a snapshot');
  return block;
}

let sim: SimHandle | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs the documented lines with real kubectl against the simulator; the snapshot they write. */
async function snapshotWithDocumentedCommand(unservedGroups: string[]) {
  sim = await startSim({
    clock: new ManualClock('2026-11-21T08:00:00Z'),
    activity: false,
    unservedGroups,
  });
  dir = await mkdtemp(join(tmpdir(), 'pdbscope-snapshot-command-'));
  const kubeconfig = join(dir, 'kubeconfig');
  await sim.writeKubeconfig(kubeconfig);
  const file = join(dir, 'snapshot.yaml');
  const script = `kubectl() { "$KUBECTL_BIN" "$@"; }\nset -e\n${(await documentedCommand()).replace('FILE', JSON.stringify(file))}`;
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(
      'bash',
      ['-c', script],
      {
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          HOME: dir,
          KUBECONFIG: kubeconfig,
          KUBECACHEDIR: join(dir ?? '', 'cache'),
          KUBECTL_BIN: KUBECTL,
        },
        timeout: 60_000,
      },
      (error, _stdout, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(err),
    );
  });
  const snapshot = readSnapshot(await readFile(file, 'utf8'));
  return { stderr, snapshot };
}

describe("docs/cli.md's snapshot command, with real kubectl", () => {
  it("takes every kind the actors read from the demo: PriorityClasses, Karpenter's objects, DaemonSets, Jobs", async () => {
    const { stderr, snapshot } = await snapshotWithDocumentedCommand([]);
    const kinds = (ws: readonly { kind: string }[]) => {
      const out: Record<string, number> = {};
      for (const w of ws) out[w.kind] = (out[w.kind] ?? 0) + 1;
      return out;
    };
    expect({
      stderr,
      errors: snapshot.errors,
      pods: snapshot.pods.length,
      nodes: snapshot.nodes.length,
      pdbs: snapshot.pdbs.length,
      pubs: snapshot.pubs.length,
      workloads: kinds(snapshot.workloads),
      priorityClasses: snapshot.priorityClasses.map((c) => `${c.name}=${c.value}`).sort(),
      nodePools: snapshot.nodePools?.map((p) => p.name),
      nodeClaims: snapshot.nodeClaims?.map((c) => `${c.name}@${c.nodeName ?? ''}`).sort(),
    }).toStrictEqual({
      stderr: '',
      errors: [],
      pods: 65,
      nodes: 16,
      pdbs: 22,
      pubs: 3,
      workloads: { DaemonSet: 1, Deployment: 17, Job: 2, ReplicaSet: 18, StatefulSet: 10 },
      priorityClasses: [
        'batch-low=-1000',
        'critical=1000000',
        'system-cluster-critical=2000000000',
        'system-node-critical=2000001000',
      ],
      nodePools: ['flex'],
      nodeClaims: ['flex-m4q7z@flex-2', 'flex-x8k2p@flex-1'],
    });
  });

  it('works the same on a cluster without Karpenter: no NodePools, no error', async () => {
    const { stderr, snapshot } = await snapshotWithDocumentedCommand(['karpenter.sh']);
    expect({
      stderr,
      errors: snapshot.errors,
      nodePools: snapshot.nodePools,
      nodeClaims: snapshot.nodeClaims,
      priorityClasses: snapshot.priorityClasses.length,
    }).toStrictEqual({
      stderr: '',
      errors: [],
      nodePools: undefined,
      nodeClaims: undefined,
      priorityClasses: 4,
    });
  });
});
