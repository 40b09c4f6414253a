import { podFromObject, type PodView } from '@pdbscope/shared';
import { describe, expect, it } from 'vitest';
import { addOrUpdate, emptyPending, remove, replaceAllChange } from './pending.js';

function pod(name: string, ready: boolean, resourceVersion: string): PodView {
  const converted = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'data',
      uid: `uid-${name}`,
      resourceVersion,
      labels: { app: 'zookeeper' },
    },
    spec: { nodeName: 'node-1' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  });
  if (!converted.ok) throw new Error(converted.error);
  return converted.value;
}

describe('pending objects before the first sync', () => {
  it('keeps the latest version of each object and forgets deleted ones', () => {
    const pending = emptyPending();
    addOrUpdate(pending, pod('zookeeper-0', true, '10'));
    addOrUpdate(pending, pod('zookeeper-1', true, '11'));
    addOrUpdate(pending, pod('zookeeper-0', false, '12'));
    remove(pending, pod('zookeeper-1', true, '13'));
    expect(replaceAllChange(pending)).toStrictEqual({
      type: 'replaceAll',
      pods: [pod('zookeeper-0', false, '12')],
      budgets: [],
      workloads: [],
      nodes: [],
    });
  });
});
