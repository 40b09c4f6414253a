import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePrefetched } from './prefetch.js';

afterEach(() => {
  delete window.__pdbscopePrefetch;
  vi.restoreAllMocks();
});

describe('takePrefetched', () => {
  it("hands the page's early answer to the first request for its path, and only that once", async () => {
    // The page's first second: a worker started on a busy machine is past takePrefetched's 10 s.
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const path = '/api/budgets/PodDisruptionBudget/data/zookeeper';
    const response = Promise.resolve(new Response('{"name":"zookeeper"}'));
    window.__pdbscopePrefetch = { path, response };
    const other = takePrefetched('/api/budgets/PodDisruptionBudget/data/kafka');
    const taken = takePrefetched(path);
    expect([other, await (await taken)?.json(), takePrefetched(path)]).toStrictEqual([
      undefined,
      { name: 'zookeeper' },
      undefined,
    ]);
  });
});
