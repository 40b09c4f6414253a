import type { ClusterView } from '../index/view.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { budgetRefsForPod } from '../eviction/plan.js';
import { samePod } from '../eviction/pod-map.js';
import { PlanState, type PlanOverrides } from '../eviction/plan-state.js';
import { CapacityLedger } from '../scheduling/ledger.js';
import { newReplacement, workloadKeyOf } from './replacement.js';
import type { UpgradeTimings } from './types.js';

/** What the world is built from: the cluster, the what-ifs, and how long pods take. */
export interface WorldInput {
  index: ClusterView;
  timings: UpgradeTimings;
  now: Date;
  overrides?: PlanOverrides;
  extraPods?: readonly { pod: PodView; budgets: readonly ResourceRef[]; original?: PodView }[];
}

export const podRef = (p: { namespace: string; name: string }): ResourceRef => ({
  kind: 'Pod',
  namespace: p.namespace,
  name: p.name,
});

/** Upgraded nodes take the pool's shape (labels, taints, capacity), schedulable and Ready. */
export function upgradedNode(template: NodeView | undefined, name: string): NodeView {
  return {
    kind: 'Node',
    name,
    uid: `upgraded-${name}`,
    resourceVersion: '',
    labels: { ...(template?.labels ?? {}), 'kubernetes.io/hostname': name },
    unschedulable: false,
    ready: true,
    taints: template?.taints ?? [],
    conditions: [{ type: 'Ready', status: 'True' }],
    capacity: template?.capacity ?? {},
    allocatable: template?.allocatable ?? {},
  };
}

const plainNode = (name: string): NodeView => upgradedNode(undefined, name);

interface Awaited {
  pod: PodView;
  budgets: ResourceRef[];
  /** Undefined while no node can take it. */
  readyAt?: number;
}

/**
 * The world of the forecast: the plan's copy-on-write budgets and pods, where each pod runs, the
 * replacements on their way to Ready, and the scheduler's view of the nodes.
 */
export class UpgradeWorld {
  readonly state: PlanState;
  /** The scheduler: what each node has left to give (requests vs allocatable), and its load. */
  readonly ledger: CapacityLedger;
  /** Pods the forecast bound to each node (replacements), by node name. */
  private readonly added = new Map<string, PodView[]>();
  readonly awaiting: Awaited[] = [];
  private serial = 0;

  constructor(private readonly input: WorldInput) {
    this.state = new PlanState(input.index, input.now, 'recomputed', input.overrides ?? {});
    // A snapshot may name nodes only through its pods: they count as plain schedulable nodes.
    const nodes = input.index.nodeNames().map((name) => input.index.node(name) ?? plainNode(name));
    this.ledger = CapacityLedger.of({ nodes, podsOnNode: (name) => input.index.podsOnNode(name) });
    // Replacements never go to a cordoned node, even one they tolerate.
    for (const node of nodes) if (node.unschedulable) this.ledger.close(node.name);
    for (const extra of input.extraPods ?? []) {
      const placed = this.place(extra.pod);
      if (placed === undefined) {
        // No node has room for it: Pending, as the scheduler leaves it, and healthy for no budget
        // until a node (a surge node, an upgraded one) takes it and it becomes Ready.
        const pending = podWith(extra.pod, { phase: 'Pending', ready: false });
        this.state.addPod(pending, extra.budgets, extra.original);
        this.awaiting.push({ pod: pending, budgets: [...extra.budgets] });
      } else {
        const pod = podWith(extra.pod, { nodeName: placed });
        this.state.addPod(pod, extra.budgets, extra.original);
        this.addTo(placed, pod);
      }
      for (const b of extra.budgets) this.state.resync(b);
    }
  }

  private addTo(node: string, pod: PodView): void {
    const list = this.added.get(node);
    if (list) list.push(pod);
    else this.added.set(node, [pod]);
  }

  /** A pod's newer version takes its place on its node, so the older one can be collected. */
  private replaceAdded(before: PodView, after: PodView): void {
    const list = before.nodeName === undefined ? undefined : this.added.get(before.nodeName);
    const i = list ? list.indexOf(before) : -1;
    if (list && i >= 0) list[i] = after;
  }

