import type { KubeConfig } from '@kubernetes/client-node';
import type { PodView } from '@pdbscope/shared';
import type { BudgetRef, ClusterIdentityChange } from '@pdbscope/shared/api';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import type { Logger } from 'pino';
import type { StoreHub } from '../events/store-hub.js';
import { NO_TELEMETRY, type SourceTelemetry } from '../metrics/telemetry.js';
import type { StorePort } from '../store/store-port.js';
import { backoffDelay } from './backoff.js';
import { ClusterIdentity } from './cluster-identity.js';
import { discoverResources, type Discovered } from './discovery.js';
import { refusedCredentialsReason } from './credentials.js';
import { errorReason, errorStatus, type KubeHttp } from './http.js';
import { Interner } from './intern.js';
import { RawBudgets } from './raw-budgets.js';
import { ResourceSources, type ResourceSourceTuning } from './resource-sources.js';
import { collectionPath } from './resources.js';
import { ScaleFetcher } from './scale.js';
import type { SourceReadiness } from './source-readiness.js';
import { storeSink } from './store-sink.js';
import { UnreachableSources } from './unreachable.js';

export interface ClusterSourcesOptions {
  kc: KubeConfig;
  http: KubeHttp;
  /** Where the objects, the unreadable ones' findings and the owners' scales go. */
  store: StorePort;
  /** Every source's state, and what the first build waits for. */
  readiness: SourceReadiness;
  /** Where clients hear that the cluster was restored or replaced. */
  hub: Pick<StoreHub, 'publish'>;
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

export type SourceTuning = ResourceSourceTuning & {
  /** How often the kube-system namespace's UID is read (the cluster's identity); default 30 s. */
  identityCheckMs?: number;
};

/** A budget's page waits at most this long for its stored object (else it shows the watched one). */
const RAW_READ_TIMEOUT_MS = 3000;

/** What runs once discovery has answered. */
interface Discovering {
  stop(): Promise<void>;
}

/**
 * The control path of a watched cluster: discovers what the cluster serves, then starts one
 * source per resource (per namespace when limited), all feeding the store through its port. A
 * resource that is not served is shown as `absent`. While the API server cannot be reached,
 * discovery is retried with backoff (forever) and every source is shown degraded with the
 * reason. It owns the sources' lifecycle and readiness, the cluster's identity, the budgets' raw
 * reads and the pods' interner.
 */
export class ClusterSources {
  /** Shares pods' recurring values; the pod sources intern with it, deletes bound it. */
  readonly interner = new Interner();
  private readonly rawBudgets: RawBudgets;
  private readonly standIns: UnreachableSources;
  private resources: ResourceSources | undefined;
  private running: Discovering | undefined;
  private lastIdentityChange: ClusterIdentityChange | undefined;
  private retryTimer: TimerHandle | undefined;
  private stopped = false;

  constructor(private readonly options: ClusterSourcesOptions) {
    const { readiness } = options;
    this.rawBudgets = new RawBudgets({ logger: options.logger });
    this.standIns = new UnreachableSources({
      ...(options.namespaces ? { namespaces: options.namespaces } : {}),
      add: (id, handle) => readiness.add(id, handle),
      changed: (state) => readiness.changed(state),
      remove: (id) => readiness.remove(id),
    });
  }

  /** The last time the cluster was found restored or replaced, if ever. */
  get identityChange(): ClusterIdentityChange | undefined {
    return this.lastIdentityChange;
  }

  /** The budget as the API server stores it now; undefined when it cannot be read. */
  rawBudget(ref: BudgetRef): Promise<unknown> {
    return this.rawBudgets.read(ref);
  }

