import { Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BudgetKindSchema, type BudgetDetailResponse, type BudgetRef } from '@pdbscope/shared/api';
import { budgetDetailQuery, clusterQuery } from '../../api/queries.js';
import { simulateHref, whatIfHref } from '../../app/paths.js';
import { useWhatIf } from '../../components/what-if/use-what-if.js';
import { WhatIfFiguresTable } from '../../components/what-if/BeforeAfter.js';
import { ErrorNotice, Loading } from '../../components/StateView.js';
import { AllowedCell } from '../../components/AllowedCell.js';
import { FlagBadges } from '../../components/FlagBadges.js';
import {
  budgetNumbers,
  budgetRule,
  evictionPolicy,
  healthOf,
} from '../../components/budget-numbers.js';
import { DecisionRegion } from '../../components/DecisionRegion.js';
import { VerifyPanel } from '../../components/VerifyPanel.js';
import { useSimulateEviction } from '../../api/use-simulate-eviction.js';
import { Lanes } from './Lanes.js';
import { checkLanes } from '../../api/detail-parser.js';
import { useCheckAfterPaint } from '../../api/first-paint.js';
import { CheckNotice } from '../../components/CheckNotice.js';
import { BlockingNotice, PubProtects, UnhealthyPolicyNote } from './BudgetWords.js';
import { Figure } from '../../components/Figure.js';
import { budgetFigure, howComputed } from '../../components/figure-words.js';
import { HealthBar } from '../../components/HealthBar.js';
import { StaleMark } from '../../components/StaleMark.js';
import { budgetNumbersOf } from '../../components/staleness.js';
import { lazyComponent } from '../../app/lazy-component.js';

// Its own chunk, fetched when the lanes are first drawn (above its fallback): a first open draws
// the pods without waiting for, or spending time on, the history chart, events and the rest.
const BelowTheLanes = lazyComponent(() =>
  import('./BelowTheLanes.js').then((module) => module.BelowTheLanes),
);

function useBudgetRef(): BudgetRef | undefined {
  const params = useParams();
  const kind = BudgetKindSchema.safeParse(params['kind']);
  if (!kind.success || params['namespace'] === undefined || params['name'] === undefined)
    return undefined;
  return { kind: kind.data, namespace: params['namespace'], name: params['name'] };
}

function Heading({ detail }: { detail: BudgetDetailResponse }) {
  const row = detail.budget;
  const numbers = budgetNumbers(row);
  return (
    <>
      <div className="page-head">
        <h1>
          {row.kind} {row.namespace}/{row.name}
        </h1>
        <StaleMark numbers={budgetNumbersOf(row)} />
      </div>
      <p>
        <span className="mono">{row.apiVersion}</span> · selector{' '}
        <span className="mono">{row.selectorText}</span> · {budgetRule(row)}
        {row.kind === 'PodDisruptionBudget'
          ? ` · unhealthy pod eviction ${evictionPolicy(row)}`
          : ''}{' '}
        · {row.kind === 'PodDisruptionBudget' ? 'allowed disruptions' : 'unavailable allowed'}{' '}
        <AllowedCell
          allowed={numbers.allowed}
          blockingReason={row.flags.blockingReason}
          how={howComputed(row, 'allowed')}
        />{' '}
        · current <Figure {...budgetFigure(row, 'current')} /> of desired{' '}
        <Figure {...budgetFigure(row, 'desired')} />,{' '}
        {row.kind === 'PodDisruptionBudget' ? 'expected' : 'total replicas'}{' '}
        <Figure {...budgetFigure(row, 'expected')} />{' '}
        <FlagBadges flags={row.flags} notVisible={row.notVisible} />
      </p>
      {row.kind === 'PodDisruptionBudget' ? (
        <UnhealthyPolicyNote row={row} />
      ) : (
        <PubProtects row={row} />
      )}
      <p className="budget-head">
        <HealthBar numbers={healthOf(row)} />
      </p>
      <BlockingNotice detail={detail} />
      <WhatIfOfBudget budget={row} />
    </>
  );
}

