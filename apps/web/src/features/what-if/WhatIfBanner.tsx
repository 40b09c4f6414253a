import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, describeError } from '../../api/errors.js';
import { describeLayer, WHAT_IF_PARAM } from '../../components/what-if/layer.js';
import { useWhatIf, useWhatIfLayer } from '../../components/what-if/use-what-if.js';

/** `search` with the what-if parameter set to `value`, or removed when it is undefined. */
function withLayer(search: string, value: string | undefined): string {
  const params = new URLSearchParams(search);
  if (value === undefined) params.delete(WHAT_IF_PARAM);
  else params.set(WHAT_IF_PARAM, value);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * Keeps the layer in the URL from page to page: the dashboard's links do not carry it, so an
 * address that lost it gets it back (replacing the history entry). Reset is the way out.
 */
function useStickyLayer(): { reset: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useRef<string | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(location.search).get(WHAT_IF_PARAM);
    if (value !== null && value !== '') kept.current = value;
    else if (kept.current !== undefined)
      void navigate(
        { ...location, search: withLayer(location.search, kept.current) },
        { replace: true },
      );
  }, [location, navigate]);
  return {
    reset: () => {
      kept.current = undefined;
      void navigate({ ...location, search: withLayer(location.search, undefined) });
    },
  };
}

function CopyLink() {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="small"
      onClick={() =>
        void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))
      }
    >
      {copied ? 'Link copied' : 'Copy link'}
    </button>
  );
}

/**
 * The what-if layer, clearly marked above every page: the changes it names, what they do in
 * short, Edit and Reset; a link that cannot be read or no longer applies says so.
 */
export function WhatIfBanner() {
  const { reset } = useStickyLayer();
  const { search } = useLocation();
  const decoded = useWhatIfLayer();
  const whatIf = useWhatIf();
  if (decoded === undefined) return null;
  const resetButton = (
    <button type="button" className="small" onClick={reset}>
      Reset
    </button>
  );
  if (!decoded.ok)
    return (
      <div role="alert" className="what-if-banner">
        <strong>What-if link not shown:</strong> {decoded.error}. The dashboard shows the cluster as
        it is. {resetButton}
      </div>
    );
  const answer = whatIf.answer;
  const refused = whatIf.error instanceof ApiError && whatIf.error.status === 400;
  return (
    <section aria-label="What-if layer" className="what-if-banner">
      <strong>What-if:</strong>
      <span>
        the dashboard shows the cluster with these changes; nothing is written to the cluster.
      </span>
      <ul aria-label="What-if changes">
        {describeLayer(decoded.layer).map((line, i) => (
          <li key={i} className="mono">
            {line}
          </li>
        ))}
      </ul>
      {whatIf.pending ? <span className="muted">Working out the changed cluster…</span> : null}
      {whatIf.error ? (
        <span role="alert">
          {refused
            ? `These changes no longer apply to this cluster: ${(whatIf.error as ApiError).problem.detail}`
            : describeError(whatIf.error)}
        </span>
      ) : null}
      {answer ? (
        <span>
          {answer.budgets.length} budget(s) and {answer.nodes.length} node(s) change
          {answer.worse.length > 0 ? (
            <strong>; {answer.worse.length} thing(s) get worse</strong>
          ) : (
            '; nothing gets worse'
          )}
          .
        </span>
      ) : null}
      <Link
        className="button small"
        to={{
          pathname: '/what-if',
          search: withLayer('', new URLSearchParams(search).get(WHAT_IF_PARAM) ?? undefined),
        }}
      >
        Edit
      </Link>
      <CopyLink />
      {resetButton}
    </section>
  );
}
