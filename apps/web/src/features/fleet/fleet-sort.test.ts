import type { FleetCluster } from '@pdbscope/shared/api';
import { fleetCluster } from '@pdbscope/shared/testing';
import { describe, expect, it } from 'vitest';
import { nextFleetSort, readFleetSort, sortFleet, writeFleetSort } from './fleet-sort.js';

const base = fleetCluster('', { lastScrapeAt: null, lastScrapeAgeSeconds: 1, budgets: 10 });
const fleet: FleetCluster[] = [
  { ...base, cluster: 'a', budgets: 30, blockingSince: '2026-11-21T18:00:00Z', blocking: 1 },
  { ...base, cluster: 'b', budgets: null, blocking: null, status: 'absent' },
  { ...base, cluster: 'c', budgets: 5, blocking: 4, blockingSince: '2026-11-20T18:00:00Z' },
];
const names = (list: FleetCluster[]) => list.map((c) => c.cluster);

describe('the fleet order', () => {
  it('is the attention order by default, and by a column on demand, unknown figures last', () => {
    expect([
      names(sortFleet(fleet, readFleetSort(new URLSearchParams()))),
      names(sortFleet(fleet, { column: 'budgets', direction: 'desc' })),
      names(sortFleet(fleet, { column: 'budgets', direction: 'asc' })),
      names(sortFleet(fleet, { column: 'blockingSince', direction: 'asc' })),
      names(sortFleet(fleet, { column: 'cluster', direction: 'desc' })),
    ]).toStrictEqual([
      ['b', 'c', 'a'],
      ['a', 'c', 'b'],
      ['c', 'a', 'b'],
      ['c', 'a', 'b'],
      ['c', 'b', 'a'],
    ]);
  });

  it('keeps the order in the URL; a first click shows the worst first', () => {
    const blocking = nextFleetSort(readFleetSort(new URLSearchParams()), 'blocking');
    expect([
      blocking,
      nextFleetSort(blocking, 'blocking'),
      nextFleetSort(blocking, 'cluster'),
      writeFleetSort(blocking).toString(),
      readFleetSort(new URLSearchParams('sort=nonsense&dir=desc')),
    ]).toStrictEqual([
      { column: 'blocking', direction: 'desc' },
      { column: 'blocking', direction: 'asc' },
      { column: 'cluster', direction: 'asc' },
      'sort=blocking&dir=desc',
      { column: 'attention', direction: 'asc' },
    ]);
  });
});
