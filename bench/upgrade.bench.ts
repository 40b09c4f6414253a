// pnpm bench:upgrade: the rolling-upgrade forecast on a synthetic cluster (default 150,000 pods,
// 5,000 nodes, 10,000 budgets). Each figure is printed beside a reference measured in the same run:
//   1. a forecast of a 1,000-node pool, one node at a time; reference: one drain plan per node of
//      the first 100 of those nodes, scaled to 1,000 (what planning them one by one would cost);
//   2. a forecast of all 5,000 nodes, one at a time; reference: building the index from the views;
//   3. the same 1,000-node pool with maxUnavailable 10 and maxSurge 10;
//   4. the fixes for the pool's stall (each single change, then the bounded search for a
//      combination: at most COMBINATION_LIMITS.maxForecasts + maxFurthestForecasts more
//      forecasts), with the forecasts run; reference: one forecast of the pool as is;
//   5. a cluster whose budgets are OpenKruise PUBs (a fifth of the pods and nodes, each PDB turned
//      into a PUB: bench/pub-pool.ts), a full forecast of its nodes; reference: the same cluster
//      with its PDBs. Each forecast prints a digest of its result (the same bytes across commits);
//   6. what the pool's full run allocates that outlives the young generation (bench/promoted.ts:
//      what it adds to a process's resident memory), with its largest sites; reference: the
//      index's own live heap;
//   0. first, drainable now for every node (the nodes list's column), cold (the first run, then a
//      fresh cache three times more, the code compiled by then), then one node alone
//      (its page works it out afresh), then after one pod's change (the NodeCache works out again
//      only the nodes it reaches), and the same change after a fill in batches as the BFF's slices
//      make it; reference: building the index, and listing+parsing (the objects converted to
//      views, the pods interned), and for the last, the fill.
// The views are made as the BFF makes them: each object converted, each pod interned by the BFF's
// own Interner (owners, label sets and strings shared), which is what its drainable now and its
// forecasts read.
// The forecast stops at the first stall, so a stalled forecast is also rerun with every blocking
// budget removed (a what-if change), to measure a full run over the whole pool.
// Figures only; this never fails a build.
import { clusterViews, generateCluster } from '../packages/shared/src/synthetic/index.js';
import { digest, pubCluster } from './pub-pool.js';
import { benchNodeRows } from './node-rows.js';
import { liveHeap, promotedBy } from './promoted.js';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
  type Budget,
} from '../packages/shared/src/model/index.js';
import { ClusterIndex, NodeCache, type ObjectChange } from '../packages/shared/src/index/index.js';
import {
  countDrainableNow,
  drainableNow,
  planDrain,
  type DrainableNow,
} from '../packages/shared/src/eviction/index.js';
import { refKey } from '../packages/shared/src/model/refs.js';
import {
  DEFAULT_NODE_REPLACE_SECONDS,
  DEFAULT_READY_SECONDS,
  COMBINATION_LIMITS,
  forecastUpgrade,
  planFixes,
  readinessFromPods,
  type ForecastUpgradeInput,
} from '../packages/shared/src/upgrade/index.js';
import type { Result } from '../packages/shared/src/result/index.js';
import { Interner } from '../apps/bff/src/kube/intern.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const POOL = Math.min(1_000, NODES);
const NOW = new Date('2024-05-01T12:00:00Z');

const ms = (v: number): string => (v < 10 ? `${v.toFixed(3)} ms` : `${v.toFixed(0)} ms`);
function time<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}
function row(what: string, figure: string, reference: string, target: string): void {
  console.log(
    `${what.padEnd(44)} ${figure.padStart(26)}   ref ${reference.padEnd(52)} target ${target}`,
  );
}
const views = <T>(items: readonly unknown[], convert: (o: unknown) => Result<T>): T[] =>
  items.flatMap((o) => {
    const c = convert(JSON.parse(JSON.stringify(o)));
    return c.ok ? [c.value] : [];
  });

