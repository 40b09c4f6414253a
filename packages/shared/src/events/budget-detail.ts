import type {
  BudgetDetailResponse,
  BudgetRef,
  BudgetRow,
  BudgetStatusNumbers,
  ServerEvent,
} from '../api/index.js';
import { budgetRowKey } from '../api/index.js';
import { jsonEqual } from './equal.js';

/** The reported status carried by a row, keeping the detail's maps (the row has none). */
function reportedFromRow(row: BudgetRow, previous: BudgetStatusNumbers): BudgetStatusNumbers {
  if (row.kind === 'PodDisruptionBudget') {
    return {
      kind: row.kind,
      observedGeneration: row.observedGeneration,
      expectedPods: row.expectedPods,
      desiredHealthy: row.desiredHealthy,
      currentHealthy: row.currentHealthy,
      disruptionsAllowed: row.disruptionsAllowed,
      disruptedPods: previous.kind === row.kind ? previous.disruptedPods : {},
    };
  }
  return {
    kind: row.kind,
    observedGeneration: row.observedGeneration,
    totalReplicas: row.totalReplicas,
    desiredAvailable: row.desiredAvailable,
    currentAvailable: row.currentAvailable,
    unavailableAllowed: row.unavailableAllowed,
    disruptedPods: previous.kind === row.kind ? previous.disruptedPods : {},
    unavailablePods: previous.kind === row.kind ? previous.unavailablePods : {},
  };
}

/**
 * Whether an event is about the budget a detail view shows. The stream carries budget rows,
 * not pods, so when this is true the lanes may be out of date: refetch the detail.
 */
export function eventConcernsBudget(event: ServerEvent, ref: BudgetRef): boolean {
  switch (event.type) {
    case 'budget-added':
    case 'budget-changed':
      return budgetRowKey(event.budget) === budgetRowKey(ref);
    case 'budget-removed':
      return budgetRowKey(event.ref) === budgetRowKey(ref);
    case 'resync':
    case 'context-changed':
      return true;
    case 'source-changed':
    case 'source-removed':
    case 'cluster-identity-changed':
    case 'ready':
    case 'summary-changed':
      return false;
  }
}

/**
 * Applies one server event to a cached budget detail: the row and the reported numbers follow
 * at once; the lanes come with the refetch that {@link eventConcernsBudget} calls for.
 * Returns the same object when nothing changed.
 */
export function reduceBudgetDetail(
  detail: BudgetDetailResponse,
  event: ServerEvent,
): BudgetDetailResponse {
  if (event.type !== 'budget-changed' && event.type !== 'budget-added') return detail;
  const row = event.budget;
  if (budgetRowKey(row) !== budgetRowKey(detail.budget)) return detail;
  if (jsonEqual(row, detail.budget)) return detail;
  const reported = reportedFromRow(row, detail.reported);
  return {
    ...detail,
    budget: row,
    reported: jsonEqual(reported, detail.reported) ? detail.reported : reported,
    eventId: event.id,
  };
}
