import {
  compareFleetClusters,
  type FleetCluster,
  type FleetFindingCount,
  type FleetNodeCount,
  type FleetResponse,
} from '@pdbscope/shared/api';
import type { InstantSample, RangeSeries } from '../prometheus/client.js';
import { reportOf, type Outcome } from './outcome.js';
import { promDuration, type FleetInstantQueries, type FleetQueries } from './queries.js';

export type InstantName = keyof FleetInstantQueries;

export interface FleetAnswers {
  instant: Record<InstantName, Outcome<InstantSample[]>>;
  blockingHistory: Outcome<RangeSeries[]>;
}

export interface FleetAnswerInput {
  queries: FleetQueries;
  answers: FleetAnswers;
  /** The fleet label (--fleet-label). */
  label: string;
  prometheus: string;
  /** Cluster → its pdbscope's URL (--fleet-links); these clusters are listed even if never seen. */
  links: ReadonlyMap<string, string>;
  /** When the instant queries were evaluated. */
  at: Date;
  lookbackMs: number;
  history: { start: number; end: number; stepMs: number };
}

const NODE_STATES = ['drainable', 'refused', 'stuck', 'unknown'];
const SEVERITIES = ['error', 'warning', 'info'];

/** Samples by the cluster they name (`""` for series without the label). */
function byCluster<T extends { metric: Record<string, string> }>(
  outcome: Outcome<T[]>,
  label: string,
): Map<string, T[]> {
  const map = new Map<string, T[]>();
  if (!outcome.ok) return map;
  for (const sample of outcome.result) {
    const cluster = sample.metric[label] ?? '';
    const list = map.get(cluster);
    if (list) list.push(sample);
    else map.set(cluster, [sample]);
  }
  return map;
}

const finite = (v: number | undefined): number | undefined =>
  v !== undefined && Number.isFinite(v) ? v : undefined;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Ranks by a list, unknown values last in their own order. */
const rankIn = (list: readonly string[], value: string) => {
  const i = list.indexOf(value);
  return i === -1 ? list.length : i;
};

function nodeCounts(samples: readonly InstantSample[]): FleetNodeCount[] {
  return samples
    .filter((s) => finite(s.value) !== undefined)
    .map((s) => {
      const actor = s.metric['actor'];
      return {
        drainableNow: s.metric['drainable_now'] ?? '',
        ...(actor !== undefined && actor !== '' ? { actor } : {}),
        nodes: s.value,
      };
    })
    .sort(
      (a, b) =>
        (a.actor ?? '').localeCompare(b.actor ?? '') ||
        rankIn(NODE_STATES, a.drainableNow) - rankIn(NODE_STATES, b.drainableNow) ||
        a.drainableNow.localeCompare(b.drainableNow),
    );
}

function findingCounts(samples: readonly InstantSample[]): FleetFindingCount[] {
  return samples
    .filter((s) => finite(s.value) !== undefined)
    .map((s) => ({ severity: s.metric['severity'] ?? '', findings: s.value }))
    .sort((a, b) => rankIn(SEVERITIES, a.severity) - rankIn(SEVERITIES, b.severity));
}

/**
 * GET /api/fleet's answer from what Prometheus answered, nothing else: a cluster is listed when
 * it was scraped within the look-back, is present now, or has a link; its status is read from
 * `pdbscope_ready` now and `up` of its targets. A figure is `null` when its query failed or has
 * no sample of the cluster, except that a synced pdbscope exporting no per-budget series has 0
 * budgets (the exporter writes one series per budget), and no finding series once its analysis
 * has run (pods without a budget is there) means no finding. Pure.
 */
