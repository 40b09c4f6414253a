import type { NodeRow } from '@pdbscope/shared/api';
import { formatCount } from '../../components/numbers.js';
import { POOL_LABELS } from '../../components/pool-labels.js';

/**
 * A tile's colour: what `kubectl drain` would do on the node now, worst first; `unknown` when
 * pods or budgets it may hold are not visible (never drainable on partial data).
 */
export const tileStates = ['stuck', 'refused', 'unknown', 'drainable'] as const;
export type TileState = (typeof tileStates)[number];

export const tileStateLabels: Readonly<Record<TileState, string>> = {
  stuck: 'Stuck',
  refused: 'Refused',
  unknown: 'Not known',
  drainable: 'Drainable',
};

/** Worst first, so each group starts with what holds an upgrade up. */
const tileOrder: Readonly<Record<TileState, number>> = {
  stuck: 0,
  refused: 1,
  unknown: 2,
  drainable: 3,
};

export function tileStateOf(node: NodeRow): TileState {
  const state: TileState = node.drainableNow.state;
  return state;
}

/** NotReady, or named only by its pods: the tile is outlined whatever its drain state. */
export function isNotReady(node: NodeRow): boolean {
  return !node.known || !node.ready;
}

export type TileCounts = Record<TileState, number> & { nodes: number; notReady: number };

function emptyCounts(): TileCounts {
  return { nodes: 0, stuck: 0, refused: 0, unknown: 0, drainable: 0, notReady: 0 };
}

function count(counts: TileCounts, node: NodeRow): void {
  counts.nodes += 1;
  counts[tileStateOf(node)] += 1;
  if (isNotReady(node)) counts.notReady += 1;
}

export interface TileGroup {
  /** The label's value; undefined for the nodes without the label (or all nodes, ungrouped). */
  value: string | undefined;
  /** What the header calls the group. */
  title: string;
  /** A label selector (`kubectl -l`) that picks this group's nodes; '' when ungrouped. */
  selector: string;
  nodes: NodeRow[];
  /** Where the group's first node is among all the map's nodes, group after group. */
  first: number;
  counts: TileCounts;
}

export interface TileMap {
  groups: TileGroup[];
  counts: TileCounts;
}

function compareNodes(a: NodeRow, b: NodeRow): number {
  const byState = tileOrder[tileStateOf(a)] - tileOrder[tileStateOf(b)];
  if (byState !== 0) return byState;
  if (a.name === b.name) return 0;
  return a.name < b.name ? -1 : 1;
}

/**
 * The nodes grouped by the value of `groupKey` (groups in name order, those without the label
 * last; '' puts every node in one group), each group worst first, with its counts.
 */
export function buildTileMap(rows: readonly NodeRow[], groupKey: string): TileMap {
  const byValue = new Map<string | undefined, NodeRow[]>();
  const counts = emptyCounts();
  for (const node of rows) {
    count(counts, node);
    const value = groupKey === '' ? undefined : node.labels[groupKey];
    const list = byValue.get(value);
    if (list === undefined) byValue.set(value, [node]);
    else list.push(node);
  }
  const values = [...byValue.keys()].sort((a, b) => {
    if (a === b) return 0;
    if (a === undefined) return 1;
    if (b === undefined) return -1;
    return a < b ? -1 : 1;
  });
  const groups: TileGroup[] = [];
  let first = 0;
  for (const value of values) {
    const nodes = (byValue.get(value) ?? []).sort(compareNodes);
    const groupCounts = emptyCounts();
    for (const node of nodes) count(groupCounts, node);
    const ungrouped = groupKey === '';
    groups.push({
      value,
      title: ungrouped
        ? 'All nodes'
        : value === undefined
          ? `no ${groupKey}`
          : value === ''
            ? `${groupKey} (no value)`
            : value,
      selector: ungrouped ? '' : value === undefined ? `!${groupKey}` : `${groupKey}=${value}`,
      nodes,
      first,
      counts: groupCounts,
    });
    first += nodes.length;
  }
  return { groups, counts };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** A group's header: `payments: 12 nodes, 3 stuck, 1 refused, 2 not known` (the states present). */
export function groupHeading(group: TileGroup): string {
  const { counts } = group;
  const parts = [plural(counts.nodes, 'node')];
  if (counts.stuck > 0) parts.push(`${formatCount(counts.stuck)} stuck`);
  if (counts.refused > 0) parts.push(`${formatCount(counts.refused)} refused`);
  if (counts.unknown > 0) parts.push(`${formatCount(counts.unknown)} not known`);
  if (counts.notReady > 0) parts.push(`${formatCount(counts.notReady)} NotReady`);
  return `${group.title}: ${parts.join(', ')}`;
}

/** The whole map in words: `5,000 nodes: 4,210 drainable, 12 refused, 778 stuck`. */
export function mapSummary(counts: TileCounts): string {
  const parts = [
    `${formatCount(counts.drainable)} drainable`,
    `${formatCount(counts.refused)} refused`,
    `${formatCount(counts.stuck)} stuck`,
    // Only when some are: a node whose pods are partly hidden is never counted as drainable.
    ...(counts.unknown > 0 ? [`${formatCount(counts.unknown)} not known`] : []),
  ];
  const notReady = counts.notReady > 0 ? `; ${formatCount(counts.notReady)} NotReady` : '';
  return `${plural(counts.nodes, 'node')}: ${parts.join(', ')}${notReady}`;
}

/** What a tile says on hover and focus, and its accessible name. */
export function tileDescription(node: NodeRow): string {
  const state = tileStateLabels[tileStateOf(node)].toLowerCase();
  const health = !node.known ? ', not in the snapshot' : !node.ready ? ', NotReady' : '';
  const cordoned = node.unschedulable ? ', cordoned' : '';
  const reason = node.drainableNow.reason === '' ? '' : `: ${node.drainableNow.reason}`;
  return `${node.name}: ${state}${health}${cordoned}${reason}`;
}

const ZONE = 'topology.kubernetes.io/zone';

/**
 * Labels that name a node's pool, most telling first: the Upgrade page's (the demo's, GKE's,
 * EKS's, AKS's), AKS's older bare `agentpool`, Karpenter's; the zone last.
 */
const GROUP_LABELS: readonly string[] = [
  ...POOL_LABELS.filter((key) => key !== ZONE),
  'agentpool',
  'karpenter.sh/nodepool',
  ZONE,
];

/**
 * The label keys the map can group by: the pool and zone labels present on the nodes first,
 * then every other key present, by name.
 */
export function groupKeyOptions(rows: readonly NodeRow[]): string[] {
  const present = new Set<string>();
  for (const node of rows) for (const key in node.labels) present.add(key);
  const pools = GROUP_LABELS.filter((key) => present.has(key));
  const others = [...present].filter((key) => !pools.includes(key)).sort();
  return [...pools, ...others];
}

/** The first pool (or zone) label some node carries; '' (one group) when none does. */
export function defaultGroupKey(rows: readonly NodeRow[]): string {
  return GROUP_LABELS.find((key) => rows.some((node) => node.labels[key] !== undefined)) ?? '';
}
