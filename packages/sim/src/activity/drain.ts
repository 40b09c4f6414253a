import type { KubeObject } from '../store/types.js';
import type { ControllerContext } from '../controllers/context.js';
import { controllerRefOf } from '../controllers/objects.js';
import { podNodeName } from '../controllers/pod-factory.js';
import { isActivePod } from '../controllers/replicaset.js';

/** Sends one eviction to the simulator's own API: the same handler and decision kubectl gets. */
export type Evict = (pod: KubeObject) => Promise<number>;

export function httpEvict(url: string): Evict {
  return async (pod) => {
    const { namespace = '', name = '' } = pod.metadata;
    const response = await fetch(
      `${url}/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/eviction`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name, namespace },
        }),
      },
    );
    await response.arrayBuffer();
    return response.status;
  };
}

export function setCordon(ctx: ControllerContext, node: string, unschedulable: boolean): void {
  const result = ctx.store.modify('nodes', undefined, node, (copy) => {
    const spec = (copy['spec'] ?? {}) as Record<string, unknown>;
    if (unschedulable) spec['unschedulable'] = true;
    else delete spec['unschedulable'];
    copy['spec'] = spec;
  });
  if (!result.ok) ctx.onError(`cordon ${node}: ${result.error.message}`);
}

/** The pods `kubectl drain --ignore-daemonsets` would evict from a node (bare pods need --force). */
export function drainablePods(ctx: ControllerContext, node: string): KubeObject[] {
  const pods = ctx.store.list('pods');
  if (!pods.ok) return [];
  return pods.value.items.filter(
    (p) =>
      podNodeName(p) === node &&
      isActivePod(p) &&
      controllerRefOf(p) !== undefined &&
      controllerRefOf(p)?.kind !== 'DaemonSet',
  );
}
