/** A series' labels, as Prometheus answers them. */
export type PromLabels = Record<string, string>;

export interface InstantSample {
  metric: PromLabels;
  value: number;
}

export interface RangeSeries {
  metric: PromLabels;
  /** `at` in milliseconds since the epoch. */
  values: { at: number; value: number }[];
}

/** A result and the warnings Prometheus answered with it (Thanos: a partial response). */
export interface PromAnswer<T> {
  result: T;
  warnings: string[];
}

/**
 * Why a query has no answer: `unreachable` (no HTTP answer), `timeout` (none within the limit,
 * or Prometheus' own `timeout` error), `error` (any other error answer).
 */
export type PromFailureKind = 'unreachable' | 'timeout' | 'error';

/** A query Prometheus did not answer; the message is the reason in words. */
export class PrometheusError extends Error {
  constructor(
    readonly kind: PromFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PrometheusError';
  }
}

export interface PrometheusClientOptions {
  /** Prometheus' base URL (or a Thanos/Mimir/Cortex query layer's), e.g. `http://prometheus:9090`. */
  url: string;
  /** Per query (default 5 s): sent as Prometheus' `timeout` too, so it stops evaluating. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PrometheusClient {
  url: string;
  /** An instant query evaluated at `at`. */
  instant(query: string, at: Date): Promise<PromAnswer<InstantSample[]>>;
  /** A range query from `start` to `end` (milliseconds), one point each `stepMs`. */
  range(
    query: string,
    range: { start: number; end: number; stepMs: number },
  ): Promise<PromAnswer<RangeSeries[]>>;
}

interface ApiBody {
  status?: string;
  errorType?: string;
  error?: string;
  warnings?: unknown;
  data?: { resultType?: string; result?: unknown };
}

/** The reason a fetch failed, with its cause (`fetch failed: connect ECONNREFUSED ...`). */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

const warningsOf = (body: ApiBody): string[] =>
  Array.isArray(body.warnings) ? body.warnings.map((w) => String(w)) : [];

/**
 * Prometheus' HTTP API (`/api/v1/query`, `/api/v1/query_range`), as the budget timeline and the
 * fleet view read it. Each failure is a PrometheusError saying why; warnings come with results.
 */
export function prometheusClient(options: PrometheusClientOptions): PrometheusClient {
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  const call = async (path: string, params: Record<string, string>, resultType: string) => {
    const url = new URL(path, options.url);
    url.search = new URLSearchParams({
      ...params,
      timeout: `${timeoutMs / 1000}s`,
    }).toString();
    let res: Response;
    let body: ApiBody | undefined;
    try {
      // A second more than Prometheus' own limit: its timeout error, which says more, comes first.
      res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs + 1000) });
      body = (await res.json().catch(() => undefined)) as ApiBody | undefined;
    } catch (err) {
      if (isTimeout(err))
        throw new PrometheusError('timeout', `no answer within ${(timeoutMs + 1000) / 1000} s`);
      throw new PrometheusError('unreachable', reasonOf(err));
    }
    if (!res.ok || body?.status !== 'success') {
      const kind = body?.errorType === 'timeout' ? 'timeout' : 'error';
      throw new PrometheusError(kind, `HTTP ${res.status}${body?.error ? `: ${body.error}` : ''}`);
    }
    if (body.data?.resultType !== resultType || !Array.isArray(body.data.result))
      throw new PrometheusError(
        'error',
        `expected a ${resultType}, got ${body.data?.resultType ?? 'no data'}`,
      );
    return { result: body.data.result as unknown[], warnings: warningsOf(body) };
  };
  return {
    url: options.url,
    instant: async (query, at) => {
      const answer = await call(
        '/api/v1/query',
        { query, time: String(at.getTime() / 1000) },
        'vector',
      );
      return {
        warnings: answer.warnings,
        result: (answer.result as { metric?: PromLabels; value?: [number, string] }[]).map((r) => ({
          metric: r.metric ?? {},
          value: Number(r.value?.[1]),
        })),
      };
    },
    range: async (query, range) => {
      const answer = await call(
        '/api/v1/query_range',
        {
          query,
          start: String(range.start / 1000),
          end: String(range.end / 1000),
          step: `${range.stepMs / 1000}s`,
        },
        'matrix',
      );
      return {
        warnings: answer.warnings,
        result: (answer.result as { metric?: PromLabels; values?: [number, string][] }[]).map(
          (r) => ({
            metric: r.metric ?? {},
            values: (r.values ?? []).map(([t, v]) => ({
              at: Math.round(t * 1000),
              value: Number(v),
            })),
          }),
        ),
      };
    },
  };
}
