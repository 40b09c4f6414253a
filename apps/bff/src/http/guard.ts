import type { RequestHandler } from 'express';
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
 * Refuses requests whose Host is not ours (DNS rebinding) and requests a browser sends from
 * another origin (CSRF): an Origin header must be our own host, and `Sec-Fetch-Site:
 * cross-site` is refused. Answers 403 problem+json, naming the header.
 */
export function originGuard(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host?.toLowerCase();
    if (!host || (policy.allowed && !policy.allowed.has(host))) {
      sendProblem(res, 403, `Host "${host ?? ''}" is not served here`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        originHost = undefined;
      }
      if (originHost !== host) {
        sendProblem(res, 403, `Origin "${origin}" is not allowed`);
        return;
      }
    } else if (origin === 'null') {
      sendProblem(res, 403, 'Origin "null" is not allowed');
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      sendProblem(res, 403, 'cross-site requests are not allowed');
      return;
    }
    next();
  };
}
