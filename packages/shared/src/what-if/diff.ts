import { drainableNow, type DrainableNow } from '../eviction/drainable-now.js';
import type { Finding } from '../findings/types.js';
import type { BudgetEvaluation } from '../index/types.js';
import type { ClusterView } from '../index/view.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import type { OverlapGroup } from '../overlaps/groups.js';
import type { PodWithBudgets } from '../overlaps/live.js';
import type { AppliedChangeSet } from './apply.js';
import { figuresOf, sameFigures, type BudgetFigures } from './figures.js';
import { reportNamespaces } from './namespaces.js';

/** A budget whose figures change: absent before (created) or after (deleted). */
export interface BudgetChange {
  ref: ResourceRef;
  before?: BudgetFigures;
  after?: BudgetFigures;
  /** While the pods the change creates start (`settleSeconds`), when that differs from after. */
  meanwhile?: BudgetFigures;
  /**
   * Created, or its spec changed: until its controller syncs it (seconds), the API server refuses
   * every eviction of its pods (429, its status older than its spec).
   */
  syncPending?: true;
}

/** A pod that stays, with the budgets it joins and leaves. */
export interface PodBudgetChange {
  pod: ResourceRef;
  gained: ResourceRef[];
  lost: ResourceRef[];
}

/** A node whose drainable-now answer changes. */
export interface NodeChange {
  node: string;
  before: DrainableNow;
  after: DrainableNow;
}

/** The difference a change set makes to what pdbscope answers. */
export interface WhatIfDifference {
  budgets: BudgetChange[];
  pods: PodBudgetChange[];
  /** Pods that come to have two or more budgets (`evictionFails`: two or more PDBs: 500). */
  newlyShared: PodWithBudgets[];
  /** Pods no longer under two or more budgets. */
  noLongerShared: PodWithBudgets[];
  overlapGroups: { added: OverlapGroup[]; removed: OverlapGroup[] };
  findings: { added: Finding[]; removed: Finding[] };
  nodes: NodeChange[];
}

const compareRefs = (a: ResourceRef, b: ResourceRef): number =>
  a.namespace.localeCompare(b.namespace) ||
  a.name.localeCompare(b.name) ||
  a.kind.localeCompare(b.kind);

