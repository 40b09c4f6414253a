import { ManualClock } from '@pdbscope/sim/clock';
import { describe, expect, it } from 'vitest';
import { fleetReader } from './fleet-reader.js';
import { fleetQueries } from './queries.js';

const queries = fleetQueries({ label: 'cluster', lookbackMs: 86_400_000 });

/**
 * A Prometheus answering each query by its text: one cluster up with 4 budgets, a warning on the
 * budget count (a partial response), a timeout on the findings; every question kept.
 */
function fakePrometheus() {
  const asked: string[] = [];
  const vector = (value: number, warnings?: string[]) => ({
    status: 'success',
    ...(warnings ? { warnings } : {}),
    data: {
      resultType: 'vector',
      result: [{ metric: { cluster: 'eu-1' }, value: [0, String(value)] }],
    },
  });
  const fetch = ((url: URL) => {
    const query = url.searchParams.get('query') ?? '';
    asked.push(`${url.pathname} ${query}`);
    const answer = (status: number, body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url.pathname === '/api/v1/query_range')
      return answer(200, {
        status: 'success',
        data: {
          resultType: 'matrix',
          result: [{ metric: { cluster: 'eu-1' }, values: [[1795290000, '1']] }],
        },
      });
    if (query === queries.instant.findings.promql)
      return answer(503, {
        status: 'error',
        errorType: 'timeout',
        error: 'query timed out in expression evaluation',
      });
    if (query === queries.instant.budgets.promql)
      return answer(200, vector(4, ['partial response: store 10.0.0.7:10901 unavailable']));
    if (query === queries.instant.ready.promql || query === queries.instant.seen.promql)
      return answer(200, vector(1));
    if (query === queries.instant.blocking.promql) return answer(200, vector(1));
    return answer(200, { status: 'success', data: { resultType: 'vector', result: [] } });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

describe('fleetReader', () => {
  it('asks every query once, keeps the timeout and the warning beside the figures', async () => {
    const clock = new ManualClock('2026-11-21T19:40:00Z');
    const prometheus = fakePrometheus();
    const reader = fleetReader({
      prometheus: 'http://thanos:9090',
      clock,
      fetch: prometheus.fetch,
    });
    const fleet = await reader.fleet();
    expect({
      asked: prometheus.asked.length,
      clusters: fleet.clusters.map((c) => [c.cluster, c.status, c.budgets, c.blocking, c.findings]),
      errors: fleet.errors.map((e) => [e.query, e.kind, e.message]),
      warnings: fleet.warnings.map((w) => [w.query, w.message]),
      history: fleet.clusters[0]?.blockingHistory,
    }).toStrictEqual({
      asked: 15,
      clusters: [['eu-1', 'up', 4, 1, null]],
      errors: [['findings', 'timeout', 'HTTP 503: query timed out in expression evaluation']],
      warnings: [['budgets', 'partial response: store 10.0.0.7:10901 unavailable']],
      history: [{ at: '2026-11-21T19:40:00.000Z', value: 1 }],
    });
  });

  it('shares an answer younger than reuseMs, however many ask', async () => {
    const clock = new ManualClock('2026-11-21T19:40:00Z');
    const prometheus = fakePrometheus();
    const reader = fleetReader({
      prometheus: 'http://thanos:9090',
      clock,
      fetch: prometheus.fetch,
      reuseMs: 2000,
    });
    const [a, b] = await Promise.all([reader.fleet(), reader.fleet()]);
    clock.advance(1999);
    const c = await reader.fleet();
    expect([a === b, a === c, prometheus.asked.length]).toStrictEqual([true, true, 15]);
    clock.advance(1);
    await reader.fleet();
    expect(prometheus.asked.length).toBe(30);
  });

  it("asks a cluster's budgets with its name in every matcher", async () => {
    const prometheus = fakePrometheus();
    const reader = fleetReader({
      prometheus: 'http://thanos:9090',
      label: 'k8s',
      clock: new ManualClock('2026-11-21T19:40:00Z'),
      fetch: prometheus.fetch,
    });
    const answer = await reader.budgets('eu-1');
    expect([answer.cluster, answer.budgets, answer.errors, prometheus.asked.length]).toStrictEqual([
      'eu-1',
      [],
      [],
      6,
    ]);
    expect(prometheus.asked.every((q) => q.includes('{k8s="eu-1"}'))).toBe(true);
  });
});
