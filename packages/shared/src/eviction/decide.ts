import { withDisruptionAllowedCondition } from '../budgets/condition.js';
import { pdbsForPod } from '../budgets/select.js';
import { rfc3339 } from '../budgets/time.js';
import type { PdbView } from '../model/budget.js';
import { statusIsStale } from '../model/stale.js';
import type { PodView } from '../model/pod.js';
import { admitPubPodOperation, relatedPubName } from '../pub/admit.js';
import type { DecideEvictionInput, EvictionDecision, StatusBody } from './decide-types.js';
import {
  badRequestStatus,
  conflictStatus,
  multiplePdbsStatus,
  pdbForbiddenStatus,
  podNotFoundStatus,
  successStatus,
  tooManyRequestsStatus,
  webhookDeniedStatus,
} from './decide-status.js';

/** `MaxDisruptedPodSize`: more unconfirmed evictions than this and the handler refuses. */
export const MAX_DISRUPTED_POD_SIZE = 2000;
/** `EvictionsRetry.Steps`: how often a conflicting pod delete is tried. */
export const EVICTION_DELETE_ATTEMPTS = 20;
/** The name OpenKruise registers its `pods/eviction` validating webhook under (pkg/webhook/pod/validating/webhooks.go). */
export const KRUISE_EVICTION_WEBHOOK = 'vpodeviction.kb.io';

const OBJECT_MODIFIED =
  'the object has been modified; please apply your changes to the latest version and try again';

interface Outcome {
  status: StatusBody;
  pdbChanged?: boolean;
  podDeleted?: boolean;
  budget?: PdbView;
  pdbAfter?: PdbView;
  deletePreconditionResourceVersion?: string;
  deleteAttempts?: number;
}

function decision(o: Outcome, pubAfter: EvictionDecision['pubAfter']): EvictionDecision {
  const s = o.status;
  const allowed = s.status === 'Success';
  return {
    allowed,
    code: s.code,
    reason: s.reason ?? '',
    message: s.message ?? '',
    causes: s.details?.causes ?? [],
    ...(s.details?.retryAfterSeconds !== undefined || s.code === 429
      ? { retryAfterSeconds: s.details?.retryAfterSeconds ?? 0 }
      : {}),
    pdbChanged: o.pdbChanged ?? false,
    podDeleted: o.podDeleted ?? false,
    ...(o.budget
      ? {
          budget: {
            kind: 'PodDisruptionBudget',
            namespace: o.budget.namespace,
            name: o.budget.name,
          },
        }
      : {}),
    ...(o.pdbAfter ? { pdbAfter: o.pdbAfter } : {}),
    ...(pubAfter ? { pubAfter } : {}),
    ...(o.deletePreconditionResourceVersion !== undefined
      ? { deletePreconditionResourceVersion: o.deletePreconditionResourceVersion }
      : {}),
    deleteAttempts: o.deleteAttempts ?? 0,
    // The ">1 PDB" Status is returned, not raised: the create handler writes it with 201.
    httpStatus: s.code === 500 ? 201 : s.code,
    status: s,
  };
}

/** `canIgnorePDB`: terminal, Pending or terminating pods are deleted without looking at budgets. */
export function canIgnorePdb(pod: PodView): boolean {
  return (
    pod.phase === 'Succeeded' ||
    pod.phase === 'Failed' ||
    pod.phase === 'Pending' ||
    pod.deletionTimestamp !== undefined
  );
}

type CheckResult = { ok: true; pdbAfter: PdbView } | { ok: false; status: StatusBody };

/** `checkAndDecrement` against the PDB's stored status. */
export function checkAndDecrement(
  pdb: PdbView,
  podName: string,
  dryRun: boolean,
  now: Date,
): CheckResult {
  const s = pdb.status;
  if (statusIsStale(pdb)) {
    return {
      ok: false,
      status: tooManyRequestsStatus(
        `The disruption budget ${pdb.name} is still being processed by the server.`,
        10,
      ),
    };
  }
  if (s.disruptionsAllowed < 0)
    return {
      ok: false,
      status: pdbForbiddenStatus(pdb.name, 'pdb disruptions allowed is negative'),
    };
  if (Object.keys(s.disruptedPods).length > MAX_DISRUPTED_POD_SIZE) {
    return {
      ok: false,
      status: pdbForbiddenStatus(
        pdb.name,
        'DisruptedPods map too big - too many evictions not confirmed by PDB controller',
      ),
    };
  }
  if (s.disruptionsAllowed === 0) {
    return {
      ok: false,
      status: tooManyRequestsStatus(
        `The disruption budget ${pdb.name} needs ${s.desiredHealthy} healthy pods and has ${s.currentHealthy} currently`,
        0,
      ),
    };
  }
  let status = { ...s, disruptionsAllowed: s.disruptionsAllowed - 1 };
  if (status.disruptionsAllowed === 0) status = withDisruptionAllowedCondition(status, now);
  if (!dryRun)
    status = { ...status, disruptedPods: { ...s.disruptedPods, [podName]: rfc3339(now) } };
  return { ok: true, pdbAfter: { ...pdb, status } };
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
  /** The resourceVersion precondition the server sets (Pending pods, unhealthy shortcut); it replaces the caller's. */
  serverRv?: string;
}

