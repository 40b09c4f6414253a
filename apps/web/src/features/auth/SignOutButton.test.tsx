import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { budgetList, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp, type FakeResponse } from '../../test/render.js';

const needsToken: FakeResponse = {
  status: 401,
  body: {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    detail: 'the session has expired or is unknown: sign in again with the token',
  },
};

/** A BFF that lets this browser in on its session cookie until it signs out. */
function bffWithSession() {
  let signedIn = true;
  const onSession = (body: unknown) => () =>
    signedIn ? { status: 200, body, headers: { 'X-Pdbscope-Session': 'active' } } : needsToken;
  return fakeFetch({
    'GET /api/cluster': onSession(cluster()),
    'GET /api/budgets': onSession(budgetList()),
    'DELETE /api/session': () => {
      signedIn = false;
      return { status: 204, body: undefined };
    },
  });
}

describe('SignOutButton', () => {
  it('is offered on a page let in by its session cookie (a reload while signed in), and signing out asks for the token again', async () => {
    const { fetchImpl, calls } = bffWithSession();
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/' });
    const bar = screen.getByRole('region', { name: 'Connection' });
    fireEvent.click(await within(bar).findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('region', { name: 'This pdbscope needs a token' });
    expect([
      screen.queryByRole('table', { name: 'Budgets' }),
      within(bar).queryByRole('button', { name: 'Sign out' }),
      calls.filter((call) => call.path === '/api/session'),
    ]).toStrictEqual([null, null, [{ method: 'DELETE', path: '/api/session', body: undefined }]]);
  });

  it('is not offered when the answers came in without a session (no token, or a bearer header)', async () => {
    const { fetchImpl } = fakeFetch({
      'GET /api/cluster': { status: 200, body: cluster() },
      'GET /api/budgets': { status: 200, body: budgetList() },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/' });
    await screen.findByRole('table', { name: 'Budgets' });
    await within(screen.getByRole('region', { name: 'Connection' })).findByText('pdbscope-demo');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
