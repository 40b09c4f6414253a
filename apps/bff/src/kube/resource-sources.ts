import type { KubeConfig } from '@kubernetes/client-node';
import { unreadableObjectFindings, type Finding } from '@pdbscope/shared';
import type { Clock } from '@pdbscope/shared/clock';
import type { Logger } from 'pino';
import type { SourceTelemetry } from '../metrics/telemetry.js';
import type { ClusterIdentity } from './cluster-identity.js';
import type { KubeHttp } from './http.js';
import type { Interner } from './intern.js';
import { namespaceFallback } from './namespace-fallback.js';
import { NamespaceWatch } from './namespace-watch.js';
import {
  apiVersionOf,
  collectionPath,
  projector,
  type ClusterObject,
  type ResourceSpec,
} from './resources.js';
import { Source, type SourceOptions, type SourceSink } from './source.js';
import type { SourceReadiness } from './source-readiness.js';
import { UnreadableObjects } from './unreadable-objects.js';

/** What every source of a resource is tuned with (tests shorten backoff and watchdog). */
export type ResourceSourceTuning = Pick<
  SourceOptions<ClusterObject>,
  'backoff' | 'watchTimeoutSeconds' | 'watchdogMs' | 'listPageSize' | 'listTimeoutMs'
>;

export interface ResourceSourcesOptions {
  kc: KubeConfig;
  http: KubeHttp;
  clock: Clock;
  logger: Logger;
  readiness: Pick<SourceReadiness, 'add' | 'remove' | 'changed'>;
  /** Where every source's objects go. */
  sink: SourceSink<ClusterObject>;
  /** Every source's unreadable objects as findings (beside the rules' own), told on each change. */
  unreadable: (findings: Finding[]) => void;
  /** The pod sources intern their pods' recurring values with it. */
  interner: Interner;
  identity: Pick<ClusterIdentity, 'checkSoon' | 'noticed'>;
  telemetry: SourceTelemetry;
  tuning: ResourceSourceTuning;
}

/** Which source to make: a resource's, cluster-wide or in one namespace. */
interface SourceSpec {
  spec: ResourceSpec;
  namespace?: string;
  /** False for a namespace that appeared after the fallback: readiness does not wait for it. */
  awaited?: boolean;
}

/**
 * The sources of the discovered resources: one per resource (or per resource and namespace),
 * each registered with readiness, its unreadable objects kept as findings. A namespaced resource
 * refused cluster-wide falls back to one source per namespace.
 */
export class ResourceSources {
  private readonly sources: Source<ClusterObject>[] = [];
  private readonly ledgers = new Map<Source<ClusterObject>, UnreadableObjects>();
  /** The resources watched namespace by namespace now. */
  private readonly fellBack = new Set<string>();
  private namespaceWatch: NamespaceWatch | undefined;
  private stopped = false;

  constructor(private readonly options: ResourceSourcesOptions) {}

  /** Every source now, in the order they were made. */
  get all(): readonly Source<ClusterObject>[] {
    return this.sources;
  }

  /** Makes and registers (does not start) a resource's source, cluster-wide or in one namespace. */
  make({ spec, namespace, awaited = true }: SourceSpec): Source<ClusterObject> {
    const { options } = this;
    const id = namespace === undefined ? spec.id : `${spec.id}@${namespace}`;
    const unreadable = new UnreadableObjects({
      kind: spec.kind,
      changed: () => {
        source.unreadableChanged();
        this.publishUnreadable();
      },
    });
    const source: Source<ClusterObject> = new Source<ClusterObject>({
      id,
      resource: `${apiVersionOf(spec)} ${spec.plural}${namespace === undefined ? '' : ` in ${namespace}`}`,
      ...(namespace !== undefined ? { namespace } : {}),
      kc: options.kc,
      http: options.http,
      path: collectionPath(spec, namespace),
      project: this.projectInto(unreadable, { spec, id }),
      sink: this.counted(id),
      onRestart: () => options.telemetry.restarted(id),
      // A reconnect is when a replaced cluster shows (at the restart it may not answer yet, and
      // its versions need not go back): look at its identity once the watch is in again.
      onReconnected: () => void options.identity.checkSoon(),
      onOtherCluster: (change) => options.identity.noticed({ ...change, sourceId: id }),
      unreadable,
      dropWhenRefused: true,
      clock: options.clock,
      logger: options.logger,
      onState: (state) => options.readiness.changed(state),
      ...(namespace === undefined && spec.namespaced
        ? { onForbidden: () => this.forbiddenWide(spec, source) }
        : {}),
      ...options.tuning,
    });
    options.readiness.add(
      id,
      awaited ? source : { snapshot: () => source.snapshot(), settled: true },
    );
    this.sources.push(source);
    this.ledgers.set(source, unreadable);
    return source;
  }

