export { startSim } from './sim.js';
export type { GenerateOptions, SimHandle, StartSimOptions } from './sim.js';
export { createSimServer } from './server/index.js';
export type { FaultControl, SimServer, SimServerOptions, Logger } from './server/index.js';
export { ObjectStore, ManualClock, RESOURCE_TYPES } from './store/index.js';
export type { KubeObject, StoreEvent } from './store/index.js';
export { kubeconfigFor, kubeconfigForClusters } from './kubeconfig.js';
export { ControllerManager } from './controllers/manager.js';
export { DEMO_SCENARIO_DIR, loadScenario } from './scenarios/load.js';
export { parseManifests } from './scenarios/parse.js';
export { seedStore } from './scenarios/seed.js';
export {
  runRollingUpgrade,
  kubectl,
  upgradedNodeName,
  surgeNodeName,
} from './upgrade/rolling-upgrade.js';
export type {
  KubectlDrainOptions,
  RollingUpgradeOutcome,
  RunRollingUpgradeInput,
} from './upgrade/rolling-upgrade.js';
export { wireStats, type WireStats } from './server/protobuf-out.js';