console.log(
  `upgrade bench: ${PODS} pods, ${NODES} nodes, ${BUDGETS} budgets (node ${process.version})`,
);
const c = generateCluster({ seed: 42, nodes: NODES, pods: PODS, budgets: BUDGETS });
const parse = performance.now();
const interner = new Interner();
const input = {
  pods: views(c.pods, podFromObject).map((pod) => interner.pod(pod)),
  budgets: [...views<Budget>(c.pdbs, pdbFromObject), ...views<Budget>(c.pubs, pubFromObject)],
  workloads: views(
    [...c.deployments, ...c.replicaSets, ...c.statefulSets, ...c.daemonSets, ...c.jobs],
    workloadFromObject,
  ),
  nodes: views(c.nodes, nodeFromObject),
};
const parsed = performance.now() - parse;
const heapBeforeIndex = liveHeap();
const built = time(() => new ClusterIndex({ now: NOW }, input));
const index = built.value;
const indexHeap = liveHeap() - heapBeforeIndex;
const names = index.nodeNames();

const buildRef = `${ms(built.ms)} (index build), ${ms(parsed)} (listing+parsing)`;
/** A fresh cache of every node's drainable now, as the BFF keeps its node rows. */
const drainableCache = (): NodeCache<DrainableNow> =>
  new NodeCache({ index, compute: (node) => drainableNow({ index, node, now: index.now }) });
/** The index takes the change and the cache hears of it, as the BFF's store passes it on. */
function applyThrough(cache: NodeCache<DrainableNow>, change: ObjectChange): void {
  cache.before(change);
  cache.after(change, index.apply(change));
}
const drainable = drainableCache();
const cold = time(() => drainable.all());
row(
  `drainable now, all ${names.length} nodes, cold`,
  ms(cold.ms),
  buildRef,
  `≤ 500 ms (${Object.entries(countDrainableNow(cold.value.values()))
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')})`,
);
// The first run above also compiles the code it runs: a fresh cache again, three times (median).
{
  const again = [0, 1, 2].map(() => time(() => drainableCache().all()).ms).sort((a, b) => a - b);
  row(
    `drainable now, all ${names.length} nodes, cold again`,
    `${ms(again[1] ?? 0)} median`,
    buildRef,
    `≤ 500 ms (a fresh cache, the code compiled; ${again.map(ms).join(', ')})`,
  );
}
// A node's page works its drainable now out afresh (the list's cache keeps trimmed rows): each
// node once more, timed alone, beside the cold figure per node.
{
  const each = names
    .map((node) => time(() => drainableNow({ index, node, now: index.now })).ms)
    .sort((a, b) => a - b);
  const at = (q: number): number =>
    each[Math.min(each.length - 1, Math.floor(q * each.length))] ?? 0;
  row(
    'drainable now, one node afresh (its page)',
    `${ms(at(0.5))} median`,
    `${ms(cold.ms / Math.max(1, names.length))} per node in the cold run`,
    `(p99 ${ms(at(0.99))}, max ${ms(at(1))}, over ${each.length} nodes)`,
  );
}
// One pod of a budget spread over several nodes stops being Ready: its budget's readers change.
const spread = [...index.budgets()].find(
  (b) => b.kind === 'PodDisruptionBudget' && new Set(b.pods.map((p) => p.nodeName)).size > 3,
);
const changed = spread?.pods.find((p) => p.ready);
if (changed) {
  const before = drainable.computations;
  const change = { type: 'upsert' as const, object: { ...changed, ready: false } };
  const update = time(() => {
    applyThrough(drainable, change);
    return drainable.all();
  });
  row(
    'drainable now, after one pod turns unready',
    ms(update.ms),
    buildRef,
    `(${drainable.computations - before} nodes worked out again, budget of ${spread?.pods.length} pods; the first change after the cold run also records which budgets every node read)`,
  );
  // Back as it was, for the forecasts below.
  const back = { type: 'upsert' as const, object: changed };
  applyThrough(drainable, back);
  // As the BFF does after ready: a fresh cache filled 8 nodes at a time (its slices record which
  // budgets each node read), then the same change.
  const filled = drainableCache();
  const fill = time(() => {
    let slices = 1;
    while (!filled.fill(8)) slices++;
    return slices;
  });
  const afterFill = time(() => {
    applyThrough(filled, change);
    return filled.all();
  });
  row(
    'drainable now, filled, then the same change',
    ms(afterFill.ms),
    `${ms(fill.ms)} (the fill, ${fill.value} batches of 8 nodes)`,
    '(the BFF fills its node rows in slices right after ready)',
  );
  applyThrough(filled, back);
  benchNodeRows({ index, change, back, row });
}
const drain = { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true };
const timings = {
  readySecondsByWorkload: readinessFromPods(input.pods),
  defaultReadySeconds: DEFAULT_READY_SECONDS,
  nodeReplaceSeconds: DEFAULT_NODE_REPLACE_SECONDS,
};
const base = (nodes: string[], maxUnavailable = 1, maxSurge = 0): ForecastUpgradeInput => ({
  index,
  nodes,
  strategy: { maxUnavailable, maxSurge },
  drain,
  timings,
  now: NOW,
});
/**
 * The budgets in the way of a full run: those allowing no disruption now, those sharing a pod
 * with another PDB, then whatever each trial forecast of the pool stalls on (at most 40 trials).
 */
