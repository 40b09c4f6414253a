import { NotVisibleNote } from '../../components/NotVisibleNote.js';
import { Link } from 'react-router';
import {
  combinationHeading,
  type SimulateUpgradeResponse,
  type UpgradeFix,
} from '@pdbscope/shared/api';
import { CopyButton } from '../../components/CopyButton.js';
import { ProviderOutcome, StuckPods, verdictText } from './ProviderOutcome.js';

const time = (s: number): string => (s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The pool as tiles: upgraded, stalled, not reached; the stall in one look. */
function PoolTiles({ forecast }: { forecast: SimulateUpgradeResponse['forecast'] }) {
  const done = new Set(forecast.steps.filter((s) => s.completed).flatMap((s) => s.nodes));
  const stalled = new Set(forecast.stall?.nodes ?? []);
  const failed = new Set(forecast.failure?.nodes ?? []);
  const forced = new Set(forecast.forced.flatMap((f) => f.nodes));
  const quarantined = new Set(forecast.quarantined.map((q) => q.node));
  const state = (n: string) =>
    forced.has(n)
      ? 'pods deleted'
      : done.has(n)
        ? 'upgraded'
        : stalled.has(n)
          ? 'stalls'
          : failed.has(n)
            ? 'fails'
            : quarantined.has(n)
              ? 'quarantined'
              : 'not reached';
  return (
    <ul className="upgrade-tiles" aria-label="Pool nodes">
      {forecast.nodes.map((n) => (
        <li
          key={n}
          className={`tile tile-${state(n).replaceAll(' ', '-')}`}
          title={`${n}: ${state(n)}`}
        >
          <Link to={`/nodes/${encodeURIComponent(n)}`}>{n}</Link>
          <span className="muted"> {state(n)}</span>
        </li>
      ))}
    </ul>
  );
}

function Timeline({ forecast }: { forecast: SimulateUpgradeResponse['forecast'] }) {
  const total = Math.max(1, forecast.durationSeconds);
  return (
    <ol className="upgrade-timeline" aria-label="Steps">
      {forecast.steps.map((s) => (
        <li key={s.step} className={s.completed ? '' : 'stalled'}>
          <div
            className={`bar ${s.completed ? 'ok' : 'bad'}`}
            style={{
              marginLeft: `${(s.startSeconds / total) * 100}%`,
              width: `${Math.max(1, ((s.endSeconds - s.startSeconds) / total) * 100)}%`,
            }}
          />
          <strong>Step {s.step}</strong> {s.nodes.join(', ')}: {plural(s.evicted.length, 'pod')}{' '}
          evicted
          {s.retries > 0 ? `, ${plural(s.retries, 'retried 429')}` : ''}, {time(s.startSeconds)} →{' '}
          {time(s.endSeconds)}
          {s.completed ? '' : ' — stalls'}
        </li>
      ))}
    </ol>
  );
}

function FixItem({ fix, onApply }: { fix: UpgradeFix; onApply: (fix: UpgradeFix) => void }) {
  const outcome =
    fix.outcome === 'completes'
      ? `the upgrade completes (${plural(fix.forecast.steps, 'step')}, ~${time(fix.forecast.durationSeconds)})`
      : fix.outcome === 'gets-further'
        ? `it gets further: ${fix.forecast.stall ?? fix.forecast.failure ?? `${fix.forecast.forcedPods ?? 0} protected pod(s) still deleted`}`
        : 'it does not help';
  return (
    <li className="card">
      {fix.parts.length === 0 ? (
        <>
          <strong>{fix.title}</strong> — with it, {outcome}
          <p className="muted">Costs: {fix.cost}</p>
        </>
      ) : (
        <>
          <strong>{combinationHeading(fix)}</strong> — with them, {outcome}
          <ul aria-label="Combined changes">
            {fix.parts.map((p) => (
              <li key={p.title}>
                {p.title} <span className="muted">— costs: {p.cost}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <pre className="mono" aria-label="kubectl script">
        {fix.script}
      </pre>
      <details>
        <summary>As YAML</summary>
        <pre className="mono">{fix.yaml}</pre>
      </details>
      <div className="toolbar" role="group" aria-label="Use this fix">
        <button type="button" onClick={() => onApply(fix)}>
          Forecast with this fix
        </button>
        <CopyButton text={fix.script} label="Copy as kubectl script" />
        <CopyButton text={fix.yaml} label="Copy as YAML" />
      </div>
    </li>
  );
}

/** The forecast: verdict, the pool's tiles, the timeline, the stall explained, the fixes. */
export function UpgradeForecastView({
  answer,
  onApply,
}: {
  answer: SimulateUpgradeResponse;
  onApply: (fix: UpgradeFix) => void;
}) {
  const { forecast, fixes } = answer;
  const stall = forecast.stall;
  const held = stall !== null || forecast.failure !== null || forecast.forced.length > 0;
  return (
    <>
      {forecast.verdict === 'unknown' && !held ? (
        <p className="notice warn">
          Whether the upgrade completes is not known: the pods that can be seen would let it through
          in {plural(forecast.steps.length, 'step')}, but some the pool may hold are not visible.
        </p>
      ) : forecast.verdict === 'completes' && !held ? (
        <p className="notice ok">
          The upgrade completes: {plural(forecast.steps.length, 'step')}, about{' '}
          {time(forecast.durationSeconds)}.
        </p>
      ) : (
        <p className="notice bad">{verdictText(forecast)}</p>
      )}
      <NotVisibleNote texts={forecast.notVisible} lead="Not visible to this forecast" />
      <PoolTiles forecast={forecast} />
      <Timeline forecast={forecast} />
      {stall === null ? null : (
        <section aria-label="Stall">
          <h2>
            Why it stalls on {stall.node} (step {stall.step})
          </h2>
          <StuckPods pods={stall.pods} label="Pods that cannot leave" />
        </section>
      )}
      <ProviderOutcome forecast={forecast} />
      {held ? (
        <section aria-label="Fixes section">
          <h2>Fixes</h2>
          {fixes.length === 0 ? (
            <p className="muted">No change found that lets it go on.</p>
          ) : (
            <ol aria-label="Fixes" className="upgrade-fixes">
              {fixes.map((f) => (
                <FixItem key={f.id} fix={f} onApply={onApply} />
              ))}
            </ol>
          )}
        </section>
      ) : null}
      <p className="muted">
        Readiness: {plural(forecast.readiness.measuredWorkloads, 'workload')} measured from the
        cluster, {forecast.readiness.defaultSeconds} s for the others. Nothing is changed: the
        forecast runs on a copy of the cluster.
      </p>
    </>
  );
}
