import { refKey } from '@pdbscope/shared';
import type { BudgetDelta, ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, BudgetRow, BudgetSummary } from '@pdbscope/shared/api';
import type { EventBody } from '../events/hub.js';
import { budgetRow, type BudgetMarks } from '../views/rows.js';
import { countRow, noRowCounts, type RowCounts } from './row-counts.js';
import { rowEvent } from './row-events.js';

export interface RowPublisherOptions {
  /** Where row events go (the event hub). */
  publish: (event: EventBody) => void;
  /** Runs `flush` soon, once per burst of changes (setImmediate; tests may run it at once). */
  defer: (flush: () => void) => void;
  /** Called after a flush that looked at any budget (the summary may have moved). */
  onFlushed: () => void;
  /** The index and the analysis marks rows are made from; undefined before ready or once stopped. */
  current: () => { index: ClusterIndex; marks: BudgetMarks } | undefined;
  /**
   * The summary to send with a row event, given the rows' counts once that row is counted; or
   * undefined when clients already have it.
   */
  summaryAfter: (counts: RowCounts) => BudgetSummary | undefined;
}

/**
 * The rows clients have been sent, one per budget, and the budgets whose row may have changed
 * since: each flush re-evaluates those rows and sends an event for each that did change.
 */
export class RowPublisher {
  private readonly rows = new Map<string, BudgetRow>();
  private readonly countsValue = noRowCounts();
  /** Budgets to look at on the next flush, by their key; the ref itself is kept, not rebuilt. */
  private readonly dirty = new Map<string, BudgetRef>();
  private flushQueued = false;

  constructor(private readonly options: RowPublisherOptions) {}

  /** The rows clients have been sent, by `kind/namespace/name`; the budget list is served from here. */
  get published(): ReadonlyMap<string, BudgetRow> {
    return this.rows;
  }

  /** The summary's counts over the published rows. */
  get counts(): Readonly<RowCounts> {
    return this.countsValue;
  }

  /** The first rows, published without events (clients fetch the list once ready). */
  publishAll(index: ClusterIndex): void {
    for (const evaluation of index.budgets())
      this.set(refKey(evaluation.ref), budgetRow(evaluation));
  }

  /** The budgets these deltas moved: their rows are looked at on the next flush. */
  markMoved(deltas: readonly BudgetDelta[]): void {
    for (const { ref } of deltas) {
      // Deltas are about budgets only; the check narrows the kind for the row's ref.
      if (ref.kind === 'PodDisruptionBudget' || ref.kind === 'PodUnavailableBudget')
        this.markDirty({ kind: ref.kind, namespace: ref.namespace, name: ref.name });
    }
  }

  /** This budget's row may have changed: look at it on the next flush. */
  markDirty(ref: BudgetRef): void {
    this.dirty.set(refKey(ref), ref);
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.options.defer(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Budgets whose overlap, findings or blocking flag moved between two analyses get their row re-sent. */
  markChangedFlags(before: BudgetMarks, after: BudgetMarks): void {
    const keys = new Set([
      ...before.overlapping,
      ...after.overlapping,
      ...before.findings.keys(),
      ...after.findings.keys(),
      ...before.blocked.keys(),
      ...after.blocked.keys(),
    ]);
    for (const key of keys) {
      const moved =
        before.overlapping.has(key) !== after.overlapping.has(key) ||
        before.findings.get(key) !== after.findings.get(key) ||
        before.blocked.get(key) !== after.blocked.get(key);
      // A budget not published has no row to re-send: it was removed, or its own change is queued.
      const row = moved ? this.rows.get(key) : undefined;
      if (row) this.markDirty({ kind: row.kind, namespace: row.namespace, name: row.name });
    }
  }

  /** Sends an event for every dirty budget whose row changed since clients last heard of it. */
  flush(): void {
    const current = this.options.current();
    if (!current || this.dirty.size === 0) return;
    const { index, marks } = current;
    for (const [key, ref] of this.dirty) {
      const evaluation = index.budget(ref);
      const next = evaluation ? budgetRow(evaluation, marks) : undefined;
      const event = rowEvent(ref, this.rows.get(key), next);
      this.set(key, next);
      if (!event) continue;
      // The row and the summary it moves travel in one event: clients apply them together.
      const summary = this.options.summaryAfter(this.countsValue);
      this.options.publish(summary ? { ...event, summary } : event);
    }
    this.dirty.clear();
    this.options.onFlushed();
  }

  private set(key: string, row: BudgetRow | undefined): void {
    countRow(this.countsValue, this.rows.get(key), -1);
    countRow(this.countsValue, row, 1);
    if (row) this.rows.set(key, row);
    else this.rows.delete(key);
  }
}
