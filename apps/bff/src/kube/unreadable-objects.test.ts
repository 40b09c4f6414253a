import { describe, expect, it } from 'vitest';
import { UnreadableObjects } from './unreadable-objects.js';

const budget = (name: unknown, resourceVersion: string) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name, namespace: 'shop', resourceVersion },
  spec: { minAvailable: 1 },
});

function tracker() {
  let changes = 0;
  const u = new UnreadableObjects({ kind: 'PodDisruptionBudget', changed: () => changes++ });
  return { u, changes: () => changes };
}

describe('UnreadableObjects', () => {
  it('keeps one entry per object, the latest version’s, until a version reads or it is deleted', () => {
    const { u, changes } = tracker();
    u.unreadable(budget(7, '10'), 'PodDisruptionBudget without metadata.name');
    u.unreadable(budget(7, '11'), 'PodDisruptionBudget without metadata.name');
    u.unreadable(budget(8, '12'), 'PodDisruptionBudget without metadata.name');
    expect(u.listed).toStrictEqual([
      {
        position: 'resourceVersion 11',
        object: 'PodDisruptionBudget shop/7',
        error: 'PodDisruptionBudget without metadata.name',
      },
      {
        position: 'resourceVersion 12',
        object: 'PodDisruptionBudget shop/8',
        error: 'PodDisruptionBudget without metadata.name',
      },
    ]);
    expect(u.errors.map((e) => e.ref)).toStrictEqual([
      { kind: 'PodDisruptionBudget', namespace: 'shop', name: '7' },
      { kind: 'PodDisruptionBudget', namespace: 'shop', name: '8' },
    ]);
    u.readable({ namespace: 'shop', name: '7' });
    u.deleted(budget(8, '13'));
    expect([u.listed, changes()]).toStrictEqual([[], 5]);
  });

  it('forgets after a full list what the list no longer holds, and tells once per list', () => {
    const { u, changes } = tracker();
    u.unreadable(budget(1, '1'), 'bad');
    u.unreadable(budget(2, '2'), 'bad');
    expect(changes()).toBe(2);
    u.listStarted();
    u.unreadable(budget(2, '2'), 'bad');
    u.unreadable(budget(3, '3'), 'bad');
    expect(changes()).toBe(2);
    u.listCompleted();
    expect([u.listed.map((e) => e.object), changes()]).toStrictEqual([
      ['PodDisruptionBudget shop/2', 'PodDisruptionBudget shop/3'],
      3,
    ]);
    // A failed list forgets nothing.
    u.listStarted();
    u.listFailed();
    expect([u.listed.length, changes()]).toStrictEqual([2, 3]);
  });

  it('names an object without a name as such', () => {
    const { u } = tracker();
    u.unreadable({ metadata: { namespace: 'shop' } }, 'PodDisruptionBudget without metadata.name');
    expect(u.errors).toStrictEqual([
      {
        position: 'no resourceVersion',
        object: 'PodDisruptionBudget shop/(no name)',
        error: 'PodDisruptionBudget without metadata.name',
      },
    ]);
  });
});
