import { describe, expect, it } from 'vitest';
import { pdb } from '../index/__fixtures__/objects.js';
import { statusIsStale } from './stale.js';

describe('statusIsStale', () => {
  it('is stale only while observedGeneration is behind generation', () => {
    const edited = { name: 'web', selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 };
    expect([
      statusIsStale(pdb(edited)),
      statusIsStale(pdb({ ...edited, generation: 4, observedGeneration: 3 })),
      statusIsStale(pdb({ ...edited, generation: 2, observedGeneration: 3 })),
      statusIsStale({ generation: 1, status: { observedGeneration: 0 } }),
    ]).toStrictEqual([false, true, false, true]);
  });
});
