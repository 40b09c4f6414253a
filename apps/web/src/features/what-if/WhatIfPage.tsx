import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { BudgetDetailResponse, BudgetRef } from '@pdbscope/shared/api';
import { budgetDetailQuery, whatIfQuery } from '../../api/queries.js';
import { ApiError, describeError } from '../../api/errors.js';
import { budgetHref } from '../../app/paths.js';
import { ErrorNotice, Loading } from '../../components/StateView.js';
import { useDebounced } from '../../components/use-debounced.js';
import { BeforeAfter } from '../../components/what-if/BeforeAfter.js';
import {
  decodeLayer,
  EMPTY_LAYER,
  encodeLayer,
  isEmptyLayer,
  layerRequest,
  WHAT_IF_PARAM,
  withApply,
  withScale,
  withSpec,
  type WhatIfLayer,
} from '../../components/what-if/layer.js';
import { useWhatIfLayer } from '../../components/what-if/use-what-if.js';
import { budgetOfParam, problemsFor, specYamlOf } from './what-if-edit.js';
import { YamlEditor } from './YamlEditor.js';

const CHECK_DEBOUNCE_MS = 400;

/** The candidate layer, checked by the BFF as it is typed: its problems and its difference. */
function useCheck(candidate: WhatIfLayer) {
  // Compared by value (its encoding): the candidate is built afresh on every render.
  const key = encodeLayer(candidate);
  const settledKey = useDebounced(key, CHECK_DEBOUNCE_MS);
  const settled = useMemo(() => {
    const decoded = decodeLayer(settledKey);
    return decoded.ok ? decoded.layer : EMPTY_LAYER;
  }, [settledKey]);
  const check = useQuery({
    ...whatIfQuery(layerRequest(settled)),
    enabled: !isEmptyLayer(settled),
  });
  const problems =
    check.error instanceof ApiError && check.error.status === 400
      ? (check.error.problem.errors ?? [{ path: '', message: check.error.problem.detail }])
      : [];
  return { check, problems, settled: settledKey === key };
}

