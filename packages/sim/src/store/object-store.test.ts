import type { Result } from '@pdbscope/shared';
import { describe, expect, it } from 'vitest';
import { pdb, pod } from '../server/__fixtures__/cluster.js';
import { ManualClock } from './clock.js';
import { ObjectStore } from './object-store.js';
import { parseFieldSelectorQuery, parseLabelSelectorQuery } from './query-selectors.js';
import type { StoreError } from './errors.js';
import type { KubeObject, StoreEvent } from './types.js';

function ok<T>(r: Result<T, StoreError>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function newStore(): { store: ObjectStore; clock: ManualClock } {
  let n = 0;
  const clock = new ManualClock('2024-05-01T12:00:00Z');
  return { store: new ObjectStore({ clock, uid: () => `uid-${++n}` }), clock };
}

describe('ObjectStore create and update', () => {
  it('assigns uid, creationTimestamp, generation and a fresh resourceVersion, and clears a PDB status', () => {
    const { store } = newStore();
    const created = ok(
      store.create('poddisruptionbudgets', {
        ...pdb('web', { minAvailable: 1 }),
        status: { disruptionsAllowed: 5 },
      }),
    );
    expect(created).toStrictEqual({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name: 'web',
        namespace: 'shop',
        uid: 'uid-1',
        creationTimestamp: '2024-05-01T12:00:00Z',
        generation: 1,
        resourceVersion: '1000001',
      },
      spec: { minAvailable: 1 },
    });
    expect(store.resourceVersion()).toBe('1000001');
  });

  it('answers 409 AlreadyExists, 409 Conflict on a stale resourceVersion, and bumps generation only on spec change', () => {
    const { store } = newStore();
    const created = ok(store.create('poddisruptionbudgets', pdb('web', { minAvailable: 1 })));
    const again = store.create('poddisruptionbudgets', pdb('web', { minAvailable: 1 }));
    expect(again).toStrictEqual({
      ok: false,
      error: {
        code: 409,
        reason: 'AlreadyExists',
        message: 'poddisruptionbudgets.policy "web" already exists',
        details: { name: 'web', group: 'policy', kind: 'poddisruptionbudgets' },
      },
    });
    const labelled = ok(
      store.update('poddisruptionbudgets', {
        ...created,
        metadata: { ...created.metadata, labels: { team: 'a' } },
      }),
    );
    expect(labelled.metadata.generation).toBe(1);
    const stale = store.update('poddisruptionbudgets', { ...created, spec: { minAvailable: 2 } });
    expect(stale.ok ? undefined : stale.error.reason).toBe('Conflict');
    const changed = ok(
      store.update('poddisruptionbudgets', { ...labelled, spec: { minAvailable: 2 } }),
    );
    expect([changed.metadata.generation, changed.spec]).toStrictEqual([2, { minAvailable: 2 }]);
  });

  it('keeps status on a main-resource update and changes only status through the status subresource', () => {
    const { store } = newStore();
    const created = ok(store.create('pods', pod({ name: 'web-1' })));
    const withStatus = ok(
      store.update('pods', {
        ...created,
        status: { phase: 'Failed' },
        spec: { ...(created.spec as object), nodeName: 'x' },
      }),
    );
    expect((withStatus.status as { phase: string }).phase).toBe('Running');
    const statusOnly = ok(
      store.update(
        'pods',
        { ...withStatus, spec: {}, status: { phase: 'Succeeded' } },
        { subresource: 'status' },
      ),
    );
    expect([statusOnly.status, (statusOnly.spec as { nodeName: string }).nodeName]).toStrictEqual([
      { phase: 'Succeeded' },
      'x',
    ]);
  });

  it('rejects an invalid PDB with 422 and the field causes', () => {
    const { store } = newStore();
    const r = store.create('poddisruptionbudgets', pdb('bad', { minAvailable: '120%' }));
    expect(r.ok ? undefined : r.error.code).toBe(422);
    expect(r.ok ? undefined : r.error.details?.causes?.[0]?.field).toBe('spec.minAvailable');
  });
});

