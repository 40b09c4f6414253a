import { describe, expect, it } from 'vitest';
import type { Budget, PdbStatus } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { OverlapGroupReport } from '../../overlaps/groups.js';
import { pdb, pod, pub } from '../../overlaps/__fixtures__/objects.js';
import { evaluateFindings } from '../table.js';
import type { BudgetFacts, FindingRule, Recomputed } from '../types.js';
import { neverAllowsDisruption } from './never-allows.js';
import { selectorMatchesNoPod } from './no-pods.js';
import { invalidSpec } from './invalid-spec.js';
import { syncFailed } from './sync-failed.js';
import { staleStatus } from './stale-status.js';
import { disruptedPodNotCleared } from './disrupted-not-cleared.js';
import { statusDiffers } from './status-differs.js';
import { unmanagedPods } from './unmanaged-pods.js';
import { unhealthyPodsBlockDrain } from './unhealthy-blocking.js';
import { jobPodsSelected } from './job-pods.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const noOverlaps: OverlapGroupReport = {
  groups: [],
  podsWithMultipleBudgets: [],
  invalidSelectors: [],
  staticTruncated: false,
};

function run(rule: FindingRule, facts: BudgetFacts[]) {
  return evaluateFindings(
    {
      now: NOW,
      budgets: facts,
      pods: facts.flatMap((f) => f.pods),
      workloads: [],
      overlaps: noOverlaps,
    },
    [rule],
  );
}

const facts = (budget: Budget, pods: PodView[], extra: Partial<BudgetFacts> = {}): BudgetFacts => ({
  budget,
  pods,
  validation: [],
  ...extra,
});
const rs = { kind: 'ReplicaSet', name: 'web-7d9f8' };
const webPods = [0, 1, 2].map((i) => pod('shop', `web-7d9f8-${i}`, { app: 'web' }, { owner: rs }));
const ref = (name: string, kind = 'PodDisruptionBudget') => ({ kind, namespace: 'shop', name });

describe('never-allows-disruption', () => {
  it('flags maxUnavailable 0, minAvailable 100%, an integer minAvailable equal to the pods, a single replica, and an empty spec', () => {
    const one = [
      pod(
        'db',
        'postgres-0',
        { app: 'postgres' },
        { owner: { kind: 'StatefulSet', name: 'postgres' } },
      ),
    ];
    const got = run(neverAllowsDisruption, [
      facts(
        pdb('shop', 'zero', { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 0 }),
        webPods,
      ),
      facts(
        pdb('shop', 'all', { selector: { matchLabels: { app: 'web' } }, minAvailable: '100%' }),
        webPods,
      ),
      facts(
        pdb('shop', 'three', { selector: { matchLabels: { app: 'web' } }, minAvailable: 3 }),
        webPods,
      ),
      facts(
        pdb('shop', 'two', { selector: { matchLabels: { app: 'web' } }, minAvailable: 2 }),
        webPods,
      ),
      facts(pdb('shop', 'unset', { selector: { matchLabels: { app: 'web' } } }), webPods),
      facts(
        pdb('shop', 'ok-percent', {
          selector: { matchLabels: { app: 'web' } },
          maxUnavailable: '30%',
        }),
        webPods,
      ),
      facts(
        pdb(
          'db',
          'single',
          { selector: { matchLabels: { app: 'postgres' } }, minAvailable: '50%' },
          { status: { expectedPods: 1, observedGeneration: 1 } },
        ),
        one,
      ),
    ]);
    expect(got.map((f) => [f.id, f.message])).toStrictEqual([
      [
        'never-allows-disruption:PodDisruptionBudget/shop/zero',
        'PodDisruptionBudget shop/zero can never allow a disruption: maxUnavailable is 0. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
      ],
      [
        'never-allows-disruption:PodDisruptionBudget/shop/all',
        'PodDisruptionBudget shop/all can never allow a disruption: minAvailable is 100%. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
      ],
      [
        'never-allows-disruption:PodDisruptionBudget/shop/three',
        'PodDisruptionBudget shop/three can never allow a disruption: minAvailable 3 needs all 3 pods healthy. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
      ],
      [
        'never-allows-disruption:PodDisruptionBudget/shop/unset',
        'PodDisruptionBudget shop/unset can never allow a disruption: neither minAvailable nor maxUnavailable is set, so expectedPods is 0 and disruptionsAllowed stays 0. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
      ],
      [
        'never-allows-disruption:PodDisruptionBudget/db/single',
        'PodDisruptionBudget db/single can never allow a disruption: minAvailable 50% with a single pod. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.',
      ],
    ]);
    expect(got[0]).toStrictEqual({
      id: 'never-allows-disruption:PodDisruptionBudget/shop/zero',
      kind: 'never-allows-disruption',
      severity: 'warning',
      object: ref('zero'),
      message: got[0]?.message,
      remedy:
        'Allow at least one disruption (e.g. maxUnavailable: 1, or a minAvailable below the replica count) or run more replicas; if the single instance is deliberate, plan its drains by hand.',
    });
  });

  it('flags a PUB with maxUnavailable 0 and leaves a PUB with room alone', () => {
    const got = run(neverAllowsDisruption, [
      facts(
        pub('shop', 'pub-zero', {
          selector: { matchLabels: { app: 'web' } },
          maxUnavailable: '0%',
        }),
        webPods,
      ),
      facts(
        pub('shop', 'pub-ok', { selector: { matchLabels: { app: 'web' } }, minAvailable: 2 }),
        webPods,
      ),
    ]);
    expect(got.map((f) => f.id)).toStrictEqual([
      'never-allows-disruption:PodUnavailableBudget/shop/pub-zero',
    ]);
  });
});

