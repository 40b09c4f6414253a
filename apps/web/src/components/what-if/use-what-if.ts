import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { WhatIfRequest, WhatIfResponse } from '@pdbscope/shared/api';
import { whatIfQuery } from '../../api/queries.js';
import { decodeLayer, layerRequest, WHAT_IF_PARAM, type DecodedLayer } from './layer.js';

export type BudgetChange = WhatIfResponse['budgets'][number];
export type NodeChange = WhatIfResponse['nodes'][number];

/** The what-if layer the URL carries: undefined without one, else decoded (or why not). */
export function useWhatIfLayer(): DecodedLayer | undefined {
  const [params] = useSearchParams();
  const value = params.get(WHAT_IF_PARAM);
  return useMemo(() => (value === null || value === '' ? undefined : decodeLayer(value)), [value]);
}

const budgetKey = (b: { kind: string; namespace: string; name: string }) =>
  `${b.kind}/${b.namespace}/${b.name}`;

export interface WhatIfView {
  /** The layer's request (undefined: no layer, or a damaged one). */
  request: WhatIfRequest | undefined;
  answer: WhatIfResponse | undefined;
  error: unknown;
  pending: boolean;
  /** A budget's change, by its `kind/namespace/name`. */
  budget: (ref: { kind: string; namespace: string; name: string }) => BudgetChange | undefined;
  node: (name: string) => NodeChange | undefined;
}

/**
 * The answer of the URL's what-if layer (one request shared by every page), with look-ups by
 * budget and node; `upgrade` asks for a pool's forecast with it.
 */
export function useWhatIf(upgrade?: WhatIfRequest['upgrade']): WhatIfView {
  const decoded = useWhatIfLayer();
  const upgradeKey = JSON.stringify(upgrade ?? null);
  // The pool's request is compared by value: callers build it on every render.
  const request = useMemo(() => {
    if (!decoded?.ok) return undefined;
    const pool = JSON.parse(upgradeKey) as WhatIfRequest['upgrade'] | null;
    return layerRequest(decoded.layer, pool ?? undefined);
  }, [decoded, upgradeKey]);
  const query = useQuery({
    ...whatIfQuery(request ?? {}),
    enabled: request !== undefined,
  });
  const answer = request === undefined ? undefined : query.data;
  const lookUps = useMemo(() => {
    const budgets = new Map((answer?.budgets ?? []).map((b) => [budgetKey(b.budget), b]));
    const nodes = new Map((answer?.nodes ?? []).map((n) => [n.node, n]));
    return {
      budget: (ref: { kind: string; namespace: string; name: string }) =>
        budgets.get(budgetKey(ref)),
      node: (name: string) => nodes.get(name),
    };
  }, [answer]);
  return {
    request,
    answer,
    error: request === undefined ? undefined : query.error,
    pending: request !== undefined && query.isPending,
    ...lookUps,
  };
}
