import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { budgetList, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp, type FakeResponse } from '../../test/render.js';

const token = 'pdbscope-token-0123456789';

const needsToken: FakeResponse = {
  status: 401,
  body: {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    detail:
      'this pdbscope needs a token: send Authorization: Bearer <token>, or sign in with POST /api/session',
  },
};
const wrongToken: FakeResponse = {
  status: 401,
  body: { ...(needsToken.body as object), detail: 'the token is not right' },
};

/** A BFF started with --token: 401 until the right token is posted to /api/session. */
function bffWithToken() {
  let signedIn = false;
  const behindToken = (answer: FakeResponse) => () => (signedIn ? answer : needsToken);
  return fakeFetch({
    'GET /api/cluster': behindToken({ status: 200, body: cluster() }),
    'GET /api/budgets': behindToken({ status: 200, body: budgetList() }),
    'POST /api/session': (body) => {
      if ((body as { token?: unknown }).token !== token) return wrongToken;
      signedIn = true;
      return { status: 204, body: undefined };
    },
  });
}

/** Records every EventSource the page opens, so a test can see the stream reconnect. */
function recordEventSources() {
  const opened: { url: string; closed: boolean }[] = [];
  class RecordingEventSource {
    readonly readyState = 0;
    onopen = null;
    onmessage = null;
    onerror = null;
    private readonly record: { url: string; closed: boolean };
    constructor(url: string) {
      this.record = { url, closed: false };
      opened.push(this.record);
    }
    close(): void {
      this.record.closed = true;
    }
  }
  vi.stubGlobal('EventSource', RecordingEventSource);
  return opened;
}

function submitToken(value: string): void {
  fireEvent.change(screen.getByLabelText('Token'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('TokenForm', () => {
  it('replaces the page when the API answers 401, with a labelled password field', async () => {
    const { fetchImpl } = bffWithToken();
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/' });
    const form = await screen.findByRole('region', { name: 'This pdbscope needs a token' });
    const input = within(form).getByLabelText('Token');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Connection' }).textContent).toContain(
        'Cluster unknown: This pdbscope needs a token: sign in with it.',
      ),
    );
    expect([
      input.getAttribute('type'),
      input.getAttribute('autocomplete'),
      within(form).getByRole('button', { name: 'Sign in' }).getAttribute('type'),
      screen.queryByRole('table', { name: 'Budgets' }),
      screen.queryByRole('alert'),
    ]).toStrictEqual(['password', 'current-password', 'submit', null, null]);
  });

  it('says so when the token is wrong, and keeps asking', async () => {
    const { fetchImpl, calls } = bffWithToken();
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/' });
    await screen.findByLabelText('Token');
    submitToken('not-the-token');
    const alert = await screen.findByRole('alert');
    const input = screen.getByLabelText('Token');
    expect([
      alert.textContent,
      input.getAttribute('aria-invalid'),
      input.getAttribute('aria-describedby') === alert.id,
      calls.filter((call) => call.path === '/api/session'),
      screen.queryByRole('table', { name: 'Budgets' }),
    ]).toStrictEqual([
      'That token is not right. Check it and try again.',
      'true',
      true,
      [{ method: 'POST', path: '/api/session', body: { token: 'not-the-token' } }],
      null,
    ]);
  });

  it('shows the budgets after the right token, refetching and reconnecting the event stream', async () => {
    const { fetchImpl, calls } = bffWithToken();
    vi.stubGlobal('fetch', fetchImpl);
    const sources = recordEventSources();
    renderApp({ path: '/' });
    await screen.findByLabelText('Token');
    submitToken(token);
    const table = await screen.findByRole('table', { name: 'Budgets' });
    expect(within(table).getByRole('link', { name: 'zookeeper' })).toBeDefined();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Connection' }).textContent).toContain(
        'Context pdbscope-demo',
      ),
    );
    expect([
      screen.queryByRole('region', { name: 'This pdbscope needs a token' }),
      sources,
      calls.filter((call) => call.method === 'POST'),
      screen.getByRole('button', { name: 'Sign out' }).getAttribute('type'),
    ]).toStrictEqual([
      null,
      [
        { url: '/api/events', closed: true },
        { url: '/api/events', closed: false },
      ],
      [{ method: 'POST', path: '/api/session', body: { token } }],
      'button',
    ]);
  });
});
