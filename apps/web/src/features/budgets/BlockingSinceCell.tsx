import type { BudgetRow } from '@pdbscope/shared/api';
import { age } from '../../components/time.js';

/** How long a blocking budget has allowed no disruption (kubectl-style age), the exact time on hover. */
export function BlockingSinceCell({ row, now }: { row: BudgetRow; now: number }) {
  if (!row.flags.blocking) return null;
  // A PodUnavailableBudget's status has no condition with a time: say so instead of a word.
  if (row.blockingSince === undefined)
    return (
      <span title="Blocking, but its status has no DisruptionAllowed condition to say since when">
        —
      </span>
    );
  return (
    <time dateTime={row.blockingSince} title={`allows no disruption since ${row.blockingSince}`}>
      {age(row.blockingSince, now)}
    </time>
  );
}

/**
 * The sort key of "blocking since": the longest blocking first when ascending; blocking without
 * a time after those with one; not blocking last.
 */
export function blockingSinceKey(row: BudgetRow): number {
  if (!row.flags.blocking) return Number.MAX_SAFE_INTEGER;
  if (row.blockingSince === undefined) return Number.MAX_SAFE_INTEGER - 1;
  const at = Date.parse(row.blockingSince);
  return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER - 1 : at;
}
