// Small preemption clusters made of real objects, read through the model's own converters.
import { node as readyNode } from '../../../index/__fixtures__/objects.js';
import type { PdbView } from '../../../model/budget.js';
import { pdbFromObject, podFromObject } from '../../../model/convert.js';
import type { NodeView } from '../../../model/node.js';
import type { PodView } from '../../../model/pod.js';
import type { PriorityClassView } from '../../../model/priority-class.js';
import type { Result } from '../../../result/index.js';
import { priorityClasses } from '../priority.js';
import type { PreemptionCluster } from '../types.js';

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export interface PodSpec {
  name: string;
  namespace?: string;
  node?: string;
  priority?: number;
  priorityClassName?: string;
  preemptionPolicy?: 'Never';
  /** Millicores. */
  cpu?: number;
  labels?: Record<string, string>;
  startTime?: string;
  uid?: string;
  nominatedNodeName?: string;
  nodeSelector?: Record<string, string>;
  deleting?: boolean;
  disruptionTarget?: string;
  phase?: string;
}

export function pod(p: PodSpec): PodView {
  const ns = p.namespace ?? 'default';
  return value(
    podFromObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: p.name,
        namespace: ns,
        uid: p.uid ?? `uid-${ns}-${p.name}`,
        labels: p.labels ?? {},
        ...(p.deleting ? { deletionTimestamp: '2024-05-01T11:59:50Z' } : {}),
      },
      spec: {
        ...(p.node !== undefined ? { nodeName: p.node } : {}),
        ...(p.priority !== undefined ? { priority: p.priority } : {}),
        ...(p.priorityClassName !== undefined ? { priorityClassName: p.priorityClassName } : {}),
        ...(p.preemptionPolicy ? { preemptionPolicy: p.preemptionPolicy } : {}),
        ...(p.nodeSelector ? { nodeSelector: p.nodeSelector } : {}),
        containers: [
          {
            name: 'main',
            ...(p.cpu !== undefined ? { resources: { requests: { cpu: `${p.cpu}m` } } } : {}),
          },
        ],
      },
      status: {
        phase: p.phase ?? (p.node !== undefined ? 'Running' : 'Pending'),
        ...(p.startTime !== undefined ? { startTime: p.startTime } : {}),
        ...(p.nominatedNodeName !== undefined ? { nominatedNodeName: p.nominatedNodeName } : {}),
        conditions: p.disruptionTarget
          ? [{ type: 'DisruptionTarget', status: 'True', reason: p.disruptionTarget }]
          : [],
      },
    }),
  );
}

/** A ready node with this many millicores and pod slots. */
export function node(
  name: string,
  cpu: number,
  extra: { pods?: number; labels?: Record<string, string>; spec?: Record<string, unknown> } = {},
): NodeView {
  return readyNode(name, true, {
    allocatable: { cpu: `${cpu}m`, memory: '64Gi', pods: String(extra.pods ?? 110) },
    ...(extra.labels ? { labels: extra.labels } : {}),
    ...(extra.spec ? { spec: extra.spec } : {}),
  });
}

/** A PDB as the disruption controller left it: `allowed` disruptions, these evictions admitted. */
export function pdb(
  name: string,
  selector: unknown,
  allowed: number,
  extra: { namespace?: string; disruptedPods?: readonly string[] } = {},
): PdbView {
  return value(
    pdbFromObject({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, namespace: extra.namespace ?? 'default', uid: `uid-pdb-${name}` },
      spec: { selector },
      status: {
        disruptionsAllowed: allowed,
        disruptedPods: Object.fromEntries(
          (extra.disruptedPods ?? []).map((p) => [p, '2024-05-01T11:59:00Z']),
        ),
      },
    }),
  );
}

export function clusterOf(input: {
  nodes: readonly NodeView[];
  pods: readonly PodView[];
  pdbs?: readonly PdbView[];
  classes?: readonly PriorityClassView[];
}): PreemptionCluster {
  return {
    nodes: input.nodes,
    podsOnNode: (n) => input.pods.filter((p) => p.nodeName === n),
    nominatedPods: (n) =>
      input.pods.filter((p) => p.nodeName === undefined && p.nominatedNodeName === n),
    pdbs: input.pdbs ?? [],
    classes: priorityClasses(input.classes),
  };
}
