import { refKey, type ApiResourceInfo } from '@pdbscope/shared';
import { ClusterIndex, type BudgetDelta } from '@pdbscope/shared/index';
import type {
  BudgetRef,
  BudgetRow,
  BudgetSummary,
  ClusterCounts,
  ClusterResponse,
  SourceState,
} from '@pdbscope/shared/api';
import { jsonEqual } from '@pdbscope/shared/events';
import type { Logger } from 'pino';
import type { EventHub } from '../events/hub.js';
import type { ClusterObject } from '../kube/resources.js';
import type { SourceSink } from '../kube/source.js';
import type { Timers } from '../kube/timers.js';
import { budgetRow, NO_MARKS, type BudgetMarks } from '../views/rows.js';
import { analyzeInSlices, summarize, type Analysis } from './analysis.js';
import { rowEvent } from './row-events.js';

const FALLBACK_SOURCE: SourceState = {
  id: 'cluster',
  resource: '',
  state: 'live',
  since: new Date(0).toISOString(),
  objects: 0,
  forbiddenNamespaces: [],
};

export type StoreMeta = Pick<
  ClusterResponse,
  'source' | 'context' | 'server' | 'namespaces' | 'verifyEnabled'
>;

/** What the store needs of a source: its state now and whether it has listed once. */
export interface SourceHandle {
  snapshot(): SourceState;
  /** Synced once, or refused (403): readiness does not wait for it. */
  readonly settled: boolean;
}

export interface ClusterStoreOptions {
  meta: StoreMeta;
  hub: EventHub;
  timers: Timers;
  logger: Logger;
  /** How often time moves for the index (disruptedPods entries expire). */
  tickMs?: number;
  /** The least time between two runs of the overlap and findings analysis. */
  analysisIntervalMs?: number;
}

/** Awaited once, after the last source syncs and before the index is built (e.g. owners' scales). */
export type BeforeBuild = () => Promise<void>;

/**
 * The narrow store in front of the informers: it feeds every object to the shared ClusterIndex
 * as it arrives (list pages included), the index loading (memberships kept, nothing evaluated)
 * until every source has synced; then every budget is evaluated once and from there on each
 * change's deltas become events. Reads go through {@link ClusterStore.index} (once ready), the
 * published rows and the analysis.
 */
export class ClusterStore {
  /** Every object as it arrives: loading until every source has synced, then `index`. */
  private readonly loadingIndex: ClusterIndex;
  private indexValue: ClusterIndex | undefined;
  private readonly sources = new Map<string, SourceHandle>();
  private readonly fixedSources = new Map<string, SourceState>();
  private readonly rawBudgets = new Map<string, unknown>();
  /** The rows clients have been sent; the budget list is served from here. */
  readonly published = new Map<string, BudgetRow>();
  private readonly dirty = new Set<string>();
  private flushQueued = false;
  private analysisValue: Analysis | undefined;
  private analysisStale = true;
  private analysisTimer: unknown;
  /** A sliced analysis is under way (only one at a time), and when it ends. */
  private analysisRunning = false;
  private analysisRun: Promise<void> | undefined;
  private tickTimer: unknown;
  private summaryTimer: unknown;
  private lastSummary: { summary: BudgetSummary; counts: ClusterCounts } | undefined;
  private stopped = false;
  private readonly apiResources: Record<string, ApiResourceInfo> = {};
  private beforeBuild: BeforeBuild | undefined;
  private building = false;
  private lastChangeAt = 0;
  private resolveReady: () => void = () => {};
  /** Resolves once every source has synced and the index is built. */
  readonly whenReady: Promise<void> = new Promise((resolve) => (this.resolveReady = resolve));

  constructor(private readonly options: ClusterStoreOptions) {
    this.loadingIndex = new ClusterIndex({ now: options.timers.now(), loading: true });
  }

  get meta(): StoreMeta {
    return this.options.meta;
  }

  get hub(): EventHub {
    return this.options.hub;
  }

  /** The index, once every source has synced. */
  get index(): ClusterIndex | undefined {
    return this.indexValue;
  }

  isReady(): boolean {
    return this.indexValue !== undefined;
  }

  /** A custom kind that serves `/scale`, for the index's REST mapper; known before the index is built. */
  addApiResource(key: string, info: ApiResourceInfo): void {
    if (this.indexValue && !this.apiResources[key]) {
      this.options.logger.warn(
        { kind: key },
        'a kind with /scale appeared after the first sync: restart to use its scale',
      );
    }
    this.apiResources[key] = info;
  }

  setBeforeBuild(hook: BeforeBuild): void {
    this.beforeBuild = hook;
  }

  addSource(id: string, handle: SourceHandle): void {
    this.sources.set(id, handle);
  }

