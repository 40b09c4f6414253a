import { refKey } from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import { clusterViews, generateCluster } from '@pdbscope/shared/synthetic';
import { describe, expect, it } from 'vitest';
import { analyze, analyzeInSlices, type Analysis } from './analysis.js';

const NOW = new Date('2024-05-01T12:05:00Z');

function generatedIndex(): { index: ClusterIndex; namespaces: string[] } {
  const views = clusterViews(
    generateCluster({ seed: 7, pods: 900, nodes: 10, budgets: 120, namespaces: 6 }),
  );
  return {
    index: new ClusterIndex({ now: NOW }, views),
    namespaces: [...new Set(views.pods.map((p) => p.namespace))],
  };
}

/** A stopwatch that moves 1 ms each time it is read, so slices end after a known amount of work. */
function tickingStopwatch(): () => number {
  let t = 0;
  return () => t++;
}

const withoutTimes = (a: Analysis): Omit<Analysis, 'tookMs' | 'longestSliceMs'> => {
  const { tookMs: _took, longestSliceMs: _longest, ...rest } = a;
  return rest;
};

/** The analysis in 1 ms slices on a ticking stopwatch; `between` runs at each yield. */
function inSlices(
  index: ClusterIndex,
  namespaces: readonly string[],
  between: () => unknown,
): Promise<Analysis> {
  return analyzeInSlices({
    index,
    namespaces,
    now: NOW,
    stopwatch: tickingStopwatch(),
    sliceMs: 1,
    yieldToEvents: () => {
      between();
      return Promise.resolve();
    },
  });
}

describe('the analysis in slices', () => {
  it('yields between namespaces and answers what the one-block analysis answers', async () => {
    const { index, namespaces } = generatedIndex();
    let yields = 0;
    const sliced = await inSlices(index, namespaces, () => yields++);
    const whole = analyze({ index, namespaces, now: NOW });
    expect({ yields, result: withoutTimes(sliced) }).toStrictEqual({
      yields: namespaces.length + 2,
      result: withoutTimes(whole),
    });
    expect(sliced.overlaps.groups.filter((g) => g.sharedPods.length > 0).length).toBeGreaterThan(0);
  });

  it('skips a budget deleted while it runs', async () => {
    const { index, namespaces } = generatedIndex();
    // A budget with findings, so that finishing on a stale list would show.
    const before = analyze({ index, namespaces, now: NOW });
    const victim = [...index.budgets()].find((e) =>
      before.marks.findings.has(refKey(e.ref)),
    )?.budget;
    if (!victim) throw new Error('no budget of the generated cluster has a finding');
    const sliced = await inSlices(index, namespaces, () =>
      index.apply({ type: 'delete', object: victim }),
    );
    const mentions = sliced.findings.filter(
      (f) =>
        f.object.kind === victim.kind &&
        f.object.name === victim.name &&
        f.object.namespace === victim.namespace,
    );
    expect({ mentions, flagged: sliced.marks.findings.has(refKey(victim)) }).toStrictEqual({
      mentions: [],
      flagged: false,
    });
  });
});