/** The "What if…" entry, and the figures the what-if layer changes, before → after. */
function WhatIfOfBudget({ budget }: { budget: BudgetDetailResponse['budget'] }) {
  const whatIf = useWhatIf();
  const change = whatIf.budget(budget);
  return (
    <>
      <p className="toolbar">
        <Link className="button" to={whatIfHref({ budget })}>
          What if…
        </Link>
        <span className="muted">
          Edit its spec or its workloads&apos; replicas and see the cluster with the change (nothing
          is written to the cluster).
        </span>
      </p>
      {change ? (
        <section className="what-if-change-block" aria-label="This budget with the what-if">
          <h2>With the what-if layer</h2>
          {change.syncPending ? (
            <p className="muted">
              Once its controller has synced the new spec; until then the API server refuses every
              eviction of its pods (429).
            </p>
          ) : null}
          <WhatIfFiguresTable change={change} />
        </section>
      ) : null}
    </>
  );
}

function Detail({ detail }: { detail: BudgetDetailResponse }) {
  const simulate = useSimulateEviction();
  const cluster = useQuery(clusterQuery());
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Stable, so a pod's item (memo) draws again only when its own selection changes.
  const toggle = useCallback(
    (pod: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(pod)) next.delete(pod);
        else next.add(pod);
        return next;
      }),
    [],
  );
  const podsHidden = detail.budget.notVisible?.pods ?? null;
  // The lanes' pods checked against the API's schema once they are on screen (detail-parser.ts).
  const lanesError = useCheckAfterPaint(detail.lanes, checkLanes);
  return (
    <>
      <Heading detail={detail} />
      <CheckNotice error={lanesError} what="pods" />
      <h2>Pods</h2>
      {podsHidden !== null ? (
        // In place of the lanes: no pod is known, and an empty lane would read as none.
        <section aria-label="Pods not visible" className="notice warn" role="note">
          <p>
            {podsHidden}. The figures above are the status the cluster reports; nothing is
            recomputed, and no finding is drawn from pods that cannot be seen.
          </p>
        </section>
      ) : (
        <PodLanes
          detail={detail}
          selected={selected}
          toggle={toggle}
          simulate={simulate}
          verify={cluster.data?.verifyEnabled === true}
          onSimulateSelected={() => void navigate(simulateHref([...selected]))}
        />
      )}
      <Suspense fallback={<Loading what="the budget's history, events and status" />}>
        <BelowTheLanes detail={detail} />
      </Suspense>
    </>
  );
}

/** The pods in their lanes, with the simulations they start. */
function PodLanes({
  detail,
  selected,
  toggle,
  simulate,
  verify,
  onSimulateSelected,
}: {
  detail: BudgetDetailResponse;
  selected: ReadonlySet<string>;
  toggle: (pod: string) => void;
  simulate: ReturnType<typeof useSimulateEviction>;
  verify: boolean;
  onSimulateSelected: () => void;
}) {
  const lastPod = simulate.variables;
  const { mutate } = simulate;
  const onSimulate = useCallback((pod: string) => mutate(pod), [mutate]);
  return (
    <>
      <div className="toolbar">
        <button type="button" disabled={selected.size === 0} onClick={onSimulateSelected}>
          Simulate selected in sequence ({selected.size})
        </button>
        {verify && lastPod !== undefined ? <VerifyPanel pod={lastPod} /> : null}
      </div>
      <DecisionRegion
        pending={simulate.isPending ? lastPod : undefined}
        step={simulate.data}
        error={simulate.error}
      />
      <Lanes
        lanes={detail.lanes}
        selected={selected}
        onToggle={toggle}
        onSimulate={onSimulate}
        busy={simulate.isPending}
      />
    </>
  );
}

export function BudgetDetailPage() {
  const ref = useBudgetRef();
  const detail = useQuery({
    ...budgetDetailQuery(ref ?? { kind: 'PodDisruptionBudget', namespace: '', name: '' }),
    enabled: ref !== undefined,
  });
  if (ref === undefined) {
    return (
      <div role="alert" className="notice bad">
        This address does not name a budget. <Link to="/">Back to all budgets</Link>
      </div>
    );
  }
  return (
    <>
      <nav aria-label="Breadcrumb" className="muted">
        <Link to="/">Budgets</Link> / {ref.namespace} / {ref.name}
      </nav>
      {detail.isPending ? (
        <Loading what={`budget ${ref.namespace}/${ref.name}`} retrying={detail.failureReason} />
      ) : null}
      {detail.isError ? (
        <ErrorNotice error={detail.error} what={`budget ${ref.namespace}/${ref.name}`} />
      ) : null}
      {detail.data ? <Detail detail={detail.data} /> : null}
    </>
  );
}
