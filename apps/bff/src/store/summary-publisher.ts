import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import type { BudgetSummary, ClusterCounts } from '@pdbscope/shared/api';
import { jsonEqual } from '@pdbscope/shared/events';
import type { StoreHub } from '../events/store-hub.js';

export interface SummaryPublisherOptions {
  clock: Clock;
  hub: Pick<StoreHub, 'publish'>;
  /** The summary and the counts now. */
  current: () => { summary: BudgetSummary; counts: ClusterCounts };
}

/** How long changes gather before one summary-changed event tells of them all. */
const SUMMARY_DELAY_MS = 1000;

/**
 * The summary as clients last heard it. Row events carry it when it moved (clients then move
 * rows and cards together); what moves it otherwise (an analysis, a count) is told by one
 * summary-changed event a second later, and only when it differs from the last one.
 */
export class SummaryPublisher {
  private timer: TimerHandle | undefined;
  private lastPublished: { summary: BudgetSummary; counts: ClusterCounts } | undefined;
  /** The summary as clients last heard it, from a row event or a summary-changed event. */
  private sent: BudgetSummary | undefined;
  private stopped = false;

  constructor(private readonly options: SummaryPublisherOptions) {}

  /** Clients have this summary now (every row was published with it). */
  sentAlready(summary: BudgetSummary): void {
    this.sent = summary;
  }

  /** `summary` when clients do not have it yet (it is then theirs), else undefined. */
  toSend(summary: BudgetSummary): BudgetSummary | undefined {
    if (this.sent && jsonEqual(this.sent, summary)) return undefined;
    this.sent = summary;
    return summary;
  }

  /** Something the summary derives from moved: a summary-changed event follows, if it differs. */
  schedule(): void {
    if (this.timer !== undefined || this.stopped) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = undefined;
      const next = this.options.current();
      if (this.lastPublished && jsonEqual(this.lastPublished, next)) return;
      this.lastPublished = next;
      this.sent = next.summary;
      this.options.hub.publish({ type: 'summary-changed', ...next });
    }, SUMMARY_DELAY_MS);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }
}
