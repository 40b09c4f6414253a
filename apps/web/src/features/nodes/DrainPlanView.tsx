import { PodKeyLink } from '../../components/PodKeyLink.js';
import { Link } from 'react-router';
import type { SimulateDrainResponse } from '@pdbscope/shared/api';
import type { DrainFlags } from '../../api/queries.js';
import { budgetHref } from '../../app/paths.js';
import { ObjectLink } from '../../components/ObjectLink.js';
import { BudgetStatusLine } from '../../components/BudgetStatusLine.js';
import { NotVisibleNote } from '../../components/NotVisibleNote.js';

type DrainPod = SimulateDrainResponse['rounds'][number]['evicted'][number];

const FLAG_NAMES = {
  force: '--force',
  ignoreDaemonSets: '--ignore-daemonsets',
  deleteEmptyDirData: '--delete-emptydir-data',
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function RefusedItem({ entry, verb }: { entry: DrainPod; verb: string }) {
  const by = entry.decision.decidedBy;
  return (
    <li>
      <PodKeyLink pod={entry.pod} /> {verb}
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

function headline(plan: SimulateDrainResponse): string {
  switch (plan.verdict) {
    case 'completes':
      return `Draining ${plan.node} completes in ${plural(plan.rounds.length, 'round')}.`;
    case 'refused':
      return `kubectl refuses to drain ${plan.node}: it evicts nothing and exits 1.`;
    case 'fails':
      return `Draining ${plan.node} fails: ${plural(plan.failed.length, 'eviction')} answered with an error kubectl does not retry (exit 1).`;
    case 'stuck': {
      const never = plan.blocked.filter((b) => b.outlook === 'never').length;
      return `Draining ${plan.node} gets stuck: ${plural(plan.blocked.length, 'pod')} keep answering 429 until --timeout${never > 0 ? ` (${never} can never go with the budgets as they are)` : ''}.`;
    }
    case 'unknown':
      return `Whether draining ${plan.node} completes is not known: the pods that can be seen would not stop it, but some that could are not visible.`;
  }
}

/** A drain as `kubectl drain` with these flags would run it: what stops it first, then the rounds. */
export function DrainPlanView({
  plan,
  onFlags,
}: {
  plan: SimulateDrainResponse;
  onFlags: (next: DrainFlags) => void;
}) {
  return (
    <>
      <p
        className={`notice ${plan.complete ? 'good' : plan.verdict === 'unknown' ? 'warn' : 'bad'}`}
      >
        {headline(plan)}
      </p>
      <NotVisibleNote texts={plan.notVisible} lead="Not visible to this plan" />
      <p className="muted">
        As <code>{plan.kubectl}</code>
        {plan.schedulingChecked
          ? null
          : ' — no Node objects are known: replacements are assumed to fit on the other nodes.'}
      </p>
      {plan.refusals.length > 0 ? (
        <section aria-label="Refused by kubectl">
          <h2>Refused before any eviction</h2>
          <ul>
            {plan.refusals.map((r) => (
              <li key={r.message}>
                <code>error: {r.message}</code>
                {r.flag === null ? null : (
                  <>
                    {' '}
                    <button
                      type="button"
                      onClick={() => onFlags({ ...plan.options, [r.flag as string]: true })}
                    >
                      Plan with {FLAG_NAMES[r.flag]}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.warnings.map((w) => (
        <p key={w} className="muted">
          <code>Warning: {w}</code>
        </p>
      ))}
      {plan.blocked.length > 0 ? (
        <section aria-label="Blocked">
          <h2>Blocked</h2>
          <ul>
            {plan.blocked.map((b) => (
              <li key={b.pod}>
                <PodKeyLink pod={b.pod} />:{' '}
                <strong>
                  {b.outlook === 'never'
                    ? 'can never go with the budgets as they are'
                    : `blocked until ${b.waitsFor.length > 0 ? b.waitsFor.join(', ') : 'the controller syncs'}`}
                </strong>
                {b.budget === null ? null : (
                  <>
                    {' '}
                    (<ObjectLink object={b.budget} />)
                  </>
                )}
                . {b.explanation}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.failed.length > 0 ? (
        <section aria-label="Failed">
          <h2>Failed, not retried</h2>
          <ul>
            {plan.failed.map((f) => (
              <li key={f.pod}>
                <code>{f.message}</code> — {f.explanation}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.pending.length > 0 ? (
        <section aria-label="Pending replacements">
          <h2>Replacements that stay Pending</h2>
          <ul>
            {plan.pending.map((p) => (
              <li key={p.replacement}>
                <span className="mono">{p.replacement}</span> (replacing{' '}
                <PodKeyLink pod={p.replaces} />
                ): <q>{p.reason}</q>
                {p.blocks.length > 0 ? ` It keeps ${p.blocks.join(', ')} blocked.` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="rounds" aria-label="Rounds">
        {plan.rounds.map((round) => (
          <div key={round.index} className="card" style={{ marginBottom: 8 }}>
            <h3>Round {round.index}</h3>
            {round.evicted.length > 0 ? (
              <>
                <span>Evicted ({round.evicted.length}):</span>
                <ul>
                  {round.evicted.map((entry) => (
                    <li key={entry.pod}>
                      <PodKeyLink pod={entry.pod} /> goes (HTTP {entry.decision.httpStatus})
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted">No pod can go in this round.</p>
            )}
            {round.failed.length > 0 ? (
              <>
                <span>Failed ({round.failed.length}):</span>
                <ul>
                  {round.failed.map((entry) => (
                    <RefusedItem key={entry.pod} entry={entry} verb="fails" />
                  ))}
                </ul>
              </>
            ) : null}
            {round.blocked.length > 0 ? (
              <>
                <span>Blocked ({round.blocked.length}), retried after 5 s:</span>
                <ul>
                  {round.blocked.map((entry) => (
                    <RefusedItem key={entry.pod} entry={entry} verb="blocked" />
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
