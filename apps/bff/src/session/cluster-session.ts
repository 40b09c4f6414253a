import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import type { Logger } from 'pino';
import type { EventHub } from '../events/hub.js';
import { gatedHub } from '../events/store-hub.js';
import { BudgetHistory } from '../history/budget-history.js';
import { memoryHistoryReader } from '../history/memory-reader.js';
import { prometheusHistoryReader } from '../history/prometheus-reader.js';
import { recordHistory } from '../history/recorder.js';
import { budgetEventsReader } from '../kube-events/budget-events.js';
import { EventLog } from '../kube-events/event-log.js';
import { startEventsSource } from '../kube-events/events-source.js';
import { ClusterSources, type ClusterSourcesOptions } from '../kube/cluster-sources.js';
import { KubeHttp, type WireOptions } from '../kube/http.js';
import type { ResolvedKubeConfig } from '../kube/kubeconfig.js';
import type { Clock } from '@pdbscope/shared/clock';
import { SourceReadiness } from '../kube/source-readiness.js';
import { evictionVerifier } from '../kube/verify.js';
import type { SourceTelemetry } from '../metrics/telemetry.js';
import type { ClusterReader, EvictionVerifier, HistoryReader } from '../model.js';
import type { BudgetEventsReader } from '../routes/kube-events.js';
import { loadSnapshot } from '../snapshot-source.js';
import { ClusterStore } from '../store/cluster-store.js';
import { storeReader, type ClusterMeta, type SourcesView } from '../store/reader.js';
import { podResponse } from '../views/pods.js';

/** What the BFF watches: a cluster through a kubeconfig (or the simulated one), or a snapshot file. */
export type BffSource =
  | { kind: 'cluster'; cluster: ResolvedKubeConfig; sim?: boolean }
  | { kind: 'snapshot'; file: string };

/** The same for every context the BFF watches in its life. */
export interface SessionSettings {
  hub: EventHub;
  clock: Clock;
  logger: Logger;
  telemetry?: SourceTelemetry;
  namespaces?: readonly string[];
  allowDryRunVerify?: boolean;
  tuning?: ClusterSourcesOptions['tuning'];
  /** How built-in kinds are read (--wire): protobuf and streamed lists, or JSON and pages. */
  wire?: WireOptions;
  historyWindowMs?: number;
  prometheusUrl?: string;
  prometheusRangeMs?: number;
  /** GET /api/fleet answers (--fleet-prometheus): the web app shows the Fleet page. */
  fleetConfigured?: boolean;
  /** Cluster Autoscaler's flags, for the nodes' answers (its defaults otherwise). */
  caOptions?: NodeDeleteOptions;
}

/**
 * One watched cluster: its store, sources, history and Kubernetes events, and the readers the
 * routes answer from. A context switch stops one and starts another; nothing is shared between
 * them but the event hub, and a stopped one publishes nothing more.
 */
