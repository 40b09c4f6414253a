import type { KubeConfig, Watch } from '@kubernetes/client-node';
import type { ClusterIdentityCause, SourceState } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import { refusedCredentialsReason } from './credentials.js';
import { errorReason, errorStatus, type KubeHttp } from './http.js';
import { otherClusterEvent, ResourceVersionTracker } from './cluster-identity.js';
import { ListWatchLoop } from './list-watch.js';
import { ProjectingWatch, type Held } from './projecting-watch.js';
import { SourceList } from './source-list.js';
import { enterState, initialState, touchState } from './source-state.js';
import type { Clock } from '@pdbscope/shared/clock';
import { RestartPolicy } from './restart-policy.js';
import { KubeWatch } from './watch-stream.js';
import { protobufSchemaFor } from './wire.js';
import {
  heldUnderNewVersion,
  withUnreadable,
  type UnreadableObjects,
} from './unreadable-objects.js';

/** Where a source's objects go: the store. */
export interface SourceSink<T> {
  upsert(view: T): void;
  remove(view: T): void;
}

export interface SourceOptions<T> {
  id: string;
  /** For display, e.g. `policy/v1 poddisruptionbudgets`. */
  resource: string;
  /** Set when the source watches one namespace; a 403 then names it. */
  namespace?: string;
  kc: KubeConfig;
  http: KubeHttp;
  /** Collection path, e.g. `/api/v1/pods`. */
  path: string;
  /** Raw object → slim view with its key, or undefined to drop it. */
  project: (raw: unknown) => Held<T> | undefined;
  sink: SourceSink<T>;
  clock: Clock;
  logger: Logger;
  onState: (state: SourceState) => void;
  backoff?: { initialMs: number; maxMs: number };
  /** Sent to the server; it ends the watch after this long and we resume from the last resourceVersion. */
  watchTimeoutSeconds?: number;
  /** No event, bookmark or reconnect for this long means the connection is dead. */
  watchdogMs?: number;
  listPageSize?: number;
  listTimeoutMs?: number;
  /**
   * Called on a 403 with the server's error; returning true means the caller takes over (e.g.
   * falls back to one source per namespace, or calls {@link Source.retryLater}) and this source
   * does not retry by itself.
   */
  onForbidden?: (err: unknown) => boolean;
  /**
   * Replaces the watch (tests; lists are then always paged); otherwise the BFF's own, in
   * protobuf where the resource has it, and lists are streamed where the server does it.
   */
  watch?: Pick<Watch, 'watch'>;
  /** Told each time the watch is started again after an error (for /metrics). */
  onRestart?: () => void;
  /**
   * Told each time a watch connects again (after an error, a 410 or its end): a server started
   * again under the same address shows only then, when its versions may not have gone back.
   */
  onReconnected?: () => void;
  /** Told when this source's list or watch shows a restored or replaced cluster. */
  onOtherCluster?: (change: { cause: ClusterIdentityCause; reason: string }) => void;
  /**
   * The objects `project` could not read (it records them there); listed in the state, and
   * forgotten when deleted or missing from a full list.
   */
  unreadable?: UnreadableObjects;
  /**
   * Refused (403): tell the sink every object held is gone, and list afresh when allowed again.
   * What may not be read is not shown as if it were current (the answers say it is not visible).
   * Off by default: the namespaces' watch keeps the namespaces it has.
   */
  dropWhenRefused?: boolean;
  /**
   * Told each time a list has been applied, before its watch connects: what only needs the
   * objects (not a live watch) need not wait a round trip more.
   */
  onListed?: () => void;
}

/** How long a resumed watch may take to connect before the source stops calling itself live. */
const REWATCH_GRACE_MS = 500;

/**
 * One watched resource: a list-then-watch loop with a paging list, restarted by its
 * {@link RestartPolicy} (backoff after any error: the loop stops on anything but a 410; a
 * watchdog for silent connections), and a visible state.
 */
