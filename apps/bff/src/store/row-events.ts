import type { BudgetRef, BudgetRow } from '@pdbscope/shared/api';
import { jsonEqual } from '@pdbscope/shared/events';
import type { EventBody } from '../events/hub.js';

/** An event about one budget's row. */
export type RowEventBody = Extract<
  EventBody,
  { type: 'budget-added' | 'budget-changed' | 'budget-removed' }
>;

/**
 * The event that takes a client from the row it has to the row that is now true, or undefined
 * when they are the same (an evaluation that changed nothing the overview shows).
 */
export function rowEvent(
  ref: BudgetRef,
  previous: BudgetRow | undefined,
  next: BudgetRow | undefined,
): RowEventBody | undefined {
  if (next === undefined)
    return previous === undefined ? undefined : { type: 'budget-removed', ref };
  if (previous === undefined) return { type: 'budget-added', budget: next };
  return jsonEqual(previous, next) ? undefined : { type: 'budget-changed', budget: next };
}
