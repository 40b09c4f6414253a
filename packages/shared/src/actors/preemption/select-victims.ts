import type { NodeUsage } from '../../scheduling/fit.js';
import { addUsage, occupiesNode } from '../../scheduling/ledger.js';
import type { Result } from '../../result/index.js';
import type { NodeRoom, PreemptionContext } from './context.js';
import { byImportance, compareImportance, type RankedPod } from './importance.js';
import { filterPodsWithPdbViolation } from './pdb-violation.js';
import type { Candidate, NodeStatus, PdbViolation } from './types.js';

export const NO_VICTIMS = 'No preemption victims found for incoming pod';

/**
 * `SelectVictimsOnNode` (default_preemption.go): every pod of strictly lower priority leaves the
 * node; if the preemptor still does not fit, the node's status says why. Otherwise the pods come
 * back one at a time, most important first, the PDB-violating ones before the rest (the split is
 * made once, before any comes back), and each that still leaves room stays: the rest are the
 * victims. A violating pod that cannot stay adds to the node's PDB violations.
 */
export function selectVictimsOnNode(
  ctx: PreemptionContext,
  room: NodeRoom,
): Result<Candidate, NodeStatus> {
  const lower: RankedPod[] = [];
  for (const pod of room.bound) {
    if (!occupiesNode(pod)) continue;
    const ranked = ctx.rank(pod);
    if (ranked.priority < ctx.priority) lower.push(ranked);
  }
  if (lower.length === 0)
    return { ok: false, error: { code: 'UnschedulableAndUnresolvable', reasons: [NO_VICTIMS] } };
  const used: NodeUsage = { ...room.used };
  for (const v of lower) addUsage(used, v.pod.scheduling, -1);
  const alone = ctx.status(room, used);
  if (alone.code !== 'Success')
    return { ok: false, error: { code: alone.code, reasons: alone.reasons.map((r) => r.message) } };

  const split = filterPodsWithPdbViolation(byImportance(lower), (v) => v.pod, ctx.budgets);
  const victims: RankedPod[] = [];
  const violations: PdbViolation[] = [];
  let numPdbViolations = 0;
  const reprieve = (v: RankedPod): boolean => {
    addUsage(used, v.pod.scheduling, 1);
    if (ctx.status(room, used).code === 'Success') return true;
    addUsage(used, v.pod.scheduling, -1);
    victims.push(v);
    return false;
  };
  for (const { victim, violateCount, pdb } of split.violating) {
    if (reprieve(victim)) continue;
    numPdbViolations += violateCount;
    violations.push({ pod: victim.pod, pdb });
  }
  for (const v of split.nonViolating) reprieve(v);
  if (split.violating.length > 0 && split.nonViolating.length > 0) victims.sort(compareImportance);
  return {
    ok: true,
    value: {
      node: room.node.name,
      victims: victims.map((v) => v.pod),
      numPdbViolations,
      violations,
    },
  };
}
