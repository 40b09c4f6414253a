export * from './types.js';
export {
  forecastUpgrade,
  upgradedNodeName,
  surgeNodeName,
  type ForecastUpgradeInput,
} from './forecast.js';
export { applyChanges, type UpgradeChange } from './changes.js';
export {
  planFixes,
  proposeFixes,
  type UpgradeFix,
  type ProposeFixesOptions,
  type ProposedFixes,
} from './fixes.js';
export {
  COMBINATION_LIMITS,
  type CombinationLimits,
  type CombinationProof,
} from './combination.js';
export { changePatch } from './patch.js';
export { readinessFromPods } from './readiness.js';
export { resolveNodes, parseNodeSelector, type NodePick, type NodeLabelTerm } from './nodes.js';
export { planUpgrade, type UpgradeRequest, type UpgradePlan } from './plan.js';