describe('selector-matches-no-pod', () => {
  it('explains a typo, a nil selector and a v1beta1 empty selector, and skips unparsable selectors', () => {
    const got = run(selectorMatchesNoPod, [
      facts(
        pdb('shop', 'typo', { selector: { matchLabels: { app: 'wbe' } }, minAvailable: 1 }),
        [],
      ),
      facts(pdb('shop', 'nil', { minAvailable: 1 }), []),
      facts(
        pdb('shop', 'old', { selector: {}, minAvailable: 1 }, { apiVersion: 'policy/v1beta1' }),
        [],
      ),
      facts(
        pdb('shop', 'bad', {
          selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
        }),
        [],
      ),
      facts(
        pdb('shop', 'fine', { selector: { matchLabels: { app: 'web' } }, minAvailable: 1 }),
        webPods,
      ),
    ]);
    expect(got.map((f) => f.message)).toStrictEqual([
      'PodDisruptionBudget shop/typo selects no pod: no pod in its namespace carries matching labels.',
      'PodDisruptionBudget shop/nil selects no pod: it has no selector, and a nil selector matches no pod.',
      'PodDisruptionBudget shop/old selects no pod: it was written as policy/v1beta1 with an empty selector, which matches no pod.',
    ]);
  });
});

describe('invalid-spec and sync-failed', () => {
  it('renders field errors and admission messages, and the sync error', () => {
    const bad = pdb('shop', 'bad', {
      selector: { matchLabels: { app: 'web' } },
      minAvailable: 'abc%',
    });
    const failed: Recomputed = {
      status: { ...bad.status, disruptionsAllowed: 0 },
      syncFailed: true,
      error: 'invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax',
    };
    const invalid = run(invalidSpec, [
      facts(bad, webPods, {
        validation: [
          {
            field: 'spec.minAvailable',
            type: 'FieldValueInvalid',
            value: 'abc%',
            detail:
              "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
          },
        ],
      }),
      facts(pub('shop', 'p', { selector: {}, maxUnavailable: 1 }), [], {
        validation: ['empty selector is not valid for PodUnavailableBudget.'],
      }),
    ]);
    expect(invalid.map((f) => [f.severity, f.message])).toStrictEqual([
      [
        'error',
        `PodDisruptionBudget shop/bad has an invalid spec: spec.minAvailable: Invalid value: "abc%": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`,
      ],
      [
        'error',
        'PodUnavailableBudget shop/p has an invalid spec: empty selector is not valid for PodUnavailableBudget.',
      ],
    ]);
    const sync = run(syncFailed, [facts(bad, webPods, { recomputed: failed })]);
    expect(sync.map((f) => f.message)).toStrictEqual([
      'The disruption controller cannot compute shop/bad (SyncFailed: invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax); disruptionsAllowed is held at 0.',
    ]);
  });
});

