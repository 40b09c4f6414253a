// The index's public face: the ClusterIndex class and its evaluations. Its state and the
// functions that mutate it (apply.ts, state.ts, anchor.ts) stay internal: every change goes
// through ClusterIndex's methods.
export * from './types.js';
export { ClusterIndex, type IndexCounts, type PodOnNode } from './cluster-index.js';
export type { ClusterView } from './view.js';
export { ClusterOverlay, type OverlayChange } from './overlay.js';
export { classificationOf, evaluatePdb, evaluatePub, laneCounts } from './evaluate.js';
export { NodeCache, type NodeCacheOptions } from './node-cache.js';
