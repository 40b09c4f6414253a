import { nodeFromObject, readPodScheduling, staticUnfit, type Json } from '@pdbscope/shared';
import type { KubeObject } from '../store/types.js';
import type { ControllerContext } from './context.js';

/** What the scheduler reads of a pod spec (nodeSelector, tolerations, affinity, requests). */
export type PodPlacement = Json;

/**
 * A node takes a new pod: the engine's scheduling filters (packages/shared/src/scheduling): not
 * cordoned, Ready, every NoSchedule / NoExecute taint tolerated, nodeSelector and required node
 * affinity met. Requests are not counted here: the simulated nodes are never full.
 */
export function isSchedulable(node: KubeObject, pod: PodPlacement = {}): boolean {
  const view = nodeFromObject(node);
  return view.ok && staticUnfit(readPodScheduling(pod), view.value) === undefined;
}

/**
 * The default scheduler, reduced to what a drain needs: the schedulable node with the fewest pods
 * (ties by name), or undefined when none can take the pod.
 */
export function pickNode(ctx: ControllerContext, pod: PodPlacement = {}): string | undefined {
  const nodes = ctx.store.list('nodes');
  if (!nodes.ok) return undefined;
  let best: { name: string; pods: number } | undefined;
  for (const node of nodes.value.items) {
    const name = node.metadata.name ?? '';
    if (!isSchedulable(node, pod)) continue;
    const pods = ctx.pods.podsOnNode(name);
    if (best === undefined || pods < best.pods) best = { name, pods };
  }
  return best?.name;
}

export function nodeCount(ctx: ControllerContext): number {
  return ctx.store.counts()['nodes'] ?? 0;
}
