import type { ApiResourceInfo, PodView, Visibility } from '@pdbscope/shared';
import {
  ClusterIndex,
  type BudgetDelta,
  type NodeCache,
  type ObjectChange,
} from '@pdbscope/shared/index';
import type { ClusterCounts, NodeRow } from '@pdbscope/shared/api';
import type { Clock } from '@pdbscope/shared/clock';
import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import type { Logger } from 'pino';
import { nodeRowCache } from '../views/nodes.js';

/**
 * The cluster's index as it loads, then lives: every object goes in as it arrives (memberships
 * kept, nothing evaluated) until {@link LiveIndex.build} evaluates every budget once; from then
 * on each change and each tick of time return the budgets they moved, and the nodes' rows are
 * kept in step.
 */
export class LiveIndex {
  /** Every object as it arrives: loading until built, then `index`. */
  private readonly loading: ClusterIndex;
  private built: ClusterIndex | undefined;
  /** The nodes' rows (drainable now), kept across changes once the index is built. */
  private nodeCache: NodeCache<NodeRow> | undefined;
  /** Custom kinds that serve `/scale`, for the index's REST mapper; known before it is built. */
  private readonly apiResources: Record<string, ApiResourceInfo> = {};

  constructor(
    private readonly options: { clock: Clock; logger: Logger; caOptions?: NodeDeleteOptions },
  ) {
    this.loading = new ClusterIndex({ now: options.clock.now(), loading: true });
  }

  /** The index, once built. */
  get index(): ClusterIndex | undefined {
    return this.built;
  }

  /** Every node's row, by name in order, once built. */
  get nodeRows(): NodeCache<NodeRow> | undefined {
    return this.nodeCache;
  }

  apply(change: ObjectChange): readonly BudgetDelta[] {
    // While loading, the index's clock stays where it started (finishLoading sets it).
    const now = this.built ? this.options.clock.now() : this.loading.now;
    this.nodeCache?.before(change);
    const deltas = this.loading.apply(change, now);
    this.nodeCache?.after(change, deltas);
    return deltas;
  }

  /**
   * What can be seen changed: the budgets whose figures read what changed (none before it is
   * built: the first evaluation is made under it), and every node's row.
   */
  setVisibility(visibility: Visibility): readonly BudgetDelta[] {
    const deltas = this.loading.setVisibility(visibility);
    this.nodeCache?.visibilityChanged();
    this.nodeCache?.after(undefined, deltas);
    return deltas;
  }

  /** Time moved: the budgets whose disruptedPods entries expired (none before it is built). */
  evaluate(now: Date): readonly BudgetDelta[] {
    if (!this.built) return [];
    const deltas = this.built.evaluate(now);
    this.nodeCache?.after(undefined, deltas);
    return deltas;
  }

  addApiResource(key: string, info: ApiResourceInfo): void {
    if (this.built && !this.apiResources[key]) {
      this.options.logger.warn(
        { kind: key },
        'a kind with /scale appeared after the first sync: restart to use its scale',
      );
    }
    this.apiResources[key] = info;
  }

  /** Every budget evaluated once: the index is built. */
  build(): { index: ClusterIndex; nodeRows: NodeCache<NodeRow> } {
    this.loading.finishLoading({
      now: this.options.clock.now(),
      apiResources: { ...this.apiResources },
    });
    this.built = this.loading;
    this.nodeCache = nodeRowCache(this.built, this.options.caOptions);
    return { index: this.built, nodeRows: this.nodeCache };
  }

  *livePods(): IterableIterator<PodView> {
    for (const namespace of this.loading.podNamespaces())
      yield* this.loading.podsInNamespace(namespace);
  }

  namespaces(): Iterable<string> {
    return this.loading.podNamespaces();
  }

  counts(): ClusterCounts {
    const c = this.loading.counts();
    return {
      pods: c.pods,
      nodes: c.nodes,
      workloads: c.workloads,
      budgets: c.budgets,
      podDisruptionBudgets: c.pdbs,
      podUnavailableBudgets: c.pubs,
    };
  }
}
