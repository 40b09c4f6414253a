import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Layout } from './Layout.js';
import { NotFound } from './NotFound.js';
import { PageError } from './PageError.js';
import { pages } from './pages.js';
import type { LazyComponent } from './lazy-component.js';

/** What a route carries besides its element: the page to fetch before a first render. */
interface PageHandle {
  page: LazyComponent<never>;
}

/** Every view has its own address, so each can be linked, bookmarked and reached with Back. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <PageError />,
        children: [
          { index: true, element: <pages.budgets />, handle: { page: pages.budgets } },
          {
            path: 'budgets/:kind/:namespace/:name',
            element: <pages.budgetDetail />,
            handle: { page: pages.budgetDetail },
          },
          { path: 'pods', element: <pages.pods />, handle: { page: pages.pods } },
          { path: 'pods/:namespace/:name', element: <pages.pod />, handle: { page: pages.pod } },
          { path: 'nodes', element: <pages.nodes />, handle: { page: pages.nodes } },
          {
            path: 'nodes/:name',
            element: <pages.node drain={false} />,
            handle: { page: pages.node },
          },
          {
            path: 'nodes/:name/drain',
            element: <pages.node drain />,
            handle: { page: pages.node },
          },
          { path: 'simulate', element: <pages.simulate />, handle: { page: pages.simulate } },
          { path: 'upgrade', element: <pages.upgrade />, handle: { page: pages.upgrade } },
          { path: 'overlaps', element: <pages.overlaps />, handle: { page: pages.overlaps } },
          { path: 'findings', element: <pages.findings />, handle: { page: pages.findings } },
          { path: 'what-if', element: <pages.whatIf />, handle: { page: pages.whatIf } },
          { path: 'fleet', element: <pages.fleet />, handle: { page: pages.fleet } },
          {
            path: 'fleet/:cluster',
            element: <pages.fleetCluster />,
            handle: { page: pages.fleetCluster },
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The chunk of the page at `pathname` (nothing for an unknown address). */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle === undefined ? [] : [handle.page.preload()];
  });
  return Promise.all(loads);
}

export const router = createBrowserRouter(routes);
