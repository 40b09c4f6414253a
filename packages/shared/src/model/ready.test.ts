import { describe, expect, it } from 'vitest';
import { hasReadyCondition } from './ready.js';

const pod = (conditions: unknown) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-6d4f8c7b9-bnx2k', namespace: 'shop' },
  status: { phase: 'Running', conditions },
});

describe('hasReadyCondition', () => {
  it('reads the first Ready condition; anything else or nothing is not Ready', () => {
    expect([
      hasReadyCondition(
        pod([
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'True' },
        ]),
      ),
      hasReadyCondition(pod([{ type: 'Ready', status: 'False', reason: 'ContainersNotReady' }])),
      hasReadyCondition(pod([{ type: 'Ready', status: 'Unknown' }])),
      hasReadyCondition(
        pod([
          { type: 'Ready', status: 'False' },
          { type: 'Ready', status: 'True' },
        ]),
      ),
      hasReadyCondition(pod([{ type: 'ContainersReady', status: 'True' }])),
      hasReadyCondition(pod('not a list')),
      hasReadyCondition({ metadata: { name: 'node-a' } }),
      hasReadyCondition(null),
    ]).toStrictEqual([true, false, false, false, false, false, false, false]);
  });
});
