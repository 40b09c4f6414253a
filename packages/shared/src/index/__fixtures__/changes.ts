import fc from 'fast-check';
import type { Budget, PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { refKey } from '../../model/refs.js';
import type { WorkloadView } from '../../model/workload.js';
import { ClusterIndex } from '../cluster-index.js';
import type { IndexedObject } from '../types.js';
import { NOW } from './objects.js';
import { shopWorld } from './shop.js';

// Random changes to the shop world, for the index's (and its caches') incremental property tests.
const NAMES = ['web', 'api', 'zookeeper', 'other'];
const INSTANCES = ['shop', 'blog'];
export const NODES = ['node-a', 'node-b', 'node-c', 'node-d'];
const SELECTORS: unknown[] = [
  { matchLabels: { 'app.kubernetes.io/name': 'web' } },
  { matchLabels: { 'app.kubernetes.io/instance': 'shop', tier: 'be' } },
  {
    matchExpressions: [
      { key: 'app.kubernetes.io/name', operator: 'In', values: ['api', 'zookeeper'] },
    ],
  },
  { matchExpressions: [{ key: 'tier', operator: 'Exists' }] },
  { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] },
  {},
  null,
  { matchExpressions: [{ key: 'tier', operator: 'Gt', values: ['1'] }] },
];
const LIMITS: Pick<PdbView['spec'], 'minAvailable' | 'maxUnavailable'>[] = [
  { maxUnavailable: 1 },
  { minAvailable: 2 },
  { minAvailable: '50%' },
  { maxUnavailable: '30%' },
  { maxUnavailable: 0 },
  { minAvailable: 'abc%' },
  {},
];

export type Op = [kind: number, a: number, b: number];

/** The world as plain lists, changed alongside the index so a fresh index can be built from it. */
export class Model {
  pods = new Map<string, PodView>();
  budgets = new Map<string, Budget>();
  workloads = new Map<string, WorkloadView>();
  readonly base = shopWorld();

  constructor() {
    for (const p of this.base.pods) this.pods.set(`${p.namespace}/${p.name}`, p);
    for (const b of this.base.budgets) this.budgets.set(refKey(b), b);
    for (const w of this.base.workloads)
      this.workloads.set(`${w.namespace}/${w.kind}/${w.name}`, w);
  }

  /** Turns an op into one change (or none), applying it to the lists. */
  change(op: Op): { type: 'upsert' | 'delete'; object: IndexedObject } | undefined {
    const [kind, a, b] = op;
    const pods = [...this.pods.values()];
    const p = pods[a % Math.max(1, pods.length)];
    const budgets = [...this.budgets.values()];
    const budget = budgets[a % Math.max(1, budgets.length)];
    switch (kind) {
      case 0: {
        if (!p) return undefined;
        const labels: Record<string, string> = { ...p.labels };
        if (b % 5 === 0) delete labels['app.kubernetes.io/name'];
        else labels['app.kubernetes.io/name'] = NAMES[b % NAMES.length] ?? 'web';
        if (b % 3 === 0) labels['app.kubernetes.io/instance'] = INSTANCES[b % 2] ?? 'shop';
        if (b % 7 === 0) labels['tier'] = b % 2 === 0 ? 'fe' : 'be';
        return this.putPod({ ...p, labels });
      }
      case 1: {
        if (!p) return undefined;
        const variant = b % 4;
        if (variant === 0) return this.putPod({ ...p, ready: !p.ready });
        if (variant === 1) return this.putPod({ ...p, deletionTimestamp: '2024-05-01T11:59:00Z' });
        if (variant === 2) return this.putPod({ ...p, phase: 'Pending', ready: false });
        return this.putPod({ ...p, phase: 'Succeeded' });
      }
      case 2:
        return p ? this.putPod({ ...p, nodeName: NODES[b % NODES.length] ?? 'node-a' }) : undefined;
      case 3: {
        if (b % 2 === 0 && p) {
          this.pods.delete(`${p.namespace}/${p.name}`);
          return { type: 'delete', object: p };
        }
        const back = this.base.pods[b % this.base.pods.length];
        return back ? this.putPod(back) : undefined;
      }
      case 4:
        return p
          ? this.putPod({ ...p, name: `${p.name}-copy${b % 3}`, uid: `${p.uid}-copy${b % 3}` })
          : undefined;
      case 5: {
        if (budget?.kind !== 'PodDisruptionBudget') return undefined;
        const selector = SELECTORS[b % SELECTORS.length];
        const limits = LIMITS[Math.floor(b / SELECTORS.length) % LIMITS.length] ?? {};
        const next: PdbView = {
          ...budget,
          generation: budget.generation + 1,
          spec: { selector: (selector ?? null) as PdbView['spec']['selector'], ...limits },
          status: { ...budget.status, observedGeneration: budget.generation + 1 },
        };
        this.budgets.set(refKey(next), next);
        return { type: 'upsert', object: next };
      }
      case 6: {
        if (b % 2 === 0 && budget) {
          this.budgets.delete(refKey(budget));
          return { type: 'delete', object: budget };
        }
        const back = this.base.budgets[b % this.base.budgets.length];
        if (!back) return undefined;
        this.budgets.set(refKey(back), back);
        return { type: 'upsert', object: back };
      }
      case 7: {
        const ws = [...this.workloads.values()];
        const w = ws[a % Math.max(1, ws.length)];
        if (!w) return undefined;
        const key = `${w.namespace}/${w.kind}/${w.name}`;
        if (b % 5 === 0) {
          this.workloads.delete(key);
          return { type: 'delete', object: w };
        }
        const next = { ...w, replicas: b % 7 };
        this.workloads.set(key, next);
        return { type: 'upsert', object: next };
      }
      default: {
        if (budget?.kind !== 'PodDisruptionBudget' || !p) return undefined;
        const at = new Date(NOW.getTime() - (b % 200) * 1000).toISOString().replace('.000Z', 'Z');
        const next: PdbView = {
          ...budget,
          status: {
            ...budget.status,
            disruptedPods: { ...budget.status.disruptedPods, [p.name]: at },
          },
        };
        this.budgets.set(refKey(next), next);
        return { type: 'upsert', object: next };
      }
    }
  }

  private putPod(pod: PodView): { type: 'upsert'; object: PodView } {
    const next = { ...pod, resourceVersion: String(Number(pod.resourceVersion) + 1) };
    this.pods.set(`${next.namespace}/${next.name}`, next);
    return { type: 'upsert', object: next };
  }

  fresh(): ClusterIndex {
    return new ClusterIndex(
      { now: NOW },
      {
        pods: [...this.pods.values()],
        budgets: [...this.budgets.values()],
        workloads: [...this.workloads.values()],
        nodes: this.base.nodes,
      },
    );
  }
}

export const ops = fc.array(fc.tuple(fc.nat(8), fc.nat(1000), fc.nat(1000)), {
  minLength: 1,
  maxLength: 40,
  size: 'max',
});
