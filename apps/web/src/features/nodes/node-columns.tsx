import { Link, useNavigate } from 'react-router';
import type { NodeRow } from '@pdbscope/shared/api';
import type { GridColumn } from '../../components/VirtualGrid.js';
import { age } from '../../components/time.js';
import { drainHref, nodeHref, podsHref } from '../../app/paths.js';
import { formatCount } from '../../components/numbers.js';
import { BeforeAfter } from '../../components/what-if/BeforeAfter.js';
import type { NodeChange } from '../../components/what-if/use-what-if.js';

export function NodeStateBadges({ node }: { node: NodeRow }) {
  return (
    <>
      {!node.known ? (
        <span className="badge" title="No Node object: known only from its pods' spec.nodeName">
          not in the snapshot
        </span>
      ) : node.ready ? (
        <span className="badge good">Ready</span>
      ) : (
        <span className="badge bad">NotReady</span>
      )}{' '}
      {node.unschedulable ? <span className="badge warn">cordoned</span> : null}
    </>
  );
}

function DrainButton({ node }: { node: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="small"
      aria-label={`Simulate drain ${node}`}
      onClick={() => void navigate(drainHref(node))}
    >
      Simulate drain
    </button>
  );
}

const taintText = (t: NodeRow['taints'][number]): string =>
  `${t.key}${t.value !== undefined ? `=${t.value}` : ''}:${t.effect}`;

/**
 * The Nodes page's columns, in order. Another view of nodes (an upgrade plan, say) extends this
 * list with its own columns; `sortKey` on a column is what the page sorts by when it is chosen.
 */
export function nodeColumns(
  now: number,
  /** The what-if layer's change of a node's drainable-now answer: that cell reads before → after. */
  whatIf: (node: string) => NodeChange | undefined = () => undefined,
): NodeColumn[] {
  return [
    {
      id: 'name',
      header: 'Node',
      width: 'minmax(160px, 1.6fr)',
      sortable: true,
      sortKey: (node) => node.name,
      render: (node) => (
        <Link to={nodeHref(node.name)} title={node.name}>
          {node.name}
        </Link>
      ),
    },
    {
      id: 'state',
      header: 'State',
      width: '170px',
      sortable: true,
      sortKey: nodeStateOrder,
      render: (node) => <NodeStateBadges node={node} />,
    },
    {
      id: 'taints',
      header: 'Taints',
      width: 'minmax(120px, 1fr)',
      priority: 1,
      sortable: true,
      sortKey: (node) => node.taints.length,
      render: (node) => {
        const text = node.taints.map(taintText).join(', ');
        return (
          <span className="mono" title={text}>
            {text}
          </span>
        );
      },
    },
    {
      id: 'pods',
      header: 'Pods',
      width: '80px',
      priority: 2,
      numeric: true,
      sortable: true,
      sortKey: (node) => node.pods,
      render: (node) => (
        <Link
          to={podsHref({ node: node.name })}
          aria-label={`${formatCount(node.pods)} pods on ${node.name}`}
          title={`Pods whose spec.nodeName is ${node.name}, in the watched namespaces: open the list`}
        >
          {formatCount(node.pods)}
        </Link>
      ),
    },
    {
      id: 'budgetedPods',
      header: 'Pods under a budget',
      width: '110px',
      numeric: true,
      sortable: true,
      sortKey: (node) => node.budgetedPods,
      render: (node) => (
        <Link
          to={podsHref({ node: node.name, budgets: 'any' })}
          aria-label={`${formatCount(node.budgetedPods)} pods under a budget on ${node.name}`}
          title={`Pods on ${node.name} that at least one budget (PodDisruptionBudget or PodUnavailableBudget) selects: open the list`}
        >
          {formatCount(node.budgetedPods)}
        </Link>
      ),
    },
    {
      id: 'drainableNow',
      header: 'Drainable now',
      width: '170px',
      sortable: true,
      // Worst first when ascending: stuck, refused, not known, drainable.
      sortKey: (node) => DRAINABLE_ORDER[node.drainableNow.state],
      render: (node) => {
        const change = whatIf(node.name);
        return change ? (
          <span title={change.after.reason || undefined}>
            <BeforeAfter
              before={DRAINABLE_LABEL[change.before.state]}
              after={DRAINABLE_LABEL[change.after.state]}
            />
          </span>
        ) : (
          <span title={node.drainableNow.reason || undefined}>
            {DRAINABLE_LABEL[node.drainableNow.state]}
            {node.drainableNow.state === 'unknown' ? ' ?' : ''}
          </span>
        );
      },
    },
    {
      id: 'age',
      header: 'Age',
      width: '70px',
      priority: 3,
      sortable: true,
      // Youngest first when ascending, as kubectl's AGE column reads.
      sortKey: (node) =>
        -(node.creationTimestamp === undefined ? 0 : Date.parse(node.creationTimestamp)),
      render: (node) => age(node.creationTimestamp, now),
    },
    {
      id: 'drain',
      header: 'Drain',
      width: '130px',
      render: (node) => <DrainButton node={node.name} />,
    },
  ];
}

/** A node column with what it sorts by (absent: not sortable). */
const DRAINABLE_ORDER: Record<NodeRow['drainableNow']['state'], number> = {
  stuck: 0,
  refused: 1,
  unknown: 2,
  drainable: 3,
};
/**
 * kubectl drain --ignore-daemonsets --delete-emptydir-data, now, without waiting; not known when
 * pods it may hold are not visible.
 */
export const DRAINABLE_LABEL: Record<NodeRow['drainableNow']['state'], string> = {
  stuck: 'Stuck',
  refused: 'Refused',
  unknown: 'Not known',
  drainable: 'Drainable',
};

export interface NodeColumn extends GridColumn<NodeRow> {
  sortKey?: (node: NodeRow) => string | number;
}

/** Worst first: unknown, NotReady, cordoned, Ready. */
export function nodeStateOrder(node: NodeRow): number {
  if (!node.known) return 0;
  if (!node.ready) return 1;
  return node.unschedulable ? 2 : 3;
}
