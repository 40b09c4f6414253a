import type { ClusterView } from '../index/view.js';
import type { ResourceRef } from '../model/refs.js';
import type { Result } from '../result/index.js';
import { planUpgrade, type UpgradeRequest } from '../upgrade/plan.js';
import type { UpgradeForecast } from '../upgrade/types.js';
import { applyChangeSet } from './apply.js';
import { differenceOf, type WhatIfDifference } from './diff.js';
import { blocks } from './figures.js';
import { describeRef } from './refs.js';
import type { WhatIfChange, WhatIfEffect, WhatIfError } from './types.js';

/** A what-if: the changes, and the pool whose upgrade to forecast before and after (optional). */
export interface WhatIfRequest {
  changes: readonly WhatIfChange[];
  /** `planUpgrade`'s request (the pool, the provider); its fixes are not searched. */
  upgrade?: Omit<UpgradeRequest, 'changes' | 'fixes'>;
}

/** What a change set does to the cluster, and what gets worse. */
export interface WhatIfAnswer {
  effects: WhatIfEffect[];
  /** Seconds until every pod it creates is Ready; the difference is the cluster's after that. */
  settleSeconds: number;
  unschedulable: ResourceRef[];
  notes: string[];
  difference: WhatIfDifference;
  forecast?: { before: UpgradeForecast; after: UpgradeForecast };
  /** Each thing that gets worse, in words: a gate fails on any. */
  worse: string[];
}

const nsName = (r: ResourceRef): string =>
  r.namespace === '' ? r.name : `${r.namespace}/${r.name}`;

/**
 * What gets worse: a node that drained now does not, a budget starts blocking (it holds pods and
 * allows no disruption), a pod comes under two budgets, an upgrade that completed does not.
 */
export function worseningsOf(
  difference: WhatIfDifference,
  forecast?: WhatIfAnswer['forecast'],
): string[] {
  const out: string[] = [];
  for (const n of difference.nodes)
    if (n.before.state === 'drainable' && n.after.state !== 'drainable')
      out.push(`node ${n.node} becomes undrainable: ${n.after.reason}`);
  for (const b of difference.budgets)
    if (blocks(b.after) && !blocks(b.before))
      out.push(
        `${describeRef(b.ref)} starts blocking: it allows no disruption of its ${b.after?.selected ?? 0} pod(s)`,
      );
  for (const p of difference.newlyShared) {
    const budgets = p.budgets.map((b) => `${b.kind} ${b.name}`).join(', ');
    out.push(
      `pod ${nsName(p.pod)} falls under ${p.budgets.length} budgets (${budgets})${p.evictionFails ? ': its eviction fails (500, more than one PodDisruptionBudget)' : ''}`,
    );
  }
  if (forecast && forecast.before.verdict === 'completes' && forecast.after.verdict !== 'completes')
    out.push(
      `the upgrade of ${forecast.after.nodes.length} node(s) no longer completes: it ${forecast.after.verdict}`,
    );
  return out;
}

function forecastOf(view: ClusterView, request: WhatIfRequest['upgrade'] & object) {
  const plan = planUpgrade(view, { ...request, fixes: false }, view.now);
  return plan.ok ? { ok: true as const, value: plan.value.forecast } : plan;
}

/**
 * Applies the change set to a copy-on-write view of `base` and answers what changes: the effects,
 * the difference in budgets, pods, overlaps, findings and drainable nodes, the upgrade forecast
 * before and after when a pool is given, and what gets worse. Refused changes (invalid budgets,
 * objects not there) are errors: nothing is answered for a change set that would not apply.
 */
export function whatIf(
  base: ClusterView,
  request: WhatIfRequest,
): Result<WhatIfAnswer, WhatIfError[]> {
  const applied = applyChangeSet(base, request.changes);
  if (applied.errors.length > 0) return { ok: false, error: applied.errors };
  const difference = differenceOf(base, applied);
  let forecast: WhatIfAnswer['forecast'];
  if (request.upgrade) {
    const before = forecastOf(base, request.upgrade);
    const after = forecastOf(applied.view, request.upgrade);
    if (!before.ok) return { ok: false, error: [{ change: 'upgrade', message: before.error }] };
    if (!after.ok) return { ok: false, error: [{ change: 'upgrade', message: after.error }] };
    forecast = { before: before.value, after: after.value };
  }
  return {
    ok: true,
    value: {
      effects: applied.effects,
      settleSeconds: applied.settleSeconds,
      unschedulable: applied.unschedulable,
      notes: applied.notes,
      difference,
      ...(forecast ? { forecast } : {}),
      worse: worseningsOf(difference, forecast),
    },
  };
}