function Preview({ check }: { check: ReturnType<typeof useCheck>['check'] }) {
  const answer = check.data;
  if (check.isFetching) return <p className="muted">Checking against the cluster…</p>;
  if (check.error && !(check.error instanceof ApiError && check.error.status === 400))
    return <p className="notice bad">{describeError(check.error)}</p>;
  if (!answer) return null;
  return (
    <section aria-label="What the change does" className="notice">
      <p>
        {answer.budgets.length} budget(s) and {answer.nodes.length} node(s) change.
      </p>
      <ul>
        {answer.budgets.map((b) => (
          <li key={`${b.budget.kind}/${b.budget.namespace}/${b.budget.name}`}>
            {b.budget.namespace}/{b.budget.name}: allowed disruptions{' '}
            <BeforeAfter before={b.before?.allowed ?? '-'} after={b.after?.allowed ?? '-'} />
          </li>
        ))}
        {answer.nodes.map((n) => (
          <li key={n.node}>
            node {n.node}: <BeforeAfter before={n.before.state} after={n.after.state} />
          </li>
        ))}
      </ul>
      {answer.worse.length > 0 ? (
        <>
          <p>
            <strong>Gets worse:</strong>
          </p>
          <ul>
            {answer.worse.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing gets worse.</p>
      )}
    </section>
  );
}

interface EditProps {
  layer: WhatIfLayer;
  /** Where the dashboard goes with the new layer. */
  show: (layer: WhatIfLayer, path: string) => void;
}

function Problems({ problems }: { problems: readonly { path: string; message: string }[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="notice bad">
      The API server would refuse this:
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.path === '' ? '' : <span className="mono">{p.path}: </span>}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function BudgetEdit({ detail, layer, show }: EditProps & { detail: BudgetDetailResponse }) {
  const budget: BudgetRef = detail.budget;
  const stored = useMemo(() => specYamlOf(detail.yaml), [detail.yaml]);
  const inLayer = layer.specs.find(
    (s) =>
      s.budget.kind === budget.kind &&
      s.budget.name === budget.name &&
      s.budget.namespace === budget.namespace,
  )?.spec;
  const [spec, setSpec] = useState(inLayer ?? stored);
  const workloads = detail.expected.controllers.map((c) => ({
    ref: `${c.kind}/${budget.namespace}/${c.name}`,
    replicas: c.replicas,
  }));
  const scaled = (ref: string) => layer.scales.find((s) => s.startsWith(`${ref}=`))?.split('=')[1];
  const [replicas, setReplicas] = useState<Record<string, string>>(() =>
    Object.fromEntries(workloads.map((w) => [w.ref, scaled(w.ref) ?? String(w.replicas)])),
  );
  let candidate = spec.trim() !== '' && spec !== stored ? withSpec(layer, budget, spec) : layer;
  for (const w of workloads) {
    const n = Number(replicas[w.ref]);
    if (Number.isInteger(n) && n >= 0 && n !== w.replicas)
      candidate = withScale(candidate, w.ref, n);
  }
  const { check, problems, settled } = useCheck(candidate);
  const specIndex = candidate.specs.findIndex(
    (s) =>
      s.budget.name === budget.name &&
      s.budget.namespace === budget.namespace &&
      s.budget.kind === budget.kind,
  );
  const split = problemsFor(problems, `budgetSpecs[${specIndex}]`);
  return (
    <>
      <h2>Its spec</h2>
      <p className="muted">
        As the API server stores it; edit it and the BFF checks it as the API server would.
      </p>
      <YamlEditor
        value={spec}
        onChange={setSpec}
        problems={split.editor}
        label="Budget spec (YAML)"
      />
      {split.editor.length > 0 ? (
        <Problems
          problems={split.editor.map((p) => ({
            path: p.line !== undefined ? `line ${p.line}` : '',
            message: p.message,
          }))}
        />
      ) : null}
      <Problems problems={split.others} />
      {workloads.length > 0 ? (
        <>
          <h2>Its workloads&apos; replicas</h2>
          <div className="toolbar">
            {workloads.map((w) => (
              <label key={w.ref}>
                <span className="mono">{w.ref}</span>{' '}
                <input
                  type="number"
                  min={0}
                  value={replicas[w.ref] ?? ''}
                  onChange={(event) => setReplicas((r) => ({ ...r, [w.ref]: event.target.value }))}
                />
              </label>
            ))}
          </div>
        </>
      ) : null}
      <Preview check={check} />
      <p className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!settled || problems.length > 0 || check.isFetching || candidate === layer}
          onClick={() => show(candidate, budgetHref(budget))}
        >
          Show the dashboard with this change
        </button>
        <Link to={budgetHref(budget)}>Cancel</Link>
      </p>
    </>
  );
}

function ApplyEdit({ layer, show }: EditProps) {
  const [text, setText] = useState('');
  const candidate = text.trim() === '' ? layer : withApply(layer, text);
  const { check, problems, settled } = useCheck(candidate);
  const split = problemsFor(problems, `pasted manifests ${candidate.apply.length}`);
  return (
    <>
      <h2>Apply YAML</h2>
      <p className="muted">
        Paste manifests as <code>kubectl apply -f</code> takes them (several documents, a List,
        JSON); objects without a namespace go to <code>default</code>.
      </p>
      <YamlEditor
        value={text}
        onChange={setText}
        problems={split.editor}
        label="Manifests (YAML)"
      />
      <Problems problems={problems} />
      <Preview check={check} />
      <p className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!settled || problems.length > 0 || check.isFetching || candidate === layer}
          onClick={() => show(candidate, '/')}
        >
          Show the dashboard with these manifests
        </button>
      </p>
    </>
  );
}

/**
 * /what-if: edit a budget's spec and its workloads' replicas (`?budget=KIND/NS/NAME`), or paste
 * manifests; the BFF checks each edit as typed, and the dashboard then shows the cluster with
 * the layer (kept in the URL).
 */
export function WhatIfPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const decoded = useWhatIfLayer();
  const layer = decoded?.ok ? decoded.layer : EMPTY_LAYER;
  const budget = budgetOfParam(params.get('budget'));
  const detail = useQuery({
    ...budgetDetailQuery(budget ?? { kind: 'PodDisruptionBudget', namespace: '', name: '' }),
    enabled: budget !== undefined,
  });
  const show = (next: WhatIfLayer, path: string) =>
    void navigate(
      `${path}?${new URLSearchParams({ [WHAT_IF_PARAM]: encodeLayer(next) }).toString()}`,
    );
  return (
    <>
      <h1>What if…</h1>
      <p>
        Try a change on a copy of the cluster: the dashboard then shows the cluster with it, marked,
        with every changed number before → after. Nothing is written to the cluster.
      </p>
      {budget ? (
        <>
          <p>
            Budget{' '}
            <Link to={budgetHref(budget)} className="mono">
              {budget.kind} {budget.namespace}/{budget.name}
            </Link>
          </p>
          {detail.isPending ? <Loading what="the budget" /> : null}
          {detail.isError ? <ErrorNotice error={detail.error} what="the budget" /> : null}
          {detail.data ? (
            <BudgetEdit
              key={detail.data.budget.uid}
              detail={detail.data}
              layer={layer}
              show={show}
            />
          ) : null}
        </>
      ) : (
        <ApplyEdit layer={layer} show={show} />
      )}
    </>
  );
}
