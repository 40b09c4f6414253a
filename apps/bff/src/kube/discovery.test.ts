import { describe, expect, it } from 'vitest';
import { choosePdbVersion, choosePubVersion } from './discovery.js';

describe('version choice', () => {
  it('prefers policy/v1 and falls back to v1beta1', () => {
    expect([
      choosePdbVersion(['v1', 'v1beta1']),
      choosePdbVersion(['v1beta1']),
      choosePdbVersion([]),
    ]).toStrictEqual(['v1', 'v1beta1', undefined]);
  });
  it('takes the preferred PUB version when known, else the newest known', () => {
    expect([
      choosePubVersion({ versions: ['v1alpha1', 'v1beta1'], preferred: 'v1beta1' }),
      choosePubVersion({ versions: ['v1alpha1'], preferred: 'v1alpha1' }),
      choosePubVersion({ versions: ['v1alpha1', 'v1beta1'], preferred: 'v2' }),
      choosePubVersion({ versions: ['v2'] }),
    ]).toStrictEqual(['v1beta1', 'v1alpha1', 'v1beta1', undefined]);
  });
});