  /** The cluster was restored or replaced: every source lists again and replaces what it holds. */
  relistAll(reason: string): void {
    for (const source of this.sources) source.relist(reason);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.sources.map((s) => s.stop()), this.namespaceWatch?.stop()]);
  }

  /** Raw object → what the store keeps, each object that does not read kept in the ledger. */
  private projectInto(
    unreadable: UnreadableObjects,
    { spec, id }: { spec: ResourceSpec; id: string },
  ): SourceOptions<ClusterObject>['project'] {
    const read = projector(
      spec,
      (error, raw) => {
        this.options.logger.warn({ source: id, error }, 'object unreadable');
        unreadable.unreadable(raw, error);
      },
      this.options.interner,
    );
    return (raw) => {
      const held = read(raw);
      if (held)
        unreadable.readable({ namespace: held.metadata.namespace ?? '', name: held.metadata.name });
      return held;
    };
  }

  /** The sink, each object counted for the source's telemetry on its way. */
  private counted(id: string): SourceSink<ClusterObject> {
    const { telemetry, sink } = this.options;
    return {
      upsert: (o) => {
        telemetry.handled(id, 'upsert');
        sink.upsert(o);
      },
      remove: (o) => {
        telemetry.handled(id, 'delete');
        sink.remove(o);
      },
    };
  }

  private publishUnreadable(): void {
    this.options.unreadable(
      unreadableObjectFindings(
        [...this.ledgers.values()].flatMap((u) => u.errors),
        'cluster',
      ),
    );
  }

  private drop(source: Source<ClusterObject>): void {
    this.options.readiness.remove(source.current.id);
    const at = this.sources.indexOf(source);
    if (at !== -1) this.sources.splice(at, 1);
    if (this.ledgers.delete(source)) this.publishUnreadable();
  }

  /**
   * A cluster-wide 403 on a namespaced resource: RBAC may still allow some namespaces
   * (RoleBindings), so watch each namespace on its own, following the namespaces as they come
   * and go, and show which ones are refused. Until the namespaces are listed the source stays as
   * it is (then refused and retried if they may not be listed). The resources that fall back
   * share one namespace watch. False when the resource has fallen back already.
   */
  private forbiddenWide(spec: ResourceSpec, wide: Source<ClusterObject>): boolean {
    if (this.fellBack.has(spec.id)) return false;
    this.fellBack.add(spec.id);
    const { options } = this;
    this.namespaceWatch ??= new NamespaceWatch({
      kc: options.kc,
      http: options.http,
      readiness: options.readiness,
      clock: options.clock,
      logger: options.logger,
      tuning: options.tuning,
    });
    this.namespaceWatch.follow(
      namespaceFallback({
        id: spec.id,
        wide,
        make: ({ namespace, awaited }) => this.make({ spec, namespace, awaited }),
        drop: (source) => this.drop(source),
        stopped: () => this.stopped,
        logger: options.logger,
        clock: options.clock,
        probe: {
          everyMs: options.tuning.backoff?.maxMs ?? 30_000,
          allowed: async () =>
            (await options.http.get(`${collectionPath(spec)}?limit=1`, { timeoutMs: 15_000 }))
              .status === 200,
          returnWide: () => {
            // A later 403 may fall back again.
            this.fellBack.delete(spec.id);
            return this.make({ spec });
          },
        },
      }),
    );
    return true;
  }
}
