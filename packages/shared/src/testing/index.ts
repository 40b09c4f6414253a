/**
 * Test fixtures shared by the engine, BFF and web tests: API rows and responses as the BFF sends
 * them. Test-only: production code never imports `@pdbscope/shared/testing` (lint enforces it in
 * apps/), so none of this reaches the web bundle.
 */
export {
  budgetList,
  budgetSummary,
  cluster,
  noFlags,
  pdbRow,
  pdbStatusNumbers,
  pubRow,
  source,
} from './budget-rows.js';
export { fleetCluster } from './fleet-rows.js';
