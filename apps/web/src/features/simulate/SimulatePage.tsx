import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PodKeySchema } from '@pdbscope/shared/api';
import { evictionsQuery } from '../../api/queries.js';
import { simulateHref } from '../../app/paths.js';
import { DecisionView } from '../../components/DecisionView.js';
import { PreemptionSimulation } from './PreemptionSimulation.js';
import { SimulationStatus } from './SimulationStatus.js';

/** Pods evicted in sequence, each seeing the budget the ones before it used up. The pods are in the URL. */
export function SimulatePage() {
  const [params] = useSearchParams();
  const pods = params.getAll('pod').filter((pod) => PodKeySchema.safeParse(pod).success);
  const result = useQuery(evictionsQuery(pods));
  const navigate = useNavigate();
  const [draft, setDraft] = useState(pods.join('\n'));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = draft
      .split(/[\s,]+/)
      .map((pod) => pod.trim())
      .filter((pod) => pod !== '');
    void navigate(simulateHref(next));
  };
  return (
    <>
      <h1>Simulate evictions in sequence</h1>
      <p className="muted">
        Nothing is evicted. Each accepted eviction uses up budget for the pods after it, as the
        eviction API would. Select pods on a budget&apos;s page, or list them here as
        namespace/name.
      </p>
      <form onSubmit={submit} className="toolbar">
        <label>
          Pods
          <textarea
            rows={3}
            cols={60}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="default/web-0 default/web-1"
          />
        </label>
        <button type="submit" className="primary">
          Simulate in sequence
        </button>
      </form>
      <SimulationStatus
        label="Eviction decision"
        what="Simulation"
        result={result}
        busy={`Simulating ${pods.length} evictions…`}
        idle={pods.length === 0 ? <p className="muted">No pods chosen yet.</p> : null}
      >
        {(answer) => (
          <>
            <p>
              {answer.steps.filter((step) => step.decision.allowed).length} of {answer.steps.length}{' '}
              evictions would be allowed.
            </p>
            <ol>
              {answer.steps.map((step, index) => (
                <li key={`${index}:${step.pod}`}>
                  <DecisionView decision={step.decision} after={step.budgets} />
                </li>
              ))}
            </ol>
          </>
        )}
      </SimulationStatus>
      <PreemptionSimulation />
      <p>
        <Link to="/">Back to budgets</Link>
      </p>
    </>
  );
}
