import type { BudgetEvaluation } from '../index/types.js';
import type { IntOrString } from '../model/intstr.js';

/** A budget's figures, as the controller computes them (`kubectl get pdb` and a little more). */
export interface BudgetFigures {
  minAvailable?: IntOrString;
  maxUnavailable?: IntOrString;
  /** Pods it selects (a PUB: the pods it protects). */
  selected: number;
  expected: number;
  desiredHealthy: number;
  currentHealthy: number;
  /** Disruptions (a PUB: unavailable pods) it allows, once its controller has synced. */
  allowed: number;
}

/** The figures of an evaluation. */
export function figuresOf(ev: BudgetEvaluation): BudgetFigures {
  const { minAvailable, maxUnavailable } = ev.budget.spec;
  const limits = {
    ...(minAvailable !== undefined ? { minAvailable } : {}),
    ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
  };
  if (ev.kind === 'PodDisruptionBudget') {
    const s = ev.sync.status;
    return {
      ...limits,
      selected: ev.counts.selected,
      expected: s.expectedPods,
      desiredHealthy: s.desiredHealthy,
      currentHealthy: s.currentHealthy,
      allowed: s.disruptionsAllowed,
    };
  }
  const s = ev.sync.status;
  return {
    ...limits,
    selected: ev.counts.selected,
    expected: s.totalReplicas,
    desiredHealthy: s.desiredAvailable,
    currentHealthy: s.currentAvailable,
    allowed: s.unavailableAllowed,
  };
}

export const sameFigures = (a: BudgetFigures, b: BudgetFigures): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** It holds pods and lets none of them go: every eviction of them is refused (429). */
export const blocks = (f: BudgetFigures | undefined): boolean =>
  f !== undefined && f.selected > 0 && f.allowed === 0;
