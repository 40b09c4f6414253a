// pnpm bench:engine: the engine on a synthetic cluster (default 150,000 pods, 5,000 nodes, 10,000
// budgets). Prints each figure beside a reference measured in the same run, and the target:
//   1. build the index and evaluate every budget from nothing; reference: JSON.parse + convert the
//      same objects into the slim views (what any client pays before evaluating anything);
//   2. one pod update applied incrementally, p50 / p99 over 2,000 updates; reference: JSON.parse +
//      convert of that one pod;
//   3. one node's drain plan (the busiest node, and the median over 50 nodes); reference: listing
//      that node's pods from the index;
//   4. overlap analysis of all budgets (live sharing + static selector analysis + Kruise rule);
//      reference: one pass over every budget's selected pods;
//   5. heap used with the index built; reference: heap with only the converted views;
//   6. one preemption decision for a pod that fits nowhere (engine-preemption.ts); reference: the
//      index build of step 1;
//   7, 8. the Cluster Autoscaler's and Karpenter's verdict on every node (engine-scale-down.ts);
//      reference: the index build;
//   9. what-if of one budget edit (engine-what-if.ts); reference: the index build.
// Figures only; this never fails a build.
import { generateCluster } from '../packages/shared/src/synthetic/index.js';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
  type Budget,
  type NodeView,
  type PodView,
  type WorkloadView,
} from '../packages/shared/src/model/index.js';
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import { planDrain } from '../packages/shared/src/eviction/index.js';
import { analyzeOverlaps } from '../packages/shared/src/overlaps/index.js';
import type { Result } from '../packages/shared/src/result/index.js';
import { benchPreemption } from './engine-preemption.js';
import { benchScaleDown } from './engine-scale-down.js';
import { whatIfBench } from './engine-what-if.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const UPDATES = 2_000;
const PAGE = 500;
const NOW = new Date('2024-05-01T12:00:00Z');

const ms = (v: number): string => (v < 10 ? `${v.toFixed(3)} ms` : `${v.toFixed(0)} ms`);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Wall time, and this process's CPU time (all its threads: GC included), which a busy machine distorts less. */
function time<T>(f: () => T): { value: T; ms: number; cpu: number } {
  const start = performance.now();
  const cpu = cpuMs();
  const value = f();
  return { value, ms: performance.now() - start, cpu: cpuMs() - cpu };
}

const both = (t: { ms: number; cpu: number }): string => `${ms(t.ms)} (cpu ${ms(t.cpu)})`;

function row(what: string, figure: string, reference: string, target: string): void {
  console.log(
    `${what.padEnd(44)} ${figure.padStart(28)}   ref ${reference.padEnd(48)} target ${target}`,
  );
}

/** Serialises a list as an API server would page it: `items` in pages of 500. */
function pages(items: readonly unknown[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += PAGE)
    out.push(JSON.stringify({ items: items.slice(i, i + PAGE) }));
  return out;
}

function parseAll<T>(bodies: readonly string[], convert: (o: unknown) => Result<T>): T[] {
  const out: T[] = [];
  for (const body of bodies) {
    for (const item of (JSON.parse(body) as { items: unknown[] }).items) {
      const c = convert(item);
      if (c.ok) out.push(c.value);
    }
  }
  return out;
}

console.log(
  `engine bench: ${PODS} pods, ${NODES} nodes, ${BUDGETS} budgets (node ${process.version})`,
);
console.log(
  'figures: wall time (cpu time of this process); the 2-core machine is shared, so compare with the references',
);
/** The cluster as the API server's paged list bodies; the generated objects are not kept. */
function listBodies(): Record<'pods' | 'pdbs' | 'pubs' | 'workloads' | 'nodes', string[]> {
  const generated = time(() =>
    generateCluster({ seed: 42, nodes: NODES, pods: PODS, budgets: BUDGETS }),
  );
  const c = generated.value;
  console.log(`generated in ${ms(generated.ms)}`);
  return {
    pods: pages(c.pods),
    pdbs: pages(c.pdbs),
    pubs: pages(c.pubs),
    workloads: pages([
      ...c.deployments,
      ...c.replicaSets,
      ...c.statefulSets,
      ...c.daemonSets,
      ...c.jobs,
    ]),
    nodes: pages(c.nodes),
  };
}
const bodies = listBodies();
const onePodJson = bodies.pods.map((b) =>
  JSON.stringify((JSON.parse(b) as { items: unknown[] }).items[0]),
);
console.log(
  `${mb(bodies.pods.reduce((n, b) => n + b.length, 0))} of pod JSON in ${bodies.pods.length} pages`,
);

// 1. Reference: parse + convert.
const converted = time(() => ({
  pods: parseAll<PodView>(bodies.pods, podFromObject),
  budgets: [
    ...parseAll<Budget>(bodies.pdbs, pdbFromObject),
    ...parseAll<Budget>(bodies.pubs, pubFromObject),
  ],
  workloads: parseAll<WorkloadView>(bodies.workloads, workloadFromObject),
  nodes: parseAll<NodeView>(bodies.nodes, nodeFromObject),
}));
const views = converted.value;
for (const k of Object.keys(bodies) as (keyof typeof bodies)[]) bodies[k] = [];
const heapViews = heap();

