import type { ApiResourceInfo, Finding, PodView, Visibility } from '@pdbscope/shared';
import type { IndexedObject } from '@pdbscope/shared/index';
import type { ActorObject } from './actor-objects.js';

/**
 * What flows into the store, from the sources watching a cluster or from a snapshot file: the
 * data path's one way in. Whatever feeds the store names its change; the store decides what
 * each one does to the index, the rows and the analysis.
 */
export type StoreChange =
  /** An object listed, added, changed (`upsert`) or deleted. */
  | { type: 'upsert' | 'delete'; object: IndexedObject | ActorObject }
  /** The findings the sources make themselves (the objects they could not read), all of them. */
  | { type: 'source-findings'; findings: readonly Finding[] }
  /** A custom kind that serves `/scale`, for the index's REST mapper. */
  | { type: 'api-resource'; key: string; info: ApiResourceInfo }
  /** Every source has settled: evaluate every budget once and become ready. */
  | { type: 'sources-settled' }
  /**
   * What can be seen changed (a source refused, or allowed again): every answer is made under it,
   * and those that read what changed are worked out again.
   */
  | { type: 'visibility'; visibility: Visibility };

/** The store as its feeders see it. */
export interface StorePort {
  apply(change: StoreChange): void;
  /**
   * The pods held now. Read by the pods' interner when it sweeps (after deletes): what no live
   * pod holds is released.
   */
  livePods(): Iterable<PodView>;
}
