import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { ClusterStore } from '../store/cluster-store.js';
import { ClusterIdentity } from './cluster-identity.js';
import { discoverResources, type Discovered } from './discovery.js';
import { errorReason, type KubeHttp } from './http.js';
import { namespaceFallback } from './namespace-fallback.js';
import { NamespaceWatch } from './namespace-watch.js';
import { collectionPath, projector, type ClusterObject, type ResourceSpec } from './resources.js';
import { ScaleFetcher } from './scale.js';
import { Source, type SourceOptions, type SourceSink } from './source.js';
import type { PodView } from '@pdbscope/shared';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { backoffDelay } from './backoff.js';
import { UnreachableSources } from './unreachable.js';
import { UnreadableObjects } from './unreadable-objects.js';
import { unreadableObjectFindings } from '@pdbscope/shared';
import { NO_TELEMETRY, type SourceTelemetry } from '../metrics/telemetry.js';

export interface ClusterSourcesOptions {
  kc: KubeConfig;
  http: KubeHttp;
  store: ClusterStore;
  clock: Clock;
  logger: Logger;
  /** Watch only these namespaces (one source per resource and namespace); undefined = all. */
  namespaces?: readonly string[];
  /** Sees each pod before the store does (the history marks evictions and unready pods). */
  observePod?: (pod: PodView) => void;
  /** Counts each source's objects and restarts (for /metrics). */
  telemetry?: SourceTelemetry;
  /** Passed to every source (tests shorten backoff and watchdog). */
  tuning?: SourceTuning;
}

export type SourceTuning = Pick<
  SourceOptions<ClusterObject>,
  'backoff' | 'watchTimeoutSeconds' | 'watchdogMs' | 'listPageSize' | 'listTimeoutMs'
> & {
  /** How often the kube-system namespace's UID is read (the cluster's identity); default 30 s. */
  identityCheckMs?: number;
};

/** A budget's page waits at most this long for its stored object (else it shows the watched one). */
const RAW_READ_TIMEOUT_MS = 3000;

/**
 * Discovers what the cluster serves, then starts one source per resource (per namespace when
 * limited), all feeding the store. A resource that is not served is shown as `absent`. While the
 * API server cannot be reached, discovery is retried with backoff (forever) and every source is
 * shown degraded with the reason; it resolves after the first attempt either way.
 */
export async function startClusterSources(
  options: ClusterSourcesOptions,
): Promise<{ sources: Source<ClusterObject>[]; stop(): Promise<void> }> {
  const { store, clock, logger } = options;
  const sources: Source<ClusterObject>[] = [];
  const standIns = new UnreachableSources({
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
    add: (id, handle) => store.addSource(id, handle),
    changed: (state) => store.sourceChanged(state),
    remove: (id) => store.removeSource(id),
  });
  const backoff = options.tuning?.backoff ?? { initialMs: 500, maxMs: 30_000 };
  let running: Started | undefined;
  let stopped = false;
  let retryTimer: TimerHandle | undefined;
  const attempt = async (n: number): Promise<void> => {
    let discovered: Discovered;
    try {
      discovered = await discoverResources(options.http);
    } catch (err) {
      if (stopped) return;
      const reason = `the API server cannot be reached: ${errorReason(err)}`;
      logger.warn({ attempt: n + 1, err: reason }, 'discovery failed: retrying');
      standIns.show(reason, clock.now());
      retryTimer = clock.setTimeout(() => void attempt(n + 1), backoffDelay(n, backoff));
      return;
    }
    if (stopped) return;
    running = startDiscovered({ options, discovered, sources });
    standIns.retire(new Set(sources.map((s) => s.current.id)));
  };
  await attempt(0);
  return {
    sources,
    stop: async () => {
      stopped = true;
      retryTimer?.cancel();
      await running?.stop();
    },
  };
}

interface Started {
  stop(): Promise<void>;
}

