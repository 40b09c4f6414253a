import { Watch, type KubeConfig } from '@kubernetes/client-node';
import type { ClusterIdentityCause, SourceState } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import { errorReason, errorStatus, type KubeHttp } from './http.js';
import { listAllPages } from './paged-list.js';
import { ResourceVersionTracker, uidChanged } from './cluster-identity.js';
import { ListWatchLoop } from './list-watch.js';
import { ProjectingWatch, type Held } from './projecting-watch.js';
import { enterState, initialState, touchState } from './source-state.js';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { backoffDelay } from './backoff.js';
import type { UnreadableObjects } from './unreadable-objects.js';

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
  /** Replaces client-node's Watch (tests); the real one is used otherwise. */
  watch?: Pick<Watch, 'watch'>;
  /** Told each time the watch is started again after an error (for /metrics). */
  onRestart?: () => void;
  /** Told when this source's list or watch shows a restored or replaced cluster. */
  onOtherCluster?: (change: { cause: ClusterIdentityCause; reason: string }) => void;
  /**
   * The objects `project` could not read (it records them there); listed in the state, and
   * forgotten when deleted or missing from a full list.
   */
  unreadable?: UnreadableObjects;
}

/**
 * One watched resource: a list-then-watch loop with a paging list, restarted with backoff
 * after any error (the loop stops on anything but a 410), a watchdog for silent
 * connections, and a visible state.
 */
export class Source<T> {
  private state: SourceState;
  private readonly listWatch: ListWatchLoop<T>;
  private readonly watch: ProjectingWatch<T>;
  private attempts = 0;
  private restartTimer: TimerHandle | undefined;
  private watchdogTimer: TimerHandle | undefined;
  private lastActivity = 0;
  private stopped = true;
  private synced = false;
  private forbidden = false;
  private count = 0;
  /**
   * The last list's items, handed to the sink page by page as they arrived; the loop then adds
   * them in the same order, and those adds only count (the sink has them already).
   */
  private listed: readonly Held<T>[] | undefined;
  private listedAt = 0;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly watchdogMs: number;
  private readonly versions = new ResourceVersionTracker();
  /** Set when a watch event showed another cluster: the next list replaces everything held. */
  private otherCluster: string | undefined;
  private listing = false;
  private restartPending = false;

