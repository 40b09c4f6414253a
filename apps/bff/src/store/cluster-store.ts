import {
  refKey,
  type ApiResourceInfo,
  type Finding as EngineFinding,
  type PodView,
} from '@pdbscope/shared';
import {
  ClusterIndex,
  type BudgetDelta,
  type NodeCache,
  type ObjectChange,
} from '@pdbscope/shared/index';
import type {
  BudgetRef,
  BudgetRow,
  BudgetSummary,
  ClusterCounts,
  ClusterIdentityChange,
  ClusterResponse,
  NodeRow,
  SourceState,
} from '@pdbscope/shared/api';
import { jsonEqual } from '@pdbscope/shared/events';
import type { Logger } from 'pino';
import type { StoreHub } from '../events/store-hub.js';
import { errorReason } from '../kube/http.js';
import { Interner } from '../kube/intern.js';
import type { ClusterObject } from '../kube/resources.js';
import type { SourceSink } from '../kube/source.js';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { nodeRowCache } from '../views/nodes.js';
import type { BudgetMarks } from '../views/rows.js';
import { summarize, type Analysis } from './analysis.js';
import { AnalysisScheduler } from './analysis-scheduler.js';
import { ClockTick } from './clock-tick.js';
import { fillInSlices } from './fill-in-slices.js';
import { RowPublisher } from './row-publisher.js';
import { SourceReadiness, type BeforeBuild, type SourceHandle } from './source-readiness.js';

export type { BeforeBuild, SourceHandle } from './source-readiness.js';

export type StoreMeta = Pick<
  ClusterResponse,
  'source' | 'context' | 'server' | 'namespaces' | 'verifyEnabled' | 'fleetConfigured'
>;

