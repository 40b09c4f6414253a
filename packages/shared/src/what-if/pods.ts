import { rfc3339 } from '../budgets/time.js';
import { ledgerOf } from '../eviction/drain.js';
import { newPodLike } from '../eviction/drain-replacement.js';
import type { ClusterView } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import type { OwnerRef } from '../model/refs.js';
import type { CapacityLedger } from '../scheduling/ledger.js';
import { readinessFromPods } from '../upgrade/readiness.js';
import { workloadKeyOf } from '../upgrade/replacement.js';
import { DEFAULT_READY_SECONDS } from '../upgrade/types.js';

const STATEFUL_POD_NAME = 'statefulset.kubernetes.io/pod-name';

/**
 * Where new pods go and how long they take: the scheduler's view of the nodes (the forecast's
 * ledger: the emptiest node a pod fits, never a cordoned one), and each workload's readiness time
 * as its pods tell it (the forecast's notion), else the forecast's default.
 */
export class PodPlacement {
  private ledger: CapacityLedger | undefined;
  private readonly readiness = new Map<string, Map<string, number>>();

  constructor(
    private readonly view: ClusterView,
    private readonly now: Date,
  ) {}

  /** Built on first use: a change set that creates no pod never reads every node. */
  private nodes(): CapacityLedger {
    if (!this.ledger) {
      this.ledger = ledgerOf(this.view);
      for (const node of this.view.nodes()) if (node.unschedulable) this.ledger.close(node.name);
    }
    return this.ledger;
  }

  /** The node a new pod is bound to (its own `nodeName` when it has one); undefined: Pending. */
  bind(pod: PodView): string | undefined {
    if (pod.nodeName !== undefined) {
      if (this.ledger) this.ledger.bind(pod.scheduling, pod.nodeName);
      return pod.nodeName;
    }
    return this.nodes().bindSomewhere(pod.scheduling);
  }

  /** A pod leaves its node: its room is free again. */
  release(pod: PodView): void {
    if (this.ledger && pod.nodeName !== undefined)
      this.ledger.release(pod.scheduling, pod.nodeName);
  }

  /** Seconds from creation to Ready for a pod of this workload. */
  readySeconds(pod: PodView): number {
    let measured = this.readiness.get(pod.namespace);
    if (!measured) {
      measured = readinessFromPods(this.view.podsInNamespace(pod.namespace));
      this.readiness.set(pod.namespace, measured);
    }
    const key = workloadKeyOf(pod);
    return (key === undefined ? undefined : measured.get(key)) ?? DEFAULT_READY_SECONDS;
  }

  /** A pod name of this namespace not taken yet: `prefix-1`, `prefix-2`, … */
  freeName(namespace: string, prefix: string): string {
    for (let n = 1; ; n++) {
      const name = `${prefix}-${n}`;
      if (!this.view.pod({ namespace, name })) return name;
    }
  }

  /** A new pod of `owner`, made like `template`, named `name`: not bound, not Ready. */
  newPod(template: PodView, owner: OwnerRef, name: string): PodView {
    const pod = newPodLike(template, {
      name,
      uid: `${owner.uid}-${name}`,
      phase: 'Pending',
      ready: false,
      creationTimestamp: rfc3339(this.now),
    });
    const labels =
      owner.kind === 'StatefulSet' ? { ...pod.labels, [STATEFUL_POD_NAME]: name } : pod.labels;
    return podWith(pod, {
      controller: owner,
      labels,
      startupSeconds: undefined,
      startTime: undefined,
    });
  }
}

/** A StatefulSet pod's ordinal (`web-2` → 2), or undefined for a name of another form. */
export function ordinalOf(setName: string, podName: string): number | undefined {
  const rest = podName.startsWith(`${setName}-`) ? podName.slice(setName.length + 1) : '';
  return /^(0|[1-9][0-9]*)$/.test(rest) ? Number(rest) : undefined;
}

const PHASE_RANK: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * The order a ReplicaSet deletes pods on a scale-down (the controller's `getPodsToDelete`): not
 * yet bound first, then Pending, Unknown, Running; not Ready before Ready; pods sharing a node
 * with more of the set's pods first; more restarts first; the newest first.
 */
export function scaleDownOrder(pods: readonly PodView[]): PodView[] {
  const perNode = new Map<string, number>();
  for (const p of pods)
    if (p.nodeName !== undefined) perNode.set(p.nodeName, (perNode.get(p.nodeName) ?? 0) + 1);
  const colocated = (p: PodView): number =>
    p.nodeName === undefined ? 0 : (perNode.get(p.nodeName) ?? 0);
  const created = (p: PodView): string => p.creationTimestamp ?? '';
  return [...pods].sort(
    (a, b) =>
      Number(a.nodeName !== undefined) - Number(b.nodeName !== undefined) ||
      (PHASE_RANK[a.phase] ?? 1) - (PHASE_RANK[b.phase] ?? 1) ||
      Number(a.ready) - Number(b.ready) ||
      colocated(b) - colocated(a) ||
      b.restartCount - a.restartCount ||
      (created(a) < created(b) ? 1 : created(a) > created(b) ? -1 : 0) ||
      (a.name < b.name ? 1 : a.name > b.name ? -1 : 0),
  );
}
