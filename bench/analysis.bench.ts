// The BFF's overlaps-and-findings analysis at 150,000 pods, 5,000 nodes, 10,000 budgets (run with
// `node --max-old-space-size=4096 --import tsx bench/analysis.bench.ts`; BENCH_PODS / BENCH_NODES /
// BENCH_BUDGETS shrink it). Prints, in one run:
//   - the reference: every overlapping pair (analyzeOverlaps, what the BFF listed before groups);
//   - the whole-cluster analysis as one block (overlapGroups + evaluateFindings over every
//     budget), and its parts;
//   - the same analysis in one go through the per-namespace steps (analyze);
//   - the sliced analysis (analyzeInSlices): total work, longest slice, and the event loop's
//     longest delay measured by perf_hooks while it ran.
// Figures only; this never fails a build.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  analyzeOverlaps,
  overlapGroups,
  budgetFactsFromEvaluations,
  effectiveBlocking,
  evaluateFindings,
  refKey,
  type EvictionDecision,
  type PodView,
} from '../packages/shared/src/index.js';
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import { clusterViews, generateCluster } from '../packages/shared/src/synthetic/index.js';
import { analyze, analyzeInSlices } from '../apps/bff/src/store/analysis.js';

const pods = Number(process.env.BENCH_PODS ?? 150_000);
const nodes = Number(process.env.BENCH_NODES ?? 5_000);
const budgets = Number(process.env.BENCH_BUDGETS ?? 10_000);
const now = new Date('2024-05-01T12:05:00Z');

const views = clusterViews(generateCluster({ seed: 1, pods, nodes, budgets }));
const index = new ClusterIndex({ now }, views);
const namespaces = [...new Set(views.pods.map((p) => p.namespace))];
console.log(
  `cluster: ${pods} pods, ${nodes} nodes, ${budgets} budgets, ${namespaces.length} namespaces`,
);

const ms = (from: number): string => `${(performance.now() - from).toFixed(0)} ms`;

function wholeClusterBlock(): void {
  const t0 = performance.now();
  const evaluations = [...index.budgets()];
  const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
  const selections = {
    budgets: evaluations.map((e) => e.budget),
    podsOf: (b: (typeof evaluations)[number]['budget']) => byKey.get(refKey(b))?.pods ?? [],
  };
  const pairs = analyzeOverlaps(selections);
  const tPairs = performance.now();
  console.log(
    `reference, every overlapping pair (analyzeOverlaps): ${(tPairs - t0).toFixed(0)} ms, ${pairs.live.length + pairs.potential.length} pairs`,
  );
  const tGroups = performance.now();
  const overlaps = overlapGroups(selections);
  const t1 = performance.now();
  console.log(
    `overlap groups (overlapGroups): ${(t1 - tGroups).toFixed(0)} ms, ${overlaps.groups.length} groups`,
  );
  evaluateFindings({
    now,
    budgets: budgetFactsFromEvaluations(evaluations),
    pods: namespaces.flatMap((ns) => [...index.podsInNamespace(ns)]),
    workloads: [...index.workloads()],
    overlaps,
  });
  console.log(
    `whole cluster in one block (groups + findings, without counting uncovered pods): ${(t1 - tGroups + performance.now() - t1).toFixed(0)} ms (findings ${ms(t1)})`,
  );
}

/**
 * The effective-blocking part of the analysis alone: each budget's pods decided until one could go.
 * The generated cluster stores no status (every budget "allows 0"), so the recomputed one is used
 * to make the pods be decided as on a live cluster.
 */
function effectiveBlockingPass(): void {
  const t0 = performance.now();
  let blocked = 0;
  let decided = 0;
  const answers = new Map<PodView, EvictionDecision>();
  for (const e of index.budgets()) {
    const block = effectiveBlocking({
      budget: e.synced,
      pods: e.pods,
      budgetsOf: (pod) => {
        decided++;
        return index.budgetsForPod(pod);
      },
      now,
      decided: answers,
    });
    if (block !== undefined && block.cause !== 'allows-none') blocked++;
  }
  console.log(
    `of which effective blocking (every budget's pods decided until one could go): ${ms(t0)}, ${decided} decisions, ${blocked} budgets blocked by their pods`,
  );
}

async function main(): Promise<void> {
  for (let run = 1; run <= 3; run++) {
    console.log(`-- run ${run}`);
    wholeClusterBlock();
    effectiveBlockingPass();
    const t0 = performance.now();
    analyze({ index, namespaces, now });
    console.log(
      `per-namespace steps in one go (analyze, as the first request's fallback): ${ms(t0)}`,
    );
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const t1 = performance.now();
    const sliced = await analyzeInSlices({
      index,
      namespaces,
      now,
      stopwatch: () => performance.now(),
    });
    const wall = ms(t1);
    delay.disable();
    console.log(
      `sliced (analyzeInSlices, ~5 ms slices): work ${sliced.tookMs.toFixed(0)} ms over ${wall} wall, longest slice ${sliced.longestSliceMs.toFixed(1)} ms, event-loop delay max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
    );
  }
}

await main();
