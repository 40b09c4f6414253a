export { parseArgs, USAGE, type CliCommand, type StatusSource } from './args.js';
export type { ClusterSource, FailOn } from './source-args.js';
export { runCli, type CliEnvironment, type CliResult } from './run.js';
export {
  evaluateCluster,
  formatEvaluate,
  type BudgetRow,
  type EvaluateReport,
} from './evaluate.js';
export { formatOverlaps } from './overlaps.js';
export { formatEvictionPlan, formatStep } from './evict.js';
export { formatDrainPlan } from './drain.js';
export { formatUpgrade } from './upgrade.js';
export { loadCluster, type LoadedCluster } from './cluster.js';
export { formatScaleDown, scaleDown } from './scale-down.js';
export type { ScaleDownReport, ScaleDownPodRow } from '../actors/reports/scale-down.js';
