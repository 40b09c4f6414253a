import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PodKeySchema } from '@pdbscope/shared/api';
import { evictionsQuery } from '../../api/queries.js';
import { simulateHref } from '../../app/paths.js';
import { describeError } from '../../api/errors.js';
import { DecisionView } from '../../components/DecisionView.js';
import { AsOf } from '../../components/AsOf.js';
import { PreemptionSimulation } from './PreemptionSimulation.js';

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
  const allowed = result.data?.steps.filter((step) => step.decision.allowed).length ?? 0;
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
      <div role="status" aria-label="Eviction decision" aria-live="polite">
        {pods.length === 0 ? <p className="muted">No pods chosen yet.</p> : null}
        {result.isFetching ? <p className="muted">Simulating {pods.length} evictions…</p> : null}
        {result.isError ? (
          <p className="notice bad">Could not simulate. {describeError(result.error)}</p>
        ) : null}
        {result.data && !result.isFetching ? (
          <>
            <AsOf
              asOf={result.data.asOf}
              what="Simulation"
              again="Simulate again"
              onAgain={() => void result.refetch()}
            />
            <p>
              {allowed} of {result.data.steps.length} evictions would be allowed.
            </p>
            <ol>
              {result.data.steps.map((step, index) => (
                <li key={`${index}:${step.pod}`}>
                  <DecisionView decision={step.decision} after={step.budgets} />
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
      <PreemptionSimulation />
      <p>
        <Link to="/">Back to budgets</Link>
      </p>
    </>
  );
}
