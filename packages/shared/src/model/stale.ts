/** What staleness reads of a budget: its spec's generation and the one its status was written for. */
export interface GenerationPair {
  generation: number;
  status: { observedGeneration: number };
}

/**
 * The budget's status predates its spec (`status.observedGeneration < metadata.generation`): the
 * controller has not synced the last change yet, and until it does the eviction API refuses a PDB's
 * pods with 429 "still being processed".
 */
export function statusIsStale(budget: GenerationPair): boolean {
  return budget.status.observedGeneration < budget.generation;
}

/**
 * No controller has ever written the budget's status: it was just created (or read from a
 * manifest), so observedGeneration is still 0 while the API server set generation ≥ 1. The
 * eviction API refuses its pods as for any stale status, until the first sync.
 */
export function neverSynced(budget: GenerationPair): boolean {
  return budget.status.observedGeneration === 0 && budget.generation > 0;
}
