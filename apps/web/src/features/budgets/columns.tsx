import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BudgetRow } from '@pdbscope/shared/api';
import type { GridColumn } from '../../components/VirtualGrid.js';
import { age } from '../../components/time.js';
import { HealthBar } from '../../components/HealthBar.js';
import { Figure } from '../../components/Figure.js';
import { budgetFigure, howComputed } from '../../components/figure-words.js';
import { budgetHref } from '../../app/paths.js';
import { AllowedCell } from '../../components/AllowedCell.js';
import { BlockingSinceCell } from './BlockingSinceCell.js';
import { FlagBadges } from '../../components/FlagBadges.js';
import { SelectorCell } from './SelectorCell.js';
import { RowMarks } from '../../components/StaleMark.js';
import type { SourceMarks } from '../../components/staleness.js';
import { BeforeAfter } from '../../components/what-if/BeforeAfter.js';
import type { BudgetChange } from '../../components/what-if/use-what-if.js';
import type { WhatIfFigures } from '@pdbscope/shared/api';
import {
  budgetNumbers,
  healthOf,
  budgetRule,
  evictionPolicy,
  shortKind,
} from '../../components/budget-numbers.js';

/**
 * PRODUCT.md's overview columns, in its order; `rowMarks` says which rows' numbers are stale or
 * partly not visible (marked beside their namespace).
 */
export function budgetColumns({
  now,
  rowMarks,
  whatIf = () => undefined,
}: {
  now: number;
  rowMarks: (row: BudgetRow) => SourceMarks;
  /** The what-if layer's change of a row's figures: those cells read before → after. */
  whatIf?: (row: BudgetRow) => BudgetChange | undefined;
}): GridColumn<BudgetRow>[] {
  // A figure the what-if changes reads before → after; otherwise the row's own.
  const figure = (
    row: BudgetRow,
    own: ReactNode,
    pick: (f: WhatIfFigures) => string | number | null,
  ) => {
    const change = whatIf(row);
    if (!change?.before || !change.after) return own;
    const before = pick(change.before);
    const after = pick(change.after);
    return before === after ? own : <BeforeAfter before={before ?? '—'} after={after ?? '—'} />;
  };
  const rule = (f: WhatIfFigures) =>
    budgetRule({
      ...(f.minAvailable !== null ? { minAvailable: f.minAvailable } : {}),
      ...(f.maxUnavailable !== null ? { maxUnavailable: f.maxUnavailable } : {}),
    });
  return [
    {
      id: 'kind',
      header: 'Kind',
      width: '48px',
      sortable: true,
      render: (row) => <span title={row.apiVersion}>{shortKind(row.kind)}</span>,
    },
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(100px, 1fr)',
      sortable: true,
      render: (row) => (
        <>
          <span title={row.namespace}>{row.namespace}</span>
          <RowMarks marks={rowMarks(row)} />
        </>
      ),
    },
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(160px, 1.6fr)',
      sortable: true,
      render: (row) => (
        <Link to={budgetHref(row)} title={`${row.namespace}/${row.name}`}>
          {row.name}
        </Link>
      ),
    },
    {
      id: 'selector',
      header: 'Selector',
      width: 'minmax(140px, 2fr)',
      priority: 9,
      render: (row) => <SelectorCell row={row} />,
    },
    {
      id: 'rule',
      header: 'Min avail. / max unavail.',
      width: '150px',
      priority: 6,
      render: (row) => figure(row, budgetRule(row), rule),
    },
    {
      id: 'expected',
      header: 'Expected',
      width: '76px',
      priority: 8,
      numeric: true,
      sortable: true,
      render: (row) =>
        figure(row, <Figure {...budgetFigure(row, 'expected')} />, (f) => f.expected),
    },
    {
      id: 'desired',
      header: 'Desired healthy',
      width: '76px',
      priority: 5,
      numeric: true,
      sortable: true,
      render: (row) =>
        figure(row, <Figure {...budgetFigure(row, 'desired')} />, (f) => f.desiredHealthy),
    },
    {
      id: 'current',
      header: 'Current healthy',
      width: '76px',
      priority: 4,
      numeric: true,
      sortable: true,
      render: (row) =>
        figure(row, <Figure {...budgetFigure(row, 'current')} />, (f) => f.currentHealthy),
    },
    {
      id: 'health',
      header: 'Pods',
      width: 'minmax(80px, 0.6fr)',
      priority: 2,
      render: (row) => <HealthBar numbers={healthOf(row)} />,
    },
    {
      id: 'allowed',
      header: 'Allowed disruptions',
      width: '112px',
      numeric: true,
      sortable: true,
      render: (row) => {
        const change = whatIf(row);
        return change?.before && change.after && change.before.allowed !== change.after.allowed ? (
          <BeforeAfter before={change.before.allowed} after={change.after.allowed} />
        ) : (
          <AllowedCell
            allowed={budgetNumbers(row).allowed}
            blockingReason={row.flags.blockingReason}
            how={howComputed(row, 'allowed')}
          />
        );
      },
    },
    {
      id: 'blockingSince',
      header: 'Blocking since',
      width: '76px',
      priority: 7,
      sortable: true,
      render: (row) => <BlockingSinceCell row={row} now={now} />,
    },
    {
      id: 'policy',
      header: 'Unhealthy pod eviction',
      width: '136px',
      priority: 11,
      render: evictionPolicy,
    },
    {
      id: 'age',
      header: 'Age',
      width: '60px',
      priority: 10,
      sortable: true,
      render: (row) => age(row.creationTimestamp, now),
    },
    {
      id: 'flags',
      header: 'Flags',
      width: 'minmax(196px, 1.4fr)',
      priority: 3,
      render: (row) => <FlagBadges flags={row.flags} notVisible={row.notVisible} />,
    },
  ];
}
