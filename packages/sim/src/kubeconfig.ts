export interface KubeconfigOptions {
  /** The context (and cluster and user) name; `pdbscope-sim` by default. */
  context?: string;
  /** The namespace the context defaults to. */
  namespace?: string;
}

/**
 * A kubeconfig for the simulator at `url` that kubectl and @kubernetes/client-node 1.4 both accept:
 * client-node refuses a plain http:// server unless the cluster skips TLS verification, and both
 * need some user, so it carries a dummy bearer token (the simulator authenticates nobody).
 */
export function kubeconfigFor(url: string, options: KubeconfigOptions = {}): string {
  const name = options.context ?? 'pdbscope-sim';
  const namespace =
    options.namespace === undefined ? '' : `\n    namespace: ${JSON.stringify(options.namespace)}`;
  return `apiVersion: v1
kind: Config
clusters:
- name: ${JSON.stringify(name)}
  cluster:
    server: ${JSON.stringify(url)}
    insecure-skip-tls-verify: true
contexts:
- name: ${JSON.stringify(name)}
  context:
    cluster: ${JSON.stringify(name)}
    user: ${JSON.stringify(name)}${namespace}
current-context: ${JSON.stringify(name)}
users:
- name: ${JSON.stringify(name)}
  user:
    token: pdbscope-sim
preferences: {}
`;
}
