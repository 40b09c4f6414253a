import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { Result } from '../result/index.js';
import { parseSelector, selectorMatches, type Selector } from '../selectors/selector.js';
import type { BudgetEvent } from './types.js';

// Views are immutable, so a PDB's parsed selector can be kept as long as its spec object lives.
const parsedBySpec = new WeakMap<PdbView['spec'], Result<Selector>>();

/** `LabelSelectorAsSelector(pdb.spec.selector)`, parsed once per spec object. */
export function pdbSelector(pdb: PdbView): Result<Selector> {
  let parsed = parsedBySpec.get(pdb.spec);
  if (!parsed) {
    parsed = parseSelector(pdb.spec.selector);
    parsedBySpec.set(pdb.spec, parsed);
  }
  return parsed;
}

/**
 * `getPodsForPdb`: the pods of the PDB's namespace that its selector matches, whatever their phase,
 * readiness, deletion or owner. A selector that does not convert is an error (the sync fails).
 */
export function selectPdbPods(
  pdb: PdbView,
  podsInNamespace: readonly PodView[],
): Result<PodView[]> {
  const parsed = pdbSelector(pdb);
  if (!parsed.ok) return parsed;
  const selector = parsed.value;
  if (selector.kind === 'nothing') return { ok: true, value: [] };
  return {
    ok: true,
    value: podsInNamespace.filter(
      (p) => p.namespace === pdb.namespace && selectorMatches(selector, p.labels),
    ),
  };
}

/**
 * The PDBs that cover a pod (client-go `GetPodPodDisruptionBudgets`, and the eviction handler's own
 * loop): same namespace, selector converts and matches. Unconvertible selectors never match.
 */
export function pdbsForPod(pod: PodView, pdbs: readonly PdbView[]): PdbView[] {
  return pdbs.filter((pdb) => {
    if (pdb.namespace !== pod.namespace) return false;
    const parsed = pdbSelector(pdb);
    return parsed.ok && selectorMatches(parsed.value, pod.labels);
  });
}

/**
 * `getPdbForPod`: the controller's pod handlers enqueue only the first matching PDB, and record a
 * MultiplePodDisruptionBudgets warning on the pod when there are more.
 */
export function pdbForPodEvent(
  pod: PodView,
  pdbs: readonly PdbView[],
): { pdb?: PdbView; event?: BudgetEvent } {
  const matching = pdbsForPod(pod, pdbs);
  const first = matching[0];
  if (!first) return {};
  if (matching.length === 1) return { pdb: first };
  return {
    pdb: first,
    event: {
      type: 'Warning',
      reason: 'MultiplePodDisruptionBudgets',
      message: `Pod "${pod.namespace}"/"${pod.name}" matches multiple PodDisruptionBudgets.  Chose "${first.name}" arbitrarily.`,
      object: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
    },
  };
}
