export * from './types.js';
export {
  forecastUpgrade,
  upgradedNodeName,
  surgeNodeName,
  type ForecastUpgradeInput,
} from './forecast.js';
export { applyChanges, type UpgradeChange } from './changes.js';
export { proposeFixes, type UpgradeFix, type ProposeFixesOptions } from './fixes.js';
export { COMBINATION_LIMITS, type CombinationLimits } from './combination.js';
export { changePatch } from './patch.js';
export { readinessFromPods } from './readiness.js';
export { resolveNodes, parseNodeSelector, type NodePick, type ResolvedNodes } from './nodes.js';
export { planUpgrade, type UpgradeRequest, type UpgradePlan } from './plan.js';