  /** The node as the cluster has it (undefined when only its pods name it). */
  node(name: string): NodeView | undefined {
    return this.input.index.node(name);
  }

  podsOn(node: string): PodView[] {
    // An evicted pod is deleted in the plan (a StatefulSet's is there again, as its replacement).
    const base = this.input.index.podsOnNode(node).filter((p) => this.state.pod(p) !== undefined);
    const added: PodView[] = [];
    for (const p of this.added.get(node) ?? []) {
      const current = this.state.pod(p);
      if (current !== undefined) added.push(current);
    }
    return [...base, ...added];
  }

  readySeconds(pod: PodView): number {
    const key = workloadKeyOf(pod);
    const t = this.input.timings;
    const measured = key === undefined ? undefined : t.readySecondsByWorkload.get(key);
    return measured ?? t.defaultReadySeconds;
  }

  /** An evicted pod is gone; its controller's replacement is scheduled (or waits for a node). */
  evicted(
    pod: PodView,
    node: string,
    at: number,
  ): { pod: ResourceRef; node?: string; readySeconds: number } | undefined {
    const budgets = budgetRefsForPod(this.state, pod);
    this.ledger.release(pod.scheduling, node);
    this.state.remove(pod, undefined, budgets);
    const replacement = newReplacement(pod, this.input.now, ++this.serial);
    if (replacement) this.state.addPod(replacement, budgets, pod);
    if (!samePod(replacement ?? pod, pod)) this.state.forget(pod, budgets);
    for (const b of budgets) this.state.resync(b);
    if (!replacement) return undefined;
    const waiting: Awaited = { pod: replacement, budgets };
    this.awaiting.push(waiting);
    return this.schedule(waiting, at);
  }

  /** Binds the pod to the emptiest node it fits, using up that node's capacity. */
  private place(pod: PodView): string | undefined {
    return this.ledger.bindSomewhere(pod.scheduling);
  }

  cordon(node: string): void {
    this.ledger.cordon(node);
    this.ledger.close(node);
  }

  private schedule(w: Awaited, at: number) {
    const node = this.place(w.pod);
    if (node === undefined) return { pod: podRef(w.pod), readySeconds: 0 };
    const ready = this.readySeconds(w.pod);
    w.readyAt = at + ready;
    w.pod = podWith(w.pod, { nodeName: node });
    this.state.updatePod(w.pod, w.budgets);
    this.addTo(node, w.pod);
    return { pod: podRef(w.pod), node, readySeconds: ready };
  }

  /** Replacements waiting for a node get one if a node now fits. */
  schedulePending(at: number): void {
    for (const w of this.awaiting) if (w.readyAt === undefined) this.schedule(w, at);
  }

  nextReady(after: number): number | undefined {
    let next: number | undefined;
    for (const w of this.awaiting) {
      if (w.readyAt !== undefined && w.readyAt >= after && (next === undefined || w.readyAt < next))
        next = w.readyAt;
    }
    return next;
  }

  /** Replacements Ready by `at` become Ready pods of their budgets. */
  becomeReady(at: number): void {
    const touched = new Map<string, ResourceRef>();
    for (let i = this.awaiting.length - 1; i >= 0; i--) {
      const w = this.awaiting[i];
      if (w === undefined || w.readyAt === undefined || w.readyAt > at) continue;
      const ready = podWith(w.pod, { phase: 'Running', ready: true });
      this.state.updatePod(ready, w.budgets);
      this.replaceAdded(w.pod, ready);
      for (const b of w.budgets) touched.set(refKey(b), b);
      this.awaiting.splice(i, 1);
    }
    for (const b of touched.values()) this.state.resync(b);
  }

  /** Replacements no node can take, among those of these budgets. */
  pendingFor(budgets: readonly ResourceRef[]): ResourceRef[] {
    const keys = new Set(budgets.map(refKey));
    return this.awaiting
      .filter((w) => w.readyAt === undefined && w.budgets.some((b) => keys.has(refKey(b))))
      .map((w) => podRef(w.pod));
  }

  joinNode(view: NodeView): void {
    this.ledger.addNode(view);
  }
}
