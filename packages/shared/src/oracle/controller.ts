import { disruptionAllowedCondition } from '../budgets/condition.js';
import { selectPdbPods } from '../budgets/select.js';
import { syncPdb } from '../budgets/sync.js';
import { nsName } from '../model/refs.js';
import { inNamespace, type ScenarioInputs } from './inputs.js';

/** kind `pdb-controller`: one sync of every PDB. */
export function controllerActual({
  pdbs,
  pods,
  workloads,
  now,
}: ScenarioInputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pdb of pdbs) {
    const selected = selectPdbPods(pdb, inNamespace(pods, pdb.namespace));
    const sync = syncPdb({ pdb, pods: selected.ok ? selected.value : [], workloads, now });
    const s = sync.status;
    const c = disruptionAllowedCondition(s);
    out[nsName(pdb)] = {
      expectedPods: s.expectedPods,
      desiredHealthy: s.desiredHealthy,
      currentHealthy: s.currentHealthy,
      disruptionsAllowed: s.disruptionsAllowed,
      observedGeneration: s.observedGeneration,
      disruptedPods: s.disruptedPods,
      condition: c
        ? { type: c.type, status: c.status, reason: c.reason ?? '', message: c.message ?? '' }
        : null,
      syncFailed: sync.syncFailed,
      events: sync.events.map((e) => e.reason),
      ...(sync.recheckAfterSeconds !== undefined
        ? { recheckAfterSeconds: sync.recheckAfterSeconds }
        : {}),
      conditionTypesPresent: s.conditions.map((k) => k.type),
    };
  }
  return out;
}
