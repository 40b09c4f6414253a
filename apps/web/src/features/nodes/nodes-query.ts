import { BLOCKING_ACTORS, type BlockingActor, type NodeRow } from '@pdbscope/shared/api';
import {
  parseLabelSelectorQuery,
  selectorMatches,
  type Selector,
} from '@pdbscope/shared/selectors';
import type { GridSort } from '../../components/VirtualGrid.js';
import type { NodeColumn } from './node-columns.js';
import { tileStateOf, tileStates, type TileState } from './tile-map.js';

export const nodeStates = ['ready', 'notready', 'cordoned', 'tainted', 'unknown'] as const;
export type NodeStateFilter = (typeof nodeStates)[number];

/** "Blocked for": some actor, or one of them (the nodes whose `blockedFor` names it). */
export const blockedFilters = ['any', ...BLOCKING_ACTORS] as const;
export type BlockedFilter = (typeof blockedFilters)[number];

/** The Nodes page's filters and sort, read from and written to the URL. */
export interface NodesState {
  /** Part of the name, or of a label's key or value. */
  text: string;
  state?: NodeStateFilter;
  /** What `kubectl drain` would do now (the tile map's colours). */
  drain?: TileState;
  /** The actor the node is blocked for (`any`: at least one). */
  blocked?: BlockedFilter;
  /** A label selector as `kubectl -l` takes it. */
  labels: string;
  sort: GridSort;
  /** The tile map's grouping label key; '' for one group, undefined for the default. */
  group?: string;
}

const defaultSort: GridSort = { column: 'name', direction: 'asc' };

export function readNodesState(params: URLSearchParams): NodesState {
  const state = params.get('state');
  const drain = params.get('drain');
  const blocked = params.get('blocked');
  const group = params.get('group');
  const column = params.get('sort');
  return {
    text: params.get('q') ?? '',
    labels: params.get('labels') ?? '',
    ...(state !== null && (nodeStates as readonly string[]).includes(state)
      ? { state: state as NodeStateFilter }
      : {}),
    ...(drain !== null && (tileStates as readonly string[]).includes(drain)
      ? { drain: drain as TileState }
      : {}),
    ...(blocked !== null && (blockedFilters as readonly string[]).includes(blocked)
      ? { blocked: blocked as BlockedFilter }
      : {}),
    ...(group !== null ? { group } : {}),
    sort:
      column !== null && column !== ''
        ? { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' }
        : defaultSort,
  };
}

export function writeNodesState(state: NodesState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.text !== '') params.set('q', state.text);
  if (state.state !== undefined) params.set('state', state.state);
  if (state.drain !== undefined) params.set('drain', state.drain);
  if (state.blocked !== undefined) params.set('blocked', state.blocked);
  if (state.labels !== '') params.set('labels', state.labels);
  if (state.group !== undefined) params.set('group', state.group);
  if (state.sort.column !== defaultSort.column || state.sort.direction !== defaultSort.direction) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.direction);
  }
  return params;
}

function inState(node: NodeRow, state: NodeStateFilter | undefined): boolean {
  switch (state) {
    case undefined:
      return true;
    case 'ready':
      return node.known && node.ready;
    case 'notready':
      return node.known && !node.ready;
    case 'cordoned':
      return node.unschedulable;
    case 'tainted':
      return node.taints.length > 0;
    case 'unknown':
      return !node.known;
  }
}

function isBlocked(node: NodeRow, blocked: BlockedFilter | undefined): boolean {
  if (blocked === undefined) return true;
  return blocked === 'any'
    ? node.blockedFor.length > 0
    : node.blockedFor.includes(blocked as BlockingActor);
}

function hasText(node: NodeRow, needle: string): boolean {
  if (needle === '' || node.name.toLowerCase().includes(needle)) return true;
  for (const key in node.labels) {
    if (`${key}=${node.labels[key] ?? ''}`.toLowerCase().includes(needle)) return true;
  }
  return false;
}

function compareKeys(a: string | number, b: string | number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

export interface FilteredNodes {
  /** The table's rows, unsorted: every filter. */
  rows: NodeRow[];
  /**
   * The tile map's nodes: every filter but the drain state, which the map shows by dimming the
   * other tiles, so the filtered nodes stay in their pools' picture. "Blocked for" filters the map
   * too: it asks about actors the tiles' colours do not show.
   */
  mapRows: NodeRow[];
  labelError?: string;
}

/**
 * The nodes the filters keep (search, state, labels, blocked for, drain state), or why the
 * selector is unused.
 */
export function filterNodes(
  rows: readonly NodeRow[],
  filters: Pick<NodesState, 'text' | 'state' | 'labels' | 'drain' | 'blocked'>,
): FilteredNodes {
  const parsed = parseLabelSelectorQuery(filters.labels);
  const selector: Selector = parsed.ok ? parsed.value : { kind: 'everything' };
  const needle = filters.text.trim().toLowerCase();
  const mapRows = rows.filter(
    (node) =>
      inState(node, filters.state) &&
      isBlocked(node, filters.blocked) &&
      hasText(node, needle) &&
      selectorMatches(selector, node.labels),
  );
  const { drain } = filters;
  const filtered =
    drain === undefined ? mapRows : mapRows.filter((node) => tileStateOf(node) === drain);
  return parsed.ok
    ? { rows: filtered, mapRows }
    : { rows: filtered, mapRows, labelError: parsed.error };
}

/** The rows in the order of `sort`'s column; ties keep the name order. */
export function sortNodes(
  rows: readonly NodeRow[],
  sort: GridSort,
  columns: readonly NodeColumn[],
): NodeRow[] {
  const sortKey = columns.find((c) => c.id === sort.column)?.sortKey;
  if (!sortKey) return [...rows];
  return rows
    .map((row) => ({ row, key: sortKey(row) }))
    .sort(
      (a, b) =>
        (sort.direction === 'asc' ? 1 : -1) * compareKeys(a.key, b.key) ||
        compareKeys(a.row.name, b.row.name),
    )
    .map((entry) => entry.row);
}
