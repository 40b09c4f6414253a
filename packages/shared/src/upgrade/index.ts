export * from './types.js';
export {
  forecastUpgrade,
  upgradedNodeName,
  surgeNodeName,
  type ForecastUpgradeInput,
} from './forecast.js';
export { applyChanges, type UpgradeChange } from './changes.js';
export { changeTitle, resolveChanges, type UpgradeChangeInput } from './change-input.js';
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
export { changeStep } from './patch.js';
export { findWorkload, routeOfChange } from './operator-route.js';
export { readinessFromPods } from './readiness.js';
export { resolveNodes, parseNodeSelector, type NodePick, type NodeLabelTerm } from './nodes.js';
export { planUpgrade, type UpgradeRequest, type UpgradePlan } from './plan.js';
export {
  resolveProfile,
  type ProviderOptions,
  type UpgradeProfile,
  type ResolvedProfile,
  type UndrainableNodeBehavior,
} from './profile.js';
export { PROVIDER_DEFAULTS, type ProviderDefaults, type NodeCount } from './provider-defaults.js';
export {
  guessPoolProvider,
  guessProvider,
  PROVIDER_NODE_LABELS,
  type ProviderGuess,
} from './provider-guess.js';
export { blockerOf, forcedPodCount, type Blocker } from './outcome.js';
