import type { PubView } from '../model/budget.js';
import { groupOf } from '../model/refs.js';
import { isSelectorLooseOverlap } from './loose.js';
import { refOf } from './live.js';
import type { KruiseConflict } from './types.js';

/** targetRef wins over selector, as in the PUB controller. */
function modeOf(pub: PubView): { kind: 'target'; key: string } | { kind: 'selector'; key: string } | undefined {
  const t = pub.spec.targetRef;
  if (t) return { kind: 'target', key: `${groupOf(t.apiVersion)}/${t.kind}/${t.name}` };
  const s = pub.spec.selector;
  if (s == null) return undefined;
  // Loose overlap needs identical key sets, so only PUBs with the same key set are compared.
  const keys = new Set([...(s.matchExpressions ?? []).map((e) => e.key), ...Object.keys(s.matchLabels ?? {})]);
  return { kind: 'selector', key: [...keys].sort().join('\u0000') };
}

/**
 * PUB pairs OpenKruise's own admission rule flags: the same target (group, kind, name; version
 * ignored), or selectors that `isSelectorLooseOverlap` finds overlapping. Grouped by namespace and
 * key set, so unrelated PUBs are never compared.
 */
export function kruiseConflicts(pubs: readonly PubView[]): KruiseConflict[] {
  const groups = new Map<string, { pub: PubView; kind: 'target' | 'selector' }[]>();
  for (const pub of pubs) {
    const mode = modeOf(pub);
    if (!mode) continue;
    const key = `${pub.namespace}\u0001${mode.kind}\u0001${mode.key}`;
    const list = groups.get(key);
    if (list) list.push({ pub, kind: mode.kind });
    else groups.set(key, [{ pub, kind: mode.kind }]);
  }
  const out: KruiseConflict[] = [];
  for (const list of groups.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (!a || !b) continue;
        if (a.kind === 'target') {
          out.push({
            a: refOf(a.pub),
            b: refOf(b.pub),
            rule: 'kruise-target-ref',
            message: `pub.spec.targetReference is in conflict with other PodUnavailableBudget ${a.pub.name}`,
          });
        } else if (isSelectorLooseOverlap(a.pub.spec.selector ?? {}, b.pub.spec.selector ?? {})) {
          out.push({
            a: refOf(a.pub),
            b: refOf(b.pub),
            rule: 'kruise-loose-selector',
            message: `pub.spec.selector is in conflict with other PodUnavailableBudget ${a.pub.name}`,
          });
        }
      }
    }
  }
  return out;
}
