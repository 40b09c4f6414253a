import type { Finding as EngineFinding } from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { NO_MARKS, type BudgetMarks } from '../views/rows.js';
import { analyzeInSlices, type Analysis } from './analysis.js';

export interface AnalysisSchedulerOptions {
  clock: Clock;
  logger: Logger;
  /** The least time between two runs. */
  intervalMs: number;
  /** The index to analyse; undefined before ready. */
  index: () => ClusterIndex | undefined;
  /** Every namespace that has pods. */
  namespaces: () => Iterable<string>;
  /** Findings the sources make themselves (the objects they could not read), listed with the rest. */
  sourceFindings?: () => readonly EngineFinding[];
  /** A run finished: the marks before it and after it. */
  onAnalysed: (before: BudgetMarks, after: BudgetMarks) => void;
}

/**
 * The overlap and findings analysis: one sliced run at a time, after a quiet moment following
 * changes, spaced by its cost; answers that need it can wait for the first.
 */
export class AnalysisScheduler {
  private value: Analysis | undefined;
  private stale = true;
  private timer: TimerHandle | undefined;
  /** A sliced analysis is under way (only one at a time), and when it ends. */
  private running = false;
  private run: Promise<void> | undefined;
  private lastChangeAt = 0;
  private stopped = false;

  constructor(private readonly options: AnalysisSchedulerOptions) {}

  /** The last analysis, if one has run. */
  get analysis(): Analysis | undefined {
    return this.value;
  }

  get marks(): BudgetMarks {
    return this.value?.marks ?? NO_MARKS;
  }

  /** The cluster changed at `at`: the analysis is stale, and runs once changes quieten. */
  changed(at: Date): void {
    this.lastChangeAt = at.getTime();
    this.stale = true;
    this.schedule(this.options.intervalMs);
  }

  /** Right after ready: until it has run, every row says "no overlap, no findings". */
  runSoon(): void {
    this.stale = true;
    this.schedule(0);
  }

  /** Resolves once an analysis exists: at once, else when the run under way (or one started now) ends. */
  async ready(): Promise<void> {
    if (this.value || this.stopped) return;
    if (!this.run) {
      this.timer?.cancel();
      this.timer = undefined;
      this.start();
    }
    await this.run;
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  private start(): void {
    const run = this.runInSlices().catch((err: unknown) => {
      this.options.logger.error({ err }, 'overlaps and findings analysis failed');
    });
    this.run = run;
    void run.finally(() => {
      if (this.run === run) this.run = undefined;
    });
  }

  /**
   * The analysis in slices of ~5 ms (namespace by namespace) so that it never holds up the event
   * stream for long; changes made while it runs mark it stale again for the next run.
   */
  private async runInSlices(): Promise<void> {
    const index = this.options.index();
    if (!index) return;
    this.running = true;
    this.stale = false;
    try {
      const result = await analyzeInSlices({
        index,
        namespaces: this.options.namespaces(),
        now: this.options.clock.now(),
        ...(this.options.sourceFindings ? { sourceFindings: this.options.sourceFindings() } : {}),
      });
      if (this.stopped || index !== this.options.index()) return;
      const before = this.marks;
      this.value = result;
      this.options.logger.debug(
        { ms: result.tookMs, longestSliceMs: result.longestSliceMs },
        'overlaps and findings analysed',
      );
      this.options.onAnalysed(before, result.marks);
    } finally {
      this.running = false;
      if (this.stale) this.schedule(this.options.intervalMs);
    }
  }

  /**
   * The analysis waits for a quiet moment (no change for a while), but never longer than
   * `maxStale`; runs are spaced by 50× their cost. Each run is sliced, so the quiet wait only
   * keeps it from competing with a burst of changes.
   */
  private schedule(minDelayMs: number): void {
    if (this.timer !== undefined || this.running || this.stopped) return;
    const { clock, intervalMs } = this.options;
    const took = this.value?.tookMs ?? 0;
    const delay = Math.max(minDelayMs, 50 * took);
    const quietMs = Math.max(250, 2 * took);
    const maxStaleMs = Math.max(5 * intervalMs, 100 * took);
    const due = clock.now().getTime() + delay;
    const check = () => {
      this.timer = undefined;
      if (!this.options.index() || !this.stale || this.stopped) return;
      const now = clock.now().getTime();
      if (now - this.lastChangeAt < quietMs && now - due < maxStaleMs) {
        this.timer = clock.setTimeout(check, quietMs);
        return;
      }
      this.start();
    };
    this.timer = clock.setTimeout(check, delay);
  }
}
