import { describe, expect, it } from 'vitest';
import {
  decodeLayer,
  describeLayer,
  encodeLayer,
  layerRequest,
  withApply,
  withScale,
  withSpec,
  EMPTY_LAYER,
  type WhatIfLayer,
} from './layer.js';

const budget = {
  kind: 'PodDisruptionBudget',
  namespace: 'payments',
  name: 'payments-api',
} as const;
const spec =
  'minAvailable: 1\nselector:\n  matchLabels:\n    app.kubernetes.io/name: payments-api\n';

const layer: WhatIfLayer = withApply(
  withScale(withSpec(EMPTY_LAYER, budget, spec), 'Deployment/shop/web', 3),
  'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: café\nspec:\n  maxUnavailable: 1\n',
);

describe('the what-if layer in the URL', () => {
  it('reads back what it wrote, every kind of change, non-ASCII text included', () => {
    const encoded = encodeLayer(layer);
    expect(encoded).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(decodeLayer(encoded)).toStrictEqual({ ok: true, layer });
  });

  it('writes nothing for no change', () => {
    expect(encodeLayer(EMPTY_LAYER)).toBe('');
  });

  it('says why a damaged, cut or unknown link is not shown, never throwing', () => {
    const encoded = encodeLayer(layer);
    expect(decodeLayer(encoded.slice(0, 20))).toStrictEqual({
      ok: false,
      error: 'this what-if link is damaged (cut short or edited)',
    });
    expect(decodeLayer(`1.${btoa('[["x",1]]')}`)).toStrictEqual({
      ok: false,
      error: 'this what-if link is damaged (its changes do not read)',
    });
    expect(decodeLayer(`7.${encoded.slice(2)}`)).toStrictEqual({
      ok: false,
      error: 'this what-if link has a form this dashboard does not read (version "7")',
    });
    expect(decodeLayer('garbage')).toStrictEqual({
      ok: false,
      error: 'this what-if link has a form this dashboard does not read (version "")',
    });
  });

  it('becomes the request of POST /api/what-if, and one line per change for the banner', () => {
    expect(layerRequest(layer)).toStrictEqual({
      budgetSpecs: [{ budget, spec }],
      scale: ['Deployment/shop/web=3'],
      apply: [{ name: 'pasted manifests 1', text: layer.apply[0] }],
    });
    expect(describeLayer(layer)).toStrictEqual([
      'PDB payments/payments-api: minAvailable: 1',
      'scale Deployment/shop/web=3',
      'apply manifests (PodDisruptionBudget)',
    ]);
  });

  it('replaces an edit of the same budget or workload rather than adding one', () => {
    const again = withScale(
      withSpec(layer, budget, 'maxUnavailable: 0\n'),
      'Deployment/shop/web',
      5,
    );
    expect([again.specs, again.scales]).toStrictEqual([
      [{ budget, spec: 'maxUnavailable: 0\n' }],
      ['Deployment/shop/web=5'],
    ]);
  });
});
