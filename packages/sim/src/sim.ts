import { SYSTEM_PRIORITY_CLASSES } from '@pdbscope/shared';
import { systemClock, type Clock } from '@pdbscope/shared/clock';
import { writeFile } from 'node:fs/promises';
import { generateCluster, SeededRandom } from '@pdbscope/shared/synthetic';
import { startActivity } from './activity/activity.js';
import type { Activity } from './activity/activity.js';
import { ControllerManager } from './controllers/manager.js';
import { loadGeneratedCluster } from './generate/load.js';
import { kubeconfigFor } from './kubeconfig.js';
import { DEMO_SCENARIO_DIR, loadScenario } from './scenarios/load.js';
import { seedStore, startRollouts } from './scenarios/seed.js';
import type { SkippedObject } from './scenarios/seed.js';
import type { Logger } from './server/context.js';
import { silentLogger } from './server/context.js';
import { createSimServer, type SimTls } from './server/create-server.js';
import type { FaultControl } from './server/faults.js';
import { ObjectStore } from './store/object-store.js';

export interface GenerateOptions {
  nodes: number;
  pods: number;
  budgets: number;
  seed?: number;
}

export interface StartSimOptions {
  /** 0 (the default) = any free port. */
  port?: number;
  /** Loopback only; default 127.0.0.1. */
  host?: string;
  /** A scenario file or directory (YAML or JSON; multi-document, List, or a kubectl snapshot). */
  scenario?: string;
  /** The built-in demo set; default true when neither `scenario` nor `generate` is given. */
  demo?: boolean;
  /** Readiness flaps, rollouts and drains; default on for the demo, off otherwise. */
  activity?: boolean;
  /** Seeds pod names and activity, so two runs with one seed play the same. Default 1. */
  seed?: number;
  /** How long a new pod takes to become Ready; default 3000 ms. */
  readyDelayMs?: number;
  /** How long a deleted pod takes to stop; default 1000 ms. */
  terminationDelayMs?: number;
  /** Serve a generated cluster (benchmarks) instead of a scenario. */
  generate?: GenerateOptions;
  clock?: Clock;
  logger?: Logger;
  /** Answer built-in kinds in protobuf when asked (default true). */
  protobuf?: boolean;
  /** Stream initial lists through a watch (sendInitialEvents) when asked (default true). */
  watchList?: boolean;
  /** Serve https, and accept client certificates signed by `ca` (see createSimServer). */
  tls?: SimTls;
  /**
   * API groups not to serve, as on a cluster without their CRDs: `['karpenter.sh']` is a cluster
   * without Karpenter (its NodePools and NodeClaims are then not seeded either).
   */
  unservedGroups?: readonly string[];
}

export interface SimHandle {
  url: string;
  port: number;
  store: ObjectStore;
  faults: FaultControl;
  /** Objects of the scenario the simulator does not serve (e.g. Services, Jobs). */
  skipped: SkippedObject[];
  close(): Promise<void>;
  /** A kubeconfig for this simulator that kubectl and client-node accept. */
  kubeconfig(): string;
  writeKubeconfig(path: string): Promise<void>;
}

async function seedScenario(
  store: ObjectStore,
  manager: ControllerManager,
  path: string,
  unserved: ReadonlySet<string>,
): Promise<SkippedObject[]> {
  const loaded = await loadScenario(path);
  if (!loaded.ok) throw new Error(loaded.error);
  const seeded = seedStore(store, loaded.value.objects, unserved);
  manager.start({ seeding: true });
  manager.resyncAll();
  manager.finishSeeding();
  startRollouts(store, seeded.rollouts);
  return seeded.skipped;
}

/**
 * Every cluster has a kube-system namespace, created once by kube-apiserver; clients read its UID
 * as the cluster's identity (a restart with `newUids` gives it a new one, as another cluster would).
 */
function ensureKubeSystem(store: ObjectStore): void {
  if (store.get('namespaces', undefined, 'kube-system') !== undefined) return;
  store.create('namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'kube-system', labels: { 'kubernetes.io/metadata.name': 'kube-system' } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
}

/**
 * The PriorityClasses kube-apiserver creates at start-up (`scheduling.SystemPriorityClasses`), so
 * pods of a scenario may name them.
 */
function ensureSystemPriorityClasses(store: ObjectStore): void {
  for (const c of SYSTEM_PRIORITY_CLASSES) {
    if (store.get('priorityclasses', undefined, c.name) !== undefined) continue;
    store.create('priorityclasses', {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: c.name },
      value: c.value,
      globalDefault: false,
      preemptionPolicy: c.preemptionPolicy,
      ...(c.description !== undefined ? { description: c.description } : {}),
    });
  }
}

/**
 * Starts the simulated cluster: an API server on loopback over an object store, seeded from a
 * scenario (the demo by default) or a generated cluster, with its controllers running.
 */
export async function startSim(options: StartSimOptions = {}): Promise<SimHandle> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const store = new ObjectStore({
    clock,
    onListenerError: (e) => logger.error('controller failed', { error: String(e) }),
  });
  const seed = options.seed ?? 1;
  const manager = new ControllerManager({
    store,
    clock,
    random: new SeededRandom(seed),
    ...(options.readyDelayMs !== undefined ? { readyDelayMs: options.readyDelayMs } : {}),
    ...(options.terminationDelayMs !== undefined
      ? { terminationDelayMs: options.terminationDelayMs }
      : {}),
    onError: (message) => logger.warn(message),
  });
  let skipped: SkippedObject[] = [];
  const demo = options.demo ?? (options.scenario === undefined && options.generate === undefined);
  const unserved = new Set(options.unservedGroups ?? []);
  try {
    ensureSystemPriorityClasses(store);
    if (options.generate !== undefined) {
      const g = options.generate;
      loadGeneratedCluster(
        store,
        generateCluster({ seed: g.seed ?? seed, nodes: g.nodes, pods: g.pods, budgets: g.budgets }),
      );
      manager.start();
      manager.resyncAll({ workloads: false });
    } else {
      if (demo) skipped = await seedScenario(store, manager, DEMO_SCENARIO_DIR, unserved);
      if (options.scenario !== undefined)
        skipped = [...skipped, ...(await seedScenario(store, manager, options.scenario, unserved))];
      manager.start();
    }
    ensureKubeSystem(store);
  } catch (error) {
    manager.stop();
    store.close();
    throw error;
  }
  const server = await createSimServer({
    store,
    clock,
    logger,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.protobuf !== undefined ? { protobuf: options.protobuf } : {}),
    ...(options.watchList !== undefined ? { watchList: options.watchList } : {}),
    unservedGroups: [...unserved],
  });
  const activity: Activity | undefined =
    (options.activity ?? demo)
      ? startActivity({ ctx: manager.ctx, url: server.url, seed })
      : undefined;
  return {
    url: server.url,
    port: server.port,
    store,
    faults: server.faults,
    skipped,
    async close() {
      activity?.stop();
      manager.stop();
      await server.close();
      store.close();
    },
    kubeconfig: () => kubeconfigFor(server.url),
    writeKubeconfig: (path) => writeFile(path, kubeconfigFor(server.url), { mode: 0o600 }),
  };
}