const podKey = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`;

const specChanged = (a: BudgetEvaluation, b: BudgetEvaluation): boolean =>
  JSON.stringify(a.budget.spec) !== JSON.stringify(b.budget.spec);

/** Budgets of the changed namespaces, before and after, whose figures differ. */
function budgetChanges(
  before: ReturnType<typeof reportNamespaces>,
  after: ReturnType<typeof reportNamespaces>,
  applied: AppliedChangeSet,
): BudgetChange[] {
  const was = new Map(before.budgets.map((e) => [refKey(e.ref), e]));
  const is = new Map(after.budgets.map((e) => [refKey(e.ref), e]));
  const out: BudgetChange[] = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const a = was.get(key);
    const b = is.get(key);
    const fa = a && figuresOf(a);
    const fb = b && figuresOf(b);
    const during = applied.meanwhile.get(key);
    const fm = during && figuresOf(during);
    const meanwhile = fm && fb && !sameFigures(fm, fb) ? fm : undefined;
    const syncPending = b !== undefined && (a === undefined || specChanged(a, b));
    if (fa && fb && sameFigures(fa, fb) && !meanwhile && !syncPending) continue;
    out.push({
      ref: (a ?? b)?.ref ?? { kind: '', namespace: '', name: '' },
      ...(fa ? { before: fa } : {}),
      ...(fb ? { after: fb } : {}),
      ...(meanwhile ? { meanwhile } : {}),
      ...(syncPending ? { syncPending: true as const } : {}),
    });
  }
  return out.sort((x, y) => compareRefs(x.ref, y.ref));
}

/** Pods that exist on both sides and join or leave budgets. */
function podChanges(
  base: ClusterView,
  view: ClusterView,
  namespaces: readonly string[],
): PodBudgetChange[] {
  const out: PodBudgetChange[] = [];
  const refs = (
    covering: readonly { key: string; evaluation?: { ref: ResourceRef } | undefined }[],
  ) => new Map(covering.flatMap((c) => (c.evaluation ? [[c.key, c.evaluation.ref] as const] : [])));
  for (const ns of namespaces)
    for (const pod of base.podsInNamespace(ns)) {
      if (!view.pod(pod)) continue;
      const was = refs(base.coveringBudgets(pod));
      const is = refs(view.coveringBudgets(pod));
      const gained = [...is].filter(([k]) => !was.has(k)).map(([, r]) => r);
      const lost = [...was].filter(([k]) => !is.has(k)).map(([, r]) => r);
      if (gained.length + lost.length > 0)
        out.push({
          pod: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
          gained: gained.sort(compareRefs),
          lost: lost.sort(compareRefs),
        });
    }
  return out.sort((a, b) => compareRefs(a.pod, b.pod));
}

const groupKey = (g: OverlapGroup): string =>
  `${g.budgets.map(refKey).join(',')}|${g.rules.join(',')}`;

function byKeyDifference<T>(before: readonly T[], after: readonly T[], key: (t: T) => string) {
  const was = new Set(before.map(key));
  const is = new Set(after.map(key));
  return {
    added: after.filter((t) => !was.has(key(t))),
    removed: before.filter((t) => !is.has(key(t))),
  };
}

/**
 * The nodes whose drain may answer otherwise: those holding a pod of a budget that changed, a pod
 * that changed budgets, a pod created or removed, and the nodes changed themselves.
 */
function candidateNodes(
  base: ClusterView,
  applied: AppliedChangeSet,
  budgets: readonly BudgetChange[],
  pods: readonly PodBudgetChange[],
): string[] {
  const nodes = new Set<string>(applied.view.changedNodes());
  const addPodsOf = (view: ClusterView, ref: ResourceRef) => {
    for (const p of view.budget(ref)?.pods ?? [])
      if (p.nodeName !== undefined) nodes.add(p.nodeName);
  };
  for (const b of budgets) {
    addPodsOf(base, b.ref);
    addPodsOf(applied.view, b.ref);
  }
  for (const { pod } of pods) {
    const node = base.pod(pod)?.nodeName;
    if (node !== undefined) nodes.add(node);
  }
  for (const e of applied.effects) {
    const o = e.before ?? e.after;
    if (o?.kind !== 'Pod') continue;
    for (const side of [e.before, e.after])
      if (side && 'nodeName' in side && side.nodeName !== undefined) nodes.add(side.nodeName);
  }
  return [...nodes].sort();
}

const sameDrain = (a: DrainableNow, b: DrainableNow): boolean =>
  a.state === b.state && JSON.stringify(a.budgets) === JSON.stringify(b.budgets);

/**
 * What changes between the base and the change set's view: each budget's figures, pods' budgets,
 * overlaps and findings in the namespaces it touched, and the drainable-now answer of every node
 * whose pods or budgets it touched. Only those namespaces and nodes are read again.
 */
export function differenceOf(base: ClusterView, applied: AppliedChangeSet): WhatIfDifference {
  const namespaces = applied.view.changedNamespaces();
  const before = reportNamespaces(base, namespaces);
  const after = reportNamespaces(applied.view, namespaces);
  const budgets = budgetChanges(before, after, applied);
  const pods = podChanges(base, applied.view, namespaces);
  const shared = byKeyDifference(
    before.overlaps.podsWithMultipleBudgets,
    after.overlaps.podsWithMultipleBudgets,
    (p) => `${podKey(p.pod)}|${p.budgets.map(refKey).join(',')}`,
  );
  const nodes: NodeChange[] = [];
  for (const node of candidateNodes(base, applied, budgets, pods)) {
    const was = drainableNow({ index: base, now: base.now, node });
    const is = drainableNow({ index: applied.view, now: base.now, node });
    if (!sameDrain(was, is)) nodes.push({ node, before: was, after: is });
  }
  return {
    budgets,
    pods,
    newlyShared: shared.added,
    noLongerShared: shared.removed,
    overlapGroups: byKeyDifference(before.overlaps.groups, after.overlaps.groups, groupKey),
    findings: byKeyDifference(before.findings, after.findings, (f) => `${f.id}|${f.message}`),
    nodes,
  };
}
