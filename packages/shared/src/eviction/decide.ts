import { pdbsForPod } from '../budgets/select.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { admitPubPodOperation, relatedPubName } from '../pub/admit.js';
import { checkAndDecrement, checkRefusal, refusalStatus } from './decide-check.js';
import { POD_DELETING_RULES, type EvictionFigures, type EvictionRule } from './decide-rule.js';
import type { DecideEvictionInput, EvictionDecision } from './decide-types.js';
import { decision, outcomeWith, type Outcome } from './decide-outcome.js';
import {
  badRequestStatus,
  conflictStatus,
  multiplePdbsStatus,
  podNotFoundStatus,
  successStatus,
  tooManyRequestsStatus,
  webhookDeniedStatus,
} from './decide-status.js';

/** `EvictionsRetry.Steps`: how often a conflicting pod delete is tried. */
export const EVICTION_DELETE_ATTEMPTS = 20;
/** The name OpenKruise registers its `pods/eviction` validating webhook under (pkg/webhook/pod/validating/webhooks.go). */
export const KRUISE_EVICTION_WEBHOOK = 'vpodeviction.kb.io';

const OBJECT_MODIFIED =
  'the object has been modified; please apply your changes to the latest version and try again';

/** `canIgnorePDB`: terminal, Pending or terminating pods are deleted without looking at budgets. */
export function canIgnorePdb(pod: PodView): boolean {
  return (
    pod.phase === 'Succeeded' ||
    pod.phase === 'Failed' ||
    pod.phase === 'Pending' ||
    pod.deletionTimestamp !== undefined
  );
}

type Preconditions = { uid?: string; resourceVersion?: string };

/**
 * The delete's preconditions against the stored pod: addConditionAndDeletePod's own wording, or on
 * a dry run (which skips that step) the storage layer's.
 */
function preconditionMismatch(
  pod: PodView,
  pre: Preconditions,
  dryRun: boolean,
): { resource: string; why: string } | undefined {
  const checks = [
    { given: pre.uid, stored: pod.uid, what: 'UID', consequence: 'deleted and then recreated' },
    {
      given: pre.resourceVersion,
      stored: pod.resourceVersion,
      what: 'ResourceVersion',
      consequence: 'modified',
    },
  ];
  for (const c of checks) {
    if (c.given === undefined || c.given === '' || c.given === c.stored) continue;
    if (dryRun) {
      return {
        resource: 'pods',
        why: `StorageError: invalid object, Code: 4, Key: /registry/pods/${pod.namespace}/${pod.name}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ${c.what} in precondition: ${c.given}, ${c.what} in object meta: ${c.stored}`,
      };
    }
    return {
      resource: 'Pod',
      why: `the ${c.what} in the precondition (${c.given}) does not match the ${c.what} in record (${c.stored}). The object might have been ${c.consequence}`,
    };
  }
  return undefined;
}

interface DeleteInput {
  pod: PodView;
  input: DecideEvictionInput;
  /** The rule that let the pod go (a failed delete turns it into delete-conflict). */
  rule: EvictionRule;
  /** The resourceVersion precondition the server sets (Pending pods, unhealthy shortcut); it replaces the caller's. */
  serverRv?: string;
}

/** The pod delete (docs/semantics.md §5.6): user preconditions, then faults; success is 201. */
function deletePod({ pod, input, rule, serverRv }: DeleteInput): Outcome {
  const { options = {} } = input;
  // addConditionAndDeletePod checks the caller's preconditions against the stored pod: one attempt.
  const base = outcomeWith(
    { rule, status: successStatus() },
    { deleteAttempts: 1, deletePreconditionResourceVersion: serverRv },
  );
  const given = options.preconditions ?? {};
  const effective: Preconditions = {
    uid: given.uid,
    resourceVersion: serverRv ?? given.resourceVersion,
  };
  const mismatch = preconditionMismatch(pod, effective, options.dryRun ?? false);
  if (mismatch !== undefined)
    return outcomeWith(base, {
      rule: 'delete-conflict',
      status: conflictStatus(mismatch.resource, pod.name, mismatch.why),
    });
  const faults = options.faults ?? {};
  if (faults.podDeleteAlwaysConflict || faults.podDeleteConflict) {
    return outcomeWith(base, {
      rule: 'delete-conflict',
      status: conflictStatus('pods', pod.name, OBJECT_MODIFIED),
    });
  }
  return outcomeWith(base, { podDeleted: true });
}

