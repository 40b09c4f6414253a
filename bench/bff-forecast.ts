// bench:bff, the BFF's resident memory while `POST /api/simulate/upgrade` forecasts a rolling
// upgrade of a pool, as the Upgrade page asks it (one node at a time, kubectl's three permissive
// flags, fixes proposed for a stall). Twice: on the cluster as generated (it stalls at step 1),
// and after the budget edits of bench/pool-edits.ts, planned in this process on the objects the
// simulator serves, are applied to it through its API (as `kubectl patch` would), so that the
// forecast runs through the whole pool.
import { ClusterIndex } from '../packages/shared/src/index/index.js';
import type { BudgetRow, SimulateUpgradeResponse } from '../packages/shared/src/api/index.js';
import {
  DEFAULT_NODE_REPLACE_SECONDS,
  DEFAULT_READY_SECONDS,
  readinessFromPods,
} from '../packages/shared/src/upgrade/index.js';
import { NARROWED_LABEL, poolEdits, type BudgetEdit } from './pool-edits.js';
import { listViews } from './listed-views.js';

/** Resident memory of a process, from /proc (kB). */
export type ResidentOf = (pid: number) => number;

export interface ForecastRun {
  ms: number;
  nodes: number;
  status: number;
  /** Peak resident memory while the request ran (kB), sampled every 10 ms. */
  peak: number;
  samples: number;
  bytes: number;
  body: SimulateUpgradeResponse | undefined;
}

/** The pool: the first `size` node names in name order (as bench:upgrade picks it). */
export function poolOf(names: readonly string[], size: number): string[] {
  return [...names].sort().slice(0, size);
}

export async function forecastMemory(input: {
  url: string;
  nodes: readonly string[];
  pid: number;
  residentOf: ResidentOf;
}): Promise<ForecastRun> {
  const { url, nodes, pid, residentOf } = input;
  let peak = residentOf(pid);
  let samples = 1;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentOf(pid));
    samples++;
  }, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/simulate/upgrade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nodes,
        force: true,
        ignoreDaemonSets: true,
        deleteEmptyDirData: true,
      }),
      signal: AbortSignal.timeout(600_000),
    });
    const text = await res.text();
    const took = performance.now() - started;
    const body = res.ok ? (JSON.parse(text) as SimulateUpgradeResponse) : undefined;
    return {
      ms: took,
      nodes: nodes.length,
      status: res.status,
      peak,
      samples,
      bytes: text.length,
      body,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** `completes, 1000 steps, 29,374 evictions, 31 h forecast; 0 fixes` or the stall. */
export function outcomeOf(run: ForecastRun): string {
  const f = run.body?.forecast;
  if (!f) return `HTTP ${run.status}`;
  const evictions = f.steps.reduce((n, s) => n + s.evicted.length, 0);
  const stall = f.stall ? ` at step ${f.stall.step} (${f.stall.reasons.join(', ')})` : '';
  return `${f.verdict}${stall}, ${f.steps.length} steps, ${evictions} evictions, ${(f.durationSeconds / 3600).toFixed(1)} h forecast, ${run.body?.fixes.length ?? 0} fixes, answer ${(run.bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The edits, worked out in this process on the objects the server serves now (listed as the BFF
 * lists them), checked by in-process forecasts of the pool.
 */
export async function planPoolEdits(input: {
  server: string;
  pool: number;
}): Promise<{ pool: string[]; edits: BudgetEdit[]; trials: number; complete: boolean }> {
  const now = new Date();
  const views = await listViews(input.server);
  const index = new ClusterIndex({ now }, views);
  const pool = poolOf(index.nodeNames(), input.pool);
  const result = poolEdits({
    index,
    nodes: pool,
    strategy: { maxUnavailable: 1, maxSurge: 0 },
    drain: { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true },
    timings: {
      readySecondsByWorkload: readinessFromPods(views.pods),
      defaultReadySeconds: DEFAULT_READY_SECONDS,
      nodeReplaceSeconds: DEFAULT_NODE_REPLACE_SECONDS,
    },
    now,
  });
  return { pool, ...result };
}

function budgetPath(edit: BudgetEdit): string {
  const { kind, namespace, name } = edit.budget;
  const ns = encodeURIComponent(namespace);
  const n = encodeURIComponent(name);
  return kind === 'PodUnavailableBudget'
    ? `/apis/policy.kruise.io/v1alpha1/namespaces/${ns}/podunavailablebudgets/${n}`
    : `/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets/${n}`;
}

/** The merge patch of an edit, as `kubectl patch --type merge` would send it. */
function patchOf(edit: BudgetEdit): unknown {
  return edit.kind === 'open'
    ? { spec: { maxUnavailable: null, minAvailable: 0 } }
    : { spec: { selector: { matchLabels: { [NARROWED_LABEL]: 'true' } } } };
}

/** Applies the edits to the simulator, 16 requests at a time; returns the failures' messages. */
export async function applyEdits(server: string, edits: readonly BudgetEdit[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < edits.length) {
      const edit = edits[next++];
      if (!edit) break;
      const res = await fetch(`${server}${budgetPath(edit)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify(patchOf(edit)),
      });
      const text = await res.text();
      if (!res.ok) failures.push(`${budgetPath(edit)}: ${res.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return failures;
}

function shows(row: BudgetRow, edit: BudgetEdit): boolean {
  return edit.kind === 'open'
    ? row.minAvailable === 0 && row.maxUnavailable === undefined
    : row.selectorText.includes(NARROWED_LABEL);
}

/** Waits until the BFF's budget list shows every edit; the time it took (ms), or NaN. */
export async function waitForEdits(
  url: string,
  edits: readonly BudgetEdit[],
  timeoutMs = 120_000,
): Promise<number> {
  const started = performance.now();
  const key = (r: { kind: string; namespace: string; name: string }) =>
    `${r.kind}/${r.namespace}/${r.name}`;
  while (performance.now() - started < timeoutMs) {
    const res = await fetch(`${url}/api/budgets`);
    const rows = new Map(
      ((await res.json()) as { items: BudgetRow[] }).items.map((r) => [key(r), r]),
    );
    if (
      edits.every((e) => {
        const row = rows.get(key(e.budget));
        return row !== undefined && shows(row, e);
      })
    )
      return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return NaN;
}

/**
 * Edits for what a forecast through the BFF still stalls on (the simulator's controllers may have
 * moved the cluster since it was generated): narrow the budgets of a 500, open the others.
 */
export function editsForStall(
  body: SimulateUpgradeResponse | undefined,
  rows: ReadonlyMap<string, BudgetRow>,
): BudgetEdit[] {
  const edits: BudgetEdit[] = [];
  for (const pod of body?.forecast.stall?.pods ?? [])
    for (const budget of pod.budgets) {
      const row = rows.get(`${budget.kind}/${budget.namespace}/${budget.name}`);
      // Opened already and still in the way: narrowed.
      const opened = row?.minAvailable === 0;
      edits.push(
        pod.reason === 'multiple-budgets' || row === undefined || opened
          ? { kind: 'narrow', budget }
          : { kind: 'open', budget },
      );
    }
  return edits;
}
