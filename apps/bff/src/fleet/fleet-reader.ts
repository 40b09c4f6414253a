import type { Clock } from '@pdbscope/shared/clock';
import type { FleetBudgetsResponse, FleetResponse } from '@pdbscope/shared/api';
import { prometheusClient } from '../prometheus/client.js';
import { fleetBudgetsAnswer } from './budgets-answer.js';
import { fleetAnswer, type FleetAnswers, type InstantName } from './fleet-answer.js';
import { settle } from './outcome.js';
import { fleetBudgetQueries, fleetQueries, type BudgetFigure } from './queries.js';

export interface FleetOptions {
  /** The Prometheus (or Thanos/Mimir/Cortex query layer) over every cluster (--fleet-prometheus). */
  prometheus: string;
  /** The label naming each cluster (--fleet-label, default `cluster`). */
  label?: string;
  /** Cluster → its pdbscope's URL (--fleet-links). */
  links?: ReadonlyMap<string, string>;
  clock: Clock;
  /** How long after its last scrape a cluster is still listed (default 1 day). */
  lookbackMs?: number;
  /** The blocking-budgets sparkline's range (default 1 day) and step (default 10 minutes). */
  historyMs?: number;
  historyStepMs?: number;
  /** Per query (default 10 s). */
  timeoutMs?: number;
  /**
   * An answer this young (default 2 s), or one under way, is shared: however many pages are
   * open, Prometheus gets at most one round of the fleet's queries in that time.
   */
  reuseMs?: number;
  fetch?: typeof fetch;
}

/** What the fleet routes answer from. */
export interface FleetReader {
  fleet(): Promise<FleetResponse>;
  budgets(cluster: string): Promise<FleetBudgetsResponse>;
}

export const DEFAULT_FLEET_LABEL = 'cluster';

/**
 * The fleet view read from Prometheus: every query at once, each failure or warning kept as
 * data beside the figures it would have given.
 */
export function fleetReader(options: FleetOptions): FleetReader {
  const label = options.label ?? DEFAULT_FLEET_LABEL;
  const lookbackMs = options.lookbackMs ?? 86_400_000;
  const historyMs = options.historyMs ?? 86_400_000;
  const stepMs = options.historyStepMs ?? 600_000;
  const links = options.links ?? new Map<string, string>();
  const queries = fleetQueries({ label, lookbackMs });
  const client = prometheusClient({
    url: options.prometheus,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const reuseMs = options.reuseMs ?? 2000;
  let last: { at: number; answer: Promise<FleetResponse> } | undefined;
  const ask = async (): Promise<FleetResponse> => {
    const at = options.clock.now();
    const end = at.getTime();
    const history = { start: end - historyMs, end, stepMs };
    const names = Object.keys(queries.instant) as InstantName[];
    const [instant, blockingHistory] = await Promise.all([
      Promise.all(
        names.map((name) => settle(() => client.instant(queries.instant[name].promql, at))),
      ),
      settle(() => client.range(queries.blockingHistory.promql, history)),
    ]);
    const answers: FleetAnswers = {
      instant: Object.fromEntries(
        names.map((name, i) => [name, instant[i]]),
      ) as FleetAnswers['instant'],
      blockingHistory,
    };
    return fleetAnswer({
      queries,
      answers,
      label,
      prometheus: options.prometheus,
      links,
      at,
      lookbackMs,
      history,
    });
  };
  return {
    fleet: () => {
      const now = options.clock.now().getTime();
      if (last === undefined || now - last.at >= reuseMs) last = { at: now, answer: ask() };
      return last.answer;
    },
    budgets: async (cluster) => {
      const at = options.clock.now();
      const budgetQueries = fleetBudgetQueries({ label, cluster });
      const figures = Object.keys(budgetQueries) as BudgetFigure[];
      const outcomes = await Promise.all(
        figures.map((figure) => settle(() => client.instant(budgetQueries[figure].promql, at))),
      );
      return fleetBudgetsAnswer({
        cluster,
        prometheus: options.prometheus,
        at,
        queries: budgetQueries,
        answers: Object.fromEntries(figures.map((f, i) => [f, outcomes[i]])) as Parameters<
          typeof fleetBudgetsAnswer
        >[0]['answers'],
      });
    },
  };
}
