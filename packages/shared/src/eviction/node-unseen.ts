import type { ClusterView } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { isFullyVisible, unseenReason, unseenScope, unseenText } from '../visibility/visibility.js';

/**
 * What an answer about a node cannot see, in words, each once: pods of namespaces that are not
 * visible (any node may hold some: where they run is not known), the budgets of the namespaces its
 * visible pods are in when those are not visible (a budget not seen may refuse their evictions),
 * and, for a drain that waits for budgets to recover, the budgets covering its pods whose
 * recomputed status is not known (their controllers' scale is not visible).
 */
export interface NodeUnseen {
  /** e.g. `pods in zookeeper not visible: no permission to list pods in zookeeper`. */
  texts: string[];
  /** Whether what the answer says of this visible pod may be wrong for what is not seen. */
  uncertain(pod: Pick<ResourceRef, 'namespace' | 'name'>): boolean;
}

const NOTHING_UNSEEN: NodeUnseen = Object.freeze({ texts: [], uncertain: () => false });

export interface NodeUnseenInput {
  index: ClusterView;
  /** The node's pods the index holds. */
  pods: Iterable<PodView>;
  /** The answer re-syncs budgets after evictions (a drain plan's later rounds): read their scale. */
  resyncs?: boolean;
}

/** What is not visible to an answer about a node holding `pods`, under the index's visibility. */
export function nodeUnseen({ index, pods, resyncs = false }: NodeUnseenInput): NodeUnseen {
  const visibility = index.visibility;
  if (isFullyVisible(visibility)) return NOTHING_UNSEEN;
  const texts: string[] = [];
  const hiddenPods = unseenScope(visibility, 'pods');
  if (hiddenPods !== undefined) texts.push(unseenText(hiddenPods));
  const namespaces = new Set<string>();
  const uncertainPods = new Set<string>();
  const budgets = new Set<string>();
  for (const pod of pods) {
    const reason = unseenReason(visibility, 'budgets', pod.namespace);
    if (reason !== undefined) {
      uncertainPods.add(`${pod.namespace}/${pod.name}`);
      if (!namespaces.has(pod.namespace))
        texts.push(`budgets in ${pod.namespace} not visible: ${reason}`);
      namespaces.add(pod.namespace);
      continue;
    }
    if (!resyncs) continue;
    for (const ev of index.coveringEvaluations(pod) ?? []) {
      if (ev.unseen === undefined) continue;
      uncertainPods.add(`${pod.namespace}/${pod.name}`);
      const key = `${ev.ref.kind}/${ev.ref.namespace}/${ev.ref.name}`;
      if (!budgets.has(key))
        texts.push(`${ev.ref.kind} ${ev.ref.namespace}/${ev.ref.name}: ${ev.unseen.recomputed}`);
      budgets.add(key);
    }
  }
  if (texts.length === 0) return NOTHING_UNSEEN;
  return { texts, uncertain: (pod) => uncertainPods.has(`${pod.namespace}/${pod.name}`) };
}

/**
 * Whether a refusal on visible pods is certain: some refused pod is not uncertain. A budget selects
 * pods of its own namespace only, so pods not visible elsewhere change nothing of it.
 */
export function someCertain(refused: readonly ResourceRef[], unseen: NodeUnseen): boolean {
  return refused.some((pod) => !unseen.uncertain(pod));
}

/**
 * What several nodes' answers cannot see (a drain of each, one after another, as an upgrade does),
 * with the nodes themselves when they are not visible (then replacements are assumed to fit).
 */
export function nodesUnseen(index: ClusterView, nodes: readonly string[]): NodeUnseen {
  const pods: PodView[] = [];
  for (const node of nodes) pods.push(...index.podsOnNode(node));
  const unseen = nodeUnseen({ index, pods, resyncs: true });
  const hiddenNodes = unseenReason(index.visibility, 'nodes');
  if (hiddenNodes === undefined) return unseen;
  return {
    texts: [
      ...unseen.texts,
      `nodes not visible: ${hiddenNodes}; replacements are assumed to fit on the nodes the pods name`,
    ],
    uncertain: unseen.uncertain,
  };
}

/**
 * A verdict worked out on the visible pods, told what it cannot see: one that `stands` whatever is
 * not seen (kubectl refusing the node) is kept, and so is one stopped by a pod that is certain
 * (see {@link someCertain}); any other (a drain that completes, or stops only on uncertain pods) is
 * `unknown`.
 */
export function verdictAsFarAsVisible<V extends string>(input: {
  verdict: V;
  unseen: NodeUnseen;
  /** The pods that stop it (blocked, failed, stuck); none for a verdict of success. */
  stoppedBy: readonly ResourceRef[];
  stands?: (verdict: V) => boolean;
}): V | 'unknown' {
  const { verdict, unseen } = input;
  if (unseen.texts.length === 0 || input.stands?.(verdict) === true) return verdict;
  return someCertain(input.stoppedBy, unseen) ? verdict : 'unknown';
}
