import type { Clock } from '@pdbscope/shared/clock';
import type { BudgetHistoryResponse, BudgetRef, HistoryPoint } from '@pdbscope/shared/api';
import type { HistoryReader } from '../model.js';
import { prometheusClient, type RangeSeries } from '../prometheus/client.js';
import { promString } from '../prometheus/promql.js';

export interface PrometheusHistoryOptions {
  /** Prometheus' base URL (--prometheus), e.g. `http://prometheus.monitoring:9090`. */
  url: string;
  /** The history in memory: its marks are added, and it answers alone when Prometheus cannot. */
  memory: { read(ref: BudgetRef): BudgetHistoryResponse | undefined };
  clock: Clock;
  /** How far back the range queries reach (default 7 days). */
  rangeMs?: number;
  /** Per request (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * PromQL for one number of the budget: pdbscope's own series, or kube-state-metrics' for a PDB
 * when pdbscope was not scraped then (`or` takes the right side only where the left has none).
 */
function queryOf(ref: BudgetRef, ours: string, ksm: string): string {
  const mine = `max(${ours}{kind=${promString(ref.kind)},namespace=${promString(ref.namespace)},name=${promString(ref.name)}})`;
  if (ref.kind !== 'PodDisruptionBudget') return mine;
  return `${mine} or max(${ksm}{namespace=${promString(ref.namespace)},poddisruptionbudget=${promString(ref.name)}})`;
}

const SERIES = [
  [
    'pdbscope_budget_disruptions_allowed',
    'kube_poddisruptionbudget_status_pod_disruptions_allowed',
  ],
  ['pdbscope_budget_current_healthy_pods', 'kube_poddisruptionbudget_status_current_healthy'],
  ['pdbscope_budget_desired_healthy_pods', 'kube_poddisruptionbudget_status_desired_healthy'],
] as const;

/** Three aligned series as change points: a point where any of the numbers moves. */
function changePoints(matrices: readonly RangeSeries[][]): HistoryPoint[] {
  const byTime = new Map<number, [number?, number?, number?]>();
  matrices.forEach((matrix, i) => {
    for (const { values } of matrix)
      for (const { at: t, value } of values) {
        const at = byTime.get(t) ?? [];
        at[i] = value;
        byTime.set(t, at);
      }
  });
  const points: HistoryPoint[] = [];
  let last: [number, number, number] | undefined;
  for (const t of [...byTime.keys()].sort((a, b) => a - b)) {
    const [a, c, d] = byTime.get(t) as [number?, number?, number?];
    const next: [number, number, number] = [
      a ?? last?.[0] ?? 0,
      c ?? last?.[1] ?? 0,
      d ?? last?.[2] ?? 0,
    ];
    if (last && next.every((v, i) => v === last?.[i])) continue;
    last = next;
    points.push({
      at: new Date(t).toISOString(),
      disruptionsAllowed: next[0],
      currentHealthy: next[1],
      desiredHealthy: next[2],
    });
  }
  return points;
}

/**
 * Prometheus' points up to the memory's first, then the memory's: every change this BFF saw
 * exactly, and the days before at the range's resolution.
 */
function withRecent(older: HistoryPoint[], recent: readonly HistoryPoint[]): HistoryPoint[] {
  const first = recent[0]?.at;
  const out = first === undefined ? older : older.filter((p) => p.at < first);
  for (const p of recent) {
    const last = out.at(-1);
    if (
      last?.disruptionsAllowed === p.disruptionsAllowed &&
      last.currentHealthy === p.currentHealthy &&
      last.desiredHealthy === p.desiredHealthy
    )
      continue;
    out.push(p);
  }
  return out;
}

/**
 * The budget's history from Prometheus' range queries over days (--prometheus), with the marks
 * of the history in memory (Prometheus has no evictions). When Prometheus cannot be read, or has
 * no series of the budget, the memory's answer comes back with `prometheusError` saying why.
 */
export function prometheusHistoryReader(options: PrometheusHistoryOptions): HistoryReader {
  const rangeMs = options.rangeMs ?? 7 * 86_400_000;
  const client = prometheusClient({
    url: options.url,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    budgetHistory: async (ref) => {
      const memory = options.memory.read(ref);
      if (!memory) return undefined;
      const end = options.clock.now().getTime();
      // About 1,000 steps over the range (whole seconds), ending at `end` exactly.
      const step = Math.max(1000, Math.ceil(rangeMs / 1000 / 1000) * 1000);
      const start = end - Math.ceil(rangeMs / step) * step;
      try {
        const matrices = await Promise.all(
          SERIES.map(async ([ours, ksm]) => {
            const answer = await client.range(queryOf(ref, ours, ksm), {
              start,
              end,
              stepMs: step,
            });
            return answer.result;
          }),
        );
        const points = withRecent(changePoints(matrices), memory.points);
        if (points.length === memory.points.length)
          return {
            ...memory,
            prometheusError: `Prometheus at ${options.url} has no series of this budget (is pdbscope or kube-state-metrics scraped?)`,
          };
        return {
          ...memory,
          source: 'prometheus',
          from: new Date(start).toISOString(),
          points,
          truncated: false,
        };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        return {
          ...memory,
          prometheusError: `Prometheus at ${options.url} could not be read (${reason})`,
        };
      }
    },
  };
}
