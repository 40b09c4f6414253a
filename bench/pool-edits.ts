// The budget edits that let a rolling upgrade of a pool run to its end on the synthetic cluster,
// for benchmarks that want a full forecast (the synthetic cluster's forecasts stall at step 1, as
// a real cluster's often do). They are the fixes pdbscope itself proposes, applied to every budget
// in the way at once: a budget holding a pool pod that allows no disruption gets its minAvailable
// lowered to 0 (an integer minAvailable needs no scale subresource, so a budget over pods whose
// owner has none, e.g. a Job's, works out too); budgets sharing a pool pod with another PDB (500) are
// narrowed to select nothing (a what-if removal here; on the simulator a selector patch, so the
// cluster keeps its budget count). Whatever a trial forecast still stalls on is edited the same way.
import type { ClusterView } from '../packages/shared/src/index/index.js';
import { refKey, type ResourceRef } from '../packages/shared/src/model/refs.js';
import {
  applyChanges,
  forecastUpgrade,
  type ForecastUpgradeInput,
  type UpgradeChange,
} from '../packages/shared/src/upgrade/index.js';

export type BudgetEdit =
  { kind: 'open'; budget: ResourceRef } | { kind: 'narrow'; budget: ResourceRef };

/** The label a narrowed budget's selector asks for and no pod carries. */
export const NARROWED_LABEL = 'pdbscope.dev/bench-narrowed';

function allowsNone(index: ClusterView, ref: ResourceRef): boolean {
  const ev = index.budget(ref);
  if (!ev) return false;
  return ev.kind === 'PodDisruptionBudget'
    ? ev.synced.status.disruptionsAllowed <= 0
    : ev.synced.status.unavailableAllowed <= 0;
}

function asChange(edit: BudgetEdit): UpgradeChange {
  return edit.kind === 'narrow'
    ? { kind: 'remove-budget', budget: edit.budget }
    : { kind: 'budget-spec', budget: edit.budget, field: 'minAvailable', value: 0 };
}

/** The input of a forecast with the edits applied (on a copy: the index is never changed). */
export function withEdits(
  input: ForecastUpgradeInput,
  edits: readonly BudgetEdit[],
): ForecastUpgradeInput {
  return applyChanges(input, edits.map(asChange));
}

/**
 * The edits, found on the index (the simulator's objects as the BFF would read them) for the
 * forecast `input` describes, then checked by forecasting with them, at most `maxTrials` times.
 * `complete` is false when a trial still stalls on something no budget edit lifts.
 */
export function poolEdits(
  input: ForecastUpgradeInput,
  maxTrials = 10,
): { edits: BudgetEdit[]; trials: number; complete: boolean } {
  const { index } = input;
  const edits = new Map<string, BudgetEdit>();
  const narrow = (ref: ResourceRef) => {
    if (edits.get(refKey(ref))?.kind !== 'narrow')
      edits.set(refKey(ref), { kind: 'narrow', budget: ref });
  };
  const open = (ref: ResourceRef) => {
    const key = refKey(ref);
    // An opened budget that still holds a pod is in the way for another reason: narrow it.
    if (edits.has(key)) narrow(ref);
    else edits.set(key, { kind: 'open', budget: ref });
  };
  for (const node of input.nodes)
    for (const pod of index.podsOnNode(node)) {
      const { pdbs, pubs } = index.budgetsForPod(pod);
      if (pdbs.length > 1) for (const b of pdbs) narrow(b);
      for (const b of [...pdbs, ...pubs])
        if (!edits.has(refKey(b)) && allowsNone(index, b)) open(b);
    }
  let trials = 0;
  for (; trials < maxTrials; trials++) {
    const forecast = forecastUpgrade(withEdits(input, [...edits.values()]));
    if (!forecast.stall) return { edits: [...edits.values()], trials: trials + 1, complete: true };
    const before = new Map(edits);
    for (const pod of forecast.stall.pods)
      for (const b of pod.budgets) {
        if (pod.reason === 'multiple-budgets') narrow(b);
        else open(b);
      }
    const changed = [...edits].some(([key, edit]) => before.get(key) !== edit);
    // A stall no budget explains (kubectl refuses a pod, a replacement fits nowhere).
    if (!changed) return { edits: [...edits.values()], trials: trials + 1, complete: false };
  }
  return { edits: [...edits.values()], trials, complete: false };
}
