export { generateCluster } from './generate.js';
export type {
  GenerateClusterOptions,
  PodUnavailableBudgetObject,
  SyntheticCluster,
} from './types.js';
export { SeededRandom } from './random.js';
export { clusterViews, type ClusterViews } from './views.js';
