// The objects a simulated (or real) API server serves, listed as the BFF lists them (pages of 500)
// and converted to the engine's views, for benchmarks that work something out in-process on the
// cluster the BFF sees.
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
  type Budget,
  type NodeView,
  type PodView,
  type WorkloadView,
} from '../packages/shared/src/model/index.js';
import type { Result } from '../packages/shared/src/result/index.js';

export interface ListedViews {
  pods: PodView[];
  budgets: Budget[];
  workloads: WorkloadView[];
  nodes: NodeView[];
}

interface ListPage {
  items: Record<string, unknown>[];
  metadata: { continue?: string };
}

/** A GET retried twice when the connection fails (a kept-alive socket the server just closed). */
async function fetchRetried(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Every item of a list, each given the kind and apiVersion a list leaves out of its items. */
async function listAll(
  server: string,
  path: string,
  kind: string,
  apiVersion: string,
): Promise<unknown[]> {
  const items: unknown[] = [];
  let token = '';
  do {
    const url = `${server}${path}?limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
    const res = await fetchRetried(url);
    // A kind the server does not serve (e.g. no OpenKruise) is an empty list here.
    if (res.status === 404) return [];
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as ListPage;
    for (const item of page.items) items.push({ kind, apiVersion, ...item });
    token = page.metadata.continue ?? '';
  } while (token);
  return items;
}

const views = <T>(items: readonly unknown[], convert: (o: unknown) => Result<T>): T[] =>
  items.flatMap((o) => {
    const c = convert(o);
    return c.ok ? [c.value] : [];
  });

/** Pods, budgets (PDBs, PUBs), the workloads the disruption controller asks for, and nodes. */
export async function listViews(server: string): Promise<ListedViews> {
  const list = (path: string, kind: string, apiVersion: string) =>
    listAll(server, path, kind, apiVersion);
  const workloads = await Promise.all([
    list('/apis/apps/v1/deployments', 'Deployment', 'apps/v1'),
    list('/apis/apps/v1/replicasets', 'ReplicaSet', 'apps/v1'),
    list('/apis/apps/v1/statefulsets', 'StatefulSet', 'apps/v1'),
    list('/apis/apps/v1/daemonsets', 'DaemonSet', 'apps/v1'),
    list('/apis/batch/v1/jobs', 'Job', 'batch/v1'),
    list('/api/v1/replicationcontrollers', 'ReplicationController', 'v1'),
  ]);
  return {
    pods: views(await list('/api/v1/pods', 'Pod', 'v1'), podFromObject),
    budgets: [
      ...views<Budget>(
        await list('/apis/policy/v1/poddisruptionbudgets', 'PodDisruptionBudget', 'policy/v1'),
        pdbFromObject,
      ),
      ...views<Budget>(
        await list(
          '/apis/policy.kruise.io/v1alpha1/podunavailablebudgets',
          'PodUnavailableBudget',
          'policy.kruise.io/v1alpha1',
        ),
        pubFromObject,
      ),
    ],
    workloads: views(workloads.flat(), workloadFromObject),
    nodes: views(await list('/api/v1/nodes', 'Node', 'v1'), nodeFromObject),
  };
}
