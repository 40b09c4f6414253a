import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type {
  NodeRow,
  SimulateUpgradeRequest,
  SimulateUpgradeResponse,
} from '@pdbscope/shared/api';
import { guessPoolProvider } from '@pdbscope/shared/upgrade';
import { nodesQuery, upgradeQuery } from '../../api/queries.js';
import { checkNodeRows } from '../../api/nodes-parser.js';
import { useCheckAfterPaint } from '../../api/first-paint.js';
import { CheckNotice } from '../../components/CheckNotice.js';
import { describeError } from '../../api/errors.js';
import { POOL_LABELS } from '../../components/pool-labels.js';
import { withFixes } from '@pdbscope/shared/api';
import { AsOf } from '../../components/AsOf.js';
import { AppliedChanges } from './AppliedChanges.js';
import { upgradeHref, upgradeRequestOf } from './upgrade-params.js';
import { useWhatIf, type WhatIfView } from '../../components/what-if/use-what-if.js';
import { BeforeAfter } from '../../components/what-if/BeforeAfter.js';
import { UpgradeForecastView } from './UpgradeForecastView.js';
import { ProviderPicker } from './ProviderPicker.js';

/** A typed count: a whole number, never below `min` (an emptied or half-typed field reads as `min`). */
const countAtLeast = (text: string, min: number): number => {
  const n = Math.trunc(Number(text));
  return Number.isFinite(n) ? Math.max(min, n) : min;
};

const FLAGS = [
  { key: 'ignoreDaemonSets', flag: '--ignore-daemonsets' },
  { key: 'deleteEmptyDirData', flag: '--delete-emptydir-data' },
  { key: 'force', flag: '--force' },
] as const;

/** The pools the nodes' labels name, as selectors: `label=value (N nodes)`. */
function poolsOf(nodes: readonly NodeRow[]): { selector: string; nodes: number }[] {
  const count = new Map<string, number>();
  for (const n of nodes) {
    for (const key of POOL_LABELS) {
      const value = n.labels[key];
      if (value !== undefined)
        count.set(`${key}=${value}`, (count.get(`${key}=${value}`) ?? 0) + 1);
    }
  }
  return [...count].map(([selector, n]) => ({ selector, nodes: n }));
}

