import type { Selector, VisibilityKind } from '@pdbscope/shared';
import type {
  BudgetDetailResponse,
  BudgetListQuery,
  BudgetRef,
  ClusterResponse,
  FieldProblem,
  FindingListQuery,
  FindingsResponse,
  NodeDetailResponse,
  NodesResponse,
  OperatorInstancesResponse,
  OverlapListQuery,
  OverlapPairsQuery,
  OverlapPairsResponse,
  OverlapsResponse,
  NamespacesResponse,
  PodListQuery,
  PodListResponse,
  PodResponse,
  SearchResponse,
  SimulateDrainRequest,
  SimulateDrainResponse,
  SimulateEvictionsResponse,
  SimulateUpgradeRequest,
  SimulateUpgradeResponse,
  PriorityClassesResponse,
  SimulatePreemptionRequest,
  SimulatePreemptionResponse,
  SourceState,
  BudgetListResponse,
  BudgetHistoryResponse,
  VerifyEvictionResponse,
  WhatIfRequest,
  WhatIfResponse,
} from '@pdbscope/shared/api';

/** A simulation's answer before the route says when its data was current (`asOf`, `eventId`). */
export type Simulated<T> = Omit<T, 'asOf' | 'eventId'>;

/** A simulation that names objects the cluster does not have. */
export interface Unknown {
  unknown: string;
}

/**
 * What the routes read: answers already in the API's shapes. The ClusterStore implements it
 * over the informers and the engine; app tests use a fake. Routes never see Kubernetes.
 */
export interface ClusterReader {
  /** True once every source has synced once. */
  ready(): boolean;
  /**
   * Why the objects of `kind` in `namespace` are not visible (403, or not watched), or undefined
   * when they are: an object missing there is not visible rather than not found.
   */
  notVisible(kind: VisibilityKind, namespace: string): string | undefined;
  sources(): SourceState[];
  cluster(): ClusterResponse;
  budgets(query: BudgetListQuery): BudgetListResponse;
  /** Async: the page's YAML is read from the API server when asked. */
  budget(ref: BudgetRef): Promise<BudgetDetailResponse | undefined>;
  pod(ref: { namespace: string; name: string }): PodResponse | undefined;
  /**
   * One page of the pods that match (`labels` parsed by the route); `unknownGroup` when the query
   * names an overlap group the last analysis does not have.
   */
  pods(query: PodListQuery, labels: Selector): PodListResponse | { unknownGroup: string };
  /** Every namespace holding pods or budgets. */
  namespaces(): NamespacesResponse;
  /** The watched PriorityClasses, highest first. */
  priorityClasses(): PriorityClassesResponse;
  /** What matches a search, by kind; `selector` is the text parsed when it reads as one. */
  search(query: { q: string; limit: number; selector: Selector | undefined }): SearchResponse;
  nodes(): NodesResponse;
  /** The instances operators run, by role and role group. */
  operatorInstances(): OperatorInstancesResponse;
  node(name: string): NodeDetailResponse | undefined;
  /**
   * Resolves once an overlap and findings analysis exists (the first one runs in slices right
   * after ready): answers that include it wait for it rather than run it in one block.
   */
  analysed(): Promise<void>;
  /** One page of the overlap groups that match the query. */
  overlaps(query: OverlapListQuery): OverlapsResponse;
  /** A page of one group's pairs; undefined for a group the last analysis does not have. */
  overlapPairs(id: string, query: OverlapPairsQuery): OverlapPairsResponse | undefined;
  /** One page of the findings that match the query. */
  findings(query: FindingListQuery): FindingsResponse;
  simulateEvictions(pods: readonly string[]): Simulated<SimulateEvictionsResponse> | Unknown;
  simulateDrain(request: SimulateDrainRequest): Simulated<SimulateDrainResponse> | Unknown;
  /** The rolling-upgrade forecast; `invalid` says what about the request the cluster cannot answer. */
  simulateUpgrade(
    request: SimulateUpgradeRequest,
  ): Simulated<SimulateUpgradeResponse> | { invalid: string };
  /** The what-if of a change set, on a copy-on-write view of the index; `refused`: it does not apply. */
  whatIf(request: WhatIfRequest): WhatIfResponse | { refused: FieldProblem[] };
  /** Where preemption would place a pending pod; `invalid` names a class the cluster lacks. */
  simulatePreemption(
    request: SimulatePreemptionRequest,
  ): Simulated<SimulatePreemptionResponse> | { invalid: string };
}

/** Sends an eviction with dryRun=All to the API server; present only when verify is enabled. */
export interface EvictionVerifier {
  verify(pod: string): Promise<VerifyEvictionResponse | Unknown>;
}

/** A budget over time: the BFF's memory, or Prometheus' range queries when configured. */
export interface HistoryReader {
  /** undefined for a budget the cluster does not have. */
  budgetHistory(ref: BudgetRef): Promise<BudgetHistoryResponse | undefined>;
}
