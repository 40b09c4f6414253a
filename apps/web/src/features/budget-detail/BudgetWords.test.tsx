import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { noFlags, pdbRow, pubRow } from '@pdbscope/shared/testing';
import { BlockingNotice, PubProtects, UnhealthyPolicyNote } from './BudgetWords.js';
import { timelineMarksWords } from './BudgetEvents.js';
import { zookeeperDetail } from '../../test/fixtures.js';

const reason = 'it allows 0 disruptions: every eviction of a healthy pod is refused';
const text = (node: React.ReactElement) => render(node).container.textContent;

describe('the budget detail in words', () => {
  it('does not claim every eviction is blocked above pods that may still go', () => {
    const detail = zookeeperDetail();
    const blocking = {
      ...detail.budget,
      flags: { ...noFlags, blocking: true, blockingReason: reason },
    };
    const allowAll = {
      ...detail,
      budget: blocking,
      lanes: {
        ...detail.lanes,
        unavailable: detail.lanes.unavailable.map((pod) => ({
          ...pod,
          evictableNow: { ...pod.evictableNow, rule: 'unhealthy-always-allow' as const },
        })),
      },
    };
    const noneGoes = {
      ...detail,
      budget: blocking,
      lanes: { ...detail.lanes, unavailable: [] },
    };
    expect([
      text(<BlockingNotice detail={allowAll} />),
      text(<BlockingNotice detail={noneGoes} />),
    ]).toStrictEqual([
      `Blocks the eviction of its Ready pods: ${reason}. Its 1 unready pod may still be evicted: unhealthyPodEvictionPolicy AlwaysAllow lets an unready pod go even though the budget is at its minimum.`,
      `Blocks every eviction: ${reason}.`,
    ]);
  });

  it("explains KEP-3017's policy with the budget's own numbers", () => {
    const always = pdbRow('shop', 'checkout-api', { unhealthyPodEvictionPolicy: 'AlwaysAllow' });
    const ifHealthy = pdbRow('shop', 'orders-api', {
      unhealthyPodEvictionPolicy: 'IfHealthyBudget',
      currentHealthy: 1,
      desiredHealthy: 2,
    });
    const unset = pdbRow('data', 'zookeeper', { currentHealthy: 2, desiredHealthy: 2 });
    expect([
      text(<UnhealthyPolicyNote row={always} />),
      text(<UnhealthyPolicyNote row={ifHealthy} />),
      text(<UnhealthyPolicyNote row={unset} />),
    ]).toStrictEqual([
      'unhealthyPodEvictionPolicy AlwaysAllow: an unready pod may be evicted even though the budget is at its minimum; it uses no allowed disruption.',
      'unhealthyPodEvictionPolicy IfHealthyBudget: an unready pod may be evicted only while the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); otherwise it needs an allowed disruption like a Ready pod. It has 1 of 2 healthy pods now, so its unready pods need an allowed disruption like a Ready pod.',
      'unhealthyPodEvictionPolicy IfHealthyBudget: an unready pod may be evicted only while the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); otherwise it needs an allowed disruption like a Ready pod (IfHealthyBudget is the default when unset). It has 2 of 2 healthy pods now, so its unready pods may be evicted without using a disruption.',
    ]);
  });

  it('says what a PodUnavailableBudget protects, and from where', () => {
    const byDefault = pubRow('games', 'lobby', {
      protects: ['DELETE', 'EVICT', 'UPDATE', 'RESIZE'],
      protectsFrom: 'default',
    });
    const annotated = pubRow('games', 'matchmaker', {
      protects: ['EVICT'],
      protectsFrom: 'annotation',
    });
    expect([
      text(<PubProtects row={byDefault} />),
      text(<PubProtects row={annotated} />),
    ]).toStrictEqual([
      'Protects each selected pod against delete, eviction, in-place update and in-place resize (Kruise\'s default, as it has no kruise.io/pub-protect-operations annotation or spec.protectOperations): while unavailable allowed is 0, OpenKruise\'s webhook refuses these for a pod that is available; a pod annotated pub.kruise.io/no-protect: "true" is never protected.',
      'Protects each selected pod against eviction (as its kruise.io/pub-protect-operations annotation says): while unavailable allowed is 0, OpenKruise\'s webhook refuses these for a pod that is available; a pod annotated pub.kruise.io/no-protect: "true" is never protected.',
    ]);
  });

  it('says why Events is empty while the timeline marks evictions', () => {
    const at = '2026-11-21T19:20:00Z';
    expect([
      timelineMarksWords([]),
      timelineMarksWords([
        { at, type: 'evicted', pod: 'shop/a' },
        { at, type: 'evicted', pod: 'shop/b' },
        { at, type: 'unready', pod: 'shop/c' },
      ]),
    ]).toStrictEqual([
      '',
      "The timeline's 2 evictions and 1 pod becoming unready are what pdbscope saw on its watch: the Eviction API records no Event of its own.",
    ]);
  });
});
