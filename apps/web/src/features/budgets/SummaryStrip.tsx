import { Link } from 'react-router';
import type { BudgetSummary } from '@pdbscope/shared/api';
import { formatCount } from '../../components/numbers.js';
import { podsHref } from '../../app/paths.js';

interface Figure {
  label: string;
  value: number;
  /** The overview filtered to these budgets, when there is such a filter. */
  to?: string;
  bad?: boolean;
}

export function SummaryStrip({ summary }: { summary: BudgetSummary }) {
  const figures: Figure[] = [
    { label: 'Budgets', value: summary.budgets, to: '/' },
    {
      label: 'Block any eviction',
      value: summary.blocking,
      to: '/?state=blocking',
      bad: summary.blocking > 0,
    },
    {
      label: 'Overlapping',
      value: summary.overlapping,
      to: '/?state=overlapping',
      bad: summary.overlapping > 0,
    },
    {
      label: 'Pods with more than one budget',
      value: summary.podsWithMultipleBudgets,
      // The pods themselves: the Pods view counts them as the summary does.
      to: podsHref({ budgets: 'several' }),
      bad: summary.podsWithMultipleBudgets > 0,
    },
    {
      label: 'Pods with no budget',
      value: summary.podsWithoutBudget,
      to: podsHref({ budgets: 'none' }),
    },
    { label: 'With findings', value: summary.withFindings, to: '/?state=findings' },
    { label: 'Stale status', value: summary.stale, to: '/?state=stale' },
  ];
  return (
    <section className="summary" aria-label="Summary">
      {figures.map((figure) => (
        <div key={figure.label} className="card">
          <span className={`figure${figure.bad ? ' zero' : ''}`}>{formatCount(figure.value)}</span>
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
