import { describe, expect, it } from 'vitest';
import { labelSelectorGoString } from './selector-go-string.js';

describe('labelSelectorGoString (Go %v of *metav1.LabelSelector)', () => {
  it('prints sorted matchLabels and each expression', () => {
    expect(
      labelSelectorGoString({
        matchLabels: { tier: 'fe', app: 'web' },
        matchExpressions: [
          { key: 'env', operator: 'NotIn', values: ['prod', 'stage'] },
          { key: 'canary', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe(
      '&LabelSelector{MatchLabels:map[string]string{app: web,tier: fe,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:NotIn,Values:[prod stage],},LabelSelectorRequirement{Key:canary,Operator:DoesNotExist,Values:[],},},}',
    );
  });

  it('prints {} and nil', () => {
    expect(labelSelectorGoString({})).toBe(
      '&LabelSelector{MatchLabels:map[string]string{},MatchExpressions:[]LabelSelectorRequirement{},}',
    );
    expect(labelSelectorGoString(null)).toBe('nil');
  });
});
