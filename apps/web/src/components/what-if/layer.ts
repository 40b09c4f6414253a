import { z } from 'zod';
import type { BudgetKindName, BudgetRef, WhatIfRequest } from '@pdbscope/shared/api';

/**
 * The changes the dashboard shows the cluster with: a what-if layer. It lives in the URL (the
 * `whatif` parameter) so that a link shares it; nothing of it is ever written to the cluster.
 */
export interface WhatIfLayer {
  /** Budgets' specs replaced by YAML, as the "What if…" editor wrote them. */
  specs: { budget: BudgetRef; spec: string }[];
  /** `KIND/NS/NAME=REPLICAS` each (`kubectl scale`). */
  scales: string[];
  /** `KIND/NS/NAME` each (`kubectl delete`). */
  deletes: string[];
  /** Pasted manifests (`kubectl apply -f`), each a YAML text. */
  apply: string[];
}

export const WHAT_IF_PARAM = 'whatif';

export const EMPTY_LAYER: WhatIfLayer = { specs: [], scales: [], deletes: [], apply: [] };

export const isEmptyLayer = (l: WhatIfLayer): boolean =>
  l.specs.length + l.scales.length + l.deletes.length + l.apply.length === 0;

/*
 * The encoding: `1.` then base64url (no padding) of JSON, an array of changes, each a tuple whose
 * first item says what it is: `["s","pdb"|"pub",NS,NAME,SPEC]`, `["r",TEXT]` (scale),
 * `["d",TEXT]` (delete), `["a",YAML]` (apply). Tuples keep a spec edit to its YAML and a few
 * bytes; the version prefix lets a later encoding read old links.
 */
const VERSION = '1';
const KINDS: Record<string, BudgetKindName> = {
  pdb: 'PodDisruptionBudget',
  pub: 'PodUnavailableBudget',
};
const text = z.string().min(1).max(60_000);
const TupleSchema = z.union([
  z.tuple([z.literal('s'), z.enum(['pdb', 'pub']), text, text, text]),
  z.tuple([z.literal('r'), text]),
  z.tuple([z.literal('d'), text]),
  z.tuple([z.literal('a'), text]),
]);
const EncodedSchema = z.array(TupleSchema).min(1).max(50);
type Tuple = z.infer<typeof TupleSchema>;

function toBase64Url(s: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string {
  const binary = atob(s.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The layer as its URL parameter's value; '' for no change. */
export function encodeLayer(layer: WhatIfLayer): string {
  if (isEmptyLayer(layer)) return '';
  const tuples: Tuple[] = [
    ...layer.specs.map(({ budget, spec }): Tuple => [
      's',
      budget.kind === 'PodUnavailableBudget' ? 'pub' : 'pdb',
      budget.namespace,
      budget.name,
      spec,
    ]),
    ...layer.scales.map((t): Tuple => ['r', t]),
    ...layer.deletes.map((t): Tuple => ['d', t]),
    ...layer.apply.map((t): Tuple => ['a', t]),
  ];
  return `${VERSION}.${toBase64Url(JSON.stringify(tuples))}`;
}

export type DecodedLayer = { ok: true; layer: WhatIfLayer } | { ok: false; error: string };

/** A layer from its URL parameter; a damaged or unknown one is an error in words, never a throw. */
export function decodeLayer(value: string): DecodedLayer {
  const dot = value.indexOf('.');
  const version = dot < 0 ? '' : value.slice(0, dot);
  if (version !== VERSION)
    return {
      ok: false,
      error: `this what-if link has a form this dashboard does not read (version "${version}")`,
    };
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(value.slice(dot + 1)));
  } catch {
    return { ok: false, error: 'this what-if link is damaged (cut short or edited)' };
  }
  const parsed = EncodedSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: 'this what-if link is damaged (its changes do not read)' };
  const layer: WhatIfLayer = { specs: [], scales: [], deletes: [], apply: [] };
  for (const t of parsed.data) {
    if (t[0] === 's')
      layer.specs.push({
        budget: { kind: KINDS[t[1]] ?? 'PodDisruptionBudget', namespace: t[2], name: t[3] },
        spec: t[4],
      });
    else if (t[0] === 'r') layer.scales.push(t[1]);
    else if (t[0] === 'd') layer.deletes.push(t[1]);
    else layer.apply.push(t[1]);
  }
  return { ok: true, layer };
}

/** The layer as POST /api/what-if's request (with a pool to forecast, when given). */
export function layerRequest(
  layer: WhatIfLayer,
  upgrade?: WhatIfRequest['upgrade'],
): WhatIfRequest {
  return {
    ...(layer.specs.length > 0 ? { budgetSpecs: layer.specs } : {}),
    ...(layer.scales.length > 0 ? { scale: layer.scales } : {}),
    ...(layer.deletes.length > 0 ? { delete: layer.deletes } : {}),
    ...(layer.apply.length > 0
      ? { apply: layer.apply.map((t, i) => ({ name: `pasted manifests ${i + 1}`, text: t })) }
      : {}),
    ...(upgrade ? { upgrade } : {}),
  };
}

const budgetName = (b: BudgetRef) =>
  `${b.kind === 'PodUnavailableBudget' ? 'PUB' : 'PDB'} ${b.namespace}/${b.name}`;

/** One short line per change, for the banner: `PDB payments/payments-api: minAvailable: 1`. */
export function describeLayer(layer: WhatIfLayer): string[] {
  const oneLine = (yaml: string) => {
    const lines = yaml
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    const limits = lines.filter((l) => /^(minAvailable|maxUnavailable):/.test(l));
    return (limits.length > 0 ? limits : lines.slice(0, 1)).join(', ');
  };
  const kinds = (yaml: string) => {
    const found = [...yaml.matchAll(/^kind:\s*(\S+)/gm)].map((m) => m[1]);
    return found.length > 0 ? found.join(', ') : 'no object';
  };
  return [
    ...layer.specs.map((s) => `${budgetName(s.budget)}: ${oneLine(s.spec)}`),
    ...layer.scales.map((s) => `scale ${s}`),
    ...layer.deletes.map((d) => `delete ${d}`),
    ...layer.apply.map((a) => `apply manifests (${kinds(a)})`),
  ];
}

/** The layer with the spec of `budget` set (or replaced). */
export function withSpec(layer: WhatIfLayer, budget: BudgetRef, spec: string): WhatIfLayer {
  const same = (b: BudgetRef) =>
    b.kind === budget.kind && b.namespace === budget.namespace && b.name === budget.name;
  return { ...layer, specs: [...layer.specs.filter((s) => !same(s.budget)), { budget, spec }] };
}

/** The layer with the replicas of `workload` (`KIND/NS/NAME`) set (or replaced). */
export function withScale(layer: WhatIfLayer, workload: string, replicas: number): WhatIfLayer {
  return {
    ...layer,
    scales: [
      ...layer.scales.filter((s) => !s.startsWith(`${workload}=`)),
      `${workload}=${replicas}`,
    ],
  };
}

/** The layer with these manifests applied after the others. */
export function withApply(layer: WhatIfLayer, yaml: string): WhatIfLayer {
  return { ...layer, apply: [...layer.apply, yaml] };
}