/** The pod delete (docs/semantics.md §5.6): user preconditions, then faults; success is 201. */
function deletePod({ pod, input, serverRv }: DeleteInput): Outcome {
  const { options = {} } = input;
  // addConditionAndDeletePod checks the caller's preconditions against the stored pod: one attempt.
  const base: Outcome = {
    status: successStatus(),
    deleteAttempts: 1,
    ...(serverRv !== undefined ? { deletePreconditionResourceVersion: serverRv } : {}),
  };
  const given = options.preconditions ?? {};
  const effective: Preconditions = {
    ...given,
    ...(serverRv !== undefined ? { resourceVersion: serverRv } : {}),
  };
  const mismatch = preconditionMismatch(pod, effective, options.dryRun ?? false);
  if (mismatch !== undefined)
    return { ...base, status: conflictStatus(mismatch.resource, pod.name, mismatch.why) };
  const faults = options.faults ?? {};
  if (faults.podDeleteAlwaysConflict || faults.podDeleteConflict) {
    return { ...base, status: conflictStatus('pods', pod.name, OBJECT_MODIFIED) };
  }
  return { ...base, podDeleted: true };
}

/** Step A: a bypassing pod is deleted at once; Pending pods under a server RV precondition, retried on 409. */
function evictBypassing(pod: PodView, input: DecideEvictionInput): Outcome {
  const userRv = input.options?.preconditions?.resourceVersion;
  const terminalOrTerminating =
    pod.phase === 'Succeeded' || pod.phase === 'Failed' || pod.deletionTimestamp !== undefined;
  const serverRv = !terminalOrTerminating && userRv === undefined ? pod.resourceVersion : undefined;
  const first = deletePod({ pod, input, serverRv });
  // Only Conflicts are retried (EvictionsRetry), and not when the caller gave a resourceVersion precondition.
  if (first.status.code !== 409 || userRv !== undefined) return first;
  const once =
    input.options?.faults?.podDeleteConflict === true &&
    input.options.faults.podDeleteAlwaysConflict !== true;
  if (!once) return { ...first, deleteAttempts: EVICTION_DELETE_ATTEMPTS };
  const retried = deletePod({
    pod,
    input: { ...input, options: { ...input.options, faults: {} } },
    serverRv,
  });
  return { ...retried, deleteAttempts: 2 };
}

/** Steps B–D for a pod that does not bypass budgets. */
function evictBudgeted(pod: PodView, input: DecideEvictionInput): Outcome {
  const dryRun = input.options?.dryRun ?? false;
  const matching = pdbsForPod(pod, input.pdbs);
  if (matching.length > 1) return { status: multiplePdbsStatus() };
  const pdb = matching[0];
  if (!pdb) return deletePod({ pod, input });
  const userRv = input.options?.preconditions?.resourceVersion;
  if (!pod.ready) {
    const always = pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow';
    const healthyBudget =
      pdb.status.currentHealthy >= pdb.status.desiredHealthy && pdb.status.desiredHealthy > 0;
    if (always || healthyBudget) {
      // The pod must not have become Ready since the decision: the delete is guarded by its RV.
      const out = deletePod({ pod, input, serverRv: pod.resourceVersion });
      if (out.status.code === 409 && userRv === undefined) {
        return {
          ...out,
          budget: pdb,
          status: tooManyRequestsStatus(
            `The disruption budget ${pdb.name} is still being processed by the server.`,
            10,
          ),
        };
      }
      return { ...out, budget: pdb };
    }
  }
  const checked = checkAndDecrement(pdb, pod.name, dryRun, input.now);
  if (!checked.ok) return { status: checked.status, budget: pdb };
  // The decremented status is what would be written; a dry run stops before writing it.
  const out = deletePod({ pod, input });
  return { ...out, budget: pdb, pdbChanged: !dryRun, pdbAfter: checked.pdbAfter };
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
      { status: badRequestStatus('name in URL does not match name in Eviction object') },
      undefined,
    );
  }
  let pubAfter: EvictionDecision['pubAfter'];
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
          status: webhookDeniedStatus(KRUISE_EVICTION_WEBHOOK, {
            code: admission.code,
            reason: admission.reason,
            message: admission.message ?? '',
          }),
        },
        undefined,
      );
    }
    pubAfter = admission.pubAfter;
  }
  if (!pod) return decision({ status: podNotFoundStatus(podName) }, pubAfter);
  const outcome = canIgnorePdb(pod) ? evictBypassing(pod, input) : evictBudgeted(pod, input);
  // A dry run deletes nothing (and writes nothing).
  const final = dryRun ? { ...outcome, podDeleted: false, pdbChanged: false } : outcome;
  return decision(final, dryRun ? undefined : pubAfter);
}
