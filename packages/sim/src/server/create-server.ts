import { systemClock, type Clock } from '@pdbscope/shared/clock';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { ObjectStore, ServedGroups } from '../store/index.js';
import { EVERY_GROUP, internalError, methodNotAllowed } from '../store/index.js';
import { checkAccess, checkAuthentication, checkAvailable } from './access.js';
import {
  AGGREGATED_DISCOVERY_TYPE,
  aggregatedDiscovery,
  wantsAggregatedDiscovery,
} from './aggregated-discovery.js';
import type { Logger, RequestInput, ServerContext } from './context.js';
import { silentLogger } from './context.js';
import { handleControl } from './control.js';
import { discoveryDocument } from './discovery.js';
import type { FaultControl } from './faults.js';
import { createFaultControl } from './faults.js';
import { handleEviction } from './handlers/eviction.js';
import { handleGet, handleList } from './handlers/read.js';
import { handleScale } from './handlers/scale.js';
import { handleWatch } from './handlers/watch.js';
import {
  handleCreate,
  handleDelete,
  handleDeleteCollection,
  handlePatch,
  handleUpdate,
} from './handlers/write.js';
import { parseAccept, sendError, sendJson } from './http.js';
import { parseListQuery } from './query.js';
import type { ResourceRoute } from './route.js';
import { route } from './route.js';
import { WatchHub } from './watch-hub.js';

export interface SimServerOptions {
  store: ObjectStore;
  /** Loopback only (127.0.0.1, localhost or ::1); anything else throws. */
  host?: string;
  /** 0 = any free port. */
  port?: number;
  clock?: Clock;
  logger?: Logger;
  /** How often watches with allowWatchBookmarks get a BOOKMARK (default 10 s). */
  bookmarkIntervalMs?: number;
  /** Unsent bytes of live events after which a slow watch is closed, as kube-apiserver does (64 MiB). */
  maxWatchBufferBytes?: number;
  /** Answer built-in kinds in protobuf when asked (default true); false plays a JSON-only server. */
  protobuf?: boolean;
  /** Stream initial lists through a watch (sendInitialEvents) when asked (default true). */
  watchList?: boolean;
  /**
   * Serve https with this certificate and key, and accept client certificates signed by `ca` as
   * kube-apiserver's --client-ca-file does (the CN is the user); others may still use tokens.
   */
  tls?: SimTls;
  /** API groups this server does not serve, as a cluster without their CRDs (e.g. `karpenter.sh`). */
  unservedGroups?: readonly string[];
}

/** PEM text. */
export interface SimTls {
  cert: string;
  key: string;
  ca: string;
}

/** The subject CN of a verified client certificate, if the request came with one. */
function clientCertCommonName(req: IncomingMessage): string | undefined {
  const socket = req.socket as Partial<TLSSocket>;
  if (socket.authorized !== true || typeof socket.getPeerCertificate !== 'function')
    return undefined;
  const cn = socket.getPeerCertificate().subject?.CN;
  return typeof cn === 'string' && cn !== '' ? cn : undefined;
}

export interface SimServer {
  url: string;
  port: number;
  faults: FaultControl;
  close(): Promise<void>;
}

const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'];

const NOT_FOUND_BODY = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server could not find the requested resource',
  reason: 'NotFound',
  details: {},
  code: 404,
};