/** Step A: a bypassing pod is deleted at once; Pending pods under a server RV precondition, retried on 409. */
function bypassRule(pod: PodView): EvictionRule {
  if (pod.deletionTimestamp !== undefined) return 'bypass-terminating';
  return pod.phase === 'Pending' ? 'bypass-pending' : 'bypass-terminal';
}

function evictBypassing(pod: PodView, input: DecideEvictionInput): Outcome {
  const userRv = input.options?.preconditions?.resourceVersion;
  const rule = bypassRule(pod);
  const serverRv =
    rule === 'bypass-pending' && userRv === undefined ? pod.resourceVersion : undefined;
  const first = deletePod({ pod, input, rule, serverRv });
  // Only Conflicts are retried (EvictionsRetry), and not when the caller gave a resourceVersion precondition.
  if (first.status.code !== 409 || userRv !== undefined) return first;
  const once =
    input.options?.faults?.podDeleteConflict === true &&
    input.options.faults.podDeleteAlwaysConflict !== true;
  if (!once) return outcomeWith(first, { deleteAttempts: EVICTION_DELETE_ATTEMPTS });
  const retried = deletePod({
    pod,
    input: { ...input, options: { ...input.options, faults: {} } },
    rule,
    serverRv,
  });
  return outcomeWith(retried, { deleteAttempts: 2 });
}

/**
 * Steps B–D up to the pod delete: the rule that decides an eviction of a pod that does not bypass
 * budgets, given the PDBs that match it (a delete that then conflicts turns a rule that lets the
 * pod go into `delete-conflict` or `unhealthy-pod-changed`). Cheap: no answer is built.
 */
