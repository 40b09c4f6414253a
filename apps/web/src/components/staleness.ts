import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  notVisibleText,
  readsWorkloadScale,
  sourceScope,
  type BudgetRow,
  type SourceState,
} from '@pdbscope/shared/api';
import { clusterQuery } from '../api/queries.js';
import { useStreamStatus, type StreamStatus } from '../api/stream-status.js';

/** What a source's objects feed into the numbers. */
type Feed = 'pods' | 'nodes' | BudgetRow['kind'] | 'workloads';

/**
 * What a view's numbers are computed from: the resources they read, in some namespaces (a
 * budget's, a node's pods') or in every namespace.
 */
export interface NumbersOf {
  reads: readonly Feed[];
  /** The namespaces the numbers are about; undefined: every namespace (the overview, nodes). */
  namespaces?: readonly string[];
  /** Resources read in every namespace whatever `namespaces` says (a node's pods: any namespace's may be there). */
  everywhere?: readonly Feed[];
}

/** The overview's rows and summary: every budget with its pods and its workloads' scale. */
export const EVERY_BUDGET: NumbersOf = {
  reads: ['pods', 'PodDisruptionBudget', 'PodUnavailableBudget', 'workloads'],
};

/**
 * The nodes and a node's page: its pods (of any namespace) and whether they may be drained now,
 * which reads their budgets and those budgets' workloads.
 */
export const NODES: NumbersOf = {
  reads: ['nodes', 'pods', 'PodDisruptionBudget', 'PodUnavailableBudget', 'workloads'],
};

/** One budget's numbers: its namespace's pods, its kind, and the workloads when it counts their scale. */
export function budgetNumbersOf(
  row: Pick<BudgetRow, 'kind' | 'namespace' | 'minAvailable' | 'maxUnavailable'>,
): NumbersOf {
  return {
    namespaces: [row.namespace],
    reads: ['pods', row.kind, ...(readsWorkloadScale(row) ? (['workloads'] as const) : [])],
  };
}

/**
 * A node's page: nodes and pods of every namespace (a pod of any may be on it), the budgets and
 * workloads of its pods' namespaces only. Before its pods are known, as the nodes list.
 */
export function nodeNumbersOf(pods: readonly { namespace: string }[] | undefined): NumbersOf {
  if (pods === undefined) return NODES;
  return {
    reads: NODES.reads,
    namespaces: [...new Set(pods.map((pod) => pod.namespace))].sort(),
    everywhere: ['nodes', 'pods'],
  };
}

/** Whether the numbers span several namespaces, so a mark says which ones its causes concern. */
export function spansNamespaces(numbers: NumbersOf): boolean {
  return numbers.namespaces?.length !== 1 || (numbers.everywhere?.length ?? 0) > 0;
}

/** What a source feeds, from its resource; `all` for one that holds everything (a snapshot file). */
/** What the marks read of a source. */
type MarkedSource = Pick<SourceState, 'id' | 'state' | 'since'>;

function feedOf(source: MarkedSource): Feed | 'all' | 'none' {
  switch (sourceScope(source).plural) {
    case 'pods':
      return 'pods';
    case 'nodes':
      return 'nodes';
    case 'poddisruptionbudgets':
      return 'PodDisruptionBudget';
    case 'podunavailablebudgets':
      return 'PodUnavailableBudget';
    // Kubernetes events are only listed; the namespaces watch only says what to watch.
    case 'events':
    case 'namespaces':
      return 'none';
    case 'deployments':
    case 'replicasets':
    case 'statefulsets':
    case 'replicationcontrollers':
    case 'before-first-build': // the BFF's step that reads owners' scales before the first build
      return 'workloads';
    default:
      return 'all';
  }
}

/** The source holds objects the numbers read: the right resource, in their namespace or cluster-wide. */
function covers(source: MarkedSource, numbers: NumbersOf): boolean {
  const feed = feedOf(source);
  if (feed === 'none' || (feed !== 'all' && !numbers.reads.includes(feed))) return false;
  const { namespace } = sourceScope(source);
  return (
    namespace === undefined ||
    numbers.namespaces === undefined ||
    numbers.namespaces.includes(namespace) ||
    (feed !== 'all' && (numbers.everywhere ?? []).includes(feed))
  );
}

/** One reason the numbers may no longer be the cluster's. */
export interface StaleCause {
  /** e.g. `live updates lost`, `pods@shop degraded`. */
  what: string;
  /** Since when (ms since epoch). */
  since: number;
  /** The namespace it concerns; undefined when it concerns every namespace. */
  namespace?: string;
}

