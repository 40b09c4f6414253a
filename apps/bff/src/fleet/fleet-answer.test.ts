import type { FleetCluster } from '@pdbscope/shared/api';
import { describe, expect, it } from 'vitest';
import type { InstantSample } from '../prometheus/client.js';
import { fleetAnswer, type FleetAnswers, type InstantName } from './fleet-answer.js';
import type { Outcome } from './outcome.js';
import { fleetQueries } from './queries.js';

const AT = new Date('2026-11-21T19:40:00Z');
const T = AT.getTime() / 1000;
const DAY = 86_400_000;
const queries = fleetQueries({ label: 'cluster', lookbackMs: DAY });

const ok = <T>(result: T, warnings: string[] = []): Outcome<T> => ({ ok: true, result, warnings });
/** One sample per cluster: `[cluster, value]` pairs, or with more labels. */
const per = (...rows: [string, number, Record<string, string>?][]): Outcome<InstantSample[]> =>
  ok(rows.map(([cluster, value, more]) => ({ metric: { cluster, ...more }, value })));

/** What a Prometheus scraping five clusters answers: eu-1 and us-1 up, ca-1 syncing, ap-1 gone. */
function answers(overrides: Partial<FleetAnswers['instant']> = {}): FleetAnswers {
  const instant: Record<InstantName, Outcome<InstantSample[]>> = {
    seen: per(['eu-1', 1], ['us-1', 1], ['ap-1', 1], ['ca-1', 0]),
    ready: per(['eu-1', 1], ['us-1', 1], ['ca-1', 0]),
    scraped: per(['eu-1', T - 2], ['us-1', T - 0.5], ['ca-1', T - 1]),
    lastSeen: per(['eu-1', T - 60], ['us-1', T - 60], ['ap-1', T - 300]),
    targets: per(['eu-1', 1], ['us-1', 1], ['ap-1', 0], ['ca-1', 1]),
    info: per(['us-1', 1, { pdbscope_url: 'https://pdbscope.us-1.example.com/' }], ['eu-1', 1]),
    budgets: per(['eu-1', 23]),
    blocking: per(['eu-1', 12]),
    blockingSince: per(['eu-1', T - 3600]),
    overlappingBudgets: per(['eu-1', 7], ['us-1', 0]),
    podsWithMultipleBudgets: per(['eu-1', 6], ['us-1', 0]),
    podsWithoutBudget: per(['eu-1', 1], ['us-1', 0]),
    nodes: per(
      ['eu-1', 7, { drainable_now: 'stuck', actor: 'kubectl-drain' }],
      ['eu-1', 7, { drainable_now: 'drainable', actor: 'kubectl-drain' }],
      ['eu-1', 3, { drainable_now: 'stuck', actor: 'karpenter' }],
      ['eu-1', 11, { drainable_now: 'drainable', actor: 'karpenter' }],
      ['us-1', 1, { drainable_now: 'refused' }],
      ['us-1', 4, { drainable_now: 'drainable' }],
    ),
    findings: per(['eu-1', 7, { severity: 'warning' }], ['eu-1', 3, { severity: 'error' }]),
    ...overrides,
  };
  return {
    instant,
    blockingHistory: ok([
      {
        metric: { cluster: 'eu-1' },
        values: [
          { at: (T - 600) * 1000, value: 12 },
          { at: (T - 1200) * 1000, value: 10 },
        ],
      },
    ]),
  };
}

function answer(input: { answers: FleetAnswers; links?: [string, string][] }) {
  return fleetAnswer({
    queries,
    answers: input.answers,
    label: 'cluster',
    prometheus: 'http://thanos-query:9090',
    links: new Map(input.links ?? [['sa-1', 'https://pdbscope.sa-1.example.com/']]),
    at: AT,
    lookbackMs: DAY,
    history: { start: AT.getTime() - DAY, end: AT.getTime(), stepMs: 600_000 },
  });
}

const nothing = {
  lastScrapeAt: null,
  lastScrapeAgeSeconds: null,
  url: null,
  urlFrom: null,
  budgets: null,
  blocking: null,
  blockingSince: null,
  overlappingBudgets: null,
  podsWithMultipleBudgets: null,
  podsWithoutBudget: null,
  nodes: null,
  findings: null,
  blockingHistory: [],
} satisfies Partial<FleetCluster>;

