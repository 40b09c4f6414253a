import { compareStarts } from './importance.js';
import type { CandidateScore } from './pick-node.js';

/**
 * Why a candidate lost to the node `pickOneNodeForPreemption` chose: the first of its criteria,
 * in its order, on which the candidate scores worse (each criterion only looks at the nodes the
 * ones before left tied, so the first difference decides). A full tie is upstream's map order.
 */
export function whyLost(chosen: CandidateScore, other: CandidateScore): string {
  if (other.numPdbViolations !== chosen.numPdbViolations)
    return `more PDB violations (${other.numPdbViolations} against ${chosen.numPdbViolations})`;
  if (other.highestPriority !== chosen.highestPriority)
    return `a more important victim (priority ${other.highestPriority} against ${chosen.highestPriority})`;
  if (other.adjustedPrioritySum !== chosen.adjustedPrioritySum)
    return `a higher sum of victim priorities, each victim counting 2^31 more (${other.victims} victims against ${chosen.victims})`;
  if (other.victims !== chosen.victims)
    return `more victims (${other.victims} against ${chosen.victims})`;
  if (compareStarts(chosen.earliestStart, other.earliestStart) !== 0)
    return 'its most important victims started earlier';
  return 'a tie on every criterion: the scheduler takes one of the tied nodes';
}