/** Why a view's numbers may no longer be the cluster's, and since when they are not known good. */
export interface Staleness {
  /** When the numbers were last known good (ms since epoch): the earliest cause's start. */
  since: number;
  causes: StaleCause[];
}

/** What the numbers would read but the API server refuses to show (403). */
export interface NotVisible {
  /** e.g. `not visible: no permission to list pods in payments`. */
  texts: string[];
  /** The namespaces concerned; undefined when a cluster-wide source is refused. */
  namespaces?: string[];
}

/** The marks a view's numbers carry: stale, not visible, both or neither. */
export interface SourceMarks {
  stale?: Staleness;
  notVisible?: NotVisible;
}

/**
 * The numbers are stale while the page hears no events (they stop following the cluster) or
 * while a source they read is degraded; they are partly not visible while such a source is
 * refused (403: missing rather than stale data).
 */
export function sourceMarks(input: {
  numbers: NumbersOf;
  stream: StreamStatus;
  sources: readonly MarkedSource[];
}): SourceMarks {
  const causes: StaleCause[] = [];
  if (input.stream.state === 'away')
    causes.push({ since: input.stream.since, what: 'live updates lost' });
  const refused: MarkedSource[] = [];
  for (const source of input.sources) {
    if (
      (source.state !== 'degraded' &&
        source.state !== 'credentials' &&
        source.state !== 'refused') ||
      !covers(source, input.numbers)
    )
      continue;
    if (source.state === 'refused') {
      refused.push(source);
      continue;
    }
    const since = Date.parse(source.since);
    const { namespace } = sourceScope(source);
    causes.push({
      since: Number.isNaN(since) ? input.stream.since : since,
      what: `${source.id} ${source.state === 'credentials' ? 'credentials refused' : 'degraded'}`,
      ...(namespace === undefined ? {} : { namespace }),
    });
  }
  const marks: SourceMarks = {};
  if (causes.length > 0) marks.stale = { since: Math.min(...causes.map((c) => c.since)), causes };
  if (refused.length > 0) {
    const namespaces = refused.map((s) => sourceScope(s).namespace);
    marks.notVisible = {
      texts: refused.map((s) => notVisibleText(s) ?? s.id),
      ...(namespaces.every((n) => n !== undefined)
        ? { namespaces: [...new Set(namespaces)].sort() }
        : {}),
    };
  }
  return marks;
}

/**
 * The namespaces the stale causes concern, or undefined when one concerns every namespace (a
 * lost stream, a cluster-wide source).
 */
export function staleNamespaces(stale: Staleness): string[] | undefined {
  const namespaces = stale.causes.map((c) => c.namespace);
  return namespaces.every((n) => n !== undefined) ? [...new Set(namespaces)].sort() : undefined;
}

/** The marks of a view's numbers, from the event stream's state and the cluster's sources. */
export function useSourceMarks(numbers: NumbersOf): SourceMarks {
  const stream = useStreamStatus();
  const cluster = useQuery(clusterQuery());
  return sourceMarks({ numbers, stream, sources: cluster.data?.sources ?? [] });
}

/**
 * Each budget row's marks, worked out only for the rows drawn. The function changes only when a
 * mark may (the stream, or a source entering or leaving degraded or refused), not at each
 * source's event, so the overview's rows are not drawn again for nothing.
 */
export function useRowMarks(): (row: BudgetRow) => SourceMarks {
  const stream = useStreamStatus();
  const sources = useQuery(clusterQuery()).data?.sources ?? [];
  const troubled = JSON.stringify(
    sources
      .filter((s) => s.state === 'degraded' || s.state === 'credentials' || s.state === 'refused')
      .map(({ id, state, since }) => ({ id, state, since })),
  );
  return useMemo(() => {
    const marked = JSON.parse(troubled) as MarkedSource[];
    return (row: BudgetRow) =>
      sourceMarks({ numbers: budgetNumbersOf(row), stream, sources: marked });
  }, [stream, troubled]);
}

/** "<1 min", "2 min", "3 h", "2 d": coarse, so the mark changes at most once a minute. */
export function staleFor(sinceMs: number, nowMs: number): string {
  const minutes = Math.floor(Math.max(0, nowMs - sinceMs) / 60_000);
  if (minutes < 1) return '<1 min';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
