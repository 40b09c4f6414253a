import type { Request, RequestHandler } from 'express';
import { sendProblem } from './problem.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface HostPolicy {
  /** Host header values accepted (`name:port` and bare names); undefined = any. */
  allowed: ReadonlySet<string> | undefined;
}

/**
 * Which Host headers are ours. Bound to loopback, only loopback names with our port: a DNS
 * rebinding page cannot make the browser send our Host. Bound elsewhere, the names given,
 * or any when none were (the operator was warned at start).
 */
export function hostPolicy(input: {
  host: string;
  port: number;
  extraHosts: readonly string[];
}): HostPolicy {
  const loopback = input.host === '127.0.0.1' || input.host === 'localhost' || input.host === '::1';
  const names = loopback
    ? LOOPBACK_NAMES
    : [input.host, ...(input.extraHosts.length > 0 ? [] : ['*'])];
  const all = [...names, ...input.extraHosts];
  if (all.includes('*')) return { allowed: undefined };
  const allowed = new Set<string>();
  for (const name of all) {
    allowed.add(`${name}:${input.port}`);
    if (!loopback) allowed.add(name);
  }
  return { allowed };
}

/**
 * The origin a page of ours has: our scheme (https when the connection is TLS, or a proxy in
 * front says it terminated TLS: a browser cannot add that header to a cross-site request
 * without a preflight we never allow), and the Host the request came to.
 */
function ourOrigin(req: Request, host: string): string | undefined {
  const tls = req.secure || req.headers['x-forwarded-proto'] === 'https';
  try {
    return new URL(`${tls ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * An Origin header is the exact serialisation of a scheme, host and port: a browser never
 * sends a path, so one with a path (or another scheme, host or port) is not a page of ours.
 */
function sameOrigin(origin: string, ours: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return url.origin === origin.toLowerCase() && url.origin === ours;
  } catch {
    return false;
  }
}

/**
 * Refuses requests whose Host is not ours (DNS rebinding) and requests a browser sends from
 * another origin (CSRF): an Origin header must be exactly our own origin (scheme, host and
 * port, no path), and `Sec-Fetch-Site: cross-site` is refused. Answers 403 problem+json
 * naming the header, or 400 when the request has no Host at all (HTTP/1.1 requires one).
 */
export function originGuard(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host?.toLowerCase();
    if (!host) {
      sendProblem(res, 400, 'the request has no Host header (HTTP/1.1 requires one)');
      return;
    }
    if (policy.allowed && !policy.allowed.has(host)) {
      sendProblem(res, 403, `Host "${host}" is not served here`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, ourOrigin(req, host))) {
      sendProblem(res, 403, `Origin "${origin}" is not allowed`);
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      sendProblem(res, 403, 'cross-site requests are not allowed');
      return;
    }
    next();
  };
}
