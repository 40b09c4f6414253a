import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';

/** The ref of a budget or pod: kind, namespace, name. */
export function refOf(o: { kind: string; namespace: string; name: string }): ResourceRef {
  return { kind: o.kind, namespace: o.namespace, name: o.name };
}

/** A pod that more than one budget selects today. */
export interface PodWithBudgets {
  pod: ResourceRef;
  budgets: ResourceRef[];
  /**
   * True when two or more PodDisruptionBudgets select it: the eviction API answers 500 ("This pod
   * has more than one PodDisruptionBudget...") for it while it is running.
   */
  evictionFails: boolean;
}

/** Two budgets that select at least one common live pod. */
export interface LivePair {
  a: ResourceRef;
  b: ResourceRef;
  sharedPods: ResourceRef[];
  /** Both are PodDisruptionBudgets, so evicting any shared running pod fails with the 500. */
  evictionFails: boolean;
}

export interface LiveSharing {
  pairs: LivePair[];
  podsWithMultipleBudgets: PodWithBudgets[];
}

/** Selected pods of a budget, as the index keeps them; never recomputed by scanning all pods. */
export type PodsOf = (budget: Budget) => Iterable<PodView>;

const isPdb = (ref: ResourceRef): boolean => ref.kind === 'PodDisruptionBudget';

/**
 * Budgets sharing live pods. Cost is the total number of (budget, selected pod) memberships plus
 * the pairs among each shared pod's budgets, so a cluster without overlaps costs one pass over
 * the index's selections.
 */
export function liveSharing(input: { budgets: readonly Budget[]; podsOf: PodsOf }): LiveSharing {
  // Pods are keyed by namespace, then name: no key string per membership, which at 150,000 pods costs more in garbage than the lookups.
  const byNamespace = new Map<string, Map<string, { pod: PodView; budgets: ResourceRef[] }>>();
  for (const budget of input.budgets) {
    const bref = refOf(budget);
    for (const pod of input.podsOf(budget)) {
      let byName = byNamespace.get(pod.namespace);
      if (!byName) byNamespace.set(pod.namespace, (byName = new Map()));
      const entry = byName.get(pod.name);
      if (entry) entry.budgets.push(bref);
      else byName.set(pod.name, { pod, budgets: [bref] });
    }
  }
  const podsWithMultipleBudgets: PodWithBudgets[] = [];
  const pairs = new Map<string, LivePair>();
  for (const byName of byNamespace.values()) {
    for (const entry of byName.values())
      if (entry.budgets.length > 1) sharePod(refOf(entry.pod), entry.budgets);
  }
  // Pods in name order, not the order the index met them.
  const byPod = (x: { namespace: string; name: string }, y: { namespace: string; name: string }) =>
    x.namespace < y.namespace
      ? -1
      : x.namespace > y.namespace
        ? 1
        : x.name < y.name
          ? -1
          : x.name > y.name
            ? 1
            : 0;
  for (const pair of pairs.values()) pair.sharedPods.sort(byPod);
  podsWithMultipleBudgets.sort((x, y) => byPod(x.pod, y.pod));
  return { pairs: [...pairs.values()], podsWithMultipleBudgets };

  function sharePod(pod: ResourceRef, budgets: ResourceRef[]): void {
    podsWithMultipleBudgets.push({ pod, budgets, evictionFails: budgets.filter(isPdb).length > 1 });
    for (let i = 0; i < budgets.length; i++) {
      for (let j = i + 1; j < budgets.length; j++) {
        const a = budgets[i] as ResourceRef;
        const b = budgets[j] as ResourceRef;
        const key = `${a.kind}/${a.name}\u0000${b.kind}/${b.name}\u0000${a.namespace}`;
        const pair = pairs.get(key);
        if (pair) pair.sharedPods.push(pod);
        else pairs.set(key, { a, b, sharedPods: [pod], evictionFails: isPdb(a) && isPdb(b) });
      }
    }
  }
}
