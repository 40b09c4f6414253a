import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { loadSnapshot } from './snapshot-source.js';
import { EventLoopWatch } from './http/liveness.js';
import { EventHub } from './events/hub.js';
import { startClusterSources, type ClusterSourcesOptions } from './kube/cluster-sources.js';
import { KubeHttp } from './kube/http.js';
import type { ResolvedKubeConfig } from './kube/kubeconfig.js';
import { realTimers, type Timers } from './kube/timers.js';
import { evictionVerifier } from './kube/verify.js';
import { SSE_HEARTBEAT_MS } from '@pdbscope/shared/api';
import { BudgetHistory } from './history/budget-history.js';
import { memoryHistoryReader } from './history/memory-reader.js';
import { prometheusHistoryReader } from './history/prometheus-reader.js';
import { recordHistory } from './history/recorder.js';
import { budgetEventsReader } from './kube-events/budget-events.js';
import { EventLog } from './kube-events/event-log.js';
import { startEventsSource } from './kube-events/events-source.js';
import { createBffMetrics } from './metrics/bff-metrics.js';
import { ClusterStore, type StoreMeta } from './store/cluster-store.js';
import { storeReader } from './store/reader.js';
import { podResponse } from './views/pods.js';

export type BffSource =
  | { kind: 'cluster'; cluster: ResolvedKubeConfig; sim?: boolean }
  | { kind: 'snapshot'; file: string };

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
  timers?: Timers;
  tuning?: ClusterSourcesOptions['tuning'];
  sseMaxClients?: number;
  /** GET /metrics without the token (--metrics-public). */
  metricsPublic?: boolean;
  /** /readyz answers 503 when a source has not been live for this long (--stale-after). */
  staleAfterMs?: number;
  /** /livez answers 503 once the event loop stalled this long within the last minute (--wedged-after). */
  wedgedAfterMs?: number;
  /** How far back the in-memory budget history reaches (--history-window; default 24 h). */
  historyWindowMs?: number;
  /** Prometheus' URL (--prometheus): the timeline reads days back through range queries. */
  prometheusUrl?: string;
  /** How far back the Prometheus timeline reaches (--prometheus-range; default 7 days). */
  prometheusRangeMs?: number;
}

