import { nodeDeleteOptions } from '../actors/cluster-autoscaler/options.js';
import type { Result } from '../result/index.js';
import type { LoadedCluster } from './cluster.js';
import type { ScaleDownCommand } from './scale-down-args.js';
import {
  caScaleDownReport,
  karpenterScaleDownReport,
  type ActorCluster,
  type ScaleDownReport,
} from '../actors/reports/scale-down.js';
import { textTable } from './table.js';

/** A snapshot's cluster as the reports read it: Karpenter's kinds only when the file had them. */
const actorCluster = ({ index, now, snapshot }: LoadedCluster): ActorCluster => ({
  index,
  now,
  ...(snapshot.nodePools ? { nodePools: snapshot.nodePools } : {}),
  ...(snapshot.nodeClaims ? { nodeClaims: snapshot.nodeClaims } : {}),
});

const NAMES = { 'cluster-autoscaler': 'Cluster Autoscaler', karpenter: 'Karpenter' } as const;

/** The report for people: the settings, a row per pod, what blocks, the verdict. */
export function formatScaleDown(r: ScaleDownReport): string {
  const out = [
    `Scale-down of node ${r.node} by ${NAMES[r.autoscaler]} (${r.settings}) at ${r.now}, PDB status ${r.statusSource}:\n`,
  ];
  if (r.pods.length > 0)
    out.push(
      textTable(
        r.autoscaler === 'karpenter'
          ? ['POD', 'RESULT', 'CHECK', 'DETAIL']
          : ['POD', 'RESULT', 'RULE', 'OUTCOME', 'DETAIL'],
        r.pods.map((p) =>
          r.autoscaler === 'karpenter'
            ? [p.pod, p.result, p.outcome, p.detail]
            : [p.pod, p.result, p.rule, p.outcome, p.detail],
        ),
      ),
    );
  else out.push('(no pods on the node)\n');
  const tail: string[] = [];
  if (r.blocking)
    tail.push(
      r.autoscaler === 'karpenter'
        ? `${r.blocking.reason}: ${r.blocking.message}`
        : `Blocking pod: ${r.blocking.pod ?? ''} (${r.blocking.reason}): ${r.blocking.message}`,
    );
  if (r.budget)
    tail.push(
      `NodePool ${r.budget.pool}: ${r.budget.reasons.map((b) => `${b.reason}: ${b.allowed} allowed (its budgets allow ${b.budgetAllows} of ${b.nodes} node(s); ${b.disrupting} disrupting)`).join('; ')}`,
    );
  for (const n of r.notes) tail.push(`note: ${n}`);
  tail.push(r.verdict);
  out.push(`${tail.join('\n')}\n`);
  return out.join('');
}

/** The report of `pdbscope scale-down`, or why the command line cannot be answered. */
export function scaleDown(
  cluster: LoadedCluster,
  command: ScaleDownCommand,
): Result<ScaleDownReport> {
  const { node } = command;
  if (cluster.index.node(node) === undefined && cluster.index.podsOnNode(node).length === 0)
    return {
      ok: false,
      error: `node ${node} is not in the snapshot (no Node object and no pod scheduled to it)`,
    };
  if (command.autoscaler === 'karpenter')
    return {
      ok: true,
      value: karpenterScaleDownReport(
        actorCluster(cluster),
        node,
        command.disruptionClass,
        command.statusSource,
      ),
    };
  const options = nodeDeleteOptions(command.caOptions);
  if (!options.ok) return options;
  return {
    ok: true,
    value: caScaleDownReport(actorCluster(cluster), node, options.value, command.statusSource),
  };
}
