import { rfc3339 } from '../budgets/time.js';
import type { PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { pubView } from '../model/pub-view.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { isPubPodAvailable } from './available.js';
import { PUB_OPERATIONS } from '../validation/pub.js';
import type { PubAdmission, PubOperation } from './types.js';

export const RELATED_PUB_ANNOTATION = 'pub.kruise.io/related-pub';
export const DEPRECATED_RELATED_PUB_ANNOTATION = 'kruise.io/related-pub';
export const NO_PROTECT_ANNOTATION = 'pub.kruise.io/no-protect';
/** `MaxUnavailablePodSize`: more recorded pods than this and the webhook refuses. */
export const PUB_MAX_RECORDED_PODS = 2000;
const DEFAULT_PROTECTED: readonly PubOperation[] = ['DELETE', 'UPDATE', 'EVICT'];

/** The PUB a pod names in its annotation (the webhook finds it only this way). */
export function relatedPubName(pod: PodView): string | undefined {
  return (
    pod.annotations[RELATED_PUB_ANNOTATION] ?? pod.annotations[DEPRECATED_RELATED_PUB_ANNOTATION]
  );
}

/** Whether the PUB protects this operation; RESIZE follows UPDATE (InPlacePodVerticalScaling off). */
export function isOperationProtected(pub: PubView, operation: PubOperation): boolean {
  const ops = pub.spec.protectOperations ?? DEFAULT_PROTECTED;
  if (ops.includes(operation)) return true;
  return operation === 'RESIZE' && ops.includes('UPDATE');
}

/** The operations this PUB guards: its protectOperations (or annotation), else Kruise's default. */
export function protectedOperations(pub: PubView): PubOperation[] {
  return PUB_OPERATIONS.filter((operation) => isOperationProtected(pub, operation));
}

const allow = (bypass?: string): PubAdmission => ({
  allowed: true,
  code: 200,
  reason: '',
  ...(bypass ? { bypass } : {}),
});

function deny(pub: PubView, why: string): PubAdmission {
  return {
    allowed: false,
    code: 403,
    reason: 'Forbidden',
    message: `podunavailablebudget.policy.kruise.io "${pub.name}" is forbidden: ${why}`,
  };
}

export interface AdmitPubPodOperationInput {
  pod: PodView;
  /** The PUB the pod's related-pub annotation names (undefined: not found). */
  pub: PubView | undefined;
  operation: PubOperation;
  dryRun: boolean;
  now: Date;
}

/**
 * `PodUnavailableBudgetValidatePod` for DELETE, EVICT, UPDATE or RESIZE of one pod (for UPDATE, the
 * old pod). The PUB's stored status decides; there is no observedGeneration check.
 */
export function admitPubPodOperation({
  pod,
  pub,
  operation,
  dryRun,
  now,
}: AdmitPubPodOperationInput): PubAdmission {
  const name = relatedPubName(pod);
  if (name === undefined) return allow('no related PUB');
  if (!pub || pub.name !== name || pub.namespace !== pod.namespace) return allow('PUB not found');
  if (pod.annotations[NO_PROTECT_ANNOTATION] === 'true')
    return allow(`annotated ${NO_PROTECT_ANNOTATION}`);
  if (
    pub.spec.ignoredPodSelector &&
    labelSelectorMatches(pub.spec.ignoredPodSelector, pod.labels)
  ) {
    return allow('matches ignoredPodSelector');
  }
  if (!isOperationProtected(pub, operation)) return allow(`${operation} not protected`);
  if (
    pub.status.disruptedPods[pod.name] !== undefined ||
    pub.status.unavailablePods[pod.name] !== undefined
  ) {
    return allow('already recorded by the PUB');
  }
  if (!isPubPodAvailable(pod)) return allow('pod not available');
  if (pub.status.desiredAvailable === 0) return allow('desiredAvailable is 0');

  if (pub.status.unavailableAllowed <= 0) return deny(pub, 'pub unavailable allowed is negative');
  const recorded =
    Object.keys(pub.status.disruptedPods).length + Object.keys(pub.status.unavailablePods).length;
  if (recorded > PUB_MAX_RECORDED_PODS) {
    return deny(
      pub,
      'DisruptedPods and UnavailablePods map too big - too many unavailable not confirmed by PUB controller',
    );
  }
  if (dryRun) return allow();
  const at = rfc3339(now);
  const status = { ...pub.status, unavailableAllowed: pub.status.unavailableAllowed - 1 };
  if (operation === 'UPDATE')
    status.unavailablePods = { ...pub.status.unavailablePods, [pod.name]: at };
  else status.disruptedPods = { ...pub.status.disruptedPods, [pod.name]: at };
  return { ...allow(), pubAfter: pubView(pub, status) };
}
