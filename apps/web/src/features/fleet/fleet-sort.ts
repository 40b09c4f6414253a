import { compareFleetClusters, fleetNodesIn, type FleetCluster } from '@pdbscope/shared/api';
import type { GridSort, SortDirection } from '../../components/VirtualGrid.js';

/** A sortable column: its key (`null` = not known, always last) and the direction a first click takes. */
interface SortColumn {
  key: (c: FleetCluster) => number | string | null;
  first: SortDirection;
}

const findingsOf = (c: FleetCluster, severity: string) =>
  c.findings === null
    ? null
    : c.findings.filter((f) => f.severity === severity).reduce((n, f) => n + f.findings, 0);

const STATUS_ORDER = ['absent', 'unknown', 'syncing', 'up'];

export const fleetSortColumns: Readonly<Record<string, SortColumn>> = {
  cluster: { key: (c) => c.cluster, first: 'asc' },
  status: { key: (c) => STATUS_ORDER.indexOf(c.status), first: 'asc' },
  blocking: { key: (c) => c.blocking, first: 'desc' },
  blockingSince: {
    key: (c) => (c.blockingSince === null ? null : Date.parse(c.blockingSince)),
    first: 'asc',
  },
  budgets: { key: (c) => c.budgets, first: 'desc' },
  overlapping: { key: (c) => c.overlappingBudgets, first: 'desc' },
  multiple: { key: (c) => c.podsWithMultipleBudgets, first: 'desc' },
  withoutBudget: { key: (c) => c.podsWithoutBudget, first: 'desc' },
  stuck: { key: (c) => fleetNodesIn(c, 'stuck'), first: 'desc' },
  errors: { key: (c) => findingsOf(c, 'error'), first: 'desc' },
  scraped: { key: (c) => c.lastScrapeAgeSeconds, first: 'desc' },
};

/** The default: the clusters that need attention first (compareFleetClusters). */
export const ATTENTION = 'attention';

export function readFleetSort(params: URLSearchParams): GridSort {
  const column = params.get('sort');
  if (column === null || !(column in fleetSortColumns))
    return { column: ATTENTION, direction: 'asc' };
  return { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

export function writeFleetSort(sort: GridSort): URLSearchParams {
  return sort.column === ATTENTION
    ? new URLSearchParams()
    : new URLSearchParams({ sort: sort.column, dir: sort.direction });
}

/** A first click sorts by the column the way that shows the worst first; the next one reverses. */
export function nextFleetSort(sort: GridSort, column: string): GridSort {
  if (sort.column === column)
    return { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: fleetSortColumns[column]?.first ?? 'asc' };
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** The clusters in the chosen order; unknown figures last either way, ties in attention order. */
export function sortFleet(clusters: readonly FleetCluster[], sort: GridSort): FleetCluster[] {
  const column = fleetSortColumns[sort.column];
  if (!column) return [...clusters].sort(compareFleetClusters);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return clusters
    .map((cluster) => ({ cluster, key: column.key(cluster) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null)
        return (
          (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
          compareFleetClusters(a.cluster, b.cluster)
        );
      return sign * compareKeys(a.key, b.key) || compareFleetClusters(a.cluster, b.cluster);
    })
    .map((entry) => entry.cluster);
}
