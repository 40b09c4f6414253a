import { render } from '@testing-library/react';
import {
  QueryClient,
  QueryClientProvider,
  type DefaultOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.js';

export interface RenderAppOptions {
  /** The address to open, e.g. `/budgets/PodDisruptionBudget/data/zookeeper`. */
  path: string;
  /** Cache entries to start with, so a page renders without a request. */
  cache?: readonly (readonly [QueryKey, unknown])[];
  /** Query defaults over the tests' own (no retries). */
  queries?: DefaultOptions['queries'];
}

/** Renders the real routes at `path` with a fresh cache; returns the router for history checks. */
export function renderApp({ path, cache = [], queries = {} }: RenderAppOptions) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, ...queries },
      mutations: { retry: false },
    },
  });
  for (const [key, data] of cache) client.setQueryData(key, data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}

export interface FakeResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A fetch that answers by `METHOD path` and records each request's body. */
export function fakeFetch(
  answers: Record<string, FakeResponse | ((body: unknown) => FakeResponse)>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const path =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.pathname + input.search
          : input.url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const answer = answers[`${method} ${path}`];
    if (answer === undefined) {
      return new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: `no route ${method} ${path}`,
        }),
        { status: 404 },
      );
    }
    const response = typeof answer === 'function' ? answer(body) : answer;
    if (response.status === 204)
      return new Response(null, { status: 204, headers: response.headers ?? {} });
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { 'content-type': 'application/json', ...response.headers },
    });
  };
  return { fetchImpl, calls };
}
