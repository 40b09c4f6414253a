import type { NodeRow } from '@pdbscope/shared/api';
import {
  parseLabelSelectorQuery,
  selectorMatches,
  type Selector,
} from '@pdbscope/shared/selectors';
import type { GridSort } from '../../components/VirtualGrid.js';
import type { NodeColumn } from './node-columns.js';

export const nodeStates = ['ready', 'notready', 'cordoned', 'tainted', 'unknown'] as const;
export type NodeStateFilter = (typeof nodeStates)[number];

/** The Nodes page's filters and sort, read from and written to the URL. */
export interface NodesState {
  /** Part of the name, or of a label's key or value. */
  text: string;
  state?: NodeStateFilter;
  /** A label selector as `kubectl -l` takes it. */
  labels: string;
  sort: GridSort;
}

const defaultSort: GridSort = { column: 'name', direction: 'asc' };

export function readNodesState(params: URLSearchParams): NodesState {
  const state = params.get('state');
  const column = params.get('sort');
  return {
    text: params.get('q') ?? '',
    labels: params.get('labels') ?? '',
    ...(state !== null && (nodeStates as readonly string[]).includes(state)
      ? { state: state as NodeStateFilter }
      : {}),
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
  if (state.labels !== '') params.set('labels', state.labels);
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

/** The rows to show, or why the label selector cannot be used. Ties keep the name order. */
export function visibleNodes(
  rows: readonly NodeRow[],
  state: NodesState,
  columns: readonly NodeColumn[],
): { rows: NodeRow[]; labelError?: string } {
  const parsed = parseLabelSelectorQuery(state.labels);
  const selector: Selector = parsed.ok ? parsed.value : { kind: 'everything' };
  const needle = state.text.trim().toLowerCase();
  const filtered = rows.filter(
    (node) =>
      inState(node, state.state) && hasText(node, needle) && selectorMatches(selector, node.labels),
  );
  const sortKey = columns.find((c) => c.id === state.sort.column)?.sortKey;
  const sorted = sortKey
    ? filtered
        .map((row) => ({ row, key: sortKey(row) }))
        .sort(
          (a, b) =>
            (state.sort.direction === 'asc' ? 1 : -1) * compareKeys(a.key, b.key) ||
            compareKeys(a.row.name, b.row.name),
        )
        .map((entry) => entry.row)
    : filtered;
  return parsed.ok ? { rows: sorted } : { rows: sorted, labelError: parsed.error };
}
