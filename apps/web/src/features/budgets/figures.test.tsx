import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { noFlags, pubRow } from '@pdbscope/shared/testing';
import { queryKeys } from '../../api/queries.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { BlockingSinceCell } from './BlockingSinceCell.js';

describe('every number says how it was computed', () => {
  it("gives the budget table's counts and the summary cards a tooltip with the derivation", () => {
    renderApp({
      path: '/',
      cache: [
        [queryKeys.budgets, budgetList()],
        [queryKeys.cluster, cluster()],
      ],
    });
    const row = screen.getByRole('link', { name: 'trino-worker' }).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row for trino-worker');
    const titles = [...row.querySelectorAll('.figure-how')].map((f) => [
      f.textContent,
      f.getAttribute('title'),
    ]);
    const card = within(screen.getByRole('region', { name: 'Summary' }))
      .getByRole('link', { name: 'Stale status' })
      .closest('.card');
    expect([titles, card?.querySelector('.figure')?.getAttribute('title')]).toStrictEqual([
      [
        [
          '6',
          "expectedPods 6: the replicas of the workloads that own the selected pods (their controllers' scale) (the status the cluster reports)",
        ],
        [
          '3',
          'desiredHealthy 3 = expectedPods 6 − maxUnavailable 50% of it, rounded up, at least 0 (the status the cluster reports)',
        ],
        [
          '6',
          'currentHealthy 6: selected pods that are Ready, not being deleted and not evicted in the last 2 minutes (status.disruptedPods) (the status the cluster reports)',
        ],
        [
          '3',
          'disruptionsAllowed 3 = currentHealthy 6 − desiredHealthy 3, or 0 when that is not positive or expectedPods is 0 (the status the cluster reports)',
        ],
      ],
      'Budgets whose status.observedGeneration is below metadata.generation: their controller has not caught up',
    ]);
  });

  it('shows a dash, not the word "blocking", when a blocking budget has no time to show', () => {
    const blocking = pubRow('games', 'lobby', { flags: { ...noFlags, blocking: true } });
    const cell = render(<BlockingSinceCell row={blocking} now={0} />).container.firstElementChild;
    expect([cell?.textContent, cell?.getAttribute('title')]).toStrictEqual([
      '—',
      'Blocking, but its status has no DisruptionAllowed condition to say since when',
    ]);
  });
});
