import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** One finding per group of PUBs that OpenKruise's admission webhook would refuse to admit together. */
export const kruiseConflict: FindingRule = (ctx) =>
  ctx.overlaps.groups.flatMap((group) => {
    const [c, ...more] = group.kruiseConflicts;
    if (!c) return [];
    const rest = more.length === 0 ? '' : ` (and ${more.length} more conflict(s) in this group)`;
    return [
      finding({
        kind: 'kruise-conflict',
        severity: 'error',
        object: c.b,
        detail: c.a.name,
        message: `OpenKruise would reject ${c.b.namespace}/${c.b.name} next to ${c.a.name}: ${c.message}${rest}.`,
        remedy:
          c.rule === 'kruise-target-ref'
            ? 'Keep one PodUnavailableBudget per workload.'
            : 'Make the selectors disjoint (a pod may belong to only one PodUnavailableBudget).',
        related: [c.a, ...more.slice(0, 20).map((m) => m.b)],
      }),
    ];
  });