export class Source<T> {
  private state: SourceState;
  private readonly listWatch: ListWatchLoop<T>;
  private readonly watch: ProjectingWatch<T>;
  private readonly restarts: RestartPolicy;
  private stopped = true;
  private synced = false;
  private forbidden = false;
  private count = 0;
  private readonly lists: SourceList<T>;
  private readonly versions = new ResourceVersionTracker();
  /** Set when a watch event showed another cluster: the next list replaces everything held. */
  private otherCluster: string | undefined;
  /** How many times a watch has connected: a timer set before the next one can tell. */
  private connections = 0;

  constructor(private readonly options: SourceOptions<T>) {
    this.state = initialState({
      id: options.id,
      resource: options.resource,
      now: options.clock.now(),
    });
    const timeoutSeconds = options.watchTimeoutSeconds ?? 240;
    const { wire } = options.http;
    const protobuf = wire.protobuf ? protobufSchemaFor(options.path) : undefined;
    const watch = options.watch ?? new KubeWatch(options.http, protobuf);
    this.lists = new SourceList<T>({
      ...options,
      ...(protobuf ? { protobuf } : {}),
      ...(options.watch === undefined && wire.watchList
        ? { streamWith: { watch, clock: options.clock, timeoutSeconds } }
        : {}),
      onFallback: (reason) => options.logger.info({ source: options.id, reason }, 'paged lists'),
      // Not when the list may come from another cluster: a name and version alike say nothing.
      heldAt: ({ name, namespace, resourceVersion }) => {
        if (this.otherCluster !== undefined) return undefined;
        const held = this.listWatch.get(name, namespace === '' ? undefined : namespace);
        return held?.metadata.resourceVersion === resourceVersion ? held : undefined;
      },
    });
    this.restarts = new RestartPolicy({
      clock: options.clock,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      watchdogMs: options.watchdogMs ?? (timeoutSeconds + 30) * 1000,
      restart: () => this.restart(),
      silent: (ms) =>
        this.failed(new Error(`no event for ${Math.round(ms / 1000)} s: restarting the watch`)),
    });
    this.watch = new ProjectingWatch<T>({
      watch,
      project: options.project,
      timeoutSeconds,
      onActivity: () => this.restarts.activity(),
      onConnected: () => this.connected(),
      check: (phase, obj) => this.checkEvent(phase, obj),
      ...(options.unreadable
        ? {
            deleted: (raw: unknown) => options.unreadable?.deleted(raw),
            heldFor: (raw: unknown) =>
              heldUnderNewVersion(raw, (name, namespace) => this.listWatch.get(name, namespace)),
          }
        : {}),
    });
    this.listWatch = new ListWatchLoop<T>({
      path: options.path,
      watch: this.watch,
      list: () => this.list(),
      on: {
        add: (held) => this.upsert(held, true),
        update: (held) => this.upsert(held, false),
        delete: (held) => this.remove(held),
        error: (err) => this.failed(err),
        relisting: () => this.expired(),
        rewatching: () => this.rewatching(),
        ...(options.onListed ? { listed: options.onListed } : {}),
      },
    });
  }

  get current(): SourceState {
    return this.state;
  }

  /** True once the first list has been applied (and ever after). */
  get hasSynced(): boolean {
    return this.synced;
  }

  /**
   * Synced, or refused with a 403: readiness does not wait for what we may not read (the
   * source stays refused and says what is missing, and keeps retrying).
   */
  get settled(): boolean {
    return this.synced || this.forbidden;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.restarts.start();
    void this.listWatch.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.restarts.stop();
    this.watch.invalidate();
    this.listWatch.stop();
  }

  private async list(): Promise<{ items: readonly Held<T>[]; resourceVersion: string }> {
    const page = await this.lists.list();
    this.restarts.activity();
    const rewound =
      this.otherCluster === undefined ? this.versions.seen(page.resourceVersion) : undefined;
    if (rewound !== undefined) this.notice({ cause: 'resource-version-rewound', reason: rewound });
    if (this.otherCluster !== undefined) this.replaceAll(page);
    this.lists.handOver(page.items);
    return { items: page.items, resourceVersion: page.resourceVersion };
  }