export interface ClusterStoreOptions {
  meta: StoreMeta;
  hub: StoreHub;
  clock: Clock;
  logger: Logger;
  /** How often time moves for the index (disruptedPods entries expire). */
  tickMs?: number;
  /** The least time between two runs of the overlap and findings analysis. */
  analysisIntervalMs?: number;
}

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
  /** The nodes' rows (drainable now), kept across changes once the index is built. */
  private nodeCache: NodeCache<NodeRow> | undefined;
  private readonly readiness: SourceReadiness;
  private readonly rows: RowPublisher;
  private readonly analyses: AnalysisScheduler;
  private readonly tick: ClockTick;
  /** How to read a budget's stored object from the API server, by kind. */
  private readonly rawReaders = new Map<string, (ref: BudgetRef) => Promise<unknown>>();
  /** Shares pods' recurring values; the pod sources intern with it, deletes here bound it. */
  readonly interner = new Interner();
  private readonly apiResources: Record<string, ApiResourceInfo> = {};
  private summaryTimer: TimerHandle | undefined;
  private lastIdentityChange: ClusterIdentityChange | undefined;
  private sourceFindingsValue: readonly EngineFinding[] = [];
  private lastSummary: { summary: BudgetSummary; counts: ClusterCounts } | undefined;
  /** The summary as clients last heard it, from a row event or a summary-changed event. */
  private sentSummary: BudgetSummary | undefined;
  private stopped = false;
  private changes = 0;
  private resolveReady: () => void = () => {};
  /** Resolves once every source has synced and the index is built. */
  readonly whenReady: Promise<void> = new Promise((resolve) => (this.resolveReady = resolve));

  constructor(private readonly options: ClusterStoreOptions) {
    const { clock, logger, hub } = options;
    this.loadingIndex = new ClusterIndex({ now: clock.now(), loading: true });
    this.readiness = new SourceReadiness({
      logger,
      clock,
      onSettled: () => this.build(),
    });
    this.rows = new RowPublisher({
      publish: (event) => hub.publish(event),
      defer: (flush) => setImmediate(flush),
      onFlushed: () => this.scheduleSummary(),
      summaryAfter: (counts) => this.summaryToSend(summarize(counts, this.analyses.analysis)),
      current: () =>
        this.indexValue && !this.stopped
          ? { index: this.indexValue, marks: this.analyses.marks }
          : undefined,
    });
    this.analyses = new AnalysisScheduler({
      clock,
      logger,
      intervalMs: options.analysisIntervalMs ?? 2000,
      index: () => this.indexValue,
      namespaces: () => this.namespaces(),
      sourceFindings: () => this.sourceFindingsValue,
      onAnalysed: (before, after) => {
        this.rows.markChangedFlags(before, after);
        this.scheduleSummary();
      },
    });
    this.tick = new ClockTick({
      clock,
      everyMs: options.tickMs ?? 1000,
      onTick: (now) => {
        this.changes++;
        if (!this.indexValue) return;
        const deltas = this.indexValue.evaluate(now);
        this.nodeCache?.after(undefined, deltas);
        this.queue(deltas);
      },
    });
  }

  get meta(): StoreMeta {
    return this.options.meta;
  }

  get hub(): StoreHub {
    return this.options.hub;
  }

  /** The index, once every source has synced. */
  get index(): ClusterIndex | undefined {
    return this.indexValue;
  }

  /** The rows clients have been sent, by `kind/namespace/name`; the budget list is served from here. */
  get published(): ReadonlyMap<string, BudgetRow> {
    return this.rows.published;
  }

  /** Grows with every object change and clock tick: views derived from the index cache on it. */
  get changeCount(): number {
    return this.changes;
  }

  /** Every node's row, by name in order; only the nodes changes reached are worked out again. */
  nodeRows(): Map<string, NodeRow> | undefined {
    return this.nodeCache?.all();
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
    this.readiness.setBeforeBuild(hook);
  }

  addSource(id: string, handle: SourceHandle): void {
    this.readiness.add(id, handle);
  }

  /** Forgets a source and tells clients it is gone (their cached cluster view still lists it). */
  removeSource(id: string): void {
    if (!this.readiness.remove(id)) return;
    this.options.hub.publish({ type: 'source-removed', sourceId: id, ready: this.isReady() });
  }

  /** A source with a fixed state: `absent` resources, or a snapshot file. */
  addFixedSource(state: SourceState): void {
    this.readiness.addFixed(state);
  }

  sourceStates(): SourceState[] {
    return this.readiness.states();
  }

  /** A source changed state: tell clients, and build the index when the last one has synced. */
  sourceChanged(state: SourceState): void {
    this.readiness.check();
    this.options.hub.publish({ type: 'source-changed', source: state, ready: this.isReady() });
  }

  /** Findings the sources make themselves (the objects they could not read), listed by every analysis. */
  setSourceFindings(findings: readonly EngineFinding[]): void {
    this.sourceFindingsValue = findings;
    if (this.indexValue) this.analyses.changed(this.options.clock.now());
  }

  /** The cluster was restored or replaced (its sources relist): tell clients, and remember it. */
  identityChanged(change: ClusterIdentityChange): void {
    this.lastIdentityChange = change;
    this.options.hub.publish({ type: 'cluster-identity-changed', change });
  }

  /** The last time the cluster was found restored or replaced, if ever. */
  get identityChange(): ClusterIdentityChange | undefined {
    return this.lastIdentityChange;
  }

  readonly sink: SourceSink<ClusterObject> = {
    upsert: (object) => this.change('upsert', object),
    remove: (object) => this.change('delete', object),
  };

  /**
   * How the detail view's YAML reads a budget of this kind as the API server stores it. Read when
   * a budget's page asks, not kept from the watch: the stored objects of 10,000 budgets held 6.7 MB
   * (managedFields and all, on a real cluster several times that) for pages seldom opened.
   */
  setRawReader(kind: BudgetRef['kind'], read: (ref: BudgetRef) => Promise<unknown>): void {
    this.rawReaders.set(kind, read);
  }

  /**
   * The budget as the API server stores it now; undefined when there is no server to ask or it
   * cannot answer (the page then shows the YAML of what the watch saw).
   */
  async rawBudget(ref: BudgetRef): Promise<unknown> {
    const read = this.rawReaders.get(ref.kind);
    if (!read) return undefined;
    try {
      return await read(ref);
    } catch (err) {
      this.options.logger.warn({ budget: refKey(ref), err: errorReason(err) }, 'budget not read');
      return undefined;
    }
  }

  namespaces(): Iterable<string> {
    return this.loadingIndex.podNamespaces();
  }

  /** The last analysis, if one has run. */
  analysis(): Analysis | undefined {
    return this.analyses.analysis;
  }

  /**
   * Resolves once an analysis exists: at once when one has run, else when the one under way (or
   * one started now, in slices) ends. Never before ready.
   */
  async analysisReady(): Promise<void> {
    await this.whenReady;
    await this.analyses.ready();
  }

  marks(): BudgetMarks {
    return this.analyses.marks;
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
    return summarize(this.rows.counts, this.analyses.analysis);
  }

  start(): void {
    this.tick.start();
  }

  stop(): void {
    this.stopped = true;
    this.tick.stop();
    this.analyses.stop();
    this.summaryTimer?.cancel();
  }

  private change(type: 'upsert' | 'delete', object: ClusterObject): void {
    this.changes++;
    // While loading, the index's clock stays where it started (finishLoading sets it).
    const now = this.indexValue ? this.options.clock.now() : this.loadingIndex.now;
    const change: ObjectChange = { type, object };
    this.nodeCache?.before(change);
    const deltas = this.loadingIndex.apply(change, now);
    this.nodeCache?.after(change, deltas);
    this.queue(deltas);
    if (type === 'delete' && object.kind === 'Pod' && this.interner.podDeleted())
      this.interner.sweep(this.livePods());
  }

  private *livePods(): IterableIterator<PodView> {
    for (const namespace of this.loadingIndex.podNamespaces())
      yield* this.loadingIndex.podsInNamespace(namespace);
  }

  /** Every source has settled: evaluate every budget once, publish the rows, say so. */
  private build(): void {
    const started = performance.now();
    this.loadingIndex.finishLoading({
      now: this.options.clock.now(),
      apiResources: { ...this.apiResources },
    });
    this.indexValue = this.loadingIndex;
    this.nodeCache = nodeRowCache(this.indexValue);
    this.rows.publishAll(this.indexValue);
    this.sentSummary = this.summary();
    const memory = process.memoryUsage();
    this.options.logger.info(
      {
        ms: Math.round(performance.now() - started),
        ...this.counts(),
        rssMB: Math.round(memory.rss / 2 ** 20),
        heapMB: Math.round(memory.heapUsed / 2 ** 20),
      },
      'every budget evaluated: ready',
    );
    // Right after ready (not before: it would delay readiness): until it has run, every row says
    // "no overlap, no findings", which is worse than the first answers waiting for it.
    this.analyses.runSoon();
    this.fillNodeRows();
    this.options.hub.publish({ type: 'ready', counts: this.counts() });
    this.resolveReady();
  }

  /**
   * Every node's row (its drainable now) worked out in slices right after ready, so that no
   * request waits for the first run over every node (0.4–0.8 s at 5,000 nodes, most of it V8
   * compiling the code) and it never holds up the event stream for long.
   */
  private fillNodeRows(): void {
    const cache = this.nodeCache;
    if (!cache) return;
    void fillInSlices({
      fill: (max) => cache.fill(max),
      wanted: () => !this.stopped && this.nodeCache === cache,
    }).then(
      (filled) => {
        if (!filled.complete) return;
        const { tookMs, longestSliceMs, slices } = filled;
        this.options.logger.info(
          { ms: Math.round(tookMs), longestSliceMs: Math.round(longestSliceMs), slices },
          'every node’s row worked out',
        );
      },
      (err: unknown) => this.options.logger.error({ err }, 'working out the node rows failed'),
    );
  }

  private queue(deltas: readonly BudgetDelta[]): void {
    if (deltas.length === 0) return;
    this.analyses.changed(this.options.clock.now());
    for (const { ref } of deltas) {
      // Deltas are about budgets only; the check narrows the kind for the row's ref.
      if (ref.kind === 'PodDisruptionBudget' || ref.kind === 'PodUnavailableBudget')
        this.rows.markDirty({ kind: ref.kind, namespace: ref.namespace, name: ref.name });
    }
  }

  /** `summary` when clients do not have it yet (it is then theirs), else undefined. */
  private summaryToSend(summary: BudgetSummary): BudgetSummary | undefined {
    if (this.sentSummary && jsonEqual(this.sentSummary, summary)) return undefined;
    this.sentSummary = summary;
    return summary;
  }

  private scheduleSummary(): void {
    if (this.summaryTimer !== undefined || this.stopped) return;
    this.summaryTimer = this.options.clock.setTimeout(() => {
      this.summaryTimer = undefined;
      const next = { summary: this.summary(), counts: this.counts() };
      if (this.lastSummary && jsonEqual(this.lastSummary, next)) return;
      this.lastSummary = next;
      this.sentSummary = next.summary;
      this.options.hub.publish({ type: 'summary-changed', ...next });
    }, 1000);
  }
}
