import { describe, expect, it } from 'vitest';
import { pub } from '../budgets/__fixtures__/objects.js';
import { validatePub } from './pub.js';

const sel = { matchLabels: { app: 'web' } };

describe('validatePub', () => {
  it('accepts a selector PUB with one limit', () => {
    expect(validatePub(pub('a', { selector: sel, maxUnavailable: '20%' }), [])).toStrictEqual([]);
  });

  it('reports a missing target and missing limits', () => {
    expect(validatePub(pub('a', {}), [])).toStrictEqual([
      'spec.selector, targetRef: Required value: no selector or targetRef defined in PodUnavailableBudget',
      'spec.maxUnavailable, minAvailable: Required value: no maxUnavailable or minAvailable defined in PodUnavailableBudget',
    ]);
  });

  it('rejects an empty selector, both limits and an invalid percent', () => {
    expect(
      validatePub(pub('a', { selector: {}, maxUnavailable: 1, minAvailable: 1 }), []),
    ).toStrictEqual([
      'spec.selector: Invalid value: {}: empty selector is not valid for PodUnavailableBudget.',
      'spec.maxUnavailable, minAvailable: Required value: maxUnavailable and minAvailable are mutually exclusive',
    ]);
    expect(validatePub(pub('a', { selector: sel, minAvailable: '-1%' }), [])[0]).toContain(
      "a valid percent string must be a numeric string followed by an ending '%'",
    );
  });

  it('checks the v1alpha1 annotations', () => {
    const p = pub(
      'a',
      { selector: sel, maxUnavailable: 1 },
      {
        annotations: {
          'kruise.io/pub-protect-operations': 'DELETE,REBOOT',
          'pub.kruise.io/protect-total-replicas': 'ten',
        },
      },
    );
    expect(validatePub(p, [])).toStrictEqual([
      'metadata: Internal error: annotation[kruise.io/pub-protect-operations] is invalid',
      'metadata: Internal error: annotation[pub.kruise.io/protect-total-replicas] is invalid',
    ]);
  });

  it('flags the first conflicting PUB of the namespace: same target group/kind/name, or loosely overlapping selectors', () => {
    const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    const others = [
      pub('other', { targetRef: { ...target, apiVersion: 'apps/v1beta1' }, maxUnavailable: 1 }),
      pub('sel', { selector: sel, maxUnavailable: 1 }),
    ];
    expect(validatePub(pub('a', { targetRef: target, maxUnavailable: 1 }), others)).toStrictEqual([
      'spec.targetReference: Invalid value: {"apiVersion":"apps/v1","kind":"Deployment","name":"web"}: pub.spec.targetReference is in conflict with other PodUnavailableBudget other',
    ]);
    expect(
      validatePub(
        pub('b', {
          selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] },
          maxUnavailable: 1,
        }),
        others,
      ),
    ).toHaveLength(1);
    expect(
      validatePub(
        pub('c', { selector: { matchLabels: { app: 'web', tier: 'fe' } }, maxUnavailable: 1 }),
        others,
      ),
    ).toStrictEqual([]);
  });

  it('forbids changing the selector on update', () => {
    const old = pub('a', { selector: sel, maxUnavailable: 1 });
    expect(
      validatePub(
        pub('a', { selector: { matchLabels: { app: 'api' } }, maxUnavailable: 1 }),
        [],
        old,
      ),
    ).toStrictEqual([
      'spec.selector, targetRef: Required value: selector and targetRef cannot be modified',
    ]);
  });
});