  /**
   * A watch event from another cluster (a version gone back, a UID changed without a delete):
   * remembered, so that the relist it causes replaces everything held.
   */
  private checkEvent(phase: string, obj: unknown): string | undefined {
    const change = otherClusterEvent({
      phase,
      obj,
      versions: this.versions,
      held: (name, namespace) => this.listWatch.get(name, namespace),
    });
    if (change !== undefined) this.notice(change);
    return change?.reason;
  }

  /** The set of unreadable objects changed: clients hear the state again. */
  unreadableChanged(): void {
    this.setState(this.state);
  }

  /** This source saw another cluster: it relists, and the cluster's identity is told. */
  private notice(change: { cause: ClusterIdentityCause; reason: string }): void {
    this.relisting(change.reason);
    this.options.onOtherCluster?.(change);
  }

  /**
   * A watch ended and the next resumes where it stopped: events made meanwhile arrive late, not
   * lost. A new watch normally connects within milliseconds; one that takes longer (a busy API
   * server, a backoff) leaves the source not following the cluster, and it says so.
   */
  private rewatching(): void {
    const at = this.connections;
    this.options.clock.setTimeout(() => {
      if (this.stopped || this.connections !== at || this.state.state !== 'live') return;
      this.setState(
        enterState(this.state, {
          state: 'syncing',
          reason: 'reconnecting the watch',
          now: this.options.clock.now(),
        }),
      );
    }, REWATCH_GRACE_MS);
  }

  /**
   * The watch's resourceVersion expired (410): what is held misses the events since, until the
   * list that follows is applied. Not `live` meanwhile; a relist for another reason says its own.
   */
  private expired(): void {
    if (this.state.state !== 'live') return;
    this.setState(
      enterState(this.state, {
        state: 'syncing',
        reason: 'the watch expired (410 Gone): listing again',
        now: this.options.clock.now(),
      }),
    );
  }

  private relisting(reason: string): void {
    this.otherCluster = reason;
    this.options.logger.warn({ source: this.options.id, reason }, 'relisting');
    this.setState(
      enterState(this.state, { state: 'syncing', reason, now: this.options.clock.now() }),
    );
  }

  /**
   * Another source, or the kube-system check, found the cluster restored or replaced: list again
   * and replace everything held. A list under way (or a restart waiting for its backoff) becomes
   * that list; a source already relisting for this reason is left to finish.
   */
  relist(reason: string): void {
    if (this.stopped || this.otherCluster !== undefined) return;
    this.relisting(reason);
    this.listWatch.resourceVersion = '';
    if (this.lists.listing || this.restarts.restartPending) return;
    this.restarts.restartNow();
  }

  /**
   * The list comes from a restored or replaced cluster: what the loop holds cannot be compared
   * with it by resourceVersion (the same version may name another state now), so it forgets
   * everything, hands over the whole list as new, and the objects the list no longer has are
   * removed here.
   */
  private replaceAll(page: { items: readonly Held<T>[]; resourceVersion: string }) {
    this.otherCluster = undefined;
    this.versions.restart(page.resourceVersion);
    const keyOf = (h: Held<T>) => `${h.metadata.namespace ?? ''}/${h.metadata.name}`;
    const kept = new Set(page.items.map(keyOf));
    const previous = this.listWatch.list();
    // Forgotten unannounced: a relist would otherwise skip same-version objects.
    this.listWatch.forget();
    this.count = 0;
    for (const held of previous) if (!kept.has(keyOf(held))) this.options.sink.remove(held.view);
  }

  private upsert(held: Held<T>, added: boolean): void {
    if (added) this.count++;
    if (!this.lists.handedOver(held)) this.options.sink.upsert(held.view);
  }