  /** Forgets a source and tells clients it is gone (their cached cluster view still lists it). */
  removeSource(id: string): void {
    if (!this.sources.delete(id)) return;
    // Readiness may have waited only for this one (a namespace deleted during the first sync).
    this.maybeBuild();
    this.options.hub.publish({ type: 'source-removed', sourceId: id, ready: this.isReady() });
  }

  /** A source with a fixed state: `absent` resources, or a snapshot file. */
  addFixedSource(state: SourceState): void {
    this.fixedSources.set(state.id, state);
  }

  sourceStates(): SourceState[] {
    return [
      ...[...this.sources.values()].map((s) => s.snapshot()),
      ...this.fixedSources.values(),
    ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** A source changed state: tell clients, and build the index when the last one has synced. */
  sourceChanged(state: SourceState): void {
    this.maybeBuild();
    this.options.hub.publish({ type: 'source-changed', source: state, ready: this.isReady() });
  }

  readonly sink: SourceSink<ClusterObject> = {
    upsert: (object) => this.change('upsert', object),
    remove: (object) => this.change('delete', object),
  };

  /** Keeps a budget's stored object (budgets are few) for the detail view's YAML. */
  rememberRaw(view: ClusterObject, raw: unknown): void {
    if (view.kind === 'PodDisruptionBudget' || view.kind === 'PodUnavailableBudget')
      this.rawBudgets.set(refKey(view), raw);
  }

  rawBudget(ref: BudgetRef): unknown {
    return this.rawBudgets.get(refKey(ref));
  }

  namespaces(): Iterable<string> {
    return this.loadingIndex.podNamespaces();
  }

  /** The last analysis, if one has run. */
  analysis(): Analysis | undefined {
    return this.analysisValue;
  }

  /**
   * Resolves once an analysis exists: at once when one has run, else when the one under way (or
   * one started now, in slices) ends. Never before ready.
   */
  async analysisReady(): Promise<void> {
    await this.whenReady;
    if (this.analysisValue || this.stopped) return;
    if (!this.analysisRun) {
      this.options.timers.clearTimeout(this.analysisTimer);
      this.analysisTimer = undefined;
      this.startAnalysis();
    }
    await this.analysisRun;
  }

  marks(): BudgetMarks {
    return this.analysisValue?.marks ?? NO_MARKS;
  }

  counts(): ClusterCounts {
    const c = this.loadingIndex.counts();
    return {
      pods: c.pods,
      nodes: c.nodes,
      workloads: c.workloads,
      budgets: c.budgets,
      podDisruptionBudgets: c.pdbs,
      podUnavailableBudgets: c.pubs,
    };
  }

  summary(): BudgetSummary {
    return summarize(this.published.values(), this.analysisValue);
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      if (this.indexValue) this.queue(this.indexValue.evaluate(this.options.timers.now()));
      this.tickTimer = this.options.timers.setTimeout(tick, this.options.tickMs ?? 1000);
    };
    this.tickTimer = this.options.timers.setTimeout(tick, this.options.tickMs ?? 1000);
  }

  stop(): void {
    this.stopped = true;
    for (const t of [this.tickTimer, this.analysisTimer, this.summaryTimer])
      this.options.timers.clearTimeout(t);
  }

  private change(type: 'upsert' | 'delete', object: ClusterObject): void {
    if (
      type === 'delete' &&
      (object.kind === 'PodDisruptionBudget' || object.kind === 'PodUnavailableBudget')
    ) {
      this.rawBudgets.delete(refKey(object));
    }
    // While loading, the index's clock stays where it started (finishLoading sets it).
    const now = this.indexValue ? this.options.timers.now() : this.loadingIndex.now;
    this.queue(this.loadingIndex.apply({ type, object }, now));
  }

  private maybeBuild(): void {
    if (this.indexValue || this.building || [...this.sources.values()].some((s) => !s.settled))
      return;
    const hook = this.beforeBuild;
    if (hook) {
      this.beforeBuild = undefined;
      this.building = true;
      void hook()
        .catch(() => undefined)
        .then(() => {
          this.building = false;
          this.maybeBuild();
          if (this.isReady())
            this.options.hub.publish({
              type: 'source-changed',
              source: this.sourceStates()[0] ?? FALLBACK_SOURCE,
              ready: true,
            });
        });
      return;
    }
    const started = Date.now();
    this.loadingIndex.finishLoading({
      now: this.options.timers.now(),
      apiResources: { ...this.apiResources },
    });
    this.indexValue = this.loadingIndex;
    for (const evaluation of this.indexValue.budgets())
      this.published.set(refKey(evaluation.ref), budgetRow(evaluation));
    const memory = process.memoryUsage();
    this.options.logger.info(
      {
        ms: Date.now() - started,
        ...this.counts(),
        rssMB: Math.round(memory.rss / 2 ** 20),
        heapMB: Math.round(memory.heapUsed / 2 ** 20),
      },
      'every budget evaluated: ready',
    );
    this.analysisStale = true;
    // Right after ready (not before: it would delay readiness): until it has run, every row says
    // "no overlap, no findings", which is worse than the first answers waiting for it.
    this.scheduleAnalysis(0);
    this.resolveReady();
  }

  private queue(deltas: readonly BudgetDelta[]): void {
    if (deltas.length === 0) return;
    this.lastChangeAt = this.options.timers.now().getTime();
    for (const d of deltas) this.dirty.add(refKey(d.ref));
    this.analysisStale = true;
    this.scheduleAnalysis(this.options.analysisIntervalMs ?? 2000);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => this.flush());
  }

