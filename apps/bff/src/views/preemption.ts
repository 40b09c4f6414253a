import type { PriorityClassView } from '@pdbscope/shared';
import { preemptReport } from '@pdbscope/shared/actors/reports';
import type { SimulatePreemptionRequest, SimulatePreemptionResponse } from '@pdbscope/shared/api';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { Simulated } from '../model.js';
import type { Invalid } from './upgrade.js';

/**
 * POST /api/simulate/preemption: `pdbscope preempt`'s report (the same engine functions) on the
 * live index, with the cluster's PriorityClasses for the form to offer.
 */
export function simulatePreemption(
  index: ClusterIndex,
  classes: readonly PriorityClassView[],
  request: SimulatePreemptionRequest,
): Simulated<SimulatePreemptionResponse> | Invalid {
  const report = preemptReport(
    { index, priorityClasses: classes, statusSource: 'recomputed', where: 'the cluster' },
    { ...request, nodeSelector: request.nodeSelector ?? {} },
  );
  if (!report.ok) return { invalid: report.error };
  return {
    ...report.value,
    priorityClasses: priorityClassList(classes).map(({ name, value }) => ({ name, value })),
  };
}

/** The classes a form offers, highest value first (ties by name). */
export function priorityClassList(classes: readonly PriorityClassView[]) {
  return classes
    .map((c) => ({
      name: c.name,
      value: c.value,
      preemptionPolicy: c.preemptionPolicy,
      globalDefault: c.globalDefault,
    }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1));
}
