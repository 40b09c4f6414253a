import type { Clock } from '@pdbscope/shared/clock';
import type { SeededRandom } from '@pdbscope/shared/synthetic';
import type { ObjectStore } from '../store/object-store.js';
import type { StoreEvent } from '../store/types.js';
import { BudgetController } from './budgets.js';
import type { ControllerContext } from './context.js';
import { DeploymentController } from './deployment.js';
import { Kubelet } from './kubelet.js';
import { NamespaceController } from './namespaces.js';
import { PodIndex } from './pod-index.js';
import { ReplicaSetController } from './replicaset.js';
import { StatefulSetController } from './statefulset.js';

export interface ControllerManagerOptions {
  store: ObjectStore;
  clock: Clock;
  random: SeededRandom;
  /** Default 3000 ms. */
  readyDelayMs?: number;
  /** Default 1000 ms (never longer than the pod's grace period, which the store enforces). */
  terminationDelayMs?: number;
  onError?: (message: string) => void;
}

/**
 * The simulated control plane: kubelets, the workload, budget and namespace controllers, all
 * driven by the store's ordered change notifications and writing back through the store, so every
 * change they make is seen by watches like any other write.
 */
export class ControllerManager {
  readonly ctx: ControllerContext;
  private readonly kubelet: Kubelet;
  private readonly replicaSets: ReplicaSetController;
  private readonly deployments: DeploymentController;
  private readonly statefulSets: StatefulSetController;
  readonly budgets: BudgetController;
  private readonly namespaces: NamespaceController;
  private unsubscribe: (() => void) | undefined;

  constructor(options: ControllerManagerOptions) {
    this.ctx = {
      store: options.store,
      clock: options.clock,
      random: options.random,
      pods: new PodIndex(options.store),
      readyDelayMs: options.readyDelayMs ?? 3000,
      terminationDelayMs: options.terminationDelayMs ?? 1000,
      seeding: false,
      onError: options.onError ?? ((message) => console.error(`sim controller: ${message}`)),
    };
    this.kubelet = new Kubelet(this.ctx);
    this.replicaSets = new ReplicaSetController(this.ctx);
    this.deployments = new DeploymentController(this.ctx);
    this.statefulSets = new StatefulSetController(this.ctx);
    this.budgets = new BudgetController(this.ctx);
    this.namespaces = new NamespaceController(this.ctx);
  }

  /** Starts reacting to store changes. With `seeding`, new pods start Ready as the sim annotations say. */
  start(options: { seeding?: boolean } = {}): void {
    this.ctx.seeding = options.seeding ?? false;
    this.unsubscribe ??= this.ctx.store.subscribe((event) => this.dispatch(event));
  }

  /** Ends seeding: pods created from now on start ContainerCreating and become Ready after the delay. */
  finishSeeding(): void {
    this.ctx.seeding = false;
  }

  /**
   * Catches up with objects that were written while the manager was not listening (a bulk load):
   * indexes every pod, reconciles every workload and evaluates every budget once.
   */
  resyncAll(options: { workloads?: boolean } = {}): void {
    const pods = this.ctx.store.list('pods');
    if (pods.ok) this.ctx.pods.addAll(pods.value.items);
    if (options.workloads ?? true) {
      this.deployments.syncAll();
      this.replicaSets.syncAll();
      this.statefulSets.syncAll();
    }
    this.budgets.resyncAll();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.kubelet.close();
    this.budgets.close();
  }

  private dispatch(event: StoreEvent): void {
    this.ctx.pods.apply(event);
    this.kubelet.onEvent(event);
    this.replicaSets.onEvent(event);
    this.deployments.onEvent(event);
    this.statefulSets.onEvent(event);
    this.budgets.onEvent(event);
    this.namespaces.onEvent(event);
  }
}
