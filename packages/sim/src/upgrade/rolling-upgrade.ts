import { execFile } from 'node:child_process';

/** kubectl's drain flags, as the forecast's drain options name them. */
export interface KubectlDrainOptions {
  force?: boolean;
  ignoreDaemonSets?: boolean;
  deleteEmptyDirData?: boolean;
}

export interface RunRollingUpgradeInput {
  kubeconfig: string;
  /** The pool's nodes, in the order they are upgraded. */
  nodes: readonly string[];
  /** Nodes drained at a time (default 1). */
  maxUnavailable?: number;
  /** Upgraded nodes created before the first drain (default 0). */
  maxSurge?: number;
  drain?: KubectlDrainOptions;
  /** `kubectl drain --timeout`; a drain that has not finished by then is the stall. */
  drainTimeoutSeconds: number;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What the rolling upgrade did: every node replaced, or the first batch whose drain failed. */
export type RollingUpgradeOutcome =
  | { verdict: 'completes'; steps: number; upgradedNodes: string[] }
  | {
      verdict: 'stalls';
      /** 1-based batch number. */
      step: number;
      node: string;
      /** Pods still on the node (not DaemonSet or mirror pods), `namespace/name`, sorted. */
      stuckPods: string[];
      drain: KubectlResult;
    };

export function kubectl(
  kubeconfig: string,
  args: readonly string[],
  stdin?: string,
): Promise<KubectlResult> {
  return new Promise((resolve) => {
    const child = execFile(
      'kubectl',
      ['--kubeconfig', kubeconfig, ...args],
      { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

async function kubectlOk(kubeconfig: string, args: readonly string[], stdin?: string) {
  const r = await kubectl(kubeconfig, args, stdin);
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

/** The name an upgraded node takes when it replaces `node` (or joins as the i-th surge node). */
export const upgradedNodeName = (node: string): string => `${node}-upgraded`;
export const surgeNodeName = (pool: readonly string[], i: number): string =>
  `${pool[0] ?? 'node'}-surge-${i + 1}`;

interface NodeJson {
  metadata: { name?: string; labels?: Record<string, string> } & Record<string, unknown>;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** A fresh node shaped like `template`: same labels, taints and capacity, schedulable, Ready. */
function upgradedNode(template: NodeJson, name: string): string {
  const labels = { ...(template.metadata.labels ?? {}), 'kubernetes.io/hostname': name };
  const { unschedulable: _u, ...spec } = template.spec ?? {};
  const node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels },
    spec,
    status: template.status ?? {},
  };
  return JSON.stringify(node);
}

function drainArgs(node: string, input: RunRollingUpgradeInput): string[] {
  const d = input.drain ?? {};
  return [
    'drain',
    node,
    ...(d.force === true ? ['--force'] : []),
    ...(d.ignoreDaemonSets === true ? ['--ignore-daemonsets'] : []),
    ...(d.deleteEmptyDirData === true ? ['--delete-emptydir-data'] : []),
    `--timeout=${input.drainTimeoutSeconds}s`,
  ];
}

interface PodJson {
  metadata: {
    namespace?: string;
    name?: string;
    deletionTimestamp?: string;
    ownerReferences?: { kind?: string; controller?: boolean }[];
  };
  status?: { phase?: string };
}

/** The pods a finished drain would have had to remove: not DaemonSet or mirror pods, not finished. */
async function podsLeftOn(kubeconfig: string, node: string): Promise<string[]> {
  const out = await kubectlOk(kubeconfig, [
    'get',
    'pods',
    '-A',
    '--field-selector',
    `spec.nodeName=${node}`,
    '-o',
    'json',
  ]);
  const items = (JSON.parse(out) as { items: PodJson[] }).items;
  return items
    .filter((p) => {
      const owner = p.metadata.ownerReferences?.find((o) => o.controller === true)?.kind;
      if (owner === 'DaemonSet' || owner === 'Node') return false;
      return p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';
    })
    .map((p) => `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`)
    .sort();
}

/**
 * The actual rolling upgrade of a node pool on a (simulated) cluster, driven by real kubectl as an
 * upgrade manager does it: surge nodes join first; then per batch of `maxUnavailable` nodes,
 * `kubectl drain` each (cordon included) with the given options and timeout, `kubectl delete node`,
 * and create the upgraded node in its place. The first batch with a failed drain is the stall.
 */
export async function runRollingUpgrade(
  input: RunRollingUpgradeInput,
): Promise<RollingUpgradeOutcome> {
  const { kubeconfig, nodes } = input;
  const first = nodes[0];
  if (first === undefined) return { verdict: 'completes', steps: 0, upgradedNodes: [] };
  const template = JSON.parse(
    await kubectlOk(kubeconfig, ['get', 'node', first, '-o', 'json']),
  ) as NodeJson;
  const upgradedNodes: string[] = [];
  for (let i = 0; i < (input.maxSurge ?? 0); i++) {
    const name = surgeNodeName(nodes, i);
    await kubectlOk(kubeconfig, ['create', '-f', '-'], upgradedNode(template, name));
    upgradedNodes.push(name);
  }
  const size = Math.max(1, input.maxUnavailable ?? 1);
  let step = 0;
  for (let at = 0; at < nodes.length; at += size) {
    step++;
    const batch = nodes.slice(at, at + size);
    const drains = await Promise.all(batch.map((n) => kubectl(kubeconfig, drainArgs(n, input))));
    for (const [i, node] of batch.entries()) {
      const drain = drains[i];
      if (drain === undefined || drain.code === 0) continue;
      return {
        verdict: 'stalls',
        step,
        node,
        stuckPods: await podsLeftOn(kubeconfig, node),
        drain,
      };
    }
    for (const node of batch) {
      const shape = JSON.parse(
        await kubectlOk(kubeconfig, ['get', 'node', node, '-o', 'json']),
      ) as NodeJson;
      await kubectlOk(kubeconfig, ['delete', 'node', node]);
      const name = upgradedNodeName(node);
      await kubectlOk(kubeconfig, ['create', '-f', '-'], upgradedNode(shape, name));
      upgradedNodes.push(name);
    }
  }
  return { verdict: 'completes', steps: step, upgradedNodes };
}
