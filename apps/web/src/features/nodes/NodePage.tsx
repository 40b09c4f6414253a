import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { drainQuery, nodeQuery } from '../../api/queries.js';
import { drainFlagsOf, drainHref } from '../../app/paths.js';
import { describeError } from '../../api/errors.js';
import { ErrorNotice, Loading } from '../../components/StateView.js';
import { useNow } from '../../components/time.js';
import { DrainOptionsForm } from './DrainOptionsForm.js';
import { DrainPlanView } from './DrainPlanView.js';
import { AsOf } from '../../components/AsOf.js';
import { NodeDetailView } from './NodeDetailView.js';
import { StaleMark } from '../../components/StaleMark.js';
import { nodeNumbersOf } from '../../components/staleness.js';

/** A node and what runs on it; at /nodes/:name/drain also the plan of draining it. */
export function NodePage({ drain }: { drain: boolean }) {
  const name = useParams()['name'] ?? '';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flags = drainFlagsOf(params);
  const plan = useQuery({ ...drainQuery(name, flags), enabled: drain });
  const setFlags = (next: typeof flags) => void navigate(drainHref(name, next), { replace: true });
  const detail = useQuery(nodeQuery(name));
  const now = useNow(30_000);
  return (
    <>
      <nav aria-label="Breadcrumb" className="muted">
        <Link to="/nodes">Nodes</Link> / {name}
      </nav>
      <div className="page-head">
        <h1>Node {name}</h1>
        <StaleMark numbers={nodeNumbersOf(detail.data?.pods.map((row) => row.pod))} />
      </div>
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          aria-label={`Simulate drain ${name}`}
          onClick={() => (drain ? void plan.refetch() : void navigate(drainHref(name, flags)))}
        >
          Simulate drain
        </button>
        <span className="muted">
          Nothing is evicted: the plan is computed on a copy of the cluster.
        </span>
      </div>
      {drain ? <DrainOptionsForm flags={flags} onChange={setFlags} /> : null}
      <section role="status" aria-label="Drain plan" aria-live="polite">
        {drain && plan.isFetching ? <p className="muted">Planning the drain of {name}…</p> : null}
        {drain && plan.isError ? (
          <p className="notice bad">Could not plan the drain. {describeError(plan.error)}</p>
        ) : null}
        {drain && plan.data && !plan.isFetching ? (
          <>
            <AsOf
              asOf={plan.data.asOf}
              what="Drain plan"
              again="Plan again"
              onAgain={() => void plan.refetch()}
            />
            <DrainPlanView plan={plan.data} onFlags={setFlags} />
          </>
        ) : null}
      </section>
      {detail.isPending ? <Loading what={`node ${name}`} retrying={detail.failureReason} /> : null}
      {detail.isError ? <ErrorNotice error={detail.error} what={`node ${name}`} /> : null}
      {detail.data ? <NodeDetailView detail={detail.data} now={now} /> : null}
    </>
  );
}
