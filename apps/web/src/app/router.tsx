import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout.js';
import { NotFound } from './NotFound.js';
import { BudgetsPage } from '../features/budgets/BudgetsPage.js';
import { BudgetDetailPage } from '../features/budget-detail/BudgetDetailPage.js';
import { NodesPage } from '../features/nodes/NodesPage.js';
import { NodePage } from '../features/nodes/NodePage.js';
import { OverlapsPage } from '../features/overlaps/OverlapsPage.js';
import { FindingsPage } from '../features/findings/FindingsPage.js';
import { SimulatePage } from '../features/simulate/SimulatePage.js';
import { PodPage } from '../features/simulate/PodPage.js';
import { UpgradePage } from '../features/upgrade/UpgradePage.js';

/** Every view has its own address, so each can be linked, bookmarked and reached with Back. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <BudgetsPage /> },
      { path: 'budgets/:kind/:namespace/:name', element: <BudgetDetailPage /> },
      { path: 'pods/:namespace/:name', element: <PodPage /> },
      { path: 'nodes', element: <NodesPage /> },
      { path: 'nodes/:name', element: <NodePage drain={false} /> },
      { path: 'nodes/:name/drain', element: <NodePage drain /> },
      { path: 'simulate', element: <SimulatePage /> },
      { path: 'upgrade', element: <UpgradePage /> },
      { path: 'overlaps', element: <OverlapsPage /> },
      { path: 'findings', element: <FindingsPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
