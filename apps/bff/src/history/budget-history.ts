import type { BudgetRef, BudgetRow, HistoryMark, HistoryPoint } from '@pdbscope/shared/api';

export const DEFAULT_HISTORY_WINDOW_MS = 24 * 3600_000;

export interface BudgetHistoryOptions {
  /** How far back changes are kept (default 24 h). */
  windowMs?: number;
  /**
   * Points kept over all budgets (default 200,000; up to a tenth more between trims, and never
   * fewer than `minPointsPerBudget` per budget).
   */
  maxPoints?: number;
  /** A budget always keeps at least this many points, however many budgets there are (default 32). */
  minPointsPerBudget?: number;
  /** And never more than this many (default 1,000). */
  maxPointsPerBudget?: number;
  /** Evictions and unready pods kept over all budgets (default 100,000; the same sharing). */
  maxMarks?: number;
  /** At least this many marks per budget (default 8)… */
  minMarksPerBudget?: number;
  /** …and at most this many (default 100). */
  maxMarksPerBudget?: number;
}

/** Numbers per point in `Series.points`: at, allowed, current, desired. */
const POINT = 4;
/** Slots per mark in `Series.marks`: at, type, pod name (the pod's own string, shared). */
const MARK = 3;
const MARK_TYPES: readonly HistoryMark['type'][] = ['evicted', 'unready'];

/**
 * One budget's changes, flattened into one array of doubles (8 bytes a number, 32 a point: an
 * object per point would cost ~3 times that) and its marks into another.
 */
interface Series {
  namespace: string;
  points: number[];
  marks: (number | string)[];
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

/** How many of `total` a budget may hold when there are `budgets` of them. */
function shareOf(input: { total: number; min: number; max: number; budgets: number }): number {
  const fair = Math.floor(input.total / Math.max(1, input.budgets));
  return Math.min(input.max, Math.max(input.min, fair));
}

/**
 * Every budget's allowed disruptions and current/desired healthy pods as they change, plus the
 * moments its pods were evicted or became unready, in bounded memory: a point only when a number
 * changes; older than the window dropped (but the last one before it, which says what held at
 * the window's start); at most `maxPoints` (and `maxMarks`) over all budgets, each budget keeping
 * its share, oldest dropped first. Time is a parameter.
 */
export class BudgetHistory {
  private readonly series = new Map<string, Series>();
  readonly windowMs: number;
  private readonly limits: {
    points: { total: number; min: number; max: number };
    marks: { total: number; min: number; max: number };
  };
  private pointCount = 0;
  private markCount = 0;

  constructor(options: BudgetHistoryOptions = {}) {
    this.windowMs = options.windowMs ?? DEFAULT_HISTORY_WINDOW_MS;
    this.limits = {
      points: {
        total: options.maxPoints ?? 200_000,
        min: options.minPointsPerBudget ?? 32,
        max: options.maxPointsPerBudget ?? 1000,
      },
      marks: {
        total: options.maxMarks ?? 100_000,
        min: options.minMarksPerBudget ?? 8,
        max: options.maxMarksPerBudget ?? 100,
      },
    };
  }

  get budgets(): number {
    return this.series.size;
  }

  /** Points held over all budgets. */
  get points(): number {
    return this.pointCount;
  }

  /** Marks held over all budgets. */
  get marks(): number {
    return this.markCount;
  }

  /** The row's numbers at `at`; a point only when one of them changed. */
  record(row: BudgetRow, at: number): void {
    const key = keyOf(row);
    let s = this.series.get(key);
    if (!s) {
      s = { namespace: row.namespace, points: [], marks: [], truncated: false };
      this.series.set(key, s);
    }
    const [allowed, current, desired] = numbersOf(row);
    const p = s.points;
    const last = p.length - POINT;
    if (last >= 0 && p[last + 1] === allowed && p[last + 2] === current && p[last + 3] === desired)
      return;
    p.push(at, allowed, current, desired);
    this.pointCount++;
    this.trim(s, at);
    this.keepBounds(at);
  }

  /** A pod of the budget (named without its namespace: the budget's) was evicted or became unready. */
  mark(ref: BudgetRef, mark: { at: number; type: HistoryMark['type']; pod: string }): void {
    const s = this.series.get(keyOf(ref));
    if (!s) return;
    s.marks.push(mark.at, MARK_TYPES.indexOf(mark.type), mark.pod);
    this.markCount++;
    this.trim(s, mark.at);
    this.keepBounds(mark.at);
  }

  /** The budget is gone: its history goes with it. */
  forget(ref: BudgetRef): void {
    const key = keyOf(ref);
    const s = this.series.get(key);
    if (!s) return;
    this.pointCount -= s.points.length / POINT;
    this.markCount -= s.marks.length / MARK;
    this.series.delete(key);
  }

  /** Drops what fell out of the window or past its share everywhere (reads and writes trim too). */
  prune(now: number): void {
    for (const s of this.series.values()) this.trim(s, now);
  }

  read(ref: BudgetRef, now: number): HistoryRead | undefined {
    const s = this.series.get(keyOf(ref));
    if (!s) return undefined;
    this.trim(s, now);
    const iso = (t: number) => new Date(t).toISOString();
    const points: HistoryPoint[] = [];
    for (let i = 0; i < s.points.length; i += POINT)
      points.push({
        at: iso(s.points[i] as number),
        disruptionsAllowed: s.points[i + 1] as number,
        currentHealthy: s.points[i + 2] as number,
        desiredHealthy: s.points[i + 3] as number,
      });
    const marks: HistoryMark[] = [];
    for (let i = 0; i < s.marks.length; i += MARK)
      marks.push({
        at: iso(s.marks[i] as number),
        type: MARK_TYPES[s.marks[i + 1] as number] as HistoryMark['type'],
        pod: `${s.namespace}/${s.marks[i + 2] as string}`,
      });
    return { from: now - this.windowMs, points, marks, truncated: s.truncated };
  }

  /**
   * Budgets that grew while they were few keep more than their share until trimmed: trim all
   * once a total passes its bound by a tenth (rare, so amortised O(1) per write).
   */
  private keepBounds(now: number): void {
    const over = (count: number, limit: { total: number; min: number }) => {
      const bound = Math.max(limit.total, limit.min * this.series.size);
      return count > bound + Math.ceil(bound / 10);
    };
    if (over(this.pointCount, this.limits.points) || over(this.markCount, this.limits.marks))
      this.prune(now);
  }

  private trim(s: Series, now: number): void {
    const start = now - this.windowMs;
    const budgets = this.series.size;
    // Keep the last point before the window: it says what held when the window starts.
    let drop = 0;
    const points = s.points.length / POINT;
    while (drop + 1 < points && (s.points[(drop + 1) * POINT] as number) <= start) drop++;
    const overPoints = points - drop - shareOf({ ...this.limits.points, budgets });
    if (overPoints > 0) {
      drop += overPoints;
      s.truncated = true;
    }
    if (drop > 0) {
      s.points.splice(0, drop * POINT);
      this.pointCount -= drop;
    }
    const marks = s.marks.length / MARK;
    let dropMarks = 0;
    while (dropMarks < marks && (s.marks[dropMarks * MARK] as number) < start) dropMarks++;
    const overMarks = marks - dropMarks - shareOf({ ...this.limits.marks, budgets });
    if (overMarks > 0) {
      dropMarks += overMarks;
      s.truncated = true;
    }
    if (dropMarks > 0) {
      s.marks.splice(0, dropMarks * MARK);
      this.markCount -= dropMarks;
    }
  }
}
