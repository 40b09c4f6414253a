export * from './types.js';
export { ClusterIndex, type IndexCounts } from './cluster-index.js';
export { evaluatePdb, evaluatePub, laneCounts } from './evaluate.js';
export {
  advanceTime,
  applyChange,
  buildState,
  deleteBudget,
  deletePod,
  finishLoading,
  deleteWorkload,
  replaceAll,
  upsertBudget,
  upsertPod,
  upsertWorkload,
} from './apply.js';
export { createState, type IndexState } from './state.js';
export { anchorOf, type Anchor } from './anchor.js';
