import { useQuery } from '@tanstack/react-query';
import type { FleetBudget } from '@pdbscope/shared/api';
import { Link, useParams } from 'react-router';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { formatCount } from '../../components/numbers.js';
import { age, useNow } from '../../components/time.js';
import { FleetProblems } from './FleetProblems.js';
import { fleetBudgetsQuery } from './fleet-queries.js';
import './fleet.css';

const figure = (value: number | null) =>
  value === null ? (
    <span className="muted" title="no sample of this series">
      —
    </span>
  ) : (
    formatCount(value)
  );

function BudgetRowView({ budget, now }: { budget: FleetBudget; now: number }) {
  return (
    <tr>
      <td>{budget.namespace}</td>
      <td>{budget.name}</td>
      <td>{budget.kind}</td>
      <td className="num">{figure(budget.expectedPods)}</td>
      <td className="num">{figure(budget.desiredHealthy)}</td>
      <td className="num">{figure(budget.currentHealthy)}</td>
      <td className="num">{figure(budget.disruptionsAllowed)}</td>
      <td>
        {budget.blocking === null ? (
          figure(null)
        ) : budget.blocking ? (
          <span className="badge bad">blocking</span>
        ) : (
          <span className="muted">no</span>
        )}
      </td>
      <td title={budget.blockingSince ?? undefined}>
        {budget.blockingSince === null ? '' : age(budget.blockingSince, now)}
      </td>
    </tr>
  );
}

/** A cluster without a known pdbscope URL: its budgets from its pdbscope_budget_* series. */
export function FleetClusterPage() {
  const cluster = useParams().cluster ?? '';
  const budgets = useQuery(fleetBudgetsQuery(cluster));
  const now = useNow(30_000);
  const data = budgets.data;
  return (
    <>
      <p>
        <Link to="/fleet">← Fleet</Link>
      </p>
      <h1>{cluster}: budgets in Prometheus</h1>
      {data ? (
        <p className="muted">
          From the <code>pdbscope_budget_*</code> series in <code>{data.prometheus}</code>, as of{' '}
          {new Date(data.at).toLocaleTimeString()}; the cluster&apos;s own pdbscope shows their pods
          and why.
        </p>
      ) : null}
      {budgets.isPending ? <Loading what="the budgets" retrying={budgets.failureReason} /> : null}
      {budgets.isError ? <ErrorNotice error={budgets.error} what="the budgets" /> : null}
      {data ? (
        <>
          <FleetProblems errors={data.errors} warnings={data.warnings} />
          {data.budgets.length === 0 ? (
            <Empty>Prometheus has no budget series of {cluster} now.</Empty>
          ) : (
            <table className="plain" aria-label="Budgets">
              <thead>
                <tr>
                  <th scope="col">Namespace</th>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="num">
                    Expected
                  </th>
                  <th scope="col" className="num">
                    Desired healthy
                  </th>
                  <th scope="col" className="num">
                    Current healthy
                  </th>
                  <th scope="col" className="num">
                    Allowed
                  </th>
                  <th scope="col">Blocking</th>
                  <th scope="col">Since</th>
                </tr>
              </thead>
              <tbody>
                {data.budgets.map((b) => (
                  <BudgetRowView key={`${b.kind}/${b.namespace}/${b.name}`} budget={b} now={now} />
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </>
  );
}
