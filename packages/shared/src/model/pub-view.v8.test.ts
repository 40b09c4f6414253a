import { describe, expect, it } from 'vitest';
import { NOW, pod, pub } from '../budgets/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import { admitPubPodOperation } from '../pub/admit.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { otherHiddenClasses } from '../testing/hidden-class.js';
import type { PubView } from './budget.js';
import { pubView } from './pub-view.js';

const generatedPubs = (views: ReturnType<typeof clusterViews>): PubView[] =>
  views.budgets.filter((b): b is PubView => b.kind === 'PodUnavailableBudget');

describe('pubView', () => {
  it('keeps every field, creationTimestamp only when set, and takes the status given', () => {
    const parsed = generatedPubs(
      clusterViews(generateCluster({ seed: 7, nodes: 40, pods: 1_200, budgets: 150 })),
    )[0];
    if (!parsed) throw new Error('the generated cluster has PUBs');
    const status = { ...parsed.status, unavailableAllowed: 7 };
    expect(pubView(parsed)).toStrictEqual(parsed);
    expect(pubView(parsed, status)).toStrictEqual({ ...parsed, status });
    const { creationTimestamp: _, ...undated } = parsed;
    expect(pubView(undated)).toStrictEqual(undated);
    expect(Object.keys(pubView(parsed))).toStrictEqual(Object.keys(parsed));
  });

  it('gives the PUB views the index syncs the converter’s hidden class', () => {
    const views = clusterViews(generateCluster({ seed: 7, nodes: 40, pods: 1_200, budgets: 150 }));
    const parsed = generatedPubs(views);
    const synced = [...new ClusterIndex({ now: NOW }, views).budgets()].flatMap((e) =>
      e.kind === 'PodUnavailableBudget' ? [e.synced] : [],
    );
    // The generated PUBs all carry a creationTimestamp: one class for all of them.
    expect(parsed.every((p) => p.creationTimestamp !== undefined)).toBe(true);
    expect(synced.length).toBe(parsed.length);
    expect(otherHiddenClasses([...parsed, ...synced])).toBe(0);
  });

  it('gives the PUB the webhook writes when it admits an eviction the converter’s class', () => {
    const stored = pub(
      'web-pub',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      {
        status: {
          unavailableAllowed: 1,
          currentAvailable: 3,
          desiredAvailable: 2,
          totalReplicas: 3,
        },
      },
    );
    const admission = admitPubPodOperation({
      pod: pod('web-0', { annotations: { 'kruise.io/related-pub': 'web-pub' } }),
      pub: stored,
      operation: 'EVICT',
      dryRun: false,
      now: NOW,
    });
    if (!admission.pubAfter) throw new Error('the PUB admits the eviction with its budget');
    expect(admission.pubAfter.status.unavailableAllowed).toBe(0);
    expect(otherHiddenClasses([stored, admission.pubAfter])).toBe(0);
  });
});
