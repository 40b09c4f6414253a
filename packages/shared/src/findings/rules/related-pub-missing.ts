import { relatedPubName } from '../../pub/admit.js';
import type { PodView } from '../../model/pod.js';
import { finding, namesList, somePods } from '../context.js';
import type { FindingRule } from '../types.js';

/** The documented snapshot command, with OpenKruise's budgets when the cluster serves them. */
export const SNAPSHOT_COMMAND =
  'kubectl get pods,pdb,deploy,rs,sts,rc,nodes$(kubectl api-resources -o name | grep -qx podunavailablebudgets.policy.kruise.io && echo ,podunavailablebudgets.policy.kruise.io) -A -o yaml';

/**
 * Pods whose `pub.kruise.io/related-pub` names a PodUnavailableBudget that is not in the input:
 * OpenKruise writes that annotation for a budget that existed, so the budgets were most likely left
 * out (a snapshot taken without them, or PUBs not readable), and its protection is not shown.
 */
export const relatedPubMissing: FindingRule = (ctx) => {
  const pubs = new Set(
    ctx.budgets
      .filter((f) => f.budget.kind === 'PodUnavailableBudget')
      .map((f) => `${f.budget.namespace}/${f.budget.name}`),
  );
  const missing = new Map<string, { namespace: string; name: string; pods: PodView[] }>();
  for (const pod of ctx.pods) {
    const name = relatedPubName(pod);
    if (name === undefined || name === '' || pubs.has(`${pod.namespace}/${name}`)) continue;
    const key = `${pod.namespace}/${name}`;
    const entry = missing.get(key) ?? { namespace: pod.namespace, name, pods: [] };
    entry.pods.push(pod);
    missing.set(key, entry);
  }
  return [...missing.values()].map((m) =>
    finding({
      kind: 'related-pub-missing',
      severity: 'warning',
      object: { kind: 'PodUnavailableBudget', namespace: m.namespace, name: m.name },
      message: `${m.pods.length} pod(s) (${namesList(m.pods.map((p) => p.name))}) name the OpenKruise PodUnavailableBudget ${m.namespace}/${m.name} in pub.kruise.io/related-pub, but no such budget is in what was read: the PodUnavailableBudgets are probably missing (a snapshot taken without them?), so OpenKruise's protection of these pods is not shown.`,
      remedy: `Include podunavailablebudgets.policy.kruise.io in the snapshot: ${SNAPSHOT_COMMAND} > FILE`,
      related: somePods(m.pods),
    }),
  );
};
