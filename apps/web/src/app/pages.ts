import { lazyComponent } from './lazy-component.js';

// Each page is its own chunk, so a first open loads the shell and one page, not every view.
export const pages = {
  budgets: lazyComponent(() =>
    import('../features/budgets/BudgetsPage.js').then((module) => module.BudgetsPage),
  ),
  budgetDetail: lazyComponent(() =>
    import('../features/budget-detail/BudgetDetailPage.js').then(
      (module) => module.BudgetDetailPage,
    ),
  ),
  pod: lazyComponent(() =>
    import('../features/simulate/PodPage.js').then((module) => module.PodPage),
  ),
  pods: lazyComponent(() =>
    import('../features/pods/PodsPage.js').then((module) => module.PodsPage),
  ),
  nodes: lazyComponent(() =>
    import('../features/nodes/NodesPage.js').then((module) => module.NodesPage),
  ),
  node: lazyComponent(() =>
    import('../features/nodes/NodePage.js').then((module) => module.NodePage),
  ),
  simulate: lazyComponent(() =>
    import('../features/simulate/SimulatePage.js').then((module) => module.SimulatePage),
  ),
  upgrade: lazyComponent(() =>
    import('../features/upgrade/UpgradePage.js').then((module) => module.UpgradePage),
  ),
  overlaps: lazyComponent(() =>
    import('../features/overlaps/OverlapsPage.js').then((module) => module.OverlapsPage),
  ),
  findings: lazyComponent(() =>
    import('../features/findings/FindingsPage.js').then((module) => module.FindingsPage),
  ),
  whatIf: lazyComponent(() =>
    import('../features/what-if/WhatIfPage.js').then((module) => module.WhatIfPage),
  ),
  fleet: lazyComponent(() =>
    import('../features/fleet/FleetPage.js').then((module) => module.FleetPage),
  ),
  fleetCluster: lazyComponent(() =>
    import('../features/fleet/FleetClusterPage.js').then((module) => module.FleetClusterPage),
  ),
};
