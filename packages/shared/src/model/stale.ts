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
