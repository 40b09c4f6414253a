import { FULL_VISIBILITY, sameVisibility, type Visibility } from '@pdbscope/shared';
import type { Clock } from '@pdbscope/shared/clock';
import { visibilityOfSources, type SourceState } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import type { StoreHub } from '../events/store-hub.js';
import type { StorePort } from '../store/store-port.js';

/** What readiness needs of a source: its state now and whether it has listed once. */
export interface SourceHandle {
  snapshot(): SourceState;
  /** Synced once, or refused (403): readiness does not wait for it. */
  readonly settled: boolean;
}

/** Awaited once, after the last source syncs and before the index is built (e.g. owners' scales). */
export type BeforeBuild = () => Promise<void>;

export interface SourceReadinessOptions {
  logger: Logger;
  clock: Clock;
  /** Where clients hear of each source's state, and of a source gone. */
  hub: Pick<StoreHub, 'publish'>;
  /**
   * Told `sources-settled` once: every source has settled and the before-build step has run
   * (or failed). The store then builds its index.
   */
  store: Pick<StorePort, 'apply'>;
  /** The namespaces watched when not all are (--namespace): the others are not visible. */
  watched?: readonly string[];
}

/** The id of the state that shows a failed before-build step among the sources. */
export const BEFORE_BUILD_SOURCE_ID = 'before-first-build';

/**
 * Every source's state (the cluster's sources, the events', a snapshot's), told to clients as it
 * changes; the sources the first build waits for, and the step run between their last sync and
 * the build. A failed step does not hold readiness back (the build goes on without what it would
 * have added) but shows as a degraded state beside the sources and in the log.
 */
export class SourceReadiness {
  private readonly sources = new Map<string, SourceHandle>();
  private readonly fixed = new Map<string, SourceState>();
  private beforeBuild: BeforeBuild | undefined;
  private phase: 'waiting' | 'before-build' | 'settled' = 'waiting';
  private failure: SourceState | undefined;
  private visibility: Visibility = FULL_VISIBILITY;

  constructor(private readonly options: SourceReadinessOptions) {
    this.seeAgain();
  }

  get settled(): boolean {
    return this.phase === 'settled';
  }

  add(id: string, handle: SourceHandle): void {
    this.sources.set(id, handle);
  }

  /**
   * Forgets a source and tells clients it is gone (their cached cluster view still lists it);
   * false when it was not there. Readiness may have waited only for it.
   */
  remove(id: string): boolean {
    if (!this.sources.delete(id)) return false;
    this.seeAgain();
    this.check();
    this.options.hub.publish({ type: 'source-removed', sourceId: id, ready: this.settled });
    return true;
  }

  /** A source changed state: tell clients, and settle when the last one has synced. */
  changed(state: SourceState): void {
    this.seeAgain();
    this.check();
    this.options.hub.publish({ type: 'source-changed', source: state, ready: this.settled });
  }

  /** A source with a fixed state: `absent` resources, or a snapshot file. */
  addFixed(state: SourceState): void {
    this.fixed.set(state.id, state);
  }

  /**
   * What the answers can see, from the sources' states (see `visibilityOfSources`): told to the
   * store when it changes, before anything is built on it.
   */
  private seeAgain(): void {
    const next = visibilityOfSources(this.states(), this.options.watched);
    if (sameVisibility(next, this.visibility)) return;
    this.visibility = next;
    this.options.store.apply({ type: 'visibility', visibility: next });
  }

  setBeforeBuild(hook: BeforeBuild): void {
    this.beforeBuild = hook;
  }

  /** Every source's state by id, and the failed before-build step if there was one. */
  states(): SourceState[] {
    return [
      ...[...this.sources.values()].map((s) => s.snapshot()),
      ...this.fixed.values(),
      ...(this.failure ? [this.failure] : []),
    ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Moves on when every source has settled: runs the before-build step once, then settles. */
  check(): void {
    if (this.phase !== 'waiting' || [...this.sources.values()].some((s) => !s.settled)) return;
    const hook = this.beforeBuild;
    if (!hook) {
      this.phase = 'settled';
      this.options.store.apply({ type: 'sources-settled' });
      return;
    }
    this.beforeBuild = undefined;
    this.phase = 'before-build';
    const since = this.options.clock.now().toISOString();
    void hook()
      .catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        this.options.logger.error(
          { err },
          'the step before the first build failed: building without it',
        );
        this.failure = {
          id: BEFORE_BUILD_SOURCE_ID,
          resource: "owners' scales, read before the first build",
          state: 'degraded',
          reason,
          since,
          objects: 0,
          forbiddenNamespaces: [],
        };
      })
      .finally(() => {
        this.phase = 'waiting';
        this.check();
      });
  }
}
