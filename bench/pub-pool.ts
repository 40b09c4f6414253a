// A cluster whose budgets are OpenKruise PodUnavailableBudgets instead of PDBs, for bench:upgrade's
// PUB row: each PDB of a generated cluster becomes a PUB with its selector (maxUnavailable 50%, so a
// full rolling upgrade runs), and its pods carry the related-pub annotation Kruise writes, so every
// eviction goes through the PUB's webhook and every reconcile recounts it.
import { createHash } from 'node:crypto';
import type { ClusterViews } from '../packages/shared/src/synthetic/views.js';
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import { pubFromObject, type Budget, type PubView } from '../packages/shared/src/model/index.js';

/** The same cluster with PUBs in place of its PDBs (a PDB-index of it tells their pods). */
export function pubCluster(views: ClusterViews, now: Date): ClusterViews {
  const byPdbs = new ClusterIndex({ now }, views);
  const pubs: PubView[] = [];
  const related = new Map<string, string>();
  for (const ev of byPdbs.budgets()) {
    if (ev.kind !== 'PodDisruptionBudget') continue;
    const { budget } = ev;
    const converted = pubFromObject({
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name: budget.name,
        namespace: budget.namespace,
        uid: `pub-${budget.uid}`,
        generation: 1,
        resourceVersion: '1',
      },
      spec: { selector: budget.spec.selector, maxUnavailable: '50%' },
      status: { unavailableAllowed: 0, currentAvailable: 0, desiredAvailable: 0, totalReplicas: 0 },
    });
    if (!converted.ok) continue;
    pubs.push(converted.value);
    // A pod under two budgets names the first, as Kruise's webhook keeps one.
    for (const p of ev.pods) {
      const key = `${p.namespace}/${p.name}`;
      if (!related.has(key)) related.set(key, budget.name);
    }
  }
  const pods = views.pods.map((p) => {
    const name = related.get(`${p.namespace}/${p.name}`);
    return name === undefined
      ? p
      : { ...p, annotations: { ...p.annotations, 'pub.kruise.io/related-pub': name } };
  });
  const budgets: Budget[] = [...pubs];
  return { ...views, pods, budgets };
}

/** A short digest of a result, to show two runs (or two commits) give the same bytes. */
export const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
