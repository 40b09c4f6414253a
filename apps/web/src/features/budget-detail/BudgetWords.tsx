import type { BudgetDetailResponse, PdbRow, PubRow } from '@pdbscope/shared/api';
import { countOf } from '../../components/numbers.js';
import { POLICY_WORDS } from '../../components/rule-words.js';

type Detail = BudgetDetailResponse;

/** The pods a dry-run eviction would let go now, by the rule that lets them. */
function evictableNow(lanes: Detail['lanes']) {
  return [...lanes.available, ...lanes.unavailable, ...lanes.disrupted].filter(
    (pod) => pod.evictableNow.allowed,
  );
}

/** What still goes although the budget blocks: unready pods under the policy, or others. */
function stillGoes(pods: ReturnType<typeof evictableNow>): string {
  const rules = new Set(pods.map((pod) => pod.evictableNow.rule));
  const only = rules.size === 1 ? [...rules][0] : undefined;
  if (only === 'unhealthy-always-allow')
    return `Its ${countOf(pods.length, 'unready pod')} may still be evicted: unhealthyPodEvictionPolicy AlwaysAllow lets an unready pod go even though the budget is at its minimum.`;
  if (only === 'unhealthy-healthy-budget')
    return `Its ${countOf(pods.length, 'unready pod')} may still be evicted: under IfHealthyBudget an unready pod goes while the budget has all the healthy pods it needs.`;
  return `${countOf(pods.length, 'pod')} may still be evicted now (marked ✓ below).`;
}

/**
 * The blocking banner. A budget at 0 still lets some pods go (unready ones under AlwaysAllow,
 * Pending ones): then it says which, instead of claiming every eviction is refused.
 */
export function BlockingNotice({ detail }: { detail: Detail }) {
  const reason = detail.budget.flags.blockingReason;
  if (reason === null) return null;
  const going = evictableNow(detail.lanes);
  if (going.length === 0) return <p className="notice bad">Blocks every eviction: {reason}.</p>;
  return (
    <p className="notice warn">
      Blocks the eviction of its Ready pods: {reason}. {stillGoes(going)}
    </p>
  );
}

/** KEP-3017's unhealthyPodEvictionPolicy, explained with this budget's own numbers. */
export function UnhealthyPolicyNote({ row }: { row: PdbRow }) {
  if (row.unhealthyPodEvictionPolicy === 'AlwaysAllow')
    return (
      <p className="policy-note">
        unhealthyPodEvictionPolicy{' '}
        {POLICY_WORDS.AlwaysAllow.replace('this unready pod', 'an unready pod')}.
      </p>
    );
  const healthy = row.currentHealthy >= row.desiredHealthy && row.desiredHealthy > 0;
  return (
    <p className="policy-note">
      unhealthyPodEvictionPolicy{' '}
      {POLICY_WORDS.IfHealthyBudget.replace('this unready pod', 'an unready pod')}
      {row.unhealthyPodEvictionPolicy === undefined
        ? ' (IfHealthyBudget is the default when unset)'
        : ''}
      . It has {row.currentHealthy} of {row.desiredHealthy} healthy pods now, so its unready pods{' '}
      {healthy
        ? 'may be evicted without using a disruption.'
        : 'need an allowed disruption like a Ready pod.'}
    </p>
  );
}

const OPERATION_WORDS = {
  DELETE: 'delete',
  EVICT: 'eviction',
  UPDATE: 'in-place update',
  RESIZE: 'in-place resize',
} as const;
const ORDER = ['DELETE', 'EVICT', 'UPDATE', 'RESIZE'] as const;

const joinWords = (words: readonly string[]) =>
  words.length <= 1
    ? (words[0] ?? 'nothing')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;

/** What OpenKruise's webhook guards for this PodUnavailableBudget, and where that is configured. */
export function PubProtects({ row }: { row: PubRow }) {
  const operations = row.protects ?? ['DELETE', 'EVICT', 'UPDATE', 'RESIZE'];
  const from =
    row.protectsFrom === 'annotation'
      ? 'as its kruise.io/pub-protect-operations annotation says'
      : row.protectsFrom === 'spec'
        ? 'as its spec.protectOperations says'
        : "Kruise's default, as it has no kruise.io/pub-protect-operations annotation or spec.protectOperations";
  return (
    <p className="policy-note">
      Protects each selected pod against{' '}
      <strong>
        {joinWords(ORDER.filter((op) => operations.includes(op)).map((op) => OPERATION_WORDS[op]))}
      </strong>{' '}
      ({from}): while unavailable allowed is 0, OpenKruise&apos;s webhook refuses these for a pod
      that is available; a pod annotated{' '}
      <span className="mono">pub.kruise.io/no-protect: &quot;true&quot;</span> is never protected.
    </p>
  );
}
