import { Link } from 'react-router';
import type { SimulatePreemptionResponse } from '@pdbscope/shared/api';
import { budgetHref, nodeHref, podHref } from '../../app/paths.js';

/** A PodDisruptionBudget written `namespace/name`, as a link to its page. */
function BudgetLink({ pdb }: { pdb: string }) {
  const cut = pdb.indexOf('/');
  const ref = {
    kind: 'PodDisruptionBudget',
    namespace: pdb.slice(0, cut),
    name: pdb.slice(cut + 1),
  };
  return <Link to={budgetHref(ref)}>{pdb}</Link>;
}

function podSentence(pod: SimulatePreemptionResponse['pod'], nodes: number): string {
  const size = [
    pod.requests.cpu !== undefined ? `cpu ${pod.requests.cpu}` : undefined,
    pod.requests.memory !== undefined ? `memory ${pod.requests.memory}` : undefined,
  ].filter((s) => s !== undefined);
  const selector = Object.entries(pod.nodeSelector).map(([k, v]) => `${k}=${v}`);
  return [
    `A pending pod of priority ${pod.priority}`,
    pod.priorityClassName !== undefined ? ` (PriorityClass ${pod.priorityClassName})` : '',
    pod.namespace !== undefined ? ` in namespace ${pod.namespace}` : '',
    size.length > 0 ? `, requesting ${size.join(' and ')}` : ', requesting nothing',
    selector.length > 0 ? `, nodeSelector ${selector.join(',')}` : '',
    `, preemptionPolicy ${pod.preemptionPolicy}, on ${nodes} node(s).`,
  ].join('');
}

/** The scheduler's decision: the nominated node, its victims, the budgets they break, the rest. */
export function PreemptionAnswer({ answer }: { answer: SimulatePreemptionResponse }) {
  const others = answer.candidates.slice(1);
  return (
    <>
      <p>{podSentence(answer.pod, answer.nodes)}</p>
      {answer.fits.length > 0 ? (
        <p>
          It fits as it is on {answer.fits.length} node(s) ({answer.fits.join(', ')}): it is bound
          there and nobody is preempted.
        </p>
      ) : null}
      {answer.chosenNode === null && answer.fits.length === 0 ? (
        <p>
          kube-scheduler preempts nobody
          {answer.message !== '' ? (
            <>
              : <span className="mono">{answer.message}</span>
            </>
          ) : null}
          .
        </p>
      ) : null}
      {answer.chosenNode !== null ? (
        <>
          <p>
            Nominated node: <Link to={nodeHref(answer.chosenNode)}>{answer.chosenNode}</Link>.
            kube-scheduler deletes {answer.victims.length} pod(s) there:
          </p>
          <ul aria-label="Victims">
            {answer.victims.map((v) => (
              <li key={`${v.namespace}/${v.name}`}>
                <Link to={podHref(v)}>
                  {v.namespace}/{v.name}
                </Link>{' '}
                <span className="muted">priority {v.priority}</span>
                {v.violates !== undefined ? (
                  <>
                    {' '}
                    violates PodDisruptionBudget <BudgetLink pdb={v.violates} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {answer.violatedPdbs.length > 0 ? (
            <div className="notice bad">
              PodDisruptionBudgets violated:
              <ul aria-label="PodDisruptionBudgets violated">
                {answer.violatedPdbs.map((pdb) => (
                  <li key={pdb}>
                    <BudgetLink pdb={pdb} />
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p>No PodDisruptionBudget is violated.</p>
          )}
        </>
      ) : null}
      {others.length > 0 ? (
        <table className="plain" aria-label="Other candidates">
          <caption>Other candidates, best first</caption>
          <thead>
            <tr>
              <th scope="col">Node</th>
              <th scope="col">Victims</th>
              <th scope="col">PDB violations</th>
              <th scope="col">Highest victim priority</th>
              <th scope="col">Why it lost</th>
            </tr>
          </thead>
          <tbody>
            {others.map((c) => (
              <tr key={c.node}>
                <th scope="row">
                  <Link to={nodeHref(c.node)}>{c.node}</Link>
                </th>
                <td>{c.victims.length}</td>
                <td>{c.numPdbViolations}</td>
                <td>{c.highestVictimPriority}</td>
                <td>{c.lostBecause ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {answer.notCandidates.length > 0 ? (
        <>
          <p>Not candidates:</p>
          <ul aria-label="Not candidates">
            {answer.notCandidates.map((r) => (
              <li key={r.reason}>
                {r.nodes} node(s): {r.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
