import { inStableOrder } from './stable-order.js';
import type { Budget, PubView } from '../model/budget.js';
import type { LabelSelector, Labels } from '../model/labels.js';
import type { ResourceRef } from '../model/refs.js';
import { refKey } from '../model/refs.js';
import { pubConflict } from '../validation/pub.js';
import { kruiseBuckets } from './kruise.js';
import { refOf, type PodWithBudgets, type PodsOf } from './live.js';
import { linkOverlappingSelectors, type SelectorEntry } from './potential.js';
import type { KruiseConflict, OverlapRule } from './types.js';
import { UnionFind } from './union-find.js';

/**
 * Budgets of one namespace connected by overlaps: any two are linked through a chain of budgets
 * that share live pods, whose selectors could share one, or that OpenKruise would not admit side
 * by side. 2,000 budgets over the same pods are one group, not 2 million pairs.
 */
export interface OverlapGroup {
  /** Stable while the group keeps its first member: `refKey` of the first budget. */
  id: string;
  namespace: string;
  /** Every member, sorted by kind and name. */
  budgets: ResourceRef[];
  /** The rules that link members (a rule may link only some of them). */
  rules: OverlapRule[];
  /** Pods that two or more members select today. */
  sharedPods: ResourceRef[];
  /** Some shared pod has two or more PodDisruptionBudgets: evicting it fails with the 500. */
  evictionFails: boolean;
  /** A label set two members' selectors both match, when static analysis found one. */
  witness?: Labels;
  /** OpenKruise conflicts that link members (one per link found, never every pair). */
  kruiseConflicts: KruiseConflict[];
}

export interface OverlapGroupReport {
  groups: OverlapGroup[];
  podsWithMultipleBudgets: PodWithBudgets[];
  /** Budgets whose selector does not parse; they select no pod. */
  invalidSelectors: { budget: ResourceRef; error: string }[];
  /** Static analysis stopped at its cap: some potential links may be missing. */
  staticTruncated: boolean;
}

const LIVE = 1;
const STATIC = 2;
const KRUISE = 4;
const RULE_BITS: readonly [number, OverlapRule][] = [
  [LIVE, 'live-pods'],
  [STATIC, 'static-analysis'],
  [KRUISE, 'kruise-admission'],
];

const isPdb = (ref: ResourceRef): boolean => ref.kind === 'PodDisruptionBudget';

function staticSelectorOf(budget: Budget): LabelSelector | null | undefined | 'target' {
  if (budget.kind === 'PodUnavailableBudget' && budget.spec.targetRef) return 'target';
  return budget.spec.selector;
}

/**
 * Overlap groups by union-find: live sharing joins every budget of a pod (one pass over the
 * selections), static analysis and OpenKruise's rule link budgets without visiting pairs already
 * in one group. Cost grows with the memberships, the budgets and the groups, never with the
 * square of budgets that share pods.
 */
export function overlapGroups(input: OverlapGroupsInput): OverlapGroupReport {
  return overlapGroupsCounted(input).report;
}

export interface OverlapGroupsInput {
  budgets: readonly Budget[];
  podsOf: PodsOf;
  /** Cap on selector intersections (default DEFAULT_MAX_STATIC_CHECKS). */
  maxStaticChecks?: number;
}

