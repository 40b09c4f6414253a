import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SimulatePreemptionRequest } from '@pdbscope/shared/api';
import { preemptionQuery, priorityClassesQuery } from '../../api/queries.js';
import { describeError } from '../../api/errors.js';
import { PreemptionAnswer } from './PreemptionAnswer.js';
import { SimulationStatus } from './SimulationStatus.js';
import { EMPTY_DRAFT, requestOfDraft, type PreemptionDraft } from './preemption-form.js';

/**
 * A pending pod of a priority and size, placed as kube-scheduler's preemption would place it on
 * the cluster as it is now: nothing is deleted.
 */
export function PreemptionSimulation() {
  const classes = useQuery(priorityClassesQuery());
  const [draft, setDraft] = useState<PreemptionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<string[]>([]);
  const [request, setRequest] = useState<SimulatePreemptionRequest | undefined>();
  const result = useQuery(preemptionQuery(request));
  const field =
    (name: keyof PreemptionDraft) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = requestOfDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    setRequest(checked.request);
  };
  return (
    <section aria-labelledby="preemption-title">
      <h2 id="preemption-title">Simulate preemption</h2>
      <p className="muted">
        A pending pod that finds no room makes kube-scheduler delete lower-priority pods on one
        node. It prefers nodes where fewer budgets break, but a budget never stops it: the victims
        are deleted, not evicted. Nothing is deleted here.
      </p>
      <form onSubmit={submit} className="toolbar" aria-label="Simulate preemption">
        <label>
          PriorityClass
          <select value={draft.priorityClass} onChange={field('priorityClass')}>
            <option value="">A number…</option>
            {(classes.data?.items ?? []).map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.value}
                {c.preemptionPolicy === 'Never' ? ', preempts nobody' : ''})
              </option>
            ))}
          </select>
        </label>
        {draft.priorityClass === '' ? (
          <label>
            Priority
            <input
              inputMode="numeric"
              value={draft.priority}
              onChange={field('priority')}
              placeholder="1000000"
              size={12}
            />
          </label>
        ) : null}
        <label>
          CPU request
          <input value={draft.cpu} onChange={field('cpu')} placeholder="500m or 2" size={8} />
        </label>
        <label>
          Memory request
          <input value={draft.memory} onChange={field('memory')} placeholder="2Gi" size={8} />
        </label>
        <label>
          Namespace
          <input
            value={draft.namespace}
            onChange={field('namespace')}
            placeholder="default"
            size={14}
          />
        </label>
        <label>
          Node selector
          <input
            value={draft.nodeSelector}
            onChange={field('nodeSelector')}
            placeholder="pool=general"
            size={24}
          />
        </label>
        <button type="submit" className="primary">
          Simulate preemption
        </button>
      </form>
      {classes.isError ? (
        <p className="notice bad">
          Could not read the PriorityClasses. {describeError(classes.error)}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <ul className="notice bad" aria-label="What to fix">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <SimulationStatus
        label="Preemption decision"
        what="Preemption simulation"
        result={result}
        busy="Simulating preemption…"
      >
        {(answer) => <PreemptionAnswer answer={answer} />}
      </SimulationStatus>
    </section>
  );
}
