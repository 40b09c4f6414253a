import { SESSION_HEADER, routePath, type ApiRoute } from '@pdbscope/shared/api';
import { authStatus } from './auth-status.js';
import { ApiError, problemFrom } from './errors.js';
import { takePrefetched } from './prefetch.js';

/** Parses a response body into a typed value; the zod schemas from @pdbscope/shared/api fit this. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the BFF and returns the parsed body; a non-2xx answer throws an ApiError from its
 * problem+json. The auth status hears of a 401 (the page asks for the token) and of an answer
 * let in by the session cookie (the page offers Sign out).
 */
export async function requestJson<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { accept: 'application/json' },
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
  }
  const prefetched = init.method === 'GET' ? takePrefetched(path) : undefined;
  const response = await (prefetched ?? fetch(path, init));
  const body = await readBody(response);
  if (response.status === 401) authStatus.tokenRefused();
  else if (response.headers.get(SESSION_HEADER) === 'active') authStatus.sessionSeen();
  if (!response.ok) throw new ApiError(problemFrom(body, response.status, response.statusText));
  return parser.parse(body);
}

/** What a call to a route of the table sends: its path parameters, JSON body and abort signal. */
export interface CallOptions<Params, Body, Query = undefined> {
  params?: Params & Record<string, string>;
  /** Query parameters, sent in the order given; unset and empty ones are left out. */
  query?: Query;
  body?: Body;
  signal?: AbortSignal | undefined;
}

function withQuery(path: string, query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs === '' ? path : `${path}?${qs}`;
}

/** A body the route answers without (204): nothing to parse. */
const noContent: Parser<undefined> = { parse: () => undefined };

/**
 * Calls one route of the table (apiRoutes): its method, its path with the parameters filled
 * in, and its answer parsed by the table's response schema (`undefined` for a 204).
 */
export function callApi<Params, Query, Body, Response_>(
  route: ApiRoute<Params, Query, Body, Response_>,
  options: CallOptions<Params, Body, Query> = {},
): Promise<Response_> {
  const parser = (route.ok.schema ?? noContent) as Parser<Response_>;
  const request: RequestOptions = {
    method: route.method === 'delete' ? 'DELETE' : route.method === 'post' ? 'POST' : 'GET',
  };
  if (options.body !== undefined) request.body = options.body;
  if (options.signal) request.signal = options.signal;
  return requestJson(withQuery(routePath(route, options.params), options.query), parser, request);
}