describe('stale-status, disrupted-pod-not-cleared, status-differs', () => {
  const status = (over: Partial<PdbStatus>) => ({
    observedGeneration: 3,
    disruptionsAllowed: 1,
    currentHealthy: 3,
    desiredHealthy: 2,
    expectedPods: 3,
    ...over,
  });

  it('flags observedGeneration < generation only', () => {
    const got = run(staleStatus, [
      facts(
        pdb(
          'shop',
          'stale',
          { selector: {}, minAvailable: 1 },
          { generation: 4, status: status({}) },
        ),
        webPods,
      ),
      facts(
        pdb(
          'shop',
          'fresh',
          { selector: {}, minAvailable: 1 },
          { generation: 3, status: status({}) },
        ),
        webPods,
      ),
    ]);
    expect(got.map((f) => f.message)).toStrictEqual([
      'The status of shop/stale is stale (observedGeneration 3 < generation 4): evictions of its ready pods get 429 "still being processed".',
    ]);
  });

  it('says a budget never synced is new, and what it allows once synced', () => {
    const created = pdb(
      'shop',
      'new',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      {
        generation: 1,
        status: status({
          observedGeneration: 0,
          disruptionsAllowed: 0,
          currentHealthy: 0,
          desiredHealthy: 0,
          expectedPods: 0,
        }),
      },
    );
    const recomputed: Recomputed = {
      status: { ...created.status, ...status({ observedGeneration: 1 }) },
      syncFailed: false,
    };
    const got = run(staleStatus, [facts(created, webPods, { recomputed })]);
    expect(got.map((f) => [f.id, f.message, f.remedy])).toStrictEqual([
      [
        'stale-status:PodDisruptionBudget/shop/new',
        'shop/new has no status yet: the disruption controller has not synced it since it was created (observedGeneration 0 < generation 1), and until it does evictions of its ready pods get 429 "still being processed". Once synced it allows 1 disruption(s) (3 healthy of 3 expected, 2 desired).',
        'Nothing to do for a budget just applied: the controller syncs it within seconds. If it stays unsynced, the disruption controller is not running: check kube-controller-manager.',
      ],
    ]);
  });

  it('flags disruptedPods entries older than two minutes, not younger ones', () => {
    const b = pdb(
      'shop',
      'web',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      {
        status: status({
          disruptedPods: {
            'web-7d9f8-0': '2024-05-01T11:57:59Z',
            'web-7d9f8-1': '2024-05-01T11:58:00Z',
          },
        }),
      },
    );
    const got = run(disruptedPodNotCleared, [facts(b, webPods)]);
    expect(got).toStrictEqual([
      {
        id: 'disrupted-pod-not-cleared:PodDisruptionBudget/shop/web:web-7d9f8-0',
        kind: 'disrupted-pod-not-cleared',
        severity: 'warning',
        object: ref('web'),
        message:
          "shop/web still lists pod web-7d9f8-0 as disrupted since 2024-05-01T11:57:59Z, past the controller's 2-minute expiry: it keeps using up the budget.",
        remedy:
          'The controller has not re-synced the budget: check that it is running; the entry clears on its next sync.',
        related: [{ kind: 'Pod', namespace: 'shop', name: 'web-7d9f8-0' }],
      },
    ]);
  });

  it('lists each status field that differs from the recomputed status, leaving stale statuses to stale-status', () => {
    const b = pdb(
      'shop',
      'web',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      { status: status({}) },
    );
    const recomputed: Recomputed = {
      status: { ...b.status, currentHealthy: 2, disruptionsAllowed: 0 },
      syncFailed: false,
    };
    const same: Recomputed = { status: b.status, syncFailed: false };
    const stale = { ...b, name: 'stale', generation: 4 };
    const got = run(statusDiffers, [
      facts(b, webPods, { recomputed }),
      facts({ ...b, name: 'same' }, webPods, { recomputed: same }),
      facts(stale, webPods, { recomputed }),
    ]);
    expect(got.map((f) => f.message)).toStrictEqual([
      'The status of shop/web differs from the recomputed one: disruptionsAllowed reported 1, recomputed 0; currentHealthy reported 3, recomputed 2. The eviction API decides on the reported status.',
    ]);
  });
});

