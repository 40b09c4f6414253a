import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { livePause } from '../../api/live-pause.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

afterEach(() => livePause.resume());

describe('PauseToggle', () => {
  it('freezes the view with its time, counts the changes that wait, and resumes', async () => {
    const { fetchImpl } = fakeFetch({
      'GET /api/cluster': { status: 200, body: cluster() },
      'GET /api/budgets': { status: 200, body: budgetList() },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/' });
    const bar = screen.getByRole('region', { name: 'Connection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Pause live updates' }));
    act(() => livePause.held(3));
    const resume = within(bar).getByRole('button', { name: 'Resume live updates' });
    const paused = [
      resume.getAttribute('aria-pressed'),
      within(bar)
        .getByText(/^Paused: as of/)
        .textContent?.replace(/as of .*?,/, 'as of T,'),
    ];
    fireEvent.click(resume);
    expect([
      ...paused,
      within(bar).getByRole('button', { name: 'Pause live updates' }).getAttribute('aria-pressed'),
      within(bar).queryByText(/^Paused/),
      livePause.get(),
    ]).toStrictEqual([
      'true',
      'Paused: as of T, 3 changes waiting',
      'false',
      null,
      { paused: false, waiting: 0 },
    ]);
  });
});
