// The BFF's listing, for the command line's live cluster (`@pdbscope/bff/list`): the kubeconfig
// as the BFF finds it, the API server's GETs, discovery, paged lists and the slim projection.
// Re-exported, not copied, so the CLI lists a cluster exactly as the BFF does.
export {
  kubeConfigFromString,
  kubeconfigFiles,
  resolveKubeConfig,
  type ResolvedKubeConfig,
} from './kube/kubeconfig.js';
export { KubeHttp, KubeStatusError, errorReason } from './kube/http.js';
export { discoverResources, groupVersions, type Discovered } from './kube/discovery.js';
export { listAllPages, type PagedList } from './kube/paged-list.js';
export {
  WORKLOADS,
  apiVersionOf,
  collectionPath,
  projector,
  type ClusterObject,
  type ResourceSpec,
} from './kube/resources.js';
