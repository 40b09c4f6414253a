import { useMemo } from 'react';
import { useLatest } from '../../app/use-latest.js';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { nodesQuery } from '../../api/queries.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { VirtualGrid } from '../../components/VirtualGrid.js';
import { formatCount } from '../../components/numbers.js';
import { useNow } from '../../components/time.js';
import { toggleSort } from '../budgets/overview-query.js';
import { nodeColumns } from './node-columns.js';
import { StaleMark } from '../connection/StaleMark.js';
import {
  nodeStates,
  readNodesState,
  visibleNodes,
  writeNodesState,
  type NodesState,
  type NodeStateFilter,
} from './nodes-query.js';

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
  const columns = useMemo(() => nodeColumns(now), [now]);
  const items = nodes.data?.items;
  const shown = useMemo(
    () => (items === undefined ? { rows: [] } : visibleNodes(items, state, columns)),
    [items, state, columns],
  );

  // Changes build on the URL as last written, so two quick changes never undo each other.
  const latestRef = useLatest(params);
  const update = (change: (now: NodesState) => NodesState, replace: boolean) => {
    const next = writeNodesState(change(readNodesState(latestRef.current)));
    latestRef.current = next;
    setParams(next, { replace });
  };

  return (
    <>
      <div className="page-head">
        <h1>Nodes</h1>
        <StaleMark view="nodes" />
      </div>
      {nodes.isPending ? <Loading what="nodes" retrying={nodes.failureReason} /> : null}
      {nodes.isError ? <ErrorNotice error={nodes.error} what="the nodes" /> : null}
      {nodes.data && nodes.data.items.length === 0 ? (
        <Empty>The cluster reports no nodes.</Empty>
      ) : null}
      {nodes.data && nodes.data.items.length > 0 ? (
        <>
          <div className="toolbar" role="search" aria-label="Filter nodes">
            <label>
              Search
              <input
                type="search"
                value={state.text}
                placeholder="name or label"
                onChange={(event) => update((s) => ({ ...s, text: event.target.value }), true)}
              />
            </label>
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
              Labels
              <input
                type="search"
                value={state.labels}
                placeholder="zone=eu-west-1a,!node-role.kubernetes.io/control-plane"
                aria-invalid={shown.labelError !== undefined}
                aria-describedby={shown.labelError !== undefined ? 'node-label-error' : undefined}
                onChange={(event) => update((s) => ({ ...s, labels: event.target.value }), true)}
              />
            </label>
          </div>
          {shown.labelError !== undefined ? (
            <p id="node-label-error" role="alert" className="notice bad">
              The label selector is not used: {shown.labelError}
            </p>
          ) : null}
          <p className="muted" aria-live="polite">
            Showing {formatCount(shown.rows.length)} of {formatCount(nodes.data.items.length)} nodes
          </p>
          {shown.rows.length === 0 ? (
            <Empty>No node matches these filters.</Empty>
          ) : (
            <VirtualGrid
              label="Nodes"
              columns={columns}
              rows={shown.rows}
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
