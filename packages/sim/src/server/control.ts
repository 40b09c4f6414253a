import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, notFound } from '../store/index.js';
import type { ServerContext } from './context.js';
import { readJsonBody, sendError, sendJson } from './http.js';
import { wireStats } from './protobuf-out.js';

type Body = Record<string, unknown>;

const isName = (v: unknown): v is string => typeof v === 'string' && v !== '';

async function bodyOf(req: IncomingMessage): Promise<Body | undefined> {
  const hasBody =
    Number(req.headers['content-length'] ?? '0') > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.resume();
    return {};
  }
  const read = await readJsonBody(req);
  if (!read.ok) return read.error.message === 'the body of the request was empty' ? {} : undefined;
  return typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value)
    ? (read.value as Body)
    : undefined;
}

/** The `/_sim/` fault and control endpoints (see packages/sim/README.md). */
export async function handleControl(
  ctx: ServerContext,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const f = ctx.faults;
  if (req.method === 'GET' && path === '/_sim/state') return sendJson(res, 200, f.state());
  // Bytes and CPU time of list and watch answers, per format, since the start (benchmarks).
  if (req.method === 'GET' && path === '/_sim/wire-stats') return sendJson(res, 200, wireStats);
  if (req.method !== 'POST') {
    req.resume();
    return sendError(res, {
      code: 405,
      reason: 'MethodNotAllowed',
      message: `${req.method ?? ''} is not allowed on ${path}`,
    });
  }
  const body = await bodyOf(req);
  if (body === undefined) return sendError(res, badRequest('the body must be a JSON object'));
  const ready = /^\/_sim\/pods\/([^/]+)\/([^/]+)\/ready$/.exec(path);
  if (ready !== null) {
    if (typeof body.ready !== 'boolean')
      return sendError(res, badRequest('"ready" must be true or false'));
    const r = f.setPodReady(
      decodeURIComponent(ready[1] ?? ''),
      decodeURIComponent(ready[2] ?? ''),
      body.ready,
    );
    return r.ok ? sendJson(res, 200, r.value) : sendError(res, r.error);
  }
  switch (path) {
    case '/_sim/faults/drop-watches':
      return sendJson(res, 200, { dropped: f.dropWatches({ abrupt: body.abrupt === true }) });
    case '/_sim/faults/expire-watches':
      return sendJson(res, 200, { expired: f.expireWatches() });
    case '/_sim/faults/fail-lists': {
      const count = typeof body.count === 'number' ? body.count : 1;
      f.failLists(count);
      return sendJson(res, 200, f.state().faults);
    }
    case '/_sim/faults/forbid':
      if (isName(body.resource) && isName(body.namespace))
        f.forbidIn(body.resource, body.namespace);
      else if (typeof body.resource === 'string' && body.resource !== '')
        f.forbidResource(body.resource);
      else if (typeof body.namespace === 'string' && body.namespace !== '')
        f.forbid(body.namespace);
      else return sendError(res, badRequest('"namespace" or "resource" is required'));
      return sendJson(res, 200, f.state().faults);
    case '/_sim/faults/unforbid':
      if (isName(body.resource) && isName(body.namespace))
        f.unforbidIn(body.resource, body.namespace);
      else if (typeof body.resource === 'string') f.unforbidResource(body.resource);
      else f.unforbid(typeof body.namespace === 'string' ? body.namespace : undefined);
      return sendJson(res, 200, f.state().faults);
    case '/_sim/faults/break':
      if (typeof body.namespace !== 'string' || body.namespace === '')
        return sendError(res, badRequest('"namespace" is required'));
      f.breakNamespace(body.namespace);
      return sendJson(res, 200, f.state().faults);
    case '/_sim/faults/mend':
      f.mendNamespace(typeof body.namespace === 'string' ? body.namespace : undefined);
      return sendJson(res, 200, f.state().faults);
    case '/_sim/faults/tokens':
      if (body.clear === true) {
        f.clearTokens();
        return sendJson(res, 200, f.state().faults);
      }
      if (body.expire === true) return sendJson(res, 200, { expired: f.expireTokens() });
      if (typeof body.token !== 'string' || body.token === '')
        return sendError(
          res,
          badRequest('"token" (a string), "clear": true or "expire": true is required'),
        );
      if (body.ttlMs !== undefined && (typeof body.ttlMs !== 'number' || body.ttlMs < 0))
        return sendError(res, badRequest('"ttlMs" must be a number >= 0'));
      return sendJson(res, 200, {
        token: body.token,
        expirationTimestamp: f
          .acceptToken(body.token, body.ttlMs as number | undefined)
          .toISOString(),
      });
    case '/_sim/faults/client-certs':
      if (typeof body.revoke !== 'string' || body.revoke === '')
        return sendError(res, badRequest('"revoke" (a certificate\'s subject CN) is required'));
      f.revokeClientCert(body.revoke);
      return sendJson(res, 200, f.state().faults);
    case '/_sim/faults/latency':
      if (typeof body.ms !== 'number' || body.ms < 0)
        return sendError(res, badRequest('"ms" must be a number >= 0'));
      f.setLatency(body.ms);
      return sendJson(res, 200, f.state().faults);
    case '/_sim/restart':
    case '/_sim/faults/restart':
      f.restart({ rewind: body.rewind === true, newUids: body.newUids === true });
      return sendJson(res, 200, f.state());
    default:
      return sendError(res, notFound({ group: '', resource: '_sim' }, path));
  }
}