  /** Discovers and starts the sources; resolves after the first attempt, answered or not. */
  async start(): Promise<void> {
    await this.attempt(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.retryTimer?.cancel();
    await this.running?.stop();
  }

  private async attempt(n: number): Promise<void> {
    const { clock, logger } = this.options;
    let discovered: Discovered;
    try {
      discovered = await discoverResources(this.options.http);
    } catch (err) {
      if (this.stopped) return;
      // It answered, refusing the credentials: reachable, and what to renew is said instead.
      const unauthorized = errorStatus(err) === 401;
      const reason = unauthorized
        ? refusedCredentialsReason(this.options.kc)
        : `the API server cannot be reached: ${errorReason(err)}`;
      logger.warn({ attempt: n + 1, err: reason }, 'discovery failed: retrying');
      this.standIns.show(reason, clock.now(), unauthorized ? 'credentials' : 'degraded');
      const backoff = this.options.tuning?.backoff ?? { initialMs: 500, maxMs: 30_000 };
      this.retryTimer = clock.setTimeout(() => void this.attempt(n + 1), backoffDelay(n, backoff));
      return;
    }
    if (this.stopped) return;
    this.running = this.startDiscovered(discovered);
    const started = this.resources?.all ?? [];
    this.standIns.retire(new Set(started.map((s) => s.current.id)));
  }

  private startDiscovered(discovered: Discovered): Discovering {
    const { options } = this;
    const { store, readiness, clock, logger } = options;
    const { identityCheckMs, ...tuning } = options.tuning ?? {};
    const identity = this.identity(identityCheckMs);
    for (const a of discovered.absent)
      readiness.addFixed({
        id: a.id,
        resource: a.resource,
        state: 'absent',
        reason: a.reason,
        since: clock.now().toISOString(),
        objects: 0,
        forbiddenNamespaces: [],
      });
    const scales = new ScaleFetcher({
      http: options.http,
      logger,
      clock,
      onWorkload: (object) => store.apply({ type: 'upsert', object }),
      onApiResource: (key, info) => store.apply({ type: 'api-resource', key, info }),
    });
    readiness.setBeforeBuild(() => scales.settled());
    const resources = (this.resources = new ResourceSources({
      kc: options.kc,
      http: options.http,
      clock,
      logger,
      readiness,
      sink: storeSink({
        store,
        interner: this.interner,
        ownerSeen: (namespace, owner) => scales.ownerSeen(namespace, owner),
        ...(options.observePod ? { observePod: options.observePod } : {}),
      }),
      unreadable: (findings) => store.apply({ type: 'source-findings', findings }),
      interner: this.interner,
      identity,
      telemetry: options.telemetry ?? NO_TELEMETRY,
      tuning,
    }));
    for (const spec of discovered.specs) {
      // Once per resource, whatever sources (one, or one per namespace) watch it.
      if (spec.kind === 'PodDisruptionBudget' || spec.kind === 'PodUnavailableBudget')
        this.rawBudgets.setReader(spec.kind, (ref) =>
          options.http.getOk(
            `${collectionPath(spec, ref.namespace)}/${encodeURIComponent(ref.name)}`,
            { timeoutMs: RAW_READ_TIMEOUT_MS },
          ),
        );
      if (spec.namespaced && options.namespaces)
        for (const namespace of options.namespaces) resources.make({ spec, namespace });
      else resources.make({ spec });
    }
    for (const s of resources.all) s.start();
    identity.start();
    return {
      stop: async () => {
        identity.stop();
        scales.stop();
        await resources.stop();
      },
    };
  }

  /** The cluster's identity: a change makes every source relist, and clients are told. */
  private identity(everyMs: number | undefined): ClusterIdentity {
    return new ClusterIdentity({
      http: this.options.http,
      clock: this.options.clock,
      logger: this.options.logger,
      relistAll: (reason) => this.resources?.relistAll(reason),
      publish: (change) => {
        this.lastIdentityChange = change;
        this.options.hub.publish({ type: 'cluster-identity-changed', change });
      },
      ...(everyMs !== undefined ? { everyMs } : {}),
    });
  }
}
