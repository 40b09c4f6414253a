// The nodes list's rows as the BFF keeps them (drainable now and Cluster Autoscaler's answer, in
// a NodeCache), cold and after one change, beside drainable now alone in the same run: what the
// "blocked for" column costs.
import {
  NodeCache,
  type ClusterIndex,
  type ObjectChange,
} from '../packages/shared/src/index/index.js';
import { drainableNow } from '../packages/shared/src/eviction/index.js';
import { nodeRowCache } from '../apps/bff/src/views/nodes.js';

const ms = (v: number): string => (v < 10 ? `${v.toFixed(3)} ms` : `${v.toFixed(0)} ms`);

function time<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

/** Prints each figure with its reference; `change` is undone before it returns. */
export function benchNodeRows(input: {
  index: ClusterIndex;
  change: ObjectChange | undefined;
  back: ObjectChange | undefined;
  row: (what: string, figure: string, reference: string, target: string) => void;
}): void {
  const { index, row } = input;
  const apply = (caches: NodeCache<unknown>[], change: ObjectChange) => {
    for (const c of caches) c.before(change);
    const deltas = index.apply(change);
    for (const c of caches) c.after(change, deltas);
  };
  const drainOnly = new NodeCache({
    index,
    compute: (node) => drainableNow({ index, node, now: index.now }),
  });
  const rows = nodeRowCache(index);
  const drainCold = time(() => drainOnly.all());
  const rowsCold = time(() => rows.all());
  const blocked = [...rowsCold.value.values()].filter((r) =>
    r.blockedFor.includes('cluster-autoscaler'),
  ).length;
  row(
    `node rows with CA's answer, ${rowsCold.value.size} nodes, cold`,
    ms(rowsCold.ms),
    `${ms(drainCold.ms)} (drainable now alone, cold)`,
    `≤ 1 s (${blocked} blocked for Cluster Autoscaler)`,
  );
  if (!input.change || !input.back) return;
  const change = input.change;
  const after = time(() => {
    apply([drainOnly as NodeCache<unknown>, rows as NodeCache<unknown>], change);
    const a = time(() => drainOnly.all());
    const b = time(() => rows.all());
    return { drain: a.ms, rows: b.ms };
  });
  row(
    "node rows with CA's answer, after one change",
    ms(after.value.rows),
    `${ms(after.value.drain)} (drainable now alone)`,
    "(CA's cluster context is made again once: every PDB and workload read)",
  );
  apply([drainOnly as NodeCache<unknown>, rows as NodeCache<unknown>], input.back);
}
