import {
  SimulatePreemptionRequestSchema,
  type SimulatePreemptionRequest,
} from '@pdbscope/shared/api';
import { parseNodeSelector } from '@pdbscope/shared/upgrade';

/** The Simulate preemption form as typed; `priorityClass` '' means "a number" (`priority`). */
export interface PreemptionDraft {
  priorityClass: string;
  priority: string;
  cpu: string;
  memory: string;
  namespace: string;
  nodeSelector: string;
}

export const EMPTY_DRAFT: PreemptionDraft = {
  priorityClass: '',
  priority: '',
  cpu: '',
  memory: '',
  namespace: '',
  nodeSelector: '',
};

const LABELS: Record<string, string> = {
  priorityClassName: 'Priority',
  priority: 'Priority',
  cpu: 'CPU request',
  memory: 'Memory request',
  namespace: 'Namespace',
};

export type DraftCheck = { request: SimulatePreemptionRequest } | { errors: string[] };

/**
 * The request the draft asks for, or one sentence per field that is wrong. The checks are the
 * API's own schema, so the form refuses what the BFF would, with the field's label in front.
 */
export function requestOfDraft(draft: PreemptionDraft): DraftCheck {
  const errors: string[] = [];
  const body: Record<string, unknown> = {};
  if (draft.priorityClass !== '') body.priorityClassName = draft.priorityClass;
  else if (/^-?\d+$/.test(draft.priority.trim())) body.priority = Number(draft.priority.trim());
  else
    errors.push(
      draft.priority.trim() === ''
        ? 'Priority: choose a PriorityClass or give a number.'
        : `Priority: "${draft.priority}" is not a whole number.`,
    );
  for (const field of ['cpu', 'memory', 'namespace'] as const) {
    const value = draft[field].trim();
    if (value !== '') body[field] = value;
  }
  const selector = draft.nodeSelector.trim();
  if (selector !== '') {
    const terms = parseNodeSelector(selector);
    if (!terms.ok) errors.push(`Node selector: ${terms.error}.`);
    else if (terms.value.some((t) => !t.equal))
      errors.push('Node selector: a pod’s nodeSelector takes key=value only, not !=.');
    else body.nodeSelector = Object.fromEntries(terms.value.map((t) => [t.key, t.value]));
  }
  const parsed = SimulatePreemptionRequestSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // A missing priority is already said above, in the form's words.
      if (field === 'priorityClassName' && 'priority' in body === false && errors.length > 0)
        continue;
      errors.push(`${LABELS[field] ?? field}: ${issue.message}.`);
    }
  return errors.length > 0 || !parsed.success ? { errors } : { request: parsed.data };
}