describe('ObjectStore list', () => {
  function seeded(): ObjectStore {
    const { store } = newStore();
    for (const [name, ns, node, phase] of [
      ['a', 'shop', 'n1', 'Running'],
      ['b', 'shop', 'n2', 'Pending'],
      ['c', 'bank', 'n1', 'Running'],
      ['d', 'shop', 'n1', 'Running'],
    ] as const) {
      ok(
        store.create(
          'pods',
          pod({
            name,
            namespace: ns,
            nodeName: node,
            phase,
            labels: { app: name === 'd' ? 'db' : 'web' },
          }),
        ),
      );
    }
    return store;
  }
  const names = (items: readonly KubeObject[]): string[] =>
    items.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`);

  it('filters by namespace, label selector and field selector, in key order', () => {
    const store = seeded();
    const label = parseLabelSelectorQuery('app in (web),app!=db');
    const field = parseFieldSelectorQuery('pods', 'spec.nodeName=n1,status.phase==Running');
    if (!label.ok || !field.ok) throw new Error('selectors');
    expect(names(ok(store.list('pods')).items)).toStrictEqual([
      'bank/c',
      'shop/a',
      'shop/b',
      'shop/d',
    ]);
    expect(names(ok(store.list('pods', { namespace: 'shop' })).items)).toStrictEqual([
      'shop/a',
      'shop/b',
      'shop/d',
    ]);
    expect(
      names(
        ok(store.list('pods', { labelSelector: label.value, fieldSelector: field.value })).items,
      ),
    ).toStrictEqual(['bank/c', 'shop/a']);
  });

  it('pages with limit and continue tokens', () => {
    const store = seeded();
    const first = ok(store.list('pods', { limit: 3 }));
    expect(names(first.items)).toStrictEqual(['bank/c', 'shop/a', 'shop/b']);
    const second = ok(store.list('pods', { limit: 3, continue: first.continue ?? '' }));
    expect([names(second.items), second.continue, second.resourceVersion]).toStrictEqual([
      ['shop/d'],
      undefined,
      first.resourceVersion,
    ]);
  });

  it('keeps key order as objects come and go between lists', () => {
    const store = seeded();
    expect(names(ok(store.list('pods')).items)).toStrictEqual([
      'bank/c',
      'shop/a',
      'shop/b',
      'shop/d',
    ]);
    ok(store.create('pods', pod({ name: 'aa', namespace: 'bank', nodeName: '' })));
    ok(store.delete('pods', 'shop', 'b', { gracePeriodSeconds: 0 }));
    ok(store.create('pods', pod({ name: 'c', namespace: 'shop' })));
    expect(names(ok(store.list('pods')).items)).toStrictEqual([
      'bank/aa',
      'bank/c',
      'shop/a',
      'shop/c',
      'shop/d',
    ]);
  });

  it('expires continue tokens issued before a restart', () => {
    const store = seeded();
    const first = ok(store.list('pods', { limit: 1 }));
    store.restart();
    const r = store.list('pods', { limit: 1, continue: first.continue ?? '' });
    expect(r.ok ? undefined : [r.error.code, r.error.reason]).toStrictEqual([410, 'Expired']);
  });
});

describe('ObjectStore delete', () => {
  it('deletes a scheduled pod gracefully and removes it when the grace period ends', () => {
    const { store, clock } = newStore();
    ok(store.create('pods', pod({ name: 'web-1' })));
    const events: string[] = [];
    store.subscribe((e) => events.push(`${e.type} ${e.object.metadata.deletionTimestamp ?? '-'}`));
    const r = ok(store.delete('pods', 'shop', 'web-1', { gracePeriodSeconds: 20 }));
    expect([
      r.removed,
      r.object.metadata.deletionTimestamp,
      r.object.metadata.deletionGracePeriodSeconds,
    ]).toStrictEqual([false, '2024-05-01T12:00:20Z', 20]);
    clock.advance(19_000);
    expect(store.get('pods', 'shop', 'web-1')).toBeDefined();
    clock.advance(1_000);
    expect(store.get('pods', 'shop', 'web-1')).toBeUndefined();
    expect(events).toStrictEqual(['MODIFIED 2024-05-01T12:00:20Z', 'DELETED 2024-05-01T12:00:20Z']);
  });

  it('removes unscheduled pods and other resources at once, and checks preconditions', () => {
    const { store } = newStore();
    ok(store.create('pods', pod({ name: 'pending', nodeName: '' })));
    ok(store.create('poddisruptionbudgets', pdb('web', {})));
    expect(ok(store.delete('pods', 'shop', 'pending')).removed).toBe(true);
    const wrong = store.delete('poddisruptionbudgets', 'shop', 'web', {
      preconditions: { uid: 'nope' },
    });
    expect(wrong.ok ? undefined : wrong.error.message).toBe(
      'Operation cannot be fulfilled on poddisruptionbudgets.policy "web": Precondition failed: UID in precondition: nope, UID in object meta: uid-2',
    );
    expect(ok(store.delete('poddisruptionbudgets', 'shop', 'web')).removed).toBe(true);
    expect(store.counts()).toMatchObject({ pods: 0, poddisruptionbudgets: 0 });
  });
});

describe('ObjectStore history and notification', () => {
  it('replays events after a version and answers 410 once it is compacted', () => {
    const { store } = newStore();
    ok(store.create('pods', pod({ name: 'a' })));
    const after = store.resourceVersion();
    ok(store.create('pods', pod({ name: 'b' })));
    ok(store.delete('pods', 'shop', 'a', { gracePeriodSeconds: 0 }));
    const events = ok(store.eventsSince(after)).map(
      (e) => `${e.event.type} ${e.event.object.metadata.name ?? ''}`,
    );
    expect(events).toStrictEqual(['ADDED b', 'DELETED a']);
    store.compactHistory();
    const r = store.eventsSince(after);
    expect(r.ok ? undefined : r.error).toStrictEqual({
      code: 410,
      reason: 'Expired',
      message: 'too old resource version: 1000001 (1000003)',
    });
    expect(ok(store.eventsSince(store.resourceVersion()))).toStrictEqual([]);
  });

  it('delivers writes made inside a listener after the current event, in version order', () => {
    const { store } = newStore();
    const seen: string[] = [];
    store.subscribe((e: StoreEvent) => {
      if (e.type === 'ADDED' && e.object.metadata.name === 'a')
        ok(store.create('pods', pod({ name: 'b' })));
    });
    store.subscribe((e) => seen.push(`${e.resourceVersion} ${e.object.metadata.name ?? ''}`));
    ok(store.create('pods', pod({ name: 'a' })));
    expect(seen).toStrictEqual(['1000001 a', '1000002 b']);
  });

  it('restarts into a new epoch where old versions are expired', () => {
    const { store } = newStore();
    ok(store.create('pods', pod({ name: 'a' })));
    const before = store.resourceVersion();
    store.restart();
    ok(store.create('pods', pod({ name: 'b' })));
    expect(store.resourceVersion()).toBe('2000001');
    expect(store.eventsSince(before).ok).toBe(false);
  });
});
