import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import type { Finding as EngineFinding, PodView } from '@pdbscope/shared';
import type { BudgetDelta, ClusterIndex, ObjectChange } from '@pdbscope/shared/index';
import type { BudgetRow, BudgetSummary, ClusterCounts, NodeRow } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import type { StoreHub } from '../events/store-hub.js';
import type { Clock } from '@pdbscope/shared/clock';
import type { BudgetMarks } from '../views/rows.js';
import { ActorObjects, isActorObject } from './actor-objects.js';
import { summarize, type Analysis } from './analysis.js';
import { AnalysisScheduler } from './analysis-scheduler.js';
import { ClockTick } from './clock-tick.js';
import { fillNodeRows } from './fill-in-slices.js';
import { LiveIndex } from './live-index.js';
import { RowPublisher } from './row-publisher.js';
import type { StoreChange, StorePort } from './store-port.js';
import { SummaryPublisher } from './summary-publisher.js';

export interface ClusterStoreOptions {
  hub: StoreHub;
  clock: Clock;
  logger: Logger;
  /** How often time moves for the index (disruptedPods entries expire). */
  tickMs?: number;
  /** The least time between two runs of the overlap and findings analysis. */
  analysisIntervalMs?: number;
  /** Cluster Autoscaler's flags, for the nodes' rows (its defaults when absent). */
  caOptions?: NodeDeleteOptions;
}

/**
 * The data path: every change that flows in ({@link StorePort.apply}) goes to the index as it
 * arrives (list pages included), loading until the sources have settled; then every budget is
 * evaluated once, and from there on each change's deltas become row events on the hub, and the
 * analysis and the summary follow. Reads go through {@link ClusterStore.index} (once ready), the
 * published rows and the analysis.
 */
export class ClusterStore implements StorePort {
  private readonly live: LiveIndex;
  private readonly rows: RowPublisher;
  private readonly analyses: AnalysisScheduler;
  private readonly tick: ClockTick;
  private readonly summaries: SummaryPublisher;
  private sourceFindings: readonly EngineFinding[] = [];
  /** PriorityClasses, NodePools and NodeClaims: read by the actors, not indexed. */
  readonly actorObjects = new ActorObjects();
  private stopped = false;
  private resolveReady: () => void = () => {};
  /** Resolves once the sources have settled and the index is built. */
  readonly whenReady: Promise<void> = new Promise((resolve) => (this.resolveReady = resolve));

  constructor(private readonly options: ClusterStoreOptions) {
    const { clock, logger, hub } = options;
    this.live = new LiveIndex({
      clock,
      logger,
      ...(options.caOptions ? { caOptions: options.caOptions } : {}),
    });
    this.summaries = new SummaryPublisher({
      clock,
      hub,
      current: () => ({ summary: this.summary(), counts: this.counts() }),
    });
    this.rows = new RowPublisher({
      publish: (event) => hub.publish(event),
      defer: (flush) => setImmediate(flush),
      onFlushed: () => this.summaries.schedule(),
      summaryAfter: (counts) => this.summaries.toSend(summarize(counts, this.analyses.analysis)),
      current: () =>
        this.live.index && !this.stopped
          ? { index: this.live.index, marks: this.analyses.marks }
          : undefined,
    });
    this.analyses = new AnalysisScheduler({
      clock,
      logger,
      intervalMs: options.analysisIntervalMs ?? 2000,
      index: () => this.live.index,
      namespaces: () => this.namespaces(),
      sourceFindings: () => this.sourceFindings,
      onAnalysed: (before, after) => {
        this.rows.markChangedFlags(before, after);
        this.summaries.schedule();
      },
    });
    this.tick = new ClockTick({
      clock,
      everyMs: options.tickMs ?? 1000,
      onTick: (now) => this.queue(this.live.evaluate(now)),
    });
  }

  get hub(): StoreHub {
    return this.options.hub;
  }

  /** The index, once the sources have settled. */
  get index(): ClusterIndex | undefined {
    return this.live.index;
  }

  /** The rows clients have been sent, by `kind/namespace/name`; the budget list is served from here. */
  get published(): ReadonlyMap<string, BudgetRow> {
    return this.rows.published;
  }

  /** Every node's row, by name in order; only the nodes changes reached are worked out again. */
  nodeRows(): Map<string, NodeRow> | undefined {
    return this.live.nodeRows?.all();
  }

  isReady(): boolean {
    return this.live.index !== undefined;
  }

  apply(change: StoreChange): void {
    switch (change.type) {
      case 'upsert':
      case 'delete': {
        const { object } = change;
        if (isActorObject(object)) return this.actorObjects.apply(change.type, object);
        const indexed: ObjectChange =
          change.type === 'upsert' ? { type: 'upsert', object } : { type: 'delete', object };
        return this.queue(this.live.apply(indexed));
      }
      case 'source-findings':
        this.sourceFindings = change.findings;
        if (this.live.index) this.analyses.changed(this.options.clock.now());
        return;
      case 'api-resource':
        return this.live.addApiResource(change.key, change.info);
      case 'sources-settled':
        return this.build();
      case 'visibility':
        return this.seeing(this.live.setVisibility(change.visibility));
    }
  }

  livePods(): Iterable<PodView> {
    return this.live.livePods();
  }

  namespaces(): Iterable<string> {
    return this.live.namespaces();
  }

  /** The last analysis, if one has run. */
  analysis(): Analysis | undefined {
    return this.analyses.analysis;
  }

  /**
   * Resolves once an analysis exists: at once when one has run, else when the one under way (or
   * one started now, in slices) ends, its marks on the rows. Never before ready.
   */
  async analysisReady(): Promise<void> {
    await this.whenReady;
    await this.analyses.ready();
    // The rows the analysis re-marked flush on the next turn; an answer read now counts them.
    this.rows.flush();
  }

  marks(): BudgetMarks {
    return this.analyses.marks;
  }

  counts(): ClusterCounts {
    return this.live.counts();
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
    this.summaries.stop();
  }

  /** The sources have settled: evaluate every budget once, publish the rows, say so. */
  private build(): void {
    const started = performance.now();
    const { index, nodeRows } = this.live.build();
    this.rows.publishAll(index);
    this.summaries.sentAlready(this.summary());
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
    fillNodeRows({ cache: nodeRows, wanted: () => !this.stopped, logger: this.options.logger });
    this.options.hub.publish({ type: 'ready', counts: this.counts() });
    this.resolveReady();
  }

  /**
   * The visibility changed: the budgets it moved are published as any change's, and the analysis
   * runs again even when none moved (what it may conclude depends on it).
   */
  private seeing(deltas: readonly BudgetDelta[]): void {
    if (!this.live.index) return;
    this.analyses.changed(this.options.clock.now());
    this.rows.markMoved(deltas);
  }

  private queue(deltas: readonly BudgetDelta[]): void {
    if (deltas.length === 0) return;
    this.analyses.changed(this.options.clock.now());
    this.rows.markMoved(deltas);
  }
}
