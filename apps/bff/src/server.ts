import type { WireOptions } from './kube/http.js';
import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { EventLoopWatch } from './http/liveness.js';
import { httpServerOptions, type RequestDeadlines } from './http/server-options.js';
import { EventHub } from './events/hub.js';
import { fleetReader, type FleetOptions } from './fleet/fleet-reader.js';
import type { ClusterSourcesOptions } from './kube/cluster-sources.js';
import { systemClock, type Clock, type TimerHandle } from '@pdbscope/shared/clock';
import { SSE_HEARTBEAT_MS } from '@pdbscope/shared/api';
import { createBffMetrics } from './metrics/bff-metrics.js';
import type { ClusterReader } from './model.js';
import type { BffSource } from './session/cluster-session.js';
import { ContextSwitcher } from './session/context-switcher.js';
import type { ClusterStore } from './store/cluster-store.js';
import type { SourcesView } from './store/reader.js';

export type { BffSource } from './session/cluster-session.js';

export interface StartBffOptions {
  source: BffSource;
  logger: Logger;
  host?: string;
  port?: number;
  namespaces?: readonly string[];
  allowDryRunVerify?: boolean;
  token?: string;
  extraHosts?: readonly string[];
  webDist?: string;
  clock?: Clock;
  tuning?: ClusterSourcesOptions['tuning'];
  /** How built-in kinds are read (--wire); default protobuf and streamed lists where served. */
  wire?: WireOptions;
  sseMaxClients?: number;
  /** GET /metrics without the token (--metrics-public). */
  metricsPublic?: boolean;
  /** /readyz answers 503 when a source has not been live for this long (--stale-after). */
  staleAfterMs?: number;
  /** /livez answers 503 once the event loop stalled this long within the last minute (--wedged-after). */
  wedgedAfterMs?: number;
  /** How long a client may take to send a request (tests shorten it). */
  requestDeadlines?: RequestDeadlines;
  /** How far back the in-memory budget history reaches (--history-window; default 24 h). */
  historyWindowMs?: number;
  /** Prometheus' URL (--prometheus): the timeline reads days back through range queries. */
  prometheusUrl?: string;
  /** How far back the Prometheus timeline reaches (--prometheus-range; default 7 days). */
  prometheusRangeMs?: number;
  /** GET /api/fleet from the Prometheus over every cluster (--fleet-prometheus, --fleet-label, --fleet-links). */
  fleet?: Omit<FleetOptions, 'clock'>;
  /** This pdbscope's address for people (--public-url), exported on pdbscope_info. */
  publicUrl?: string;
  /** The flags Cluster Autoscaler runs with (--ca-*), for the nodes' answers; its defaults otherwise. */
  caOptions?: NodeDeleteOptions;
}

export interface Bff {
  url: string;
  /** The watched context's store (another one after a context switch). */
  readonly store: ClusterStore;
  /** The watched context's sources: their states, the cluster's identity. */
  readonly sources: SourcesView;
  hub: EventHub;
  /** Resolves when every source has synced (the index is built). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whatever the current session's reader answers: the routes keep one reader while the context
 * under it changes.
 */
function currentReader(current: () => ClusterReader): ClusterReader {
  return new Proxy({} as ClusterReader, {
    get: (_target, key) => current()[key as keyof ClusterReader],
  });
}

/** Starts the BFF: the watched cluster's session, the HTTP server, the event heartbeat. */
export async function startBff(options: StartBffOptions): Promise<Bff> {
  const { logger } = options;
  const clock = options.clock ?? systemClock;
  const source = options.source;
  const hub = new EventHub({
    clock,
    ...(options.sseMaxClients !== undefined ? { maxClients: options.sseMaxClients } : {}),
  });
  // Made first: a bad --fleet-label stops the start before any watch begins.
  const fleet = options.fleet ? fleetReader({ ...options.fleet, clock }) : undefined;
  // Read only once the first session exists (on requests and scrapes, after the start below).
  const session = () => contexts.current;
  const reader = currentReader(() => session().reader);
  const metrics = createBffMetrics({
    rows: () => session().store.published.values(),
    analysis: () => session().store.analysis(),
    nodes: () => (reader.ready() ? reader.nodes().items : undefined),
    sources: () => session().sources.states(),
    ready: () => reader.ready(),
    sseClients: () => hub.clientCount,
    analysisMs: () => session().store.analysis()?.tookMs,
    clock,
    ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
  });
  const contexts = await ContextSwitcher.start(source, {
    hub,
    clock,
    logger,
    telemetry: metrics.telemetry,
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
    ...(options.allowDryRunVerify !== undefined
      ? { allowDryRunVerify: options.allowDryRunVerify }
      : {}),
    ...(options.tuning ? { tuning: options.tuning } : {}),
    ...(options.wire ? { wire: options.wire } : {}),
    ...(options.historyWindowMs !== undefined ? { historyWindowMs: options.historyWindowMs } : {}),
    ...(options.prometheusUrl !== undefined ? { prometheusUrl: options.prometheusUrl } : {}),
    ...(options.prometheusRangeMs !== undefined
      ? { prometheusRangeMs: options.prometheusRangeMs }
      : {}),
    fleetConfigured: options.fleet !== undefined,
    ...(options.caOptions ? { caOptions: options.caOptions } : {}),
  });
  const verifyEnabled = source.kind === 'cluster' && (options.allowDryRunVerify ?? false);

  const loop = new EventLoopWatch({
    clock,
    ...(options.wedgedAfterMs !== undefined ? { wedgedAfterMs: options.wedgedAfterMs } : {}),
  });
  loop.start();
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer(httpServerOptions(options.requestDeadlines));
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 7070, host, () => resolve());
    });
  } catch (error) {
    loop.stop();
    await contexts.stop();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  server.on(
    'request',
    createApp({
      store: reader,
      hub,
      logger,
      clock,
      host,
      port,
      contexts,
      ...(options.extraHosts ? { extraHosts: options.extraHosts } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(verifyEnabled
        ? {
            verifier: {
              verify: (pod: string) => {
                const verifier = session().verifier;
                if (!verifier) throw new Error('verify is enabled but the session has no verifier');
                return verifier.verify(pod);
              },
            },
          }
        : {}),
      ...(options.webDist !== undefined ? { webDist: options.webDist } : {}),
      ...(fleet ? { fleet } : {}),
      metrics: { registry: metrics.exposition, public: options.metricsPublic ?? false },
      health: {
        ...(options.staleAfterMs !== undefined ? { staleAfterMs: options.staleAfterMs } : {}),
        wedged: () => loop.wedged(),
      },
      history: { budgetHistory: (ref) => session().timeline.budgetHistory(ref) },
      kubeEvents: { budgetEvents: (ref) => session().kubeEvents.budgetEvents(ref) },
    }),
  );
  let heartbeat: TimerHandle | undefined;
  const beat = () => {
    hub.heartbeat();
    heartbeat = clock.setTimeout(beat, SSE_HEARTBEAT_MS);
  };
  heartbeat = clock.setTimeout(beat, SSE_HEARTBEAT_MS);

  const displayHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${displayHost}:${port}`,
    get store() {
      return session().store;
    },
    get sources() {
      return session().sources;
    },
    hub,
    ready: () => session().store.whenReady,
    close: async () => {
      heartbeat?.cancel();
      loop.stop();
      hub.closeAll();
      await contexts.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
