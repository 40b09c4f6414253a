// bench:engine's autoscaler figures: would the Cluster Autoscaler, and would Karpenter, remove each
// node now. Both read each node's pods and their PDBs from the index's per-node lists (as drainable
// now does), and work out what every node shares once. Measured cold (the first run in the
// process), beside the index build measured in the same run.
import type { ClusterIndex } from '../packages/shared/src/index/index.js';
import type { NodeView } from '../packages/shared/src/model/index.js';
import type { NodeClaimView, NodePoolView } from '../packages/shared/src/model/karpenter.js';
import {
  caClusterContext,
  caNodeVerdict,
  CLUSTER_AUTOSCALER_DEFAULTS,
} from '../packages/shared/src/actors/cluster-autoscaler/index.js';
import {
  karpenterClusterContext,
  karpenterNodeVerdict,
} from '../packages/shared/src/actors/karpenter/index.js';

export interface ScaleDownBenchInput {
  index: ClusterIndex;
  now: Date;
  /** The index build's figure from the same run. */
  reference: string;
  row: (what: string, figure: string, reference: string, target: string) => void;
}

const POOLS = 10;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function timed<T>(f: () => T): { value: T; text: string } {
  const start = performance.now();
  const cpu = cpuMs();
  const value = f();
  const ms = performance.now() - start;
  return { value, text: `${ms.toFixed(0)} ms (cpu ${(cpuMs() - cpu).toFixed(0)} ms)` };
}

/** Counts by key, largest first, as `key n`. */
function histogram(keys: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

/** Every node made a Karpenter node of one of ten NodePools (10% budgets), with its NodeClaim. */
function karpenterFleet(nodes: readonly NodeView[]): {
  relabelled: NodeView[];
  nodePools: NodePoolView[];
  nodeClaims: NodeClaimView[];
} {
  const nodePools: NodePoolView[] = Array.from({ length: POOLS }, (_, i) => ({
    kind: 'NodePool',
    name: `pool-${i}`,
    uid: `uid-pool-${i}`,
    resourceVersion: '1',
    consolidationPolicy: 'WhenEmptyOrUnderutilized',
    budgets: [{ nodes: '10%' }, { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' }],
    templateLabels: {},
  }));
  const nodeClaims: NodeClaimView[] = [];
  const relabelled = nodes.map((node, i) => {
    const pool = `pool-${i % POOLS}`;
    nodeClaims.push({
      kind: 'NodeClaim',
      name: `${pool}-${i}`,
      uid: `uid-claim-${i}`,
      resourceVersion: '1',
      labels: { 'karpenter.sh/nodepool': pool },
      annotations: {},
      nodeName: node.name,
      ...(i % 2 === 0 ? { terminationGracePeriod: '24h' } : {}),
      conditions: [{ type: 'Initialized', status: 'True' }],
    });
    return {
      ...node,
      labels: {
        ...node.labels,
        'karpenter.sh/nodepool': pool,
        'karpenter.sh/initialized': 'true',
        'karpenter.sh/registered': 'true',
      },
    };
  });
  return { relabelled, nodePools, nodeClaims };
}

export function benchScaleDown({ index, now, reference, row }: ScaleDownBenchInput): void {
  const names = index.nodeNames();
  const caRun = (explainAll: boolean) => {
    const context = caClusterContext({ index, options: CLUSTER_AUTOSCALER_DEFAULTS, now });
    return names.map((n) => caNodeVerdict(context, n, explainAll));
  };
  const ca = timed(() => caRun(false));
  // CA stops at a node's first blocking pod; the CLI also judges the pods after it.
  const caAll = timed(() => caRun(true));
  row(
    '7. Cluster Autoscaler verdict, every node',
    ca.text,
    `index build ${reference}`,
    '≤ 0.5 s cold',
  );
  row('   every pod of every node judged (warm)', caAll.text, '', '');
  console.log(
    `   ${ca.value.filter((v) => v.removable).length} removable; blocked by ${histogram(
      ca.value.flatMap((v) => (v.moveInfo.blockingPod ? [v.moveInfo.blockingPod.reason] : [])),
    )}`,
  );

  const originals = [...index.nodes()];
  const fleet = karpenterFleet(originals);
  for (const node of fleet.relabelled) index.apply({ type: 'upsert', object: node });
  const karpenterRun = (explainPods: boolean) => {
    const context = karpenterClusterContext({
      index,
      nodePools: fleet.nodePools,
      nodeClaims: fleet.nodeClaims,
      now,
      disruptionClass: 'graceful',
    });
    return names.map((n) => karpenterNodeVerdict(context, n, explainPods));
  };
  const karpenter = timed(() => karpenterRun(false));
  const karpenterAll = timed(() => karpenterRun(true));
  for (const node of originals) index.apply({ type: 'upsert', object: node });
  row(
    '8. Karpenter verdict, every node',
    karpenter.text,
    `index build ${reference}`,
    '≤ 0.5 s cold',
  );
  row('   every pod of every node judged (warm)', karpenterAll.text, '', '');
  console.log(
    `   ${karpenter.value.filter((v) => v.removable).length} removable; candidates refused: ${histogram(
      karpenter.value.flatMap((v) =>
        v.candidate.message === undefined ? [] : [v.candidate.message.replace(/ \(.*$/, '')],
      ),
    )}`,
  );
}
