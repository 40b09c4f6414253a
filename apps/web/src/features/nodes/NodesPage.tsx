import { NotVisibleNote } from '../../components/NotVisibleNote.js';
import { useMemo } from 'react';
import { useLatest } from '../../components/use-latest.js';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { NodeRow } from '@pdbscope/shared/api';
import { nodesQuery } from '../../api/queries.js';
import { checkNodeRows } from '../../api/nodes-parser.js';
import { useCheckAfterPaint } from '../../api/first-paint.js';
import { CheckNotice } from '../../components/CheckNotice.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { toggleSort, VirtualGrid } from '../../components/VirtualGrid.js';
import { formatCount } from '../../components/numbers.js';
import { SearchField } from '../../components/SearchField.js';
import { useNow } from '../../components/time.js';
import { nodeColumns } from './node-columns.js';
import { useWhatIf } from '../../components/what-if/use-what-if.js';
import { StaleMark } from '../../components/StaleMark.js';
import { NODES } from '../../components/staleness.js';
import {
  filterNodes,
  nodeStates,
  readNodesState,
  sortNodes,
  blockedFilters,
  type BlockedFilter,
  writeNodesState,
  type NodesState,
  type NodeStateFilter,
} from './nodes-query.js';
import { NodeTileMap } from './NodeTileMap.js';
import {
  defaultGroupKey,
  groupKeyOptions,
  tileStateLabels,
  tileStates,
  type TileState,
} from './tile-map.js';

const blockedLabels: Readonly<Record<BlockedFilter, string>> = {
  any: 'any actor',
  'kubectl-drain': 'kubectl drain',
  'cluster-autoscaler': 'Cluster Autoscaler',
  karpenter: 'Karpenter',
};

const stateLabels: Readonly<Record<NodeStateFilter, string>> = {
  ready: 'Ready',
  notready: 'NotReady',
  cordoned: 'Cordoned',
  tainted: 'Tainted',
  unknown: 'Not in the snapshot',
};

