import {
  nsName,
  refKey,
  type BudgetOverlap,
  type Finding as EngineFinding,
  type OverlapGroup as EngineGroup,
  type OverlapGroupReport,
} from '@pdbscope/shared';
import type { BudgetRef, Finding, Overlap, OverlapGroup } from '@pdbscope/shared/api';

const MAX_LISTED_PODS = 100;
const MAX_GROUP_BUDGETS = 50;
const MAX_GROUP_PODS = 20;

function budgetRef(ref: { kind: string; namespace: string; name: string }): BudgetRef {
  return { kind: ref.kind as BudgetRef['kind'], namespace: ref.namespace, name: ref.name };
}

export function apiFinding(f: EngineFinding): Finding {
  return {
    id: f.id,
    rule: f.kind,
    severity: f.severity,
    subject: { ...f.object },
    related: (f.related ?? []).map((r) => ({ ...r })),
    message: f.message,
    remedy: f.remedy,
  };
}

const labelsText = (labels: Readonly<Record<string, string>>): string =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

function overlapMessage(pair: BudgetOverlap): string {
  const names = `${pair.a.kind} ${pair.a.name} and ${pair.b.kind} ${pair.b.name}`;
  if (pair.sharedPods.length > 0) {
    const n = pair.sharedPods.length;
    return pair.evictionFails
      ? `${names} both select ${n} pod${n === 1 ? '' : 's'}: evicting ${n === 1 ? 'it' : 'them'} fails with a 500 (more than one PodDisruptionBudget)`
      : `${names} both select ${n} pod${n === 1 ? '' : 's'}`;
  }
  if (pair.witness)
    return `no pod is shared today, but a pod labelled {${labelsText(pair.witness)}} would be selected by both ${names}`;
  return `OpenKruise's admission webhook would not admit ${names} side by side`;
}

/** One overlapping pair in the API's shape (a group opened, or a budget's own overlaps). */
export function apiOverlap(pair: BudgetOverlap): Overlap {
  return {
    id: [refKey(pair.a), refKey(pair.b)].sort().join('+'),
    kind: pair.sharedPods.length > 0 ? 'live' : 'potential',
    budgets: [budgetRef(pair.a), budgetRef(pair.b)],
    detectedBy: [...pair.rules],
    pods: pair.sharedPods.slice(0, MAX_LISTED_PODS).map(nsName),
    podCount: pair.sharedPods.length,
    ...(pair.witness ? { witness: { ...pair.witness } } : {}),
    message: overlapMessage(pair),
  };
}

function groupMessage(group: EngineGroup): string {
  const n = group.budgets.length;
  const pods = group.sharedPods.length;
  if (pods > 0) {
    const shared = `${n} budgets share ${pods} pod${pods === 1 ? '' : 's'}`;
    return group.evictionFails
      ? `${shared}: evicting a pod under two PodDisruptionBudgets fails with a 500 (more than one PodDisruptionBudget)`
      : `${shared}: each must allow a disruption`;
  }
  if (group.witness)
    return `no pod is shared today, but a pod labelled {${labelsText(group.witness)}} would be selected by more than one of these ${n} budgets`;
  const [conflict] = group.kruiseConflicts;
  return `OpenKruise's admission webhook would not admit these ${n} PodUnavailableBudgets side by side${conflict ? `: ${conflict.message}` : ''}`;
}

export function apiGroup(group: EngineGroup): OverlapGroup {
  return {
    id: group.id,
    namespace: group.namespace,
    kind: group.sharedPods.length > 0 ? 'live' : 'potential',
    budgets: group.budgets.slice(0, MAX_GROUP_BUDGETS).map(budgetRef),
    budgetCount: group.budgets.length,
    detectedBy: [...group.rules],
    pods: group.sharedPods.slice(0, MAX_GROUP_PODS).map(nsName),
    podCount: group.sharedPods.length,
    evictionFails: group.evictionFails,
    ...(group.witness ? { witness: { ...group.witness } } : {}),
    message: groupMessage(group),
  };
}

/** A group as the API lists it, with what filters and pair pages need. */
export interface ShapedGroup {
  api: OverlapGroup;
  engine: EngineGroup;
  /** Every member's `namespace/name`, lower case, for the text filter. */
  memberNames: string[];
}

/** One analysis run in the API's shapes, made once: groups, findings, and what concerns each budget. */
export interface AnalysisShapes {
  overlaps: {
    groups: ShapedGroup[];
    byId: Map<string, ShapedGroup>;
    /** The group of each budget in one, by `refKey`. */
    byBudget: Map<string, ShapedGroup>;
  };
  findings: {
    all: Finding[];
    byBudget: Map<string, Finding[]>;
    counts: { error: number; warning: number; info: number };
  };
}

export const EMPTY_SHAPES: AnalysisShapes = {
  overlaps: { groups: [], byId: new Map(), byBudget: new Map() },
  findings: { all: [], byBudget: new Map(), counts: { error: 0, warning: 0, info: 0 } },
};

function group<T>(items: readonly T[], keysOf: (item: T) => Iterable<string>): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    for (const key of new Set(keysOf(item))) {
      const list = out.get(key);
      if (list) list.push(item);
      else out.set(key, [item]);
    }
  }
  return out;
}

export function shapeAnalysis(analysis: {
  overlaps: OverlapGroupReport;
  findings: readonly EngineFinding[];
}): AnalysisShapes {
  const groups = analysis.overlaps.groups.map((engine): ShapedGroup => ({
    api: apiGroup(engine),
    engine,
    memberNames: engine.budgets.map((b) => `${b.namespace}/${b.name}`.toLowerCase()),
  }));
  const byBudget = new Map<string, ShapedGroup>();
  for (const g of groups) for (const b of g.engine.budgets) byBudget.set(refKey(b), g);
  const findings = analysis.findings.map(apiFinding);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return {
    overlaps: { groups, byId: new Map(groups.map((g) => [g.api.id, g])), byBudget },
    findings: {
      all: findings,
      byBudget: group(findings, (f) => [refKey(f.subject), ...f.related.map(refKey)]),
      counts,
    },
  };
}