export function budgetedEvictionRule(
  podReady: boolean,
  matching: readonly PdbView[],
  admittedByPub: boolean,
): EvictionRule {
  if (matching.length > 1) return 'multiple-pdbs';
  const pdb = matching[0];
  if (!pdb) return admittedByPub ? 'kruise-admitted' : 'no-budget';
  if (!podReady) {
    if (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow') return 'unhealthy-always-allow';
    const s = pdb.status;
    if (s.currentHealthy >= s.desiredHealthy && s.desiredHealthy > 0)
      return 'unhealthy-healthy-budget';
  }
  const refusal = checkRefusal(pdb);
  if (refusal === undefined) return 'budget-decremented';
  return refusal === 'budget-exhausted' && !podReady ? 'unhealthy-refused' : refusal;
}

/** The figures a budgeted eviction is decided on: its one PDB's too, when exactly one matches. */
function budgetedFigures(pod: PodView, matching: readonly PdbView[]): EvictionFigures {
  const pdb = matching.length === 1 ? matching[0] : undefined;
  if (!pdb) return { selectingPdbs: matching.length, podReady: pod.ready };
  return {
    selectingPdbs: 1,
    podReady: pod.ready,
    disruptionsAllowed: pdb.status.disruptionsAllowed,
    currentHealthy: pdb.status.currentHealthy,
    desiredHealthy: pdb.status.desiredHealthy,
  };
}

/** The answer under a rule of budgetedEvictionRule's that refuses the eviction (not pod-deleting). */
function budgetedRefusal(
  rule: EvictionRule,
  matching: readonly PdbView[],
  figures: EvictionFigures,
): Outcome {
  const pdb = matching[0];
  if (rule === 'multiple-pdbs' || !pdb) return { rule, status: multiplePdbsStatus(), figures };
  return { rule, status: refusalStatus(pdb, rule), figures, budget: pdb };
}

/**
 * What decideEviction answers, as a dry run, for a pod no PUB webhook judges whose eviction
 * budgetedEvictionRule refused under `rule`, given the PDBs matching it: the answer built from the
 * rule, without deciding again.
 */
export function refusedEvictionDecision(
  pod: PodView,
  matching: readonly PdbView[],
  rule: EvictionRule,
): EvictionDecision {
  return decision(budgetedRefusal(rule, matching, budgetedFigures(pod, matching)), undefined, true);
}

/** Steps B–D for a pod that does not bypass budgets. */
function evictBudgeted(pod: PodView, input: DecideEvictionInput, admittedByPub: boolean): Outcome {
  const dryRun = input.options?.dryRun ?? false;
  const matching = pdbsForPod(pod, input.pdbs);
  const rule = budgetedEvictionRule(pod.ready, matching, admittedByPub);
  const figures = budgetedFigures(pod, matching);
  if (!POD_DELETING_RULES.has(rule)) return budgetedRefusal(rule, matching, figures);
  const pdb = matching[0];
  if (!pdb) return outcomeWith(deletePod({ pod, input, rule }), { figures });
  const userRv = input.options?.preconditions?.resourceVersion;
  if (rule === 'unhealthy-always-allow' || rule === 'unhealthy-healthy-budget') {
    // The pod must not have become Ready since the decision: the delete is guarded by its RV.
    const out = deletePod({ pod, input, rule, serverRv: pod.resourceVersion });
    if (out.status.code === 409 && userRv === undefined) {
      return outcomeWith(out, {
        rule: 'unhealthy-pod-changed',
        figures,
        budget: pdb,
        status: tooManyRequestsStatus(
          `The disruption budget ${pdb.name} is still being processed by the server.`,
          10,
        ),
      });
    }
    return outcomeWith(out, { figures, budget: pdb });
  }
  // budgetedEvictionRule let it through: checkAndDecrement does not refuse.
  const checked = checkAndDecrement(pdb, pod.name, dryRun, input.now);
  if (!checked.ok) return budgetedRefusal(checked.error.rule, matching, figures);
  // The decremented status is what would be written; a dry run stops before writing it.
  const out = deletePod({ pod, input, rule: 'budget-decremented' });
  return outcomeWith(out, {
    figures: {
      selectingPdbs: figures.selectingPdbs,
      podReady: figures.podReady,
      disruptionsAllowed: figures.disruptionsAllowed,
      currentHealthy: figures.currentHealthy,
      desiredHealthy: figures.desiredHealthy,
      disruptionsAllowedAfter: checked.value.status.disruptionsAllowed,
    },
    budget: pdb,
    pdbChanged: !dryRun,
    pdbAfter: checked.value,
  });
}

/**
 * What `POST /api/v1/namespaces/<ns>/pods/<name>/eviction` answers (pkg/registry/core/pod/storage/
 * eviction.go), from stored state only: name check, OpenKruise's pod webhook (when PUBs are given),
 * the bypass for Pending/terminal/terminating pods, the single-PDB rule, the unhealthy-pod policy,
 * then `checkAndDecrement`. Dry run decides the same but writes nothing and deletes nothing.
 */
export function decideEviction(input: DecideEvictionInput): EvictionDecision {
  const { podName, pod, options = {} } = input;
  const dryRun = options.dryRun ?? false;
  if (options.urlName !== undefined && options.urlName !== podName) {
    return decision(
      {
        rule: 'name-mismatch',
        status: badRequestStatus('name in URL does not match name in Eviction object'),
      },
      undefined,
      dryRun,
    );
  }
  let pubAfter: EvictionDecision['pubAfter'];
  let admittedByPub = false;
  if (pod && input.pubs && relatedPubName(pod) !== undefined) {
    const name = relatedPubName(pod);
    const pub = input.pubs.find((p) => p.name === name && p.namespace === pod.namespace);
    const admission = admitPubPodOperation({
      pod,
      pub,
      operation: 'EVICT',
      dryRun,
      now: input.now,
    });
    if (!admission.allowed) {
      return decision(
        {
          rule: 'kruise-denied',
          status: webhookDeniedStatus(KRUISE_EVICTION_WEBHOOK, {
            code: admission.code,
            reason: admission.reason,
            message: admission.message ?? '',
          }),
        },
        undefined,
        dryRun,
      );
    }
    pubAfter = admission.pubAfter;
    // A PUB that exists and protects the pod admitted it (with or without using its budget).
    admittedByPub = pub !== undefined && admission.bypass !== 'PUB not found';
  }
  if (!pod)
    return decision(
      { rule: 'pod-not-found', status: podNotFoundStatus(podName) },
      pubAfter,
      dryRun,
    );
  const outcome = canIgnorePdb(pod)
    ? evictBypassing(pod, input)
    : evictBudgeted(pod, input, admittedByPub);
  // A dry run deletes nothing (and writes nothing).
  const final = dryRun ? outcomeWith(outcome, { podDeleted: false, pdbChanged: false }) : outcome;
  return decision(final, dryRun ? undefined : pubAfter, dryRun);
}
