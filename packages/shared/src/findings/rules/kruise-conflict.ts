import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** PUB pairs that OpenKruise's admission webhook would refuse to admit together. */
export const kruiseConflict: FindingRule = (ctx) =>
  ctx.overlaps.kruiseConflicts.map((c) =>
    finding({
      kind: 'kruise-conflict',
      severity: 'error',
      object: c.b,
      detail: c.a.name,
      message: `OpenKruise would reject ${c.b.namespace}/${c.b.name} next to ${c.a.name}: ${c.message}.`,
      remedy:
        c.rule === 'kruise-target-ref'
          ? 'Keep one PodUnavailableBudget per workload.'
          : 'Make the selectors disjoint (a pod may belong to only one PodUnavailableBudget).',
      related: [c.a],
    }),
  );