  /** Sends an event for every budget whose row changed since clients last heard of it. */
  private flush(): void {
    this.flushQueued = false;
    const index = this.indexValue;
    if (!index || this.stopped) return;
    const marks = this.marks();
    for (const key of this.dirty) {
      const [kind = '', namespace = '', name = ''] = key.split('/');
      const ref = { kind, namespace, name } as BudgetRef;
      const evaluation = index.budget(ref);
      const next = evaluation ? budgetRow(evaluation, marks) : undefined;
      const event = rowEvent(ref, this.published.get(key), next);
      if (next) this.published.set(key, next);
      else this.published.delete(key);
      if (event) this.options.hub.publish(event);
    }
    this.dirty.clear();
    this.scheduleSummary();
  }

  private startAnalysis(): void {
    const run = this.runAnalysisInSlices().catch((err: unknown) => {
      this.options.logger.error({ err }, 'overlaps and findings analysis failed');
    });
    this.analysisRun = run;
    void run.finally(() => {
      if (this.analysisRun === run) this.analysisRun = undefined;
    });
  }

  /**
   * The analysis in slices of ~5 ms (namespace by namespace) so that it never holds up the event
   * stream for long; changes made while it runs mark it stale again for the next run.
   */
  private async runAnalysisInSlices(): Promise<void> {
    const index = this.indexValue as ClusterIndex;
    this.analysisRunning = true;
    this.analysisStale = false;
    try {
      const result = await analyzeInSlices({
        index,
        namespaces: this.namespaces(),
        now: this.options.timers.now(),
      });
      if (this.stopped || index !== this.indexValue) return;
      const before = this.marks();
      this.analysisValue = result;
      this.options.logger.debug(
        { ms: result.tookMs, longestSliceMs: result.longestSliceMs },
        'overlaps and findings analysed',
      );
      this.markChangedFlags(before, result.marks);
      this.scheduleSummary();
    } finally {
      this.analysisRunning = false;
      if (this.analysisStale) this.scheduleAnalysis(this.options.analysisIntervalMs ?? 2000);
    }
  }

  /**
   * The analysis waits for a quiet moment (no change for a while), but never longer than
   * `maxStale`; runs are spaced by 50× their cost. Each run is sliced, so the quiet wait only
   * keeps it from competing with a burst of changes.
   */
  private scheduleAnalysis(minDelayMs: number): void {
    if (this.analysisTimer !== undefined || this.analysisRunning || this.stopped) return;
    const took = this.analysisValue?.tookMs ?? 0;
    const delay = Math.max(minDelayMs, 50 * took);
    const quietMs = Math.max(250, 2 * took);
    const maxStaleMs = Math.max(5 * (this.options.analysisIntervalMs ?? 2000), 100 * took);
    const due = this.options.timers.now().getTime() + delay;
    const check = () => {
      this.analysisTimer = undefined;
      if (!this.indexValue || !this.analysisStale || this.stopped) return;
      const now = this.options.timers.now().getTime();
      if (now - this.lastChangeAt < quietMs && now - due < maxStaleMs) {
        this.analysisTimer = this.options.timers.setTimeout(check, quietMs);
        return;
      }
      this.startAnalysis();
    };
    this.analysisTimer = this.options.timers.setTimeout(check, delay);
  }

  /** Budgets whose overlap or findings flag moved get their row re-sent. */
  private markChangedFlags(before: BudgetMarks, after: BudgetMarks): void {
    const keys = new Set([
      ...before.overlapping,
      ...after.overlapping,
      ...before.findings.keys(),
      ...after.findings.keys(),
    ]);
    for (const key of keys) {
      if (
        before.overlapping.has(key) !== after.overlapping.has(key) ||
        before.findings.get(key) !== after.findings.get(key)
      ) {
        this.dirty.add(key);
      }
    }
    if (this.dirty.size > 0 && !this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
  }

  private scheduleSummary(): void {
    if (this.summaryTimer !== undefined || this.stopped) return;
    this.summaryTimer = this.options.timers.setTimeout(() => {
      this.summaryTimer = undefined;
      const next = { summary: this.summary(), counts: this.counts() };
      if (this.lastSummary && jsonEqual(this.lastSummary, next)) return;
      this.lastSummary = next;
      this.options.hub.publish({ type: 'summary-changed', ...next });
    }, 1000);
  }
}
