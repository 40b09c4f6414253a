import { describe, expect, it } from 'vitest';
import { cloneset, trino, zookeeper, zookeeperAll } from '../../test/fixtures.js';
import {
  namespaceOptions,
  readOverviewState,
  visibleRows,
  writeOverviewState,
} from './overview-query.js';

const rows = [cloneset, trino, zookeeperAll, zookeeper];

describe('overview state in the URL', () => {
  it('reads filters and sort, ignoring values it does not know', () => {
    const state = readOverviewState(
      new URLSearchParams(
        'namespace=data&kind=PodDisruptionBudget&state=blocking&q=zoo&sort=allowed&dir=desc&extra=1',
      ),
    );
    expect(state).toStrictEqual({
      query: { namespace: 'data', kind: 'PodDisruptionBudget', state: 'blocking', text: 'zoo' },
      sort: { column: 'allowed', direction: 'desc' },
    });
    expect(
      readOverviewState(new URLSearchParams('kind=Deployment&state=broken&sort=selector')),
    ).toStrictEqual({
      query: {},
      sort: { column: 'namespace', direction: 'asc' },
    });
  });

  it('writes back what it read, leaving the default sort out', () => {
    const text = 'namespace=data&state=overlapping&q=zoo&sort=allowed&dir=asc';
    expect(writeOverviewState(readOverviewState(new URLSearchParams(text))).toString()).toBe(text);
    expect(
      writeOverviewState({ query: {}, sort: { column: 'namespace', direction: 'asc' } }).toString(),
    ).toBe('');
  });
});

describe('visibleRows', () => {
  it('sorts by namespace then name by default', () => {
    expect(
      visibleRows(rows, { query: {}, sort: { column: 'namespace', direction: 'asc' } }),
    ).toStrictEqual([zookeeper, zookeeperAll, trino, cloneset]);
  });

  it('filters by state and text as the BFF would', () => {
    expect(
      visibleRows(rows, {
        query: { state: 'blocking' },
        sort: { column: 'namespace', direction: 'asc' },
      }),
    ).toStrictEqual([zookeeper]);
    expect(
      visibleRows(rows, {
        query: { text: 'APP=ZOOKEEPER' },
        sort: { column: 'namespace', direction: 'asc' },
      }),
    ).toStrictEqual([zookeeperAll]);
    expect(
      visibleRows(rows, {
        query: { kind: 'PodUnavailableBudget' },
        sort: { column: 'namespace', direction: 'asc' },
      }),
    ).toStrictEqual([cloneset]);
  });

  it('sorts by blocking since: the longest blocking first, then blocking without a time, then the rest', () => {
    const older = {
      ...zookeeperAll,
      disruptionsAllowed: 0,
      flags: { ...zookeeperAll.flags, blocking: true },
      blockingSince: '2026-11-20T08:00:00Z',
    };
    const newer = { ...zookeeper, blockingSince: '2026-11-21T19:00:00Z' };
    const untimed = { ...trino, flags: { ...trino.flags, blocking: true } };
    expect(
      visibleRows([cloneset, untimed, newer, older], {
        query: {},
        sort: { column: 'blockingSince', direction: 'asc' },
      }),
    ).toStrictEqual([older, newer, untimed, cloneset]);
  });

  it('sorts by allowed disruptions across both kinds, ties broken by name', () => {
    expect(
      visibleRows(rows, { query: {}, sort: { column: 'allowed', direction: 'asc' } }),
    ).toStrictEqual([zookeeper, zookeeperAll, cloneset, trino]);
    expect(
      visibleRows(rows, { query: {}, sort: { column: 'allowed', direction: 'desc' } }),
    ).toStrictEqual([trino, zookeeperAll, cloneset, zookeeper]);
  });

  it('lists each namespace once, with the budgets the other filters leave there', () => {
    expect(
      namespaceOptions({ rows, query: { namespace: 'shop', state: 'blocking' } }),
    ).toStrictEqual([
      { namespace: 'data', shown: 1 },
      { namespace: 'query', shown: 0 },
      { namespace: 'shop', shown: 0 },
    ]);
  });

  it('offers every namespace while searching, and those picked, even where nothing is found', () => {
    expect(
      namespaceOptions({
        rows: [zookeeper],
        all: [
          { namespace: 'data', budgets: 2 },
          { namespace: 'query', budgets: 1 },
          { namespace: 'shop', budgets: 1 },
        ],
        query: { text: 'zoo', namespace: 'gone,shop' },
      }),
    ).toStrictEqual([
      { namespace: 'data', shown: 1 },
      { namespace: 'gone', shown: 0 },
      { namespace: 'query', shown: 0 },
      { namespace: 'shop', shown: 0 },
    ]);
  });
});
