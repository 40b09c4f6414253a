export * from './types.js';
export {
  forecastUpgrade,
  upgradedNodeName,
  surgeNodeName,
  type ForecastUpgradeInput,
} from './forecast.js';
export { drainFilter, type DrainFilter } from './kubectl-drain.js';
export { NodeLoad, type FitsNode } from './placement.js';
