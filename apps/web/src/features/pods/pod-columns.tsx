import { Link } from 'react-router';
import type { PodRow } from '@pdbscope/shared/api';
import type { GridColumn } from '../../components/VirtualGrid.js';
import { budgetHref, nodeHref, podHref } from '../../app/paths.js';
import { shortKind } from '../../components/budget-numbers.js';
import { EvictableMark } from '../../components/EvictableMark.js';
import { SimulateButton } from '../../components/SimulateButton.js';

function Health({ row }: { row: PodRow }) {
  if (row.deletionTimestamp !== undefined) return <span className="badge warn">terminating</span>;
  if (row.ready) return <span className="badge good">Ready</span>;
  const why = row.waitingReason ?? (row.phase === 'Running' ? '' : row.phase);
  return <span className="badge bad">not Ready{why === '' ? '' : ` (${why})`}</span>;
}

function Budgets({ row }: { row: PodRow }) {
  if (row.budgets.length === 0) return <span className="muted">none</span>;
  return (
    <>
      {row.budgets.map((budget, index) => (
        <span key={`${budget.kind}/${budget.name}`}>
          {index > 0 ? ', ' : ''}
          <Link to={budgetHref(budget)} title={`${budget.kind} ${budget.namespace}/${budget.name}`}>
            {shortKind(budget.kind)} {budget.name}
          </Link>
        </span>
      ))}
    </>
  );
}

/** The Pods view's columns: where each pod runs, who owns it, its budgets and its eviction now. */
export function podColumns(simulate: {
  onSimulate: (pod: string) => void;
  busy: boolean;
}): GridColumn<PodRow>[] {
  return [
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(110px, 1fr)',
      render: (row) => <span title={row.namespace}>{row.namespace}</span>,
    },
    {
      id: 'name',
      header: 'Pod',
      width: 'minmax(180px, 1.6fr)',
      render: (row) => (
        <Link to={podHref(row)} className="mono" title={`${row.namespace}/${row.name}`}>
          {row.name}
        </Link>
      ),
    },
    {
      id: 'node',
      header: 'Node',
      width: 'minmax(140px, 1.3fr)',
      priority: 2,
      render: (row) =>
        row.nodeName === undefined ? (
          <span className="muted">not scheduled</span>
        ) : (
          <Link to={nodeHref(row.nodeName)} title={row.nodeName}>
            {row.nodeName}
          </Link>
        ),
    },
    {
      id: 'owner',
      header: 'Owner',
      width: 'minmax(140px, 1.2fr)',
      priority: 3,
      render: (row) =>
        row.owner === undefined ? (
          <span className="muted">bare pod</span>
        ) : (
          <span title={`${row.owner.apiVersion} ${row.owner.kind}`}>
            {row.owner.kind}/{row.owner.name}
          </span>
        ),
    },
    {
      id: 'budgets',
      header: 'Budgets',
      width: 'minmax(150px, 1.6fr)',
      render: (row) => <Budgets row={row} />,
    },
    {
      id: 'healthy',
      header: 'Healthy',
      width: '150px',
      priority: 1,
      render: (row) => <Health row={row} />,
    },
    {
      id: 'evictable',
      header: 'Evictable now',
      width: 'minmax(200px, 1.5fr)',
      render: (row) => <EvictableMark evictable={row.evictableNow} compact />,
    },
    {
      id: 'simulate',
      header: 'Simulate',
      width: '150px',
      render: (row) => (
        <SimulateButton pod={row} onSimulate={simulate.onSimulate} busy={simulate.busy} />
      ),
    },
  ];
}
