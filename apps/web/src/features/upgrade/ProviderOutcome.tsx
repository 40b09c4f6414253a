import { Link } from 'react-router';
import type { SimulateUpgradeResponse } from '@pdbscope/shared/api';
import { budgetHref } from '../../app/paths.js';
import { PodKeyLink } from '../../components/PodKeyLink.js';

type Forecast = SimulateUpgradeResponse['forecast'];
type StuckPod = NonNullable<Forecast['stall']>['pods'][number];

const minutes = (s: number): string => (s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);

/** Each pod that cannot leave, why, and the budgets that hold it. */
export function StuckPods({ pods, label }: { pods: readonly StuckPod[]; label: string }) {
  return (
    <ul aria-label={label}>
      {pods.map((p) => (
        <li key={p.pod}>
          <PodKeyLink pod={p.pod} /> ({p.reason}
          {p.httpStatus > 0 ? `, HTTP ${p.httpStatus}` : ''}): {p.explanation}{' '}
          {p.budgets.map((b) => (
            <Link key={`${b.kind}/${b.namespace}/${b.name}`} to={budgetHref(b)}>
              {`${b.namespace}/${b.name}`}{' '}
            </Link>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * The provider's answer to a drain that does not finish in time, beyond kubectl's stall: the
 * protected pods it deletes (GKE; EKS with force), the upgrade failing (EKS, AKS), or the nodes
 * AKS quarantines.
 */
export function ProviderOutcome({ forecast }: { forecast: Forecast }) {
  const { forced, failure, quarantined } = forecast;
  return (
    <>
      {forced.length > 0 ? (
        <section aria-label="Forced deletions">
          <h2>Pods deleted despite their budgets</h2>
          {forced.map((f) => (
            <div key={f.step}>
              <p className="notice bad">
                Step {f.step} ({f.nodes.join(', ')}): after {minutes(f.afterSeconds)} the provider
                deletes {f.pods.length === 1 ? 'this pod' : `these ${f.pods.length} pods`}, at{' '}
                {minutes(f.atSeconds)} into the upgrade.
              </p>
              <StuckPods pods={f.pods} label={`Pods deleted at step ${f.step}`} />
              <ul aria-label={`Budgets after step ${f.step}`}>
                {f.budgets.map((b) => (
                  <li key={`${b.budget.kind}/${b.budget.namespace}/${b.budget.name}`}>
                    <Link to={budgetHref(b.budget)}>
                      {b.budget.namespace}/{b.budget.name}
                    </Link>
                    : {b.healthy} healthy of {b.required} required
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {failure ? (
        <section aria-label="Failure">
          <h2>
            Why it fails on {failure.node} (step {failure.step})
          </h2>
          <p className="mono">
            {failure.code}: {failure.message}
          </p>
          <StuckPods pods={failure.pods} label="Pods that did not leave" />
        </section>
      ) : null}
      {quarantined.length > 0 ? (
        <section aria-label="Quarantined nodes">
          <h2>Nodes left cordoned, not upgraded</h2>
          <ul>
            {quarantined.map((q) => (
              <li key={q.node}>
                {q.node} (step {q.step}, <code>{q.label}</code>): {q.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** One sentence for the forecast's verdict. */
export function verdictText(forecast: Forecast): string {
  const { stall, failure, forced } = forecast;
  if (stall) return stall.summary;
  if (failure) return `The upgrade fails on ${failure.node}: ${failure.code}.`;
  const first = forced[0];
  if (forecast.verdict === 'forces' && first) {
    const pods = forced.reduce((n, f) => n + f.pods.length, 0);
    return `The upgrade completes only by deleting ${pods} protected pod${pods === 1 ? '' : 's'}: ${first.summary}`;
  }
  return '';
}
