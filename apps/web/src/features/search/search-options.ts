import { looksLikeSelector, type SearchResponse } from '@pdbscope/shared/api';
import { budgetHref, nodeHref, podHref, podsHref } from '../../app/paths.js';
import { shortKind } from '../../components/budget-numbers.js';
import { formatCount } from '../../components/numbers.js';

/** One choice of the palette: where it goes, and whether that is a list (its first row takes the focus). */
export interface PaletteOption {
  id: string;
  label: string;
  detail?: string;
  href: string;
  list: boolean;
}

export interface PaletteGroup {
  name: 'Budgets' | 'Pods' | 'Nodes' | 'Workloads';
  /** How many matched (the options name at most a few), when the answer is in. */
  total?: number;
  options: PaletteOption[];
}

const budgetsHref = (text: string) => `/?${new URLSearchParams({ q: text }).toString()}`;
const count = (n: number | undefined) => (n === undefined ? '' : ` (${formatCount(n)})`);

/**
 * The palette's groups for what is typed. `answer` is used only when it answers this very text, so
 * Enter never opens what an earlier keystroke found. Each group ends (or, for a label selector,
 * starts) with its whole list: the Pods view filtered by the selector or the name, or the Budgets
 * view searching it. Those are there before the answer is, so Enter right after typing goes to a
 * list rather than nowhere.
 */
export function paletteGroups(text: string, answer: SearchResponse | undefined): PaletteGroup[] {
  const q = text.trim();
  if (q === '') return [];
  const selector = looksLikeSelector(q);
  const hits = answer?.q === q ? answer : undefined;
  const podsList: PaletteOption = {
    id: 'list-pods',
    label: selector
      ? `Pods with labels ${q}${count(hits?.pods.total)}`
      : `All pods whose name has “${q}”${count(hits?.pods.total)}`,
    href: podsHref(selector ? { labels: q } : { text: q }),
    list: true,
  };
  const budgetsList: PaletteOption = {
    id: 'list-budgets',
    label: selector
      ? `Budgets whose selector asks for ${q}${count(hits?.budgets.total)}`
      : `All budgets matching “${q}”${count(hits?.budgets.total)}`,
    href: budgetsHref(q),
    list: true,
  };
  const withList = (options: PaletteOption[], list: PaletteOption) =>
    selector ? [list, ...options] : [...options, list];
  const budgets: PaletteGroup = {
    name: 'Budgets',
    ...(hits ? { total: hits.budgets.total } : {}),
    options: withList(
      (hits?.budgets.items ?? []).map((b) => ({
        id: `budget-${b.kind}-${b.namespace}-${b.name}`,
        label: `${shortKind(b.kind)} ${b.namespace}/${b.name}`,
        detail: b.selectorText,
        href: budgetHref(b),
        list: false,
      })),
      budgetsList,
    ),
  };
  const pods: PaletteGroup = {
    name: 'Pods',
    ...(hits ? { total: hits.pods.total } : {}),
    options: withList(
      (hits?.pods.items ?? []).map((p) => ({
        id: `pod-${p.namespace}-${p.name}`,
        label: `${p.namespace}/${p.name}`,
        detail: `${p.ready ? 'Ready' : 'not Ready'}${p.nodeName === undefined ? '' : ` · ${p.nodeName}`}`,
        href: podHref(p),
        list: false,
      })),
      podsList,
    ),
  };
  const nodes: PaletteGroup = {
    name: 'Nodes',
    ...(hits ? { total: hits.nodes.total } : {}),
    options: (hits?.nodes.items ?? []).map((n) => ({
      id: `node-${n.name}`,
      label: n.name,
      detail: !n.known ? 'known from its pods' : n.ready ? 'Ready' : 'NotReady',
      href: nodeHref(n.name),
      list: false,
    })),
  };
  const workloads: PaletteGroup = {
    name: 'Workloads',
    ...(hits ? { total: hits.workloads.total } : {}),
    options: (hits?.workloads.items ?? []).map((w) => ({
      id: `workload-${w.kind}-${w.namespace}-${w.name}`,
      label: `${w.kind} ${w.namespace}/${w.name}`,
      detail: `its pods${w.replicas === undefined ? '' : ` · ${formatCount(w.replicas)} replicas`}`,
      href: podsHref({
        namespace: w.namespace,
        ...(w.selectorText === null ? {} : { labels: w.selectorText }),
      }),
      list: true,
    })),
  };
  const groups = selector ? [pods, budgets, nodes, workloads] : [budgets, pods, nodes, workloads];
  return groups.filter((group) => group.options.length > 0);
}
