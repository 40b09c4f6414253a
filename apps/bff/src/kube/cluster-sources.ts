import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { ClusterStore } from '../store/cluster-store.js';
import { discoverResources } from './discovery.js';
import type { KubeHttp } from './http.js';
import { collectionPath, projector, type ClusterObject, type ResourceSpec } from './resources.js';
import { ScaleFetcher } from './scale.js';
import { Source, type SourceOptions, type SourceSink } from './source.js';
import type { OwnerRef, PodView } from '@pdbscope/shared';
import type { Timers } from './timers.js';

export interface ClusterSourcesOptions {
  kc: KubeConfig;
  http: KubeHttp;
  store: ClusterStore;
  timers: Timers;
  logger: Logger;
  /** Watch only these namespaces (one source per resource and namespace); undefined = all. */
  namespaces?: readonly string[];
  /** Passed to every source (tests shorten backoff and watchdog). */
  tuning?: Pick<
    SourceOptions<ClusterObject>,
    'backoff' | 'watchTimeoutSeconds' | 'watchdogMs' | 'listPageSize' | 'listTimeoutMs'
  >;
}

/**
 * Discovers what the cluster serves, then starts one source per resource (per namespace when
 * limited), all feeding the store. A resource that is not served is shown as `absent`.
 */
export async function startClusterSources(
  options: ClusterSourcesOptions,
): Promise<{ sources: Source<ClusterObject>[]; stop(): Promise<void> }> {
  const { store, timers, logger } = options;
  const discovered = await discoverResources(options.http);
  for (const a of discovered.absent) {
    store.addFixedSource({
      id: a.id,
      resource: a.resource,
      state: 'absent',
      reason: a.reason,
      since: timers.now().toISOString(),
      objects: 0,
      forbiddenNamespaces: [],
    });
  }
  const scales = new ScaleFetcher({
    http: options.http,
    logger,
    timers,
    onWorkload: (w) => store.sink.upsert(w),
    onApiResource: (key, info) => store.addApiResource(key, info),
  });
  store.setBeforeBuild(() => scales.settled());
  // Pods name their owners; owners we do not watch have their /scale fetched.
  const sink: SourceSink<ClusterObject> = {
    upsert: (o) => {
      if (o.kind === 'Pod' && (o as PodView).controller)
        scales.ownerSeen((o as PodView).namespace, (o as PodView).controller as OwnerRef);
      store.sink.upsert(o);
    },
    remove: (o) => store.sink.remove(o),
  };
  const sources: Source<ClusterObject>[] = [];
  const make = (spec: ResourceSpec, namespace?: string) => {
    const id = namespace === undefined ? spec.id : `${spec.id}@${namespace}`;
    const project = projector(spec, (error) =>
      logger.warn({ source: id, error }, 'object skipped'),
    );
    const keepsRaw = spec.kind === 'PodDisruptionBudget' || spec.kind === 'PodUnavailableBudget';
    const source = new Source<ClusterObject>({
      id,
      resource: `${spec.group === '' ? spec.version : `${spec.group}/${spec.version}`} ${spec.plural}${namespace === undefined ? '' : ` in ${namespace}`}`,
      ...(namespace !== undefined ? { namespace } : {}),
      kc: options.kc,
      http: options.http,
      path: collectionPath(spec, namespace),
      project: keepsRaw
        ? (raw) => {
            const held = project(raw);
            if (held) store.rememberRaw(held.view, raw);
            return held;
          }
        : project,
      sink,
      timers,
      logger,
      onState: (state) => store.sourceChanged(state),
      ...options.tuning,
    });
    store.addSource(id, source);
    sources.push(source);
  };
  for (const spec of discovered.specs) {
    if (spec.namespaced && options.namespaces) for (const ns of options.namespaces) make(spec, ns);
    else make(spec);
  }
  for (const s of sources) s.start();
  return {
    sources,
    stop: async () => {
      scales.stop();
      await Promise.all(sources.map((s) => s.stop()));
    },
  };
}