const removed = new Set<string>();
for (const ev of index.budgets()) {
  const allowed =
    ev.kind === 'PodDisruptionBudget'
      ? ev.synced.status.disruptionsAllowed
      : ev.synced.status.unavailableAllowed;
  if (allowed <= 0 || ev.kind === 'PodUnavailableBudget') removed.add(refKey(ev.ref));
}
for (const name of names)
  for (const pod of index.podsOnNode(name)) {
    const { pdbs } = index.budgetsForPod(pod);
    if (pdbs.length > 1) for (const b of pdbs) removed.add(refKey(b));
  }
const whole = (i: ForecastUpgradeInput): ForecastUpgradeInput => ({
  ...i,
  overrides: { removedBudgets: removed },
});
let trials = 0;
for (; trials < 40; trials++) {
  // Over the 1,000-node pool: a trial over every node costs tens of seconds.
  const f = forecastUpgrade(whole(base(names.slice(0, POOL))));
  if (!f.stall) break;
  const before = removed.size;
  for (const b of f.stall.budgets) removed.add(refKey(b));
  // A stall no budget explains (kubectl refuses a pod) cannot be removed this way.
  if (removed.size === before) break;
}
console.log(`budgets removed for the full runs: ${removed.size} (after ${trials} trial forecasts)`);

/** Total and per step: a forecast costs a fixed setup (the scheduler's view) plus each step. */
const perStep = (total: number, steps: number): string =>
  `${ms(total)}, ${ms(total / Math.max(1, steps))}/step`;

function forecastRow(what: string, i: ForecastUpgradeInput, reference: string, target: string) {
  const asIs = time(() => forecastUpgrade(i));
  const f = asIs.value;
  row(
    `${what}, as is`,
    perStep(asIs.ms, f.steps.length),
    reference,
    `${target} (${f.verdict}${f.stall ? ` at step ${f.stall.step}` : ''}, ${f.steps.length} steps, #${digest(f)})`,
  );
  const full = time(() => forecastUpgrade(whole(i)));
  const g = full.value;
  row(
    `${what}, blocking budgets removed`,
    perStep(full.ms, g.steps.length),
    reference,
    `${target} (${g.verdict}${g.stall ? ` at step ${g.stall.step}` : ''}, ${g.steps.length} steps, ${g.steps.reduce((n, s) => n + s.evicted.length, 0)} evictions, #${digest(g)})`,
  );
}