  private remove(held: Held<T>): void {
    this.count = Math.max(0, this.count - 1);
    this.options.sink.remove(held.view);
  }

  /** The watch is streaming: a list (if any) has been applied before it started. */
  private connected(): void {
    this.connections++;
    if (this.connections > 1) this.options.onReconnected?.();
    this.lists.watching();
    this.restarts.activity();
    this.restarts.connected();
    this.synced = true;
    this.setState(enterState(this.state, { state: 'live', now: this.options.clock.now() }));
  }

  private failed(err: unknown): void {
    if (this.stopped) return;
    const status = errorStatus(err);
    // A watch refused its credential (expired in flight, revoked): the restart takes a fresh one.
    if (status === 401) this.options.http.credentialsRejected();
    // What renews refused credentials, not the server's bare "Unauthorized".
    const reason = status === 401 ? refusedCredentialsReason(this.options.kc) : errorReason(err);
    this.forbidden = status === 403;
    if (this.forbidden && this.options.onForbidden?.(err) === true) {
      // Not settled while the fallback is made: readiness waits for what replaces this source.
      this.forbidden = false;
      return;
    }
    this.options.logger.warn({ source: this.options.id, status, err: reason }, 'source degraded');
    const forbidden =
      status === 403 && this.options.namespace !== undefined ? [this.options.namespace] : undefined;
    if (status === 403) this.dropHeld();
    this.setState(
      enterState(this.state, {
        // A 403 is missing permission, not a broken watch: its objects are not visible. A 401 is
        // credentials to renew, not a broken watch either.
        state: status === 403 ? 'refused' : status === 401 ? 'credentials' : 'degraded',
        reason,
        now: this.options.clock.now(),
        ...(forbidden ? { forbiddenNamespaces: forbidden } : {}),
      }),
    );
    this.restarts.restartLater();
  }

  /**
   * Refused: what it held leaves the store (see `dropWhenRefused`), and the next start lists anew,
   * since a watch resumed from the last version would not bring it back.
   */
  private dropHeld(): void {
    if (this.options.dropWhenRefused !== true) return;
    const held = this.listWatch.list();
    this.listWatch.forget();
    this.listWatch.resourceVersion = '';
    this.count = 0;
    for (const h of held) this.options.sink.remove(h.view);
  }

  /** Resume from the last resourceVersion (a 410 then makes the loop relist). */
  private restart(): void {
    if (this.stopped) return;
    this.options.onRestart?.();
    this.watch.invalidate();
    this.restarts.activity();
    void this.listWatch.start();
  }

  private setState(next: SourceState): void {
    this.state = touchState(next, { now: this.options.clock.now(), objects: this.count });
    this.options.onState(withUnreadable(this.state, this.options.unreadable));
  }

  /**
   * Refused with `reason` (by default: a fallback to one source per namespace could not be
   * made) and retried with backoff. A later failure of another kind shows its own state and reason.
   */
  retryLater(
    reason = 'forbidden cluster-wide, and the namespaces cannot be listed: pass --namespace',
  ): void {
    if (this.stopped) return;
    this.forbidden = true;
    this.dropHeld();
    this.setState(
      enterState(this.state, { state: 'refused', reason, now: this.options.clock.now() }),
    );
    this.restarts.restartLater();
  }

  /** Stops, and tells the sink every object it held is gone (a replacement source brings them back). */
  async retire(): Promise<void> {
    await this.stop();
    for (const held of this.listWatch.list()) this.options.sink.remove(held.view);
  }

  /** Refresh `objects` and `lastEventAt` for display (not an event of its own). */
  snapshot(): SourceState {
    const state = withUnreadable(this.state, this.options.unreadable);
    const lastActivity = this.restarts.lastActivityMs;
    return lastActivity === 0
      ? { ...state, objects: this.count }
      : { ...state, objects: this.count, lastEventAt: new Date(lastActivity).toISOString() };
  }
}