export interface ClusterSession {
  source: BffSource;
  meta: ClusterMeta;
  /** The data path: the index, the rows, the analysis. */
  store: ClusterStore;
  /** The sources' states, the cluster's identity, the budgets as stored. */
  sources: SourcesView;
  reader: ClusterReader;
  timeline: HistoryReader;
  kubeEvents: BudgetEventsReader;
  verifier: EvictionVerifier | undefined;
  /** Starts the sources (or reads the snapshot); resolves once they are started, not synced. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

function metaOf(source: BffSource, settings: SessionSettings): ClusterMeta {
  return source.kind === 'cluster'
    ? {
        source: source.sim ? 'sim' : source.cluster.source,
        context: source.cluster.context,
        server: source.cluster.server,
        namespaces: settings.namespaces ? [...settings.namespaces] : null,
        verifyEnabled: settings.allowDryRunVerify ?? false,
        fleetConfigured: settings.fleetConfigured ?? false,
      }
    : {
        source: 'snapshot',
        context: 'snapshot',
        server: source.file,
        namespaces: null,
        verifyEnabled: false,
        fleetConfigured: settings.fleetConfigured ?? false,
      };
}

/** A session for `source`, not started: its store answers at once (empty, syncing). */
export function createClusterSession(source: BffSource, settings: SessionSettings): ClusterSession {
  const { clock, logger } = settings;
  const hub = gatedHub(settings.hub);
  const meta = metaOf(source, settings);
  const store = new ClusterStore({
    hub,
    clock,
    logger,
    ...(settings.caOptions ? { caOptions: settings.caOptions } : {}),
  });
  const readiness = new SourceReadiness({
    store,
    hub,
    clock,
    logger,
    ...(source.kind === 'cluster' && settings.namespaces ? { watched: settings.namespaces } : {}),
  });
  // Made once the session starts (its kubeconfig's client is made there).
  let cluster: ClusterSources | undefined;
  const sources: SourcesView = {
    states: () => readiness.states(),
    identityChange: () => cluster?.identityChange,
    rawBudget: async (ref) => cluster?.rawBudget(ref),
  };
  const reader = storeReader({
    store,
    sources,
    meta,
    clock,
    ...(settings.caOptions ? { caOptions: settings.caOptions } : {}),
  });
  const history = new BudgetHistory({
    ...(settings.historyWindowMs !== undefined ? { windowMs: settings.historyWindowMs } : {}),
  });
  const recorder = recordHistory({
    history,
    hub,
    clock,
    index: () => store.index,
    whenReady: store.whenReady,
    rows: () => store.published.values(),
  });
  const memory = memoryHistoryReader({
    history,
    exists: (ref) => store.index?.budget(ref) !== undefined,
    clock,
  });
  const timeline =
    settings.prometheusUrl === undefined
      ? memory
      : prometheusHistoryReader({
          url: settings.prometheusUrl,
          memory,
          clock,
          ...(settings.prometheusRangeMs !== undefined
            ? { rangeMs: settings.prometheusRangeMs }
            : {}),
        });
  const eventLog = new EventLog();
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
                now: clock.now(),
                eventId: hub.lastId,
              });
            return answer ? answer.eviction : { unknown: pod };
          },
        })
      : undefined;

  let stopSources = async () => {};
  let stopped = false;
  const startCluster = async (kubeconfig: ResolvedKubeConfig) => {
    const clusterSources = new ClusterSources({
      kc: kubeconfig.kc,
      http: new KubeHttp(kubeconfig.kc, settings.wire),
      store,
      readiness,
      hub,
      clock,
      logger,
      ...(settings.telemetry ? { telemetry: settings.telemetry } : {}),
      observePod: (pod) => recorder.observePod(pod),
      ...(settings.namespaces ? { namespaces: settings.namespaces } : {}),
      ...(settings.tuning ? { tuning: settings.tuning } : {}),
    });
    cluster = clusterSources;
    await clusterSources.start();
    // Events start once the budgets are ready: they never hold up readiness, and a cluster that
    // cannot be reached yet is reported once, by the budgets' sources.
    let events: { stop(): Promise<void> } | undefined;
    void store.whenReady.then(() => {
      if (stopped) return;
      events = startEventsSource({
        kc: kubeconfig.kc,
        http: new KubeHttp(kubeconfig.kc, settings.wire),
        readiness,
        log: eventLog,
        clock,
        logger,
        ...(settings.namespaces ? { namespaces: settings.namespaces } : {}),
        ...(settings.tuning ? { tuning: settings.tuning } : {}),
      });
    });
    stopSources = async () => {
      await Promise.all([clusterSources.stop(), events?.stop()]);
    };
    // Stopped while discovery ran: the sources just started stop at once.
    if (stopped) await stopSources();
  };

  return {
    source,
    meta,
    store,
    sources,
    reader,
    timeline,
    kubeEvents: budgetEventsReader({ log: eventLog, index: () => store.index }),
    verifier,
    start: async () => {
      store.start();
      if (source.kind === 'cluster') await startCluster(source.cluster);
      else await loadSnapshot({ store, readiness, file: source.file, now: clock.now() });
    },
    stop: async () => {
      stopped = true;
      hub.close();
      recorder.stop();
      store.stop();
      await stopSources();
    },
  };
}
