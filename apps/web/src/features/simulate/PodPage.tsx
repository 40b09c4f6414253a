import { NotVisibleNote } from '../../components/NotVisibleNote.js';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { clusterQuery, podQuery } from '../../api/queries.js';
import { budgetHref, nodeHref, podsHref } from '../../app/paths.js';
import { LabelList } from '../../components/LabelList.js';
import { ErrorNotice, Loading } from '../../components/StateView.js';
import { shortKind } from '../../components/budget-numbers.js';
import { DecisionRegion } from '../../components/DecisionRegion.js';
import { DecisionView } from '../../components/DecisionView.js';
import { SimulateButton } from '../../components/SimulateButton.js';
import { VerifyPanel } from '../../components/VerifyPanel.js';
import { useSimulateEviction } from '../../api/use-simulate-eviction.js';

/** One pod: its budgets, and what evicting it would answer now. */
export function PodPage() {
  const params = useParams();
  const namespace = params['namespace'] ?? '';
  const name = params['name'] ?? '';
  const pod = useQuery(podQuery(namespace, name));
  const cluster = useQuery(clusterQuery());
  const simulate = useSimulateEviction();
  const key = `${namespace}/${name}`;
  return (
    <>
      <h1>Pod {key}</h1>
      {pod.isPending ? <Loading what={`pod ${key}`} retrying={pod.failureReason} /> : null}
      {pod.isError ? <ErrorNotice error={pod.error} what={`pod ${key}`} /> : null}
      {pod.data ? (
        <>
          <p>
            Phase {pod.data.pod.phase || 'unknown'} · {pod.data.pod.ready ? 'Ready' : 'not Ready'}
            {pod.data.pod.waitingReason === undefined ? '' : ` (${pod.data.pod.waitingReason})`} ·
            node{' '}
            {pod.data.pod.nodeName === undefined ? (
              'none'
            ) : (
              <Link to={nodeHref(pod.data.pod.nodeName)}>{pod.data.pod.nodeName}</Link>
            )}{' '}
            · owner{' '}
            {pod.data.pod.owner === undefined
              ? 'none (bare pod)'
              : `${pod.data.pod.owner.kind}/${pod.data.pod.owner.name}`}
          </p>
          <h2>Labels</h2>
          <LabelList
            labels={pod.data.pod.labels}
            label="Labels"
            empty="No labels: no budget's selector can pick this pod."
            href={(key, value) =>
              podsHref({ namespace: pod.data.pod.namespace, labels: `${key}=${value}` })
            }
          />
          {pod.data.pod.annotations === undefined ? null : (
            <>
              <h2>Annotations read by a rule</h2>
              <LabelList labels={pod.data.pod.annotations} label="Annotations" empty="None." />
            </>
          )}
          <h2>Budgets covering this pod</h2>
          {pod.data.budgets.length === 0 ? (
            <p className="muted">
              No budget selects this pod: its eviction is not checked against any budget.
            </p>
          ) : (
            <ul>
              {pod.data.budgets.map((budget) => (
                <li key={`${budget.kind}/${budget.namespace}/${budget.name}`}>
                  <Link to={budgetHref(budget)}>
                    {shortKind(budget.kind)} {budget.namespace}/{budget.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h2>Eviction</h2>
          <p>If this pod were evicted now:</p>
          <NotVisibleNote texts={pod.data.notVisible} />
          <DecisionView decision={pod.data.eviction} />
          <div className="toolbar">
            <SimulateButton
              pod={pod.data.pod}
              onSimulate={(podKey) => simulate.mutate(podKey)}
              busy={simulate.isPending}
            />
            {cluster.data?.verifyEnabled === true ? <VerifyPanel pod={key} /> : null}
          </div>
          <DecisionRegion
            pending={simulate.isPending ? key : undefined}
            step={simulate.data}
            error={simulate.error}
          />
        </>
      ) : null}
    </>
  );
}