describe('unmanaged-pods, unhealthy-pods-block-drain, job-pods-selected', () => {
  it('distinguishes all-bare from mixed selections under maxUnavailable, and ignores integer minAvailable', () => {
    const bare = [pod('shop', 'debug', { app: 'web' })];
    const got = run(unmanagedPods, [
      facts(
        pdb('shop', 'all-bare', { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 }),
        bare,
      ),
      facts(
        pdb('shop', 'mixed', { selector: { matchLabels: { app: 'web' } }, minAvailable: '50%' }),
        [...webPods, ...bare],
      ),
      facts(
        pdb('shop', 'int', { selector: { matchLabels: { app: 'web' } }, minAvailable: 1 }),
        bare,
      ),
    ]);
    expect(got.map((f) => [f.message, f.related])).toStrictEqual([
      [
        'shop/all-bare uses maxUnavailable 1 but every pod it selects is bare (no controller): expectedPods is 0, so it never allows a disruption.',
        [{ kind: 'Pod', namespace: 'shop', name: 'debug' }],
      ],
      [
        'shop/mixed uses minAvailable 50% but 1 selected pod(s) have no controller (debug): they add nothing to expectedPods yet count as healthy, so more disruptions may be allowed than intended.',
        [{ kind: 'Pod', namespace: 'shop', name: 'debug' }],
      ],
    ]);
  });

  it('flags unready pods that need a disruption that is not there, unless AlwaysAllow', () => {
    const crashing = [
      ...webPods.slice(0, 2),
      pod('shop', 'web-7d9f8-9', { app: 'web' }, { owner: rs, ready: false }),
    ];
    const blocked = {
      observedGeneration: 1,
      disruptionsAllowed: 0,
      currentHealthy: 2,
      desiredHealthy: 3,
      expectedPods: 3,
    };
    const got = run(unhealthyPodsBlockDrain, [
      facts(
        pdb(
          'shop',
          'strict',
          { selector: { matchLabels: { app: 'web' } }, minAvailable: 3 },
          { status: blocked },
        ),
        crashing,
      ),
      facts(
        pdb(
          'shop',
          'lenient',
          {
            selector: { matchLabels: { app: 'web' } },
            minAvailable: 3,
            unhealthyPodEvictionPolicy: 'AlwaysAllow',
          },
          { status: blocked },
        ),
        crashing,
      ),
    ]);
    expect(got.map((f) => [f.object.name, f.message])).toStrictEqual([
      [
        'strict',
        '1 unready pod(s) of shop/strict cannot be evicted (web-7d9f8-9): the budget has 2 of 3 healthy pods and allows 0 disruptions, so a drain of their nodes blocks.',
      ],
    ]);
  });

  it('flags Job pods under a budget', () => {
    const jobPod = pod(
      'shop',
      'migrate-x7k2p',
      { app: 'web' },
      { owner: { kind: 'Job', name: 'migrate', apiVersion: 'batch/v1' }, phase: 'Succeeded' },
    );
    const got = run(jobPodsSelected, [
      facts(pdb('shop', 'web', { selector: { matchLabels: { app: 'web' } }, minAvailable: 2 }), [
        ...webPods,
        jobPod,
      ]),
    ]);
    expect(got.map((f) => [f.message, f.related])).toStrictEqual([
      [
        'PodDisruptionBudget shop/web selects 1 pod(s) of Job(s) migrate: Jobs have no scale, and completed Job pods stay selected and skew the budget.',
        [{ kind: 'Pod', namespace: 'shop', name: 'migrate-x7k2p' }],
      ],
    ]);
  });
});
