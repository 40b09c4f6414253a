import type { KubeObject } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { specOf, statusOf } from './context.js';

interface Taint {
  key?: string;
  value?: string;
  effect?: string;
}

interface NodeSpec {
  unschedulable?: boolean;
  taints?: Taint[];
}

interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
}

/** What the scheduler reads of a pod: `spec.nodeSelector` and `spec.tolerations`. */
export interface PodPlacement {
  nodeSelector?: Record<string, string>;
  tolerations?: Toleration[];
}

/** As kube-scheduler's TaintToleration plugin matches one toleration against one taint. */
function tolerates(t: Toleration, taint: Taint): boolean {
  if (t.effect !== undefined && t.effect !== '' && t.effect !== taint.effect) return false;
  if (t.operator === 'Exists') return t.key === undefined || t.key === '' || t.key === taint.key;
  return t.key === taint.key && (t.value ?? '') === (taint.value ?? '');
}

/**
 * A node takes a new pod: not cordoned, Ready, every NoSchedule / NoExecute taint tolerated, and
 * the pod's nodeSelector met by the node's labels.
 */
export function isSchedulable(node: KubeObject, pod: PodPlacement = {}): boolean {
  const spec = specOf<NodeSpec>(node);
  if (spec.unschedulable === true) return false;
  const tolerations = pod.tolerations ?? [];
  for (const taint of spec.taints ?? []) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!tolerations.some((t) => tolerates(t, taint))) return false;
  }
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(pod.nodeSelector ?? {})) {
    if (labels[key] !== value) return false;
  }
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