/** The report and how many selector intersections it computed (counted against a shared cap). */
export function overlapGroupsCounted(input: OverlapGroupsInput): {
  report: OverlapGroupReport;
  staticChecks: number;
} {
  // A stable order (see inStableOrder), never arrival: which budget comes first decides a group's
  // id, its first member and the subject of its findings.
  const budgets = inStableOrder(input.budgets);
  const refs = budgets.map(refOf);
  const keys = refs.map(refKey);
  const sets = new UnionFind(budgets.length);

  // Live: pods keyed namespace → name (no key string per membership).
  const byNamespace = new Map<string, Map<string, { pod: ResourceRef; members: number[] }>>();
  budgets.forEach((budget, i) => {
    for (const pod of input.podsOf(budget)) {
      let byName = byNamespace.get(pod.namespace);
      if (!byName) byNamespace.set(pod.namespace, (byName = new Map()));
      const entry = byName.get(pod.name);
      if (entry) entry.members.push(i);
      else byName.set(pod.name, { pod: refOf(pod), members: [i] });
    }
  });
  const podsWithMultipleBudgets: PodWithBudgets[] = [];
  const shared: { pod: ResourceRef; member: number; evictionFails: boolean }[] = [];
  // Pods and their owners in a stable order (namespace, name; kind and name), whatever order they arrived in.
  const byKey = (a: { key: string }, b: { key: string }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  const sharedEntries = [...byNamespace.values()]
    .flatMap((byName) => [...byName.values()])
    .filter((entry) => entry.members.length > 1)
    .map((entry) => ({ entry, key: `${entry.pod.namespace}/${entry.pod.name}` }))
    .sort(byKey);
  for (const { entry } of sharedEntries) {
    const { pod } = entry;
    {
      // By kind and name, with each budget's key worked out once, not once per shared pod.
      const members = [...entry.members].sort((a, b) => {
        const [ka, kb] = [keys[a] as string, keys[b] as string];
        return ka < kb ? -1 : ka > kb ? 1 : 0;
      });
      const first = members[0] as number;
      for (const m of members) sets.union(first, m, LIVE);
      const owners = members.map((m) => refs[m] as ResourceRef);
      const evictionFails = owners.filter(isPdb).length > 1;
      podsWithMultipleBudgets.push({ pod, budgets: owners, evictionFails });
      shared.push({ pod, member: first, evictionFails });
    }
  }

  // Static: entries keep their budget's position so links land in the same sets.
  const entries: SelectorEntry<number>[] = [];
  const positions: number[] = [];
  budgets.forEach((budget, i) => {
    const selector = staticSelectorOf(budget);
    if (selector === 'target') return;
    positions.push(i);
    entries.push({ item: i, namespace: budget.namespace, selector });
  });
  const witnesses = new Map<number, Labels>();
  const statics = linkOverlappingSelectors(
    entries,
    {
      known: (a, b) => sets.joinedBy(positions[a] as number, positions[b] as number, STATIC),
      link: (a, b, witness) => {
        const root = sets.union(positions[a] as number, positions[b] as number, STATIC);
        if (!witnesses.has(root)) witnesses.set(root, witness);
      },
    },
    input.maxStaticChecks !== undefined ? { maxChecks: input.maxStaticChecks } : {},
  );

  // OpenKruise: PUBs sharing a bucket, skipping pairs already linked by a conflict.
  const conflicts: { conflict: KruiseConflict; member: number }[] = [];
  const pubAt = new Map<PubView, number>();
  budgets.forEach((b, i) => {
    if (b.kind === 'PodUnavailableBudget') pubAt.set(b, i);
  });
  for (const list of kruiseBuckets([...pubAt.keys()])) {
    for (let x = 0; x < list.length; x++) {
      const a = list[x] as PubView;
      const ia = pubAt.get(a) as number;
      for (let y = x + 1; y < list.length; y++) {
        const b = list[y] as PubView;
        const ib = pubAt.get(b) as number;
        if (sets.joinedBy(ia, ib, KRUISE)) continue;
        const conflict = pubConflict(b, [a]);
        if (!conflict) continue;
        sets.union(ia, ib, KRUISE);
        conflicts.push({
          member: ia,
          conflict: {
            a: refs[ia] as ResourceRef,
            b: refs[ib] as ResourceRef,
            rule:
              conflict.field === 'spec.targetReference'
                ? 'kruise-target-ref'
                : 'kruise-loose-selector',
            message: conflict.detail,
          },
        });
      }
    }
  }

  const groups = collectGroups({ sets, refs, shared, conflicts, witnesses });
  const report: OverlapGroupReport = {
    groups,
    podsWithMultipleBudgets,
    invalidSelectors: statics.invalid.map(({ item, error }) => ({
      budget: refs[item] as ResourceRef,
      error,
    })),
    staticTruncated: statics.truncated,
  };
  return { report, staticChecks: statics.checks };
}

function collectGroups(input: {
  sets: UnionFind;
  refs: readonly ResourceRef[];
  shared: readonly { pod: ResourceRef; member: number; evictionFails: boolean }[];
  conflicts: readonly { conflict: KruiseConflict; member: number }[];
  witnesses: ReadonlyMap<number, Labels>;
}): OverlapGroup[] {
  const { sets, refs } = input;
  const byRoot = new Map<number, OverlapGroup>();
  refs.forEach((ref, i) => {
    if (sets.sizeOf(i) < 2) return;
    const root = sets.find(i);
    let group = byRoot.get(root);
    if (!group) {
      const witness = input.witnesses.get(root);
      group = {
        id: '',
        namespace: ref.namespace,
        budgets: [],
        rules: RULE_BITS.filter(([bit]) => (sets.bitsOf(i) & bit) !== 0).map(([, rule]) => rule),
        sharedPods: [],
        evictionFails: false,
        ...(witness !== undefined ? { witness } : {}),
        kruiseConflicts: [],
      };
      byRoot.set(root, group);
    }
    group.budgets.push(ref);
  });
  for (const { pod, member, evictionFails } of input.shared) {
    const group = byRoot.get(sets.find(member));
    if (!group) continue;
    group.sharedPods.push(pod);
    if (evictionFails) group.evictionFails = true;
  }
  for (const { conflict, member } of input.conflicts)
    byRoot.get(sets.find(member))?.kruiseConflicts.push(conflict);
  const groups = [...byRoot.values()];
  for (const group of groups) {
    const keyed = group.budgets.map((ref) => ({ ref, key: refKey(ref) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    group.budgets = keyed.map((k) => k.ref);
    group.id = keyed[0]?.key ?? '';
  }
  return groups;
}
