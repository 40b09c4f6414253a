import { describe, expect, it } from 'vitest';
import { PrometheusError, prometheusClient } from './client.js';

const AT = new Date('2026-11-21T19:40:00Z');

/** A fetch answering `body` with `status`, keeping the URLs it was asked. */
function answering(status: number, body: unknown) {
  const asked: URL[] = [];
  const fetch = (url: URL | string) => {
    asked.push(new URL(String(url)));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status }));
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

async function failure(promise: Promise<unknown>): Promise<[string, string]> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PrometheusError) return [err.kind, err.message];
    throw err;
  }
  throw new Error('no failure');
}

describe('prometheusClient', () => {
  it("asks an instant query at a time with Prometheus' own timeout, and keeps its warnings", async () => {
    const { asked, fetch } = answering(200, {
      status: 'success',
      warnings: ['partial response: store eu-1 unavailable'],
      data: {
        resultType: 'vector',
        result: [{ metric: { cluster: 'eu-1' }, value: [1795290000, '12'] }],
      },
    });
    const client = prometheusClient({ url: 'http://thanos:9090/', timeoutMs: 3000, fetch });
    expect(await client.instant('sum by (cluster) (pdbscope_budget_blocking)', AT)).toStrictEqual({
      result: [{ metric: { cluster: 'eu-1' }, value: 12 }],
      warnings: ['partial response: store eu-1 unavailable'],
    });
    expect(
      asked.map((u) => [u.pathname, Object.fromEntries(u.searchParams.entries())]),
    ).toStrictEqual([
      [
        '/api/v1/query',
        {
          query: 'sum by (cluster) (pdbscope_budget_blocking)',
          time: String(AT.getTime() / 1000),
          timeout: '3s',
        },
      ],
    ]);
  });

  it('reads a range query into milliseconds and numbers', async () => {
    const { asked, fetch } = answering(200, {
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          {
            metric: { cluster: 'eu-1' },
            values: [
              [1795290000, '3'],
              [1795290600.5, 'NaN'],
            ],
          },
        ],
      },
    });
    const client = prometheusClient({ url: 'http://prometheus:9090', fetch });
    const answer = await client.range('x', {
      start: 1795286400_000,
      end: 1795290000_000,
      stepMs: 600_000,
    });
    expect(answer).toStrictEqual({
      result: [
        {
          metric: { cluster: 'eu-1' },
          values: [
            { at: 1795290000_000, value: 3 },
            { at: 1795290600_500, value: NaN },
          ],
        },
      ],
      warnings: [],
    });
    expect(Object.fromEntries(asked[0]?.searchParams.entries() ?? [])).toStrictEqual({
      query: 'x',
      start: '1795286400',
      end: '1795290000',
      step: '600s',
      timeout: '5s',
    });
  });

  it("tells a timeout, an error answer, a proxy's page and a wrong result type apart", async () => {
    const ask = (status: number, body: unknown) =>
      failure(
        prometheusClient({ url: 'http://p:9090', fetch: answering(status, body).fetch }).instant(
          'up',
          AT,
        ),
      );
    expect([
      await ask(503, {
        status: 'error',
        errorType: 'timeout',
        error: 'query timed out in expression evaluation',
      }),
      await ask(400, {
        status: 'error',
        errorType: 'bad_data',
        error: 'invalid parameter "query": 1:5: parse error',
      }),
      await ask(502, '<html>Bad Gateway</html>'),
      await ask(200, { status: 'success', data: { resultType: 'scalar', result: [0, '1'] } }),
    ]).toStrictEqual([
      ['timeout', 'HTTP 503: query timed out in expression evaluation'],
      ['error', 'HTTP 400: invalid parameter "query": 1:5: parse error'],
      ['error', 'HTTP 502'],
      ['error', 'expected a vector, got scalar'],
    ]);
  });

  it('gives up a second after its timeout when no answer comes', async () => {
    const silent = ((_url: URL, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    const client = prometheusClient({ url: 'http://p:9090', timeoutMs: 1, fetch: silent });
    expect(await failure(client.instant('up', AT))).toStrictEqual([
      'timeout',
      'no answer within 1.001 s',
    ]);
  });

  it('says why it could not connect', async () => {
    const refused = (() =>
      Promise.reject(
        new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }),
      )) as typeof fetch;
    const client = prometheusClient({ url: 'http://127.0.0.1:9', fetch: refused });
    expect(await failure(client.instant('up', AT))).toStrictEqual([
      'unreachable',
      'fetch failed: connect ECONNREFUSED 127.0.0.1:9',
    ]);
  });
});
