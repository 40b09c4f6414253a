// pnpm bench:pods: GET /api/pods and GET /api/search as the BFF answers them (the same view
// functions), on a synthetic cluster (default 150,000 pods, 5,000 nodes, 10,000 budgets). Each
// query's page of 100 is printed beside the reference measured in the same run: the same query
// listing every pod it matches (its rows built and serialised, as an unpaged list would), and the
// bytes of each. The search is printed beside one pass over every pod's name. BENCH_PODS /
// BENCH_NODES / BENCH_BUDGETS shrink it. Figures only; this never fails a build.
import { parseLabelSelectorQuery, type Selector } from '../packages/shared/src/selectors/index.js';
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import { clusterViews, generateCluster } from '../packages/shared/src/synthetic/index.js';
import type { PodListQuery } from '../packages/shared/src/api/index.js';
import { podList } from '../apps/bff/src/views/pod-list.js';
import { search } from '../apps/bff/src/views/search.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const NOW = new Date('2024-05-01T12:05:00Z');
const RUNS = 5;

const ms = (v: number): string => (v < 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(0)} ms`);
const kb = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The best of RUNS runs (the first warms the code up) and what the last one answered. */
function best<T>(run: () => T): { ms: number; value: T } {
  let fastest = Infinity;
  let value = run();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    value = run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { ms: fastest, value };
}

function selector(text: string): Selector {
  const parsed = parseLabelSelectorQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

console.log(`generating ${PODS} pods, ${NODES} nodes, ${BUDGETS} budgets…`);
const views = clusterViews(
  generateCluster({ seed: 1, pods: PODS, nodes: NODES, budgets: BUDGETS }),
);
const index = new ClusterIndex({ now: NOW }, views);
const [somePod] = views.pods;
const team = somePod?.labels['team'] ?? 'x';
const busiest = [...index.nodeNames()].sort(
  (a, b) => index.podsOnNodeWithBudgets(b).length - index.podsOnNodeWithBudgets(a).length,
)[0];

const queries: { name: string; query: PodListQuery; labels?: string }[] = [
  { name: 'every pod, first page', query: {} },
  { name: 'every pod, page at 100,000', query: { offset: Math.floor(PODS * 0.66) } },
  { name: 'several budgets', query: { budgets: 'several' } },
  { name: 'no budget', query: { budgets: 'none' } },
  { name: 'not evictable', query: { evictable: 'no' } },
  {
    name: `labels team=${team}`,
    query: {},
    labels: `team=${team}`,
  },
  {
    name: `one namespace (${somePod?.namespace ?? ''})`,
    query: { namespace: somePod?.namespace ?? '' },
  },
  { name: `one node (${busiest ?? ''})`, query: { node: busiest ?? '' } },
  { name: 'text "-1"', query: { text: '-1' } },
];

console.log(`\nGET /api/pods (a page of 100) beside the same pods listed whole, best of ${RUNS}:`);
for (const { name, query, labels } of queries) {
  const input = {
    index,
    selector: selector(labels ?? ''),
    now: NOW,
    eventId: 'bench',
  };
  const page = best(() => JSON.stringify(podList({ ...input, query: { ...query, limit: 100 } })));
  const total = (JSON.parse(page.value) as { total: number }).total;
  const whole = best(() =>
    JSON.stringify(podList({ ...input, query: { ...query, limit: total } })),
  );
  console.log(
    `  ${name.padEnd(44)} ${String(total).padStart(7)} pods: ${ms(page.ms).padStart(8)} (${kb(page.value.length)})` +
      `  listing them: ${ms(whole.ms).padStart(8)} (${kb(whole.value.length)})`,
  );
}

console.log(
  `\nGET /api/search (8 of each kind) beside one pass over every pod's name, best of ${RUNS}:`,
);
const pass = best(() => {
  let n = 0;
  for (const namespace of index.podNamespaces())
    for (const pod of index.podsInNamespace(namespace)) if (pod.name.includes('zz')) n++;
  return n;
});
for (const q of ['ledger', 'a', `team=${team}`]) {
  const parsed = q.includes('=') ? selector(q) : undefined;
  const answer = best(() =>
    search({
      index,
      budgets: [],
      budgetContext: () => undefined,
      q,
      selector: parsed,
      limit: 8,
      eventId: 'bench',
    }),
  );
  console.log(
    `  q=${q.padEnd(40)} ${String(answer.value.pods.total).padStart(7)} pods: ${ms(answer.ms).padStart(8)}  one pass over the names: ${ms(pass.ms)}`,
  );
}