  constructor(private readonly options: SourceOptions<T>) {
    this.state = initialState({
      id: options.id,
      resource: options.resource,
      now: options.clock.now(),
    });
    this.backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
    const timeoutSeconds = options.watchTimeoutSeconds ?? 240;
    this.watchdogMs = options.watchdogMs ?? (timeoutSeconds + 30) * 1000;
    this.watch = new ProjectingWatch<T>({
      watch: options.watch ?? new Watch(options.kc),
      project: options.project,
      timeoutSeconds,
      onActivity: () => this.activity(),
      onConnected: () => this.connected(),
      check: (phase, obj) => this.checkEvent(phase, obj),
      ...(options.unreadable
        ? {
            deleted: (raw: unknown) => options.unreadable?.deleted(raw),
            heldFor: (raw: unknown) => this.heldFor(raw),
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
    this.armWatchdog();
    void this.listWatch.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.restartTimer?.cancel();
    this.watchdogTimer?.cancel();
    this.watch.invalidate();
    this.listWatch.stop();
  }

  private async list(): Promise<{ items: readonly Held<T>[]; resourceVersion: string }> {
    this.listing = true;
    const unreadable = this.options.unreadable;
    unreadable?.listStarted();
    const page = await listAllPages({
      http: this.options.http,
      path: this.options.path,
      project: this.options.project,
      // Each page goes to the store as it arrives (the index loads it while the next page is in
      // flight); the loop's own adds of the same objects at the end are only counted.
      onPage: (page) => {
        for (const held of page) this.options.sink.upsert(held.view);
      },
      ...(this.options.listPageSize !== undefined ? { limit: this.options.listPageSize } : {}),
      ...(this.options.listTimeoutMs !== undefined
        ? { timeoutMs: this.options.listTimeoutMs }
        : {}),
    })
      .catch((err: unknown) => {
        unreadable?.listFailed();
        throw err;
      })
      .finally(() => (this.listing = false));
    unreadable?.listCompleted();
    this.activity();
    const rewound =
      this.otherCluster === undefined ? this.versions.seen(page.resourceVersion) : undefined;
    if (rewound !== undefined) this.notice({ cause: 'resource-version-rewound', reason: rewound });
    if (this.otherCluster !== undefined) this.replaceAll(page);
    this.listed = page.items;
    this.listedAt = 0;
    return { items: page.items, resourceVersion: page.resourceVersion };
  }

  /**
   * A watch event from another cluster (a version gone back, a UID changed without a delete):
   * remembered, so that the relist it causes replaces everything held.
   */
  private checkEvent(phase: string, obj: unknown): string | undefined {
    const metadata = (obj as { metadata?: { resourceVersion?: unknown; uid?: unknown } } | null)
      ?.metadata;
    const version = typeof metadata?.resourceVersion === 'string' ? metadata.resourceVersion : '';
    const rewound = phase === 'ERROR' ? undefined : this.versions.seen(version);
    if (rewound !== undefined) {
      this.notice({ cause: 'resource-version-rewound', reason: rewound });
      return rewound;
    }
    if (phase !== 'MODIFIED') return undefined;
    const { name, namespace } = (obj as Held<T>).metadata;
    const held = this.listWatch.get(name, namespace) as { metadata: { uid?: unknown } } | undefined;
    const replaced = uidChanged({
      key: namespace === undefined ? name : `${namespace}/${name}`,
      held: typeof held?.metadata.uid === 'string' ? held.metadata.uid : undefined,
      arrived: typeof metadata?.uid === 'string' ? metadata.uid : undefined,
    });
    if (replaced !== undefined) this.notice({ cause: 'uid-changed', reason: replaced });
    return replaced;
  }

  /**
   * What is held for an object whose new version does not read, under the event's
   * resourceVersion: the watch deletes it, so the store keeps no stale version of it.
   */
  private heldFor(raw: unknown): Held<T> | undefined {
    const metadata = (raw as { metadata?: Record<string, unknown> } | null)?.metadata;
    const name = metadata?.['name'];
    const namespace = metadata?.['namespace'];
    const version = metadata?.['resourceVersion'];
    if (typeof name !== 'string' || typeof version !== 'string') return undefined;
    const held = this.listWatch.get(name, typeof namespace === 'string' ? namespace : undefined);
    return held ? { ...held, metadata: { ...held.metadata, resourceVersion: version } } : undefined;
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
    if (this.listing || this.restartPending) return;
    this.restartTimer?.cancel();
    this.restart();
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
    if (!this.handedOver(held)) this.options.sink.upsert(held.view);
  }

  /** Whether this is the next of the listed items (a scan that finds nothing ends the list's turn). */
  private handedOver(held: Held<T>): boolean {
    const listed = this.listed;
    if (!listed) return false;
    while (this.listedAt < listed.length && listed[this.listedAt] !== held) this.listedAt++;
    if (this.listedAt < listed.length) {
      this.listedAt++;
      return true;
    }
    this.listed = undefined;
    return false;
  }

  private remove(held: Held<T>): void {
    this.count = Math.max(0, this.count - 1);
    this.options.sink.remove(held.view);
  }

  private activity(): void {
    this.lastActivity = this.options.clock.now().getTime();
  }

  /** The watch is streaming: a list (if any) has been applied before it started. */
  private connected(): void {
    this.listed = undefined;
    this.activity();
    this.attempts = 0;
    this.synced = true;
    this.setState(enterState(this.state, { state: 'live', now: this.options.clock.now() }));
  }

  private failed(err: unknown): void {
    if (this.stopped) return;
    const status = errorStatus(err);
    const reason = errorReason(err);
    // A watch refused its credential (expired in flight, revoked): the restart takes a fresh one.
    if (status === 401) this.options.http.credentialsRejected();
    this.forbidden = status === 403;
    if (this.forbidden && this.options.onForbidden?.(err) === true) {
      // Not settled while the fallback is made: readiness waits for what replaces this source.
      this.forbidden = false;
      return;
    }
    this.options.logger.warn({ source: this.options.id, status, err: reason }, 'source degraded');
    const forbidden =
      status === 403 && this.options.namespace !== undefined ? [this.options.namespace] : undefined;
    this.setState(
      enterState(this.state, {
        // A 403 is missing permission, not a broken watch: its objects are not visible.
        state: status === 403 ? 'refused' : 'degraded',
        reason,
        now: this.options.clock.now(),
        ...(forbidden ? { forbiddenNamespaces: forbidden } : {}),
      }),
    );
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    this.restartTimer?.cancel();
    const delay = backoffDelay(this.attempts++, this.backoff);
    this.restartPending = true;
    this.restartTimer = this.options.clock.setTimeout(() => this.restart(), delay);
  }

  /** Resume from the last resourceVersion (a 410 then makes the loop relist). */
  private restart(): void {
    this.restartPending = false;
    if (this.stopped) return;
    this.options.onRestart?.();
    this.watch.invalidate();
    this.activity();
    void this.listWatch.start();
  }

  private armWatchdog(): void {
    this.watchdogTimer?.cancel();
    const check = () => {
      if (this.stopped) return;
      const silent = this.options.clock.now().getTime() - this.lastActivity;
      if (silent >= this.watchdogMs) {
        this.failed(new Error(`no event for ${Math.round(silent / 1000)} s: restarting the watch`));
      }
      this.watchdogTimer = this.options.clock.setTimeout(
        check,
        Math.max(1000, this.watchdogMs / 4),
      );
    };
    this.lastActivity = this.options.clock.now().getTime();
    this.watchdogTimer = this.options.clock.setTimeout(check, Math.max(1000, this.watchdogMs / 4));
  }

  private setState(next: SourceState): void {
    this.state = touchState(next, { now: this.options.clock.now(), objects: this.count });
    this.options.onState(this.withUnreadable(this.state));
  }

  private withUnreadable(state: SourceState): SourceState {
    const { unreadable: _before, ...rest } = state;
    const listed = this.options.unreadable?.listed ?? [];
    return listed.length > 0 ? { ...rest, unreadable: listed } : rest;
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
    this.setState(
      enterState(this.state, { state: 'refused', reason, now: this.options.clock.now() }),
    );
    this.scheduleRestart();
  }

  /** Stops, and tells the sink every object it held is gone (a replacement source brings them back). */
  async retire(): Promise<void> {
    await this.stop();
    for (const held of this.listWatch.list()) this.options.sink.remove(held.view);
  }

  /** Refresh `objects` and `lastEventAt` for display (not an event of its own). */
  snapshot(): SourceState {
    const state = this.withUnreadable(this.state);
    return this.lastActivity === 0
      ? { ...state, objects: this.count }
      : {
          ...state,
          objects: this.count,
          lastEventAt: new Date(this.lastActivity).toISOString(),
        };
  }
}
