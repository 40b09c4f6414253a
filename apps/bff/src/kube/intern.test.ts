import { podFromObject } from '@pdbscope/shared';
import { describe, expect, it } from 'vitest';
import { Interner } from './intern.js';

function pod(name: string, memory = '256Mi') {
  const c = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      resourceVersion: '7',
      labels: { app: 'web', 'pod-template-hash': '5d8f' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-5d8f',
          uid: 'rs-1',
          controller: true,
        },
      ],
    },
    spec: {
      nodeName: 'worker-3',
      containers: [{ name: 'web', resources: { requests: { cpu: '250m', memory } } }],
      tolerations: [{ key: 'spot', operator: 'Exists', effect: 'NoSchedule' }],
    },
    status: { phase: 'Running' },
  });
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

describe('Interner', () => {
  it("shares a replica's scheduling asks with its siblings, and keeps a pod's own when they differ", () => {
    const interner = new Interner();
    const [a, b, c] = [
      interner.pod(pod('web-5d8f-a')),
      interner.pod(pod('web-5d8f-b')),
      interner.pod(pod('web-5d8f-c', '1Gi')),
    ];
    expect([a.scheduling === b.scheduling, b.scheduling === c.scheduling]).toStrictEqual([
      true,
      false,
    ]);
    expect(c.scheduling).toStrictEqual({
      requests: { cpuMilli: 250, memoryBytes: 2 ** 30 },
      tolerations: [{ key: 'spot', operator: 'Exists', effect: 'NoSchedule' }],
    });
  });

  it('shares equal label sets and owners between pods without changing what they say', () => {
    const interner = new Interner();
    const [a, b] = [interner.pod(pod('web-5d8f-a')), interner.pod(pod('web-5d8f-b'))];
    expect([
      a.labels === b.labels,
      a.controller === b.controller,
      a.annotations === b.annotations,
    ]).toStrictEqual([true, true, true]);
    expect({
      ...a,
      labels: { ...a.labels },
      controller: { ...a.controller },
      annotations: {},
    }).toStrictEqual(pod('web-5d8f-a'));
    expect(interner.labels({ app: 'web', 'pod-template-hash': '6e9a' })).not.toBe(a.labels);
  });
});

describe('Interner.pod', () => {
  it('gives a sibling whose labels differ its own set', () => {
    const interner = new Interner();
    const a = interner.pod(pod('web-5d8f-a'));
    const other = pod('web-5d8f-b');
    const b = interner.pod({ ...other, labels: { ...other.labels, canary: 'true' } });
    const c = interner.pod({ ...other, labels: { app: 'web' } });
    expect([{ ...a.labels }, { ...b.labels }, { ...c.labels }]).toStrictEqual([
      { app: 'web', 'pod-template-hash': '5d8f' },
      { app: 'web', 'pod-template-hash': '5d8f', canary: 'true' },
      { app: 'web' },
    ]);
    // The siblings after an odd one share the set the first of them brought.
    const [d, e] = [interner.pod(pod('web-5d8f-d')), interner.pod(pod('web-5d8f-e'))];
    expect({
      same: d.labels === e.labels,
      frozen: Object.isFrozen(d.labels),
      labels: { ...d.labels },
    }).toStrictEqual({
      same: true,
      frozen: true,
      labels: { app: 'web', 'pod-template-hash': '5d8f' },
    });
  });
});
