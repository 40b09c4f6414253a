import { operatorOf, type ManagedObject } from './detect.js';

/** Whether an operator writes this object (so a change to it belongs to the operator). */
export const isOperatorManaged = (object: ManagedObject): boolean =>
  operatorOf(object) !== undefined;

/**
 * Of budgets that select the same pods, the ones to remove: the hand-written ones when an
 * operator writes another (it would write its own again, and it already protects the role);
 * every one when all are hand-written, or all an operator's. The findings and the upgrade's fixes
 * both choose with this.
 */
export function budgetsToRemove<T extends ManagedObject>(budgets: readonly T[]): T[] {
  const handWritten = budgets.filter((b) => !isOperatorManaged(b));
  return handWritten.length > 0 && handWritten.length < budgets.length ? handWritten : [...budgets];
}