export interface Bff {
  url: string;
  store: ClusterStore;
  hub: EventHub;
  /** Resolves when every source has synced (the index is built). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the BFF: the store and its sources, the HTTP server, the event heartbeat. */
export async function startBff(options: StartBffOptions): Promise<Bff> {
  const { logger } = options;
  const timers = options.timers ?? realTimers;
  const source = options.source;
  const live = source.kind === 'cluster';
  const meta: StoreMeta =
    source.kind === 'cluster'
      ? {
          source: source.sim ? 'sim' : source.cluster.source,
          context: source.cluster.context,
          server: source.cluster.server,
          namespaces: options.namespaces ? [...options.namespaces] : null,
          verifyEnabled: live && (options.allowDryRunVerify ?? false),
        }
      : {
          source: 'snapshot',
          context: 'snapshot',
          server: source.file,
          namespaces: null,
          verifyEnabled: false,
        };
  const hub = new EventHub({
    timers,
    ...(options.sseMaxClients !== undefined ? { maxClients: options.sseMaxClients } : {}),
  });
  const store = new ClusterStore({ meta, hub, timers, logger });
  const reader = storeReader(store, timers);
  const history = new BudgetHistory({
    ...(options.historyWindowMs !== undefined ? { windowMs: options.historyWindowMs } : {}),
  });
  const recorder = recordHistory({
    history,
    hub,
    timers,
    index: () => store.index,
    whenReady: store.whenReady,
    rows: () => store.published.values(),
  });
  const historyReader = memoryHistoryReader({
    history,
    exists: (ref) => store.index?.budget(ref) !== undefined,
    now: () => timers.now(),
  });
  const timeline =
    options.prometheusUrl === undefined
      ? historyReader
      : prometheusHistoryReader({
          url: options.prometheusUrl,
          memory: historyReader,
          now: () => timers.now(),
          ...(options.prometheusRangeMs !== undefined
            ? { rangeMs: options.prometheusRangeMs }
            : {}),
        });
  const eventLog = new EventLog();
  const metrics = createBffMetrics({
    rows: () => store.published.values(),
    analysis: () => store.analysis(),
    nodes: () => (store.isReady() ? reader.nodes().items : undefined),
    sources: () => store.sourceStates(),
    ready: () => store.isReady(),
    sseClients: () => hub.clientCount,
    analysisMs: () => store.analysis()?.tookMs,
    now: () => timers.now(),
  });
  const verifier =
    source.kind === 'cluster' && meta.verifyEnabled
      ? evictionVerifier({
          kc: source.cluster.kc,
          ours: (pod) => {
            const [namespace = '', name = ''] = pod.split('/');
            const index = store.index;
            const answer =
              index &&
              podResponse({
                index,
                namespace,
                name,
                marks: store.marks(),
                now: timers.now(),
                eventId: hub.lastId,
              });
            return answer ? answer.eviction : { unknown: pod };
          },
        })
      : undefined;

  const loop = new EventLoopWatch(
    options.wedgedAfterMs !== undefined ? { wedgedAfterMs: options.wedgedAfterMs } : {},
  );
  loop.start();
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 7070, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  server.on(
    'request',
    createApp({
      store: reader,
      hub,
      logger,
      host,
      port,
      ...(options.extraHosts ? { extraHosts: options.extraHosts } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(verifier ? { verifier } : {}),
      ...(options.webDist !== undefined ? { webDist: options.webDist } : {}),
      metrics: { registry: metrics.exposition, public: options.metricsPublic ?? false },
      health: {
        ...(options.staleAfterMs !== undefined ? { staleAfterMs: options.staleAfterMs } : {}),
        now: () => timers.now(),
        wedged: () => loop.wedged(),
      },
      history: timeline,
      kubeEvents: budgetEventsReader({ log: eventLog, index: () => store.index }),
    }),
  );
  let heartbeat: unknown;
  const beat = () => {
    hub.heartbeat();
    heartbeat = timers.setTimeout(beat, SSE_HEARTBEAT_MS);
  };
  heartbeat = timers.setTimeout(beat, SSE_HEARTBEAT_MS);

  store.start();
  let stopSources = async () => {};
  if (source.kind === 'cluster') {
    const started = await startClusterSources({
      kc: source.cluster.kc,
      http: new KubeHttp(source.cluster.kc),
      store,
      timers,
      logger,
      telemetry: metrics.telemetry,
      observePod: (pod) => recorder.observePod(pod),
      ...(options.namespaces ? { namespaces: options.namespaces } : {}),
      ...(options.tuning ? { tuning: options.tuning } : {}),
    });
    // Events start once the budgets are ready: they never hold up readiness, and a cluster that
    // cannot be reached yet is reported once, by the budgets' sources.
    let events: { stop(): Promise<void> } | undefined;
    let stopped = false;
    void store.whenReady.then(() => {
      if (stopped) return;
      events = startEventsSource({
        kc: source.cluster.kc,
        http: new KubeHttp(source.cluster.kc),
        store,
        log: eventLog,
        timers,
        logger,
        ...(options.namespaces ? { namespaces: options.namespaces } : {}),
        ...(options.tuning ? { tuning: options.tuning } : {}),
      });
    });
    stopSources = async () => {
      stopped = true;
      await Promise.all([started.stop(), events?.stop()]);
    };
  } else {
    await loadSnapshot({ store, file: source.file, now: timers.now() });
  }

  const displayHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${displayHost}:${port}`,
    store,
    hub,
    ready: () => store.whenReady,
    close: async () => {
      timers.clearTimeout(heartbeat);
      loop.stop();
      recorder.stop();
      store.stop();
      hub.closeAll();
      await stopSources();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
