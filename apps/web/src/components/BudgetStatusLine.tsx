import { Link } from 'react-router';
import type { BudgetStatusAfter } from '@pdbscope/shared/api';
import { budgetHref } from '../app/paths.js';
import { shortKind } from './budget-numbers.js';
import { AllowedCell } from './AllowedCell.js';

/** A budget's numbers after a simulated step, in the words of its own kind. */
export function BudgetStatusLine({ after }: { after: BudgetStatusAfter }) {
  const { ref, status } = after;
  const disrupted = Object.keys(status.disruptedPods).length;
  return (
    <li>
      <Link to={budgetHref(ref)}>
        {shortKind(ref.kind)} {ref.namespace}/{ref.name}
      </Link>
      :{' '}
      {status.kind === 'PodDisruptionBudget' ? (
        <>
          allowed disruptions <AllowedCell allowed={status.disruptionsAllowed} />, current healthy{' '}
          {status.currentHealthy} of desired {status.desiredHealthy}, expected {status.expectedPods}
        </>
      ) : (
        <>
          unavailable allowed <AllowedCell allowed={status.unavailableAllowed} />, current available{' '}
          {status.currentAvailable} of desired {status.desiredAvailable}, total{' '}
          {status.totalReplicas}
        </>
      )}
      {disrupted > 0 ? `, ${disrupted} in disruptedPods` : ''}
    </li>
  );
}
