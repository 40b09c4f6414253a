import { PodKeyLink } from './PodKeyLink.js';
import { Link } from 'react-router';
import type { BudgetStatusAfter, EvictionDecision } from '@pdbscope/shared/api';
import { budgetHref } from '../app/paths.js';
import { BudgetStatusLine } from './BudgetStatusLine.js';
import { policySentence } from './rule-words.js';

/** The status line and the engine's rule, e.g. "Refused: 500, more than one PodDisruptionBudget". */
function verdict(decision: EvictionDecision): string {
  return `${decision.allowed ? 'Allowed' : 'Refused'}: ${decision.httpStatus}, ${decision.summary}`;
}

/** Our explanations may lack a full stop; the line goes on with another sentence. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

interface DecisionViewProps {
  decision: EvictionDecision;
  /** The affected budgets after this step, when the simulation reports them. */
  after?: readonly BudgetStatusAfter[];
}

/** The eviction API's answer for one pod: the server's own message and causes first, our explanation after. */
export function DecisionView({ decision, after }: DecisionViewProps) {
  // Where KEP-3017's policy decided, its rule in a sentence before the engine's explanation.
  const policy = policySentence(decision.rule);
  return (
    <div className={`notice ${decision.allowed ? 'good' : 'bad'}`}>
      <strong>
        {verdict(decision)} for <PodKeyLink pod={decision.pod} mono={false} />
      </strong>
      <p>
        API server: {decision.message === '' ? 'no message' : <q>{decision.message}</q>} (HTTP{' '}
        {decision.httpStatus}
        {/* The Status body's code is the status line's; said only where it is not. */}
        {decision.code === decision.httpStatus ? '' : `, Status code ${decision.code}`}
        {decision.retryAfterSeconds === undefined
          ? ''
          : `, retry after ${decision.retryAfterSeconds} s`}
        )
      </p>
      {decision.causes.length > 0 ? (
        <ul>
          {decision.causes.map((cause) => (
            <li key={`${cause.reason}:${cause.message}`}>
              Cause {cause.reason}: <q>{cause.message}</q>
            </li>
          ))}
        </ul>
      ) : null}
      {policy === undefined ? null : <p className="policy-note">{sentence(policy)}</p>}
      <p className="muted">
        Why: {sentence(decision.explanation)}
        {decision.decidedBy === null ? null : (
          <>
            {' '}
            Decided by{' '}
            <Link
              to={budgetHref(decision.decidedBy)}
            >{`${decision.decidedBy.namespace}/${decision.decidedBy.name}`}</Link>
            .
          </>
        )}
      </p>
      {after !== undefined && after.length > 0 ? (
        <>
          <span>Budgets after this eviction:</span>
          <ul>
            {after.map((entry) => (
              <BudgetStatusLine
                key={`${entry.ref.kind}/${entry.ref.namespace}/${entry.ref.name}`}
                after={entry}
              />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
