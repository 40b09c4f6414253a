import { isMap, parseDocument } from 'yaml';
import {
  nsName,
  readChangeSet,
  whatIf,
  type BudgetFigures,
  type SourceFile,
  type WhatIfError,
} from '@pdbscope/shared';
import type { DrainableNow } from '@pdbscope/shared/eviction';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type {
  BudgetRef,
  FieldProblem,
  WhatIfFigures,
  WhatIfRequest,
  WhatIfResponse,
} from '@pdbscope/shared/api';
import { apiFinding, apiGroup } from './analysis.js';
import { drainableRow } from './nodes.js';
import { budgetRef, forecastBody } from './upgrade.js';

/** A change set that does not apply: each problem names the change (document, field) and why. */
export interface Refused {
  refused: FieldProblem[];
}

const figures = (f: BudgetFigures | undefined): WhatIfFigures | null =>
  f === undefined
    ? null
    : {
        minAvailable: f.minAvailable ?? null,
        maxUnavailable: f.maxUnavailable ?? null,
        selected: f.selected,
        expected: f.expected,
        desiredHealthy: f.desiredHealthy,
        currentHealthy: f.currentHealthy,
        allowed: f.allowed,
      };

const drainable = (d: DrainableNow) => drainableRow(d);

/** The first line of a YAML parse error, without the position the message repeats. */
const yamlMessage = (message: string): string =>
  (message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:$/, '');

/**
 * A budget's spec edit as the manifest `kubectl apply` would take: the budget as the cluster has
 * it (kind, name, labels, annotations), with the YAML's spec. A YAML error or a spec that is not
 * a mapping is a problem naming the edit and its line.
 */
function specManifest(
  index: ClusterIndex,
  edit: { budget: BudgetRef; spec: string },
  where: string,
): SourceFile | FieldProblem {
  const stored = index.budget(edit.budget)?.budget;
  if (!stored)
    return {
      path: `${where}.budget`,
      message: `${edit.budget.kind} ${edit.budget.namespace}/${edit.budget.name} not found`,
    };
  const doc = parseDocument(edit.spec, { uniqueKeys: true });
  const [error] = doc.errors;
  if (error)
    return {
      path: `${where}.spec (line ${error.linePos?.[0].line ?? 1})`,
      message: yamlMessage(error.message),
    };
  if (!isMap(doc.contents))
    return { path: `${where}.spec`, message: 'spec must be a mapping (minAvailable: 1, …)' };
  const manifest = {
    apiVersion: stored.apiVersion,
    kind: stored.kind,
    metadata: {
      name: stored.name,
      namespace: stored.namespace,
      labels: stored.labels,
      ...(stored.kind === 'PodUnavailableBudget' ? { annotations: stored.annotations } : {}),
    },
    spec: doc.toJS() as unknown,
  };
  return { path: `${where}.spec`, text: JSON.stringify(manifest) };
}

const asProblems = (errors: readonly WhatIfError[]): Refused => ({
  refused: errors.map((e) => ({ path: e.change, message: e.message })),
});

/**
 * POST /api/what-if: the request's changes read as `pdbscope what-if` reads them, applied to a
 * copy-on-write view of the index (never written), and the difference in the API's shapes.
 */
export function whatIfAnswer(
  index: ClusterIndex,
  request: WhatIfRequest,
): WhatIfResponse | Refused {
  const files: SourceFile[] = (request.apply ?? []).map((a, i) => ({
    path: a.name ?? `manifests ${i + 1}`,
    text: a.text,
  }));
  const problems: FieldProblem[] = [];
  (request.budgetSpecs ?? []).forEach((edit, i) => {
    const file = specManifest(index, edit, `budgetSpecs[${i}]`);
    if ('text' in file) files.push(file);
    else problems.push(file);
  });
  if (problems.length > 0) return { refused: problems };
  const read = readChangeSet({
    apply: files,
    ...(request.delete ? { delete: request.delete } : {}),
    ...(request.scale ? { scale: request.scale } : {}),
    ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
  });
  if (!read.ok) return asProblems(read.error);
  const { changes: _ignored, ...upgrade } = request.upgrade ?? {};
  const answer = whatIf(index, {
    changes: read.value.changes,
    ...(request.upgrade ? { upgrade } : {}),
  });
  if (!answer.ok) return asProblems(answer.error);
  const a = answer.value;
  const d = a.difference;
  const shared = (p: (typeof d.newlyShared)[number]) => ({
    pod: nsName(p.pod),
    budgets: p.budgets.map(budgetRef),
    evictionFails: p.evictionFails,
  });
  return {
    effects: a.effects.map((e) => ({ action: e.action, object: { ...e.ref }, cause: e.cause })),
    settleSeconds: a.settleSeconds,
    unschedulable: a.unschedulable.map((r) => ({ ...r })),
    notes: a.notes,
    placedInNamespace: read.value.placedInNamespace ?? null,
    ignored: read.value.ignored,
    budgets: d.budgets.map((b) => ({
      budget: budgetRef(b.ref),
      before: figures(b.before),
      after: figures(b.after),
      meanwhile: figures(b.meanwhile),
      syncPending: b.syncPending === true,
    })),
    pods: d.pods.map((p) => ({
      pod: nsName(p.pod),
      gained: p.gained.map(budgetRef),
      lost: p.lost.map(budgetRef),
    })),
    newlyShared: d.newlyShared.map(shared),
    noLongerShared: d.noLongerShared.map(shared),
    overlapGroups: {
      added: d.overlapGroups.added.map(apiGroup),
      removed: d.overlapGroups.removed.map(apiGroup),
    },
    findings: {
      added: d.findings.added.map(apiFinding),
      removed: d.findings.removed.map(apiFinding),
    },
    nodes: d.nodes.map((n) => ({
      node: n.node,
      before: drainable(n.before),
      after: drainable(n.after),
    })),
    forecast: a.forecast
      ? {
          before: forecastBody(a.forecast.before, index),
          after: forecastBody(a.forecast.after, index),
        }
      : null,
    worse: a.worse,
  };
}