export function fleetAnswer(input: FleetAnswerInput): FleetResponse {
  const { answers, label, links, at } = input;
  const a = answers.instant;
  const groups = Object.fromEntries(
    (Object.keys(a) as InstantName[]).map((name) => [name, byCluster(a[name], label)]),
  ) as Record<InstantName, Map<string, InstantSample[]>>;
  const one = (name: InstantName, cluster: string) => finite(groups[name].get(cluster)?.[0]?.value);
  /** A figure: the sample, or 0 where `zero` says none means zero, or null. */
  const figure = (name: InstantName, cluster: string, zero = false): number | null => {
    if (!a[name].ok) return null;
    return one(name, cluster) ?? (zero ? 0 : null);
  };
  const history = byCluster(answers.blockingHistory, label);
  const lookback = promDuration(input.lookbackMs);

  const names = new Set<string>([
    ...groups.seen.keys(),
    ...groups.ready.keys(),
    ...groups.targets.keys(),
    ...links.keys(),
  ]);
  const clusters = [...names].map((cluster): FleetCluster => {
    const ready = one('ready', cluster);
    const present = ready !== undefined;
    const up = present && ready >= 1;
    const scrapedAt = present ? one('scraped', cluster) : one('lastSeen', cluster);
    const status = !a.ready.ok ? 'unknown' : up ? 'up' : present ? 'syncing' : 'absent';
    const reason = (() => {
      if (!a.ready.ok) return `Prometheus did not answer whether it is scraped: ${a.ready.message}`;
      if (up) return 'pdbscope_ready is 1: scraped now, synced';
      if (present) return 'pdbscope_ready is 0: scraped now, its first sync has not finished';
      if (one('targets', cluster) === 0)
        return 'its scrape target fails (up is 0): no pdbscope_ready sample now';
      if (groups.seen.has(cluster))
        return `no pdbscope_ready sample now; seen within the last ${lookback}`;
      return `listed in --fleet-links; no pdbscope_ready sample within the last ${lookback}`;
    })();
    const linked = links.get(cluster);
    const published = (groups.info.get(cluster) ?? [])
      .map((s) => s.metric['pdbscope_url'] ?? '')
      .filter((u) => u !== '')
      .sort()[0];
    const analysed = up && figure('podsWithoutBudget', cluster) !== null;
    const nodes = up ? nodeCounts(groups.nodes.get(cluster) ?? []) : [];
    const findings = up ? findingCounts(groups.findings.get(cluster) ?? []) : [];
    const since = up ? one('blockingSince', cluster) : undefined;
    return {
      cluster,
      status,
      reason,
      lastScrapeAt: scrapedAt === undefined ? null : iso(scrapedAt),
      lastScrapeAgeSeconds:
        scrapedAt === undefined ? null : Math.round((at.getTime() / 1000 - scrapedAt) * 10) / 10,
      url: linked ?? published ?? null,
      urlFrom: linked !== undefined ? 'links' : published !== undefined ? 'pdbscope_info' : null,
      budgets: up ? figure('budgets', cluster, true) : null,
      blocking: up ? figure('blocking', cluster, true) : null,
      blockingSince: since === undefined ? null : iso(since),
      overlappingBudgets: up ? figure('overlappingBudgets', cluster) : null,
      podsWithMultipleBudgets: up ? figure('podsWithMultipleBudgets', cluster) : null,
      podsWithoutBudget: up ? figure('podsWithoutBudget', cluster) : null,
      nodes: nodes.length > 0 ? nodes : null,
      findings: findings.length > 0 || (analysed && a.findings.ok) ? findings : null,
      blockingHistory: (history.get(cluster) ?? [])
        .flatMap((series) => series.values)
        .filter((p) => Number.isFinite(p.value))
        .sort((x, y) => x.at - y.at)
        .map((p) => ({ at: new Date(p.at).toISOString(), value: p.value })),
    };
  });

  const asked = [
    ...(Object.keys(a) as InstantName[]).map((name) => ({
      query: input.queries.instant[name],
      outcome: a[name],
    })),
    { query: input.queries.blockingHistory, outcome: answers.blockingHistory },
  ];
  return {
    prometheus: input.prometheus,
    at: at.toISOString(),
    ...reportOf(asked),
    label,
    lookback,
    history: {
      from: new Date(input.history.start).toISOString(),
      to: new Date(input.history.end).toISOString(),
      stepSeconds: input.history.stepMs / 1000,
    },
    clusters: clusters.sort(compareFleetClusters),
  };
}