const built = time(() => new ClusterIndex({ now: NOW }, views));
const index = built.value;
const counts = index.counts();
row(
  '1. build index + evaluate every budget',
  both(built),
  `parse + convert ${both(converted)}`,
  '< 1 s',
);
console.log(
  `   ${counts.pods} pods, ${counts.pdbs} PDBs, ${counts.pubs} PUBs, ${counts.workloads} workloads, ${counts.nodes} nodes`,
);

// 2. Incremental pod updates: readiness flips, a few relabels, as a watch delivers them.
const pods = views.pods;
const updateTimes: number[] = [];
const updateCpu: number[] = [];
for (let i = 0; i < UPDATES; i++) {
  const p = pods[(i * 7919) % pods.length];
  if (!p) continue;
  const next: PodView =
    i % 10 === 0
      ? {
          ...p,
          labels: { ...p.labels, 'app.kubernetes.io/version': `bench-${i}` },
          resourceVersion: `b${i}`,
        }
      : { ...p, ready: !p.ready, resourceVersion: `b${i}` };
  const start = performance.now();
  const cpu = cpuMs();
  index.apply({ type: 'upsert', object: next });
  updateCpu.push(cpuMs() - cpu);
  updateTimes.push(performance.now() - start);
}
updateTimes.sort((a, b) => a - b);
updateCpu.sort((a, b) => a - b);
const parseTimes: number[] = [];
for (let i = 0; i < UPDATES; i++) {
  const json = onePodJson[i % onePodJson.length] ?? '{}';
  const start = performance.now();
  podFromObject(JSON.parse(json));
  parseTimes.push(performance.now() - start);
}
parseTimes.sort((a, b) => a - b);
row(
  '2. one pod update, p50 / p99',
  `${ms(quantile(updateTimes, 0.5))} / ${ms(quantile(updateTimes, 0.99))} (cpu ${ms(quantile(updateCpu, 0.5))} / ${ms(quantile(updateCpu, 0.99))})`,
  `parse + convert one pod ${ms(quantile(parseTimes, 0.5))} / ${ms(quantile(parseTimes, 0.99))}`,
  'p99 < 0.5 ms',
);

// 3. Drain plans.
const nodeNames = views.nodes.map((n) => n.name);
let busiest = nodeNames[0] ?? '';
for (const n of nodeNames)
  if (index.podsOnNode(n).length > index.podsOnNode(busiest).length) busiest = n;
const busiestDrain = time(() => planDrain({ index, node: busiest, now: NOW }));
const listBusiest = time(() => index.podsOnNode(busiest));
const drainTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const n = nodeNames[(i * 97) % nodeNames.length] ?? '';
  drainTimes.push(time(() => planDrain({ index, node: n, now: NOW })).ms);
}
drainTimes.sort((a, b) => a - b);
const plan = busiestDrain.value;
row(
  `3. drain plan, busiest node (${listBusiest.value.length} pods)`,
  both(busiestDrain),
  `list its pods ${ms(listBusiest.ms)}`,
  '< 20 ms',
);
row(
  '   drain plan, median / max of 50 nodes',
  `${ms(quantile(drainTimes, 0.5))} / ${ms(drainTimes[drainTimes.length - 1] ?? NaN)}`,
  '',
  '< 20 ms',
);
console.log(
  `   busiest node: ${plan.rounds.length} rounds, ${plan.evicted.length} evicted, ${plan.blocked.length} blocked, ${plan.skipped.length} skipped`,
);

// 4. Overlaps.
const evaluations = [...index.budgets()];
const podsOf = (b: Budget) => index.budget(b)?.pods ?? [];
const onePass = time(() => {
  let n = 0;
  for (const e of evaluations) n += e.pods.length;
  return n;
});
const overlaps = time(() => analyzeOverlaps({ budgets: evaluations.map((e) => e.budget), podsOf }));
row(
  '4. overlap analysis of all budgets',
  both(overlaps),
  `one pass over ${onePass.value} selections ${ms(onePass.ms)}`,
  '< 2 s',
);
console.log(
  `   ${Object.entries(overlaps.value)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.length : String(v)}`)
    .join(', ')}`,
);

// 6.–9. (printed before the heap, which drops the views) One preemption decision; the
// autoscalers' verdicts on every node; what-if of one budget edit.
benchPreemption({ index, built, row, both });
benchScaleDown({ index, now: NOW, reference: both(built), row });
whatIfBench({ index, reference: `index build ${both(built)}`, row });

// 5. Heap.
(views as { pods: unknown }).pods = [];
const heapIndex = heap();
row('5. heap used, index built', mb(heapIndex), `views only ${mb(heapViews)}`, '< 400 MB');
