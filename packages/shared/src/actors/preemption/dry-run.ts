import type { NodeView } from '../../model/node.js';
import type { PreemptionContext } from './context.js';
import { selectVictimsOnNode } from './select-victims.js';
import type { Candidate, NodeStatus, PreemptionArgs } from './types.js';

/**
 * `calculateNumCandidates`: how many candidates the dry run looks for, a share of the potential
 * nodes (integer division) but at least the absolute minimum, and never more than there are.
 */
export function numCandidates(potentialNodes: number, args: PreemptionArgs): number {
  const share = Math.floor((potentialNodes * args.minCandidateNodesPercentage) / 100);
  return Math.min(Math.max(share, args.minCandidateNodesAbsolute), potentialNodes);
}

export interface DryRun {
  /** Candidates that violate no PDB, then the ones that do, each in the order found. */
  candidates: Candidate[];
  /** Why each node tried that is no candidate is none. */
  statuses: Map<string, NodeStatus>;
  /** How many nodes were tried before the search stopped. */
  tried: number;
}

/**
 * `DryRunPreemption`: tries the nodes from `offset` on (wrapping around), one at a time as with a
 * parallelism of 1. Two lists, PDB-violating and not, each hold at most `wanted` candidates (a
 * candidate for a full list is dropped), and the search stops once some candidate violates no PDB
 * and the lists hold `wanted` between them: upstream cancels its workers at that point. A node
 * where the preemptor fits with nobody removed is an error, not a candidate.
 */
export function dryRunPreemption(
  ctx: PreemptionContext,
  nodes: readonly NodeView[],
  options: { offset: number; wanted: number },
): DryRun {
  const nonViolating: Candidate[] = [];
  const violating: Candidate[] = [];
  const statuses = new Map<string, NodeStatus>();
  let tried = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[(options.offset + i) % nodes.length] as NodeView;
    tried++;
    const result = selectVictimsOnNode(ctx, ctx.room(node));
    if (!result.ok) {
      statuses.set(node.name, result.error);
      continue;
    }
    const c = result.value;
    if (c.victims.length === 0) {
      statuses.set(node.name, {
        code: 'Error',
        reasons: [`expected at least one victim pod on node ${JSON.stringify(node.name)}`],
      });
      continue;
    }
    const list = c.numPdbViolations === 0 ? nonViolating : violating;
    if (list.length < options.wanted) list.push(c);
    if (nonViolating.length > 0 && nonViolating.length + violating.length >= options.wanted) break;
  }
  return { candidates: [...nonViolating, ...violating], statuses, tried };
}
