import type { ClusterIndex } from '../index/cluster-index.js';

export type NodePick = { selector: string } | { names: readonly string[] };

export type ResolvedNodes = { ok: true; nodes: string[] } | { ok: false; error: string };

/** `key=value[,key=value…]` (also `key==value` and `key!=value`), as kubectl's `-l` for equality. */
export function parseNodeSelector(
  text: string,
):
  | { ok: true; terms: { key: string; value: string; equal: boolean }[] }
  | { ok: false; error: string } {
  const terms: { key: string; value: string; equal: boolean }[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*([A-Za-z0-9][-A-Za-z0-9_./]*)\s*(!=|==|=)\s*([-A-Za-z0-9_.]*)\s*$/.exec(part);
    if (!m) return { ok: false, error: `node selector "${text}" is not KEY=VALUE[,KEY=VALUE…]` };
    terms.push({ key: m[1] ?? '', value: m[3] ?? '', equal: m[2] !== '!=' });
  }
  return { ok: true, terms };
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * The pool's nodes in upgrade order (names in natural order: worker-2 before worker-10), picked by
 * a label selector or by name. Unknown names and a selector matching nothing are errors.
 */
export function resolveNodes(index: ClusterIndex, pick: NodePick): ResolvedNodes {
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
    return { ok: true, nodes: [...new Set(pick.names)] };
  }
  const parsed = parseNodeSelector(pick.selector);
  if (!parsed.ok) return parsed;
  const nodes: string[] = [];
  for (const node of index.nodes()) {
    if (parsed.terms.every((t) => (node.labels[t.key] === t.value) === t.equal))
      nodes.push(node.name);
  }
  if (nodes.length === 0)
    return { ok: false, error: `node selector "${pick.selector}" matches no node` };
  return { ok: true, nodes: nodes.sort(byName) };
}
