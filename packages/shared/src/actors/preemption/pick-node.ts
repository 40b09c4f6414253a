import type { PreemptionContext } from './context.js';
import { compareStarts, startOf } from './importance.js';
import type { Instant } from '../go/time.js';
import type { Candidate } from './types.js';

/** What `pickOneNodeForPreemption` scores a candidate on, in its order. */
export interface CandidateScore {
  numPdbViolations: number;
  /** The priority of the most important victim (`victims[0]`). */
  highestPriority: number;
  /** Σ (priority + 2^31): every victim adds 2^31, so fewer victims win at equal raw sums. */
  adjustedPrioritySum: number;
  victims: number;
  /**
   * `GetEarliestPodStartTime`: the earliest start among the victims of the highest priority
   * (lower ones are ignored); undefined = not started, which counts as now (the latest).
   */
  earliestStart: Instant | undefined;
}

const INT32_SPAN = 2 ** 31;

export function scoreCandidate(ctx: PreemptionContext, c: Candidate): CandidateScore {
  const ranks = c.victims.map((p) => ctx.rank(p));
  const highestPriority = ranks[0]?.priority ?? 0;
  let adjustedPrioritySum = 0;
  let earliestStart: Instant | undefined;
  let first = true;
  for (const r of ranks) {
    adjustedPrioritySum += r.priority + INT32_SPAN;
    if (r.priority !== highestPriority) continue;
    const start = startOf(r);
    if (first || compareStarts(start, earliestStart) < 0) earliestStart = start;
    first = false;
  }
  return {
    numPdbViolations: c.numPdbViolations,
    highestPriority,
    adjustedPrioritySum,
    victims: c.victims.length,
    earliestStart,
  };
}

/**
 * Negative when `a` is the better node for `pickOneNodeForPreemption`'s five criteria, in order:
 * fewer PDB violations; lower highest victim priority; lower adjusted priority sum; fewer victims;
 * the later earliest start of the highest-priority victims. Each criterion keeps the nodes with
 * the best score and the next looks only at those, which is this comparison taken in order.
 */
export function compareScores(a: CandidateScore, b: CandidateScore): number {
  return (
    a.numPdbViolations - b.numPdbViolations ||
    a.highestPriority - b.highestPriority ||
    a.adjustedPrioritySum - b.adjustedPrioritySum ||
    a.victims - b.victims ||
    compareStarts(b.earliestStart, a.earliestStart)
  );
}

export interface RankedCandidate {
  candidate: Candidate;
  score: CandidateScore;
}

/**
 * The candidates best first. Candidates that tie on every criterion keep the dry run's order:
 * upstream takes the first of them in a Go map's iteration order, so any of them may be the one.
 */
export function rankCandidates(
  ctx: PreemptionContext,
  candidates: readonly Candidate[],
): RankedCandidate[] {
  return candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(ctx, candidate) }))
    .sort((a, b) => compareScores(a.score, b.score));
}

/** `SelectCandidate`: the best candidate, undefined when there is none. */
export function selectCandidate(
  ctx: PreemptionContext,
  candidates: readonly Candidate[],
): Candidate | undefined {
  if (candidates.length <= 1) return candidates[0];
  return rankCandidates(ctx, candidates)[0]?.candidate;
}
