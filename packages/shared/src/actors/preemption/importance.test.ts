import { describe, expect, it } from 'vitest';
import { pod } from './__fixtures__/cluster.js';
import { byImportance, rankPod } from './importance.js';
import { priorityClasses } from './priority.js';

const classes = priorityClasses();
const names = (pods: ReturnType<typeof rankPod>[]) => pods.map((r) => r.pod.name);

describe('victim importance (MoreImportantVictim, current main)', () => {
  it('orders by priority, then the earlier start to the nanosecond, then the smaller UID', () => {
    const pods = [
      pod({ name: 'low', node: 'n', priority: 0, startTime: '2024-05-01T10:00:00Z' }),
      pod({ name: 'later', node: 'n', priority: 5, startTime: '2024-05-01T10:00:00.000000002Z' }),
      pod({ name: 'earlier', node: 'n', priority: 5, startTime: '2024-05-01T10:00:00.000000001Z' }),
      pod({ name: 'same-b', node: 'n', priority: 9, startTime: '2024-05-01T10:00:00Z', uid: 'b' }),
      pod({ name: 'same-a', node: 'n', priority: 9, startTime: '2024-05-01T10:00:00Z', uid: 'a' }),
    ].map((p) => rankPod(p, classes));
    expect(names(byImportance(pods))).toStrictEqual([
      'same-a',
      'same-b',
      'earlier',
      'later',
      'low',
    ]);
  });

  it('puts a pod that has not started after every pod that has; two such pods go by UID', () => {
    const pods = [
      pod({ name: 'pending-z', node: 'n', priority: 1, uid: 'z' }),
      pod({ name: 'started', node: 'n', priority: 1, startTime: '2099-01-01T00:00:00Z' }),
      pod({ name: 'pending-y', node: 'n', priority: 1, uid: 'y' }),
    ].map((p) => rankPod(p, classes));
    expect(names(byImportance(pods))).toStrictEqual(['started', 'pending-y', 'pending-z']);
  });

  it('compares start times written differently by the instant they name', () => {
    const pods = [
      pod({ name: 'c', node: 'n', priority: 1, startTime: '2024-05-01T10:00:01Z' }),
      pod({ name: 'b', node: 'n', priority: 1, startTime: '2024-05-01T10:00:00.5Z' }),
      pod({ name: 'a', node: 'n', priority: 1, startTime: '2024-05-01T12:00:00+02:00' }),
      pod({ name: 'd', node: 'n', priority: 1, startTime: '2024-05-01T10:00:00.600000000Z' }),
    ].map((p) => rankPod(p, classes));
    expect(names(byImportance(pods))).toStrictEqual(['a', 'b', 'd', 'c']);
  });
});
