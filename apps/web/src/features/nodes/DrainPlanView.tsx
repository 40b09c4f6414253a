import { Link } from 'react-router';
import type { SimulateDrainResponse } from '@pdbscope/shared/api';
import { budgetHref, podHref } from '../../app/paths.js';
import { ObjectLink } from '../../components/ObjectLink.js';
import { BudgetStatusLine } from '../simulate/BudgetStatusLine.js';

type DrainPod = SimulateDrainResponse['rounds'][number]['evicted'][number];

function PodKeyLink({ pod }: { pod: string }) {
  const [namespace = '', name = ''] = pod.split('/');
  return (
    <Link to={podHref({ namespace, name })} className="mono">
      {pod}
    </Link>
  );
}

function BlockedItem({ entry }: { entry: DrainPod }) {
  const by = entry.decision.decidedBy;
  return (
    <li>
      <PodKeyLink pod={entry.pod} /> blocked
      {by === null ? null : (
        <>
          {' '}
          by <Link to={budgetHref(by)}>{`${by.namespace}/${by.name}`}</Link>
        </>
      )}
      : <q>{entry.decision.message}</q> (HTTP {entry.decision.httpStatus})
    </li>
  );
}

/** A drain as `kubectl drain` would run it: rounds of evictions, each using up budget for the next. */
export function DrainPlanView({ plan }: { plan: SimulateDrainResponse }) {
  return (
    <>
      <p className={`notice ${plan.complete ? 'good' : 'bad'}`}>
        {plan.complete
          ? `Draining ${plan.node} would complete in ${plan.rounds.length} round${plan.rounds.length === 1 ? '' : 's'}.`
          : `Draining ${plan.node} would not complete: ${plan.neverEvictable.length} pod${plan.neverEvictable.length === 1 ? '' : 's'} can never be evicted with the budgets as they are.`}
      </p>
      <section className="rounds" aria-label="Rounds">
        {plan.rounds.map((round, position) => (
          <div key={round.index} className="card" style={{ marginBottom: 8 }}>
            <h3>Round {position + 1}</h3>
            {round.evicted.length > 0 ? (
              <>
                <span>Evicted ({round.evicted.length}):</span>
                <ul>
                  {round.evicted.map((entry) => (
                    <li key={entry.pod}>
                      <PodKeyLink pod={entry.pod} /> goes (HTTP {entry.decision.httpStatus})
                      {entry.decision.message === '' ? null : (
                        <>
                          : <q>{entry.decision.message}</q>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted">No pod can go in this round.</p>
            )}
            {round.blocked.length > 0 ? (
              <>
                <span>Blocked ({round.blocked.length}):</span>
                <ul>
                  {round.blocked.map((entry) => (
                    <BlockedItem key={entry.pod} entry={entry} />
                  ))}
                </ul>
              </>
            ) : null}
            {round.waitsFor.length > 0 ? (
              <p className="muted">Then waits for: {round.waitsFor.join('; ')}</p>
            ) : null}
          </div>
        ))}
      </section>
      <h2>Can never go</h2>
      {plan.neverEvictable.length === 0 ? (
        <p className="muted">Every pod on this node can be evicted eventually.</p>
      ) : (
        <ul>
          {plan.neverEvictable.map((entry) => (
            <li key={entry.pod}>
              <PodKeyLink pod={entry.pod} />: {entry.reason}
              {entry.budget === null ? null : (
                <>
                  {' '}
                  (<ObjectLink object={entry.budget} />)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2>Not evicted by a drain</h2>
      {plan.skipped.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {plan.skipped.map((entry) => (
            <li key={entry.pod}>
              <PodKeyLink pod={entry.pod} />: {entry.reason}
            </li>
          ))}
        </ul>
      )}
      <h2>Budgets after the drain</h2>
      {plan.budgetsAfter.length === 0 ? (
        <p className="muted">No budget is affected.</p>
      ) : (
        <ul>
          {plan.budgetsAfter.map((after) => (
            <BudgetStatusLine
              key={`${after.ref.kind}/${after.ref.namespace}/${after.ref.name}`}
              after={after}
            />
          ))}
        </ul>
      )}
    </>
  );
}
