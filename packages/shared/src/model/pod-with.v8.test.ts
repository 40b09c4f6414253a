import { describe, expect, it } from 'vitest';
import { otherHiddenClasses } from '../testing/hidden-class.js';
import { runningPodObject } from './__fixtures__/running-pod.js';
import { podFromObject } from './convert.js';
import type { PodView } from './pod.js';
import { podWith } from './pod-with.js';

const podObject = (name: string, deletionTimestamp?: string) =>
  runningPodObject({ name, uid: `uid-${name}`, deletionTimestamp });

const read = (o: unknown): PodView => {
  const r = podFromObject(o);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('podWith', () => {
  it('applies the change, undefined clearing a field, and keeps every other field', () => {
    const running = read(podObject('web-7c9d-aaaaa'));
    const terminating = podWith(running, { deletionTimestamp: '2024-05-01T12:00:00Z' });
    const json = (pod: PodView): unknown => JSON.parse(JSON.stringify(pod));
    expect(json(terminating)).toStrictEqual({
      ...(json(running) as object),
      deletionTimestamp: '2024-05-01T12:00:00Z',
    });
    const { nodeName: _, ...unbound } = json(running) as Record<string, unknown>;
    expect(
      json(podWith(terminating, { deletionTimestamp: undefined, nodeName: undefined })),
    ).toStrictEqual(unbound);
  });

  it('gives every pod it makes one of the converter’s two hidden classes', () => {
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `web-7c9d-${n.repeat(5)}`);
    const terminating = names.map((n) =>
      podWith(read(podObject(n)), { deletionTimestamp: '2024-05-01T12:00:00Z' }),
    );
    expect(
      otherHiddenClasses([
        read(podObject('web-7c9d-zzzzz', '2024-05-01T11:00:00Z')),
        ...terminating,
      ]),
    ).toBe(0);
    // Running again (a replacement made like a terminating pod): a plain running pod's class.
    const running = terminating.map((p) =>
      podWith(p, { deletionTimestamp: undefined, name: `${p.name}-new`, ready: false }),
    );
    expect(otherHiddenClasses([read(podObject('web-7c9d-yyyyy')), ...running])).toBe(0);
  });
});
