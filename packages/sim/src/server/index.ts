export { createSimServer } from './create-server.js';
export type { SimServer, SimServerOptions } from './create-server.js';
export type { FaultControl, FaultState, SimState } from './faults.js';
export { setReady } from './faults.js';
export type { Logger } from './context.js';
export { silentLogger } from './context.js';
export { discoveryDocument, VERSION_INFO } from './discovery.js';
export { toTable, podStatusReason, humanDuration } from './table/index.js';
