import type { BudgetRef, BudgetRow, HistoryMark, HistoryPoint } from '@pdbscope/shared/api';

export const DEFAULT_HISTORY_WINDOW_MS = 24 * 3600_000;

export interface BudgetHistoryOptions {
  /** How far back changes are kept (default 24 h). */
  windowMs?: number;
  /**
   * Points kept over all budgets (default 200,000; up to a tenth more between trims, and never
   * less than `minPointsPerBudget` per budget).
   */
  maxPoints?: number;
  /** A budget always keeps at least this many points, however many budgets there are (default 32). */
  minPointsPerBudget?: number;
  /** And never more than this many (default 1,000). */
  maxPointsPerBudget?: number;
  /** Evictions and unready pods kept per budget (default 100). */
  maxMarksPerBudget?: number;
}

/** One budget's changes, column by column (numbers in plain arrays: ~32 bytes a point). */
interface Series {
  at: number[];
  allowed: number[];
  current: number[];
  desired: number[];
  marks: { at: number; type: HistoryMark['type']; pod: string }[];
  truncated: boolean;
}

export interface HistoryRead {
  from: number;
  points: HistoryPoint[];
  marks: HistoryMark[];
  truncated: boolean;
}

const keyOf = (ref: { kind: string; namespace: string; name: string }) =>
  `${ref.kind}/${ref.namespace}/${ref.name}`;

function numbersOf(row: BudgetRow): [allowed: number, current: number, desired: number] {
  return row.kind === 'PodDisruptionBudget'
    ? [row.disruptionsAllowed, row.currentHealthy, row.desiredHealthy]
    : [row.unavailableAllowed, row.currentAvailable, row.desiredAvailable];
}

/**
 * Every budget's allowed disruptions and current/desired healthy pods as they change, plus the
 * moments its pods were evicted or became unready, in bounded memory: a point only when a number
 * changes; older than the window dropped (but the last one before it, which says what held at
 * the window's start); at most `maxPoints` over all budgets, each budget keeping its share (at
 * least `minPointsPerBudget`), oldest dropped first. Time is a parameter.
 */
export class BudgetHistory {
  private readonly series = new Map<string, Series>();
  readonly windowMs: number;
  private readonly maxPoints: number;
  private readonly minPoints: number;
  private readonly maxPointsPerBudget: number;
  private readonly maxMarks: number;
  private total = 0;

  constructor(options: BudgetHistoryOptions = {}) {
    this.windowMs = options.windowMs ?? DEFAULT_HISTORY_WINDOW_MS;
    this.maxPoints = options.maxPoints ?? 200_000;
    this.minPoints = options.minPointsPerBudget ?? 32;
    this.maxPointsPerBudget = options.maxPointsPerBudget ?? 1000;
    this.maxMarks = options.maxMarksPerBudget ?? 100;
  }

  get budgets(): number {
    return this.series.size;
  }

  /** Points held over all budgets. */
  get points(): number {
    return this.total;
  }

  /** The points one budget may hold now. */
  private share(): number {
    const fair = Math.floor(this.maxPoints / Math.max(1, this.series.size));
    return Math.min(this.maxPointsPerBudget, Math.max(this.minPoints, fair));
  }

  /** The row's numbers at `at`; a point only when one of them changed. */
  record(row: BudgetRow, at: number): void {
    const key = keyOf(row);
    let s = this.series.get(key);
    if (!s) {
      s = { at: [], allowed: [], current: [], desired: [], marks: [], truncated: false };
      this.series.set(key, s);
    }
    const [allowed, current, desired] = numbersOf(row);
    const last = s.at.length - 1;
    if (
      last >= 0 &&
      s.allowed[last] === allowed &&
      s.current[last] === current &&
      s.desired[last] === desired
    )
      return;
    s.at.push(at);
    s.allowed.push(allowed);
    s.current.push(current);
    s.desired.push(desired);
    this.total++;
    this.trim(s, at);
    // Budgets that grew while they were few keep more than their share until trimmed: trim all
    // once the total passes the bound by a tenth (so that this stays rare: amortised O(1)).
    const bound = Math.max(this.maxPoints, this.minPoints * this.series.size);
    if (this.total > bound + Math.ceil(bound / 10)) this.prune(at);
  }

  /** A pod of the budget was evicted or became unready at `at`. */
  mark(ref: BudgetRef, mark: { at: number; type: HistoryMark['type']; pod: string }): void {
    const s = this.series.get(keyOf(ref));
    if (!s) return;
    s.marks.push(mark);
    this.trim(s, mark.at);
  }

  /** The budget is gone: its history goes with it. */
  forget(ref: BudgetRef): void {
    const key = keyOf(ref);
    this.total -= this.series.get(key)?.at.length ?? 0;
    this.series.delete(key);
  }

  /** Drops what fell out of the window everywhere (called now and then; reads trim too). */
  prune(now: number): void {
    for (const s of this.series.values()) this.trim(s, now);
  }

  read(ref: BudgetRef, now: number): HistoryRead | undefined {
    const s = this.series.get(keyOf(ref));
    if (!s) return undefined;
    this.trim(s, now);
    const iso = (t: number) => new Date(t).toISOString();
    return {
      from: now - this.windowMs,
      points: s.at.map((t, i) => ({
        at: iso(t),
        disruptionsAllowed: s.allowed[i] as number,
        currentHealthy: s.current[i] as number,
        desiredHealthy: s.desired[i] as number,
      })),
      marks: s.marks.map((m) => ({ at: iso(m.at), type: m.type, pod: m.pod })),
      truncated: s.truncated,
    };
  }

  private trim(s: Series, now: number): void {
    const start = now - this.windowMs;
    // Keep the last point before the window: it says what held when the window starts.
    let drop = 0;
    while (drop + 1 < s.at.length && (s.at[drop + 1] as number) <= start) drop++;
    const over = s.at.length - drop - this.share();
    if (over > 0) {
      drop += over;
      s.truncated = true;
    }
    this.total -= drop;
    if (drop > 0)
      for (const column of [s.at, s.allowed, s.current, s.desired]) column.splice(0, drop);
    let oldMarks = 0;
    while (oldMarks < s.marks.length && (s.marks[oldMarks] as { at: number }).at < start)
      oldMarks++;
    const overMarks = s.marks.length - oldMarks - this.maxMarks;
    if (overMarks > 0) s.truncated = true;
    const dropMarks = oldMarks + Math.max(0, overMarks);
    if (dropMarks > 0) s.marks.splice(0, dropMarks);
  }
}
