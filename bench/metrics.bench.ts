// GET /metrics and the budget history at 10,000 budgets (run with `pnpm bench:metrics`;
// BENCH_PODS / BENCH_NODES / BENCH_BUDGETS change the cluster). Prints, in one run:
//   - the scrape: the time to render the whole exposition (per-budget families, cluster-wide
//     counts from a real analysis, health, process metrics) and its size, beside the same-run
//     reference of serialising GET /api/budgets' answer for the same rows;
//   - the history's memory: 10,000 budgets with one point each (a quiet day), and with every
//     budget changing all day long until the bound holds (the worst case), measured as the heap
//     grown after a full GC, beside the published rows' own heap as the reference.
// Figures only; this never fails a build.
import { compareBudgetRows } from '../packages/shared/src/api/index.js';
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import { clusterViews, generateCluster } from '../packages/shared/src/synthetic/index.js';
import { analyze } from '../apps/bff/src/store/analysis.js';
import { budgetRow } from '../apps/bff/src/views/rows.js';
import { createBffMetrics } from '../apps/bff/src/metrics/bff-metrics.js';
import { BudgetHistory } from '../apps/bff/src/history/budget-history.js';
import { ManualClock } from '../packages/sim/src/store/clock.js';
import type { BudgetRow } from '../packages/shared/src/api/index.js';

const pods = Number(process.env.BENCH_PODS ?? 30_000);
const nodes = Number(process.env.BENCH_NODES ?? 1_000);
const budgets = Number(process.env.BENCH_BUDGETS ?? 10_000);
const now = new Date('2024-05-01T12:05:00Z');

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (pnpm bench:metrics does)');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const views = clusterViews(generateCluster({ seed: 1, pods, nodes, budgets }));
const index = new ClusterIndex({ now }, views);
const namespaces = [...new Set(views.pods.map((p) => p.namespace))];
const analysis = analyze({ index, namespaces, now });
const buildRows = () => {
  const out = new Map<string, BudgetRow>();
  for (const e of index.budgets())
    out.set(`${e.ref.kind}/${e.ref.namespace}/${e.ref.name}`, budgetRow(e, analysis.marks));
  return out;
};
const rows = buildRows();
// The reference: what a second copy of the published rows costs (the first is measured alike).
const heapBeforeRows = heap();
const rowsAgain = buildRows();
const rowsHeap = heap() - heapBeforeRows;
console.log(
  `cluster: ${pods} pods, ${nodes} nodes, ${rows.size} budgets, ${analysis.findings.length} findings`,
);

const metrics = createBffMetrics({
  rows: () => rows.values(),
  analysis: () => analysis,
  sources: () => [],
  ready: () => true,
  sseClients: () => 0,
  analysisMs: () => analysis.tookMs,
  clock: new ManualClock(now),
});

async function scrapes(): Promise<void> {
  for (let run = 1; run <= 5; run++) {
    const t0 = performance.now();
    const text = await metrics.exposition.metrics();
    const scrapeMs = performance.now() - t0;
    const t1 = performance.now();
    const json = JSON.stringify({ items: [...rows.values()].sort(compareBudgetRows) });
    const jsonMs = performance.now() - t1;
    console.log(
      `run ${run}: GET /metrics rendered in ${scrapeMs.toFixed(1)} ms, ${(text.length / 1024).toFixed(0)} kB (${text.split('\n').length} lines) | reference, GET /api/budgets serialised: ${jsonMs.toFixed(1)} ms, ${(json.length / 1024).toFixed(0)} kB`,
    );
  }
}

function historyMemory(): void {
  const rowList = [...rows.values()];
  const base = heap();
  const quiet = new BudgetHistory();
  for (const row of rowList) quiet.record(row, now.getTime());
  const quietHeap = heap() - base;
  console.log(
    `history, a quiet day (one point per budget): ${quiet.points} points, ${mb(quietHeap)} | reference, the published rows: ${mb(rowsHeap)}`,
  );
  const busy = new BudgetHistory();
  const start = now.getTime() - 24 * 3600_000;
  // Every budget changes every minute for 24 h, a pod mark each time: far past every bound.
  for (let minute = 0; minute < 24 * 60; minute += 1) {
    const at = start + minute * 60_000;
    for (const row of rowList) {
      const flapped =
        row.kind === 'PodDisruptionBudget'
          ? { ...row, currentHealthy: row.currentHealthy + (minute % 2) }
          : { ...row, currentAvailable: row.currentAvailable + (minute % 2) };
      busy.record(flapped, at);
      if (minute % 10 === 0)
        busy.mark(row, { at, type: 'unready', pod: `${row.name}-pod-${minute % 3}` });
    }
  }
  busy.prune(now.getTime());
  const busyHeap = heap() - base - quietHeap;
  console.log(
    `history, worst case (every budget flapping every minute for 24 h, a mark every 10 min): ${busy.points} points and ${busy.marks} marks, ${mb(busyHeap)} (bounds: 200,000 points over all budgets but at least 32 each; 100,000 marks but at least 8 each)`,
  );
  // Keep them alive until measured.
  if (quiet.budgets + busy.budgets + rowsAgain.size < 0) console.log('unreachable');
}

await scrapes();
historyMemory();