const pool = names.slice(0, POOL);
const sample = pool.slice(0, 100);
const drains = time(() => {
  for (const node of sample)
    planDrain({ index, node, now: NOW, options: { ...drain, podSelector: '' } });
});
const drainRef = `${ms((drains.ms * POOL) / sample.length)} (100 drain plans × ${POOL / 100})`;
forecastRow(`${POOL}-node pool, 1 at a time`, base(pool), drainRef, '≤ 5 s');
forecastRow(
  `all ${names.length} nodes, 1 at a time`,
  base(names),
  `${ms(built.ms)} (index build)`,
  '≤ 15 s',
);
forecastRow(`${POOL}-node pool, 10 at a time, surge 10`, base(pool, 10, 10), drainRef, '');
{
  // What the full run of the pool adds to a process's old generation (bench/promoted.ts).
  const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const promoted = await promotedBy(() => forecastUpgrade(whole(base(pool))));
  row(
    `${POOL}-node pool, full run: outlives young gen`,
    mb(promoted.bytes),
    `${mb(indexHeap)} (the index's live heap)`,
    `(sampled; most at ${promoted.sites.map((s) => `${s.site} ${mb(s.bytes)}`).join(', ')})`,
  );
}

const stalled = time(() => forecastUpgrade(base(pool)));
if (stalled.value.stall) {
  const planned = time(() => planFixes(base(pool), stalled.value));
  const { fixes, forecasts } = planned.value;
  const combined = fixes.find((f) => f.parts !== undefined);
  const found = combined
    ? `a combination of ${combined.parts?.length ?? 0} that ${combined.outcome === 'completes' ? 'completes' : 'gets furthest'}${combined.search?.fewestChanges ? ' (fewest)' : ''}`
    : 'no combination';
  const { maxForecasts, maxFurthestForecasts } = COMBINATION_LIMITS;
  row(
    `${POOL}-node pool, fixes for its stall`,
    `${ms(planned.ms)}, ${forecasts} forecasts`,
    `${ms(stalled.ms)} (one forecast, stall at step ${stalled.value.stall.step})`,
    `${fixes.length} fixes, ${found}; search ≤ ${maxForecasts} + ${maxFurthestForecasts} forecasts beyond the ${fixes.length - (combined ? 1 : 0)} single fixes'`,
  );
}

/**
 * A forecast of every node of the index one at a time, with whatever its trial forecasts stall on
 * removed first (at most 40 trials), so the timed run goes over the whole cluster.
 */
function fullRun(of: ClusterIndex, nodes: string[]) {
  const gone = new Set<string>();
  const run: ForecastUpgradeInput = {
    index: of,
    nodes,
    strategy: { maxUnavailable: 1, maxSurge: 0 },
    drain,
    timings,
    now: NOW,
    overrides: { removedBudgets: gone },
  };
  for (let t = 0; t < 40; t++) {
    const f = forecastUpgrade(run);
    const before = gone.size;
    for (const b of f.stall?.budgets ?? []) gone.add(refKey(b));
    if (gone.size === before) break;
  }
  return { removed: gone.size, ...time(() => forecastUpgrade(run)) };
}

const small = clusterViews(
  generateCluster({
    seed: 42,
    nodes: Math.round(NODES / 5),
    pods: Math.round(PODS / 5),
    budgets: Math.round(BUDGETS * 0.03),
  }),
);
const byPdbs = new ClusterIndex({ now: NOW }, small);
const byPubs = new ClusterIndex({ now: NOW }, pubCluster(small, NOW));
const pdbRun = fullRun(byPdbs, byPdbs.nodeNames());
const pubRun = fullRun(byPubs, byPubs.nodeNames());
const largest = Math.max(...[...byPubs.budgets()].map((b) => b.pods.length));
const outcome = (r: typeof pubRun): string =>
  `${r.value.verdict}, ${r.value.steps.length} steps, ${r.value.steps.reduce((n, s) => n + s.evicted.length, 0)} evictions, ${r.removed} removed, #${digest(r.value)}`;
row(
  `${byPubs.nodeNames().length} nodes under ${byPubs.counts().pubs} PUBs, 1 at a time`,
  perStep(pubRun.ms, pubRun.value.steps.length),
  `${perStep(pdbRun.ms, pdbRun.value.steps.length)} (as PDBs: ${outcome(pdbRun)})`,
  `(${outcome(pubRun)}; largest PUB ${largest} pods)`,
);
