import type { ClusterView } from '../index/view.js';
import type { Result } from '../result/index.js';
import type { Labels } from '../model/labels.js';

export type NodePick = { selector: string } | { names: readonly string[] };

/** One `key=value` (equal) or `key!=value` term of a node selector. */
export interface NodeLabelTerm {
  key: string;
  value: string;
  equal: boolean;
}

/** `key=value[,key=value…]` (also `key==value` and `key!=value`), as kubectl's `-l` for equality. */
export function parseNodeSelector(text: string): Result<NodeLabelTerm[]> {
  const terms: NodeLabelTerm[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*([A-Za-z0-9][-A-Za-z0-9_./]*)\s*(!=|==|=)\s*([-A-Za-z0-9_.]*)\s*$/.exec(part);
    if (!m) return { ok: false, error: `node selector "${text}" is not KEY=VALUE[,KEY=VALUE…]` };
    terms.push({ key: m[1] ?? '', value: m[3] ?? '', equal: m[2] !== '!=' });
  }
  return { ok: true, value: terms };
}

/** Upgrade order: names in natural order (worker-2 before worker-10). */
export const byNodeName = new Intl.Collator('en', { numeric: true }).compare;

/** Every term holds for the labels (`key=value`: equal; `key!=value`: absent or different). */
export const matchesNodeTerms = (labels: Labels, terms: readonly NodeLabelTerm[]): boolean =>
  terms.every((t) => (labels[t.key] === t.value) === t.equal);

/**
 * The pool's nodes in upgrade order (names in natural order: worker-2 before worker-10), picked by
 * a label selector or by name. Unknown names and a selector matching nothing are errors.
 */
export function resolveNodes(index: ClusterView, pick: NodePick): Result<string[]> {
  if ('names' in pick) {
    if (pick.names.length === 0) return { ok: false, error: 'no nodes given' };
    const unknown = pick.names.filter(
      (n) => index.node(n) === undefined && index.podsOnNode(n).length === 0,
    );
    if (unknown.length > 0)
      return {
        ok: false,
        error: `unknown node${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      };
    return { ok: true, value: [...new Set(pick.names)] };
  }
  const parsed = parseNodeSelector(pick.selector);
  if (!parsed.ok) return parsed;
  const nodes: string[] = [];
  for (const node of index.nodes()) {
    if (matchesNodeTerms(node.labels, parsed.value)) nodes.push(node.name);
  }
  if (nodes.length === 0)
    return { ok: false, error: `node selector "${pick.selector}" matches no node` };
  return { ok: true, value: nodes.sort(byNodeName) };
}
