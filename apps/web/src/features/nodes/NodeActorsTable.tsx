import type { NodeActor, NodeActorAnswer } from '@pdbscope/shared/api';

const ACTOR_NAMES: Record<NodeActor, string> = {
  'kubectl-drain': 'kubectl drain',
  'cluster-autoscaler': 'Cluster Autoscaler',
  karpenter: 'Karpenter',
  preemption: 'Preemption',
};

/** Each actor that removes pods, whether it would remove this node's pods now, and what stops it. */
export function NodeActorsTable({ actors }: { actors: readonly NodeActorAnswer[] }) {
  return (
    <table className="plain" aria-label="Actors">
      <thead>
        <tr>
          <th scope="col">Actor</th>
          <th scope="col">Removes the pods now</th>
          <th scope="col">Stopped by</th>
          <th scope="col">In its own words</th>
        </tr>
      </thead>
      <tbody>
        {actors.map((a) => (
          <tr key={a.actor}>
            <th scope="row">
              {ACTOR_NAMES[a.actor]}
              <div className="muted mono">{a.settings}</div>
            </th>
            <td>{a.removes === null ? 'not known' : a.removes ? 'yes' : 'no'}</td>
            <td>
              {a.blocking === null ? (
                <span className="muted">nothing</span>
              ) : (
                <>
                  <span className="mono">{a.blocking.pod ?? 'the node'}</span>
                  <div className="mono">{a.blocking.rule}</div>
                </>
              )}
            </td>
            <td>{a.verdict}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
