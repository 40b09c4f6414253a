import type http from 'node:http';

/** How long a client may take to send its request: headers, then the whole body. */
export interface RequestDeadlines {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How often Node looks for requests past their deadline. */
  checkIntervalMs: number;
}

// Our requests are small JSON bodies: a client that has not sent its headers in 10 s or its
// body in 30 s is gone or hostile, and holds a socket (a Content-Length it never honours).
// Server-sent event streams are responses, which these deadlines do not limit.
export const DEFAULT_REQUEST_DEADLINES: RequestDeadlines = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  checkIntervalMs: 2_000,
};

/**
 * The options every HTTP server of the BFF is made with. Node answers a request without a Host
 * header with a bare 400 of its own; we let it through so that the guard answers problem+json.
 */
export function httpServerOptions(
  deadlines: RequestDeadlines = DEFAULT_REQUEST_DEADLINES,
): http.ServerOptions {
  return {
    requireHostHeader: false,
    headersTimeout: deadlines.headersTimeoutMs,
    requestTimeout: deadlines.requestTimeoutMs,
    connectionsCheckingInterval: deadlines.checkIntervalMs,
  };
}
