import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { lazyComponent } from './lazy-component.js';
import { PageError } from './PageError.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('shows the fallback until its chunk is in, then the component with its props', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Lazy = lazyComponent(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    // A component that suspends is rendered in an awaited act (React asks for it).
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <Lazy name="budgets" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading…')).toBeDefined();
    await act(async () => arrive(Greeting));
    // React reveals content that replaces a fallback up to 300 ms later: why pages preload.
    expect(await screen.findByText('Hello budgets')).toBeDefined();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('draws at once, without a fallback, once preloaded; the chunk is asked for once', async () => {
    let loads = 0;
    const Lazy = lazyComponent(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="nodes" />
      </Suspense>,
    );
    expect(screen.getByText('Hello nodes')).toBeDefined();
    expect(loads).toBe(1);
  });

  it("shows a page whose chunk failed as the route's error, with a Reload button", async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(() => {
      loads += 1;
      return Promise.reject(
        new Error('Failed to fetch dynamically imported module /assets/Gone.js'),
      );
    });
    const router = createMemoryRouter([
      { errorElement: <PageError />, children: [{ index: true, element: <Lazy name="x" /> }] },
    ]);
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <RouterProvider router={router} />
        </Suspense>,
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This page could not be shown (Failed to fetch dynamically imported module /assets/Gone.js). Reload',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
    // Failed once, not asked for again and again by each render.
    expect(loads).toBe(1);
  });
});