export function NodesPage() {
  const nodes = useQuery(nodesQuery());
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readNodesState(params), [params]);
  const now = useNow(30_000);
  const whatIf = useWhatIf().node;
  const columns = useMemo(() => nodeColumns(now, whatIf), [now, whatIf]);
  // With a what-if layer the page is the changed cluster's: the map, the counts and the filters
  // take each changed node's answer with the layer (its row shows before → after).
  const listed = nodes.data?.items;
  // The rows checked against the API's schema once they are on screen (nodes-parser.ts).
  const rowsError = useCheckAfterPaint(listed, checkNodeRows);
  const items = useMemo(
    () =>
      listed?.map((node) => {
        const change = whatIf(node.name);
        if (!change) return node;
        // kubectl drain's answer is the layer's; the other actors' are not worked out with it.
        const others = node.blockedFor.filter((a) => a !== 'kubectl-drain');
        const blockedFor: NodeRow['blockedFor'] =
          change.after.state === 'drainable' ? others : ['kubectl-drain', ...others];
        return { ...node, drainableNow: change.after, blockedFor };
      }),
    [listed, whatIf],
  );
  const { text, labels, drain, blocked } = state;
  const nodeState = state.state;
  // Apart from sorting, so a new sort or the clock's tick never rebuilds the tile map.
  const filtered = useMemo(
    () =>
      items === undefined
        ? { rows: [], mapRows: [] }
        : filterNodes(items, {
            text,
            labels,
            ...(nodeState === undefined ? {} : { state: nodeState }),
            ...(drain === undefined ? {} : { drain }),
            ...(blocked === undefined ? {} : { blocked }),
          }),
    [items, text, labels, nodeState, drain, blocked],
  );
  const rows = useMemo(
    () => sortNodes(filtered.rows, state.sort, columns),
    [filtered.rows, state.sort, columns],
  );
  const groupKeys = useMemo(() => groupKeyOptions(items ?? []), [items]);
  const groupKey = useMemo(() => state.group ?? defaultGroupKey(items ?? []), [state.group, items]);

  // Changes build on the URL as last written, so two quick changes never undo each other.
  const latestRef = useLatest(params);
  const update = (change: (now: NodesState) => NodesState, replace: boolean) => {
    const next = writeNodesState(change(readNodesState(latestRef.current)));
    latestRef.current = next;
    setParams(next, { replace });
  };
  const setDrain = (value: TileState | undefined) =>
    update(
      ({ drain: _old, ...rest }) => ({ ...rest, ...(value === undefined ? {} : { drain: value }) }),
      false,
    );

  return (
    <>
      <div className="page-head">
        <h1>Nodes</h1>
        <StaleMark numbers={NODES} />
      </div>
      {nodes.isPending ? <Loading what="nodes" retrying={nodes.failureReason} /> : null}
      {nodes.isError ? <ErrorNotice error={nodes.error} what="the nodes" /> : null}
      <NotVisibleNote texts={nodes.data?.notVisible} lead="Not visible to these answers" />
      <CheckNotice error={rowsError} what="nodes" />
      {nodes.data && nodes.data.items.length === 0 ? (
        <Empty>The cluster reports no nodes.</Empty>
      ) : null}
      {nodes.data && nodes.data.items.length > 0 ? (
        <>
          <NodeTileMap
            nodes={filtered.mapRows}
            groupKey={groupKey}
            groupKeys={groupKeys}
            drain={drain}
            labels={labels}
            onGroupKey={(key) => update((s) => ({ ...s, group: key }), false)}
            onDrain={setDrain}
            onGroup={(selector) =>
              update((s) => ({ ...s, labels: s.labels === selector ? '' : selector }), false)
            }
          />
          <div className="toolbar" role="search" aria-label="Filter nodes">
            <SearchField
              label="Search"
              value={state.text}
              placeholder="name or label"
              onType={(value) => update((s) => ({ ...s, text: value }), true)}
            />
            <label>
              State
              <select
                value={state.state ?? ''}
                onChange={(event) => {
                  const value = event.target.value as NodeStateFilter | '';
                  update(
                    ({ state: _old, ...rest }) => ({
                      ...rest,
                      ...(value === '' ? {} : { state: value }),
                    }),
                    false,
                  );
                }}
              >
                <option value="">Any state</option>
                {nodeStates.map((s) => (
                  <option key={s} value={s}>
                    {stateLabels[s]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Drainable now
              <select
                value={drain ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  setDrain(value === '' ? undefined : (value as TileState));
                }}
              >
                <option value="">Any</option>
                {tileStates.map((s) => (
                  <option key={s} value={s}>
                    {tileStateLabels[s]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Blocked for
              <select
                value={blocked ?? ''}
                onChange={(event) => {
                  const value = event.target.value as BlockedFilter | '';
                  update(
                    ({ blocked: _old, ...rest }) => ({
                      ...rest,
                      ...(value === '' ? {} : { blocked: value }),
                    }),
                    false,
                  );
                }}
              >
                <option value="">All nodes</option>
                {blockedFilters.map((b) => (
                  <option key={b} value={b}>
                    {blockedLabels[b]}
                  </option>
                ))}
              </select>
            </label>
            <SearchField
              label="Labels"
              value={state.labels}
              placeholder="zone=eu-west-1a,!node-role.kubernetes.io/control-plane"
              errorId={filtered.labelError !== undefined ? 'node-label-error' : undefined}
              onType={(value) => update((s) => ({ ...s, labels: value }), true)}
            />
          </div>
          {filtered.labelError !== undefined ? (
            <p id="node-label-error" role="alert" className="notice bad">
              The label selector is not used: {filtered.labelError}
            </p>
          ) : null}
          <p className="muted" aria-live="polite">
            Showing {formatCount(rows.length)} of {formatCount(nodes.data.items.length)} nodes
          </p>
          {rows.length === 0 ? (
            <Empty>No node matches these filters.</Empty>
          ) : (
            <VirtualGrid
              label="Nodes"
              columns={columns}
              rows={rows}
              rowKey={(node) => node.name}
              sort={state.sort}
              onSort={(column) =>
                update((s) => ({ ...s, sort: toggleSort(s.sort, column) }), false)
              }
              rowHeight={36}
            />
          )}
        </>
      ) : null}
    </>
  );
}
