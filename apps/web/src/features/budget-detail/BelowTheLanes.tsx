import type { BudgetDetailResponse } from '@pdbscope/shared/api';
import { FindingList } from '../../components/FindingList.js';
import { OverlapList } from '../../components/OverlapList.js';
import { ConditionsTable } from '../../components/ConditionsTable.js';
import { ExpectedSourceView } from './ExpectedSourceView.js';
import { BudgetEvents } from './BudgetEvents.js';
import { BudgetTimeline } from './BudgetTimeline.js';
import { StatusComparison } from './StatusComparison.js';
import { ExposureList } from './ExposureList.js';

/** Everything under the lanes: history, events, status, the expected count, findings, YAML. */
export function BelowTheLanes({ detail }: { detail: BudgetDetailResponse }) {
  return (
    <>
      <h2>Timeline</h2>
      <BudgetTimeline budget={detail.budget} />
      <h2>Events</h2>
      <BudgetEvents budget={detail.budget} />
      <h2>Status: reported and recomputed</h2>
      <StatusComparison
        reported={detail.reported}
        recomputed={detail.recomputed}
        recomputeError={detail.recomputeError}
        notKnown={detail.budget.notVisible?.recomputed ?? null}
        differences={detail.differences}
      />
      <h2>Where the expected count comes from</h2>
      <ExpectedSourceView expected={detail.expected} />
      <h2>Conditions</h2>
      <ConditionsTable
        conditions={detail.conditions}
        events={detail.controllerEvents}
        empty="No conditions reported."
      />
      <h2>Findings</h2>
      {detail.findings.length === 0 ? (
        <p className="muted">
          {detail.budget.notVisible === undefined
            ? 'No findings for this budget.'
            : `No findings from what can be seen (${detail.budget.notVisible.recomputed}).`}
        </p>
      ) : (
        <FindingList findings={detail.findings} />
      )}
      {detail.exposure !== undefined ? (
        <>
          <h2>Exposure: what can still disrupt these pods</h2>
          <ExposureList exposure={detail.exposure} />
        </>
      ) : null}
      <h2>Overlapping budgets</h2>
      {detail.overlaps.length === 0 ? (
        <p className="muted">No other budget selects, or could select, these pods.</p>
      ) : (
        <OverlapList overlaps={detail.overlaps} />
      )}
      <h2>YAML</h2>
      <pre className="yaml" tabIndex={0} aria-label="Budget YAML">
        {detail.yaml}
      </pre>
    </>
  );
}
