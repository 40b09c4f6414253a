// NodePool disruption budgets (pkg/apis/v1/nodepool.go) and BuildDisruptionBudgetMapping
// (pkg/controllers/disruption/helpers.go) for one NodePool.
import { scaledValue } from '../../intstr/intstr.js';
import type { NodePoolBudget, NodePoolView } from '../../model/karpenter.js';
import type { Result } from '../../result/index.js';
import { parseGoDuration } from '../go/duration.js';
import { cronNext, parseCronSchedule } from './cron.js';

/** The reasons a budget may name: consolidation's two, and drift. */
export type DisruptionReason = 'Underutilized' | 'Empty' | 'Drifted';
export const DISRUPTION_REASONS: readonly DisruptionReason[] = [
  'Underutilized',
  'Empty',
  'Drifted',
];

const MAX_INT32 = 2_147_483_647;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * `Budget.IsActive`: without schedule and duration always; otherwise when the schedule (UTC) fired
 * within the last `duration` (a fire exactly `duration` ago does not count, one now does). A
 * schedule that never fires within five years counts as active, as Go's zero time is not after now.
 */
export function isBudgetActive(budget: NodePoolBudget, nowNs: bigint): Result<boolean> {
  if (budget.schedule === undefined && budget.duration === undefined)
    return { ok: true, value: true };
  const schedule = parseCronSchedule(budget.schedule ?? '');
  if (!schedule.ok)
    return { ok: false, error: `invariant violated, invalid cron, ${schedule.error}` };
  const duration =
    budget.duration === undefined
      ? { ok: true as const, value: 0n }
      : parseGoDuration(budget.duration);
  if (!duration.ok) return duration;
  const next = cronNext(schedule.value, nowNs - duration.value);
  return { ok: true, value: next === undefined || next <= nowNs };
}

/**
 * `GetIntStrFromValue`: what `strconv.Atoi` reads is an integer (int32 as IntOrString keeps it),
 * anything else a string (which must then be a percentage).
 */
function intOrString(nodes: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(nodes)) return nodes;
  const n = BigInt(nodes);
  if (n < INT64_MIN || n > INT64_MAX) return nodes;
  return Number(BigInt.asIntN(32, n));
}

/**
 * `Budget.GetAllowedDisruptions`: MaxInt32 while inactive; else the number, or the percentage of
 * `numNodes` rounded up. A misconfigured budget fails closed: 0, with the error.
 */
export function budgetAllowedDisruptions(
  budget: NodePoolBudget,
  numNodes: number,
  nowNs: bigint,
): { value: number; error?: string } {
  const active = isBudgetActive(budget, nowNs);
  if (!active.ok) return { value: 0, error: active.error };
  if (!active.value) return { value: MAX_INT32 };
  const scaled = scaledValue(intOrString(budget.nodes), numNodes, true);
  return scaled.ok ? { value: scaled.value } : { value: 0, error: scaled.error };
}

/**
 * `NodePool.MustGetAllowedDisruptions`: the smallest allowance of the budgets that apply to the
 * reason (no `reasons` = all of them); 0 when any budget, applying or not, is misconfigured.
 */
export function nodePoolAllowedDisruptions(
  pool: NodePoolView,
  numNodes: number,
  reason: DisruptionReason,
  nowNs: bigint,
): { value: number; errors: string[] } {
  let allowed = MAX_INT32;
  const errors: string[] = [];
  for (const budget of pool.budgets) {
    const r = budgetAllowedDisruptions(budget, numNodes, nowNs);
    if (r.error !== undefined) errors.push(r.error);
    if (budget.reasons === undefined || budget.reasons.includes(reason))
      allowed = Math.min(allowed, r.value);
  }
  return { value: errors.length > 0 ? 0 : allowed, errors };
}

/** How a node of the pool counts toward its budget. */
export interface BudgetNode {
  managed: boolean;
  initialized: boolean;
  instanceTerminating: boolean;
  ready: boolean;
  markedForDeletion: boolean;
}

/** One NodePool's entry of `BuildDisruptionBudgetMapping`, with the figures it came from. */
export interface PoolBudget {
  /** Disruptions allowed now: the budgets' allowance less the nodes already disrupting, at least 0. */
  allowed: number;
  /** The budgets' allowance before the disrupting nodes are taken off. */
  budgetAllows: number;
  /** Managed, initialized nodes whose instance is not terminating. */
  nodes: number;
  /** Of those, the NotReady or marked for deletion. */
  disrupting: number;
  errors: string[];
}

/**
 * `BuildDisruptionBudgetMapping` for one NodePool and reason: its nodes counted (managed,
 * initialized, instance not terminating), the budgets' allowance less those NotReady or marked
 * for deletion, never below 0.
 */
export function poolBudget(
  pool: NodePoolView,
  nodes: Iterable<BudgetNode>,
  reason: DisruptionReason,
  nowNs: bigint,
): PoolBudget {
  let count = 0;
  let disrupting = 0;
  for (const n of nodes) {
    if (!n.managed || !n.initialized || n.instanceTerminating) continue;
    count++;
    if (!n.ready || n.markedForDeletion) disrupting++;
  }
  const { value, errors } = nodePoolAllowedDisruptions(pool, count, reason, nowNs);
  return {
    allowed: Math.max(value - disrupting, 0),
    budgetAllows: value,
    nodes: count,
    disrupting,
    errors,
  };
}
