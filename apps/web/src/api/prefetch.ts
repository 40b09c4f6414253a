/** An answer first-answer/prefetch.js (inlined in index.html) asked for while the app's script loaded. */
interface Prefetched {
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __pdbscopePrefetch?: Prefetched;
  }
}

/** Past this, a prefetched answer is too old to stand for a first open. */
const FRESH_MS = 10_000;

/**
 * The response prefetch.js started for `path`, taken once (a refetch asks the server again), and
 * only during the page's first seconds. Undefined otherwise.
 */
export function takePrefetched(path: string): Promise<Response> | undefined {
  const prefetched = window.__pdbscopePrefetch;
  if (prefetched?.path !== path) return undefined;
  delete window.__pdbscopePrefetch;
  return performance.now() < FRESH_MS ? prefetched.response : undefined;
}
