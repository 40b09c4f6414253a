import type { KubeObject } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { specOf, statusOf } from './context.js';

interface NodeSpec {
  unschedulable?: boolean;
  taints?: { key?: string; effect?: string }[];
}

/** A node takes new pods: not cordoned, Ready, and without a NoSchedule taint. */
export function isSchedulable(node: KubeObject): boolean {
  const spec = specOf<NodeSpec>(node);
  if (spec.unschedulable === true) return false;
  if ((spec.taints ?? []).some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'))
    return false;
  const conditions = statusOf<{ conditions?: { type?: string; status?: string }[] }>(
    node,
  ).conditions;
  const ready = conditions?.find((c) => c.type === 'Ready');
  return ready === undefined || ready.status === 'True';
}

/**
 * The default scheduler, reduced to what a drain needs: the schedulable node with the fewest pods
 * (ties by name), or undefined when none can take the pod.
 */
export function pickNode(ctx: ControllerContext): string | undefined {
  const nodes = ctx.store.list('nodes');
  if (!nodes.ok) return undefined;
  let best: { name: string; pods: number } | undefined;
  for (const node of nodes.value.items) {
    const name = node.metadata.name ?? '';
    if (!isSchedulable(node)) continue;
    const pods = ctx.pods.podsOnNode(name);
    if (best === undefined || pods < best.pods) best = { name, pods };
  }
  return best?.name;
}

export function nodeCount(ctx: ControllerContext): number {
  return ctx.store.counts()['nodes'] ?? 0;
}
