import { Link } from 'react-router';
import type { BudgetSummary } from '@pdbscope/shared/api';
import { Figure } from '../../components/Figure.js';
import { podsHref } from '../../app/paths.js';

interface Card {
  label: string;
  value: number;
  /** How it is counted: the number's tooltip. */
  how: string;
  /** The overview filtered to these budgets, when there is such a filter. */
  to?: string;
  bad?: boolean;
}

export function SummaryStrip({ summary }: { summary: BudgetSummary }) {
  const figures: Card[] = [
    {
      label: 'Budgets',
      value: summary.budgets,
      to: '/',
      how: 'Every PodDisruptionBudget and OpenKruise PodUnavailableBudget in the watched namespaces',
    },
    {
      label: 'Block any eviction',
      value: summary.blocking,
      how: 'Budgets whose reported status allows no disruption, or whose every pod is refused anyway (e.g. each is under two PodDisruptionBudgets)',
      to: '/?state=blocking',
      bad: summary.blocking > 0,
    },
    {
      label: 'Overlapping',
      value: summary.overlapping,
      how: 'Budgets that share at least one live pod with another budget',
      to: '/?state=overlapping',
      bad: summary.overlapping > 0,
    },
    {
      label: 'Pods with more than one budget',
      value: summary.podsWithMultipleBudgets,
      how: 'Pods selected by more than one budget (PodDisruptionBudget or PodUnavailableBudget)',
      // The pods themselves: the Pods view counts them as the summary does.
      to: podsHref({ budgets: 'several' }),
      bad: summary.podsWithMultipleBudgets > 0,
    },
    {
      label: 'Pods with no budget',
      value: summary.podsWithoutBudget,
      how: 'Pods of replicated workloads (owned by a controller) that no budget selects',
      to: podsHref({ budgets: 'none' }),
    },
    {
      label: 'With findings',
      value: summary.withFindings,
      to: '/?state=findings',
      how: 'Budgets with at least one finding',
    },
    {
      label: 'Stale status',
      value: summary.stale,
      to: '/?state=stale',
      how: 'Budgets whose status.observedGeneration is below metadata.generation: their controller has not caught up',
    },
  ];
  return (
    <section className="summary" aria-label="Summary">
      {figures.map((figure) => (
        <div key={figure.label} className="card">
          <Figure
            className={`figure${figure.bad ? ' zero' : ''}`}
            value={figure.value}
            how={figure.how}
          />
          {figure.to === undefined ? (
            <span className="muted">{figure.label}</span>
          ) : (
            <Link to={figure.to}>{figure.label}</Link>
          )}
        </div>
      ))}
    </section>
  );
}