/** /upgrade: pick a pool and a strategy, see the forecast, its stall and the fixes. */
export function UpgradePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const nodes = useQuery(nodesQuery());
  const nodeRows = nodes.data?.items ?? [];
  const rowsError = useCheckAfterPaint(nodes.data?.items, checkNodeRows);
  const pools = poolsOf(nodeRows);
  // The address's request; without a provider there, the pool's node labels name it.
  const asked = upgradeRequestOf(params);
  const guess =
    asked?.selector !== undefined ? guessPoolProvider(nodeRows, asked.selector) : undefined;
  const request =
    asked && asked.provider === undefined && guess ? { ...asked, provider: guess.provider } : asked;
  const [selector, setSelector] = useState(asked?.selector ?? '');
  const forecast = useQuery({
    ...upgradeQuery(request ?? { selector: '' }),
    // A guess needs the nodes: one forecast, not kubectl's and then the guessed provider's.
    enabled: request !== undefined && (asked?.provider !== undefined || !nodes.isPending),
  });
  // With a what-if layer, the forecast is the changed cluster's (the pool's own fixes are not
  // searched there): the layer's answer carries it, before and after.
  const { changes: _fixes, ...pool } = request ?? { selector: '' };
  const whatIf = useWhatIf(request ? pool : undefined);
  const layered = whatIf.request !== undefined && request !== undefined;
  const go = (next: SimulateUpgradeRequest) => void navigate(upgradeHref(next));
  // What the controls write: the address's request, the guess left to the page.
  const base: SimulateUpgradeRequest = asked ?? { selector, maxUnavailable: 1, maxSurge: 0 };
  const { fix: applied = [], ...withoutChanges } = base;
  const {
    provider: _provider,
    drainTimeoutSeconds: _timeout,
    forceUpdate: _force,
    undrainableNodeBehavior: _undrainable,
    ...withoutProvider
  } = withoutChanges;
  return (
    <>
      <h1>Upgrade readiness</h1>
      <CheckNotice error={rowsError} what="nodes" />
      <p className="muted">
        Will a rolling upgrade of this node pool finish? Each node is cordoned and drained as{' '}
        <code>kubectl drain</code> would, replacements are scheduled on the other nodes, and the
        next node goes once the drain finishes.
      </p>
      <form
        className="toolbar"
        aria-label="Upgrade strategy"
        onSubmit={(event) => {
          event.preventDefault();
          go({ ...withoutChanges, selector: selector.trim() });
        }}
      >
        <label>
          Pool{' '}
          <input
            type="text"
            className="mono"
            list="upgrade-pools"
            placeholder="pdbscope.dev/pool=payments"
            aria-label="Node selector"
            value={selector}
            onChange={(event) => setSelector(event.target.value)}
          />
          <datalist id="upgrade-pools">
            {pools.map((p) => (
              <option key={p.selector} value={p.selector}>{`${p.nodes} nodes`}</option>
            ))}
          </datalist>
        </label>
        <label>
          maxUnavailable{' '}
          <input
            type="number"
            min={1}
            value={base.maxUnavailable ?? 1}
            onChange={(event) =>
              go({
                ...withoutChanges,
                selector,
                maxUnavailable: countAtLeast(event.target.value, 1),
              })
            }
          />
        </label>
        <label>
          maxSurge{' '}
          <input
            type="number"
            min={0}
            value={base.maxSurge ?? 0}
            onChange={(event) =>
              go({ ...withoutChanges, selector, maxSurge: countAtLeast(event.target.value, 0) })
            }
          />
        </label>
        {FLAGS.map(({ key, flag }) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={base[key] === true}
              onChange={(event) => go({ ...withoutChanges, selector, [key]: event.target.checked })}
            />{' '}
            <code>{flag}</code>
          </label>
        ))}
        <button type="submit" className="primary">
          Forecast
        </button>
      </form>
      {request ? (
        <ProviderPicker
          guess={guess}
          request={request}
          onChange={(fields) =>
            go({ ...withoutProvider, ...(applied.length > 0 ? { fix: applied } : {}), ...fields })
          }
        />
      ) : null}
      {pools.length > 0 ? (
        <p className="muted">
          Pools:{' '}
          {pools.map((p) => (
            <button
              key={p.selector}
              type="button"
              className="link"
              onClick={() => {
                setSelector(p.selector);
                go({ ...withoutChanges, selector: p.selector });
              }}
            >
              {p.selector} ({p.nodes})
            </button>
          ))}
        </p>
      ) : null}
      {applied.length > 0 ? (
        <AppliedChanges
          fixes={applied}
          applied={forecast.isFetching ? undefined : forecast.data?.applied}
          onRemove={(i) => go({ ...withoutChanges, fix: applied.filter((_, j) => j !== i) })}
          onClear={() => go(withoutChanges)}
        />
      ) : null}
      <section role="status" aria-label="Upgrade forecast" aria-live="polite">
        {forecast.isFetching ? <p className="muted">Forecasting…</p> : null}
        {forecast.isError ? <p className="notice bad">{describeError(forecast.error)}</p> : null}
        {layered ? (
          <WhatIfForecast whatIf={whatIf} base={forecast.data} />
        ) : forecast.data && !forecast.isFetching ? (
          <>
            <AsOf
              asOf={forecast.data.asOf}
              what="Forecast"
              onAgain={() => void forecast.refetch()}
            />
            <UpgradeForecastView
              answer={forecast.data}
              onApply={(fix) => go({ ...base, fix: withFixes(applied, fix.fix) })}
            />
          </>
        ) : null}
      </section>
    </>
  );
}

/** The pool's forecast on the cluster with the what-if layer, and its verdict without. */
function WhatIfForecast({
  whatIf,
  base,
}: {
  whatIf: WhatIfView;
  /** The forecast without the layer: its provider profile and the time its data was current. */
  base: SimulateUpgradeResponse | undefined;
}) {
  const forecast = whatIf.answer?.forecast;
  if (whatIf.pending) return <p className="muted">Forecasting with the what-if layer…</p>;
  if (whatIf.error) return <p className="notice bad">{describeError(whatIf.error)}</p>;
  if (!forecast || !base) return <p className="muted">Forecasting…</p>;
  return (
    <>
      <p className="notice warn">
        With the what-if layer, the upgrade{' '}
        <BeforeAfter before={forecast.before.verdict} after={forecast.after.verdict} />.
      </p>
      <UpgradeForecastView
        answer={{
          ...base,
          forecast: forecast.after,
          fixes: [],
          applied: { items: [], script: '', yaml: '' },
        }}
        onApply={() => undefined}
      />
    </>
  );
}
