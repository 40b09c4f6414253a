import { refOf } from '../../overlaps/live.js';
import { fieldErrorText } from '../../validation/field-error.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** Specs the API server (or OpenKruise's webhook) would reject, e.g. `"abc%"` or an unknown operator. */
export const invalidSpec: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    if (facts.validation.length === 0) return [];
    const b = facts.budget;
    const texts = facts.validation.map((e) => (typeof e === 'string' ? e : fieldErrorText(e)));
    return [
      finding({
        kind: 'invalid-spec',
        severity: 'error',
        object: refOf(b),
        message: `${b.kind} ${b.namespace}/${b.name} has an invalid spec: ${texts.join('; ')}`,
        remedy:
          'Correct the spec (percentages are written "N%" with 0 ≤ N ≤ 100; operators are In, NotIn, Exists, DoesNotExist). The stored object predates validation or came from a snapshot; the API server would reject it today.',
      }),
    ];
  });
