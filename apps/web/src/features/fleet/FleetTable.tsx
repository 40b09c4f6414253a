import type { FleetCluster, FleetResponse } from '@pdbscope/shared/api';
import type { ReactNode } from 'react';
import type { GridSort } from '../../components/VirtualGrid.js';
import {
  BlockingCell,
  ClusterCell,
  Figure,
  FindingsCell,
  NodesCell,
  ScrapeCell,
  StatusCell,
} from './fleet-cells.js';
import { Sparkline } from './Sparkline.js';

interface Column {
  /** A key of fleetSortColumns, or none: not sortable. */
  sort?: string;
  header: string;
  numeric?: boolean;
  render(c: FleetCluster, context: { now: number; history: FleetResponse['history'] }): ReactNode;
}

const columns: readonly Column[] = [
  { sort: 'cluster', header: 'Cluster', render: (c) => <ClusterCell cluster={c} /> },
  { sort: 'status', header: 'pdbscope', render: (c) => <StatusCell cluster={c} /> },
  {
    sort: 'blocking',
    header: 'Blocking',
    numeric: true,
    render: (c, { now }) => <BlockingCell cluster={c} now={now} />,
  },
  {
    header: 'Blocking, last day',
    render: (c, { history }) => (
      <Sparkline points={c.blockingHistory} from={history.from} to={history.to} />
    ),
  },
  {
    sort: 'budgets',
    header: 'Budgets',
    numeric: true,
    render: (c) => <Figure value={c.budgets} cluster={c} />,
  },
  {
    sort: 'overlapping',
    header: 'Sharing live pods',
    numeric: true,
    render: (c) => <Figure value={c.overlappingBudgets} cluster={c} bad />,
  },
  {
    sort: 'multiple',
    header: 'Pods under several',
    numeric: true,
    render: (c) => <Figure value={c.podsWithMultipleBudgets} cluster={c} bad />,
  },
  {
    sort: 'withoutBudget',
    header: 'Pods without a budget',
    numeric: true,
    render: (c) => <Figure value={c.podsWithoutBudget} cluster={c} />,
  },
  { sort: 'stuck', header: 'Nodes, drainable now', render: (c) => <NodesCell cluster={c} /> },
  { sort: 'errors', header: 'Findings', render: (c) => <FindingsCell cluster={c} /> },
  {
    sort: 'scraped',
    header: 'Last scrape',
    render: (c, { now }) => <ScrapeCell cluster={c} now={now} />,
  },
];

function ariaSort(sort: GridSort, column: string | undefined) {
  if (column === undefined || sort.column !== column) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** One row per cluster, in the order given; a header click asks for another order. */
export function FleetTable({
  clusters,
  history,
  sort,
  now,
  onSort,
}: {
  clusters: readonly FleetCluster[];
  history: FleetResponse['history'];
  sort: GridSort;
  now: number;
  onSort(column: string): void;
}) {
  return (
    <div className="fleet-scroll">
      <table className="plain fleet-table" aria-label="Clusters">
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={ariaSort(sort, column.sort)}
                className={column.numeric ? 'num' : undefined}
              >
                {column.sort === undefined ? (
                  column.header
                ) : (
                  <button type="button" onClick={() => onSort(column.sort ?? '')}>
                    {column.header}
                    {sort.column === column.sort ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {clusters.map((cluster) => (
            <tr key={cluster.cluster} className={`fleet-${cluster.status}`}>
              {columns.map((column) => (
                <td key={column.header} className={column.numeric ? 'num' : undefined}>
                  {column.render(cluster, { now, history })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
