import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { nodesQuery } from '../../api/queries.js';
import { drainHref, nodeHref } from '../../app/paths.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { age, useNow } from '../../components/time.js';

export function NodesPage() {
  const nodes = useQuery(nodesQuery());
  const navigate = useNavigate();
  const now = useNow(30_000);
  return (
    <>
      <h1>Nodes</h1>
      {nodes.isPending ? <Loading what="nodes" retrying={nodes.failureReason} /> : null}
      {nodes.isError ? <ErrorNotice error={nodes.error} what="the nodes" /> : null}
      {nodes.data && nodes.data.items.length === 0 ? (
        <Empty>The cluster reports no nodes.</Empty>
      ) : null}
      {nodes.data && nodes.data.items.length > 0 ? (
        <table className="plain">
          <thead>
            <tr>
              <th scope="col">Node</th>
              <th scope="col">State</th>
              <th scope="col" className="num">
                Pods
              </th>
              <th scope="col" className="num">
                Pods under a budget
              </th>
              <th scope="col">Age</th>
              <th scope="col">Drain</th>
            </tr>
          </thead>
          <tbody>
            {nodes.data.items.map((node) => (
              <tr key={node.name}>
                <td>
                  <Link to={nodeHref(node.name)}>{node.name}</Link>
                </td>
                <td>
                  {!node.known ? (
                    <span
                      className="badge"
                      title="No Node object: known only from its pods' spec.nodeName"
                    >
                      not in the snapshot
                    </span>
                  ) : node.ready ? (
                    <span className="badge good">Ready</span>
                  ) : (
                    <span className="badge bad">NotReady</span>
                  )}{' '}
                  {node.unschedulable ? <span className="badge warn">cordoned</span> : null}
                </td>
                <td className="num">{node.pods}</td>
                <td className="num">{node.budgetedPods}</td>
                <td>{age(node.creationTimestamp, now)}</td>
                <td>
                  <button
                    type="button"
                    className="small"
                    aria-label={`Simulate drain ${node.name}`}
                    onClick={() => void navigate(drainHref(node.name))}
                  >
                    Simulate drain
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
