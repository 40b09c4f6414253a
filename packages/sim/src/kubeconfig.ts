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

/**
 * One kubeconfig with a context (and cluster and user of the same name) for each simulator, the
 * first one current: a user's kubeconfig that reaches several clusters.
 */
export function kubeconfigForClusters(
  clusters: readonly { url: string; context: string }[],
): string {
  const [first] = clusters;
  if (first === undefined) throw new Error('a kubeconfig needs at least one cluster');
  const q = (text: string) => JSON.stringify(text);
  const section = (render: (c: { url: string; context: string }) => string) =>
    clusters.map(render).join('');
  return `apiVersion: v1
kind: Config
clusters:
${section((c) => `- name: ${q(c.context)}\n  cluster:\n    server: ${q(c.url)}\n    insecure-skip-tls-verify: true\n`)}contexts:
${section((c) => `- name: ${q(c.context)}\n  context:\n    cluster: ${q(c.context)}\n    user: ${q(c.context)}\n`)}current-context: ${q(first.context)}
users:
${section((c) => `- name: ${q(c.context)}\n  user:\n    token: pdbscope-sim\n`)}preferences: {}
`;
}