describe('fleetAnswer', () => {
  it('lists every cluster seen, present or linked, the unwatched first, with its figures', () => {
    const fleet = answer({ answers: answers() });
    expect(fleet).toStrictEqual({
      prometheus: 'http://thanos-query:9090',
      at: '2026-11-21T19:40:00.000Z',
      errors: [],
      warnings: [],
      label: 'cluster',
      lookback: '1d',
      history: {
        from: '2026-11-20T19:40:00.000Z',
        to: '2026-11-21T19:40:00.000Z',
        stepSeconds: 600,
      },
      clusters: [
        {
          ...nothing,
          cluster: 'ap-1',
          status: 'absent',
          reason: 'its scrape target fails (up is 0): no pdbscope_ready sample now',
          lastScrapeAt: '2026-11-21T19:35:00.000Z',
          lastScrapeAgeSeconds: 300,
        },
        {
          ...nothing,
          cluster: 'sa-1',
          status: 'absent',
          reason: 'listed in --fleet-links; no pdbscope_ready sample within the last 1d',
          url: 'https://pdbscope.sa-1.example.com/',
          urlFrom: 'links',
        },
        {
          ...nothing,
          cluster: 'ca-1',
          status: 'syncing',
          reason: 'pdbscope_ready is 0: scraped now, its first sync has not finished',
          lastScrapeAt: '2026-11-21T19:39:59.000Z',
          lastScrapeAgeSeconds: 1,
        },
        {
          cluster: 'eu-1',
          status: 'up',
          reason: 'pdbscope_ready is 1: scraped now, synced',
          lastScrapeAt: '2026-11-21T19:39:58.000Z',
          lastScrapeAgeSeconds: 2,
          url: null,
          urlFrom: null,
          budgets: 23,
          blocking: 12,
          blockingSince: '2026-11-21T18:40:00.000Z',
          overlappingBudgets: 7,
          podsWithMultipleBudgets: 6,
          podsWithoutBudget: 1,
          nodes: [
            { drainableNow: 'drainable', actor: 'karpenter', nodes: 11 },
            { drainableNow: 'stuck', actor: 'karpenter', nodes: 3 },
            { drainableNow: 'drainable', actor: 'kubectl-drain', nodes: 7 },
            { drainableNow: 'stuck', actor: 'kubectl-drain', nodes: 7 },
          ],
          findings: [
            { severity: 'error', findings: 3 },
            { severity: 'warning', findings: 7 },
          ],
          blockingHistory: [
            { at: '2026-11-21T19:20:00.000Z', value: 10 },
            { at: '2026-11-21T19:30:00.000Z', value: 12 },
          ],
        },
        {
          // Synced, analysed, and no per-budget or finding series: none, not unknown.
          cluster: 'us-1',
          status: 'up',
          reason: 'pdbscope_ready is 1: scraped now, synced',
          lastScrapeAt: '2026-11-21T19:39:59.500Z',
          lastScrapeAgeSeconds: 0.5,
          url: 'https://pdbscope.us-1.example.com/',
          urlFrom: 'pdbscope_info',
          budgets: 0,
          blocking: 0,
          blockingSince: null,
          overlappingBudgets: 0,
          podsWithMultipleBudgets: 0,
          podsWithoutBudget: 0,
          nodes: [
            { drainableNow: 'drainable', nodes: 4 },
            { drainableNow: 'refused', nodes: 1 },
          ],
          findings: [],
          blockingHistory: [],
        },
      ],
    });
  });

  it('leaves the figures of a query that failed empty and says why; keeps warnings', () => {
    const fleet = answer({
      answers: answers({
        findings: { ok: false, kind: 'timeout', message: 'HTTP 503: query timed out' },
        budgets: ok(
          [{ metric: { cluster: 'eu-1' }, value: 23 }],
          ['partial response: store 10.0.0.7:10901 unavailable'],
        ),
        blocking: { ok: false, kind: 'error', message: 'HTTP 422: many-to-many matching' },
      }),
    });
    const eu = fleet.clusters.find((c) => c.cluster === 'eu-1');
    const us = fleet.clusters.find((c) => c.cluster === 'us-1');
    expect({
      errors: fleet.errors,
      warnings: fleet.warnings,
      eu: [eu?.budgets, eu?.blocking, eu?.findings],
      us: [us?.budgets, us?.blocking, us?.findings],
    }).toStrictEqual({
      errors: [
        {
          query: 'blocking budgets',
          promql: queries.instant.blocking.promql,
          kind: 'error',
          message: 'HTTP 422: many-to-many matching',
        },
        {
          query: 'findings',
          promql: queries.instant.findings.promql,
          kind: 'timeout',
          message: 'HTTP 503: query timed out',
        },
      ],
      warnings: [
        {
          query: 'budgets',
          promql: queries.instant.budgets.promql,
          message: 'partial response: store 10.0.0.7:10901 unavailable',
        },
      ],
      eu: [23, null, null],
      us: [0, null, null],
    });
  });

  it('says nothing of presence when Prometheus cannot be reached: linked clusters are unknown', () => {
    const down: Outcome<never> = {
      ok: false,
      kind: 'unreachable',
      message: 'fetch failed: getaddrinfo ENOTFOUND thanos-query',
    };
    const instant = Object.fromEntries(
      Object.keys(queries.instant).map((name) => [name, down]),
    ) as FleetAnswers['instant'];
    const fleet = answer({ answers: { instant, blockingHistory: down } });
    expect({
      clusters: fleet.clusters,
      errors: fleet.errors.map((e) => [e.query, e.kind]),
    }).toStrictEqual({
      clusters: [
        {
          ...nothing,
          cluster: 'sa-1',
          status: 'unknown',
          reason:
            'Prometheus did not answer whether it is scraped: fetch failed: getaddrinfo ENOTFOUND thanos-query',
          url: 'https://pdbscope.sa-1.example.com/',
          urlFrom: 'links',
        },
      ],
      errors: [...Object.values(queries.instant), queries.blockingHistory].map((q) => [
        q.name,
        'unreachable',
      ]),
    });
  });

  it('names the clusters of series without the label ""', () => {
    const fleet = answer({
      answers: answers({ seen: ok([{ metric: {}, value: 1 }]), ready: ok([]), targets: ok([]) }),
      links: [],
    });
    expect(fleet.clusters.map((c) => [c.cluster, c.status])).toStrictEqual([['', 'absent']]);
  });
});