function startDiscovered({
  options,
  discovered,
  sources,
}: {
  options: ClusterSourcesOptions;
  discovered: Discovered;
  sources: Source<ClusterObject>[];
}): Started {
  const { store, clock, logger } = options;
  const { identityCheckMs, ...tuning } = options.tuning ?? {};
  const identity = new ClusterIdentity({
    http: options.http,
    clock,
    logger,
    relistAll: (reason) => {
      for (const source of sources) source.relist(reason);
    },
    publish: (change) => store.identityChanged(change),
    ...(identityCheckMs !== undefined ? { everyMs: identityCheckMs } : {}),
  });
  for (const a of discovered.absent) {
    store.addFixedSource({
      id: a.id,
      resource: a.resource,
      state: 'absent',
      reason: a.reason,
      since: clock.now().toISOString(),
      objects: 0,
      forbiddenNamespaces: [],
    });
  }
  const scales = new ScaleFetcher({
    http: options.http,
    logger,
    clock,
    onWorkload: (w) => store.sink.upsert(w),
    onApiResource: (key, info) => store.addApiResource(key, info),
  });
  store.setBeforeBuild(() => scales.settled());
  // Pods name their owners; owners we do not watch have their /scale fetched.
  const sink: SourceSink<ClusterObject> = {
    upsert: (o) => {
      if (o.kind === 'Pod') {
        const pod = o as PodView;
        if (pod.controller) scales.ownerSeen(pod.namespace, pod.controller);
        options.observePod?.(pod);
      }
      store.sink.upsert(o);
    },
    remove: (o) => store.sink.remove(o),
  };
  let stopped = false;
  let namespaceWatch: NamespaceWatch | undefined;
  // Every source's unreadable objects, as findings beside the rules' own.
  const unreadableBySource = new Map<Source<ClusterObject>, UnreadableObjects>();
  const publishUnreadable = () =>
    store.setSourceFindings(
      unreadableObjectFindings(
        [...unreadableBySource.values()].flatMap((u) => u.errors),
        'cluster',
      ),
    );
  const drop = (source: Source<ClusterObject>) => {
    store.removeSource(source.current.id);
    const at = sources.indexOf(source);
    if (at !== -1) sources.splice(at, 1);
    if (unreadableBySource.delete(source)) publishUnreadable();
  };
  // A cluster-wide 403 on a namespaced resource: RBAC may still allow some namespaces
  // (RoleBindings), so watch each namespace on its own, following the namespaces as they come
  // and go, and show which ones are refused. The resources that fall back share one watch.
  const fallBack = (spec: ResourceSpec, wide: Source<ClusterObject>) => {
    namespaceWatch ??= new NamespaceWatch({
      kc: options.kc,
      http: options.http,
      store,
      clock,
      logger,
      tuning,
    });
    namespaceWatch.follow(
      namespaceFallback({
        id: spec.id,
        wide,
        make: ({ namespace, awaited }) => make({ spec, namespace, awaited }),
        drop,
        stopped: () => stopped,
        logger,
        clock,
        probe: {
          everyMs: options.tuning?.backoff?.maxMs ?? 30_000,
          allowed: async () =>
            (await options.http.get(`${collectionPath(spec)}?limit=1`, { timeoutMs: 15_000 }))
              .status === 200,
          returnWide: () => {
            // A later 403 may fall back again.
            fellBack.delete(spec.id);
            return make({ spec });
          },
        },
      }),
    );
  };
  const make = ({
    spec,
    namespace,
    awaited = true,
  }: {
    spec: ResourceSpec;
    namespace?: string;
    /** False for a namespace that appeared after the fallback: readiness does not wait for it. */
    awaited?: boolean;
  }): Source<ClusterObject> => {
    const id = namespace === undefined ? spec.id : `${spec.id}@${namespace}`;
    const unreadable = new UnreadableObjects({
      kind: spec.kind,
      changed: () => {
        source.unreadableChanged();
        publishUnreadable();
      },
    });
    const read = projector(
      spec,
      (error, raw) => {
        logger.warn({ source: id, error }, 'object unreadable');
        unreadable.unreadable(raw, error);
      },
      store.interner,
    );
    const project = (raw: unknown) => {
      const held = read(raw);
      if (held)
        unreadable.readable({ namespace: held.metadata.namespace ?? '', name: held.metadata.name });
      return held;
    };
    const telemetry = options.telemetry ?? NO_TELEMETRY;
    const source = new Source<ClusterObject>({
      id,
      resource: `${spec.group === '' ? spec.version : `${spec.group}/${spec.version}`} ${spec.plural}${namespace === undefined ? '' : ` in ${namespace}`}`,
      ...(namespace !== undefined ? { namespace } : {}),
      kc: options.kc,
      http: options.http,
      path: collectionPath(spec, namespace),
      project,
      sink: {
        upsert: (o) => {
          telemetry.handled(id, 'upsert');
          sink.upsert(o);
        },
        remove: (o) => {
          telemetry.handled(id, 'delete');
          sink.remove(o);
        },
      },
      onRestart: () => {
        telemetry.restarted(id);
        // A reconnect is when a replaced cluster shows: look at its identity now.
        void identity.checkSoon();
      },
      onOtherCluster: (change) => identity.noticed({ ...change, sourceId: id }),
      unreadable,
      clock,
      logger,
      onState: (state) => store.sourceChanged(state),
      ...(namespace === undefined && spec.namespaced
        ? {
            onForbidden: () => {
              if (fellBack.has(spec.id)) return false;
              fellBack.add(spec.id);
              // Until the namespaces are listed the source stays as it is (then refused and
              // retried if they may not be listed).
              fallBack(spec, source);
              return true;
            },
          }
        : {}),
      ...tuning,
    });
    store.addSource(id, awaited ? source : { snapshot: () => source.snapshot(), settled: true });
    sources.push(source);
    unreadableBySource.set(source, unreadable);
    return source;
  };
  const fellBack = new Set<string>();
  for (const spec of discovered.specs) {
    // Once per resource, whatever sources (one, or one per namespace) watch it.
    if (spec.kind === 'PodDisruptionBudget' || spec.kind === 'PodUnavailableBudget')
      store.setRawReader(spec.kind, (ref) =>
        options.http.getOk(
          `${collectionPath(spec, ref.namespace)}/${encodeURIComponent(ref.name)}`,
          { timeoutMs: RAW_READ_TIMEOUT_MS },
        ),
      );
    if (spec.namespaced && options.namespaces)
      for (const namespace of options.namespaces) make({ spec, namespace });
    else make({ spec });
  }
  for (const s of sources) s.start();
  identity.start();
  return {
    stop: async () => {
      stopped = true;
      identity.stop();
      scales.stop();
      await Promise.all([...sources.map((s) => s.stop()), namespaceWatch?.stop()]);
    },
  };
}