function verbOf(method: string, r: ResourceRoute, watch: boolean): string {
  if (method === 'GET') return r.name !== undefined ? 'get' : watch ? 'watch' : 'list';
  return (
    { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' }[method] ??
    method.toLowerCase()
  );
}

async function handleResource(
  ctx: ServerContext,
  r: ResourceRoute,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET';
  const query = parseListQuery(r.type, params);
  if (!query.ok) return sendError(res, query.error);
  const denied =
    checkAccess(ctx, r.type, r.namespace, verbOf(method, r, query.value.watch)) ??
    checkAvailable(ctx, r.namespace);
  if (denied !== undefined) {
    req.resume();
    return sendError(res, denied);
  }
  const input: RequestInput = { ctx, route: r, query: query.value, req, res, params };
  const sub = r.subresource;
  if (r.name === undefined) {
    if (method === 'GET') return query.value.watch ? handleWatch(input) : handleList(input);
    if (method === 'POST') return handleCreate(input);
    if (method === 'DELETE' && r.type.verbs.includes('deletecollection'))
      return handleDeleteCollection(input);
  } else if (sub === 'eviction') {
    if (method === 'POST') return handleEviction(input);
  } else if (sub === 'scale') {
    if (method === 'GET' || method === 'PUT' || method === 'PATCH') return handleScale(input);
  } else if (sub === undefined || sub === 'status') {
    if (method === 'GET') return handleGet(input);
    if (method === 'PUT') return handleUpdate(input);
    if (method === 'PATCH') return handlePatch(input);
    if (method === 'DELETE' && sub === undefined) return handleDelete(input);
  }
  req.resume();
  sendError(res, methodNotAllowed());
}

async function handle(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname.startsWith('/_sim/')) return handleControl(ctx, url.pathname, req, res);
  const unauthenticated = checkAuthentication(ctx, {
    authorization: req.headers.authorization,
    clientCertCommonName: clientCertCommonName(req),
  });
  if (unauthenticated !== undefined) {
    req.resume();
    return sendError(res, unauthenticated);
  }
  const latency = ctx.faults.current.latencyMs;
  if (latency > 0) await new Promise<void>((resolve) => ctx.clock.setTimeout(resolve, latency));
  const r = route(url.pathname);
  if (r.kind === 'discovery') {
    req.resume();
    if (
      (r.path === '/api' || r.path === '/apis') &&
      wantsAggregatedDiscovery(parseAccept(req.headers.accept))
    ) {
      return sendJson(res, 200, aggregatedDiscovery(r.path, ctx.served), {
        'Content-Type': AGGREGATED_DISCOVERY_TYPE,
      });
    }
    if (r.path === '/openapi/v2') {
      // An empty protobuf message is a valid, empty OpenAPI v2 document: kubectl reads it to
      // validate what the v3 documents cannot vouch for (the items of a `List`) and, finding no
      // schema, leaves the validation to this server.
      res.writeHead(200, { 'Content-Type': OPENAPI_V2_PROTOBUF, 'Content-Length': '0' });
      res.end();
      return;
    }
    const doc = discoveryDocument(r.path, ctx.served);
    if (doc === undefined) return sendJson(res, 404, NOT_FOUND_BODY);
    if (typeof doc === 'string') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(doc);
      return;
    }
    return sendJson(res, 200, doc);
  }
  if (r.kind !== 'resource' || !ctx.served(r.type.group)) {
    req.resume();
    return sendJson(res, 404, NOT_FOUND_BODY);
  }
  return handleResource(ctx, r, req, res, url.searchParams);
}

function servedGroups(unserved: readonly string[] = []): ServedGroups {
  if (unserved.length === 0) return EVERY_GROUP;
  const off = new Set(unserved);
  return (group) => !off.has(group);
}

/** Starts the simulated Kubernetes API server over `store`, on 127.0.0.1. */
export async function createSimServer(options: SimServerOptions): Promise<SimServer> {
  const host = options.host ?? '127.0.0.1';
  // The simulator authenticates nobody: it must never be reachable from another machine.
  if (!LOOPBACK_HOSTS.includes(host))
    throw new Error(`the simulated API server binds to loopback only, not ${host}`);
  const clock = options.clock ?? options.store.clock ?? systemClock;
  const hub = new WatchHub(options.store);
  const faults = createFaultControl(options.store, hub);
  const ctx: ServerContext = {
    store: options.store,
    clock,
    hub,
    faults,
    logger: options.logger ?? silentLogger,
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 10_000,
    maxWatchBufferBytes: options.maxWatchBufferBytes ?? 64 * 1024 * 1024,
    userName: 'system:serviceaccount:pdbscope:pdbscope-viewer',
    protobuf: options.protobuf ?? true,
    watchList: options.watchList ?? true,
    served: servedGroups(options.unservedGroups),
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(ctx, req, res).catch((e: unknown) => {
      ctx.logger.error('request failed', {
        url: req.url,
        error: e instanceof Error ? e.stack : String(e),
      });
      if (!res.headersSent)
        sendError(res, internalError(e instanceof Error ? e.message : String(e)));
      else res.destroy();
    });
  };
  const tls = options.tls;
  const server = tls
    ? createTlsServer(
        { cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: false },
        listener,
      )
    : createServer(listener);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        hub.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
