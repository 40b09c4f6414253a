import {
  nsName,
  refKey,
  type BudgetOverlap,
  type Finding as EngineFinding,
  type OverlapReport,
} from '@pdbscope/shared';
import type { BudgetRef, Finding, Overlap } from '@pdbscope/shared/api';

const MAX_LISTED_PODS = 100;

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

function overlapMessage(pair: BudgetOverlap): string {
  const names = `${pair.a.kind} ${pair.a.name} and ${pair.b.kind} ${pair.b.name}`;
  if (pair.sharedPods.length > 0) {
    const n = pair.sharedPods.length;
    return pair.evictionFails
      ? `${names} both select ${n} pod${n === 1 ? '' : 's'}: evicting ${n === 1 ? 'it' : 'them'} fails with a 500 (more than one PodDisruptionBudget)`
      : `${names} both select ${n} pod${n === 1 ? '' : 's'}`;
  }
  if (pair.witness) {
    const labels = Object.entries(pair.witness)
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    return `no pod is shared today, but a pod labelled {${labels}} would be selected by both ${names}`;
  }
  return `OpenKruise's admission webhook would not admit ${names} side by side`;
}

function apiOverlap(pair: BudgetOverlap): Overlap {
  const budgets = [budgetRef(pair.a), budgetRef(pair.b)];
  return {
    id: [refKey(pair.a), refKey(pair.b)].sort().join('+'),
    kind: pair.sharedPods.length > 0 ? 'live' : 'potential',
    budgets,
    detectedBy: [...pair.rules],
    pods: pair.sharedPods.slice(0, MAX_LISTED_PODS).map(nsName),
    podCount: pair.sharedPods.length,
    ...(pair.witness ? { witness: { ...pair.witness } } : {}),
    message: overlapMessage(pair),
  };
}

/**
 * Every overlap of the report: live pairs, potential pairs, and OpenKruise conflicts that
 * neither shares pods nor has a witness (e.g. the same targetRef).
 */
export function apiOverlaps(report: OverlapReport): Overlap[] {
  const out = [...report.live, ...report.potential].map(apiOverlap);
  const seen = new Set(out.map((o) => o.id));
  for (const c of report.kruiseConflicts) {
    const overlap = apiOverlap({
      a: c.a,
      b: c.b,
      rules: ['kruise-admission'],
      sharedPods: [],
      evictionFails: false,
    });
    if (!seen.has(overlap.id)) {
      seen.add(overlap.id);
      out.push({ ...overlap, message: c.message });
    }
  }
  return out;
}

/** One analysis run in the API's shapes: all of it, and what concerns each budget (by `refKey`). */
export interface AnalysisShapes {
  overlaps: { all: Overlap[]; byBudget: Map<string, Overlap[]> };
  findings: { all: Finding[]; byBudget: Map<string, Finding[]> };
}

export const EMPTY_SHAPES: AnalysisShapes = {
  overlaps: { all: [], byBudget: new Map() },
  findings: { all: [], byBudget: new Map() },
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
  overlaps: OverlapReport;
  findings: readonly EngineFinding[];
}): AnalysisShapes {
  const overlaps = apiOverlaps(analysis.overlaps);
  const findings = analysis.findings.map(apiFinding);
  return {
    overlaps: { all: overlaps, byBudget: group(overlaps, (o) => o.budgets.map(refKey)) },
    findings: {
      all: findings,
      byBudget: group(findings, (f) => [refKey(f.subject), ...f.related.map(refKey)]),
    },
  };
}
