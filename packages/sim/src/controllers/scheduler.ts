import {
  allocatableOf,
  nodeFromObject,
  readPodScheduling,
  resourcesUnfit,
  staticUnfit,
  type Json,
} from '@pdbscope/shared';
import type { ControllerContext } from './context.js';

/** What the scheduler reads of a pod spec (nodeSelector, tolerations, affinity, requests). */
export type PodPlacement = Json;

/**
 * The default scheduler, reduced to what a drain needs, with the engine's filters
 * (packages/shared/src/scheduling): among the nodes that are not cordoned, Ready, whose NoSchedule
 * / NoExecute taints the pod tolerates, that meet its nodeSelector and required node affinity and
 * have room for its requests, the one with the fewest pods (ties by name); undefined when none.
 */
export function pickNode(ctx: ControllerContext, pod: PodPlacement = {}): string | undefined {
  const nodes = ctx.store.list('nodes');
  if (!nodes.ok) return undefined;
  const asks = readPodScheduling(pod);
  let best: { name: string; pods: number } | undefined;
  for (const node of nodes.value.items) {
    const name = node.metadata.name ?? '';
    const view = nodeFromObject(node);
    if (!view.ok || staticUnfit(asks, view.value) !== undefined) continue;
    // NodeResourcesFit: requests within allocatable minus what the node's pods already request.
    if (resourcesUnfit(asks, allocatableOf(view.value), ctx.pods.usageOf(name)) !== undefined)
      continue;
    const pods = ctx.pods.podsOnNode(name);
    if (best === undefined || pods < best.pods) best = { name, pods };
  }
  return best?.name;
}

export function nodeCount(ctx: ControllerContext): number {
  return ctx.store.counts()['nodes'] ?? 0;
}
