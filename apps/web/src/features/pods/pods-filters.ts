import {
  PodBudgetsFilterSchema,
  type PodBudgetsFilter,
  type PodListQuery,
} from '@pdbscope/shared/api';
import { parseLabelSelectorQuery } from '@pdbscope/shared/selectors';

import type { PodFilters } from '../../app/paths.js';

export const budgetsLabels: Readonly<Record<PodBudgetsFilter, string>> = {
  none: 'No budget (replicated workloads)',
  any: 'Under a budget',
  several: 'Under several budgets',
};

export const evictableLabels = { yes: 'Evictable now', no: 'Not evictable now' } as const;

/** What the BFF is asked for (paging aside), and why the label selector is left out, if it is. */
export function podQueryOf(filters: PodFilters): {
  query: Omit<PodListQuery, 'offset' | 'limit'>;
  labelError?: string;
} {
  const query: Omit<PodListQuery, 'offset' | 'limit'> = {};
  if (filters.namespace !== undefined) query.namespace = filters.namespace;
  if (filters.node !== undefined) query.node = filters.node;
  if (filters.text !== undefined) query.text = filters.text;
  if (filters.group !== undefined) query.group = filters.group;
  const budgets = PodBudgetsFilterSchema.safeParse(filters.budgets);
  if (budgets.success) query.budgets = budgets.data;
  if (filters.evictable === 'yes' || filters.evictable === 'no')
    query.evictable = filters.evictable;
  if (filters.labels === undefined) return { query };
  // The engine's parser, as the BFF's: a selector it would refuse is not sent.
  const parsed = parseLabelSelectorQuery(filters.labels);
  if (!parsed.ok) return { query, labelError: parsed.error };
  return { query: { ...query, labels: filters.labels } };
}
